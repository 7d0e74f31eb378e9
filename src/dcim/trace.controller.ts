import { Controller, Get, Param, Req, Type } from '@nestjs/common';
import type { Request } from 'express';
import { ModelRoute } from '../core/auth/auth.guard';
import { CrudService } from '../core/crud/crud.service';
import { requestContext } from '../core/crud/model.controller';
import { NotFoundError } from '../core/http/errors';
import { Allow, READ_METHODS } from '../core/http/allow';
import { ModelDef, registry } from '../core/model/model';
import { documentRoute, json } from '../core/openapi/openapi';
import { ModelQuery } from '../core/query/model-query';
import { RenderContext, Representation, objectUrl } from '../core/serialize/serializer';
import { Node, loadNodes, parseNode } from './cabling';

/** NetBox's TracedCable, a plain model serializer: choices as their bare values, a blank unit as "". */
const TRACED_CABLE = ['type', 'status', 'label', 'color', 'length', 'length_unit', 'description'];

/**
 * A path as `[near ends, cable, far ends]` segments: the endpoint's stored path, continued across
 * a bridge at its far end as NetBox does.
 */
export async function tracePathOf(render: RenderContext, origin: Node): Promise<unknown[]> {
  const paths = registry.get('dcim.cablepath')!;
  const cables = registry.get('dcim.cable')!;
  const hops: Node[][] = [];
  const seen = new Set<Node>();
  let at: Node | null = origin;
  while (at && !seen.has(at)) {
    seen.add(at);
    const { type, id } = parseNode(at);
    const [path] = await new ModelQuery(render.em, paths, render.driver).where('t.origin_type = :type AND t.origin_id = :id', { type, id }).rows({ order: ['id'] });
    if (!path) break;
    hops.push(...(path.path as Node[][]));
    // A path ending at an unconnected pass-through port gets empty cable and far end.
    if (hops.length % 3 === 1) hops.push([], []);
    else if (hops.length % 3 === 2) hops.splice(hops.length - 1, 0, []);
    const ends = path.path[path.path.length - 1] as Node[];
    at = null;
    if (path.is_complete && ends.length === 1 && parseNode(ends[0]).type === 'dcim.interface') {
      const [end] = await new ModelQuery(render.em, registry.get('dcim.interface')!, render.driver).whereIdIn([parseNode(ends[0]).id]).rows({ order: ['id'] });
      if (end?.bridge_id) at = `dcim.interface:${end.bridge_id}`;
    }
  }
  const objects = hops.flat().filter((n) => !n.startsWith('dcim.cable:'));
  const nested = await loadNodes(render, objects);
  const cableIds = hops.flat().filter((n) => n.startsWith('dcim.cable:')).map((n) => parseNode(n).id);
  const cableRows = await new ModelQuery(render.em, cables, render.driver).whereIdIn(cableIds).rows({ order: ['id'] });
  const traced = new Map(
    cableRows.map((c) => [
      c.id,
      {
        id: c.id,
        url: objectUrl(render, cables, c.id),
        ...Object.fromEntries(TRACED_CABLE.map((k) => [k, k === 'length' ? cables.storedFields[k].toApi(c[k]) : c[k]])),
      } as Representation,
    ]),
  );
  // Objects deleted since the trace are left out.
  const present = (hop: Node[]) => hop.filter((n) => (n.startsWith('dcim.cable:') ? traced.has(parseNode(n).id) : nested.has(n)));
  const segments: unknown[] = [];
  for (let i = 0; i < hops.length; i += 3) {
    const [near, cable, far] = [hops[i], hops[i + 1] ?? [], hops[i + 2] ?? []].map(present);
    // A split path stops where its near end is unknown.
    if (!near.length) break;
    segments.push([near.map((n) => nested.get(n)), cable.length ? traced.get(parseNode(cable[0]).id) : [], far.map((n) => nested.get(n))]);
  }
  return segments;
}

/** An extra read route of a model, in the OpenAPI document. */
function documentRead(model: ModelDef, route: string, schema: Record<string, unknown>): void {
  documentRoute(`${model.path}{id}/${route}/`, {
    get: {
      operationId: `${model.app}_${model.plural.replace(/-/g, '_')}_${route}_retrieve`,
      tags: [model.app],
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      responses: { '200': { description: '', ...json(schema) } },
    },
  });
}

/** `GET /api/dcim/<endpoints>/<id>/trace/` for each model a cable path may start from. */
function traceController(model: ModelDef): Type<unknown> {
  documentRead(model, 'trace', { type: 'array', items: { type: 'array', items: {} } });
  @Controller(model.path.slice(1, -1))
  @ModelRoute(model)
  class TraceController {
    constructor(readonly crud: CrudService) {}

    @Get(':id(\\d+)/trace')
    @Allow(READ_METHODS)
    async trace(@Req() req: Request, @Param('id') id: string) {
      if (!/^\d{1,15}$/.test(id)) throw new NotFoundError();
      const { row, render } = await this.crud.visibleRow(model, Number(id), requestContext(req));
      return tracePathOf(render, `${model.label}:${row.id}`);
    }
  }
  Object.defineProperty(TraceController, 'name', { value: `${model.className}TraceController` });
  return TraceController;
}

/**
 * `GET <pass-through objects>/<id>/paths/`: every stored path that runs through the object (a front or rear
 * port, a circuit termination), as NetBox's CablePathSerializer: `{id, path, is_active, is_complete, is_split}`
 * with each hop's objects (cables included) in their nested form.
 */
export function pathsController(model: ModelDef): Type<unknown> {
  documentRead(model, 'paths', {
    type: 'array',
    items: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        path: { type: 'array', items: { type: 'array', items: { type: 'object', additionalProperties: {} } } },
        is_active: { type: 'boolean' },
        is_complete: { type: 'boolean' },
        is_split: { type: 'boolean' },
      },
    },
  });
  @Controller(model.path.slice(1, -1))
  @ModelRoute(model)
  class PathsController {
    constructor(readonly crud: CrudService) {}

    @Get(':id(\\d+)/paths')
    @Allow(READ_METHODS)
    async paths(@Req() req: Request, @Param('id') id: string) {
      if (!/^\d{1,15}$/.test(id)) throw new NotFoundError();
      const { row, render } = await this.crud.visibleRow(model, Number(id), requestContext(req));
      const query = new ModelQuery(render.em, registry.get('dcim.cablepath')!, render.driver);
      const paths = await query.where(`t.nodes LIKE ${query.param(`%|${model.label}:${row.id}|%`)}`).rows({ order: ['id'] });
      const nested = await loadNodes(render, paths.flatMap((p) => (p.path as Node[][]).flat()));
      return paths.map((p) => ({
        id: p.id,
        path: (p.path as Node[][]).map((hop) => hop.map((n) => nested.get(n)).filter(Boolean)),
        is_active: p.is_active,
        is_complete: p.is_complete,
        is_split: p.is_split,
      }));
    }
  }
  Object.defineProperty(PathsController, 'name', { value: `${model.className}PathsController` });
  return PathsController;
}

/** Built once every dcim model is declared. */
export function traceControllers(): Type<unknown>[] {
  return [
    ...['consoleport', 'consoleserverport', 'powerport', 'poweroutlet', 'interface', 'powerfeed'].map((name) => traceController(registry.get(`dcim.${name}`)!)),
    ...['frontport', 'rearport'].map((name) => pathsController(registry.get(`dcim.${name}`)!)),
  ];
}
