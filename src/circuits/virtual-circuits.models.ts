import { FieldError, choice, foreignKey, slug, text } from '../core/model/fields';
import { defineModel, registry } from '../core/model/model';
import { pathFilter, searchFilter, tenancyFilters } from '../core/query/filters';
import { ModelQuery, loadRow, q } from '../core/query/model-query';
import { VIRTUAL_TYPES } from '../dcim/components.models';
import { CIRCUIT_STATUSES, ProviderAccount, ProviderNetwork } from './models';

/*
 * NetBox 4.2's virtual circuits: typed like circuits, delivered across a provider network, and terminated at virtual
 * interfaces of devices as a peer, a hub or a spoke. Only 4.x speaks them; the 3.5 dialect lacks all three.
 */

const TERMINATION_ROLES = [
  { value: 'peer', label: 'Peer' },
  { value: 'hub', label: 'Hub' },
  { value: 'spoke', label: 'Spoke' },
];

export const VirtualCircuitType = defineModel({
  app: 'circuits',
  name: 'virtualcircuittype',
  plural: 'virtual-circuit-types',
  verboseName: 'virtual circuit type',
  fields: {
    name: text({ max: 100, unique: true }),
    slug: slug({ max: 100, unique: true }),
    color: text({ max: 6, blank: true, pattern: /^[0-9a-f]{6}$/, patternMessage: 'Enter a valid hexadecimal RGB color code.' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  counts: { virtual_circuit_count: { model: 'circuits.virtualcircuit', field: 'type' } },
  brief: ['id', 'url', 'display', 'name', 'slug', 'description', 'virtual_circuit_count'],
  search: ['name', 'slug', 'description'],
  filterset: { fields: ['id', 'name', 'slug', 'color', 'description'] },
});

export const VirtualCircuit = defineModel({
  app: 'circuits',
  name: 'virtualcircuit',
  plural: 'virtual-circuits',
  verboseName: 'virtual circuit',
  display: (c) => c.cid,
  ordering: ['provider_network', 'provider_account', 'cid', 'id'],
  lookupField: 'cid',
  fields: {
    cid: text({ max: 100, label: 'Circuit ID', helpText: 'Unique circuit ID' }),
    provider_network: foreignKey(() => ProviderNetwork, { onDelete: 'PROTECT' }),
    provider_account: foreignKey(() => ProviderAccount, { nullable: true, onDelete: 'PROTECT' }),
    type: foreignKey(() => VirtualCircuitType, { onDelete: 'PROTECT' }),
    status: choice(CIRCUIT_STATUSES, { default: 'active' }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  constraints: [
    { fields: ['provider_network', 'cid'], name: 'circuits_virtualcircuit_unique_provider_network_cid' },
    { fields: ['provider_account', 'cid'], name: 'circuits_virtualcircuit_unique_provideraccount_cid' },
  ],
  indexes: [['provider_network', 'provider_account', 'cid']],
  brief: ['id', 'url', 'display', 'provider_network', 'cid', 'description'],
  filterset: {
    fields: ['id', 'cid', 'description', 'status'],
    related: ['provider_account_id', 'provider_network_id', 'type_id', 'type', 'tenant_id', 'tenant'],
  },
  filters: {
    ...tenancyFilters(() => VirtualCircuit),
    provider_id: pathFilter(() => VirtualCircuit, 'provider_network.provider', 'id'),
    provider: pathFilter(() => VirtualCircuit, 'provider_network.provider'),
    provider_account: pathFilter(() => VirtualCircuit, 'provider_account', 'account'),
    q: searchFilter((like) => [like('t.cid'), like('t.description'), like('t.comments')]),
  },
  async validate(row, _previous, ctx) {
    const account = await loadRow(ctx, ProviderAccount, row.provider_account_id);
    const network = await loadRow(ctx, ProviderNetwork, row.provider_network_id);
    if (account && network && account.provider_id !== network.provider_id) {
      throw new FieldError({ provider_account: ['The assigned account must belong to the provider of the assigned network.'] });
    }
  },
});

/** Where a virtual circuit ends: one virtual interface of a device, as a peer, a hub or a spoke. */
export const VirtualCircuitTermination = defineModel({
  app: 'circuits',
  name: 'virtualcircuittermination',
  plural: 'virtual-circuit-terminations',
  // A NetBox model without 4.5's owner: neither its serializer nor its filter set names one.
  owner: false,
  verboseName: 'virtual circuit termination',
  // What needs no other table; responses and change records carry NetBox's `<cid>: <Role> termination` (labels).
  display: (x) => `${TERMINATION_ROLES.find((r) => r.value === x.role)?.label ?? x.role} termination`,
  ordering: ['virtual_circuit', 'role', 'id'],
  fields: {
    virtual_circuit: foreignKey(() => VirtualCircuit, { onDelete: 'CASCADE' }),
    role: choice(TERMINATION_ROLES, { default: 'peer' }),
    // NetBox's one-to-one relation: an interface terminates one virtual circuit, and takes its termination with it.
    interface: foreignKey('dcim.interface', { onDelete: 'CASCADE', unique: true }),
    description: text({ max: 200, blank: true }),
  },
  indexes: [['virtual_circuit', 'role', 'id']],
  relatedObject: 'virtual_circuit',
  brief: ['id', 'url', 'display', 'virtual_circuit', 'role', 'interface', 'description'],
  filterset: { fields: ['id', 'description', 'role'], related: ['virtual_circuit_id', 'interface_id'] },
  filters: {
    provider_id: pathFilter(() => VirtualCircuitTermination, 'virtual_circuit.provider_network.provider', 'id', { exact: true }),
    provider: pathFilter(() => VirtualCircuitTermination, 'virtual_circuit.provider_network.provider', undefined, { exact: true }),
    provider_account_id: pathFilter(() => VirtualCircuitTermination, 'virtual_circuit.provider_account', 'id', { exact: true }),
    provider_account: pathFilter(() => VirtualCircuitTermination, 'virtual_circuit.provider_account', 'account', { exact: true }),
    provider_network_id: pathFilter(() => VirtualCircuitTermination, 'virtual_circuit.provider_network', 'id', { exact: true }),
    q: searchFilter((like) => [like('t.description'), `t.virtual_circuit_id IN (SELECT v.id FROM ${q('circuits_virtualcircuit')} v WHERE ${like('v.cid')})`]),
  },
  // NetBox's rule: a virtual circuit ends at a virtual interface (virtual, LAG or bridge).
  async validate(row, _previous, ctx) {
    const iface = await loadRow(ctx, registry.get('dcim.interface'), row.interface_id);
    if (iface && !VIRTUAL_TYPES.has(iface.type)) throw new FieldError(['Virtual circuits may be terminated only to virtual interfaces.']);
  },
  async labels(rows, ctx) {
    const circuits = await new ModelQuery(ctx.em, VirtualCircuit, ctx.driver).whereIdIn([...new Set(rows.map((r) => r.virtual_circuit_id as number))]).rows({ order: ['id'] });
    const cid = new Map(circuits.map((c) => [c.id, c.cid]));
    return rows.map((row) => `${cid.get(row.virtual_circuit_id)}: ${VirtualCircuitTermination.display(row)}`);
  },
});
