import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ModelRoute, RouteAction } from '../core/auth/auth.guard';
import { idOf, requestContext } from '../core/crud/model.controller';
import { Allow } from '../core/http/allow';
import { documentRoute, json } from '../core/openapi/openapi';
import { DataSource } from './data-sources.model';
import { DataSourceSyncs } from './data-sources.service';

documentRoute(`${DataSource.path}{id}/sync/`, {
  post: {
    operationId: 'core_data_sources_sync_create',
    description: 'Enqueue a job to synchronize the data source; it answers the source, queued.',
    tags: ['core'],
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
    responses: { 200: { description: '', ...json({ $ref: '#/components/schemas/DataSource' }) } },
  },
});

/** `POST /api/core/data-sources/<id>/sync/`: needs the `sync` action on data sources, as NetBox's `core.sync_datasource`. */
@Controller(DataSource.path.slice(1, -1))
@ModelRoute(DataSource)
export class DataSourceSyncController {
  constructor(private readonly syncs: DataSourceSyncs) {}

  @Post(':id/sync')
  @HttpCode(200)
  @Allow('POST, OPTIONS')
  @RouteAction('sync', () => 'Syncing data sources requires the core.sync_datasource permission.')
  sync(@Req() req: Request, @Param('id') id: string) {
    return this.syncs.requestSync(idOf(id), requestContext(req));
  }
}
