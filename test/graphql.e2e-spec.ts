import * as fs from 'fs';
import * as path from 'path';
import { auditServer } from 'graphql-http';
import { loadConfig } from '../src/core/config/config';
import { TestApp } from './helpers/test-app';
import { Json, createOne, expectStatus } from './helpers/seed';
import { abandonAfterFirstBytes, connectionsInUse, rawGet, until, watchReads } from './helpers/snapshot-reads';
import type { Response } from 'supertest';
import { statementsDuring, statementsOf } from './helpers/queries';
import { baseUrl, grant, makeUserWithToken } from './helpers/users';
import { graphqlStreaming } from '../src/graphql/stream';

jest.setTimeout(300_000);

const GQL = '/graphql/';

/** POSTs a query as a GraphQL client does, with the superuser's token unless another (or none) is given. */
function gql(t: TestApp, query: string, variables?: Json, token: string | null = t.token) {
  return t.post(GQL, variables ? { query, variables } : { query }, token);
}

/** The `data` of a query that must succeed. */
async function data(t: TestApp, query: string, token: string | null = t.token): Promise<Json> {
  const res = await gql(t, query, undefined, token);
  expectStatus(res, 200);
  expect(res.body.errors).toBeUndefined();
  return res.body.data;
}

const names = (objects: Json[]) => objects.map((o) => o.name);

/** Every query of NetBox 3.5's GraphQL schema and the type it answers with (`<name>_list` answers a list of it). */
const NETBOX_QUERIES = [
  'circuit:CircuitType circuit_termination:CircuitTerminationType circuit_type:CircuitTypeType provider:ProviderType',
  'provider_account:ProviderAccountType provider_network:ProviderNetworkType cable:CableType console_port:ConsolePortType',
  'console_port_template:ConsolePortTemplateType console_server_port:ConsoleServerPortType',
  'console_server_port_template:ConsoleServerPortTemplateType device:DeviceType device_bay:DeviceBayType',
  'device_bay_template:DeviceBayTemplateType device_role:DeviceRoleType device_type:DeviceTypeType front_port:FrontPortType',
  'front_port_template:FrontPortTemplateType interface:InterfaceType interface_template:InterfaceTemplateType',
  'inventory_item:InventoryItemType inventory_item_role:InventoryItemRoleType inventory_item_template:InventoryItemTemplateType',
  'location:LocationType manufacturer:ManufacturerType module:ModuleType module_bay:ModuleBayType',
  'module_bay_template:ModuleBayTemplateType module_type:ModuleTypeType platform:PlatformType power_feed:PowerFeedType',
  'power_outlet:PowerOutletType power_outlet_template:PowerOutletTemplateType power_panel:PowerPanelType power_port:PowerPortType',
  'power_port_template:PowerPortTemplateType rack:RackType rack_reservation:RackReservationType rack_role:RackRoleType',
  'rear_port:RearPortType rear_port_template:RearPortTemplateType region:RegionType site:SiteType site_group:SiteGroupType',
  'virtual_chassis:VirtualChassisType virtual_device_context:VirtualDeviceContextType config_context:ConfigContextType',
  'config_template:ConfigTemplateType custom_field:CustomFieldType custom_link:CustomLinkType export_template:ExportTemplateType',
  'image_attachment:ImageAttachmentType saved_filter:SavedFilterType journal_entry:JournalEntryType tag:TagType webhook:WebhookType',
  'asn:ASNType asn_range:ASNRangeType aggregate:AggregateType ip_address:IPAddressType ip_range:IPRangeType l2vpn:L2VPNType',
  'l2vpn_termination:L2VPNTerminationType prefix:PrefixType rir:RIRType role:RoleType route_target:RouteTargetType',
  'service:ServiceType service_template:ServiceTemplateType fhrp_group:FHRPGroupType fhrp_group_assignment:FHRPGroupAssignmentType',
  'vlan:VLANType vlan_group:VLANGroupType vrf:VRFType tenant:TenantType tenant_group:TenantGroupType contact:ContactType',
  'contact_role:ContactRoleType contact_group:ContactGroupType contact_assignment:ContactAssignmentType group:GroupType',
  'user:UserType cluster:ClusterType cluster_group:ClusterGroupType cluster_type:ClusterTypeType virtual_machine:VirtualMachineType',
  'vm_interface:VMInterfaceType wireless_lan:WirelessLANType wireless_lan_group:WirelessLANGroupType wireless_link:WirelessLinkType',
]
  .join(' ')
  .split(/\s+/)
  .filter(Boolean)
  .map((pair) => pair.split(':') as [string, string]);

/** A data centre as the REST API builds it: sites, devices with interfaces and addresses, and the other apps around them. */
async function seedInventory(t: TestApp) {
  const post = (path: string, body: Json) => createOne(t, path, body);
  const tenant = await post('/api/tenancy/tenants/', { name: 'Acme', slug: 'acme' });
  const dc1 = await post('/api/dcim/sites/', { name: 'DC1', slug: 'dc1', tenant: tenant.id });
  const dc2 = await post('/api/dcim/sites/', { name: 'DC2', slug: 'dc2' });
  const maker = await post('/api/dcim/manufacturers/', { name: 'Acme Networks', slug: 'acme-networks' });
  const type = await post('/api/dcim/device-types/', { manufacturer: maker.id, model: 'Switch 48', slug: 'switch-48' });
  const role = await post('/api/dcim/device-roles/', { name: 'Switch', slug: 'switch' });
  const tag = await post('/api/extras/tags/', { name: 'Core', slug: 'core' });
  await post('/api/extras/custom-fields/', { name: 'asset_owner', type: 'text', content_types: ['dcim.device'] });
  const device = (name: string, site: Json, fields: Json = {}) =>
    post('/api/dcim/devices/', { name, device_type: type.id, device_role: role.id, site: site.id, status: 'active', ...fields });
  const sw1 = await device('sw1', dc1, { tags: [tag.id], custom_fields: { asset_owner: 'network-ops' } });
  const sw2 = await device('sw2', dc1);
  const rtr1 = await device('rtr1', dc1, { status: 'planned' });
  const sw3 = await device('sw3', dc2);
  const eth0 = await post('/api/dcim/interfaces/', { device: sw1.id, name: 'eth0', type: '1000base-t' });
  await post('/api/dcim/interfaces/', { device: sw1.id, name: 'eth1', type: '1000base-t' });
  await post('/api/dcim/interfaces/', { device: rtr1.id, name: 'ge-0/0/0', type: '1000base-t' });
  const address = await post('/api/ipam/ip-addresses/', { address: '192.0.2.1/24', assigned_object_type: 'dcim.interface', assigned_object_id: eth0.id });
  await post('/api/ipam/prefixes/', { prefix: '192.0.2.0/24', site: dc1.id });
  const vlanGroup = await post('/api/ipam/vlan-groups/', { name: 'Campus', slug: 'campus' });
  await post('/api/ipam/vlans/', { vid: 100, name: 'Users', group: vlanGroup.id });
  await post('/api/ipam/vlans/', { vid: 200, name: 'Voice', group: vlanGroup.id });
  const provider = await post('/api/circuits/providers/', { name: 'Transit Co', slug: 'transit-co' });
  const circuitType = await post('/api/circuits/circuit-types/', { name: 'Internet', slug: 'internet' });
  await post('/api/circuits/circuits/', { cid: 'CIR-1', provider: provider.id, type: circuitType.id });
  const clusterType = await post('/api/virtualization/cluster-types/', { name: 'VMware', slug: 'vmware' });
  const cluster = await post('/api/virtualization/clusters/', { name: 'Farm', type: clusterType.id });
  const vm = await post('/api/virtualization/virtual-machines/', { name: 'app01', cluster: cluster.id });
  const vmEth = await post('/api/virtualization/interfaces/', { virtual_machine: vm.id, name: 'eth0' });
  await post('/api/ipam/ip-addresses/', { address: '198.51.100.5/24', assigned_object_type: 'virtualization.vminterface', assigned_object_id: vmEth.id });
  await post('/api/wireless/wireless-lans/', { ssid: 'corp-wifi' });
  const contact = await post('/api/tenancy/contacts/', { name: 'Alice Admin' });
  const contactRole = await post('/api/tenancy/contact-roles/', { name: 'Operations', slug: 'operations' });
  await post('/api/tenancy/contact-assignments/', { content_type: 'dcim.site', object_id: dc1.id, contact: contact.id, role: contactRole.id });
  return { tenant, dc1, dc2, sw1, sw2, rtr1, sw3, eth0, address, tag, type, role };
}

describe('GraphQL API', () => {
  let t: TestApp;
  let seed: Awaited<ReturnType<typeof seedInventory>>;

  beforeAll(async () => {
    t = await TestApp.start({ EXEMPT_VIEW_PERMISSIONS: 'dcim.site', PLUGINS: 'dns' });
    seed = await seedInventory(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('schema derived from the models', () => {
    it('answers a query for each app with NetBox names, choices as their values', async () => {
      const result = await data(
        t,
        `{
          device_list { name status device_role { slug } device_type { model manufacturer { name } } }
          circuit_list { cid provider { name } type { name } }
          ip_address_list { address }
          vlan_group_list { name vlans { vid name } }
          prefix_list { prefix site { slug } }
          tenant_list { name sites { name } }
          contact_assignment_list { contact { name } role { name } }
          virtual_machine_list { name cluster { name type { name } } interfaces { name } }
          wireless_lan_list { ssid }
          tag_list { name slug }
          user_list { username }
        }`,
      );
      expect(result.device_list).toEqual([
        { name: 'rtr1', status: 'planned', device_role: { slug: 'switch' }, device_type: { model: 'Switch 48', manufacturer: { name: 'Acme Networks' } } },
        { name: 'sw1', status: 'active', device_role: { slug: 'switch' }, device_type: { model: 'Switch 48', manufacturer: { name: 'Acme Networks' } } },
        { name: 'sw2', status: 'active', device_role: { slug: 'switch' }, device_type: { model: 'Switch 48', manufacturer: { name: 'Acme Networks' } } },
        { name: 'sw3', status: 'active', device_role: { slug: 'switch' }, device_type: { model: 'Switch 48', manufacturer: { name: 'Acme Networks' } } },
      ]);
      expect(result.circuit_list).toEqual([{ cid: 'CIR-1', provider: { name: 'Transit Co' }, type: { name: 'Internet' } }]);
      expect(result.ip_address_list.map((a: Json) => a.address).sort()).toEqual(['192.0.2.1/24', '198.51.100.5/24']);
      expect(result.vlan_group_list).toEqual([{ name: 'Campus', vlans: [{ vid: 100, name: 'Users' }, { vid: 200, name: 'Voice' }] }]);
      expect(result.prefix_list).toEqual([{ prefix: '192.0.2.0/24', site: { slug: 'dc1' } }]);
      expect(result.tenant_list).toEqual([{ name: 'Acme', sites: [{ name: 'DC1' }] }]);
      expect(result.contact_assignment_list).toEqual([{ contact: { name: 'Alice Admin' }, role: { name: 'Operations' } }]);
      expect(result.virtual_machine_list).toEqual([{ name: 'app01', cluster: { name: 'Farm', type: { name: 'VMware' } }, interfaces: [{ name: 'eth0' }] }]);
      expect(result.wireless_lan_list).toEqual([{ ssid: 'corp-wifi' }]);
      expect(result.tag_list).toEqual([{ name: 'Core', slug: 'core' }]);
      expect(result.user_list).toEqual([{ username: 'admin' }]);
    });

    it("has every query of NetBox 3.5's schema, with its type and argument", async () => {
      const result = await data(t, '{ __schema { queryType { fields { name args { name type { kind name ofType { name } } } type { kind name ofType { kind ofType { kind ofType { name } } } } } } } }');
      const fields = new Map<string, Json>(result.__schema.queryType.fields.map((f: Json) => [f.name, f]));
      expect(NETBOX_QUERIES).toHaveLength(90);
      for (const [query, type] of NETBOX_QUERIES) {
        expect([query, fields.get(query)?.type.name]).toEqual([query, type]);
        expect([query, fields.get(query)?.args]).toEqual([query, [{ name: 'id', type: { kind: 'NON_NULL', name: null, ofType: { name: 'Int' } } }]]);
        expect([query, fields.get(`${query}_list`)?.type.ofType.ofType.ofType.name]).toEqual([query, type]);
      }
    });

    it('names types as NetBox does and reads one object by id', async () => {
      const result = await data(t, `{ device(id: ${seed.sw1.id}) { __typename id display name } device_type_list { __typename } ip_address(id: ${seed.address.id}) { __typename } }`);
      expect(result.device).toEqual({ __typename: 'DeviceType', id: String(seed.sw1.id), display: 'sw1', name: 'sw1' });
      expect(result.device_type_list).toEqual([{ __typename: 'DeviceTypeType' }]);
      expect(result.ip_address).toEqual({ __typename: 'IPAddressType' });
      expect((await data(t, '{ device(id: 999999) { name } }')).device).toBeNull();
    });

    it('follows relations both ways, several levels deep', async () => {
      const result = await data(
        t,
        `{ site_list(slug: "dc1") { name devices { name interfaces { name ip_addresses { address } } } }
           device(id: ${seed.sw1.id}) { site { tenant { name } } interfaces { name device { name } } } }`,
      );
      expect(result.site_list).toEqual([
        {
          name: 'DC1',
          devices: [
            { name: 'rtr1', interfaces: [{ name: 'ge-0/0/0', ip_addresses: [] }] },
            { name: 'sw1', interfaces: [{ name: 'eth0', ip_addresses: [{ address: '192.0.2.1/24' }] }, { name: 'eth1', ip_addresses: [] }] },
            { name: 'sw2', interfaces: [] },
          ],
        },
      ]);
      expect(result.device).toEqual({ site: { tenant: { name: 'Acme' } }, interfaces: [{ name: 'eth0', device: { name: 'sw1' } }, { name: 'eth1', device: { name: 'sw1' } }] });
    });

    it('reads a generic relation as a union of the types it may name', async () => {
      const result = await data(
        t,
        `{ ip_address_list {
             address
             assigned_object { __typename ... on InterfaceType { name device { name } } ... on VMInterfaceType { name virtual_machine { name } } }
           }
           contact_assignment_list { object { ... on SiteType { slug } } } }`,
      );
      const byAddress = Object.fromEntries(result.ip_address_list.map((a: Json) => [a.address, a.assigned_object]));
      expect(byAddress['192.0.2.1/24']).toEqual({ __typename: 'InterfaceType', name: 'eth0', device: { name: 'sw1' } });
      expect(byAddress['198.51.100.5/24']).toEqual({ __typename: 'VMInterfaceType', name: 'eth0', virtual_machine: { name: 'app01' } });
      expect(result.contact_assignment_list).toEqual([{ object: { slug: 'dc1' } }]);
    });

    it("lists what names an object through a generic relation under NetBox's names", async () => {
      await createOne(t, '/api/extras/journal-entries/', { assigned_object_type: 'dcim.site', assigned_object_id: seed.dc1.id, comments: 'Power work' });
      const result = await data(t, `{ site(id: ${seed.dc1.id}) { contacts { contact { name } } journal_entries { comments } changelog { action changed_object { ... on SiteType { slug } } } } }`);
      expect(result.site.contacts).toEqual([{ contact: { name: 'Alice Admin' } }]);
      expect(result.site.journal_entries).toEqual([{ comments: 'Power work' }]);
      expect(result.site.changelog).toEqual([{ action: 'create', changed_object: { slug: 'dc1' } }]);
    });

    it("lists an address's NAT outside addresses as nat_outside, the REST API's and Django's related name", async () => {
      const inside = await createOne(t, '/api/ipam/ip-addresses/', { address: '192.0.2.77/32' });
      await createOne(t, '/api/ipam/ip-addresses/', { address: '198.51.100.77/32', nat_inside: inside.id });
      const result = await data(t, `{ ip_address(id: ${inside.id}) { nat_outside { address nat_inside { address } } } }`);
      expect(result.ip_address.nat_outside).toEqual([{ address: '198.51.100.77/32', nat_inside: { address: '192.0.2.77/32' } }]);
    });

    it('reads custom fields and config contexts as JSON, tags as objects', async () => {
      await createOne(t, '/api/extras/config-contexts/', { name: 'DC1 NTP', data: { ntp: ['192.0.2.123'] }, sites: [seed.dc1.id] });
      const result = await data(t, `{ device_list(name: ["sw1", "sw3"]) { name custom_fields config_context tags { name slug } } }`);
      expect(result.device_list).toEqual([
        { name: 'sw1', custom_fields: { asset_owner: 'network-ops' }, config_context: { ntp: ['192.0.2.123'] }, tags: [{ name: 'Core', slug: 'core' }] },
        { name: 'sw3', custom_fields: { asset_owner: null }, config_context: {}, tags: [] },
      ]);
    });

    it('answers the examples of docs/graphql.md', async () => {
      const doc = fs.readFileSync(path.join(__dirname, '..', 'docs', 'graphql.md'), 'utf8');
      const examples = [...doc.matchAll(/```graphql\n([\s\S]*?)```/g)].map((m) => m[1]);
      expect(examples.length).toBeGreaterThanOrEqual(3);
      for (const query of examples) {
        const res = await gql(t, query, { slug: 'dc1' });
        expectStatus(res, 200);
        expect([query, res.body.errors]).toEqual([query, undefined]);
        expect(Object.values(res.body.data as Json).every((list) => Array.isArray(list) && list.length > 0)).toBe(true);
      }
    });

    it("serves a plugin's models and the queries it adds", async () => {
      const zone = await createOne(t, '/api/plugins/dns/zones/', { name: 'example.com', soa_mname: 'ns1.example.com', soa_rname: 'hostmaster.example.com' });
      await createOne(t, '/api/plugins/dns/records/', { zone: zone.id, name: 'www', type: 'A', ip_address: seed.address.id });
      const result = await data(
        t,
        `{ zone_list { name status records { name type value } }
           ip_address(id: ${seed.address.id}) { dns_records { name zone { name } } }
           dns_zone_by_name(name: "example.com") { name } }`,
      );
      expect(result.zone_list).toEqual([{ name: 'example.com', status: 'active', records: [{ name: 'www', type: 'A', value: '192.0.2.1' }] }]);
      expect(result.ip_address.dns_records).toEqual([{ name: 'www', zone: { name: 'example.com' } }]);
      expect(result.dns_zone_by_name).toEqual({ name: 'example.com' });
    });
  });

  describe('filters', () => {
    it('takes the REST filters with their lookups and NetBox value forms', async () => {
      const list = async (args: string) => names((await data(t, `{ device_list(${args}) { name } }`)).device_list);
      expect(await list('site: "dc1", status: "active", name__ic: "sw"')).toEqual(['sw1', 'sw2']);
      expect(await list('site: ["dc1", "dc2"], status__n: "active"')).toEqual(['rtr1']);
      expect(await list(`site_id: "${seed.dc2.id}"`)).toEqual(['sw3']);
      expect(await list('name__isw: "SW", name__n: ["sw2"]')).toEqual(['sw1', 'sw3']);
      expect(await list('tag: "core"')).toEqual(['sw1']);
      expect(await list('q: "rtr"')).toEqual(['rtr1']);
      expect(await list('tenant: "acme"')).toEqual([]);
      expect(await list('limit: 2, offset: 1')).toEqual(['sw1', 'sw2']);
      expect(names((await data(t, '{ vlan_list(vid__gte: "150") { name } }')).vlan_list)).toEqual(['Voice']);
    });

    it('matches the REST list for the same filters', async () => {
      const rest = await t.get('/api/dcim/devices/?site=dc1&name__ie=SW1&limit=0');
      expectStatus(rest, 200);
      const result = await data(t, '{ device_list(site: "dc1", name__ie: "SW1") { id } }');
      expect(result.device_list.map((d: Json) => Number(d.id))).toEqual(rest.body.results.map((d: Json) => d.id));
    });

    it('answers a bad filter value with a GraphQL error naming it, not a server error', async () => {
      const res = await gql(t, '{ device_list(site: "atlantis") { name } }');
      expectStatus(res, 200);
      expect(res.body.data).toBeNull();
      expect(res.body.errors[0].message).toMatch(/^Invalid filter: site: Select a valid choice\. atlantis/);
      expect(res.body.errors[0].path).toEqual(['device_list']);
      // Beyond what an id column holds: refused as a value, where PostgreSQL would fail the statement.
      const hugeId = await gql(t, '{ ip_address_list(id: "99999999999") { address } }');
      expectStatus(hugeId, 200);
      expect(hugeId.body.errors.map((e: Json) => e.message)).toEqual(['Invalid filter: id: Ensure this value is less than or equal to 2147483647.']);
      const hugeRelated = await gql(t, '{ device_list(site_id: "99999999999") { name } }');
      expectStatus(hugeRelated, 200);
      expect(hugeRelated.body.errors.map((e: Json) => e.message)).toEqual(['Invalid filter: site_id: Select a valid choice. 99999999999 is not one of the available choices.']);
    });
  });

  describe('permissions', () => {
    it('shows a user exactly what the REST list shows, nested objects included', async () => {
      const { user, key } = await makeUserWithToken(t, 'viewer');
      await grant(t, { object_types: ['dcim.device'], actions: ['view'], constraints: { name__startswith: 'sw' }, users: [user.id] });
      await grant(t, { object_types: ['dcim.interface'], actions: ['view'], users: [user.id] });
      const rest = await t.get('/api/dcim/devices/?limit=0', key);
      expectStatus(rest, 200);
      const result = await data(
        t,
        `{ device_list { name } site_list { name devices { name } }
           interface_list { name device { name } } rtr: device(id: ${seed.rtr1.id}) { name } ip_address_list { address } }`,
        key,
      );
      expect(names(result.device_list)).toEqual(names(rest.body.results));
      expect(names(result.device_list)).toEqual(['sw1', 'sw2', 'sw3']);
      // Sites are exempt from view permissions; their devices are still the user's to see or not.
      expect(result.site_list).toEqual([
        { name: 'DC1', devices: [{ name: 'sw1' }, { name: 'sw2' }] },
        { name: 'DC2', devices: [{ name: 'sw3' }] },
      ]);
      expect(result.interface_list).toEqual([
        { name: 'ge-0/0/0', device: null },
        { name: 'eth0', device: { name: 'sw1' } },
        { name: 'eth1', device: { name: 'sw1' } },
      ]);
      expect(result.rtr).toBeNull();
      expect(result.ip_address_list).toEqual([]);
    });

    it('shows anonymous clients only the models exempt from view permissions', async () => {
      const result = await data(t, '{ site_list { name devices { name } } device_list { name } }', null);
      expect(result).toEqual({ site_list: [{ name: 'DC1', devices: [] }, { name: 'DC2', devices: [] }], device_list: [] });
    });

    it('serves no tokens: a key is a credential', async () => {
      const res = await gql(t, '{ token_list { key } }');
      expectStatus(res, 200);
      expect(res.body.errors[0].message).toMatch(/^Cannot query field "token_list" on type "Query"/);
      const user = await data(t, '{ user_list(username: "admin") { username } }');
      expect(user.user_list).toEqual([{ username: 'admin' }]);
      const fields = await data(t, '{ __type(name: "UserType") { fields { name } } }');
      expect(fields.__type.fields.map((f: Json) => f.name)).not.toEqual(expect.arrayContaining(['password']));
      expect(fields.__type.fields.map((f: Json) => f.name)).not.toContain('tokens');
    });

    it("speaks 3.5: none of the models or fields 4.x added that the store keeps", async () => {
      const schema = await data(t, '{ __schema { queryType { fields { name } } } }');
      const queries = schema.__schema.queryType.fields.map((f: Json) => f.name);
      expect(queries).toEqual(expect.arrayContaining(['interface_list', 'rack_list', 'virtual_machine_list']));
      for (const lacked of ['mac_address_list', 'virtual_disk_list', 'script_list']) expect(queries).not.toContain(lacked);
      const fieldsOf = async (type: string) => (await data(t, `{ __type(name: "${type}") { fields { name } } }`)).__type.fields.map((f: Json) => f.name);
      const iface = await fieldsOf('InterfaceType');
      expect(iface).toContain('mac_address');
      for (const added of ['primary_mac_address', 'mac_addresses']) expect(iface).not.toContain(added);
      const rack = await fieldsOf('RackType');
      expect(rack).toContain('type');
      for (const added of ['airflow', 'starting_unit', 'outer_height']) expect(rack).not.toContain(added);
    });

    it('refuses an invalid token as REST does', async () => {
      const res = await gql(t, '{ site_list { name } }', undefined, 'f'.repeat(40));
      expectStatus(res, 403);
    });
  });

  describe('cost', () => {
    it('reads a level with more parents than a statement may bind, in batches, every object found', async () => {
      const group = await createOne(t, '/api/tenancy/tenant-groups/', { name: 'Many', slug: 'many' });
      const count = 5_050;
      for (let start = 0; start < count; start += 1000) {
        const made = await t.post('/api/tenancy/tenants/', Array.from({ length: Math.min(1000, count - start) }, (_, i) => ({ name: `Many ${start + i}`, slug: `many-${start + i}`, group: group.id })));
        expectStatus(made, 201);
      }
      const last = (await t.get('/api/tenancy/tenants/?slug=many-5049')).body.results[0];
      const site = await createOne(t, '/api/dcim/sites/', { name: 'Many site', slug: 'many-site', tenant: last.id });
      let res: Response | undefined;
      const statements = await statementsOf(t, async () => (res = await gql(t, '{ tenant_list(group: "many") { slug sites { name } } }')));
      expectStatus(res!, 200);
      const tenants = res!.body.data.tenant_list as Json[];
      expect(tenants).toHaveLength(count);
      expect(tenants.filter((x) => x.sites.length).map((x) => [x.slug, x.sites])).toEqual([['many-5049', [{ name: site.name }]]]);
      // Their sites in two statements, of at most 5,000 tenants each: one would bind a parameter per tenant.
      expect(statements.filter((sql) => sql.includes('FROM "dcim_site"'))).toHaveLength(2);
    });

    it('costs the same statements for a three-level query on 10 and on 500 devices', async () => {
      const maker = await createOne(t, '/api/dcim/manufacturers/', { name: 'Bulk', slug: 'bulk' });
      const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: 'Bulk 1', slug: 'bulk-1' });
      const role = await createOne(t, '/api/dcim/device-roles/', { name: 'Bulk', slug: 'bulk' });
      const fill = async (slug: string, count: number, octet: number) => {
        const site = await createOne(t, '/api/dcim/sites/', { name: slug, slug });
        const devices = await t.post('/api/dcim/devices/', Array.from({ length: count }, (_, i) => ({ name: `${slug}-${i}`, device_type: type.id, device_role: role.id, site: site.id })));
        expectStatus(devices, 201);
        const interfaces = await t.post('/api/dcim/interfaces/', devices.body.map((d: Json) => ({ device: d.id, name: 'eth0', type: '1000base-t' })));
        expectStatus(interfaces, 201);
        const addresses = await t.post(
          '/api/ipam/ip-addresses/',
          interfaces.body.map((i: Json, n: number) => ({ address: `10.${octet}.${Math.floor(n / 250)}.${(n % 250) + 1}/16`, assigned_object_type: 'dcim.interface', assigned_object_id: i.id })),
        );
        expectStatus(addresses, 201);
      };
      await fill('small', 10, 10);
      await fill('large', 500, 20);
      const query = (slug: string) => `{ device_list(site: "${slug}") { name interfaces { name ip_addresses { address } } } }`;
      const measure = async (slug: string) => {
        const run = async () => {
          const res = await gql(t, query(slug));
          expectStatus(res, 200);
          return res.body.data.device_list;
        };
        // Once unmeasured: what the read cache remembers is then the same for both.
        const devices = await run();
        const statements = await statementsDuring(t, run);
        return { devices, statements };
      };
      // Within the default complexity budget: 10 + 10 × (1 + 10 + 10 × (1 + 10 + 10 × 1)) = 2,220.
      const small = await measure('small');
      const large = await measure('large');
      expect(small.devices).toHaveLength(10);
      expect(large.devices).toHaveLength(500);
      expect(large.devices.every((d: Json) => d.interfaces.length === 1 && d.interfaces[0].ip_addresses.length === 1)).toBe(true);
      expect(large.statements).toBe(small.statements);
      expect(small.statements).toBeLessThanOrEqual(8);
    });

    it('reads only the columns the selected fields need, and whole rows where a field may need any', async () => {
      const interfaceReads = async (query: string) => {
        let res: Response | undefined;
        const statements = await statementsOf(t, async () => (res = await gql(t, query)));
        expectStatus(res!, 200);
        expect(res!.body.errors).toBeUndefined();
        return { data: res!.body.data, sql: statements.filter((sql) => sql.includes('FROM "dcim_interface"')) };
      };
      const pruned = await interfaceReads(`{ device(id: ${seed.sw1.id}) { interfaces { name device { name } } } }`);
      expect(pruned.data.device.interfaces).toEqual([
        { name: 'eth0', device: { name: 'sw1' } },
        { name: 'eth1', device: { name: 'sw1' } },
      ]);
      expect(pruned.sql).toHaveLength(1);
      const selected = pruned.sql[0].slice(0, pruned.sql[0].indexOf(' FROM '));
      expect(selected).toContain('"name"');
      expect(selected).toContain('"device_id"');
      expect(selected).not.toContain('"description"');
      expect(selected).not.toContain('"mtu"');
      const whole = await interfaceReads(`{ device(id: ${seed.sw1.id}) { interfaces { name display } } }`);
      expect(whole.data.device.interfaces.map((i: Json) => i.display)).toEqual(['eth0', 'eth1']);
      expect(whole.sql[0].slice(0, whole.sql[0].indexOf(' FROM '))).toContain('"mtu"');
    });

    it('refuses a query deeper than GRAPHQL_MAX_DEPTH before any statement runs', async () => {
      let deep = '{ name }';
      for (let i = 0; i < 5; i++) deep = `{ devices ${`{ site ${deep} }`} }`;
      const baseline = await statementsDuring(t, () => gql(t, '{ __typename }'));
      let res: Awaited<ReturnType<typeof gql>> | undefined;
      const statements = await statementsDuring(t, async () => (res = await gql(t, `{ site_list ${deep} }`)));
      expectStatus(res!, 200);
      expect(res!.body.data).toBeUndefined();
      expect(res!.body.errors[0].message).toBe('Query depth 12 exceeds the maximum of 10 (GRAPHQL_MAX_DEPTH).');
      expect(statements).toBe(baseline);
      // Depth 10 is allowed.
      const allowed = `{ device(id: ${seed.sw1.id}) { site { tenant { sites { tenant { sites { tenant { sites { tenant { name } } } } } } } } } }`;
      const answer = await gql(t, allowed);
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.data.device.site.tenant.sites[0].tenant.sites[0].tenant.sites).toEqual([{ tenant: { name: 'Acme' } }]);
    });

    it('refuses a query over GRAPHQL_MAX_COMPLEXITY before any statement runs', async () => {
      // Lists multiply what they select by ten: three of these cost 3 × 21,110.
      const wide = `{ ${['a', 'b', 'c'].map((alias) => `${alias}: site_list { devices { interfaces { ip_addresses { address } } } }`).join(' ')} }`;
      const baseline = await statementsDuring(t, () => gql(t, '{ __typename }'));
      let res: Awaited<ReturnType<typeof gql>> | undefined;
      const statements = await statementsDuring(t, async () => (res = await t.post(GQL, { query: wide }).set('Accept', 'application/graphql-response+json')));
      expectStatus(res!, 400);
      expect(JSON.parse(res!.text).errors[0].message).toBe('Query complexity 63330 exceeds the maximum of 50000 (GRAPHQL_MAX_COMPLEXITY).');
      expect(statements).toBe(baseline);
    });
  });

  describe('unbounded lists', () => {
    const defaultChunk = graphqlStreaming.chunkSize;
    let viewer: string;

    beforeAll(async () => {
      const site = await createOne(t, '/api/dcim/sites/', { name: 'Chunks', slug: 'chunks' });
      const devices = await t.post(
        '/api/dcim/devices/',
        Array.from({ length: 7 }, (_, i) => ({ name: `chunk-${i}`, device_type: seed.type.id, device_role: seed.role.id, site: site.id, status: i % 2 ? 'planned' : 'active' })),
      );
      expectStatus(devices, 201);
      const interfaces = await t.post('/api/dcim/interfaces/', devices.body.flatMap((d: Json) => ['eth0', 'eth1'].map((name) => ({ device: d.id, name, type: '1000base-t' }))));
      expectStatus(interfaces, 201);
      const user = await makeUserWithToken(t, 'chunk-viewer');
      await grant(t, { object_types: ['dcim.device'], actions: ['view'], constraints: { status: 'planned' }, users: [user.user.id] });
      await grant(t, { object_types: ['dcim.interface'], actions: ['view'], users: [user.user.id] });
      viewer = user.key;
      graphqlStreaming.chunkSize = 3;
    });
    afterAll(() => {
      graphqlStreaming.chunkSize = defaultChunk;
    });

    /** A response sent a chunk at a time: no length known up front. */
    async function streamed(query: string, token: string = t.token) {
      const res = await gql(t, query, undefined, token);
      expectStatus(res, 200);
      expect(res.headers['transfer-encoding']).toBe('chunked');
      expect(res.headers['content-length']).toBeUndefined();
      return JSON.parse(res.text);
    }

    /** A response rendered whole. */
    async function whole(query: string, token: string = t.token) {
      const res = await gql(t, query, undefined, token);
      expectStatus(res, 200);
      expect(res.headers['content-length']).toBeDefined();
      return JSON.parse(res.text);
    }

    const fields = '{ name status site { slug } interfaces { name device { name } } }';

    it('sends a list longer than a chunk a chunk at a time, the same objects as a bounded list', async () => {
      const all = await streamed(`{ device_list(site: "chunks") ${fields} }`);
      const bounded = await whole(`{ device_list(site: "chunks", limit: 100) ${fields} }`);
      expect(all).toEqual(bounded);
      expect(names(all.data.device_list)).toEqual(['chunk-0', 'chunk-1', 'chunk-2', 'chunk-3', 'chunk-4', 'chunk-5', 'chunk-6']);
      expect(all.data.device_list[6].interfaces).toEqual([
        { name: 'eth0', device: { name: 'chunk-6' } },
        { name: 'eth1', device: { name: 'chunk-6' } },
      ]);
      // An offset, ending on a whole chunk.
      const rest = await streamed(`{ device_list(site: "chunks", offset: 1) { name } }`);
      expect(names(rest.data.device_list)).toEqual(['chunk-1', 'chunk-2', 'chunk-3', 'chunk-4', 'chunk-5', 'chunk-6']);
    });

    it('keeps the alias, fragments and variables of the operation', async () => {
      const res = await t.post(GQL, {
        query: 'query Q($site: [String]) { many: device_list(site: $site) { ...Named } } fragment Named on DeviceType { name }',
        variables: { site: 'chunks' },
      });
      expectStatus(res, 200);
      expect(res.headers['transfer-encoding']).toBe('chunked');
      expect(Object.keys(res.body.data)).toEqual(['many']);
      expect(res.body.data.many).toHaveLength(7);
    });

    it('answers a list of at most a chunk, or beside other fields, whole', async () => {
      const short = await whole('{ device_list(site: "chunks", status: "planned") { name } }');
      expect(names(short.data.device_list)).toEqual(['chunk-1', 'chunk-3', 'chunk-5']);
      const beside = await whole('{ device_list(site: "chunks") { name } site(id: ' + seed.dc1.id + ') { name } }');
      expect(beside.data.device_list).toHaveLength(7);
      expect(beside.data.site).toEqual({ name: 'DC1' });
    });

    const listPath = `${GQL}?query=${encodeURIComponent(`{ device_list(site: "chunks") ${fields} }`)}`;

    it('stops reading and gives back its read when the client goes away midway', async () => {
      const reads = watchReads(t);
      try {
        await abandonAfterFirstBytes(t, listPath, reads);
        await until(() => reads.closed === 1);
        expect(reads.opened).toBe(1);
        expect(reads.chunks).toBeLessThan(3);
        expect(connectionsInUse(t)).toBe(0);
      } finally {
        jest.restoreAllMocks();
      }
      expect((await streamed(`{ device_list(site: "chunks") { name } }`)).data.device_list).toHaveLength(7);
    });

    it('cuts the connection when reading fails after the first chunk, and gives back its read', async () => {
      const reads = watchReads(t, 1);
      reads.resume();
      try {
        const { status, complete, body } = await rawGet(t, listPath);
        expect(status).toBe(200);
        expect(complete).toBe(false);
        expect(body.startsWith('{"data":{"device_list":[{"name":"chunk-0"')).toBe(true);
        expect(() => JSON.parse(body)).toThrow();
        await until(() => reads.closed === 1);
        expect(connectionsInUse(t)).toBe(0);
      } finally {
        jest.restoreAllMocks();
      }
    });

    it("streams only the objects the user may view, as the REST list shows them", async () => {
      graphqlStreaming.chunkSize = 2;
      try {
        const rest = await t.get('/api/dcim/devices/?site=chunks&limit=0', viewer);
        const result = await streamed(`{ device_list(site: "chunks") { name } }`, viewer);
        expect(names(result.data.device_list)).toEqual(names(rest.body.results));
        expect(names(result.data.device_list)).toEqual(['chunk-1', 'chunk-3', 'chunk-5']);
      } finally {
        graphqlStreaming.chunkSize = 3;
      }
    });
  });

  describe('transport', () => {
    it('answers GET with the query in the URL, variables and operation names included', async () => {
      const res = await t
        .get(`${GQL}?query=${encodeURIComponent('query Q($slug: [String]) { site_list(slug: $slug) { name } } query Other { __typename }')}&variables=${encodeURIComponent('{"slug":"dc2"}')}&operationName=Q`)
        .set('Accept', 'application/json');
      expectStatus(res, 200);
      expect(res.body).toEqual({ data: { site_list: [{ name: 'DC2' }] } });
    });

    it('answers a syntax error, an unknown field and a bad variable with GraphQL errors, never a 500', async () => {
      const cases: Array<[Json, RegExp]> = [
        [{ query: '{ site_list { name ' }, /^Syntax Error/],
        [{ query: '{ site_list { nonexistent } }' }, /Cannot query field "nonexistent" on type "SiteType"/],
        [{ query: 'query ($id: Int!) { site(id: $id) { name } }', variables: { id: 'one' } }, /Variable "\$id" got invalid value "one"/],
        [{ query: '{ tenant_list(slug: 5) { name } }' }, /String cannot represent a non string value: 5/],
      ];
      for (const [body, message] of cases) {
        const json = await t.post(GQL, body);
        expectStatus(json, 200);
        expect(json.body.errors[0].message).toMatch(message);
        // Each rule runs once: an error is reported once.
        expect(json.body.errors).toHaveLength(1);
        const spec = await t.post(GQL, body).set('Accept', 'application/graphql-response+json');
        expectStatus(spec, 400);
        expect(JSON.parse(spec.text).errors[0].message).toMatch(message);
      }
      const malformed = await t.anon().post(GQL).set('Content-Type', 'application/json').send('{"query": ');
      expect(malformed.status).toBe(400);
    });

    it('passes the GraphQL-over-HTTP audit suite', async () => {
      const results = await auditServer({ url: `${baseUrl(t)}${GQL}` });
      const failures = results.filter((r) => r.status === 'error').map((r) => `${r.name}: ${'reason' in r ? r.reason : ''}`);
      expect(failures).toEqual([]);
      // Warnings left are documented in docs/graphql.md.
      const warnings = results.filter((r) => r.status === 'warn').map((r) => r.name);
      expect(warnings).toEqual([]);
    });
  });
});

describe('GraphQL API settings', () => {
  it('reads GRAPHQL_ENABLED, GRAPHQL_MAX_DEPTH and GRAPHQL_MAX_COMPLEXITY, refusing bad values by name', () => {
    expect(loadConfig({}).graphql).toEqual({ enabled: true, maxDepth: 10, maxComplexity: 50_000 });
    expect(loadConfig({ GRAPHQL_ENABLED: 'false', GRAPHQL_MAX_DEPTH: '4', GRAPHQL_MAX_COMPLEXITY: '900' }).graphql).toEqual({ enabled: false, maxDepth: 4, maxComplexity: 900 });
    expect(() => loadConfig({ GRAPHQL_ENABLED: 'perhaps' })).toThrow('GRAPHQL_ENABLED must be true or false, got "perhaps"');
    expect(() => loadConfig({ GRAPHQL_MAX_DEPTH: '0' })).toThrow('GRAPHQL_MAX_DEPTH must be an integer >= 1, got "0"');
    expect(() => loadConfig({ GRAPHQL_MAX_COMPLEXITY: 'lots' })).toThrow('GRAPHQL_MAX_COMPLEXITY must be an integer >= 1, got "lots"');
  });

  it('answers 404 when GRAPHQL_ENABLED is false', async () => {
    const t = await TestApp.start({ GRAPHQL_ENABLED: 'false' });
    try {
      const res = await t.post(GQL, { query: '{ __typename }' });
      expectStatus(res, 404);
      expect(res.body).toEqual({ detail: 'The GraphQL API is not enabled.' });
    } finally {
      await t.close();
    }
  });

  it('refuses a body over MAX_REQUEST_SIZE with 413, as the REST API does', async () => {
    const t = await TestApp.start({ MAX_REQUEST_SIZE: '1kb' });
    try {
      const res = await gql(t, `{ ${'__typename '.repeat(200)} }`);
      expectStatus(res, 413);
      expect(res.body).toEqual({ detail: 'Request body too large: the limit is 1024 bytes.' });
      expect((await data(t, '{ __typename }')).__typename).toBe('Query');
    } finally {
      await t.close();
    }
  });

  it('requires credentials under LOGIN_REQUIRED and honours lowered limits', async () => {
    const t = await TestApp.start({ LOGIN_REQUIRED: 'true', EXEMPT_VIEW_PERMISSIONS: '*', GRAPHQL_MAX_DEPTH: '2', GRAPHQL_MAX_COMPLEXITY: '25' });
    try {
      expectStatus(await gql(t, '{ site_list { name } }', undefined, null), 403);
      expect((await data(t, '{ site_list { name } }')).site_list).toEqual([]);
      const deep = await gql(t, '{ site_list { tenant { name } } }');
      expect(deep.body.errors[0].message).toBe('Query depth 3 exceeds the maximum of 2 (GRAPHQL_MAX_DEPTH).');
      const costly = await gql(t, '{ a: site_list { name } b: site_list { name } c: site_list { name } }');
      expect(costly.body.errors[0].message).toBe('Query complexity 60 exceeds the maximum of 25 (GRAPHQL_MAX_COMPLEXITY).');
    } finally {
      await t.close();
    }
  });
});
