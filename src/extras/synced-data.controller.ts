import { Controller, HttpCode, Param, Post, Req, Type } from '@nestjs/common';
import type { Request } from 'express';
import { ModelRoute, RouteAction } from '../core/auth/auth.guard';
import { CrudService } from '../core/crud/crud.service';
import { idOf, requestContext } from '../core/crud/model.controller';
import { Allow } from '../core/http/allow';
import { ModelDef } from '../core/model/model';
import { documentRoute, json } from '../core/openapi/openapi';

/**
 * `POST <model path><id>/sync/`: the object saved again, which reads its data file anew (NetBox's
 * SyncedDataMixin view); without a data file it is answered as it is. Needs the `sync` action on the model.
 */
export function syncRouteController(model: ModelDef): Type<unknown> {
  documentRoute(`${model.path}{id}/sync/`, {
    post: {
      operationId: `${model.app}_${model.plural.replace(/-/g, '_')}_sync_create`,
      description: "Synchronize the object's data from its data file, if it has one.",
      tags: [model.app],
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      responses: { 200: { description: '', ...json({ $ref: `#/components/schemas/${model.className}` }) } },
    },
  });

  @Controller(model.path.slice(1, -1))
  @ModelRoute(model)
  class SyncController {
    constructor(private readonly crud: CrudService) {}

    @Post(':id/sync')
    @HttpCode(200)
    @Allow('POST, OPTIONS')
    @RouteAction('sync', (m) => `Missing permission: ${m.app}.sync_${m.name}`)
    async sync(@Req() req: Request, @Param('id') raw: string) {
      const id = idOf(raw);
      const ctx = requestContext(req);
      const { row } = await this.crud.visibleRow(model, id, ctx);
      if (row.data_file_id === null) return this.crud.retrieve(model, id, { ...ctx, params: {} });
      return this.crud.update(model, id, {}, true, ctx);
    }
  }
  Object.defineProperty(SyncController, 'name', { value: `${model.className}SyncController` });
  return SyncController;
}
