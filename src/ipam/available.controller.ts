import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Type } from '@nestjs/common';
import type { Request } from 'express';
import { EntityManager } from 'typeorm';
import { ModelRoute } from '../core/auth/auth.guard';
import { APP_CONFIG, AppConfig } from '../core/config/config';
import { CrudService } from '../core/crud/crud.service';
import { requestContext } from '../core/crud/model.controller';
import { ConflictError, NotFoundError, ValidationError } from '../core/http/errors';
import { Allow } from '../core/http/allow';
import { Driver } from '../core/model/fields';
import { ModelDef, Row } from '../core/model/model';
import { documentRoute, json } from '../core/openapi/openapi';
import { QueryParams } from '../core/query/filters';
import { RenderContext, Representation, loadNested } from '../core/serialize/serializer';
import { IPAddress, IPRange, Prefix } from './addressing.models';
import { FreeSpace, firstFree, freeInPrefix, freeInRange, freePrefixes, sizeOf, takePrefix } from './availability';
import { ASNRange } from './asn-ranges.models';
import { ASN, RIR, VRF } from './routing.models';
import { VLAN, VLANGroup } from './vlans.models';
import { vidsOf } from './vid-ranges';

/** NetBox's advisory lock keys: one per kind of allocation, shared by every process. */
const LOCKS = { prefixes: 100100, ips: 100200, vlans: 100300, asns: 100400 };
const METHODS = 'GET, POST, HEAD, OPTIONS';

function idOf(raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw new NotFoundError();
  return Number(raw);
}

/** NetBox's limit for lists of free things: `limit` (0 for the most allowed), capped by MAX_PAGE_SIZE. */
function resultsLimit(params: QueryParams, config: Pick<AppConfig, 'paginateCount' | 'maxPageSize'>): number {
  const raw = params.limit;
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  let limit = value === undefined ? config.paginateCount : /^\s*-?\d+\s*$/.test(value) ? Number(value) || config.maxPageSize : config.paginateCount;
  if (config.maxPageSize) limit = Math.min(limit, config.maxPageSize);
  // Without any maximum, 0 means everything.
  return limit || Number.MAX_SAFE_INTEGER;
}

/** A body of one object or a list of them, each an object. */
function itemsOf(body: unknown): { items: Row[]; single: boolean } {
  const single = !Array.isArray(body);
  const items = (single ? [body ?? {}] : body) as unknown[];
  const errors = items.map((item) => (typeof item === 'object' && item !== null && !Array.isArray(item) ? {} : { non_field_errors: ['Invalid data. Expected a dictionary.'] }));
  if (errors.some((e) => Object.keys(e).length)) throw new ValidationError(single ? errors[0] : errors);
  return { items: items as Row[], single };
}

/** One kind of allocation: what is free under a parent object, and the bodies that take it. */
interface Allocation {
  parent: ModelDef;
  route: string;
  /** The model the POST creates; its permissions guard both routes. */
  created: ModelDef;
  lockKey: number;
  /** Up to `limit` free things under `row`, as the GET lists them. */
  list(render: RenderContext, row: Row, limit: number): Promise<Representation[]>;
  /** The bodies of the objects to create for `items`, or a ConflictError when there is not enough room. */
  allocate(em: EntityManager, driver: Driver, row: Row, items: Row[]): Promise<Row[]>;
}

const vrfOf = async (render: RenderContext, vrfId: number | null): Promise<Representation | null> =>
  vrfId === null ? null : ((await loadNested(render, VRF, [vrfId])).get(vrfId) ?? null);

/** `GET` and `POST` on `/<parent path>/<id>/<route>/`: lists what is free, creates objects in it under NetBox's lock. */
function availableController(kind: Allocation): Type<unknown> {
  @Controller(kind.parent.path.slice(1, -1))
  @ModelRoute(kind.created)
  class AvailableController {
    constructor(
      private readonly crud: CrudService,
      @Inject(APP_CONFIG) private readonly config: AppConfig,
    ) {}

    @Get(`:id/${kind.route}`)
    @Allow(METHODS)
    async list(@Req() req: Request, @Param('id') id: string) {
      const ctx = requestContext(req);
      const row = await this.crud.parentRow(kind.parent, idOf(id), ctx);
      return kind.list(this.crud.renderContext(ctx), row, resultsLimit(ctx.params, this.config));
    }

    @Post(`:id/${kind.route}`)
    @HttpCode(201)
    @Allow(METHODS)
    async create(@Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
      const ctx = requestContext(req);
      const { items: spoken, single } = itemsOf(body);
      // The bodies in the request's generation's words, as a POST of the objects takes them (4.x's VLAN status).
      const items = ctx.dialect ? spoken.map((item) => ctx.dialect!.bodyIn(kind.created, item) as Row) : spoken;
      const allocate = async (em: EntityManager) => kind.allocate(em, this.crud.renderContext(ctx).driver, await this.crud.parentRow(kind.parent, idOf(id), ctx, em), items);
      return this.crud.createComputed(kind.created, ctx, kind.lockKey, allocate, single);
    }
  }
  Object.defineProperty(AvailableController, 'name', { value: `${kind.parent.className}${kind.route.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase())}Controller` });
  return AvailableController;
}

/** `available-ips` of prefixes and IP ranges. */
function availableIps(parent: ModelDef, free: (em: EntityManager, driver: Driver, row: Row) => Promise<FreeSpace>): Allocation {
  return {
    parent,
    route: 'available-ips',
    created: IPAddress,
    lockKey: LOCKS.ips,
    async list(render, row, limit) {
      const space = await free(render.em, render.driver, row);
      const vrf = await vrfOf(render, row.vrf_id);
      return firstFree(space, limit).map((address) => ({ family: space.family, address, vrf }));
    },
    async allocate(em, driver, row, items) {
      const space = await free(em, driver, row);
      const available = sizeOf(space.spans);
      if (available < BigInt(items.length)) {
        throw new ConflictError(`An insufficient number of IP addresses are available within ${parent.display(row)} (${items.length} requested, ${available} available)`);
      }
      const addresses = firstFree(space, items.length);
      return items.map((item, i) => ({ ...item, address: addresses[i], vrf: row.vrf_id }));
    },
  };
}

const availablePrefixes: Allocation = {
  parent: Prefix,
  route: 'available-prefixes',
  created: Prefix,
  lockKey: LOCKS.prefixes,
  async list(render, row) {
    const vrf = await vrfOf(render, row.vrf_id);
    return (await freePrefixes(render.em, render.driver, row)).map((net) => ({ family: net.family, prefix: net.text, vrf }));
  },
  async allocate(em, driver, row, items) {
    const family = row.family as 4 | 6;
    // NetBox's PrefixLengthSerializer, with its wording; errors come as a list, one per item.
    const errors = items.map((item) => {
      const length = item.prefix_length;
      if (length === undefined || length === null) return { prefix_length: ['this field can not be missing'] };
      if (typeof length !== 'number' || !Number.isInteger(length)) return { prefix_length: ['this field must be int type'] };
      if (length > (family === 4 ? 32 : 128)) return { prefix_length: [`Invalid prefix length (${length}) for IPv${family}`] };
      return {};
    });
    if (errors.some((e) => Object.keys(e).length)) throw new ValidationError(errors);
    const free = await freePrefixes(em, driver, row);
    return items.map((item) => {
      const taken = takePrefix(free, item.prefix_length);
      if (!taken) throw new ConflictError('Insufficient space is available to accommodate the requested prefix size(s)');
      return { ...item, prefix: taken.text, vrf: row.vrf_id };
    });
  },
};

/** The VIDs of the group's ranges that none of its VLANs uses, in order. */
async function freeVids(em: EntityManager, group: Row): Promise<number[]> {
  const used = await em.createQueryBuilder().select('v.vid', 'vid').from(VLAN.table, 'v').where('v.group_id = :group', { group: group.id }).getRawMany();
  const taken = new Set(used.map((u) => Number(u.vid)));
  return vidsOf(group.vid_ranges).filter((vid) => !taken.has(vid));
}

const availableVlans: Allocation = {
  parent: VLANGroup,
  route: 'available-vlans',
  created: VLAN,
  lockKey: LOCKS.vlans,
  async list(render, group, limit) {
    const nested = (await loadNested(render, VLANGroup, [group.id])).get(group.id);
    return (await freeVids(render.em, group)).slice(0, limit).map((vid) => ({ vid, group: nested }));
  },
  async allocate(em, _driver, group, items) {
    const vids = await freeVids(em, group);
    if (vids.length < items.length) throw new ConflictError('The requested number of VLANs is not available');
    return items.map((item, i) => ({ ...item, vid: vids[i], group: group.id }));
  },
};

/** The first `count` numbers of the range that no ASN takes, and how many there are in all. */
async function freeAsns(em: EntityManager, range: Row, count: number): Promise<{ first: number[]; total: number }> {
  const used = (
    await em.createQueryBuilder().select('a.asn', 'asn').from(ASN.table, 'a').where('a.asn >= :start AND a.asn <= :end', { start: range.start, end: range.end }).orderBy('a.asn').getRawMany()
  ).map((u) => Number(u.asn));
  const taken = new Set(used);
  const first: number[] = [];
  for (let asn = range.start; asn <= range.end && first.length < count; asn++) if (!taken.has(asn)) first.push(asn);
  return { first, total: range.end - range.start + 1 - taken.size };
}

const availableAsns: Allocation = {
  parent: ASNRange,
  route: 'available-asns',
  created: ASN,
  lockKey: LOCKS.asns,
  async list(render, range, limit) {
    const rir = (await loadNested(render, RIR, [range.rir_id])).get(range.rir_id);
    return (await freeAsns(render.em, range, limit)).first.map((asn) => ({ rir, asn }));
  },
  async allocate(em, _driver, range, items) {
    const { first, total } = await freeAsns(em, range, items.length);
    if (total < items.length) {
      throw new ConflictError(`An insufficient number of ASNs are available within ${ASNRange.display(range)} (${items.length} requested, ${total} available)`);
    }
    return items.map((item, i) => ({ ...item, rir: range.rir_id, asn: first[i] }));
  },
};

const nested = (name: string) => ({ $ref: `#/components/schemas/Nested${name}` });
const AVAILABLE: Record<string, Record<string, unknown>> = {
  ip: { type: 'object', properties: { family: { type: 'integer' }, address: { type: 'string' }, vrf: { ...nested('VRF'), nullable: true } } },
  prefix: { type: 'object', properties: { family: { type: 'integer' }, prefix: { type: 'string' }, vrf: { ...nested('VRF'), nullable: true } } },
  vlan: { type: 'object', properties: { vid: { type: 'integer' }, group: nested('VLANGroup') } },
  asn: { type: 'object', properties: { rir: nested('RIR'), asn: { type: 'integer' } } },
};

/** `GET` lists what is free under the object, `POST` creates objects there. */
function documentAvailable(parent: ModelDef, route: string, free: Record<string, unknown>, created: ModelDef, request: Record<string, unknown>): void {
  const id = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
  const op = `${parent.app}_${parent.plural.replace(/-/g, '_')}_${route.replace(/-/g, '_')}`;
  const one = { $ref: `#/components/schemas/${created.className}` };
  documentRoute(`${parent.path}{id}/${route}/`, {
    get: { operationId: `${op}_list`, tags: [parent.app], parameters: [id], responses: { '200': { description: '', ...json({ type: 'array', items: free }) } } },
    post: {
      operationId: `${op}_create`,
      tags: [parent.app],
      parameters: [id],
      requestBody: { required: true, ...json({ oneOf: [request, { type: 'array', items: request }] }) },
      responses: { '201': { description: '', ...json({ oneOf: [one, { type: 'array', items: one }] }) }, '409': { description: 'Not enough room' } },
    },
  });
}

/** Built once the ipam models are declared. */
export function availableControllers(): Type<unknown>[] {
  const writable = (model: ModelDef) => ({ $ref: `#/components/schemas/Writable${model.className}Request` });
  const kinds: Array<[Allocation, Record<string, unknown>, Record<string, unknown>]> = [
    [availableIps(Prefix, freeInPrefix), AVAILABLE.ip, writable(IPAddress)],
    [availableIps(IPRange, freeInRange), AVAILABLE.ip, writable(IPAddress)],
    [availablePrefixes, AVAILABLE.prefix, { type: 'object', properties: { prefix_length: { type: 'integer' } }, required: ['prefix_length'] }],
    [availableVlans, AVAILABLE.vlan, writable(VLAN)],
    [availableAsns, AVAILABLE.asn, writable(ASN)],
  ];
  return kinds.map(([kind, free, request]) => {
    documentAvailable(kind.parent, kind.route, free, kind.created, request);
    return availableController(kind);
  });
}
