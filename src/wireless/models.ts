import { scopeFields, scopeFilters, syncScope } from '../dcim/scope';
import { Driver, FieldError, NUMBER_LOOKUPS, choice, foreignKey, slug, text } from '../core/model/fields';
import { CustomFilter, Row, WriteContext, defineModel, labelOf, registry } from '../core/model/model';
import { parseNullBoolean, tenancyFilters } from '../core/query/filters';
import { loadRow, q } from '../core/query/model-query';
import { CABLE_STATUSES, INTERFACE_TYPES } from '../dcim/choices';
import { WIRELESS_INTERFACE_TYPES, componentDisplay } from '../dcim/components.models';
import { attachInterfaces } from './links';
import { checkDistance, distanceFields } from '../circuits/distance';

const WIRELESS_LAN_STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'reserved', label: 'Reserved' },
  { value: 'disabled', label: 'Disabled' },
  { value: 'deprecated', label: 'Deprecated' },
];

const AUTH_TYPES = [
  { value: 'open', label: 'Open' },
  { value: 'wep', label: 'WEP' },
  { value: 'wpa-personal', label: 'WPA Personal (PSK)' },
  { value: 'wpa-enterprise', label: 'WPA Enterprise' },
];

const AUTH_CIPHERS = [
  { value: 'auto', label: 'Auto' },
  { value: 'tkip', label: 'TKIP' },
  { value: 'aes', label: 'AES' },
];

/** NetBox's WirelessAuthenticationBase: how a LAN or a link authenticates. */
const authentication = () => ({
  auth_type: choice(AUTH_TYPES, { blank: true, label: 'Auth Type' }),
  auth_cipher: choice(AUTH_CIPHERS, { blank: true }),
  auth_psk: text({ max: 64, blank: true, label: 'Pre-shared key' }),
});

export const WirelessLANGroup = defineModel({
  app: 'wireless',
  name: 'wirelesslangroup',
  plural: 'wireless-lan-groups',
  verboseName: 'Wireless LAN Group',
  tree: true,
  fields: {
    name: text({ max: 100, unique: true }),
    slug: slug({ max: 100, unique: true }),
    parent: foreignKey('wireless.wirelesslangroup', { nullable: true, onDelete: 'CASCADE' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  // Counted cumulatively, as every tree's counts: a group's LANs and its descendants'.
  counts: { wirelesslan_count: { model: 'wireless.wirelesslan', field: 'group' } },
  brief: ['id', 'url', 'display', 'name', 'slug', 'wirelesslan_count', '_depth'],
  search: ['name', 'slug', 'description', 'comments'],
  filterset: { fields: ['id', 'name', 'slug', 'description'], related: ['parent_id', 'parent'] },
});

export const WirelessLAN = defineModel({
  app: 'wireless',
  name: 'wirelesslan',
  plural: 'wireless-lans',
  verboseName: 'Wireless LAN',
  display: (lan) => lan.ssid,
  ordering: ['ssid', 'id'],
  fields: {
    ssid: text({ max: 32, label: 'SSID' }),
    description: text({ max: 200, blank: true }),
    group: foreignKey(() => WirelessLANGroup, { nullable: true, onDelete: 'SET NULL' }),
    status: choice(WIRELESS_LAN_STATUSES, { default: 'active' }),
    vlan: foreignKey('ipam.vlan', { nullable: true, onDelete: 'PROTECT', label: 'VLAN' }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    ...authentication(),
    comments: text({ blank: true }),
    // NetBox 4.2's scope, and the site it lies in (its cached `_site`).
    site: foreignKey('dcim.site', { nullable: true, onDelete: 'PROTECT', readOnly: true }),
    ...scopeFields(),
  },
  full: [
    'id', 'url', 'display', 'ssid', 'description', 'group', 'status', 'vlan', 'tenant', 'auth_type', 'auth_cipher', 'auth_psk', 'comments',
    'tags', 'custom_fields', 'created', 'last_updated',
  ],
  brief: ['id', 'url', 'display', 'ssid'],
  search: ['ssid', 'description'],
  filterset: {
    fields: ['id', 'ssid', 'auth_psk', 'description', 'status', 'auth_type', 'auth_cipher'],
    // `group_id` and `group` take a group's descendants too, as NetBox's tree filters.
    related: ['group_id', 'group', 'vlan_id', 'tenant_id', 'tenant', 'site_id', 'site'],
  },
  filters: { ...tenancyFilters(() => WirelessLAN), ...scopeFilters(() => WirelessLAN) },
  indexes: [['scope_type', 'scope_id']],
  validate: (row, previous, ctx) => syncScope(row, previous, ctx),
});

/** NetBox's MultiValueNumberFilter over a column: whole numbers, compared with its lookups. */
function numberFilter(column: string): CustomFilter {
  const operators: Record<string, string> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };
  return {
    lookups: NUMBER_LOOKUPS,
    apply(values, ctx) {
      const col = `t.${q(column)}`;
      if (ctx.lookup === 'empty') {
        const empty = parseNullBoolean(values[values.length - 1]);
        if (empty !== null) ctx.where(empty ? `${col} IS NULL` : `${col} IS NOT NULL`);
        return;
      }
      const given = values.filter((v) => v.trim() !== '');
      if (given.some((v) => !/^\s*[-+]?\d+\s*$/.test(v))) throw new FieldError(['Enter a whole number.']);
      if (!given.length) return;
      const params = given.map((v) => ctx.param(Number(v)));
      if (ctx.lookup in operators) ctx.where(`(${params.map((p) => `${col} ${operators[ctx.lookup]} ${p}`).join(' OR ')})`);
      else ctx.where(`${col} ${ctx.lookup === 'n' ? 'NOT IN' : 'IN'} (${params.join(', ')})`);
    },
  };
}

const typeLabel = (type: string) => INTERFACE_TYPES.find((c) => c.value === type)?.label ?? type;

/**
 * NetBox's rule that both ends are wireless interfaces (both messages keyed by `interface_a`, as NetBox keys
 * them), and ours that a link joins two interfaces that no other link holds.
 */
async function checkLink(row: Row, previous: Row | null, ctx?: WriteContext): Promise<void> {
  checkDistance(row);
  const interfaces = registry.get('dcim.interface')!;
  const a = await loadRow(ctx, interfaces, row.interface_a_id);
  const b = await loadRow(ctx, interfaces, row.interface_b_id);
  for (const end of [a, b]) {
    if (end && !WIRELESS_INTERFACE_TYPES.has(end.type)) throw new FieldError({ interface_a: [`${typeLabel(end.type)} is not a wireless interface.`] });
  }
  if (row.interface_a_id === row.interface_b_id) throw new FieldError({ interface_b: ['Cannot connect an interface to itself.'] });
  for (const [field, end] of [['interface_a', a], ['interface_b', b]] as const) {
    if (!end || end.wireless_link_id === null || end.wireless_link_id === previous?.id) continue;
    const other = await loadRow(ctx, WirelessLink, end.wireless_link_id);
    const device = await loadRow(ctx, registry.get('dcim.device')!, end.device_id);
    const deviceName = device ? await labelOf(registry.get('dcim.device')!, device, ctx) : '';
    const linkName = other ? WirelessLink.display(other) : `#${end.wireless_link_id}`;
    throw new FieldError({ [field]: [`Interface ${componentDisplay(end)} of ${deviceName} already has a wireless link (${linkName}).`] });
  }
}

export const WirelessLink = defineModel({
  app: 'wireless',
  name: 'wirelesslink',
  plural: 'wireless-links',
  verboseName: 'wireless link',
  display: (link) => link.ssid || `#${link.id}`,
  ordering: ['id'],
  fields: {
    interface_a: foreignKey('dcim.interface', { onDelete: 'PROTECT', label: 'Interface A' }),
    interface_b: foreignKey('dcim.interface', { onDelete: 'PROTECT', label: 'Interface B' }),
    ssid: text({ max: 32, blank: true, label: 'SSID' }),
    status: choice(CABLE_STATUSES, { default: 'connected' }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    ...authentication(),
    ...distanceFields(),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  constraints: [{ fields: ['interface_a', 'interface_b'], name: 'wireless_wirelesslink_unique_interfaces' }],
  brief: ['id', 'url', 'display', 'ssid'],
  search: ['ssid', 'description'],
  filterset: { fields: ['id', 'ssid', 'auth_psk', 'distance', 'distance_unit', 'description', 'status', 'auth_type', 'auth_cipher'], related: ['tenant_id', 'tenant'] },
  filters: {
    ...tenancyFilters(() => WirelessLink),
    interface_a_id: numberFilter('interface_a_id'),
    interface_b_id: numberFilter('interface_b_id'),
  },
  validate: checkLink,
  // NetBox's signals: both interfaces point at the link (and trace a path across it); interfaces it leaves, or all when it goes, point nowhere.
  async afterWrite(em, row, previous, { driver }) {
    await attachInterfaces(em, driver as Driver, row, previous);
  },
});
