import { Controller, Get, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import { AuthenticatedRequest, PublicRoute } from '../auth/auth.guard';
import { requestContext } from '../crud/model.controller';
import { dialectOf } from '../dialect/registry';
import { PermissionDeniedError } from '../http/errors';
import { Allow, READ_METHODS } from '../http/allow';
import { Plugin } from './plugin';

export const INSTALLED_PLUGINS = Symbol('INSTALLED_PLUGINS');

/** `/api/plugins/`: the installed plugins' API roots, and who they are. */
@Controller('api/plugins')
export class PluginsController {
  constructor(@Inject(INSTALLED_PLUGINS) private readonly plugins: Plugin[]) {}

  @Get()
  @PublicRoute()
  @Allow(READ_METHODS)
  root(@Req() req: Request) {
    const { baseUrl } = requestContext(req);
    return {
      'installed-plugins': `${baseUrl}/api/plugins/installed-plugins/`,
      ...Object.fromEntries(this.plugins.map((p) => [p.baseUrl, `${baseUrl}${p.apiRoot}`])),
    };
  }

  /** Staff only, as NetBox's; superusers only from 4.x, which has no staff, and with each plugin's release track from 4.3. */
  @Get('installed-plugins')
  @Allow(READ_METHODS)
  installed(@Req() req: AuthenticatedRequest) {
    const dialect = dialectOf(req);
    const user = req.principal?.user;
    if (!(dialect.atLeast('4.0') ? user?.is_superuser : user?.is_staff)) throw new PermissionDeniedError();
    return this.plugins.map((p) => ({
      name: p.verboseName,
      package: p.name,
      author: p.spec.author ?? '',
      author_email: p.spec.authorEmail ?? '',
      description: p.spec.description ?? '',
      version: p.version,
      ...(dialect.atLeast('4.3') ? { release_track: p.spec.releaseTrack ?? '' } : {}),
    }));
  }
}
