import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AuthenticatedRequest, ModelRoute } from '../core/auth/auth.guard';
import { PermissionService } from '../core/auth/permissions';
import { APP_CONFIG, AppConfig } from '../core/config/config';
import { CrudService } from '../core/crud/crud.service';
import { requestContext } from '../core/crud/model.controller';
import { pageLinks, pageOf } from '../core/crud/pagination';
import { NotFoundError, ValidationError } from '../core/http/errors';
import { Allow, READ_METHODS } from '../core/http/render.interceptor';
import { BooleanField, IntegerField } from '../core/model/fields';
import { Row, registry } from '../core/model/model';
import { scopeSql } from '../core/query/constraints';
import { ModelQuery } from '../core/query/model-query';
import { loadNested } from '../core/serialize/serializer';
import { DEVICE_FACES } from './choices';
import { PlacedDevice, elevationSvg, unitsOf } from './elevation';
import { Rack } from './racks.models';

/** NetBox's defaults for drawing an elevation, in pixels. */
const DEFAULTS = { unit_width: 220, unit_height: 22, legend_width: 30, margin_width: 15 };

interface ElevationQuery {
  face: 'front' | 'rear';
  render: 'json' | 'svg';
  q: string | null;
  exclude: number | null;
  expand_devices: boolean;
  unit_width: number;
  unit_height: number;
  legend_width: number;
  margin_width: number;
}

/** The query string, checked as NetBox's RackElevationDetailFilterSerializer checks it. */
function parseQuery(params: Record<string, unknown>): ElevationQuery {
  const errors: Record<string, string[]> = {};
  const last = (key: string) => {
    const v = params[key];
    return Array.isArray(v) ? (v[v.length - 1] as string) : (v as string | undefined);
  };
  const oneOf = <T extends string>(key: string, allowed: T[], fallback: T): T => {
    const v = last(key);
    if (v === undefined) return fallback;
    if (!allowed.includes(v as T)) errors[key] = [`"${v}" is not a valid choice.`];
    return v as T;
  };
  const integer = new IntegerField();
  const number = (key: string, fallback: number | null): number | null => {
    const v = last(key);
    if (v === undefined || v === '') return fallback;
    try {
      return integer.parse(v) as number;
    } catch {
      errors[key] = ['A valid integer is required.'];
      return fallback;
    }
  };
  const flag = (key: string, fallback: boolean): boolean => {
    const v = last(key);
    if (v === undefined) return fallback;
    try {
      return new BooleanField().parse(v) as boolean;
    } catch {
      errors[key] = ['Must be a valid boolean.'];
      return fallback;
    }
  };
  const query: ElevationQuery = {
    face: oneOf('face', ['front', 'rear'], 'front'),
    render: oneOf('render', ['json', 'svg'], 'json'),
    q: last('q') ?? null,
    exclude: number('exclude', null),
    expand_devices: flag('expand_devices', true),
    unit_width: number('unit_width', DEFAULTS.unit_width)!,
    unit_height: number('unit_height', DEFAULTS.unit_height)!,
    legend_width: number('legend_width', DEFAULTS.legend_width)!,
    margin_width: number('margin_width', DEFAULTS.margin_width)!,
  };
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return query;
}

/** `GET /api/dcim/racks/<id>/elevation/`: the rack's units as JSON, or the rack drawn as SVG (`render=svg`). */
@Controller('api/dcim/racks')
@ModelRoute(Rack)
export class RackElevationController {
  constructor(
    private readonly crud: CrudService,
    private readonly permissions: PermissionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':id(\\d+)/elevation')
  @Allow(READ_METHODS)
  async elevation(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Param('id') id: string): Promise<unknown> {
    if (!/^\d{1,15}$/.test(id)) throw new NotFoundError();
    const ctx = requestContext(req);
    const { row: rack, render } = await this.crud.visibleRow(Rack, Number(id), ctx);
    const query = parseQuery(req.query as Record<string, unknown>);
    const devices = await this.placedDevices(rack, query, (req as AuthenticatedRequest).principal?.user ?? null, render.em, render.driver);
    if (query.render === 'svg') {
      const units = unitsOf(rack, devices, false);
      const reservations = await new ModelQuery(render.em, registry.get('dcim.rackreservation')!, render.driver).where('t.rack_id = :rack', { rack: rack.id }).rows({ order: ['id'] });
      const svg = elevationSvg(rack, units, reservations, {
        face: query.face,
        unitWidth: query.unit_width,
        unitHeight: query.unit_height,
        legendWidth: query.legend_width,
        marginWidth: query.margin_width,
        baseUrl: ctx.baseUrl,
      });
      res.status(200).type('image/svg+xml').send(svg);
      return undefined;
    }
    let units = unitsOf(rack, devices, query.expand_devices);
    // NetBox matches `q` against the unit number.
    if (query.q) units = units.filter((u) => String(u.id).includes(query.q!));
    const page = pageOf(ctx.params, this.config);
    const slice = units.slice(page.offset, page.limit === undefined ? undefined : page.offset + page.limit);
    const deviceModel = registry.get('dcim.device')!;
    const nested = await loadNested(render, deviceModel, [...new Set(slice.flatMap((u) => (u.device ? [u.device.row.id as number] : [])))]);
    const face = DEVICE_FACES.find((f) => f.value === query.face)!;
    const results = slice.map((u) => ({
      id: u.id,
      name: u.name,
      face: { value: face.value, label: face.label },
      device: u.device ? nested.get(u.device.row.id) ?? null : null,
      occupied: u.occupied,
      display: u.name,
    }));
    return { count: units.length, ...pageLinks(ctx.url, page, units.length), results };
  }

  /** Devices mounted in the rack that show on this face, each with what the elevation shows of it. */
  private async placedDevices(rack: Row, query: ElevationQuery, user: Row | null, em: any, driver: 'sqlite' | 'postgres'): Promise<PlacedDevice[]> {
    const devices = registry.get('dcim.device')!;
    const types = registry.get('dcim.devicetype')!;
    const q = new ModelQuery(em, devices, driver).where('t.rack_id = :rack AND t.position > 0', { rack: rack.id });
    if (query.exclude !== null) q.where('t.id <> :exclude', { exclude: query.exclude });
    const rows = await q.rows({ order: ['id'] });
    const typeRows = await new ModelQuery(em, types, driver).whereIdIn([...new Set(rows.map((r) => r.device_type_id))]).rows({ order: ['id'] });
    const typeOf = new Map(typeRows.map((t) => [t.id, t]));
    const shown = rows.filter((r) => {
      const type = typeOf.get(r.device_type_id)!;
      return type.u_height > 0 && (r.face === query.face || type.is_full_depth);
    });
    const visible = await this.visibleDeviceIds(user, shown, em, driver);
    const related = async (label: string, ids: number[]) =>
      new Map((await new ModelQuery(em, registry.get(label)!, driver).whereIdIn([...new Set(ids)]).rows({ order: ['id'] })).map((r) => [r.id, r]));
    const roles = await related('dcim.devicerole', shown.map((r) => r.device_role_id));
    const makers = await related('dcim.manufacturer', typeRows.map((t) => t.manufacturer_id));
    const chassis = await related('dcim.virtualchassis', shown.flatMap((r) => (r.virtual_chassis_id ? [r.virtual_chassis_id] : [])));
    const bays = shown.length
      ? await new ModelQuery(em, registry.get('dcim.devicebay')!, driver).where('t.device_id IN (:...ids)', { ids: shown.map((r) => r.id) }).rows({ order: ['id'] })
      : [];
    return shown.map((r) => {
      const type = typeOf.get(r.device_type_id)!;
      const role = roles.get(r.device_role_id);
      const vc = r.virtual_chassis_id ? chassis.get(r.virtual_chassis_id) : null;
      let label = vc ? `${vc.name}:${r.vc_position}` : r.name ?? type.model;
      const own = bays.filter((b) => b.device_id === r.id);
      if (own.length) label += ` (${own.filter((b) => b.installed_device_id !== null).length}/${own.length})`;
      const height = Number(type.u_height);
      const lines = [
        `Name: ${r.name}`,
        `Role: ${role?.name}`,
        `Device Type: ${makers.get(type.manufacturer_id)?.name} ${type.model} (${Number.isInteger(height) ? height : height.toFixed(1)}U)`,
        ...(r.asset_tag ? [`Asset tag: ${r.asset_tag}`] : []),
        ...(r.serial ? [`Serial: ${r.serial}`] : []),
        ...(r.description ? [`Description: ${r.description}`] : []),
      ];
      return { row: r, height, visible: visible.has(r.id), label, description: lines.join('\n'), color: role?.color ?? null };
    });
  }

  /** Devices the user may view: the elevation marks the others' space without naming them. */
  private async visibleDeviceIds(user: Row | null, rows: Row[], em: any, driver: 'sqlite' | 'postgres'): Promise<Set<number>> {
    const all = new Set(rows.map((r) => r.id as number));
    if (!user || rows.length === 0) return all;
    const scope = await this.permissions.scopeFor(user, 'dcim.device', 'view');
    if (scope === 'all') return all;
    if (scope === null) return new Set();
    const query = new ModelQuery(em, registry.get('dcim.device')!, driver).whereIdIn([...all]);
    query.where(scopeSql(query, scope));
    return new Set((await query.rows({ order: ['id'] })).map((r) => r.id as number));
  }
}
