import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AuthenticatedRequest, ModelRoute } from '../core/auth/auth.guard';
import { PermissionService } from '../core/auth/permissions';
import { APP_CONFIG, AppConfig } from '../core/config/config';
import { CrudService } from '../core/crud/crud.service';
import { requestContext } from '../core/crud/model.controller';
import { pageLinks, pageOf } from '../core/crud/pagination';
import { NotFoundError } from '../core/http/errors';
import { Allow, READ_METHODS } from '../core/http/allow';
import { documentRoute, json } from '../core/openapi/openapi';
import { parseElevationQuery } from './elevation';
import { RackElevations } from './elevation.service';
import { Rack } from './racks.models';

documentRoute(`${Rack.path}{id}/elevation/`, {
  get: {
    operationId: 'dcim_racks_elevation_retrieve',
    description: 'The units of a rack face, paginated; with `render=svg`, the face drawn as an SVG document.',
    tags: ['dcim'],
    parameters: [
      { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
      { name: 'face', in: 'query', schema: { type: 'string', enum: ['front', 'rear'] } },
      { name: 'render', in: 'query', schema: { type: 'string', enum: ['json', 'svg'] } },
    ],
    responses: { 200: { description: '', ...json({ type: 'object' }) } },
  },
});

/**
 * `GET /api/dcim/racks/<id>/elevation/`: the units of a rack face as a paginated list, or with
 * `render=svg` the face drawn as an SVG document. Needs permission to view the rack.
 */
@Controller('api/dcim/racks')
@ModelRoute(Rack)
export class RackElevationController {
  private readonly elevations: RackElevations;

  constructor(
    private readonly crud: CrudService,
    permissions: PermissionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.elevations = new RackElevations(permissions, config);
  }

  @Get(':id(\\d+)/elevation')
  @Allow(READ_METHODS)
  async elevation(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Param('id') id: string): Promise<unknown> {
    if (!/^\d{1,15}$/.test(id)) throw new NotFoundError();
    const ctx = requestContext(req);
    const { row: rack, render } = await this.crud.visibleRow(Rack, Number(id), ctx);
    const query = parseElevationQuery(req.query as Record<string, unknown>);
    const user = (req as AuthenticatedRequest).principal?.user ?? null;
    if (query.render === 'svg') {
      // Sent as is: replies leave a response already sent alone.
      res.status(200).type('image/svg+xml').send(await this.elevations.svg(render, rack, query, user));
      return undefined;
    }
    const units = await this.elevations.units(render, rack, query, user);
    const page = pageOf(ctx.params, this.config);
    const slice = units.slice(page.offset, page.limit === undefined ? undefined : page.offset + page.limit);
    return { count: units.length, ...pageLinks(ctx.url, page, units.length), results: await this.elevations.represent(render, slice, query.face) };
  }
}
