import { PermissionService } from '../core/auth/permissions';
import { AppConfig } from '../core/config/config';
import { Row, registry } from '../core/model/model';
import { scopeSql } from '../core/query/constraints';
import { ModelQuery } from '../core/query/model-query';
import { RenderContext, Representation, loadNested } from '../core/serialize/serializer';
import { DEVICE_FACES } from './choices';
import { ElevationQuery, PlacedDevice, RackUnit, matchingUnits, unitsOf } from './elevation';
import { elevationSvg } from './elevation.svg';

export interface RackUnitRepresentation {
  id: number;
  name: string;
  face: { value: string | number; label: string };
  device: Representation | null;
  occupied: boolean;
  display: string;
}

/** A rack's elevation: its units as NetBox's RackUnitSerializer shows them, or the face drawn as SVG. */
export class RackElevations {
  constructor(
    private readonly permissions: PermissionService,
    private readonly config: AppConfig,
  ) {}

  /** The units of the face, top to bottom, narrowed by `q`; devices the user may not view leave their units occupied but unnamed. */
  async units(render: RenderContext, rack: Row, query: ElevationQuery, user: Row | null): Promise<RackUnit[]> {
    const devices = await this.placedDevices(render, rack, query.face, query.exclude, user);
    return matchingUnits(rack, unitsOf(rack, devices, query.expandDevices), query.q);
  }

  /** Units as NetBox's RackUnitSerializer shows them, devices in their nested form. */
  async represent(render: RenderContext, units: RackUnit[], face: string): Promise<RackUnitRepresentation[]> {
    const ids = [...new Set(units.flatMap((u) => (u.device ? [u.device.row.id as number] : [])))];
    const nested = await loadNested(render, registry.get('dcim.device')!, ids);
    const choice = DEVICE_FACES.find((f) => f.value === face)!;
    return units.map((u) => ({
      id: u.id,
      name: u.name,
      face: { value: choice.value, label: choice.label },
      device: u.device ? (nested.get(u.device.row.id) ?? null) : null,
      occupied: u.occupied,
      display: u.name,
    }));
  }

  /** The face as an SVG document; NetBox draws every device here, whatever `exclude` says. */
  async svg(render: RenderContext, rack: Row, query: ElevationQuery, user: Row | null): Promise<string> {
    const devices = await this.placedDevices(render, rack, query.face, null, user);
    const reservations = await new ModelQuery(render.em, registry.get('dcim.rackreservation')!, render.driver)
      .where('t.rack_id = :rack', { rack: rack.id })
      .rows({ order: ['id'] });
    return elevationSvg(rack, unitsOf(rack, devices, false), reservations, {
      face: query.face,
      unitWidth: query.unitWidth,
      unitHeight: query.unitHeight,
      legendWidth: query.legendWidth,
      baseUrl: render.baseUrl,
    });
  }

  /** Devices mounted in the rack that show on this face (full-depth ones show on both), with what the elevation says of them. */
  private async placedDevices(render: RenderContext, rack: Row, face: string, exclude: number | null, user: Row | null): Promise<PlacedDevice[]> {
    const { em, driver } = render;
    const rows = (label: string) => new ModelQuery(em, registry.get(label)!, driver);
    const byId = async (label: string, ids: unknown[]) =>
      new Map((await rows(label).whereIdIn([...new Set(ids as number[])]).rows({ order: ['id'] })).map((r) => [r.id as number, r]));

    const mounted = rows('dcim.device').where('t.rack_id = :rack AND t.position > 0', { rack: rack.id });
    if (exclude !== null) mounted.where('t.id <> :exclude', { exclude });
    const candidates = await mounted.rows({ order: ['id'] });
    const types = await byId('dcim.devicetype', candidates.map((r) => r.device_type_id));
    const shown = candidates.filter((r) => {
      const type = types.get(r.device_type_id)!;
      return Number(type.u_height) > 0 && (r.face === face || type.is_full_depth);
    });
    if (!shown.length) return [];

    const visible = await this.visibleDeviceIds(render, user, shown);
    const roles = await byId('dcim.devicerole', shown.map((r) => r.device_role_id));
    const makers = await byId('dcim.manufacturer', [...types.values()].map((t) => t.manufacturer_id));
    const chassis = await byId('dcim.virtualchassis', shown.flatMap((r) => (r.virtual_chassis_id ? [r.virtual_chassis_id] : [])));
    const bays = await rows('dcim.devicebay')
      .where('t.device_id IN (:...ids)', { ids: shown.map((r) => r.id) })
      .rows({ order: ['id'] });

    return shown.map((r) => {
      const type = types.get(r.device_type_id)!;
      const role = roles.get(r.device_role_id);
      const vc = r.virtual_chassis_id ? chassis.get(r.virtual_chassis_id) : null;
      let label = vc ? `${vc.name}:${r.vc_position}` : (r.name ?? type.model);
      const own = bays.filter((b) => b.device_id === r.id);
      if (own.length) label += ` (${own.filter((b) => b.installed_device_id !== null).length}/${own.length})`;
      const height = Number(type.u_height);
      // NetBox's tooltip, Python's None included for a device without a name.
      const description = [
        `Name: ${r.name ?? 'None'}`,
        `Role: ${role?.name}`,
        `Device Type: ${makers.get(type.manufacturer_id)?.name} ${type.model} (${height}U)`,
        ...(r.asset_tag ? [`Asset tag: ${r.asset_tag}`] : []),
        ...(r.serial ? [`Serial: ${r.serial}`] : []),
        ...(r.description ? [`Description: ${r.description}`] : []),
      ].join('\n');
      return { row: r, height, visible: visible.has(r.id), label, description, color: role?.color ?? null };
    });
  }

  /** Devices this user may view, as NetBox's restrict(user, 'view'): exempt models and superusers see all, anonymous users only exempt ones. */
  private async visibleDeviceIds(render: RenderContext, user: Row | null, devices: Row[]): Promise<Set<number>> {
    const all = new Set(devices.map((r) => r.id as number));
    const exempt = this.config.exemptViewPermissions;
    if (exempt === '*' || exempt.includes('dcim.device')) return all;
    if (!user) return new Set();
    const scope = await this.permissions.scopeFor(user, 'dcim.device', 'view');
    if (scope === 'all') return all;
    if (scope === null) return new Set();
    const query = new ModelQuery(render.em, registry.get('dcim.device')!, render.driver).whereIdIn([...all]);
    query.where(scopeSql(query, scope));
    return new Set((await query.rows({ order: ['id'] })).map((r) => r.id as number));
  }
}
