import { pageStatements } from './helpers/queries';
import { Json, createOne, expectStatus } from './helpers/seed';
import { TestApp } from './helpers/test-app';

const api = (plural: string) => `/api/ipam/${plural}/`;
const detail = (plural: string, id: number) => `/api/ipam/${plural}/${id}/`;
const INTERFACES = '/api/dcim/interfaces/';
const TIMES = ['tags', 'custom_fields', 'created', 'last_updated'];

describe('ipam FHRP groups and their assignments', () => {
  let t: TestApp;
  let site: Json;
  let type: Json;
  let role: Json;
  let core: Json;
  let edge: Json;
  const make = (plural: string, body: Json) => createOne(t, api(plural), body);
  const device = (name: string, fields: Json = {}) => createOne(t, '/api/dcim/devices/', { name, device_type: type.id, device_role: role.id, site: site.id, ...fields });
  const iface = (dev: Json, name: string, fields: Json = {}) => createOne(t, INTERFACES, { device: dev.id, name, type: '10gbase-x-sfpp', ...fields });
  const list = async (plural: string, query: string) => (await t.get(`${api(plural)}?${query}&limit=0`)).body.results;
  const displays = async (plural: string, query: string) => (await list(plural, query)).map((o: Json) => o.display);
  const refused = async (plural: string, body: Json) => {
    const res = await t.post(api(plural), body);
    expectStatus(res, 400);
    return res.body;
  };

  beforeAll(async () => {
    t = await TestApp.start();
    site = await createOne(t, '/api/dcim/sites/', { name: 'Amsterdam', slug: 'ams' });
    const maker = await createOne(t, '/api/dcim/manufacturers/', { name: 'Cisco', slug: 'cisco' });
    type = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: 'C9500', slug: 'c9500' });
    role = await createOne(t, '/api/dcim/device-roles/', { name: 'Router', slug: 'router' });
    core = await make('fhrp-groups', { protocol: 'vrrp2', group_id: 10, name: 'Core', auth_type: 'md5', auth_key: 'secret', description: 'core routers' });
    edge = await make('fhrp-groups', { protocol: 'hsrp', group_id: 20 });
  });
  afterAll(() => t.close());

  describe('groups', () => {
    it('reads protocol and authentication bare, labels the group as NetBox, and has no addresses yet', async () => {
      expect(Object.keys(core)).toEqual([
        'id', 'name', 'url', 'display', 'protocol', 'group_id', 'auth_type', 'auth_key', 'description', 'comments', ...TIMES, 'ip_addresses',
      ]);
      expect(core).toMatchObject({ display: 'Core VRRPv2: 10', protocol: 'vrrp2', auth_type: 'md5', auth_key: 'secret', ip_addresses: [] });
      expect(edge).toMatchObject({ display: 'HSRP: 20', name: '', auth_type: '', auth_key: '' });
      expect((await t.get(`${detail('fhrp-groups', core.id)}?brief=1`)).body).toEqual({
        id: core.id, url: core.url, display: 'Core VRRPv2: 10', protocol: 'vrrp2', group_id: 10,
      });
      const renamed = await t.patch(detail('fhrp-groups', edge.id), { protocol: 'clusterxl' });
      expect(renamed.body.display).toBe('ClusterXL: 20');
      await t.patch(detail('fhrp-groups', edge.id), { protocol: 'hsrp' });
    });

    it('checks protocol, group number and authentication type', async () => {
      expect(await refused('fhrp-groups', { group_id: 1 })).toEqual({ protocol: ['This field is required.'] });
      expect(await refused('fhrp-groups', { protocol: 'bgp', group_id: 1 })).toEqual({ protocol: ['"bgp" is not a valid choice.'] });
      expect(await refused('fhrp-groups', { protocol: 'carp', group_id: 32768 })).toEqual({ group_id: ['Ensure this value is less than or equal to 32767.'] });
      expect(await refused('fhrp-groups', { protocol: 'carp', group_id: -1 })).toEqual({ group_id: ['Ensure this value is greater than or equal to 0.'] });
      expect(await refused('fhrp-groups', { protocol: 'carp', group_id: 1, auth_type: 'sha' })).toEqual({ auth_type: ['"sha" is not a valid choice.'] });
      expect(await refused('fhrp-groups', { protocol: 'carp', group_id: 1, auth_key: 'k'.repeat(256) })).toEqual({
        auth_key: ['Ensure this field has no more than 255 characters.'],
      });
    });

    it('orders groups by protocol, then group number, and filters them', async () => {
      await make('fhrp-groups', { protocol: 'vrrp2', group_id: 2, name: 'Access' });
      await make('fhrp-groups', { protocol: 'carp', group_id: 5 });
      expect(await displays('fhrp-groups', '')).toEqual(['CARP: 5', 'HSRP: 20', 'Access VRRPv2: 2', 'Core VRRPv2: 10']);
      expect(await displays('fhrp-groups', 'protocol=vrrp2')).toEqual(['Access VRRPv2: 2', 'Core VRRPv2: 10']);
      expect(await displays('fhrp-groups', 'protocol=carp&protocol=hsrp')).toEqual(['CARP: 5', 'HSRP: 20']);
      expect(await displays('fhrp-groups', 'protocol__n=vrrp2')).toEqual(['CARP: 5', 'HSRP: 20']);
      expect(await displays('fhrp-groups', 'auth_type=md5')).toEqual(['Core VRRPv2: 10']);
      expect(await displays('fhrp-groups', 'group_id__gte=10')).toEqual(['HSRP: 20', 'Core VRRPv2: 10']);
      expect(await displays('fhrp-groups', 'q=routers')).toEqual(['Core VRRPv2: 10']);
      expect(await displays('fhrp-groups', 'q=acc')).toEqual(['Access VRRPv2: 2']);
      expect(await displays('fhrp-groups', 'auth_key=secret')).toEqual(['Core VRRPv2: 10']);
      expect((await t.get(`${api('fhrp-groups')}?protocol=bgp`)).body).toEqual({ protocol: ['Select a valid choice. bgp is not one of the available choices.'] });
    });
  });

  describe('assignments', () => {
    let r1: Json;
    let uplink: Json;

    beforeAll(async () => {
      r1 = await device('r1');
      uplink = await iface(r1, 'Te1/0/1', { label: 'uplink' });
    });

    it('assigns a group to an interface, with its priority, and labels it by both', async () => {
      const assignment = await make('fhrp-group-assignments', { group: core.id, interface_type: 'dcim.interface', interface_id: uplink.id, priority: 200 });
      expect(Object.keys(assignment)).toEqual(['id', 'url', 'display', 'group', 'interface_type', 'interface_id', 'interface', 'priority', 'created', 'last_updated']);
      expect(assignment).toMatchObject({
        display: 'Te1/0/1 (uplink): Core VRRPv2: 10 (200)',
        group: { id: core.id, display: 'Core VRRPv2: 10', protocol: 'vrrp2', group_id: 10 },
        interface_type: 'dcim.interface',
        interface_id: uplink.id,
        interface: { id: uplink.id, name: 'Te1/0/1', device: { id: r1.id, name: 'r1' } },
        priority: 200,
      });
      expect((await t.get(`${detail('fhrp-group-assignments', assignment.id)}?brief=1`)).body).toEqual({
        id: assignment.id, url: assignment.url, display: 'Te1/0/1 (uplink): Core VRRPv2: 10 (200)', interface_type: 'dcim.interface',
        interface_id: uplink.id, group_id: core.id, priority: 200,
      });
      const lowered = await t.patch(detail('fhrp-group-assignments', assignment.id), { priority: 100 });
      expect(lowered.body.display).toBe('Te1/0/1 (uplink): Core VRRPv2: 10 (100)');
      // Renaming the interface or the group shows in the label.
      await t.patch(`${INTERFACES}${uplink.id}/`, { label: '' });
      expect((await t.get(detail('fhrp-group-assignments', assignment.id))).body.display).toBe('Te1/0/1: Core VRRPv2: 10 (100)');
    });

    it('refuses a second assignment of the same group to an interface, a bad priority and other object types', async () => {
      expect(await refused('fhrp-group-assignments', { group: core.id, interface_type: 'dcim.interface', interface_id: uplink.id, priority: 50 })).toEqual({
        __all__: ['FHRP group assignment with this Interface type, Interface id and Group already exists.'],
      });
      expect(await refused('fhrp-group-assignments', { group: edge.id, interface_type: 'dcim.interface', interface_id: uplink.id, priority: 256 })).toEqual({
        priority: ['Ensure this value is less than or equal to 255.'],
      });
      expect(await refused('fhrp-group-assignments', { group: edge.id, interface_type: 'dcim.device', interface_id: r1.id, priority: 1 })).toEqual({
        interface_type: ['Invalid content type: dcim.device'],
      });
      // Virtual machine interfaces are a valid type; one that does not exist is refused like any other.
      expect(await refused('fhrp-group-assignments', { group: edge.id, interface_type: 'virtualization.vminterface', interface_id: 999999, priority: 1 })).toEqual({
        non_field_errors: ['Invalid interface: virtualization.vminterface ID 999999'],
      });
      expect(await refused('fhrp-group-assignments', { group: edge.id, interface_type: 'dcim.interface', interface_id: 999999, priority: 1 })).toEqual({
        non_field_errors: ['Invalid interface: dcim.interface ID 999999'],
      });
      expect(await refused('fhrp-group-assignments', { interface_type: 'dcim.interface', interface_id: uplink.id })).toEqual({
        group: ['This field is required.'],
        priority: ['This field is required.'],
      });
    });

    it('counts an interface\'s groups, and goes with the interface or the group', async () => {
      const spare = await iface(r1, 'Te1/0/2');
      const other = await make('fhrp-group-assignments', { group: edge.id, interface_type: 'dcim.interface', interface_id: uplink.id, priority: 10 });
      const counts = async () =>
        Object.fromEntries((await t.get(`${INTERFACES}?device_id=${r1.id}`)).body.results.map((i: Json) => [i.name, i.count_fhrp_groups]));
      expect(await counts()).toEqual({ 'Te1/0/1': 2, 'Te1/0/2': 0 });
      expect((await t.get(`${INTERFACES}${uplink.id}/`)).body.count_fhrp_groups).toBe(2);
      expect((await t.get(`${INTERFACES}?device_id=${r1.id}&ordering=-count_fhrp_groups`)).body.results.map((i: Json) => i.name)).toEqual(['Te1/0/1', 'Te1/0/2']);

      const group = await make('fhrp-groups', { protocol: 'glbp', group_id: 7 });
      const onSpare = await make('fhrp-group-assignments', { group: group.id, interface_type: 'dcim.interface', interface_id: spare.id, priority: 1 });
      expectStatus(await t.delete(detail('fhrp-groups', group.id)), 204);
      expect((await t.get(detail('fhrp-group-assignments', onSpare.id))).status).toBe(404);
      await make('fhrp-group-assignments', { group: core.id, interface_type: 'dcim.interface', interface_id: spare.id, priority: 1 });
      expectStatus(await t.delete(`${INTERFACES}${spare.id}/`), 204);
      expect(await displays('fhrp-group-assignments', `group_id=${core.id}`)).toEqual(['Te1/0/1: Core VRRPv2: 10 (100)']);
      expect(await counts()).toEqual({ 'Te1/0/1': 2 });
      expect((await t.get(detail('fhrp-group-assignments', other.id))).status).toBe(200);
    });

    it('orders assignments by priority, highest first, and filters them by group, interface and device', async () => {
      const master = await device('vc-a');
      const vc = await createOne(t, '/api/dcim/virtual-chassis/', { name: 'VC', master: master.id });
      const member = await device('vc-b', { virtual_chassis: vc.id, vc_position: 2 });
      const own = await iface(master, 'Vlan10', { type: 'virtual' });
      const shared = await iface(member, 'Vlan20', { type: 'virtual' });
      const mgmt = await iface(member, 'mgmt0', { type: '1000base-t', mgmt_only: true });
      for (const [i, target] of [own, shared, mgmt].entries()) {
        await make('fhrp-group-assignments', { group: edge.id, interface_type: 'dcim.interface', interface_id: target.id, priority: 50 + i });
      }
      expect(await displays('fhrp-group-assignments', `group_id=${edge.id}`)).toEqual([
        'mgmt0: HSRP: 20 (52)', 'Vlan20: HSRP: 20 (51)', 'Vlan10: HSRP: 20 (50)', 'Te1/0/1: HSRP: 20 (10)',
      ]);
      const on = async (query: string) => (await list('fhrp-group-assignments', query)).map((a: Json) => a.interface.name);
      // A virtual chassis master answers for its members' interfaces, except their management ones.
      expect(await on(`device_id=${master.id}`)).toEqual(['Vlan20', 'Vlan10']);
      expect(await on('device=vc-a')).toEqual(['Vlan20', 'Vlan10']);
      expect(await on(`device_id=${member.id}`)).toEqual(['mgmt0', 'Vlan20']);
      expect(await on('device=r1')).toEqual(['Te1/0/1', 'Te1/0/1']);
      expect(await on('device=nowhere')).toEqual([]);
      expect(await on(`interface_id=${own.id}`)).toEqual(['Vlan10']);
      expect(await on(`group_id=${edge.id}&priority__gte=51`)).toEqual(['mgmt0', 'Vlan20']);
      expect(await on('interface_type=dcim.interface&priority=200')).toEqual([]);
      expect(await on(`group_id=${core.id}&interface_type=dcim.interface`)).toEqual(['Te1/0/1']);
      expect((await t.get(`${api('fhrp-group-assignments')}?device_id=r1`)).body).toEqual({ device_id: ['Enter a whole number.'] });
      // A generic relation has no column to filter on: NetBox has no such filter, so the parameter is ignored.
      const all = (await t.get(`${api('fhrp-group-assignments')}?limit=1`)).body.count;
      expect((await t.get(`${api('fhrp-group-assignments')}?interface=${own.id}&limit=1`)).body.count).toBe(all);
      expect((await t.get(`${api('fhrp-group-assignments')}?group_id=999999`)).body).toEqual({
        group_id: ['Select a valid choice. 999999 is not one of the available choices.'],
      });
    });

    it('lists pages of interfaces and of assignments in as many statements whatever their size', async () => {
      const host = await device('perf');
      const body = Array.from({ length: 150 }, (_, i) => ({ device: host.id, name: `Ethernet${i + 1}`, type: '1000base-t' }));
      const res = await t.post(INTERFACES, body);
      expectStatus(res, 201);
      const assignments = res.body.flatMap((i: Json, k: number) => [
        { group: core.id, interface_type: 'dcim.interface', interface_id: i.id, priority: k % 256 },
        ...(k % 3 ? [] : [{ group: edge.id, interface_type: 'dcim.interface', interface_id: i.id, priority: 1 }]),
      ]);
      expectStatus(await t.post(api('fhrp-group-assignments'), assignments), 201);
      const page = async (path: string, limit: number) => {
        const listed = (await t.get(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}`)).body.results;
        expect(listed).toHaveLength(limit);
        return listed;
      };
      const onHost = `${INTERFACES}?device_id=${host.id}`;
      const few = await pageStatements(t, () => page(onHost, 4));
      const many = await pageStatements(t, async () => {
        const listed = await page(onHost, 150);
        expect(listed.slice(0, 6).map((i: Json) => i.count_fhrp_groups)).toEqual([2, 1, 1, 2, 1, 1]);
      });
      expect(many).toBe(few);
      for (const brief of ['', 'brief=1']) {
        const small = await pageStatements(t, () => page(`${api('fhrp-group-assignments')}?${brief}`, 3));
        const large = await pageStatements(t, () => page(`${api('fhrp-group-assignments')}?${brief}`, 200));
        expect(large).toBe(small);
      }
    });
  });
  describe('addresses', () => {
    it('lists the addresses assigned to a group, names the group by its first, and finds groups serving an address\'s network', async () => {
      const vrf = await make('vrfs', { name: 'voice' });
      const group = await make('fhrp-groups', { protocol: 'vrrp3', group_id: 30 });
      const vip = await make('ip-addresses', { address: '10.30.0.1/24', role: 'vrrp', assigned_object_type: 'ipam.fhrpgroup', assigned_object_id: group.id });
      const vip6 = await make('ip-addresses', { address: '2001:db8:30::1/64', assigned_object_type: 'ipam.fhrpgroup', assigned_object_id: group.id });
      const read = (await t.get(detail('fhrp-groups', group.id))).body;
      expect(read.display).toBe('VRRPv3: 30 (10.30.0.1/24)');
      expect(read.ip_addresses).toEqual([
        { id: vip.id, url: vip.url, display: '10.30.0.1/24', family: 4, address: '10.30.0.1/24' },
        { id: vip6.id, url: vip6.url, display: '2001:db8:30::1/64', family: 6, address: '2001:db8:30::1/64' },
      ]);
      expect(vip.assigned_object).toMatchObject({ id: group.id, display: 'VRRPv3: 30 (10.30.0.1/24)', protocol: 'vrrp3', group_id: 30 });
      const host = await make('ip-addresses', { address: '10.30.0.77/24' });
      const elsewhere = await make('ip-addresses', { address: '10.30.0.78/24', vrf: vrf.id });
      expect(await displays('fhrp-groups', `related_ip=${host.id}`)).toEqual(['VRRPv3: 30 (10.30.0.1/24)']);
      expect(await displays('fhrp-groups', `related_ip=${elsewhere.id}`)).toEqual([]);
      expect((await t.get(`${api('fhrp-groups')}?related_ip=99999`)).body).toEqual({ related_ip: ['Select a valid choice. 99999 is not one of the available choices.'] });
      expect((await t.get(`/api/ipam/ip-addresses/?fhrpgroup_id=${group.id}`)).body.results.map((a: Json) => a.address)).toEqual(['10.30.0.1/24', '2001:db8:30::1/64']);
    });
  });
});
