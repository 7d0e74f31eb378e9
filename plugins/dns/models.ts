import * as ipaddr from 'ipaddr.js';
import {
  FieldError,
  CustomFilter,
  Row,
  WriteContext,
  choice,
  defineModel,
  foreignKey,
  integer,
  loadRow,
  models,
  pluginSettings,
  provideFilters,
  q,
  searchFilter,
  text,
  tenancyFilters,
} from '../../src/plugin-api';

const TTL = { min: 1, max: 2147483647 };
const LABEL = /^(\*|[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)$/;

/** A domain name as zones and record names are stored: lower case, no final dot, labels of letters, digits, `-` and `_`. */
function domainName(value: string, field: string, wildcard = false): string {
  const name = value.trim().toLowerCase().replace(/\.$/, '');
  const labels = name.split('.');
  const valid = name.length <= 253 && labels.every((label, i) => LABEL.test(label) && (label !== '*' || (wildcard && i === 0)));
  if (!valid) throw new FieldError({ [field]: [`${value} is not a valid DNS name.`] });
  return name;
}

export const Zone = defineModel({
  app: 'dns',
  name: 'zone',
  plural: 'zones',
  fields: {
    name: text({ max: 255, unique: true }),
    status: choice(
      [
        { value: 'active', label: 'Active' },
        { value: 'reserved', label: 'Reserved' },
        { value: 'deprecated', label: 'Deprecated' },
      ],
      { default: 'active' },
    ),
    // Empty on create: the `default_ttl` setting fills it.
    default_ttl: integer({ ...TTL, nullable: true }),
    soa_mname: text({ max: 255, label: 'SOA MNAME' }),
    soa_rname: text({ max: 255, label: 'SOA RNAME' }),
    // Raised by every change of the zone's records, as a DNS server expects.
    soa_serial: integer({ readOnly: true, default: 1, big: true, label: 'SOA serial' }),
    soa_refresh: integer({ ...TTL, default: 43200, label: 'SOA refresh' }),
    soa_retry: integer({ ...TTL, default: 7200, label: 'SOA retry' }),
    soa_expire: integer({ ...TTL, default: 2419200, label: 'SOA expire' }),
    soa_minimum: integer({ ...TTL, default: 3600, label: 'SOA minimum TTL' }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    description: text({ max: 200, blank: true }),
  },
  counts: { record_count: { model: 'dns.record', field: 'zone' } },
  brief: ['id', 'url', 'display', 'name', 'status', 'record_count'],
  search: ['name', 'description'],
  filterset: {
    fields: ['id', 'name', 'status', 'default_ttl', 'soa_mname', 'soa_rname', 'soa_serial', 'soa_refresh', 'soa_retry', 'soa_expire', 'soa_minimum', 'description'],
    related: ['tenant_id', 'tenant'],
  },
  filters: tenancyFilters(() => Zone),
  validate(row, _previous, ctx) {
    row.name = domainName(row.name, 'name');
    row.soa_mname = domainName(row.soa_mname, 'soa_mname');
    row.soa_rname = domainName(row.soa_rname, 'soa_rname');
    row.default_ttl ??= pluginSettings('dns', ctx?.config).default_ttl;
  },
});

const RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'PTR', 'SRV', 'TXT'].map((t) => ({ value: t, label: t }));

export const DnsRecord = defineModel({
  app: 'dns',
  name: 'record',
  plural: 'records',
  fields: {
    zone: foreignKey(() => Zone, { onDelete: 'CASCADE' }),
    name: text({ max: 255 }),
    type: choice(RECORD_TYPES),
    // For A and AAAA records with an IP address, the address without its mask when not given.
    value: text({ max: 1000, blank: true }),
    ttl: integer({ ...TTL, nullable: true, label: 'TTL' }),
    // An IP address lists its records, nested, as `dns_records`.
    ip_address: foreignKey('ipam.ipaddress', { nullable: true, onDelete: 'SET NULL', label: 'IP address', reverse: 'dns_records' }),
    status: choice(
      [
        { value: 'active', label: 'Active' },
        { value: 'inactive', label: 'Inactive' },
      ],
      { default: 'active' },
    ),
    description: text({ max: 200, blank: true }),
  },
  display: (r) => `${r.name} ${r.type} ${r.value}`,
  ordering: ['zone', 'name', 'type', 'value'],
  constraints: [{ fields: ['zone', 'name', 'type', 'value'] }],
  brief: ['id', 'url', 'display', 'name', 'type', 'value'],
  filterset: { fields: ['id', 'name', 'type', 'value', 'ttl', 'status', 'description'], related: ['zone_id', 'zone', 'ip_address_id'] },
  filters: {
    // Also finds records by their zone's name.
    q: searchFilter((like) => [like('t.name'), like('t.value'), like('t.description'), `t.zone_id IN (SELECT z.id FROM ${q(Zone.table)} z WHERE ${like('z.name')})`]),
  },
  relatedObject: 'zone',
  validate: validateRecord,
  // The zone's serial tells secondaries that it changed: both zones' when a record moves.
  async afterWrite(em, row, previous) {
    const zones = [...new Set([row?.zone_id, previous?.zone_id].filter((id): id is number => typeof id === 'number'))];
    if (zones.length) await em.createQueryBuilder().update(Zone.table).set({ soa_serial: () => 'soa_serial + 1' }).where('id IN (:...zones)', { zones }).execute();
  },
});

async function validateRecord(row: Row, _previous: Row | null, ctx?: WriteContext): Promise<void> {
  row.name = row.name.trim() === '@' ? '@' : domainName(row.name, 'name', true);
  const address = await loadRow(ctx, models.IPAddress, row.ip_address_id);
  if (address) {
    const family = address.family === 6 ? 'AAAA' : 'A';
    if (row.type !== family) throw new FieldError({ ip_address: [`An IPv${address.family} address makes an ${family} record, not ${row.type}.`] });
    row.value ||= String(address.address).split('/')[0];
  }
  if (row.type === 'A' || row.type === 'AAAA') {
    const kind = row.type === 'A' ? 'ipv4' : 'ipv6';
    if (!ipaddr.isValid(row.value) || ipaddr.parse(row.value).kind() !== kind) throw new FieldError({ value: [`${row.value} is not an IPv${kind === 'ipv4' ? 4 : 6} address.`] });
    row.value = ipaddr.parse(row.value).toString();
    if (address && row.value !== ipaddr.parse(String(address.address).split('/')[0]).toString()) {
      throw new FieldError({ value: ['The value must be the IP address the record points to.'] });
    }
  } else if (!row.value) {
    throw new FieldError({ value: ['This field may not be blank.'] });
  }
}

// IP addresses are found by the DNS names pointing to them: `/api/ipam/ip-addresses/?dns_zone=example.com`.
provideFilters((model): Record<string, CustomFilter> => {
  if (model.label !== 'ipam.ipaddress') return {};
  const byZone = (column: 'id' | 'name'): CustomFilter => ({
    negatable: true,
    apply(values, ctx) {
      const zones = values.map((v) => ctx.param(column === 'id' ? (/^\d+$/.test(v) ? Number(v) : -1) : v.toLowerCase().replace(/\.$/, ''))).join(', ');
      ctx.where(`t.id IN (SELECT r.ip_address_id FROM ${q(DnsRecord.table)} r JOIN ${q(Zone.table)} z ON z.id = r.zone_id WHERE z.${column} IN (${zones}))`);
    },
  });
  return { dns_zone: byZone('name'), dns_zone_id: byZone('id') };
});
