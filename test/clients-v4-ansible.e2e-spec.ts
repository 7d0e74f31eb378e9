import request from 'supertest';
import type { Response } from 'supertest';
import { expectStatus, Json } from './helpers/seed';
import { SUPERUSER_TOKEN, TestApp } from './helpers/test-app';

jest.setTimeout(240_000);

const PEPPERS = JSON.stringify({ 1: 'a pepper for the v2 tokens of the collection tests, fifty characters or more' });
const BASE = '/v4/api';

/** Requests as pynetbox 7.8 sends them for the collection's modules: the token as given (`Token` for a 40-hex key). */
class Client {
  readonly sent: string[] = [];
  constructor(
    private readonly t: TestApp,
    private readonly token = SUPERUSER_TOKEN,
  ) {}

  private headers(body: boolean): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json', authorization: `${this.token.startsWith('nbt_') ? 'Bearer' : 'Token'} ${this.token}` };
    if (body) headers['Content-Type'] = 'application/json';
    return headers;
  }

  async call(verb: 'get' | 'post' | 'patch' | 'delete' | 'options', url: string, params: [string, unknown][] = [], body?: unknown): Promise<Response> {
    const query = new URLSearchParams(params.map(([k, v]) => [k, String(v)])).toString();
    const target = query ? `${url}?${query}` : url;
    this.sent.push(`${verb.toUpperCase()} ${target}`);
    const req = request(this.t.server)[verb](target).set(this.headers(body !== undefined));
    return body === undefined ? req : req.send(JSON.stringify(body));
  }

  async ok(verb: 'get' | 'post' | 'patch' | 'delete' | 'options', url: string, params: [string, unknown][] = [], body?: unknown): Promise<any> {
    const res = await this.call(verb, url, params, body);
    if (res.status < 200 || res.status >= 300) expectStatus(res, verb === 'post' ? 201 : 200);
    return res.body;
  }

  /** nb.version and nb.status()["netbox-version"], the collection's probe before any module runs. */
  async versions(): Promise<{ api: string; netbox: string }> {
    const root = await request(this.t.server).get(`${BASE}/`).set({ 'Content-Type': 'application/json', authorization: this.headers(false).authorization });
    expectStatus(root, 200);
    const status = await request(this.t.server).get(`${BASE}/status/`).set({ 'Content-Type': 'application/json', authorization: this.headers(false).authorization });
    expectStatus(status, 200);
    return { api: root.headers['api-version'], netbox: status.body['netbox-version'] };
  }

  /** Endpoint.get(**query): `?<query>&limit=0`, every page followed; more than one is the module's failure. */
  async getOne(path: string, query: [string, unknown][]): Promise<Json | null> {
    let page = await this.ok('get', `${BASE}/${path}/`, [...query, ['limit', 0]]);
    const found = [...page.results];
    while (page.next) {
      page = await this.ok('get', page.next.replace(/^https?:\/\/[^/]+/, ''));
      found.push(...page.results);
    }
    if (found.length > 1) throw new Error(`More than one result returned for ${path} ${JSON.stringify(query)}`);
    return found[0] ?? null;
  }

  /** A name resolved to an id as _find_ids does: the one object the query finds. */
  async idOf(path: string, query: [string, unknown][]): Promise<number> {
    const found = await this.getOne(path, query);
    if (!found) throw new Error(`Could not resolve id of ${path} ${JSON.stringify(query)}`);
    return found.id;
  }

  /** _fetch_choice_value: OPTIONS of the endpoint, a choice matched by its display_name or its value. */
  async choice(path: string, search: string): Promise<string> {
    const body = await this.ok('options', `${BASE}/${path}/`);
    const post = body.actions?.POST ?? body.actions?.PUT;
    if (!post) throw new Error(`no actions in OPTIONS of ${path}`);
    for (const spec of Object.values<Json>(post)) {
      for (const item of spec.choices ?? []) {
        if (String(item.display_name).toLowerCase() === search.toLowerCase() || item.value === search.toLowerCase()) return item.value;
      }
    }
    throw new Error(`${search} was not found as a valid choice for ${path}`);
  }
}

/** Record.serialize(): nested objects as their id, choices as their value, lists item by item, JSON fields as they are. */
function serialize(record: Json): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(record)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      out[k] = ['custom_fields', 'local_context_data', 'config_context'].includes(k) ? v : flat(v);
    } else if (Array.isArray(v)) {
      const items = v.map((item) => (item && typeof item === 'object' ? ('object_type' in item && 'object' in item ? { object_id: item.object_id, object_type: item.object_type } : 'id' in item ? item.id : item) : item));
      out[k] = k === 'tags' || k === 'tagged_vlans' ? [...new Set(items)] : items;
    } else out[k] = v;
  }
  return out;
}

/** get_return: a nested object's id, a choice's value, else its name, label or display. */
function flat(v: Json): unknown {
  if (v.id) return v.id;
  if (v.value) return v.value;
  return v.name || v.label || v.display || '';
}

/** Python's == on JSON values; tags as sets, as the module compares them. */
function same(a: unknown, b: unknown, asSet = false): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (asSet) return a.length === b.length && a.every((x) => b.some((y) => same(x, y)));
    return a.length === b.length && a.every((x, i) => same(x, b[i]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a as Json);
    return ka.length === Object.keys(b as Json).length && ka.every((k) => same((a as Json)[k], (b as Json)[k]));
  }
  return a === b;
}

interface Outcome {
  changed: boolean;
  created: boolean;
  object: Json;
  diff?: { before: Json; after: Json };
}

/**
 * NetboxModule.run for `state: present`: the module's lookup (`query`), then a POST when it finds nothing, or the
 * comparison of _update_netbox_object (every key sent must be on the object and equal to its serialized value)
 * and a PATCH of what differs. A second run of the same task must find the object and change nothing.
 */
async function ensure(nb: Client, path: string, query: [string, unknown][], data: Json, view: (found: Json) => Json = serialize): Promise<Outcome> {
  const found = await nb.getOne(path, query);
  if (!found) {
    const object = await nb.ok('post', `${BASE}/${path}/`, [], data);
    return { changed: true, created: true, object };
  }
  const current = view(found);
  const before: Json = {};
  const after: Json = {};
  for (const [k, v] of Object.entries(data)) {
    if (!(k in current)) throw new Error(`${k} does not exist on existing object. Check to make sure valid field.`);
    if (!same(current[k], v, k === 'tags')) {
      before[k] = current[k];
      after[k] = v;
    }
  }
  if (!Object.keys(after).length) return { changed: false, created: false, object: found };
  const object = await nb.ok('patch', `${BASE}/${path}/${found.id}/`, [], after);
  return { changed: true, created: false, object, diff: { before, after } };
}

/** The collection's _to_slug. */
const toSlug = (value: string): string =>
  value
    .replace(/[^-.\w\s]/g, '')
    .replace(/[-.\s]+/g, '-')
    .trim()
    .toLowerCase();

describe('Ansible collection netbox.netbox 3.22 against /v4 (its v4.3 targets, NetBox 4.6)', () => {
  let t: TestApp;
  let nb: Client;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await TestApp.start({ API_TOKEN_PEPPERS: PEPPERS });
    nb = new Client(t);
    await deploy();
  });
  afterAll(() => t?.close());

  /** tests/integration/netbox-deploy.py against a 4.x NetBox: the objects every target then relies on. */
  async function deploy(): Promise<void> {
    const create = (path: string, body: unknown) => nb.ok('post', `${BASE}/${path}/`, [], body);
    const slug = (path: string, value: string) => nb.idOf(path, [['slug', value]]);
    await create('extras/tags', ['First', 'Second', 'Third', 'Schnozzberry', 'Lookup', 'Nolookup', 'tagA', 'tagB', 'tagC', 'Updated'].map((name) => ({ name, slug: name.toLowerCase() })));
    await create('tenancy/tenants', [{ name: 'Test Tenant', slug: 'test-tenant' }]);
    ids.tenant = await slug('tenancy/tenants', 'test-tenant');
    await create('tenancy/tenant-groups', [{ name: 'Test Tenant Group', slug: 'test-tenant-group' }]);
    await create('dcim/regions', [
      { name: 'Test Region', slug: 'test-region' },
      { name: 'Parent Region', slug: 'parent-region' },
      { name: 'Other Region', slug: 'other-region' },
    ]);
    ids.parentRegion = await slug('dcim/regions', 'parent-region');
    ids.region = await slug('dcim/regions', 'test-region');
    await nb.ok('patch', `${BASE}/dcim/regions/${ids.region}/`, [], { parent: ids.parentRegion });
    await create('dcim/site-groups', [
      { name: 'Test site_group', slug: 'test-site_group' },
      { name: 'Parent site_group', slug: 'parent-site_group' },
      { name: 'Other site_group', slug: 'other-site_group' },
    ]);
    ids.parentSiteGroup = await slug('dcim/site-groups', 'parent-site_group');
    ids.siteGroup = await slug('dcim/site-groups', 'test-site_group');
    await nb.ok('patch', `${BASE}/dcim/site-groups/${ids.siteGroup}/`, [], { parent: ids.parentSiteGroup });
    // 3.x's site_group is not 4.x's `group`: NetBox ignores it, so the site lies in no group.
    await create('dcim/sites', [
      { name: 'Test Site', slug: 'test-site', tenant: ids.tenant, region: ids.region, site_group: ids.siteGroup },
      { name: 'Test Site2', slug: 'test-site2' },
    ]);
    ids.site = await slug('dcim/sites', 'test-site');
    ids.site2 = await slug('dcim/sites', 'test-site2');
    await create('dcim/site-groups', [{ name: 'Test Site Group', slug: 'test-site-group' }]);
    await create('ipam/vrfs', [{ name: 'Test VRF', rd: '1:1' }]);
    // 4.2+ has no site on a prefix: NetBox ignores it and the prefix is scoped nowhere.
    await create('ipam/prefixes', [{ prefix: '192.168.100.0/24', site: ids.site2 }, { prefix: '10.10.0.0/16' }]);
    await create('ipam/vlan-groups', [
      { name: 'Test Vlan Group', slug: 'test-vlan-group', tenant: ids.tenant, scope_type: 'dcim.site', scope_id: ids.site },
      { name: 'Test Vlan Group 2', slug: 'test-vlan-group-2', tenant: ids.tenant, scope_type: 'dcim.site', scope_id: ids.site },
    ]);
    ids.vlanGroup = await slug('ipam/vlan-groups', 'test-vlan-group');
    await create('ipam/vlans', [
      { name: 'Wireless', vid: 100, site: ids.site },
      { name: 'Data', vid: 200, site: ids.site },
      { name: 'VoIP', vid: 300, site: ids.site },
      { name: 'Test VLAN', vid: 400, site: ids.site, tenant: ids.tenant, group: ids.vlanGroup },
    ]);
    await create('ipam/fhrp-groups', [
      { protocol: 'other', group_id: 1, description: 'Test FHRP Group 1' },
      { protocol: 'glbp', group_id: 2, description: 'Test FHRP Group 2' },
    ]);
    await create('ipam/roles', [{ name: 'Network of care', slug: 'network-of-care' }]);
    await create('dcim/manufacturers', [
      { name: 'Cisco', slug: 'cisco' },
      { name: 'Arista', slug: 'arista' },
      { name: 'Test Manufactuer', slug: 'test-manufacturer' },
    ]);
    const cisco = await slug('dcim/manufacturers', 'cisco');
    const arista = await slug('dcim/manufacturers', 'arista');
    await create('dcim/device-types', [
      { model: 'Cisco Test', slug: 'cisco-test', manufacturer: cisco },
      { model: 'Arista Test', slug: 'arista-test', manufacturer: arista },
      { model: 'Nexus Parent', slug: 'nexus-parent', u_height: 0, manufacturer: cisco, subdevice_role: 'parent' },
      { model: 'Nexus Child', slug: 'nexus-child', u_height: 0, manufacturer: cisco, subdevice_role: 'child' },
      { model: '1841', slug: '1841', manufacturer: cisco },
    ]);
    ids.ciscoTest = await slug('dcim/device-types', 'cisco-test');
    ids.aristaTest = await slug('dcim/device-types', 'arista-test');
    const nexusParent = await slug('dcim/device-types', 'nexus-parent');
    const nexusChild = await slug('dcim/device-types', 'nexus-child');
    await create('dcim/device-roles', [
      { name: 'Core Switch', slug: 'core-switch', color: 'aa1409', vm_role: false },
      { name: 'Test VM Role', slug: 'test-vm-role', color: 'e91e63', vm_role: true },
      { name: 'Test VM Role 1', slug: 'test-vm-role-1', color: 'e91e65', vm_role: true },
    ]);
    ids.coreSwitch = await slug('dcim/device-roles', 'core-switch');
    const locations = await create('dcim/locations', [
      { name: 'Test Rack Group', slug: 'test-rack-group', site: ids.site },
      { name: 'Parent Rack Group', slug: 'parent-rack-group', site: ids.site },
    ]);
    ids.location = locations[0].id;
    await nb.ok('patch', `${BASE}/dcim/locations/${locations[0].id}/`, [], { parent: locations[1].id });
    const rackRoles = await create('dcim/rack-roles', [{ name: 'Test Rack Role', slug: 'test-rack-role', color: '4287f5' }]);
    ids.rackRole = rackRoles[0].id;
    await create('dcim/racks', [
      { name: 'Test Rack Site 2', site: ids.site2, role: ids.rackRole },
      { name: 'Test Rack', site: ids.site, location: ids.location },
    ]);
    ids.rack = await nb.idOf('dcim/racks', [['name', 'Test Rack']]);
    ids.rackSite2 = await nb.idOf('dcim/racks', [['name', 'Test Rack Site 2']]);
    await create('dcim/devices', [
      { name: 'test100', device_type: ids.ciscoTest, role: ids.coreSwitch, site: ids.site, local_context_data: { ntp_servers: ['pool.ntp.org'] }, serial: 'FAB01234567', asset_tag: '123456789', location: ids.location },
      { name: 'TestDeviceR1', device_type: ids.ciscoTest, role: ids.coreSwitch, site: ids.site, rack: ids.rack, serial: 'FAB12345678', location: ids.location },
      { name: 'R1-Device', device_type: ids.ciscoTest, role: ids.coreSwitch, site: ids.site2, rack: ids.rackSite2, asset_tag: '345678901' },
      { name: 'Test Nexus One', device_type: nexusParent, role: ids.coreSwitch, site: ids.site, location: ids.location },
      { name: 'Test Nexus Child One', device_type: nexusChild, role: ids.coreSwitch, site: ids.site },
    ]);
    ids.test100 = await nb.idOf('dcim/devices', [['name', 'test100']]);
    ids.nexus = await nb.idOf('dcim/devices', [['name', 'Test Nexus One']]);
    ids.nexusChild = await nb.idOf('dcim/devices', [['name', 'Test Nexus Child One']]);
    const vc = await create('dcim/virtual-chassis', { name: 'VC1', master: ids.nexus });
    ids.vc = vc.id;
    await nb.ok('patch', `${BASE}/dcim/devices/${ids.nexusChild}/`, [], { virtual_chassis: vc.id, vc_position: 2 });
    await nb.ok('patch', `${BASE}/dcim/devices/${ids.nexus}/`, [], { vc_position: 0 });
    const nexusInterfaces = await create('dcim/interfaces', [
      { device: ids.nexus, name: 'Ethernet1/1', type: '1000base-t' },
      { device: ids.nexusChild, name: 'Ethernet2/1', type: '1000base-t' },
    ]);
    await create('dcim/interfaces', [
      { name: 'GigabitEthernet1', device: ids.test100, type: '1000base-t' },
      { name: 'GigabitEthernet2', device: ids.test100, type: '1000base-t' },
    ]);
    ids.gi1 = await nb.idOf('dcim/interfaces', [['name', 'GigabitEthernet1'], ['device_id', ids.test100]]);
    ids.gi2 = await nb.idOf('dcim/interfaces', [['name', 'GigabitEthernet2'], ['device_id', ids.test100]]);
    ids.macs = (
      await create('dcim/mac-addresses', [
        { mac_address: 'AA:BB:CC:DD:EE:FF', assigned_object_id: ids.gi1, assigned_object_type: 'dcim.interface' },
        { mac_address: 'AA:AB:CC:DD:EE:FF', assigned_object_id: ids.gi2, assigned_object_type: 'dcim.interface' },
        { mac_address: 'AA:BB:CC:DD:EE:FF', assigned_object_id: ids.gi2, assigned_object_type: 'dcim.interface' },
      ])
    ).map((m: Json) => m.id)[2];
    await create('dcim/interfaces', [
      { name: 'wlink1', device: ids.test100, type: 'ieee802.11a' },
      { name: 'wlink1', device: ids.nexus, type: 'ieee802.11a' },
    ]);
    const ips = await create('ipam/ip-addresses', [
      { address: '172.16.180.1/24', assigned_object_id: ids.gi1, assigned_object_type: 'dcim.interface' },
      { address: '2001::1:1/64', assigned_object_id: ids.gi2, assigned_object_type: 'dcim.interface' },
      { address: '172.16.180.11/24', assigned_object_id: nexusInterfaces[0].id, assigned_object_type: 'dcim.interface' },
      { address: '172.16.180.12/24', assigned_object_id: nexusInterfaces[1].id, assigned_object_type: 'dcim.interface', dns_name: 'nexus.example.com' },
      { address: '172.16.180.254/24' },
    ]);
    ids.ip1 = ips[0].id;
    await nb.ok('patch', `${BASE}/dcim/devices/${ids.nexus}/`, [], { primary_ip4: ips[3].id });
    await create('ipam/rirs', [{ name: 'Example RIR', slug: 'example-rir' }]);
    await create('virtualization/cluster-groups', [{ name: 'Test Cluster Group', slug: 'test-cluster-group' }]);
    ids.clusterGroup = await slug('virtualization/cluster-groups', 'test-cluster-group');
    await create('virtualization/cluster-types', [{ name: 'Test Cluster Type', slug: 'test-cluster-type' }]);
    ids.clusterType = await slug('virtualization/cluster-types', 'test-cluster-type');
    // 4.2+ has no site on a cluster: NetBox ignores it.
    await create('virtualization/clusters', [
      { name: 'Test Cluster', type: ids.clusterType, group: ids.clusterGroup, site: ids.site },
      { name: 'Test Cluster 2', type: ids.clusterType },
    ]);
    ids.cluster = await nb.idOf('virtualization/clusters', [['name', 'Test Cluster']]);
    ids.cluster2 = await nb.idOf('virtualization/clusters', [['name', 'Test Cluster 2']]);
    await create('virtualization/virtual-machines', [
      ...['test100-vm', 'test101-vm', 'test102-vm', 'test103-vm'].map((name) => ({ name, cluster: ids.cluster })),
      { name: 'test104-vm', cluster: ids.cluster2 },
      { name: 'Test VM With Spaces', cluster: ids.cluster2 },
    ]);
    ids.vm100 = await nb.idOf('virtualization/virtual-machines', [['name', 'test100-vm']]);
    ids.vm101 = await nb.idOf('virtualization/virtual-machines', [['name', 'test101-vm']]);
    ids.vmSpaces = await nb.idOf('virtualization/virtual-machines', [['name', 'Test VM With Spaces']]);
    await create('virtualization/virtual-disks', [
      { name: 'disk1', size: 60, virtual_machine: ids.vm100 },
      { name: 'disk2', size: 110, virtual_machine: ids.vm100 },
    ]);
    await create('virtualization/interfaces', [
      ...[ids.vm100, ids.vm101].flatMap((vm) => ['Eth0', 'Eth1', 'Eth2', 'Eth3', 'Eth4'].map((name) => ({ name, virtual_machine: vm }))),
      { name: 'Eth0', virtual_machine: ids.vmSpaces },
      { name: 'Eth1', virtual_machine: ids.vmSpaces },
    ]);
    // netbox-deploy.py still sends 3.x's `device`: NetBox 4.3+ refuses it for want of a parent, and so must we.
    const refused = await nb.call('post', `${BASE}/ipam/services/`, [], [{ device: ids.test100, name: 'ssh', ports: [22], protocol: 'tcp' }]);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual([expect.objectContaining({ parent_object_type: ['This field is required.'], parent_object_id: ['This field is required.'] })]);
    await create('ipam/services', [
      { parent_object_type: 'dcim.device', parent_object_id: ids.test100, name: 'ssh', ports: [22], protocol: 'tcp' },
      { parent_object_type: 'dcim.device', parent_object_id: ids.test100, name: 'http', ports: [80], protocol: 'tcp', ipaddresses: [ips[0].id, ips[1].id] },
      { parent_object_type: 'dcim.device', parent_object_id: ids.nexus, name: 'telnet', ports: [23], protocol: 'tcp' },
      { parent_object_type: 'virtualization.virtualmachine', parent_object_id: ids.vmSpaces, name: 'ssh', ports: [22], protocol: 'tcp' },
    ]);
    await create('circuits/providers', [{ name: 'Test Provider', slug: 'test-provider' }]);
    ids.provider = await slug('circuits/providers', 'test-provider');
    await create('circuits/circuit-types', [{ name: 'Test Circuit Type', slug: 'test-circuit-type' }]);
    ids.circuitType = await slug('circuits/circuit-types', 'test-circuit-type');
    await create('circuits/circuits', [
      { cid: 'Test Circuit', provider: ids.provider, type: ids.circuitType },
      { cid: 'Test Circuit Two', provider: ids.provider, type: ids.circuitType },
    ]);
    ids.circuitTwo = await nb.idOf('circuits/circuits', [['cid', 'Test Circuit Two']]);
    await create('ipam/route-targets', [{ name: '4000:4000' }, { name: '5000:5000' }, { name: '6000:6000' }]);
    await create('vpn/l2vpns', [
      { identifier: 111111, name: 'Test L2VPN 1', slug: 'Test_L2VPN_1', type: 'vxlan' },
      { identifier: 222222, name: 'Test L2VPN 2', slug: 'Test_L2VPN_2', type: 'vxlan' },
    ]);
  }

  it('probes the versions before any module runs: API-Version 4.6 and netbox-version 4.6.8', async () => {
    expect(await nb.versions()).toEqual({ api: '4.6', netbox: '4.6.8' });
  });

  describe('netbox_site', () => {
    it('creates a site from its name alone, then finds it by name and slug and changes nothing', async () => {
      const data = { name: 'Test - Colorado', slug: toSlug('Test - Colorado') };
      const query: [string, unknown][] = [['name', data.name], ['slug', data.slug]];
      const first = await ensure(nb, 'dcim/sites', query, data);
      expect(first).toMatchObject({ changed: true, created: true, object: { name: 'Test - Colorado', slug: 'test-colorado' } });
      expect((await ensure(nb, 'dcim/sites', query, data)).changed).toBe(false);
    });

    it('updates with a status chosen by its label and a time zone, then the same task is a no-op', async () => {
      const status = await nb.choice('dcim/sites', 'Planned');
      expect(status).toBe('planned');
      const data = { name: 'Test - Colorado', slug: 'test-colorado', status, time_zone: 'America/Denver', description: 'Updated description', tenant: ids.tenant, tags: [await nb.idOf('extras/tags', [['slug', 'schnozzberry']])] };
      const query: [string, unknown][] = [['name', data.name], ['slug', data.slug]];
      const update = await ensure(nb, 'dcim/sites', query, data);
      expect(update.changed).toBe(true);
      expect(update.diff?.after).toMatchObject({ status: 'planned', time_zone: 'America/Denver' });
      expect((await ensure(nb, 'dcim/sites', query, data)).changed).toBe(false);
    });
  });

  describe('netbox_rack (4.1+: type sent as form_factor)', () => {
    it('creates a rack in a site and location, then updates it with form_factor and the rest, each twice', async () => {
      const site = await nb.idOf('dcim/sites', [['slug', 'test-site']]);
      const location = await nb.idOf('dcim/locations', [['slug', 'test-rack-group']]);
      const query: [string, unknown][] = [['name', 'Test rack one'], ['site_id', site], ['location_id', location]];
      const data = { name: 'Test rack one', site, location };
      expect((await ensure(nb, 'dcim/racks', query, data)).created).toBe(true);
      expect((await ensure(nb, 'dcim/racks', query, data)).changed).toBe(false);

      const role = await nb.idOf('dcim/rack-roles', [['slug', 'test-rack-role']]);
      const full = {
        ...data,
        role,
        facility_id: 'EQUI10291',
        tenant: ids.tenant,
        status: await nb.choice('dcim/racks', 'Available'),
        serial: 'FXS10001',
        asset_tag: '1234',
        width: 23,
        u_height: 48,
        outer_width: 32,
        outer_depth: 24,
        outer_unit: await nb.choice('dcim/racks', 'Inches'),
        comments: 'Just testing rack module',
        tags: [await nb.idOf('extras/tags', [['slug', 'schnozzberry']])],
        form_factor: toSlug('2-post frame'),
      };
      const update = await ensure(nb, 'dcim/racks', query, full);
      expect(update.changed).toBe(true);
      expect(update.object).toMatchObject({ form_factor: { value: '2-post-frame' }, u_height: 48, width: { value: 23 }, outer_unit: { value: 'in' }, status: { value: 'available' } });
      expect(update.object).not.toHaveProperty('type');
      expect((await ensure(nb, 'dcim/racks', query, full)).changed).toBe(false);
    });
  });

  describe('netbox_rack_group (4.6 rack groups) and netbox_rack with rack_group (4.6 group)', () => {
    const remove = async (path: string, query: [string, unknown][]) => {
      const found = await nb.getOne(path, query);
      expect(found).not.toBeNull();
      expectStatus(await nb.call('delete', `${BASE}/${path}/${found!.id}/`), 204);
      expect(await nb.getOne(path, query)).toBeNull();
    };

    it("creates a rack group found by its slug (the site of its v4.3 task ignored, which fails the second run's comparison as against NetBox 4.6), then deletes it", async () => {
      const site = await nb.idOf('dcim/sites', [['slug', 'test-site']]);
      const query: [string, unknown][] = [['slug', toSlug('Rack Group')]];
      const task = { name: 'Rack Group', slug: toSlug('Rack Group'), site };
      const first = await ensure(nb, 'dcim/rack-groups', query, task);
      expect(first).toMatchObject({ created: true, object: { name: 'Rack Group', slug: 'rack-group' } });
      expect(first.object).not.toHaveProperty('site');
      await expect(ensure(nb, 'dcim/rack-groups', query, task)).rejects.toThrow('site does not exist on existing object');
      // Without a site, the same task is a no-op.
      expect((await ensure(nb, 'dcim/rack-groups', query, { name: 'Rack Group', slug: 'rack-group' })).changed).toBe(false);
      await remove('dcim/rack-groups', query);
    });

    it('puts a rack in a group found by slug (rack_group, sent as group), then the same task is a no-op', async () => {
      await nb.ok('post', `${BASE}/dcim/rack-groups/`, [], { name: 'Row West', slug: 'row-west' });
      const site = await nb.idOf('dcim/sites', [['slug', 'test-site']]);
      const query: [string, unknown][] = [['name', 'Grouped rack'], ['site_id', site]];
      const data = { name: 'Grouped rack', site, group: await nb.idOf('dcim/rack-groups', [['slug', 'row-west']]) };
      const first = await ensure(nb, 'dcim/racks', query, data);
      expect(first).toMatchObject({ created: true, object: { group: { id: data.group, slug: 'row-west' } } });
      expect((await ensure(nb, 'dcim/racks', query, data)).changed).toBe(false);
      expect((await nb.ok('get', `${BASE}/dcim/racks/`, [['group', 'row-west']])).count).toBe(1);
    });
  });

  describe('netbox_device (role)', () => {
    it('creates a device with role, status by label and a device type by id, then finds it by name unchanged', async () => {
      const data = {
        name: 'R1',
        device_type: 1,
        role: await nb.idOf('dcim/device-roles', [['slug', 'core-switch']]),
        site: await nb.idOf('dcim/sites', [['slug', 'test-site']]),
        status: await nb.choice('dcim/devices', 'Staged'),
      };
      const first = await ensure(nb, 'dcim/devices', [['name', 'R1']], data);
      expect(first.created).toBe(true);
      expect(serialize(first.object)).toMatchObject({ role: ids.coreSwitch, device_type: 1, site: ids.site, status: 'staged' });
      expect((await ensure(nb, 'dcim/devices', [['name', 'R1']], data)).changed).toBe(false);
      const moved = await ensure(nb, 'dcim/devices', [['name', 'R1']], { ...data, serial: 'FXS1234', rack: ids.rack, position: 35.5, face: await nb.choice('dcim/devices', 'Front'), location: ids.location });
      expect(moved.changed).toBe(true);
      expect((await ensure(nb, 'dcim/devices', [['name', 'R1']], { ...data, serial: 'FXS1234', rack: ids.rack, position: 35.5, face: 'front', location: ids.location })).changed).toBe(false);
    });
  });

  describe('netbox_device_interface (virtual_chassis_member_id on 3.6+)', () => {
    it("looks an interface up by name and virtual_chassis_member_id, reads its device, and creates it once", async () => {
      const device = await nb.idOf('dcim/devices', [['name', 'test100']]);
      const type = await nb.choice('dcim/interfaces', '1000Base-T (1GE)');
      expect(type).toBe('1000base-t');
      const data = { device, name: 'GigabitEthernet3', type };
      const query: [string, unknown][] = [['name', 'GigabitEthernet3'], ['virtual_chassis_member_id', device]];
      expect((await ensure(nb, 'dcim/interfaces', query, data)).created).toBe(true);
      const again = await ensure(nb, 'dcim/interfaces', query, data);
      expect(again.changed).toBe(false);
      // The module reads the interface's device to see whether it is a virtual chassis member other than the one asked.
      const child = await nb.ok('get', `${BASE}/dcim/devices/${again.object.device.id}/`);
      expect(child.virtual_chassis).toBeNull();
    });
  });

  describe('netbox_device_interface on virtual chassis (virtual_chassis_member_id)', () => {
    it("creates an interface of a name another device has on the device asked (task 7: port-channel1 on R1-Device)", async () => {
      const type = await nb.choice('dcim/interfaces', 'Link Aggregation Group (LAG)');
      const test100 = await nb.idOf('dcim/devices', [['name', 'test100']]);
      const r1 = await nb.idOf('dcim/devices', [['name', 'R1-Device']]);
      const on = (device: number): [string, unknown][] => [['name', 'port-channel1'], ['virtual_chassis_member_id', device]];
      expect((await ensure(nb, 'dcim/interfaces', on(test100), { device: test100, name: 'port-channel1', type })).created).toBe(true);
      const other = await ensure(nb, 'dcim/interfaces', on(r1), { device: r1, name: 'port-channel1', type });
      expect(other.created).toBe(true);
      expect(other.object.device.id).toBe(r1);
      expect((await ensure(nb, 'dcim/interfaces', on(r1), { device: r1, name: 'port-channel1', type })).changed).toBe(false);
    });

    it("finds a chassis member's interface through its master, and the member's own device tells the module so (update_vc_child)", async () => {
      const found = await nb.getOne('dcim/interfaces', [['name', 'Ethernet2/1'], ['virtual_chassis_member_id', ids.nexus]]);
      expect(found?.device.id).toBe(ids.nexusChild);
      const child = await nb.ok('get', `${BASE}/dcim/devices/${found!.device.id}/`);
      expect(child.virtual_chassis).toEqual(expect.objectContaining({ id: ids.vc }));
      expect(await nb.getOne('dcim/interfaces', [['name', 'GigabitEthernet1'], ['virtual_chassis_member_id', ids.nexus]])).toBeNull();
    });

    it("lists only a device's own interfaces by device_id, a chassis master's too (4.x: its members' are virtual_chassis_member_id's)", async () => {
      const own = await nb.ok('get', `${BASE}/dcim/interfaces/`, [['device_id', ids.nexus], ['limit', 0]]);
      expect(own.results.every((i: Json) => i.device.id === ids.nexus)).toBe(true);
    });
  });

  describe('templates looked up by device_type_id (4.0+)', () => {
    it('creates an interface template, updates it, and each second run is a no-op', async () => {
      const deviceType = await nb.idOf('dcim/device-types', [['slug', toSlug('Arista Test')]]);
      const query: [string, unknown][] = [['name', '10GBASE-T (10GE)'], ['device_type_id', deviceType]];
      const data = { device_type: deviceType, name: '10GBASE-T (10GE)', type: await nb.choice('dcim/interface-templates', '10gbase-t') };
      expect((await ensure(nb, 'dcim/interface-templates', query, data)).created).toBe(true);
      expect((await ensure(nb, 'dcim/interface-templates', query, data)).changed).toBe(false);
      expect((await ensure(nb, 'dcim/interface-templates', query, { ...data, mgmt_only: true })).changed).toBe(true);
      expect((await ensure(nb, 'dcim/interface-templates', query, { ...data, mgmt_only: true })).changed).toBe(false);
    });

    it('finds a front port template\'s rear port template by name and device_type_id', async () => {
      const deviceType = await nb.idOf('dcim/device-types', [['slug', 'arista-test']]);
      const rearData = { device_type: deviceType, name: 'Rear Port Template', type: await nb.choice('dcim/rear-port-templates', 'bnc') };
      const rearQuery: [string, unknown][] = [['name', 'Rear Port Template'], ['device_type_id', deviceType]];
      expect((await ensure(nb, 'dcim/rear-port-templates', rearQuery, rearData)).created).toBe(true);
      expect((await ensure(nb, 'dcim/rear-port-templates', rearQuery, rearData)).changed).toBe(false);
      expect(await nb.idOf('dcim/rear-port-templates', [['device_type_id', deviceType], ['name', 'Rear Port Template']])).toEqual(expect.any(Number));
      const console = { device_type: deviceType, name: 'Console Port Template', type: await nb.choice('dcim/console-port-templates', 'RJ-45') };
      const consoleQuery: [string, unknown][] = [['name', 'Console Port Template'], ['device_type_id', deviceType]];
      expect((await ensure(nb, 'dcim/console-port-templates', consoleQuery, console)).created).toBe(true);
      expect((await ensure(nb, 'dcim/console-port-templates', consoleQuery, console)).changed).toBe(false);
    });
  });

  describe('scoped prefixes and clusters (4.2+)', () => {
    it('creates a prefix, then scopes it to a site by scope_type, scope and scope_id; the same task again is a no-op', async () => {
      const query: [string, unknown][] = [['prefix', '10.156.0.0/19']];
      const data = { prefix: '10.156.0.0/19' };
      expect((await ensure(nb, 'ipam/prefixes', query, data)).created).toBe(true);
      expect((await ensure(nb, 'ipam/prefixes', query, data)).changed).toBe(false);
      const site = await nb.idOf('dcim/sites', [['slug', 'test-site']]);
      const scoped = { prefix: '10.156.0.0/19', scope_type: 'dcim.site', scope: site, scope_id: site, status: await nb.choice('ipam/prefixes', 'Reserved'), description: 'This prefix has been updated' };
      const update = await ensure(nb, 'ipam/prefixes', query, scoped);
      expect(update.changed).toBe(true);
      expect(update.object).toMatchObject({ scope_type: 'dcim.site', scope_id: site, scope: { id: site }, status: { value: 'reserved' } });
      expect((await ensure(nb, 'ipam/prefixes', query, scoped)).changed).toBe(false);
    });

    it('creates a cluster by name and type, then scopes it to a site with group, tenant and tags; each twice', async () => {
      const type = await nb.idOf('virtualization/cluster-types', [['slug', 'test-cluster-type']]);
      const query: [string, unknown][] = [['name', 'Test Cluster One'], ['type_id', type]];
      const data = { name: 'Test Cluster One', type };
      expect((await ensure(nb, 'virtualization/clusters', query, data)).created).toBe(true);
      expect((await ensure(nb, 'virtualization/clusters', query, data)).changed).toBe(false);
      const full = {
        ...data,
        group: await nb.idOf('virtualization/cluster-groups', [['slug', 'test-cluster-group']]),
        scope_type: 'dcim.site',
        scope: ids.site,
        scope_id: ids.site,
        comments: 'Updated cluster',
        tenant: await nb.idOf('tenancy/tenants', [['slug', 'test-tenant']]),
        tags: [await nb.idOf('extras/tags', [['slug', 'schnozzberry']])],
      };
      const update = await ensure(nb, 'virtualization/clusters', query, full);
      expect(update.changed).toBe(true);
      expect(update.object).toMatchObject({ scope_type: 'dcim.site', scope_id: ids.site, group: { id: ids.clusterGroup } });
      expect((await ensure(nb, 'virtualization/clusters', query, full)).changed).toBe(false);
    });
  });

  describe('netbox_circuit_termination (termination_type, 4.2+)', () => {
    it('terminates a circuit on a provider network, then finds the side by circuit_id and term_side unchanged', async () => {
      const provider = await nb.idOf('circuits/providers', [['slug', 'test-provider']]);
      const networkQuery: [string, unknown][] = [['name', 'Test Provider Network One']];
      const network = await ensure(nb, 'circuits/provider-networks', networkQuery, { provider, name: 'Test Provider Network One' });
      expect(network.created).toBe(true);
      expect((await ensure(nb, 'circuits/provider-networks', networkQuery, { provider, name: 'Test Provider Network One' })).changed).toBe(false);
      const circuit = await nb.idOf('circuits/circuits', [['cid', 'Test Circuit']]);
      const query: [string, unknown][] = [['circuit_id', circuit], ['term_side', 'A']];
      const data = { circuit, term_side: 'A', termination_id: network.object.id, termination_type: 'circuits.providernetwork', port_speed: 10000 };
      const first = await ensure(nb, 'circuits/circuit-terminations', query, data);
      expect(first.created).toBe(true);
      expect(first.object).toMatchObject({ termination_type: 'circuits.providernetwork', termination_id: network.object.id, termination: { id: network.object.id } });
      expect((await ensure(nb, 'circuits/circuit-terminations', query, { circuit, term_side: 'A' })).changed).toBe(false);
      expect((await ensure(nb, 'circuits/circuit-terminations', query, data)).changed).toBe(false);
      const moved = { circuit, term_side: 'A', termination_type: 'dcim.site', termination_id: ids.site, port_speed: 10000, upstream_speed: 1000, xconnect_id: '10X100', pp_info: 'PP10-24', description: 'Test description' };
      expect((await ensure(nb, 'circuits/circuit-terminations', query, moved)).changed).toBe(true);
      expect((await ensure(nb, 'circuits/circuit-terminations', query, moved)).changed).toBe(false);
    });
  });

  describe('netbox_vlan_group (scope)', () => {
    it('creates a group scoped to a site, finds it by name, slug and scope_id, and another with the same name at another site', async () => {
      const site = await nb.idOf('dcim/sites', [['slug', 'test-site']]);
      const data = { name: 'VLAN Group One', slug: 'vlan-group-one', scope_type: 'dcim.site', scope: site, scope_id: site };
      const query: [string, unknown][] = [['name', data.name], ['slug', data.slug], ['scope_id', site]];
      const first = await ensure(nb, 'ipam/vlan-groups', query, data);
      expect(first.created).toBe(true);
      expect(first.object).toMatchObject({ scope_type: 'dcim.site', scope_id: site, scope: { id: site } });
      expect((await ensure(nb, 'ipam/vlan-groups', query, data)).changed).toBe(false);
      const site2 = await nb.idOf('dcim/sites', [['slug', 'test-site2']]);
      const other = { ...data, scope: site2, scope_id: site2 };
      const otherQuery: [string, unknown][] = [['name', data.name], ['slug', data.slug], ['scope_id', site2]];
      expect((await ensure(nb, 'ipam/vlan-groups', otherQuery, other)).created).toBe(true);
      expect((await ensure(nb, 'ipam/vlan-groups', otherQuery, other)).changed).toBe(false);
      // Without a scope the lookup finds both: the module's "More than one result".
      await expect(nb.getOne('ipam/vlan-groups', [['name', data.name], ['slug', data.slug]])).rejects.toThrow('More than one result');
    });

    it('creates a group with vid_ranges given out of order (the module\'s example), read back as given, unchanged the second time', async () => {
      const data = { name: 'Test vlan group', slug: 'test-vlan-group-ranges', vid_ranges: [[1300, 1329], [1, 2]] };
      const query: [string, unknown][] = [['name', data.name], ['slug', data.slug]];
      const first = await ensure(nb, 'ipam/vlan-groups', query, data);
      expect(first.created).toBe(true);
      expect(first.object).toMatchObject({ vid_ranges: [[1300, 1329], [1, 2]], total_vlan_ids: 32 });
      expect((await ensure(nb, 'ipam/vlan-groups', query, data)).changed).toBe(false);
      const widened = { ...data, vid_ranges: [[1300, 1339], [1, 2]] };
      expect((await ensure(nb, 'ipam/vlan-groups', query, widened)).diff?.after).toEqual({ vid_ranges: [[1300, 1339], [1, 2]] });
      expect((await ensure(nb, 'ipam/vlan-groups', query, widened)).changed).toBe(false);
    });
  });

  describe('netbox_contact (groups, 4.3+)', () => {
    it('creates a contact, updates its title, and puts it in a contact group found by slug; each second run a no-op', async () => {
      const query: [string, unknown][] = [['name', 'Contact ABC']];
      expect((await ensure(nb, 'tenancy/contacts', query, { name: 'Contact ABC' })).created).toBe(true);
      expect((await ensure(nb, 'tenancy/contacts', query, { name: 'Contact ABC' })).changed).toBe(false);
      expect((await ensure(nb, 'tenancy/contacts', query, { name: 'Contact ABC', title: 'New Title' })).changed).toBe(true);
      expect((await ensure(nb, 'tenancy/contacts', query, { name: 'Contact ABC', title: 'New Title' })).changed).toBe(false);

      const groupQuery: [string, unknown][] = [['name', 'Contact Group With Contacts']];
      const groupData = { name: 'Contact Group With Contacts', slug: toSlug('Contact Group With Contacts') };
      expect((await ensure(nb, 'tenancy/contact-groups', groupQuery, groupData)).created).toBe(true);
      expect((await ensure(nb, 'tenancy/contact-groups', groupQuery, groupData)).changed).toBe(false);
      const group = await nb.idOf('tenancy/contact-groups', [['slug', 'contact-group-with-contacts']]);
      const withGroups = { name: 'Contact ABC', groups: [group] };
      const joined = await ensure(nb, 'tenancy/contacts', query, withGroups);
      expect(joined.changed).toBe(true);
      expect(serialize(joined.object).groups).toEqual([group]);
      expect((await ensure(nb, 'tenancy/contacts', query, withGroups)).changed).toBe(false);
      // A second contact of the same name in another group is found apart by the group filter.
      expect((await nb.ok('get', `${BASE}/tenancy/contacts/`, [['group_id', group], ['limit', 0]])).results.map((c: Json) => c.name)).toEqual(['Contact ABC']);

    });
  });

  describe('netbox_service (parent_object_type/parent_object_id, 4.3+; kept in the lookup from 4.4.4)', () => {
    it('creates a service on a device as its parent, finds it by name, protocol and parent, and changes nothing the second time', async () => {
      const role = await nb.idOf('dcim/device-roles', [['slug', 'core-switch']]);
      const deviceData = { name: 'FOR_SERVICE', device_type: await nb.idOf('dcim/device-types', [['slug', 'cisco-test']]), role, site: ids.site, status: await nb.choice('dcim/devices', 'Staged') };
      expect((await ensure(nb, 'dcim/devices', [['name', 'FOR_SERVICE']], deviceData)).created).toBe(true);
      const device = await nb.idOf('dcim/devices', [['name', 'FOR_SERVICE']]);
      const protocol = await nb.choice('ipam/services', 'TCP');
      expect(protocol).toBe('tcp');
      const data = { parent_object_type: 'dcim.device', parent_object_id: device, name: 'node-exporter', ports: [9100], protocol };
      const query: [string, unknown][] = [['name', 'node-exporter'], ['protocol', protocol], ['parent_object_type', 'dcim.device'], ['parent_object_id', device]];
      const first = await ensure(nb, 'ipam/services', query, data);
      expect(first.created).toBe(true);
      expect(first.object).toMatchObject({ parent_object_type: 'dcim.device', parent_object_id: device, parent: { id: device, name: 'FOR_SERVICE' }, ports: [9100], protocol: { value: 'tcp' } });
      expect(first.object).not.toHaveProperty('device');
      expect((await ensure(nb, 'ipam/services', query, data)).changed).toBe(false);
      const more = { ...data, ports: [9100, 9200] };
      expect((await ensure(nb, 'ipam/services', query, more)).changed).toBe(true);
      expect((await ensure(nb, 'ipam/services', query, more)).changed).toBe(false);
      // A virtual machine's service of the same name is another parent's, not found by this lookup.
      const vmData = { parent_object_type: 'virtualization.virtualmachine', parent_object_id: ids.vmSpaces, name: 'node-exporter', ports: [9100], protocol };
      const vmQuery: [string, unknown][] = [['name', 'node-exporter'], ['protocol', protocol], ['parent_object_type', 'virtualization.virtualmachine'], ['parent_object_id', ids.vmSpaces]];
      expect((await ensure(nb, 'ipam/services', vmQuery, vmData)).created).toBe(true);
      expect((await ensure(nb, 'ipam/services', vmQuery, vmData)).changed).toBe(false);
    });
  });

  describe('netbox_mac_address (4.2+)', () => {
    it('creates a MAC address, then one assigned to an interface found by device and name, each twice', async () => {
      const query: [string, unknown][] = [['mac_address', '00:11:22:33:44:55']];
      const first = await ensure(nb, 'dcim/mac-addresses', query, { mac_address: '00:11:22:33:44:55' });
      expect(first.created).toBe(true);
      expect(first.object.mac_address).toBe('00:11:22:33:44:55');
      expect((await ensure(nb, 'dcim/mac-addresses', query, { mac_address: '00:11:22:33:44:55' })).changed).toBe(false);

      const device = await nb.idOf('dcim/devices', [['name', 'Test Nexus One']]);
      const interface_ = await nb.idOf('dcim/interfaces', [['name', 'Ethernet1/1'], ['device_id', device]]);
      const tag = await nb.idOf('extras/tags', [['slug', 'schnozzberry']]);
      const data = {
        mac_address: 'AA:BB:CC:DD:EE:F0',
        assigned_object: interface_,
        assigned_object_id: interface_,
        assigned_object_type: 'dcim.interface',
        description: 'Test MAC address',
        comments: 'Test MAC address comment',
        tags: [tag],
      };
      const assignedQuery: [string, unknown][] = [['mac_address', 'AA:BB:CC:DD:EE:F0']];
      const assigned = await ensure(nb, 'dcim/mac-addresses', assignedQuery, data);
      expect(assigned.created).toBe(true);
      expect(assigned.object).toMatchObject({ assigned_object_type: 'dcim.interface', assigned_object_id: interface_, assigned_object: { id: interface_, name: 'Ethernet1/1' } });
      expect((await ensure(nb, 'dcim/mac-addresses', assignedQuery, data)).changed).toBe(false);
      // The lookup is by address: the same address twice is the module's "More than one result".
      await nb.ok('post', `${BASE}/dcim/mac-addresses/`, [], { mac_address: 'AA:BB:CC:DD:EE:F0' });
      await expect(nb.getOne('dcim/mac-addresses', assignedQuery)).rejects.toThrow('More than one result');
    });
  });

  describe('netbox_cable (termination lookups, a_terminations compared as object_type/object_id)', () => {
    it('cables two interfaces found by device and name, finds the cable by its four termination filters, and updates it once', async () => {
      const device = await nb.idOf('dcim/devices', [['name', 'Test Nexus Child One']]);
      await nb.ok('post', `${BASE}/dcim/interfaces/`, [], { device, name: 'Ethernet2/2', type: '1000base-t' });
      const a = await nb.idOf('dcim/interfaces', [['name', 'Ethernet2/2'], ['device_id', device]]);
      const b = await nb.idOf('dcim/interfaces', [['name', 'Ethernet2/1'], ['device_id', device]]);
      const query: [string, unknown][] = [['termination_a_type', 'dcim.interface'], ['termination_a_id', a], ['termination_b_type', 'dcim.interface'], ['termination_b_id', b]];
      const ends = { a_terminations: [{ object_id: a, object_type: 'dcim.interface' }], b_terminations: [{ object_id: b, object_type: 'dcim.interface' }] };
      /** _update_netbox_object for cables: each end rebuilt as object_type/object_id from its object's url (app and endpoint). */
      const asModule = (terms: Json[]) =>
        terms.map((x) => {
          const [, app, endpoint] = new URL(x.object.url).pathname.replace(/^\/v4\/api/, '').split('/');
          return { object_id: x.object.id, object_type: `${app}.${endpoint.replace(/-/g, '').replace(/s$/, '')}` };
        });
      const cableView = (found: Json) => ({ ...serialize(found), a_terminations: asModule(found.a_terminations), b_terminations: asModule(found.b_terminations) });
      const cableEnsure = (data: Json) => ensure(nb, 'dcim/cables', query, data, cableView);
      const first = await cableEnsure(ends);
      expect(first.created).toBe(true);
      expect((await cableEnsure(ends)).changed).toBe(false);
      const full = {
        ...ends,
        type: await nb.choice('dcim/cables', 'mmf-om4'),
        status: await nb.choice('dcim/cables', 'planned'),
        label: 'label123',
        color: 'abcdef',
        length: 30,
        length_unit: await nb.choice('dcim/cables', 'm'),
        tags: [await nb.idOf('extras/tags', [['slug', 'schnozzberry']])],
      };
      const updated = await cableEnsure(full);
      expect(updated.changed).toBe(true);
      expect(Object.keys(updated.diff!.after).sort()).toEqual(['color', 'label', 'length', 'length_unit', 'status', 'tags', 'type']);
      expect((await cableEnsure(full)).changed).toBe(false);
    });
  });

  describe('netbox_front_port (3.x rear_port, which 4.5+ does not take)', () => {
    it('creates the front port its task describes, unmapped, as NetBox 4.5+ ignores rear_port', async () => {
      const device = await nb.idOf('dcim/devices', [['name', 'test100']]);
      const rearQuery: [string, unknown][] = [['name', 'Rear Port'], ['device_id', device]];
      const rearData = { device, name: 'Rear Port', type: await nb.choice('dcim/rear-ports', 'bnc') };
      expect((await ensure(nb, 'dcim/rear-ports', rearQuery, rearData)).created).toBe(true);
      expect((await ensure(nb, 'dcim/rear-ports', rearQuery, rearData)).changed).toBe(false);
      const rear = await nb.idOf('dcim/rear-ports', [['device_id', device], ['name', 'Rear Port']]);
      const created = await nb.ok('post', `${BASE}/dcim/front-ports/`, [], { name: 'Front Port', device, type: 'bnc', rear_port: rear });
      expect(created.rear_ports).toEqual([]);
      expect(created).not.toHaveProperty('rear_port');
    });
  });

  describe('netbox_custom_field (object_types)', () => {
    it('creates a custom field for devices, updates it, moves it to virtual machines (each second run a no-op), and deletes it', async () => {
      const query: [string, unknown][] = [['name', 'A_CustomField']];
      const data = { object_types: ['dcim.device'], name: 'A_CustomField', type: 'text' };
      const first = await ensure(nb, 'extras/custom-fields', query, data);
      expect(first.created).toBe(true);
      expect(first.object.object_types).toEqual(['dcim.device']);
      expect((await ensure(nb, 'extras/custom-fields', query, { object_types: ['dcim.device'], name: 'A_CustomField' })).changed).toBe(false);
      const described = { object_types: ['dcim.device'], name: 'A_CustomField', description: 'Added a description', required: true };
      expect((await ensure(nb, 'extras/custom-fields', query, described)).changed).toBe(true);
      expect((await ensure(nb, 'extras/custom-fields', query, described)).changed).toBe(false);
      const moved = { ...described, object_types: ['virtualization.virtualmachine'] };
      expect((await ensure(nb, 'extras/custom-fields', query, moved)).diff?.after).toEqual({ object_types: ['virtualization.virtualmachine'] });
      expect((await ensure(nb, 'extras/custom-fields', query, moved)).changed).toBe(false);
      // state: absent, the module's lookup then the object's DELETE.
      const found = await nb.getOne('extras/custom-fields', query);
      expectStatus(await nb.call('delete', `${BASE}/extras/custom-fields/${found!.id}/`), 204);
      expect(await nb.getOne('extras/custom-fields', query)).toBeNull();
    });
  });

  describe('netbox_virtual_machine and netbox_vm_interface', () => {
    it('creates a machine in a cluster, then updates vcpus, memory, status, role and tags; each twice', async () => {
      const cluster = await nb.idOf('virtualization/clusters', [['name', 'Test Cluster']]);
      const query: [string, unknown][] = [['name', 'Test VM One'], ['cluster_id', cluster]];
      expect((await ensure(nb, 'virtualization/virtual-machines', query, { name: 'Test VM One', cluster })).created).toBe(true);
      expect((await ensure(nb, 'virtualization/virtual-machines', query, { name: 'Test VM One', cluster })).changed).toBe(false);
      const full = {
        name: 'Test VM One',
        cluster,
        serial: '12345678',
        vcpus: 8.5,
        memory: 8,
        status: await nb.choice('virtualization/virtual-machines', 'Planned'),
        role: await nb.idOf('dcim/device-roles', [['slug', 'test-vm-role']]),
        tags: [await nb.idOf('extras/tags', [['slug', 'schnozzberry']])],
      };
      const updated = await ensure(nb, 'virtualization/virtual-machines', query, full);
      expect(updated.changed).toBe(true);
      expect(updated.object).toMatchObject({ vcpus: 8.5, memory: 8, status: { value: 'planned' } });
      expect((await ensure(nb, 'virtualization/virtual-machines', query, full)).changed).toBe(false);
    });

    it('creates a machine interface found by name and virtual_machine_id, then updates it; each twice', async () => {
      const vm = await nb.idOf('virtualization/virtual-machines', [['name', 'test100-vm']]);
      const query: [string, unknown][] = [['name', 'Eth10'], ['virtual_machine_id', vm]];
      expect((await ensure(nb, 'virtualization/interfaces', query, { virtual_machine: vm, name: 'Eth10' })).created).toBe(true);
      expect((await ensure(nb, 'virtualization/interfaces', query, { virtual_machine: vm, name: 'Eth10' })).changed).toBe(false);
      const full = { virtual_machine: vm, name: 'Eth10', enabled: false, mtu: 9000, description: 'Updated test100-vm', mode: await nb.choice('virtualization/interfaces', 'Tagged') };
      expect((await ensure(nb, 'virtualization/interfaces', query, full)).changed).toBe(true);
      expect((await ensure(nb, 'virtualization/interfaces', query, full)).changed).toBe(false);
    });
  });

  describe('netbox_virtual_disk (4.0+)', () => {
    it('creates a disk found by name and virtual_machine_id, then resizes and tags it; each twice', async () => {
      const vm = await nb.idOf('virtualization/virtual-machines', [['name', 'test100-vm']]);
      const query: [string, unknown][] = [['name', 'disk0'], ['virtual_machine_id', vm]];
      const data = { virtual_machine: vm, name: 'disk0', size: 50 };
      const first = await ensure(nb, 'virtualization/virtual-disks', query, data);
      expect(first.created).toBe(true);
      expect(serialize(first.object)).toMatchObject({ virtual_machine: vm, name: 'disk0', size: 50 });
      expect((await ensure(nb, 'virtualization/virtual-disks', query, data)).changed).toBe(false);
      const resized = { ...data, size: 60, tags: [await nb.idOf('extras/tags', [['slug', 'schnozzberry']])] };
      expect((await ensure(nb, 'virtualization/virtual-disks', query, resized)).diff?.after).toEqual({ size: 60, tags: resized.tags });
      expect((await ensure(nb, 'virtualization/virtual-disks', query, resized)).changed).toBe(false);
    });
  });

  describe('netbox_wireless_lan, netbox_vlan', () => {
    it('creates a wireless LAN by ssid with its authentication and tags; the second run is a no-op', async () => {
      const query: [string, unknown][] = [['ssid', 'Wireless Network One']];
      const tags = [await nb.idOf('extras/tags', [['slug', 'taga']]), await nb.idOf('extras/tags', [['slug', 'tagb']]), await nb.idOf('extras/tags', [['slug', 'tagc']])];
      const data = { ssid: 'Wireless Network One', description: 'Cool Wireless Network', auth_type: 'wpa-enterprise', auth_cipher: 'aes', auth_psk: 'psk123456', tags };
      expect((await ensure(nb, 'wireless/wireless-lans', query, data)).created).toBe(true);
      expect((await ensure(nb, 'wireless/wireless-lans', query, data)).changed).toBe(false);
    });

    it('creates a VLAN, then another of the same name and vid in a site, tenant and group found by slug; each twice', async () => {
      const plain: [string, unknown][] = [['name', 'Test VLAN 500'], ['vid', 500]];
      expect((await ensure(nb, 'ipam/vlans', plain, { name: 'Test VLAN 500', vid: 500 })).created).toBe(true);
      expect((await ensure(nb, 'ipam/vlans', plain, { name: 'Test VLAN 500', vid: 500 })).changed).toBe(false);
      const group = await nb.idOf('ipam/vlan-groups', [['slug', 'test-vlan-group']]);
      const data = { name: 'Test VLAN 500', vid: 500, site: ids.site, tenant: ids.tenant, group };
      const query: [string, unknown][] = [['name', 'Test VLAN 500'], ['vid', 500], ['site_id', ids.site], ['tenant_id', ids.tenant], ['group_id', group]];
      expect((await ensure(nb, 'ipam/vlans', query, data)).created).toBe(true);
      expect((await ensure(nb, 'ipam/vlans', query, data)).changed).toBe(false);
    });
  });

  describe('netbox_ip_address and netbox_prefix (first available)', () => {
    it('creates an address, updates it with a vrf, tenant, status, role and tags; each twice', async () => {
      const query: [string, unknown][] = [['address', '172.16.1.20/24']];
      const vrf = await nb.idOf('ipam/vrfs', [['name', 'Test VRF']]);
      const data = {
        family: 4,
        address: '172.16.1.20/24',
        vrf,
        tenant: ids.tenant,
        status: await nb.choice('ipam/ip-addresses', 'Reserved'),
        role: await nb.choice('ipam/ip-addresses', 'Loopback'),
        description: 'Test description',
        tags: [await nb.idOf('extras/tags', [['slug', 'schnozzberry']])],
      };
      const vrfQuery: [string, unknown][] = [...query, ['vrf_id', vrf]];
      expect((await ensure(nb, 'ipam/ip-addresses', vrfQuery, data)).created).toBe(true);
      expect((await ensure(nb, 'ipam/ip-addresses', vrfQuery, data)).changed).toBe(false);
    });

    it('state new with a prefix: the prefix found by its address, its available IPs listed, the first taken', async () => {
      const prefix = await nb.getOne('ipam/prefixes', [['prefix', '192.168.100.0/24']]);
      const free = await nb.ok('get', `${BASE}/ipam/prefixes/${prefix!.id}/available-ips/`);
      expect(free[0].address).toBe('192.168.100.1/24');
      const taken = await nb.ok('post', `${BASE}/ipam/prefixes/${prefix!.id}/available-ips/`, [], { prefix: '192.168.100.0/24' });
      expect(taken.address).toBe('192.168.100.1/24');
    });

    it('first_available: the parent found by prefix, a /24 taken from its available prefixes', async () => {
      expect(await nb.getOne('ipam/prefixes', [['prefix', '10.157.0.0/19']])).toBeNull();
      expect((await ensure(nb, 'ipam/prefixes', [['prefix', '10.157.0.0/19']], { prefix: '10.157.0.0/19' })).created).toBe(true);
      const parent = await nb.getOne('ipam/prefixes', [['prefix', '10.157.0.0/19']]);
      expect((await nb.ok('get', `${BASE}/ipam/prefixes/${parent!.id}/available-prefixes/`)).length).toBeGreaterThan(0);
      const child = await nb.ok('post', `${BASE}/ipam/prefixes/${parent!.id}/available-prefixes/`, [], { parent: '10.157.0.0/19', prefix_length: 24, scope_type: 'dcim.site', scope: ids.site, scope_id: ids.site });
      expect(child).toMatchObject({ prefix: '10.157.0.0/24', scope_type: 'dcim.site', scope_id: ids.site });
    });
  });

  describe('netbox_tunnel_group and netbox_tunnel (vpn, 3.7+)', () => {
    /** state: absent, the module's lookup then the object's DELETE. */
    const remove = async (path: string, query: [string, unknown][]) => {
      const found = await nb.getOne(path, query);
      expect(found).not.toBeNull();
      expectStatus(await nb.call('delete', `${BASE}/${path}/${found!.id}/`), 204);
      expect(await nb.getOne(path, query)).toBeNull();
    };

    it('creates a tunnel group found by its slug, then describes and tags it; each second run a no-op; then deletes it', async () => {
      const data = { name: 'Test Tunnel Group', slug: toSlug('Test Tunnel Group') };
      const query: [string, unknown][] = [['slug', data.slug]];
      const first = await ensure(nb, 'vpn/tunnel-groups', query, data);
      expect(first).toMatchObject({ created: true, object: { name: 'Test Tunnel Group', slug: 'test-tunnel-group' } });
      expect((await ensure(nb, 'vpn/tunnel-groups', query, data)).changed).toBe(false);
      const tag = await nb.idOf('extras/tags', [['slug', 'schnozzberry']]);
      const updated = { ...data, description: 'Test Description', tags: [tag] };
      const third = await ensure(nb, 'vpn/tunnel-groups', query, updated);
      expect(third.diff?.after).toEqual({ description: 'Test Description', tags: [tag] });
      expect(serialize(third.object)).toMatchObject({ name: 'Test Tunnel Group', description: 'Test Description', tags: [tag] });
      expect((await ensure(nb, 'vpn/tunnel-groups', query, updated)).changed).toBe(false);
      await remove('vpn/tunnel-groups', query);
    });

    it('creates a tunnel found by its name, then updates its description, tenant, tunnel id and tags; each second run a no-op; then deletes it', async () => {
      const query: [string, unknown][] = [['name', 'Test Tunnel']];
      const data = { name: 'Test Tunnel', status: 'active', encapsulation: 'ipsec-tunnel' };
      const first = await ensure(nb, 'vpn/tunnels', query, data);
      expect(first.created).toBe(true);
      expect(serialize(first.object)).toMatchObject({ name: 'Test Tunnel', status: 'active', encapsulation: 'ipsec-tunnel' });
      const second = await ensure(nb, 'vpn/tunnels', query, data);
      expect(second.changed).toBe(false);
      expect(serialize(second.object)).toMatchObject({ name: 'Test Tunnel', status: 'active', encapsulation: 'ipsec-tunnel' });

      // `tenant: Test Tenant` is looked up by its slug; the tag by its own.
      const tenant = await nb.idOf('tenancy/tenants', [['slug', toSlug('Test Tenant')]]);
      const tag = await nb.idOf('extras/tags', [['slug', 'schnozzberry']]);
      const updated = { name: 'Test Tunnel', encapsulation: 'ipsec-tunnel', description: 'Test Description', tenant, tunnel_id: 200, tags: [tag] };
      const third = await ensure(nb, 'vpn/tunnels', query, updated);
      expect(third.diff?.after).toEqual({ description: 'Test Description', tenant, tunnel_id: 200, tags: [tag] });
      expect(serialize(third.object)).toMatchObject({ name: 'Test Tunnel', tenant, tunnel_id: 200, description: 'Test Description', tags: [tag], encapsulation: 'ipsec-tunnel' });
      expect((await ensure(nb, 'vpn/tunnels', query, updated)).changed).toBe(false);
      await remove('vpn/tunnels', query);
    });

    it("resolves the module's tunnel_group and ipsec_profile by `q`, as its example sends them, and sets them once", async () => {
      await ensure(nb, 'vpn/tunnel-groups', [['slug', 'hub-and-spoke']], { name: 'Hub and Spoke', slug: 'hub-and-spoke' });
      const ike = await nb.ok('post', `${BASE}/vpn/ike-policies/`, [], { name: 'ike-policy', version: 2 });
      const ipsec = await nb.ok('post', `${BASE}/vpn/ipsec-policies/`, [], { name: 'ipsec-policy' });
      await nb.ok('post', `${BASE}/vpn/ipsec-profiles/`, [], { name: 'ipsec-profile', mode: 'esp', ike_policy: ike.id, ipsec_policy: ipsec.id });
      const group = await nb.idOf('vpn/tunnel-groups', [['q', 'Hub and Spoke']]);
      const profile = await nb.idOf('vpn/ipsec-profiles', [['q', 'ipsec-profile']]);
      const query: [string, unknown][] = [['name', 'Example Tunnel']];
      // The module sends `tunnel_group` as `group`.
      const data = { name: 'Example Tunnel', status: 'planned', group, encapsulation: 'ipsec-tunnel', ipsec_profile: profile, tunnel_id: 200 };
      const first = await ensure(nb, 'vpn/tunnels', query, data);
      expect(first.created).toBe(true);
      expect(first.object).toMatchObject({ group: { id: group, name: 'Hub and Spoke' }, ipsec_profile: { id: profile, name: 'ipsec-profile' }, status: { value: 'planned' } });
      expect((await ensure(nb, 'vpn/tunnels', query, data)).changed).toBe(false);
    });
  });

  describe('netbox_l2vpn and netbox_l2vpn_termination (vpn, 3.7+)', () => {
    it('creates an L2VPN found by name (its slug made by the module), then sets tenant, targets and tags once; then deletes it', async () => {
      const query: [string, unknown][] = [['name', 'Test L2VPN']];
      const data = { name: 'Test L2VPN', type: 'vxlan', slug: toSlug('Test L2VPN') };
      const first = await ensure(nb, 'vpn/l2vpns', query, data);
      expect(first.created).toBe(true);
      expect(first.object).toMatchObject({ name: 'Test L2VPN', slug: 'test-l2vpn', type: { value: 'vxlan', label: 'VXLAN' } });
      expect(first.object.url).toContain('/v4/api/vpn/l2vpns/');
      expect((await ensure(nb, 'vpn/l2vpns', query, data)).changed).toBe(false);

      const target = (name: string) => nb.idOf('ipam/route-targets', [['name', name]]);
      const [t4000, t5000, t6000] = await Promise.all([target('4000:4000'), target('5000:5000'), target('6000:6000')]);
      const tag = await nb.idOf('extras/tags', [['slug', 'schnozzberry']]);
      const updated = { ...data, tenant: ids.tenant, description: 'Updated description', import_targets: [t4000, t5000], export_targets: [t6000], tags: [tag] };
      const fourth = await ensure(nb, 'vpn/l2vpns', query, updated);
      expect(fourth.diff?.after).toEqual({ tenant: ids.tenant, description: 'Updated description', import_targets: [t4000, t5000], export_targets: [t6000], tags: [tag] });
      expect(serialize(fourth.object)).toMatchObject({ tenant: ids.tenant, import_targets: [t4000, t5000], export_targets: [t6000], tags: [tag] });
      expect((await ensure(nb, 'vpn/l2vpns', query, updated)).changed).toBe(false);

      const found = await nb.getOne('vpn/l2vpns', query);
      expectStatus(await nb.call('delete', `${BASE}/vpn/l2vpns/${found!.id}/`), 204);
      expect(await nb.getOne('vpn/l2vpns', query)).toBeNull();
    });

    it('terminates an L2VPN on an interface, found by l2vpn_id, assigned_object_type and interface_id; tags it once; deletes it', async () => {
      const l2vpn = await nb.idOf('vpn/l2vpns', [['name', 'Test L2VPN 1']]);
      // The module's lookup: `l2vpn` as l2vpn_id, the assigned object's id under its kind's filter.
      const query: [string, unknown][] = [['l2vpn_id', l2vpn], ['assigned_object_type', 'dcim.interface'], ['interface_id', ids.gi1]];
      const data = { l2vpn, assigned_object_type: 'dcim.interface', assigned_object_id: ids.gi1 };
      const first = await ensure(nb, 'vpn/l2vpn-terminations', query, data);
      expect(first.created).toBe(true);
      expect(serialize(first.object)).toMatchObject(data);
      expect(first.object.assigned_object).toMatchObject({ id: ids.gi1, name: 'GigabitEthernet1' });
      expect((await ensure(nb, 'vpn/l2vpn-terminations', query, data)).changed).toBe(false);
      // Another kind's filter with the same id finds nothing: a VLAN with the interface's id is not the interface.
      expect(await nb.getOne('vpn/l2vpn-terminations', [['l2vpn_id', l2vpn], ['assigned_object_type', 'ipam.vlan'], ['vlan_id', ids.gi1]])).toBeNull();

      const tag = await nb.idOf('extras/tags', [['slug', 'schnozzberry']]);
      const third = await ensure(nb, 'vpn/l2vpn-terminations', query, { ...data, tags: [tag] });
      expect(third.diff?.after).toEqual({ tags: [tag] });
      expect((await ensure(nb, 'vpn/l2vpn-terminations', query, { ...data, tags: [tag] })).changed).toBe(false);

      const found = await nb.getOne('vpn/l2vpn-terminations', query);
      expectStatus(await nb.call('delete', `${BASE}/vpn/l2vpn-terminations/${found!.id}/`), 204);
      expect(await nb.getOne('vpn/l2vpn-terminations', query)).toBeNull();
    });
  });

  describe('netbox_user and netbox_token', () => {
    it('creates a user, then finds it by username (and the password, which NetBox does not filter by)', async () => {
      const query: [string, unknown][] = [['username', 'TestUser'], ['password', 'TestPassword2']];
      const data = { username: 'TestUser', password: 'TestPassword2' };
      expect((await ensure(nb, 'users/users', query, data)).created).toBe(true);
      // The user module leaves the password out of its comparison.
      const again = await nb.getOne('users/users', query);
      expect(again).toMatchObject({ username: 'TestUser' });
    });

    it("looks a token up by the key it was given, and finds none on 4.5+, where a token's key is read-only and its own", async () => {
      const user = await nb.idOf('users/users', [['username', 'TestUser']]);
      const key = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
      expect(await nb.getOne('users/tokens', [['key', key]])).toBeNull();
      const created = await nb.ok('post', `${BASE}/users/tokens/`, [], { user, key });
      expect(created).toMatchObject({ user: { id: user }, version: 2 });
      expect(created.key).not.toBe(key);
      expect(await nb.getOne('users/tokens', [['key', key]])).toBeNull();
      expect((await nb.getOne('users/tokens', [['key', created.key]]))?.id).toBe(created.id);
      const updated = await nb.ok('patch', `${BASE}/users/tokens/${created.id}/`, [], { description: 'The test token', write_enabled: false });
      expect(serialize(updated)).toMatchObject({ user, description: 'The test token', write_enabled: false });
    });
  });

  describe('regression-v4.3', () => {
    const tag = (slug: string) => nb.idOf('extras/tags', [['slug', slug]]);

    it('#242: tags given out of order change nothing, an added tag does, and other fields still update beside tags', async () => {
      const base = {
        name: 'issue-242',
        device_type: await nb.idOf('dcim/device-types', [['slug', 'cisco-test']]),
        role: await nb.idOf('dcim/device-roles', [['slug', 'core-switch']]),
        site: await nb.idOf('dcim/sites', [['slug', 'test-site']]),
        status: await nb.choice('dcim/devices', 'Staged'),
      };
      const query: [string, unknown][] = [['name', 'issue-242']];
      expect((await ensure(nb, 'dcim/devices', query, { ...base, tags: [await tag('first'), await tag('second')] })).created).toBe(true);
      expect((await ensure(nb, 'dcim/devices', query, { ...base, tags: [await tag('second'), await tag('first')] })).changed).toBe(false);
      const three = await ensure(nb, 'dcim/devices', query, { ...base, tags: [await tag('second'), await tag('third'), await tag('first')] });
      expect(three.changed).toBe(true);
      expect(three.diff?.after.tags).toBeDefined();
      const nulled = await ensure(nb, 'dcim/devices', query, { ...base, asset_tag: 'Null', tags: [2, 3, 1] });
      expect(nulled.changed).toBe(true);
      expect(nulled.object.asset_tag).toBe('Null');
    });

    it('#282: the same interface template on four device types, each found by its own device_type_id', async () => {
      const type = await nb.choice('dcim/interface-templates', 'SFP+ (10GE)');
      expect(type).toBe('10gbase-x-sfpp');
      for (const model of ['Cisco Test', 'Arista Test', 'Nexus Child', 'Nexus Parent']) {
        const deviceType = await nb.idOf('dcim/device-types', [['slug', toSlug(model)]]);
        const query: [string, unknown][] = [['name', 'SFP+ (10GE)'], ['device_type_id', deviceType]];
        const data = { name: 'SFP+ (10GE)', type, device_type: deviceType };
        const first = await ensure(nb, 'dcim/interface-templates', query, data);
        expect(first.created).toBe(true);
        expect(first.object.device_type.id).toBe(deviceType);
        expect((await ensure(nb, 'dcim/interface-templates', query, data)).changed).toBe(false);
      }
    });

    it('#432: the same address on two devices\' interfaces, each found by address, interface_id and assigned_object_id', async () => {
      const role = await nb.choice('ipam/ip-addresses', 'HSRP');
      const status = await nb.choice('ipam/ip-addresses', 'Active');
      for (const round of [1, 2]) {
        for (const address of ['121.121.121.121/32', '1.121.121.121/32']) {
          for (const [device, name] of [['Test Nexus One', 'Ethernet1/1'], ['Test Nexus Child One', 'Ethernet2/1']]) {
            const deviceId = await nb.idOf('dcim/devices', [['name', device]]);
            const interface_ = await nb.idOf('dcim/interfaces', [['name', name], ['device_id', deviceId]]);
            const data = { address, assigned_object: interface_, assigned_object_id: interface_, assigned_object_type: 'dcim.interface', description: 'ansible-netbox-1.2.1', dns_name: 'ansible-netbox-1.2.1', role, status };
            const query: [string, unknown][] = [['address', address], ['assigned_object', interface_], ['interface_id', interface_], ['assigned_object_id', interface_]];
            const outcome = await ensure(nb, 'ipam/ip-addresses', query, data);
            expect(outcome).toMatchObject({ changed: round === 1, created: round === 1 });
            expect(outcome.object).toMatchObject({ address, assigned_object_id: interface_, role: { value: 'hsrp' } });
          }
        }
      }
      expect((await nb.ok('get', `${BASE}/ipam/ip-addresses/`, [['address', '121.121.121.121/32'], ['limit', 0]])).count).toBe(2);
    });

    it('#958: a location of the same name at two sites, each found by name, slug and site_id', async () => {
      const created: number[] = [];
      for (const site of ['Test Site', 'Test Site2']) {
        const siteId = await nb.idOf('dcim/sites', [['slug', toSlug(site)]]);
        const data = { name: 'Office Building', slug: 'office-building', site: siteId };
        const query: [string, unknown][] = [['name', 'Office Building'], ['slug', 'office-building'], ['site_id', siteId]];
        const first = await ensure(nb, 'dcim/locations', query, data);
        expect(first.created).toBe(true);
        created.push(first.object.id);
        expect((await ensure(nb, 'dcim/locations', query, data)).changed).toBe(false);
      }
      expect(created[0]).not.toBe(created[1]);
    });

    it("#1413: an interface's primary MAC address set by id, then unchanged", async () => {
      const device = await nb.idOf('dcim/devices', [['name', 'test100']]);
      const query: [string, unknown][] = [['name', 'GigabitEthernet2'], ['virtual_chassis_member_id', device]];
      const data = { device, name: 'GigabitEthernet2', primary_mac_address: ids.macs };
      const update = await ensure(nb, 'dcim/interfaces', query, data);
      expect(update.changed).toBe(true);
      expect(serialize(update.object).primary_mac_address).toBe(ids.macs);
      expect(update.object.mac_address).toBe('AA:BB:CC:DD:EE:FF');
      expect((await ensure(nb, 'dcim/interfaces', query, data)).changed).toBe(false);
    });
  });

  describe('nb_lookup', () => {
    /** The lookup's filter(**build_filters(api_filter)): each key once, its values repeated. */
    const lookup = (term: string, params: [string, unknown][] = []) => nb.ok('get', `${BASE}/${term}/`, [...params, ['limit', 0]]);

    it('lists a whole endpoint, filters by repeated keys, and reads one device by id', async () => {
      expect((await lookup('dcim/sites')).results.length).toBeGreaterThanOrEqual(2);
      const lookupTag = await nb.idOf('extras/tags', [['slug', 'lookup']]);
      await nb.ok('patch', `${BASE}/dcim/devices/${ids.test100}/`, [], { tags: [lookupTag] });
      const tagged = await lookup('dcim/devices', [['role', 'core-switch'], ['tag', 'lookup']]);
      expect(tagged.results.map((d: Json) => d.display)).toEqual(['test100 (123456789)']);
      const sites = await lookup('dcim/devices', [['role', 'core-switch'], ['site', 'test-site'], ['site', 'test-site2']]);
      expect(sites.results.map((d: Json) => d.name)).toEqual(expect.arrayContaining(['test100', 'R1-Device']));
      const vlans = await lookup('ipam/vlans');
      expect(vlans.results.find((v: Json) => v.vid === 400).name).toBe('Test VLAN');
      const one = await nb.ok('get', `${BASE}/dcim/devices/${ids.test100}/`);
      expect(one.name).toBe('test100');
    });
  });

  describe('nb_inventory', () => {
    /** _fetch_information: open_url with the plugin's headers; a 403 reads as an empty list. */
    async function fetch(url: string, authorization = `Token ${SUPERUSER_TOKEN}`): Promise<Json> {
      const res = await request(t.server).get(url).set({ 'User-Agent': 'ansible 2.18.0 Python 3.12.3', 'Content-type': 'application/json', Authorization: authorization });
      // open_url follows a redirect, as Django's APPEND_SLASH sends for a list path without its slash.
      if ([301, 302, 307, 308].includes(res.status)) return fetch(res.headers.location.replace(/^https?:\/\/[^/]+/, ''), authorization);
      if (res.status === 403) return { results: [], next: null };
      expectStatus(res, 200);
      expect(res.headers['content-type']).toMatch(/json/);
      return JSON.parse(res.text);
    }

    /** get_resource_list: the url, then every `next`. */
    async function list(url: string): Promise<Json[]> {
      const out: Json[] = [];
      let next: string | null = url;
      while (next) {
        const page = await fetch(next.replace(/^https?:\/\/[^/]+/, ''));
        out.push(...page.results);
        next = page.next;
      }
      return out;
    }

    it('fetch_api_docs: status, then the schema as JSON, whose /v4/api/dcim/devices/ and virtual-machines/ GETs list the filters', async () => {
      const status = await fetch('/v4/api/status/');
      expect(status['netbox-version'].split('.').slice(0, 2).join('.')).toBe('4.6');
      const schema = await fetch('/v4/api/schema/?format=json');
      const devices = schema.paths['/v4/api/dcim/devices/'].get.parameters.map((p: Json) => p.name);
      const vms = schema.paths['/v4/api/virtualization/virtual-machines/'].get.parameters.map((p: Json) => p.name);
      for (const name of ['limit', 'offset', 'site', 'role', 'status', 'tag', 'name', 'location_id']) expect(devices).toContain(name);
      for (const name of ['cluster', 'role', 'status', 'name']) expect(vms).toContain(name);
    });

    it('fetches hosts with limit=0 (and the filters the schema allows), config_context in the answer unless excluded', async () => {
      const devices = await list('/v4/api/dcim/devices/?limit=0');
      expect(devices.map((d) => d.name)).toEqual(expect.arrayContaining(['test100', 'TestDeviceR1', 'R1-Device', 'Test Nexus One', 'Test Nexus Child One']));
      const test100 = devices.find((d) => d.name === 'test100')!;
      expect(test100.config_context).toEqual({ ntp_servers: ['pool.ntp.org'] });
      expect(test100).toMatchObject({ role: { id: ids.coreSwitch, slug: 'core-switch' }, device_type: { slug: 'cisco-test' }, site: { id: ids.site, slug: 'test-site' }, location: { id: ids.location }, status: { value: 'active' } });
      const child = devices.find((d) => d.name === 'Test Nexus Child One')!;
      expect(child.virtual_chassis.master.id).toBe(ids.nexus);
      const filtered = await list('/v4/api/dcim/devices/?limit=0&role=core-switch&site=test-site2&exclude=config_context');
      expect(filtered.map((d) => d.name)).toEqual(['R1-Device']);
      expect(filtered[0]).not.toHaveProperty('config_context');
      const vms = await list('/v4/api/virtualization/virtual-machines/?limit=0');
      expect(vms.map((v) => v.name)).toEqual(expect.arrayContaining(['test100-vm', 'test101-vm', 'test102-vm', 'test103-vm', 'test104-vm', 'Test VM With Spaces']));
      expect(vms.find((v) => v.name === 'test100-vm')).toMatchObject({ cluster: { id: ids.cluster } });
    });

    it('reads the lookups: sites, regions, site groups, locations, tenants, roles, platforms, types, manufacturers, clusters, racks', async () => {
      const sites = await list('/v4/api/dcim/sites/?limit=0');
      expect(sites.find((s) => s.slug === 'test-site')).toMatchObject({ region: { id: ids.region }, tenant: { id: ids.tenant }, time_zone: null, facility: '' });
      const regions = await list('/v4/api/dcim/regions/?limit=0');
      expect(regions.find((r) => r.id === ids.region)!.parent.id).toBe(ids.parentRegion);
      const siteGroups = await list('/v4/api/dcim/site-groups/?limit=0');
      expect(siteGroups.find((g) => g.id === ids.siteGroup)!.parent.id).toBe(ids.parentSiteGroup);
      const locations = await list('/v4/api/dcim/locations/?limit=0');
      expect(locations.find((l) => l.id === ids.location)).toMatchObject({ parent: { id: expect.any(Number) }, site: { id: ids.site } });
      for (const url of ['/v4/api/tenancy/tenants/?limit=0', '/v4/api/dcim/device-roles/?limit=0', '/v4/api/dcim/platforms/?limit=0', '/v4/api/dcim/manufacturers/?limit=0']) {
        for (const row of await list(url)) expect(row).toEqual(expect.objectContaining({ id: expect.any(Number), slug: expect.any(String) }));
      }
      const types = await list('/v4/api/dcim/device-types/?limit=0');
      expect(types.find((d) => d.slug === 'cisco-test')!.manufacturer.id).toEqual(expect.any(Number));
      const clusters = await list('/v4/api/virtualization/clusters/?limit=0');
      expect(clusters.find((c) => c.id === ids.cluster)).toMatchObject({ type: { id: ids.clusterType }, group: { id: ids.clusterGroup } });
      const racks = await list('/v4/api/dcim/racks/?limit=0');
      expect(racks.find((r) => r.id === ids.rackSite2)!.role.id).toBe(ids.rackRole);
      expect(racks.find((r) => r.id === ids.rack)!.location.id).toBe(ids.location);
    });

    it('reads interfaces, virtual disks and addresses, whole (fetch_all) and chunked by device_id and virtual_machine_id', async () => {
      const all = await list('/v4/api/dcim/interfaces/?limit=0');
      const r1 = await nb.idOf('dcim/devices', [['name', 'TestDeviceR1']]);
      const chunked = await list(`/v4/api/dcim/interfaces/?limit=0&device_id=${ids.test100}&device_id=${r1}`);
      expect(chunked.map((i) => i.id).sort()).toEqual(all.filter((i) => [ids.test100, r1].includes(i.device.id)).map((i) => i.id).sort());
      const gi1 = chunked.find((i) => i.id === ids.gi1)!;
      expect(gi1.count_ipaddresses).toBe(1);
      const vmInterfaces = await list(`/v4/api/virtualization/interfaces/?limit=0&virtual_machine_id=${ids.vm100}&virtual_machine_id=${ids.vm101}`);
      expect(vmInterfaces.length).toBeGreaterThanOrEqual(10);
      expect(vmInterfaces.every((i) => [ids.vm100, ids.vm101].includes(i.virtual_machine.id))).toBe(true);
      expect(vmInterfaces[0].virtual_machine.id).toEqual(expect.any(Number));
      const disks = await list(`/v4/api/virtualization/virtual-disks/?limit=0&virtual_machine_id=${ids.vm100}`);
      expect(disks.map((d) => [d.name, d.size, d.virtual_machine.id])).toEqual(expect.arrayContaining([
        ['disk1', 60, ids.vm100],
        ['disk2', 110, ids.vm100],
      ]));
      expect((await list('/v4/api/virtualization/virtual-disks/?limit=0')).length).toBeGreaterThanOrEqual(2);
      const ips = await list(`/v4/api/ipam/ip-addresses/?limit=0&assigned_to_interface=true&device_id=${ids.test100}`);
      expect(ips.map((a) => [a.address, a.assigned_object_type, a.assigned_object_id])).toEqual(
        expect.arrayContaining([
          ['172.16.180.1/24', 'dcim.interface', ids.gi1],
          ['2001::1:1/64', 'dcim.interface', ids.gi2],
        ]),
      );
      const assigned = await list('/v4/api/ipam/ip-addresses/?limit=0&assigned_to_interface=true');
      expect(assigned.map((a) => a.address)).not.toContain('172.16.180.254/24');
      expect(assigned.every((a) => a.assigned_object && a.assigned_object_id)).toBe(true);
    });

    it('reads services whole, and chunked by parent_object_id alone (4.3+), each with its parent_object_type and id', async () => {
      const all = await list('/v4/api/ipam/services/?limit=0');
      const chunked = await list(`/v4/api/ipam/services/?limit=0&parent_object_id=${ids.test100}&parent_object_id=${ids.vmSpaces}`);
      const byParent = (services: Json[]) => services.map((s) => [s.parent_object_type, s.parent_object_id, s.name]).sort();
      expect(byParent(chunked)).toEqual(byParent(all.filter((s) => [ids.test100, ids.vmSpaces].includes(s.parent_object_id))));
      expect(byParent(chunked)).toEqual(
        expect.arrayContaining([
          ['dcim.device', ids.test100, 'http'],
          ['dcim.device', ids.test100, 'ssh'],
          ['virtualization.virtualmachine', ids.vmSpaces, 'ssh'],
        ]),
      );
      const http = chunked.find((s) => s.name === 'http')!;
      expect(http.ipaddresses.map((a: Json) => a.address)).toEqual(['172.16.180.1/24', '2001::1:1/64']);
      expect(http.ports).toEqual([80]);
    });

    it('reads prefixes as 4.2+ scopes them (scope_type dcim.site, scope.id), without limit', async () => {
      const site = await nb.idOf('dcim/sites', [['slug', 'test-site']]);
      const prefixes = await list('/v4/api/ipam/prefixes');
      const scoped = prefixes.filter((p) => p.scope_type === 'dcim.site' && p.scope);
      expect(scoped.map((p) => p.scope.id)).toContain(site);
      expect(prefixes.every((p) => !('site' in p))).toBe(true);
    });

    it('authenticates the bearer-token inventory (token: {type: Bearer, value: nbt_…}) as the v1 one', async () => {
      const provision = await request(t.server).post('/v4/api/users/tokens/provision/').set('Content-Type', 'application/json').send({ username: 'admin', password: 'admin-password' });
      expectStatus(provision, 201);
      const bearer = `Bearer nbt_${provision.body.key}.${provision.body.token}`;
      const page = await fetch('/v4/api/dcim/devices/?limit=0', bearer);
      expect(page.count).toBeGreaterThanOrEqual(5);
    });
  });
});
