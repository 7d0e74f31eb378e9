import { FieldError, choice, contentType, foreignKey, genericRelation, integer, manyToMany, slug, text } from '../core/model/fields';
import { Row, WriteContext, defineModel, registry } from '../core/model/model';
import { referrerFilter, byAttr, tenancyFilters } from '../core/query/filters';
import { ModelQuery, loadRow } from '../core/query/model-query';
import { assignedInterfaceFilters } from '../ipam/assigned-filters';
import {
  AUTHENTICATION_ALGORITHMS,
  AUTHENTICATION_METHODS,
  DH_GROUPS,
  ENCRYPTION_ALGORITHMS,
  IKE_MODES,
  IKE_VERSIONS,
  IPSEC_MODES,
  TERMINATION_ROLES,
  TUNNEL_ENCAPSULATIONS,
  TUNNEL_STATUSES,
} from './choices';

/*
 * NetBox 3.7's VPN app as 4.6.8 has it: IKE and IPSec proposals, policies and profiles, and tunnels (in groups)
 * terminated at interfaces. Only 4.x speaks them; the 3.5 dialect lacks every one.
 */

/** Whole numbers a PositiveIntegerField holds. */
const POSITIVE_INT = { min: 0, max: 2_147_483_647 };

/** What a tunnel may terminate at: device and virtual machine interfaces, as NetBox's forms offer. */
const TERMINATION_TYPES = ['dcim.interface', 'virtualization.vminterface'];

/** A PrimaryModel's closing fields, and its search over name, description and comments. */
const primary = () => ({ description: text({ max: 200, blank: true }), comments: text({ blank: true }) });
const PRIMARY_SEARCH = ['name', 'description', 'comments'];

export const IKEProposal = defineModel({
  app: 'vpn',
  name: 'ikeproposal',
  plural: 'ike-proposals',
  verboseName: 'IKE proposal',
  fields: {
    name: text({ max: 100, unique: true }),
    authentication_method: choice(AUTHENTICATION_METHODS, { label: 'Authentication method' }),
    encryption_algorithm: choice(ENCRYPTION_ALGORITHMS, { label: 'Encryption algorithm' }),
    authentication_algorithm: choice(AUTHENTICATION_ALGORITHMS, { nullable: true, blank: true, label: 'Authentication algorithm' }),
    group: choice(DH_GROUPS, { label: 'Group', helpText: 'Diffie-Hellman group ID' }),
    sa_lifetime: integer({ ...POSITIVE_INT, nullable: true, label: 'SA lifetime', helpText: 'Security association lifetime (in seconds)' }),
    ...primary(),
  },
  brief: ['id', 'url', 'display', 'name', 'description'],
  search: PRIMARY_SEARCH,
  filterset: { fields: ['id', 'name', 'sa_lifetime', 'description', 'authentication_method', 'encryption_algorithm', 'authentication_algorithm', 'group'] },
  filters: {
    ike_policy_id: referrerFilter(() => IKEPolicy, 'proposals'),
    ike_policy: referrerFilter(() => IKEPolicy, 'proposals', byAttr(() => IKEPolicy, 'name')),
  },
});

/** NetBox's rule: IKEv1 names its mode (main or aggressive), IKEv2 has none. */
function checkIkeMode(row: Row): void {
  if (row.version === 1 && !row.mode) throw new FieldError(['Mode is required for selected IKE version']);
  if (row.version === 2 && row.mode) throw new FieldError(['Mode cannot be used for selected IKE version']);
}

export const IKEPolicy = defineModel({
  app: 'vpn',
  name: 'ikepolicy',
  plural: 'ike-policies',
  verboseName: 'IKE policy',
  verboseNamePlural: 'IKE policies',
  fields: {
    name: text({ max: 100, unique: true }),
    // NetBox's model defaults to IKEv2, but its serializer asks for the version.
    version: choice(IKE_VERSIONS, { label: 'Version' }),
    mode: choice(IKE_MODES, { nullable: true, blank: true, label: 'Mode' }),
    proposals: manyToMany(() => IKEProposal, { filterName: 'ike_proposal', label: 'Proposals' }),
    preshared_key: text({ blank: true, label: 'Pre-shared key' }),
    ...primary(),
  },
  brief: ['id', 'url', 'display', 'name', 'description'],
  search: PRIMARY_SEARCH,
  filterset: { fields: ['id', 'name', 'preshared_key', 'description', 'version', 'mode'], related: ['ike_proposal_id', 'ike_proposal'] },
  validate: checkIkeMode,
});

export const IPSecProposal = defineModel({
  app: 'vpn',
  name: 'ipsecproposal',
  plural: 'ipsec-proposals',
  verboseName: 'IPSec proposal',
  fields: {
    name: text({ max: 100, unique: true }),
    encryption_algorithm: choice(ENCRYPTION_ALGORITHMS, { nullable: true, blank: true, label: 'Encryption algorithm', verboseName: 'encryption' }),
    authentication_algorithm: choice(AUTHENTICATION_ALGORITHMS, { nullable: true, blank: true, label: 'Authentication algorithm', verboseName: 'authentication' }),
    sa_lifetime_seconds: integer({ ...POSITIVE_INT, nullable: true, label: 'SA lifetime (seconds)', helpText: 'Security association lifetime (seconds)' }),
    sa_lifetime_data: integer({ ...POSITIVE_INT, nullable: true, label: 'SA lifetime (KB)', helpText: 'Security association lifetime (in kilobytes)' }),
    ...primary(),
  },
  brief: ['id', 'url', 'display', 'name', 'description'],
  search: PRIMARY_SEARCH,
  filterset: { fields: ['id', 'name', 'sa_lifetime_seconds', 'sa_lifetime_data', 'description', 'encryption_algorithm', 'authentication_algorithm'] },
  filters: {
    ipsec_policy_id: referrerFilter(() => IPSecPolicy, 'proposals'),
    ipsec_policy: referrerFilter(() => IPSecPolicy, 'proposals', byAttr(() => IPSecPolicy, 'name')),
  },
  // NetBox's rule: a proposal that neither encrypts nor authenticates proposes nothing.
  validate(row) {
    if (!row.encryption_algorithm && !row.authentication_algorithm) throw new FieldError(['Encryption and/or authentication algorithm must be defined']);
  },
});

export const IPSecPolicy = defineModel({
  app: 'vpn',
  name: 'ipsecpolicy',
  plural: 'ipsec-policies',
  verboseName: 'IPSec policy',
  verboseNamePlural: 'IPSec policies',
  fields: {
    name: text({ max: 100, unique: true }),
    proposals: manyToMany(() => IPSecProposal, { filterName: 'ipsec_proposal', label: 'Proposals' }),
    pfs_group: choice(DH_GROUPS, { nullable: true, blank: true, label: 'Pfs group', verboseName: 'PFS group', helpText: 'Diffie-Hellman group for Perfect Forward Secrecy' }),
    ...primary(),
  },
  brief: ['id', 'url', 'display', 'name', 'description'],
  search: PRIMARY_SEARCH,
  filterset: { fields: ['id', 'name', 'description', 'pfs_group'], related: ['ipsec_proposal_id', 'ipsec_proposal'] },
});

export const IPSecProfile = defineModel({
  app: 'vpn',
  name: 'ipsecprofile',
  plural: 'ipsec-profiles',
  verboseName: 'IPSec profile',
  fields: {
    name: text({ max: 100, unique: true }),
    mode: choice(IPSEC_MODES, { label: 'Mode' }),
    ike_policy: foreignKey(() => IKEPolicy, { onDelete: 'PROTECT', label: 'Ike policy' }),
    ipsec_policy: foreignKey(() => IPSecPolicy, { onDelete: 'PROTECT', label: 'Ipsec policy' }),
    ...primary(),
  },
  brief: ['id', 'url', 'display', 'name', 'description'],
  search: PRIMARY_SEARCH,
  filterset: { fields: ['id', 'name', 'description', 'mode'], related: ['ike_policy_id', 'ike_policy', 'ipsec_policy_id', 'ipsec_policy'] },
});

export const TunnelGroup = defineModel({
  app: 'vpn',
  name: 'tunnelgroup',
  plural: 'tunnel-groups',
  verboseName: 'tunnel group',
  fields: {
    name: text({ max: 100, unique: true }),
    slug: slug({ max: 100, unique: true }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  counts: { tunnel_count: { model: 'vpn.tunnel', field: 'group' } },
  brief: ['id', 'url', 'display', 'name', 'slug', 'description', 'tunnel_count'],
  search: ['name', 'slug', 'description'],
  filterset: { fields: ['id', 'name', 'slug', 'description'] },
});

export const Tunnel = defineModel({
  app: 'vpn',
  name: 'tunnel',
  plural: 'tunnels',
  verboseName: 'tunnel',
  fields: {
    name: text({ max: 100, unique: true }),
    // NetBox's model defaults to active, but its serializer asks for the status.
    status: choice(TUNNEL_STATUSES, { label: 'Status' }),
    group: foreignKey(() => TunnelGroup, { nullable: true, onDelete: 'PROTECT', label: 'Group' }),
    encapsulation: choice(TUNNEL_ENCAPSULATIONS, { label: 'Encapsulation' }),
    ipsec_profile: foreignKey(() => IPSecProfile, { nullable: true, onDelete: 'PROTECT', label: 'Ipsec profile' }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT', label: 'Tenant' }),
    tunnel_id: integer({ min: 0, max: Number.MAX_SAFE_INTEGER, big: true, nullable: true, label: 'Tunnel ID' }),
    ...primary(),
  },
  constraints: [
    { fields: ['group', 'name'], name: 'vpn_tunnel_group_name' },
    { fields: ['name'], when: { group: null }, name: 'vpn_tunnel_name' },
  ],
  counts: { terminations_count: { model: 'vpn.tunneltermination', field: 'tunnel' } },
  brief: ['id', 'url', 'display', 'name', 'description'],
  search: PRIMARY_SEARCH,
  filterset: {
    fields: ['id', 'name', 'tunnel_id', 'description', 'status', 'encapsulation'],
    related: ['group_id', 'group', 'ipsec_profile_id', 'ipsec_profile', 'tenant_id', 'tenant'],
  },
  filters: tenancyFilters(() => Tunnel),
});

/** Django's message for the unique constraint: one tunnel per object. */
const TERMINATED_ONCE = 'An object may be terminated to only one tunnel at a time.';

/**
 * NetBox's rules of a termination: it names its object (a type without an id is none), and an object that already
 * terminates another tunnel cannot terminate this one (its constraint then adds Django's message).
 */
async function checkTermination(row: Row, previous: Row | null, ctx?: WriteContext): Promise<void> {
  if (row.termination_id === null) throw new FieldError({ termination_id: ['This field cannot be null.'] });
  const object = await loadRow(ctx, registry.get(row.termination_type), row.termination_id);
  if (!object || !ctx?.em || !ctx.driver) return;
  const others = new ModelQuery(ctx.em, TunnelTermination, ctx.driver).where('t.termination_type = :type AND t.termination_id = :id', {
    type: row.termination_type,
    id: row.termination_id,
  });
  if (previous) others.where('t.id <> :self', { self: previous.id });
  const [held] = await others.rows({ order: ['id'] });
  if (!held) return;
  const tunnel = await loadRow(ctx, Tunnel, held.tunnel_id);
  throw new FieldError({ termination: [`${object.name} is already attached to a tunnel (${tunnel ? Tunnel.display(tunnel) : held.tunnel_id}).`] });
}

/** Where a tunnel ends: an interface of a device or a virtual machine, with its role and outside address; one per interface. */
export const TunnelTermination = defineModel({
  app: 'vpn',
  name: 'tunneltermination',
  plural: 'tunnel-terminations',
  verboseName: 'tunnel termination',
  // What needs no other table; responses and change records carry NetBox's `<tunnel>: Termination <id>` (labels).
  display: (t) => `Termination ${t.id}`,
  ordering: ['tunnel', 'role', 'id'],
  fields: {
    tunnel: foreignKey(() => Tunnel, { onDelete: 'CASCADE', label: 'Tunnel' }),
    role: choice(TERMINATION_ROLES, { label: 'Role' }),
    termination_type: contentType({ allowed: () => TERMINATION_TYPES.filter((type) => registry.has(type)), label: 'Termination type' }),
    termination_id: integer({ min: 0, max: Number.MAX_SAFE_INTEGER, big: true, nullable: true, label: 'Termination id' }),
    // An interface takes its termination with it, as NetBox's generic relation does.
    termination: genericRelation('termination_type', 'termination_id', { cascade: true, relatedName: 'tunnel_terminations' }),
    outside_ip: foreignKey('ipam.ipaddress', { nullable: true, onDelete: 'PROTECT', label: 'Outside ip' }),
  },
  constraints: [{ fields: ['termination_type', 'termination_id'], name: 'vpn_tunneltermination_termination', message: TERMINATED_ONCE }],
  indexes: [['tunnel', 'role', 'id']],
  relatedObject: 'tunnel',
  brief: ['id', 'url', 'display'],
  filterset: { fields: ['id', 'termination_id', 'role'], related: ['tunnel_id', 'tunnel', 'outside_ip_id'] },
  filters: {
    ...assignedInterfaceFilters({ type: 'termination_type', id: 'termination_id' }),
    // NetBox's filter set takes `q` and searches nothing with it.
    q: { apply: () => undefined },
  },
  validate: checkTermination,
  async labels(rows, ctx) {
    const ids = [...new Set(rows.map((r) => r.tunnel_id as number))];
    const tunnels = await new ModelQuery(ctx.em, Tunnel, ctx.driver).whereIdIn(ids).rows({ order: ['id'] });
    const names = new Map(tunnels.map((t) => [t.id, Tunnel.display(t)]));
    return rows.map((row) => `${names.get(row.tunnel_id)}: Termination ${row.id}`);
  },
});
