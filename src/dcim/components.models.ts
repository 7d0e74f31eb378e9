import { applyFrontMappings, frontMappingFields, presentFrontMappings, presentRearMappings, rearMappingFields } from './port-mappings';
import { Field, FieldError, INT32_MAX, ManyToManyField, boolean, choice, contentType, decimal, foreignKey, genericRelation, integer, manyToMany, slug, text } from '../core/model/fields';
import { CustomFilter, FilterSetSpec, ModelDef, ModelSpec, Row, WriteContext, defineModel, labelOf, labelsOf, registry } from '../core/model/model';
import { iexact, pathFilter } from '../core/query/filters';
import { contentTypeFilter } from '../extras/content-type-filter';
import { loadRow, ModelQuery, q } from '../core/query/model-query';
import { nestReferrer } from '../core/serialize/referrers';
import { RenderContext, Representation, loadNested, objectUrl } from '../core/serialize/serializer';
import {
  CONSOLE_PORT_SPEEDS,
  CONSOLE_PORT_TYPES,
  INTERFACE_DUPLEXES,
  INTERFACE_MODES,
  INTERFACE_TYPES,
  POE_MODES,
  POE_TYPES,
  PORT_TYPES,
  INVENTORY_ITEM_STATUSES,
  POWER_OUTLET_FEED_LEGS,
  POWER_OUTLET_STATUSES,
  POWER_OUTLET_TYPES,
  POWER_PORT_TYPES,
  WIRELESS_CHANNELS,
  WIRELESS_ROLES,
} from './choices';
import { augmentCabled, cabledFields, cabledFilters, CABLED_KEYS, nodeOf, PATH_KEYS, retrace } from './cabling';
import { naturalize } from './naturalize';
import { euiFilter, normaliseWwn } from './eui';
import { checkPrimaryMac, macAddressFilters, nestMacAddresses, primaryMacFields, writePrimaryMac } from './mac-addresses.models';
import { terminatedIn } from '../ipam/terminated-in';

const COLOR = /^[0-9a-f]{6}$/;
const COLOR_MESSAGE = 'Enter a valid hexadecimal RGB color code.';

/** DeviceComponentFilterSet's filters through the device: where it is, its type, its role and its virtual chassis. */
function deviceFilters(model: () => ModelDef): Record<string, CustomFilter> {
  return {
    region_id: pathFilter(model, 'device.site.region', 'id'),
    region: pathFilter(model, 'device.site.region'),
    site_group_id: pathFilter(model, 'device.site.group', 'id'),
    site_group: pathFilter(model, 'device.site.group'),
    site_id: pathFilter(model, 'device.site', 'id'),
    site: pathFilter(model, 'device.site'),
    location_id: pathFilter(model, 'device.location', 'id'),
    location: pathFilter(model, 'device.location'),
    rack_id: pathFilter(model, 'device.rack', 'id'),
    rack: pathFilter(model, 'device.rack'),
    device_type_id: pathFilter(model, 'device.device_type', 'id'),
    device_type: pathFilter(model, 'device.device_type', 'model'),
    // The device's role itself, not those below it: NetBox's plain ModelMultipleChoiceFilter.
    device_role_id: pathFilter(model, 'device.device_role', 'id', { exact: true }),
    device_role: pathFilter(model, 'device.device_role', undefined, { exact: true }),
    virtual_chassis_id: pathFilter(model, 'device.virtual_chassis', 'id'),
    virtual_chassis: pathFilter(model, 'device.virtual_chassis'),
  };
}

/** A component's display: its name, and its label when it has one. */
export function componentDisplay(row: Row): string {
  return row.label ? `${row.name} (${row.label})` : row.name;
}

export interface ComponentSpec extends Omit<ModelSpec, 'app' | 'fields' | 'brief'> {
  /** NetBox's Meta.fields and the component's own relation filters; the device's (and module's) are added. */
  filterset: FilterSetSpec;
  /** The component's own fields; device, module, name, label, description and cabling are added. */
  fields: Record<string, Field<any>>;
  brief?: string[];
  /** Installable in a module (console, power, interfaces, ports). */
  modular?: boolean;
  /** Takes a cable (`cable`, `cable_end`, `link_peers`, `_occupied`). */
  cabled?: boolean;
  /** Ends a cable path (`connected_endpoints`); front and rear ports pass it on instead. */
  endpoint?: boolean;
  /** May move to another device (inventory items). */
  movable?: boolean;
}

/**
 * A device component: what every one of them has (its device, fixed once created, a name unique on
 * the device, ordered naturally) plus its own fields and rules.
 */
export function defineComponent(spec: ComponentSpec): ModelDef {
  const { modular = false, cabled = false, endpoint = false, movable = false, validate, augment, filterset, filters, fields, ...rest } = spec;
  let model: ModelDef;
  const base: Record<string, Field<any>> = {
    device: foreignKey('dcim.device', { onDelete: 'CASCADE' }),
    ...(modular ? { module: foreignKey('dcim.module', { nullable: true, onDelete: 'CASCADE' }) } : {}),
    name: text({ max: 64 }),
    _name: text({ max: 100, readOnly: true, blank: true }),
    label: text({ max: 64, blank: true }),
    description: text({ max: 200, blank: true }),
    ...fields,
    ...(cabled ? cabledFields(endpoint) : {}),
  };
  model = defineModel({
    app: 'dcim',
    display: componentDisplay,
    ordering: ['device', '_name', 'id'],
    constraints: [{ fields: ['device', 'name'] }],
    brief: ['id', 'url', 'display', 'device', 'name', ...(cabled ? ['cable', '_occupied'] : [])],
    search: ['name', 'label', 'description'],
    relatedObject: 'device',
    ...rest,
    fields: base,
    filterset: { ...filterset, related: ['device_id', 'device', ...(modular ? ['module_id'] : []), ...(filterset.related ?? [])] },
    filters: { ...deviceFilters(() => model), ...(cabled ? cabledFilters(() => model, endpoint) : {}), ...filters },
    async validate(row, previous, ctx) {
      row._name = naturalize(row.name);
      if (cabled && row.mark_connected && row.cable_id !== null) {
        throw new FieldError({ mark_connected: ['Cannot mark as connected with a cable attached.'] });
      }
      if (!movable && previous && previous.device_id !== row.device_id) {
        throw new FieldError({ device: ['Components cannot be moved to a different device.'] });
      }
      await validate?.(row, previous, ctx);
    },
    async augment(ctx, rows, reps, mode) {
      if (cabled) await augmentCabled(ctx, model, rows, reps, endpoint);
      if (modular) reps.forEach(nestModule);
      await augment?.(ctx, rows, reps, mode);
    },
  });
  return model;
}

/** The keys of `rep` named, in that order. */
const pick = (rep: Representation, keys: string[]): Representation => Object.fromEntries(keys.map((k) => [k, rep[k]]));

/** A component's module in NetBox's form for components: its device as an id, its bay without the bay's module. */
function nestModule(rep: Representation): void {
  const module = rep.module as Representation | null | undefined;
  if (!module) return;
  rep.module = {
    ...pick(module, ['id', 'url', 'display']),
    device: (module.device as Representation | null)?.id ?? null,
    module_bay: module.module_bay ? pick(module.module_bay as Representation, ['id', 'url', 'display', 'name']) : null,
  };
}

/** The keys of a component's full form: device, module, name, label, its own, description, then cabling. */
function componentKeys(own: string[], opts: { modular?: boolean; cabled?: boolean; endpoint?: boolean } = {}): string[] {
  return [
    'id', 'url', 'display', 'device', ...(opts.modular ? ['module'] : []), 'name', 'label', ...own, 'description',
    ...(opts.cabled ? CABLED_KEYS : []), ...(opts.endpoint ? PATH_KEYS : []),
    'tags', 'custom_fields', 'created', 'last_updated', ...(opts.cabled ? ['_occupied'] : []),
  ];
}

/** Another object of `model` given on this row must be on the same device (a power outlet's power port). */
async function sameDevice(ctx: WriteContext | undefined, row: Row, field: string, model: ModelDef): Promise<Row | null> {
  const other = await loadRow(ctx, model, row[`${field}_id`]);
  return other && other.device_id !== row.device_id ? other : null;
}

const TERMINAL = { modular: true, cabled: true, endpoint: true };

export const ConsolePort = defineComponent({
  name: 'consoleport',
  plural: 'console-ports',
  verboseName: 'console port',
  ...TERMINAL,
  fields: {
    type: choice(CONSOLE_PORT_TYPES, { blank: true }),
    speed: choice(CONSOLE_PORT_SPEEDS, { nullable: true }),
  },
  full: componentKeys(['type', 'speed'], TERMINAL),
  filterset: { fields: ['id', 'name', 'label', 'description', 'type'] },
});

export const ConsoleServerPort = defineComponent({
  name: 'consoleserverport',
  plural: 'console-server-ports',
  verboseName: 'console server port',
  ...TERMINAL,
  fields: {
    type: choice(CONSOLE_PORT_TYPES, { blank: true }),
    speed: choice(CONSOLE_PORT_SPEEDS, { nullable: true }),
  },
  full: componentKeys(['type', 'speed'], TERMINAL),
  filterset: { fields: ['id', 'name', 'label', 'description', 'type'] },
});

export const PowerPort = defineComponent({
  name: 'powerport',
  plural: 'power-ports',
  verboseName: 'power port',
  ...TERMINAL,
  fields: {
    type: choice(POWER_PORT_TYPES, { blank: true }),
    maximum_draw: integer({ min: 1, max: 32767, nullable: true }),
    allocated_draw: integer({ min: 1, max: 32767, nullable: true }),
  },
  full: componentKeys(['type', 'maximum_draw', 'allocated_draw'], TERMINAL),
  filterset: { fields: ['id', 'name', 'label', 'maximum_draw', 'allocated_draw', 'description', 'type'] },
  validate(row) {
    if (row.maximum_draw !== null && row.allocated_draw !== null && row.allocated_draw > row.maximum_draw) {
      throw new FieldError({ allocated_draw: [`Allocated draw cannot exceed the maximum draw (${row.maximum_draw}W).`] });
    }
  },
});

export const PowerOutlet = defineComponent({
  name: 'poweroutlet',
  plural: 'power-outlets',
  verboseName: 'power outlet',
  ...TERMINAL,
  fields: {
    type: choice(POWER_OUTLET_TYPES, { blank: true }),
    status: choice(POWER_OUTLET_STATUSES, { default: 'enabled' }),
    color: text({ max: 6, blank: true, pattern: COLOR, patternMessage: COLOR_MESSAGE }),
    power_port: foreignKey('dcim.powerport', { nullable: true, onDelete: 'SET NULL' }),
    feed_leg: choice(POWER_OUTLET_FEED_LEGS, { blank: true }),
  },
  full: componentKeys(['type', 'status', 'color', 'power_port', 'feed_leg'], TERMINAL),
  filterset: { fields: ['id', 'name', 'label', 'status', 'color', 'feed_leg', 'description', 'type'] },
  async validate(row, _previous, ctx) {
    const port = await sameDevice(ctx, row, 'power_port', PowerPort);
    if (port) throw new FieldError([`Parent power port (${componentDisplay(port)}) must belong to the same device`]);
  },
});

/** NetBox's VIRTUAL_IFACE_TYPES: interfaces with no physical port. */
export const VIRTUAL_TYPES: ReadonlySet<string> = new Set(['virtual', 'lag', 'bridge']);
export const WIRELESS_INTERFACE_TYPES: ReadonlySet<string> = new Set([
  'ieee802.11a', 'ieee802.11g', 'ieee802.11n', 'ieee802.11ac', 'ieee802.11ad', 'ieee802.11ax', 'ieee802.11ay', 'ieee802.15.1', 'other-wireless',
]);
/** Interfaces that take no cable. */
export const NONCONNECTABLE_INTERFACE_TYPES = new Set([...VIRTUAL_TYPES, ...WIRELESS_INTERFACE_TYPES]);
const typeLabel = (type: string) => INTERFACE_TYPES.find((c) => c.value === type)?.label ?? type;

const INTERFACE_NAME = /^(?<type>[^\d.:]+)?(?:(?<slot>\d+)\/)?(?:(?<subslot>\d+)\/)?(?:(?<position>\d+)\/)?(?:(?<subposition>\d+)\/)?(?<id>\d+)?(?::(?<channel>\d+))?(?:\.(?<vc>\d+))?(?<remainder>.*)$/s;

/**
 * NetBox's sort key for interface names: slot, subslot, position and subposition first (absent ones last),
 * then the type, then the port, channel and unit numbers, then whatever remains, naturalized.
 */
export function naturalizeInterface(name: string, maxLength = 100): string {
  const g = INTERFACE_NAME.exec(name)!.groups!;
  let key = ['slot', 'subslot', 'position', 'subposition'].map((part) => (g[part] === undefined ? '9999' : g[part].padStart(4, '0'))).join('');
  key += g.type ?? '';
  key += ['id', 'channel', 'vc'].map((part) => (g[part] === undefined ? '......' : g[part].padStart(6, '0'))).join('');
  if (g.remainder && key.length < maxLength) key += naturalize(g.remainder, maxLength - key.length);
  return key.slice(0, maxLength);
}

/** NetBox's checks of an interface's parent, bridge and LAG: another interface of the same device (or virtual chassis). */
async function checkRelatedInterface(row: Row, field: 'parent' | 'bridge' | 'lag', ctx?: WriteContext): Promise<void> {
  const other = await loadRow(ctx, Interface, row[`${field}_id`]);
  if (!other || other.device_id === row.device_id) return;
  const device = registry.get('dcim.device')!;
  const [own, theirs] = [await loadRow(ctx, device, row.device_id), await loadRow(ctx, device, other.device_id)];
  const noun = { parent: 'parent interface', bridge: 'bridge interface', lag: 'LAG interface' }[field];
  const theirName = await labelOf(device, theirs!, ctx);
  if (own?.virtual_chassis_id === null || own?.virtual_chassis_id === undefined) {
    throw new FieldError({ [field]: [`The selected ${noun} (${componentDisplay(other)}) belongs to a different device (${theirName}).`] });
  }
  if (theirs?.virtual_chassis_id !== own.virtual_chassis_id) {
    const chassis = await loadRow(ctx, registry.get('dcim.virtualchassis')!, own.virtual_chassis_id);
    throw new FieldError({
      [field]: [
        `The selected ${noun} (${componentDisplay(other)}) belongs to ${theirName}, which is not part of virtual chassis ${chassis?.name}.`,
      ],
    });
  }
}

export const Interface = defineComponent({
  name: 'interface',
  plural: 'interfaces',
  ...TERMINAL,
  substringIndexes: ['name', 'label', 'description'],
  fields: {
    vdcs: manyToMany('dcim.virtualdevicecontext', { filterName: 'vdc' }),
    type: choice(INTERFACE_TYPES),
    enabled: boolean({ default: true }),
    parent: foreignKey('dcim.interface', { nullable: true, onDelete: 'SET NULL' }),
    bridge: foreignKey('dcim.interface', { nullable: true, onDelete: 'SET NULL', reverse: 'bridge_interfaces' }),
    lag: foreignKey('dcim.interface', { nullable: true, onDelete: 'SET NULL' }),
    mtu: integer({ min: 1, max: 65536, nullable: true }),
    ...primaryMacFields(),
    speed: integer({ min: 0, max: 2147483647, nullable: true }),
    duplex: choice(INTERFACE_DUPLEXES, { nullable: true, blank: true }),
    wwn: text({ max: 23, nullable: true, blank: true }),
    mgmt_only: boolean({ default: false }),
    mode: choice(INTERFACE_MODES, { blank: true }),
    rf_role: choice(WIRELESS_ROLES, { blank: true }),
    rf_channel: choice(WIRELESS_CHANNELS, { blank: true }),
    poe_mode: choice(POE_MODES, { blank: true }),
    poe_type: choice(POE_TYPES, { blank: true }),
    rf_channel_frequency: decimal({ digits: 7, places: 2, nullable: true }),
    rf_channel_width: decimal({ digits: 7, places: 3, nullable: true }),
    tx_power: integer({ min: 0, max: 127, nullable: true }),
    untagged_vlan: foreignKey('ipam.vlan', { nullable: true, onDelete: 'SET NULL' }),
    tagged_vlans: manyToMany('ipam.vlan', { filterName: 'tagged_vlan' }),
    qinq_svlan: foreignKey('ipam.vlan', { nullable: true, onDelete: 'SET NULL', label: 'Q-in-Q SVLAN' }),
    vlan_translation_policy: foreignKey('ipam.vlantranslationpolicy', { nullable: true, onDelete: 'PROTECT', label: 'VLAN Translation Policy' }),
    // Set by the wireless link that joins the interface, never written to the interface itself.
    wireless_link: foreignKey('wireless.wirelesslink', { nullable: true, onDelete: 'SET NULL', readOnly: true }),
    wireless_lans: manyToMany('wireless.wirelesslan', { filterName: 'wireless_lan' }),
    vrf: foreignKey('ipam.vrf', { nullable: true, onDelete: 'SET NULL' }),
  },
  full: [
    'id', 'url', 'display', 'device', 'vdcs', 'module', 'name', 'label', 'type', 'enabled', 'parent', 'bridge', 'lag', 'mtu', 'mac_address', 'primary_mac_address', 'mac_addresses', 'speed',
    'duplex', 'wwn', 'mgmt_only', 'description', 'mode', 'rf_role', 'rf_channel', 'poe_mode', 'poe_type', 'rf_channel_frequency',
    'rf_channel_width', 'tx_power', 'untagged_vlan', 'tagged_vlans', 'qinq_svlan', 'vlan_translation_policy', 'mark_connected', 'cable', 'cable_end', 'wireless_link', 'link_peers',
    'link_peers_type', 'wireless_lans', 'vrf', 'l2vpn_termination', 'connected_endpoints', 'connected_endpoints_type',
    'connected_endpoints_reachable', 'tags', 'custom_fields', 'created', 'last_updated', 'count_ipaddresses', 'count_fhrp_groups', '_occupied',
  ],
  counts: {
    count_ipaddresses: { model: 'ipam.ipaddress', field: 'assigned_object' },
    count_fhrp_groups: { model: 'ipam.fhrpgroupassignment', field: 'interface' },
  },
  filterset: {
    fields: [
      'id', 'name', 'label', 'type', 'enabled', 'mtu', 'mgmt_only', 'poe_mode', 'poe_type', 'mode', 'rf_role', 'rf_channel', 'rf_channel_frequency',
      'rf_channel_width', 'tx_power', 'description', 'speed', 'duplex',
    ],
    related: [
      'parent_id', 'bridge_id', 'lag_id', 'vdc_id', 'vdc', 'vrf_id', 'vrf', 'primary_mac_address_id', 'primary_mac_address', 'vlan_translation_policy_id',
      'vlan_translation_policy',
    ],
  },
  filters: {
    kind: {
      apply(values, ctx) {
        const kind = values[values.length - 1].trim().toLowerCase();
        const virtual = [...VIRTUAL_TYPES].map((t) => ctx.param(t)).join(', ');
        const wireless = [...WIRELESS_INTERFACE_TYPES].map((t) => ctx.param(t)).join(', ');
        if (kind === 'virtual') ctx.where(`t.type IN (${virtual})`);
        else if (kind === 'wireless') ctx.where(`t.type IN (${wireless})`);
        else if (kind === 'physical') ctx.where(`t.type NOT IN (${virtual}, ${wireless})`);
        else ctx.where('1 = 0');
      },
    },
    ...macAddressFilters('dcim.interface'),
    wwn: euiFilter(normaliseWwn, (condition) => condition('t.wwn')),
    vlan_id: carriedVlanFilter(() => Interface, 'id'),
    vlan: carriedVlanFilter(() => Interface, 'vid'),
    device: interfaceDeviceFilter('name'),
    device_id: interfaceDeviceFilter('id'),
    vdc_identifier: vdcIdentifierFilter(),
    l2vpn_id: terminatedIn('dcim.interface', 'id'),
    l2vpn: terminatedIn('dcim.interface', 'identifier'),
  },
  async validate(row, previous, ctx) {
    row._name = naturalizeInterface(row.name);
    if (row.wwn === '') row.wwn = null;
    if (row.wwn !== null) {
      const wwn = normaliseWwn(row.wwn);
      if (!wwn) throw new FieldError({ wwn: [`Invalid WWN format: ${row.wwn}`] });
      row.wwn = wwn;
    }
    const virtual = VIRTUAL_TYPES.has(row.type);
    const wireless = WIRELESS_INTERFACE_TYPES.has(row.type);
    if (NONCONNECTABLE_INTERFACE_TYPES.has(row.type) && row.cable_id !== null) {
      throw new FieldError({ type: [`${typeLabel(row.type)} interfaces cannot have a cable attached.`] });
    }
    if (NONCONNECTABLE_INTERFACE_TYPES.has(row.type) && row.mark_connected) {
      throw new FieldError({ mark_connected: [`${typeLabel(row.type)} interfaces cannot be marked as connected.`] });
    }
    if (previous && row.parent_id === row.id) throw new FieldError({ parent: ['An interface cannot be its own parent.'] });
    if (row.type !== 'virtual' && row.parent_id !== null) throw new FieldError({ parent: ['Only virtual interfaces may be assigned to a parent interface.'] });
    await checkRelatedInterface(row, 'parent', ctx);
    if (previous && row.bridge_id === row.id) throw new FieldError({ bridge: ['An interface cannot be bridged to itself.'] });
    await checkRelatedInterface(row, 'bridge', ctx);
    if (row.type === 'virtual' && row.lag_id !== null) throw new FieldError({ lag: ['Virtual interfaces cannot have a parent LAG interface.'] });
    if (previous && row.lag_id === row.id) throw new FieldError({ lag: ['A LAG interface cannot be its own parent.'] });
    await checkRelatedInterface(row, 'lag', ctx);
    if (row.poe_mode && virtual) throw new FieldError({ poe_mode: ['Virtual interfaces cannot have a PoE mode.'] });
    if (row.poe_type && virtual) throw new FieldError({ poe_type: ['Virtual interfaces cannot have a PoE type.'] });
    if (row.poe_type && !row.poe_mode) throw new FieldError({ poe_type: ['Must specify PoE mode when designating a PoE type.'] });
    if (row.rf_role && !wireless) throw new FieldError({ rf_role: ['Wireless role may be set only on wireless interfaces.'] });
    if (row.rf_channel && !wireless) throw new FieldError({ rf_channel: ['Channel may be set only on wireless interfaces.'] });
    const channel = row.rf_channel ? /-(\d+)-(\d+)$/.exec(row.rf_channel) : null;
    if (row.rf_channel_frequency !== null) {
      if (!wireless) throw new FieldError({ rf_channel_frequency: ['Channel frequency may be set only on wireless interfaces.'] });
      if (channel && row.rf_channel_frequency !== Number(channel[1])) {
        throw new FieldError({ rf_channel_frequency: ['Cannot specify custom frequency with channel selected.'] });
      }
    }
    if (row.rf_channel_width !== null) {
      if (!wireless) throw new FieldError({ rf_channel_width: ['Channel width may be set only on wireless interfaces.'] });
      if (channel && row.rf_channel_width !== Number(channel[2])) {
        throw new FieldError({ rf_channel_width: ['Cannot specify custom width with channel selected.'] });
      }
    }
    // A channel fixes its frequency and width.
    if (channel) {
      row.rf_channel_frequency ??= Number(channel[1]);
      row.rf_channel_width ??= Number(channel[2]);
    }
    await checkVlans(row, ctx);
    await checkPrimaryMac(Interface, row, previous, ctx);
  },
  async afterWrite(em, row, previous, ctx) {
    await writePrimaryMac(Interface, em, row, previous, ctx);
    // Leaving tagged mode drops the tagged VLANs, unless the same request sets them.
    if (!row || !previous || row.mode === 'tagged' || 'tagged_vlans' in ctx.input) return;
    const tagged = Interface.fields.tagged_vlans as ManyToManyField;
    if (tagged.installed) await em.createQueryBuilder().delete().from(tagged.throughTable).where(`${tagged.sourceColumn} = :id`, { id: row.id }).execute();
  },
  async augment(ctx, rows, reps) {
    await nestReferrer(ctx, Interface, rows, reps, 'l2vpn_termination', { model: 'ipam.l2vpntermination', relation: 'assigned_object' });
    await nestMacAddresses(ctx, Interface, rows, reps);
    await addWirelessPeers(ctx, rows, reps);
    await addVirtualCircuitPeers(ctx, rows, reps);
  },
});

/** Whose terminations a virtual circuit's termination reaches, by its role (NetBox's peer_terminations). */
const REACHED_ROLES: Record<string, string> = { peer: 'peer', hub: 'spoke', spoke: 'hub' };

/**
 * A virtual interface that terminates a virtual circuit (4.2) is connected to the circuit's other terminations its role
 * reaches: peers reach peers, a hub the spokes, a spoke the hubs. Only where the generation has virtual circuits; two
 * statements for the page, and the terminations' nested forms.
 */
async function addVirtualCircuitPeers(ctx: RenderContext, rows: Row[], reps: Representation[]): Promise<void> {
  const terminations = registry.get('circuits.virtualcircuittermination');
  const wanted = rows.flatMap((row, i) => (VIRTUAL_TYPES.has(row.type) && 'connected_endpoints' in reps[i] ? [i] : []));
  if (!terminations || !wanted.length || !ctx.dialect?.serves(terminations)) return;
  const own = await new ModelQuery(ctx.em, terminations, ctx.driver).where('t.interface_id IN (:...ids)', { ids: wanted.map((i) => rows[i].id) }).rows({ order: ['id'] });
  if (!own.length) return;
  const circuits = [...new Set(own.map((x) => x.virtual_circuit_id as number))];
  const query = new ModelQuery(ctx.em, terminations, ctx.driver).where('t.virtual_circuit_id IN (:...circuits)', { circuits });
  const all = await query.rows({ order: query.defaultOrder() });
  const reached = new Map(own.map((x) => [x.interface_id as number, all.filter((o) => o.virtual_circuit_id === x.virtual_circuit_id && o.id !== x.id && o.role === REACHED_ROLES[x.role])]));
  const nested = await loadNested(ctx, terminations, [...new Set([...reached.values()].flat().map((o) => o.id as number))], false);
  for (const i of wanted) {
    const peers = (reached.get(rows[i].id) ?? []).map((o) => nested.get(o.id)).filter(Boolean);
    if (!peers.length) continue;
    reps[i].connected_endpoints = peers;
    reps[i].connected_endpoints_type = terminations.label;
    reps[i].connected_endpoints_reachable = false;
  }
}

/**
 * An interface's link is its cable, or else its wireless link (NetBox's `Interface.link`): then it is occupied and
 * its link peer is the link's other interface.
 */
async function addWirelessPeers(ctx: RenderContext, rows: Row[], reps: Representation[]): Promise<void> {
  const links = registry.get('wireless.wirelesslink');
  const linked = rows.flatMap((row, i) => (row.cable_id === null && row.wireless_link_id !== null && row.wireless_link_id !== undefined ? [i] : []));
  if (!links || !linked.length) return;
  for (const i of linked) if ('_occupied' in reps[i]) reps[i]._occupied = true;
  const wanted = linked.filter((i) => 'link_peers' in reps[i]);
  if (!wanted.length) return;
  const found = await new ModelQuery(ctx.em, links, ctx.driver).whereIdIn([...new Set(wanted.map((i) => rows[i].wireless_link_id as number))]).rows({ order: ['id'] });
  const byId = new Map(found.map((l) => [l.id, l]));
  const peerOf = (row: Row): number | undefined => {
    const link = byId.get(row.wireless_link_id);
    return link && (link.interface_a_id === row.id ? link.interface_b_id : link.interface_a_id);
  };
  const nested = await loadNested(ctx, Interface, [...new Set(wanted.map((i) => peerOf(rows[i])).filter((id): id is number => id !== undefined))], false);
  for (const i of wanted) {
    const peer = nested.get(peerOf(rows[i]) as number);
    reps[i].link_peers = peer ? [peer] : [];
    reps[i].link_peers_type = peer ? 'dcim.interface' : null;
  }
}

/**
 * `?vlan_id=` and `?vlan=<vid>`: interfaces (a device's or a virtual machine's) carrying the VLAN, untagged or tagged, as
 * NetBox; 4.2's filter sets also match it as their Q-in-Q service VLAN (`serviceVlan`).
 */
export function carriedVlanFilter(model: () => ModelDef, by: 'id' | 'vid', serviceVlan = false): CustomFilter {
  return {
    apply(values, ctx) {
      const value = values[values.length - 1].trim();
      if (!value) return;
      if (!/^\d+$/.test(value)) throw new FieldError(['Enter a whole number.']);
      // A number no id or VID column holds names no VLAN (and PostgreSQL would refuse to compare it).
      if (Number(value) > INT32_MAX) return void ctx.where('1 = 0');
      const tagged = model().fields.tagged_vlans as ManyToManyField;
      const vlans = by === 'id' ? ctx.param(Number(value)) : `SELECT v.id FROM ${q(tagged.target.table)} v WHERE v.vid = ${ctx.param(Number(value))}`;
      const terms = [`t.untagged_vlan_id IN (${vlans})`, `t.id IN (SELECT x.${q(tagged.sourceColumn)} FROM ${q(tagged.throughTable)} x WHERE x.${q(tagged.targetColumn)} IN (${vlans}))`];
      if (serviceVlan) terms.push(`t.qinq_svlan_id IN (${vlans})`);
      ctx.where(`(${terms.join(' OR ')})`);
    },
  };
}

/** An interface's VLANs belong to its device's site or to none; without a mode it has no untagged VLAN. */
async function checkVlans(row: Row, ctx?: WriteContext): Promise<void> {
  const vlans = registry.get('ipam.vlan');
  if (!vlans) return;
  // A generation without Q-in-Q (3.5) cannot clear a service VLAN it does not see: leaving the mode drops it.
  if (row.mode !== 'q-in-q' && ctx?.dialect && !ctx.dialect.shows(Interface, 'qinq_svlan')) row.qinq_svlan_id = null;
  // 4.2's serializer check, before the model's.
  if (row.qinq_svlan_id !== null && row.mode !== 'q-in-q') throw new FieldError({ qinq_svlan: ['Interface mode does not support q-in-q service vlan'] });
  if (!row.mode) row.untagged_vlan_id = null;
  // The device is read only for a VLAN of a site.
  const deviceSite = async () => (await loadRow(ctx, registry.get('dcim.device')!, row.device_id))?.site_id;
  const untagged = await loadRow(ctx, vlans, row.untagged_vlan_id);
  if (untagged && untagged.site_id !== null && untagged.site_id !== (await deviceSite())) {
    throw new FieldError({
      untagged_vlan: [`The untagged VLAN (${vlans.display(untagged)}) must belong to the same site as the interface's parent device, or it must be global.`],
    });
  }
  for (const id of (ctx?.input?.tagged_vlans as number[] | undefined) ?? []) {
    const vlan = await loadRow(ctx, vlans, id);
    if (vlan && vlan.site_id !== null && vlan.site_id !== (await deviceSite())) {
      throw new FieldError({ tagged_vlans: [`VLAN ${vlans.display(vlan)} must belong to the same site as the interface's parent device, or it must be global.`] });
    }
  }
}

/**
 * `?device=<name>` and `?device_id=<id>` on interfaces take other virtual chassis members' interfaces too, but
 * not their management interfaces, as NetBox: by name only when the device is the chassis master, by id always.
 */
function interfaceDeviceFilter(by: 'id' | 'name'): CustomFilter {
  return {
    apply(values, ctx) {
      const bad = by === 'id' ? values.find((v) => !/^\s*\d+\s*$/.test(v)) : undefined;
      if (bad !== undefined) throw new FieldError(['Enter a whole number.']);
      const list = values.map((v) => ctx.param(by === 'id' ? Number(v) : v)).join(', ');
      ctx.where(chassisInterfacesWhere(ctx.driver, by, list, by === 'name'));
    },
  };
}

/**
 * Interfaces (`t`) of the devices whose `by` is in `list` (placeholders), and those of their virtual chassis peers but
 * for management interfaces: every member's, or (`viaMaster`) only where the named device is the chassis master.
 */
export function chassisInterfacesWhere(driver: 'sqlite' | 'postgres', by: 'id' | 'name', list: string, viaMaster: boolean): string {
  const devices = `SELECT d.id FROM ${q('dcim_device')} d WHERE d.${by} IN (${list})`;
  const chassis = viaMaster
    ? `SELECT vc.id FROM ${q('dcim_virtualchassis')} vc JOIN ${q('dcim_device')} d ON vc.master_id = d.id WHERE d.${by} IN (${list})`
    : `SELECT d.virtual_chassis_id FROM ${q('dcim_device')} d WHERE d.${by} IN (${list})`;
  const members = `SELECT m.id FROM ${q('dcim_device')} m WHERE m.virtual_chassis_id IN (${chassis})`;
  // One IN over both sets, so that the device_id index finds the rows; the second term drops members' management interfaces.
  const notManagement = `t.mgmt_only = ${driver === 'sqlite' ? '0' : 'FALSE'}`;
  return `(t.device_id IN (${devices} UNION ${members}) AND (t.device_id IN (${devices}) OR ${notManagement}))`;
}

/** `?vdc_identifier=<n>`: interfaces in the virtual device contexts of that identifier; every value must name one. */
function vdcIdentifierFilter(): CustomFilter {
  return {
    negatable: true,
    async apply(values, ctx) {
      const vdcs = registry.get('dcim.virtualdevicecontext')!;
      const given = values.map((v) => (/^\d+$/.test(v.trim()) ? Number(v) : NaN));
      const found = given.some((n) => !Number.isNaN(n))
        ? await new ModelQuery(ctx.em, vdcs, ctx.driver).where('t.identifier IN (:...ids)', { ids: given.filter((n) => !Number.isNaN(n)) }).rows({ order: ['id'] })
        : [];
      const missing = values.find((v, i) => !found.some((f) => f.identifier === given[i]));
      if (missing !== undefined) throw new FieldError([`Select a valid choice. ${missing} is not one of the available choices.`]);
      const through = Interface.fields.vdcs as ManyToManyField;
      ctx.where(
        `t.id IN (SELECT x.${q(through.sourceColumn)} FROM ${q(through.throughTable)} x WHERE x.${q(through.targetColumn)} IN (${found.map((f) => ctx.param(f.id)).join(', ')}))`,
      );
    },
  };
}

export const FrontPort = defineComponent({
  name: 'frontport',
  plural: 'front-ports',
  verboseName: 'front port',
  modular: true,
  cabled: true,
  fields: {
    type: choice(PORT_TYPES),
    color: text({ max: 6, blank: true, pattern: COLOR, patternMessage: COLOR_MESSAGE }),
    // 4.5's front port may map to no rear port: 3.5's requires one (applyFrontMappings).
    rear_port: foreignKey('dcim.rearport', { nullable: true, onDelete: 'CASCADE' }),
    rear_port_position: integer({ min: 1, max: 1024, default: 1 }),
    ...frontMappingFields(),
  },
  constraints: [{ fields: ['device', 'name'] }, { fields: ['rear_port', 'rear_port_position'] }],
  full: componentKeys(['type', 'color', 'rear_port', 'rear_port_position'], { modular: true, cabled: true }),
  filterset: { fields: ['id', 'name', 'label', 'type', 'color', 'description'] },
  async validate(row, previous, ctx) {
    await applyFrontMappings(row, previous, ctx, RearPort);
    const rear = await loadRow(ctx, RearPort, row.rear_port_id);
    if (!rear) return;
    if (rear.device_id !== row.device_id) throw new FieldError({ rear_port: [`Rear port (${componentDisplay(rear)}) must belong to the same device`] });
    if (row.rear_port_position > rear.positions) {
      throw new FieldError({
        rear_port_position: [`Invalid rear port position (${row.rear_port_position}): Rear port ${rear.name} has only ${rear.positions} positions`],
      });
    }
  },
  // A path already reaching the rear port may now continue through this front port.
  async afterWrite(em, row, previous, { driver }) {
    const rears = [row?.rear_port_id, previous?.rear_port_id].filter((id): id is number => id !== null && id !== undefined);
    const moved = !row || !previous || row.rear_port_id !== previous.rear_port_id || row.rear_port_position !== previous.rear_port_position;
    if (moved) await retrace(em, driver, [...new Set(rears)].map((id) => nodeOf('dcim.rearport', id)));
  },
  // NetBox nests a front port's rear port with its label and description, not its device and cable.
  async augment(ctx, rows, reps) {
    reps.forEach((rep, i) => presentFrontMappings(rep, rows[i]));
    if (!reps.some((r) => r.rear_port)) return;
    const rears = await new ModelQuery(ctx.em, RearPort, ctx.driver).whereIdIn([...new Set(rows.map((r) => r.rear_port_id))]).rows({ order: ['id'] });
    const byId = new Map(rears.map((r) => [r.id, r]));
    reps.forEach((rep, i) => {
      const nested = rep.rear_port as Representation | null | undefined;
      const rear = byId.get(rows[i].rear_port_id);
      if (nested && rear) rep.rear_port = { ...pick(nested, ['id', 'url', 'display', 'name']), label: rear.label, description: rear.description };
    });
  },
});

export const RearPort = defineComponent({
  name: 'rearport',
  plural: 'rear-ports',
  verboseName: 'rear port',
  modular: true,
  cabled: true,
  fields: {
    type: choice(PORT_TYPES),
    color: text({ max: 6, blank: true, pattern: COLOR, patternMessage: COLOR_MESSAGE }),
    positions: integer({ min: 1, max: 1024, default: 1 }),
    ...rearMappingFields(),
  },
  full: componentKeys(['type', 'color', 'positions'], { modular: true, cabled: true }),
  filterset: { fields: ['id', 'name', 'label', 'type', 'color', 'positions', 'description'] },
  augment: (ctx, rows, reps) => presentRearMappings(ctx, FrontPort, rows, reps),
  async validate(row, previous, ctx) {
    if (!previous || !ctx?.em) return;
    const [{ n }] = await ctx.em.query(`SELECT COUNT(*) AS n FROM ${q(FrontPort.table)} WHERE rear_port_id = ${ctx.driver === 'postgres' ? '$1' : '?'}`, [row.id]);
    if (row.positions < Number(n)) {
      throw new FieldError({ positions: [`The number of positions cannot be less than the number of mapped front ports (${Number(n)})`] });
    }
  },
});

/** NetBox's `_occupied` of a bay: holding something, or disabled (nothing may be installed). */
const bayOccupied = (row: Row, installed: boolean) => !row.enabled || installed;

export const ModuleBay = defineComponent({
  name: 'modulebay',
  plural: 'module-bays',
  verboseName: 'module bay',
  fields: {
    position: text({ max: 30, blank: true }),
    // Module bays of modules (a line card's own slots).
    module: foreignKey('dcim.module', { nullable: true, onDelete: 'CASCADE' }),
    enabled: boolean({ default: true }),
  },
  // 4.x's bays of a module may share their names with the device's own and with another module's; the device's own are unique among themselves.
  constraints: [
    { fields: ['device', 'name'], when: { module: null }, name: 'dcim_modulebay_unique_device_name', message: 'Module bay with this Device and Name already exists.' },
    { fields: ['device', 'module', 'name'] },
  ],
  full: [
    'id', 'url', 'display', 'device', 'name', 'installed_module', 'label', 'position', 'enabled', 'description', 'tags', 'custom_fields', 'created',
    'last_updated', '_occupied',
  ],
  filterset: { fields: ['id', 'name', 'label', 'enabled', 'description'] },
  brief: ['id', 'url', 'display', 'module', 'name'],
  async augment(ctx, rows, reps) {
    if (!reps.some((r) => 'installed_module' in r || '_occupied' in r)) return;
    const modules = registry.get('dcim.module')!;
    const installed = await new ModelQuery(ctx.em, modules, ctx.driver).where('t.module_bay_id IN (:...ids)', { ids: rows.map((r) => r.id) }).rows({ order: ['id'] });
    const byBay = new Map(installed.map((m) => [m.module_bay_id as number, m]));
    // The module's own keys, not its nested form, which nests this bay again.
    const labels = reps.some((r) => 'installed_module' in r) ? await labelsOf(modules, installed, ctx) : [];
    const labelOfModule = new Map(installed.map((m, i) => [m.id as number, labels[i]]));
    rows.forEach((row, i) => {
      const module = byBay.get(row.id);
      if ('installed_module' in reps[i]) {
        reps[i].installed_module = module
          ? {
              id: module.id,
              url: objectUrl(ctx, modules, module.id),
              display: labelOfModule.get(module.id),
              serial: module.serial,
              ...(ctx.dialect?.briefDescription ? { description: module.description } : {}),
            }
          : null;
      }
      if ('_occupied' in reps[i]) reps[i]._occupied = bayOccupied(row, !!module);
    });
  },
});

export const DeviceBay = defineComponent({
  name: 'devicebay',
  plural: 'device-bays',
  verboseName: 'device bay',
  fields: {
    enabled: boolean({ default: true }),
    installed_device: foreignKey('dcim.device', { nullable: true, unique: true, onDelete: 'SET NULL' }),
  },
  full: [
    'id', 'url', 'display', 'device', 'name', 'label', 'enabled', 'description', 'installed_device', 'tags', 'custom_fields', 'created', 'last_updated',
    '_occupied',
  ],
  filterset: { fields: ['id', 'name', 'label', 'enabled', 'description'] },
  async validate(row, previous, ctx) {
    const devices = registry.get('dcim.device')!;
    const device = await loadRow(ctx, devices, row.device_id);
    const type = device && (await loadRow(ctx, registry.get('dcim.devicetype')!, device.device_type_id));
    if (type && type.subdevice_role !== 'parent') throw new FieldError([`This type of device (${type.model}) does not support device bays.`]);
    // A disabled bay keeps the device it holds, but takes no other.
    if (row.installed_device_id !== null && !row.enabled && (!previous || previous.installed_device_id !== row.installed_device_id)) {
      throw new FieldError({ installed_device: ['Cannot install a device in a disabled device bay.'] });
    }
    if (row.installed_device_id !== null && row.installed_device_id === row.device_id) throw new FieldError(['Cannot install a device into itself.']);
  },
  present(rep, row) {
    if ('_occupied' in rep) rep._occupied = bayOccupied(row, row.installed_device_id !== null);
  },
});

export const InventoryItemRole = defineModel({
  app: 'dcim',
  name: 'inventoryitemrole',
  plural: 'inventory-item-roles',
  verboseName: 'inventory item role',
  fields: {
    name: text({ max: 100, unique: true }),
    slug: slug({ max: 100, unique: true }),
    color: text({ max: 6, default: '9e9e9e', pattern: COLOR, patternMessage: COLOR_MESSAGE }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  counts: { inventoryitem_count: { model: 'dcim.inventoryitem', field: 'role' } },
  brief: ['id', 'url', 'display', 'name', 'slug', 'inventoryitem_count'],
  search: ['name', 'slug'],
  filterset: { fields: ['id', 'name', 'slug', 'color'] },
});

/** Components an inventory item may stand for. */
export const INVENTORY_COMPONENT_TYPES = [
  'dcim.consoleport', 'dcim.consoleserverport', 'dcim.frontport', 'dcim.interface', 'dcim.poweroutlet', 'dcim.powerport', 'dcim.rearport',
];

export const InventoryItem = defineComponent({
  name: 'inventoryitem',
  plural: 'inventory-items',
  verboseName: 'inventory item',
  movable: true,
  tree: true,
  ordering: ['device', 'tree_sort', 'id'],
  fields: {
    parent: foreignKey('dcim.inventoryitem', { nullable: true, onDelete: 'CASCADE', flat: true }),
    role: foreignKey('dcim.inventoryitemrole', { nullable: true, onDelete: 'PROTECT' }),
    manufacturer: foreignKey('dcim.manufacturer', { nullable: true, onDelete: 'PROTECT' }),
    part_id: text({ max: 50, blank: true }),
    serial: text({ max: 50, blank: true }),
    asset_tag: text({ max: 50, nullable: true, blank: true, unique: true, verboseName: 'Asset tag' }),
    discovered: boolean({ default: false }),
    component_type: contentType({ nullable: true, blank: true, allowed: () => INVENTORY_COMPONENT_TYPES }),
    component_id: integer({ min: 0, nullable: true }),
    // Deleting a component deletes the items standing for it, as NetBox's generic relation does.
    component: genericRelation('component_type', 'component_id', { cascade: true }),
    status: choice(INVENTORY_ITEM_STATUSES, { default: 'active' }),
  },
  constraints: [{ fields: ['device', 'parent', 'name'] }],
  full: [
    'id', 'url', 'display', 'device', 'parent', 'name', 'label', 'status', 'role', 'manufacturer', 'part_id', 'serial', 'asset_tag', 'discovered',
    'description', 'component_type', 'component_id', 'component', 'tags', 'custom_fields', 'created', 'last_updated', '_depth',
  ],
  brief: ['id', 'url', 'display', 'device', 'name', '_depth'],
  search: ['name', 'part_id', 'serial', 'asset_tag', 'description'],
  filterset: {
    fields: ['id', 'name', 'label', 'status', 'part_id', 'asset_tag', 'discovered', 'serial', 'component_id'],
    related: ['parent_id', 'manufacturer_id', 'manufacturer', 'role_id', 'role'],
  },
  filters: {
    // Its plain match ignores case; its lookups (`__n` too) are the usual ones.
    serial: iexact('serial'),
    component_type: contentTypeFilter('component_type'),
  },
  async validate(row, previous, ctx) {
    if (previous && row.parent_id === row.id) throw new FieldError({ parent: ['Cannot assign self as parent.'] });
    const parent = await loadRow(ctx, InventoryItem, row.parent_id);
    if (parent && parent.device_id !== row.device_id) throw new FieldError({ parent: ['Parent inventory item does not belong to the same device.'] });
    const moved = previous && previous.device_id !== row.device_id;
    if (moved && ctx?.em && ctx.driver) {
      const [child] = await new ModelQuery(ctx.em, InventoryItem, ctx.driver).where('t.parent_id = :id', { id: row.id }).rows({ order: ['tree_sort', 'id'] });
      if (child && child.device_id !== row.device_id) throw new FieldError(['Cannot move an inventory item with dependent children']);
    }
    if (row.component_type && row.component_id !== null) {
      const target = registry.get(row.component_type);
      const component = target && (await loadRow(ctx, target, row.component_id));
      if (component && component.device_id !== row.device_id) {
        // An item moved to another device leaves its component behind, as NetBox.
        if (!previous) throw new FieldError({ device: ['Cannot assign inventory item to component on another device'] });
        row.component_type = null;
        row.component_id = null;
      }
    }
  },
});
