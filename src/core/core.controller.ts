import { Controller, Get, Inject, Req, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { PUBLIC_ROUTE, PublicRoute } from './auth/auth.guard';
import { CrudService } from './crud/crud.service';
import { registry } from './model/model';
import { representByIds } from './serialize/serializer';
import { requestContext } from './crud/model.controller';
import { dialectOf, nativeDialect } from './dialect/registry';
import { Allow, READ_METHODS } from './http/allow';
import { Jobs } from './jobs/queue';
import { Plugin } from './plugins/plugin';
import { INSTALLED_PLUGINS } from './plugins/plugins.controller';
import { serviceVersion } from './version';

export const API_APPS = ['circuits', 'core', 'dcim', 'extras', 'ipam', 'plugins', 'status', 'tenancy', 'users', 'virtualization', 'wireless'];

/** Read from the package's own package.json, which some packages do not export. */
function packageVersion(name: string): string {
  try {
    for (let dir = path.dirname(require.resolve(name)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const file = path.join(dir, 'package.json');
      if (!fs.existsSync(file)) continue;
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version: string };
      if (pkg.name === name) return pkg.version;
    }
  } catch {
    // not installed
  }
  return 'unknown';
}

const COMPONENTS = ['@nestjs/core', 'typeorm', 'better-sqlite3', 'pg', 'class-validator', 'ipaddr.js'];
// Read once: package files do not change while the service runs.
let versions: { framework: string; installedApps: Record<string, string> } | undefined;

/** The live workers, or 0 when the queue does not answer within a second (Redis away). */
async function workersRunning(jobs: Jobs): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<number>((resolve) => (timer = setTimeout(() => resolve(0), 1000)));
  try {
    return await Promise.race([jobs.queue.workersRunning().catch(() => 0), gaveUp]);
  } finally {
    clearTimeout(timer);
  }
}

/** The API root and the service status. */
@Controller('api')
@PublicRoute()
export class CoreController {
  constructor(
    @Inject(INSTALLED_PLUGINS) private readonly plugins: Plugin[],
    private readonly jobs: Jobs,
    private readonly crud: CrudService,
  ) {}

  @Get()
  @Allow(READ_METHODS)
  root(@Req() req: Request) {
    const { baseUrl, dialect = nativeDialect() } = requestContext(req);
    const apps = [...new Set([...API_APPS, ...dialect.extraApps()])].sort();
    return Object.fromEntries(apps.map((app) => [app, `${baseUrl}/api/${app}/`]));
  }

  /** NetBox 4.5's check of the credentials a client holds: the user they authenticate, as the users endpoint shows it. */
  @Get('authentication-check')
  @SetMetadata(PUBLIC_ROUTE, false)
  @Allow(READ_METHODS)
  async authenticationCheck(@Req() req: Request) {
    const ctx = requestContext(req);
    const [user] = await representByIds(this.crud.renderContext(ctx), registry.get('users.user')!, [ctx.user!.id], 'full');
    return user;
  }

  @Get('status')
  @Allow(READ_METHODS)
  async status(@Req() req: Request) {
    versions ??= { framework: packageVersion('@nestjs/core'), installedApps: Object.fromEntries(COMPONENTS.map((c) => [c, packageVersion(c)])) };
    const dialect = dialectOf(req);
    const plugins = Object.fromEntries(this.plugins.map((p) => [p.name, p.version]));
    const workers = await workersRunning(this.jobs);
    if (dialect.isNative) {
      return {
        'framework-version': versions.framework,
        'installed-apps': versions.installedApps,
        'service-version': serviceVersion(),
        // Beyond the spec's keys: Ansible's nb_inventory reads the NetBox version it speaks to from here.
        'netbox-version': serviceVersion(),
        plugins,
        'python-version': process.versions.node,
        'rq-workers-running': workers,
      };
    }
    // NetBox 4.4's keys: clients parse `netbox-version` as the X.Y.Z of the release whose API is spoken.
    return {
      'framework-version': versions.framework,
      hostname: os.hostname(),
      installed_apps: versions.installedApps,
      'netbox-version': dialect.release,
      'netbox-full-version': dialect.release,
      plugins,
      'python-version': process.versions.node,
      'rq-workers-running': workers,
      'service-version': serviceVersion(),
    };
  }
}
