import { pageStatements } from './helpers/queries';
import { Json, bulkCreate, createOne, expectStatus } from './helpers/seed';
import { TestApp } from './helpers/test-app';
import { insertRow, upgradedFrom } from './helpers/upgrade';

const MACS = '/v4/api/dcim/mac-addresses/';
const v3 = (plural: string) => `/api/dcim/${plural}/`;
const v4 = (plural: string) => `/v4/api/dcim/${plural}/`;
const VM_INTERFACES = '/api/virtualization/interfaces/';
const MAC_KEYS = [
  'id', 'url', 'display_url', 'display', 'mac_address', 'assigned_object_type', 'assigned_object_id', 'assigned_object', 'description', 'owner', 'comments', 'tags',
  'custom_fields', 'created', 'last_updated',
];

/** NetBox 4.2's MAC addresses, and NetBox 3.5's interface `mac_address` as a view of an interface's primary one. */
describe('MAC addresses', () => {
  let t: TestApp;
  let device: Json;
  let other: Json;
  let vm: Json;
  let n = 0;

  beforeAll(async () => {
    t = await TestApp.start();
    const site = await createOne(t, v3('sites'), { name: 'Oslo', slug: 'oslo' });
    const maker = await createOne(t, v3('manufacturers'), { name: 'Juniper', slug: 'juniper' });
    const type = await createOne(t, v3('device-types'), { manufacturer: maker.id, model: 'QFX5120', slug: 'qfx5120' });
    const role = await createOne(t, v3('device-roles'), { name: 'Leaf', slug: 'leaf' });
    device = await createOne(t, v3('devices'), { name: 'leaf1', device_type: type.id, device_role: role.id, site: site.id });
    other = await createOne(t, v3('devices'), { name: 'leaf2', device_type: type.id, device_role: role.id, site: site.id });
    const kvm = await createOne(t, '/api/virtualization/cluster-types/', { name: 'KVM', slug: 'kvm' });
    const cluster = await createOne(t, '/api/virtualization/clusters/', { name: 'osl-kvm', type: kvm.id, site: site.id });
    vm = await createOne(t, '/api/virtualization/virtual-machines/', { name: 'db01', cluster: cluster.id });
  });
  afterAll(() => t.close());

  const iface = (fields: Json = {}, on: Json = device) => createOne(t, v3('interfaces'), { device: on.id, name: `et-0/0/${n++}`, type: '10gbase-x-sfpp', ...fields });
  const mac = (fields: Json) => createOne(t, MACS, fields);
  const onInterface = (i: Json, address: string, fields: Json = {}) => mac({ mac_address: address, assigned_object_type: 'dcim.interface', assigned_object_id: i.id, ...fields });
  const read = async (url: string) => {
    const res = await t.get(url);
    expectStatus(res, 200);
    return res.body;
  };
  const ids = async (url: string) => (await read(url)).results.map((o: Json) => o.id);
  const refused = async (res: Promise<{ status: number; body: Json }>) => {
    const answer = await res;
    expect(answer.status).toBe(400);
    return answer.body;
  };

  it('are a model of 4.x only: not found below /api/, nor in 3.5 roots and schema', async () => {
    expect((await t.get('/api/dcim/mac-addresses/')).status).toBe(404);
    expect((await t.get('/v3/api/dcim/mac-addresses/')).status).toBe(404);
    expect((await t.get('/api/dcim/mac-addresses/1/')).status).toBe(404);
    expect((await t.post('/api/dcim/mac-addresses/', { mac_address: '00:00:00:00:00:01' })).status).toBe(404);
    expect((await read(MACS)).count).toEqual(expect.any(Number));
    expect((await read('/api/dcim/'))['mac-addresses']).toBeUndefined();
    expect((await read('/v4/api/dcim/'))['mac-addresses']).toMatch(/\/v4\/api\/dcim\/mac-addresses\/$/);
    expect(Object.keys((await read('/api/schema/?format=json')).paths).filter((p) => p.includes('mac-addresses'))).toEqual([]);
    expect((await read('/v4/api/schema/?format=json')).paths['/v4/api/dcim/mac-addresses/']).toBeDefined();
  });

  it("creates, reads, changes and deletes one on /v4, in NetBox 4.6's shape", async () => {
    const eth = await iface();
    const created = await onInterface(eth, 'aa-bb-cc-00-00-01', { description: 'burned in' });
    expect(Object.keys(created)).toEqual(MAC_KEYS);
    expect(created).toMatchObject({
      mac_address: 'AA:BB:CC:00:00:01',
      display: 'AA:BB:CC:00:00:01',
      assigned_object_type: 'dcim.interface',
      assigned_object_id: eth.id,
      assigned_object: { id: eth.id, name: eth.name, device: { id: device.id, name: 'leaf1' } },
      description: 'burned in',
    });
    expect(created.url).toMatch(new RegExp(`/v4/api/dcim/mac-addresses/${created.id}/$`));
    expect(await read(`${MACS}${created.id}/?brief=1`)).toEqual({
      id: created.id, url: created.url, display: 'AA:BB:CC:00:00:01', mac_address: 'AA:BB:CC:00:00:01', description: 'burned in',
    });
    const changed = await t.patch(`${MACS}${created.id}/`, { mac_address: 'aabb.cc00.0002', comments: 'relabelled' });
    expectStatus(changed, 200);
    expect(changed.body).toMatchObject({ mac_address: 'AA:BB:CC:00:00:02', comments: 'relabelled', assigned_object_id: eth.id });
    expectStatus(await t.delete(`${MACS}${created.id}/`), 204);
    expect((await t.get(`${MACS}${created.id}/`)).status).toBe(404);
  });

  it("filters as NetBox 4.6's filter set", async () => {
    const [a, b] = [await iface(), await iface({}, other)];
    const vmEth = await createOne(t, VM_INTERFACES, { virtual_machine: vm.id, name: 'eth0' });
    const primary = await onInterface(a, '02:00:00:00:0a:01', { description: 'uplink' });
    expectStatus(await t.patch(`${v4('interfaces')}${a.id}/`, { primary_mac_address: primary.id }), 200);
    const second = await onInterface(a, '02:00:00:00:0a:02');
    const elsewhere = await onInterface(b, '02:00:00:00:0b:01');
    const virtual = await mac({ mac_address: '02:00:00:00:0c:01', assigned_object_type: 'virtualization.vminterface', assigned_object_id: vmEth.id });
    const loose = await mac({ mac_address: '02:00:00:00:0d:01' });
    const mine = [primary, second, elsewhere, virtual, loose].map((m) => m.id);
    const within = async (query: string) => (await ids(`${MACS}?${query}&limit=0`)).filter((id: number) => mine.includes(id));

    expect(await within('mac_address=0200.0000.0a01')).toEqual([primary.id]);
    expect(await within('mac_address=02-00-00-00-0A-02&mac_address=02:00:00:00:0b:01')).toEqual([second.id, elsewhere.id]);
    expect(await within('mac_address__isw=02:00:00:00:0a')).toEqual([primary.id, second.id]);
    expect(await within('mac_address__n=02:00:00:00:0a:01&mac_address__ic=02:00:00:00')).toEqual([second.id, elsewhere.id, virtual.id, loose.id]);
    expect(await within('assigned_object_type=virtualization.vminterface')).toEqual([virtual.id]);
    expect(await within(`assigned_object_id=${b.id}&assigned_object_type=dcim.interface`)).toEqual([elsewhere.id]);
    expect(await within(`interface_id=${a.id}`)).toEqual([primary.id, second.id]);
    expect(await within(`interface=${b.name}`)).toEqual([elsewhere.id]);
    expect(await within(`vminterface_id=${vmEth.id}`)).toEqual([virtual.id]);
    expect(await within('vminterface=eth0')).toEqual([virtual.id]);
    expect(await within(`device_id=${other.id}`)).toEqual([elsewhere.id]);
    expect(await within('device=leaf1')).toEqual([primary.id, second.id]);
    expect(await within(`virtual_machine_id=${vm.id}`)).toEqual([virtual.id]);
    expect(await within('virtual_machine=db01')).toEqual([virtual.id]);
    expect(await within('primary=true')).toEqual([primary.id]);
    expect(await within('primary=false')).toEqual([second.id, elsewhere.id, virtual.id, loose.id]);
    expect(await within('assigned=false')).toEqual([loose.id]);
    expect(await within('q=uplink')).toEqual([primary.id]);
    expect(await within('q=0d:01')).toEqual([loose.id]);
    const res = await t.get(`${MACS}?interface_id=999999`);
    expectStatus(res, 400);
    expect(res.body).toEqual({ interface_id: ['Select a valid choice. 999999 is not one of the available choices.'] });
  });

  it('reads an interface written with mac_address on /api, on /v4, with its primary MAC address and its MAC addresses', async () => {
    const eth = await iface({ mac_address: '00-11-22-33-44-55' });
    expect(eth.mac_address).toBe('00:11:22:33:44:55');
    expect(eth).not.toHaveProperty('primary_mac_address');
    expect(eth).not.toHaveProperty('mac_addresses');
    const seen = await read(`${v4('interfaces')}${eth.id}/`);
    const keys = Object.keys(seen);
    expect(keys.slice(keys.indexOf('mtu'), keys.indexOf('speed') + 1)).toEqual(['mtu', 'mac_address', 'primary_mac_address', 'mac_addresses', 'speed']);
    const [object] = (await read(`${MACS}?interface_id=${eth.id}`)).results;
    expect(object).toMatchObject({ mac_address: '00:11:22:33:44:55', assigned_object_type: 'dcim.interface', assigned_object_id: eth.id });
    const nested = { id: object.id, url: object.url, display: '00:11:22:33:44:55', mac_address: '00:11:22:33:44:55', description: '' };
    expect(seen).toMatchObject({ mac_address: '00:11:22:33:44:55', primary_mac_address: nested, mac_addresses: [nested] });

    // Written again, the primary MAC address is the same object, its value changed.
    const changed = await t.patch(`${v3('interfaces')}${eth.id}/`, { mac_address: '00:11:22:33:44:66' });
    expectStatus(changed, 200);
    expect(changed.body.mac_address).toBe('00:11:22:33:44:66');
    expect((await read(`${v4('interfaces')}${eth.id}/`)).primary_mac_address).toMatchObject({ id: object.id, mac_address: '00:11:22:33:44:66' });

    // Cleared, the interface has none, and the object is gone, as NetBox 4.2's migration of change records has it.
    const cleared = await t.patch(`${v3('interfaces')}${eth.id}/`, { mac_address: '' });
    expectStatus(cleared, 200);
    expect(cleared.body.mac_address).toBeNull();
    expect(await read(`${v4('interfaces')}${eth.id}/`)).toMatchObject({ mac_address: null, primary_mac_address: null, mac_addresses: [] });
    expect((await t.get(`${MACS}${object.id}/`)).status).toBe(404);
  });

  it('reads a VM interface written with mac_address on /api with its MAC address object on /v4', async () => {
    const eth = await createOne(t, VM_INTERFACES, { virtual_machine: vm.id, name: 'eth9', mac_address: '00:1a:2b:3c:4d:5e' });
    expect(eth.mac_address).toBe('00:1A:2B:3C:4D:5E');
    const seen = await read(`/v4${VM_INTERFACES}${eth.id}/`);
    expect(seen).toMatchObject({ mac_address: '00:1A:2B:3C:4D:5E', primary_mac_address: { mac_address: '00:1A:2B:3C:4D:5E' } });
    expect(seen.mac_addresses.map((m: Json) => m.id)).toEqual([seen.primary_mac_address.id]);
    expect((await read(`${MACS}${seen.primary_mac_address.id}/`)).assigned_object).toMatchObject({ id: eth.id, name: 'eth9', virtual_machine: { id: vm.id } });
    expect((await read(`${VM_INTERFACES}?mac_address=001a.2b3c.4d5e`)).results.map((i: Json) => i.id)).toEqual([eth.id]);
    expect((await read(`/api/virtualization/virtual-machines/?mac_address=00:1a:2b:3c:4d:5e`)).results.map((v: Json) => v.id)).toEqual([vm.id]);
  });

  it("reads a MAC address created on /v4 and made primary as the interface's mac_address on /api; /api filters by the primary, /v4 by any", async () => {
    const eth = await iface({}, other);
    const first = await onInterface(eth, '02:aa:00:00:00:01');
    const spare = await onInterface(eth, '02:aa:00:00:00:02');
    expect((await read(`${v3('interfaces')}${eth.id}/`)).mac_address).toBeNull();
    const made = await t.patch(`${v4('interfaces')}${eth.id}/`, { primary_mac_address: first.id, mac_address: '02:aa:00:00:00:09' });
    expectStatus(made, 200);
    // 4.x's mac_address is read-only: sent, it is ignored.
    expect(made.body).toMatchObject({ mac_address: '02:AA:00:00:00:01', primary_mac_address: { id: first.id } });
    expect(made.body.mac_addresses.map((m: Json) => m.id)).toEqual([first.id, spare.id]);
    expect((await read(`${v3('interfaces')}${eth.id}/`)).mac_address).toBe('02:AA:00:00:00:01');

    expect(await ids(`${v3('interfaces')}?mac_address=02:aa:00:00:00:01`)).toEqual([eth.id]);
    expect(await ids(`${v3('interfaces')}?mac_address=02:aa:00:00:00:02`)).toEqual([]);
    expect(await ids(`${v4('interfaces')}?mac_address=02:aa:00:00:00:02`)).toEqual([eth.id]);
    expect(await ids(`${v4('interfaces')}?mac_address__ic=aa:00:00:00:02`)).toEqual([eth.id]);
    expect(await ids(`${v4('interfaces')}?primary_mac_address_id=${first.id}`)).toEqual([eth.id]);
    expect(await ids(`${v4('interfaces')}?primary_mac_address=02-aa-00-00-00-01`)).toEqual([eth.id]);
    expect(await ids(`${v3('devices')}?mac_address=02:aa:00:00:00:02`)).toEqual([]);
    expect(await ids(`${v4('devices')}?mac_address=02:aa:00:00:00:02`)).toEqual([other.id]);

    const options = async (url: string) => (await t.options(url)).body.actions.PUT.mac_address;
    expect(await options(`${v4('interfaces')}${eth.id}/`)).toMatchObject({ read_only: true, required: false });
    expect(await options(`${v3('interfaces')}${eth.id}/`)).toMatchObject({ read_only: false });
    const schema = (await read('/v4/api/schema/?format=json')).components.schemas;
    expect(schema.WritableInterfaceRequest.properties.mac_address).toBeUndefined();
    expect(schema.WritableInterfaceRequest.properties.primary_mac_address).toBeDefined();
    expect((await read('/api/schema/?format=json')).components.schemas.WritableInterfaceRequest.properties.mac_address).toBeDefined();
  });

  it('refuses bad input with field-keyed 400s, writing nothing', async () => {
    const macsBefore = (await read(`${MACS}?limit=1`)).count;
    const interfacesBefore = (await read(`${v3('interfaces')}?limit=1`)).count;
    expect(await refused(t.post(MACS, { mac_address: 'nope' }))).toEqual({ mac_address: ['Invalid MAC address format: nope'] });
    expect(await refused(t.post(MACS, { mac_address: '00:00:00:00:00:01', assigned_object_type: 'dcim.site', assigned_object_id: 1 }))).toEqual({
      assigned_object_type: ['Invalid content type: dcim.site'],
    });
    expect(await refused(t.post(v3('interfaces'), { device: device.id, name: 'bad0', type: 'virtual', mac_address: '00:11:22:33:44:zz' }))).toEqual({
      mac_address: ['Invalid MAC address format: 00:11:22:33:44:zz'],
    });
    const bulk = await refused(
      t.post(v3('interfaces'), [
        { device: device.id, name: 'bulk0', type: 'virtual', mac_address: '00:00:5e:00:01:01' },
        { device: device.id, name: 'bulk1', type: 'virtual', mac_address: 'not-one' },
      ]),
    );
    expect(bulk).toEqual([{}, { mac_address: ['Invalid MAC address format: not-one'] }]);
    expect((await read(`${MACS}?limit=1`)).count).toBe(macsBefore);
    expect((await read(`${v3('interfaces')}?limit=1`)).count).toBe(interfacesBefore);

    const [mine, theirs] = [await iface({ mac_address: '02:bb:00:00:00:01' }), await iface({ label: 'uplink' }, other)];
    const foreign = await onInterface(theirs, '02:bb:00:00:00:02');
    expect(await refused(t.patch(`${v4('interfaces')}${mine.id}/`, { primary_mac_address: foreign.id }))).toEqual({
      primary_mac_address: [`MAC address 02:BB:00:00:00:02 is assigned to a different interface (${theirs.name} (uplink)).`],
    });
    expect((await read(`${v3('interfaces')}${mine.id}/`)).mac_address).toBe('02:BB:00:00:00:01');

    const primary = (await read(`${v4('interfaces')}${mine.id}/`)).primary_mac_address;
    expect(await refused(t.patch(`${MACS}${primary.id}/`, { assigned_object_type: null, assigned_object_id: null }))).toEqual({
      __all__: ['Cannot unassign MAC Address while it is designated as the primary MAC for an object'],
    });
    expect(await refused(t.patch(`${MACS}${primary.id}/`, { assigned_object_id: theirs.id }))).toEqual({
      __all__: ['Cannot reassign MAC Address while it is designated as the primary MAC for an object'],
    });
    expect(await read(`${MACS}${primary.id}/`)).toMatchObject({ assigned_object_id: mine.id, mac_address: '02:BB:00:00:00:01' });
    // Another of its MAC addresses moves freely.
    const spare = await onInterface(mine, '02:bb:00:00:00:03');
    expectStatus(await t.patch(`${MACS}${spare.id}/`, { assigned_object_id: theirs.id }), 200);
  });

  it("records an interface's mac_address in its change records, and the MAC address object's own", async () => {
    const eth = await iface({ mac_address: '02:cc:00:00:00:01' });
    expectStatus(await t.patch(`${v3('interfaces')}${eth.id}/`, { mac_address: '02:cc:00:00:00:02' }), 200);
    const changes = (await read(`/api/extras/object-changes/?changed_object_type=dcim.interface&changed_object_id=${eth.id}`)).results;
    const byAction = Object.fromEntries(changes.map((c: Json) => [c.action.value, c]));
    expect(byAction.create.postchange_data.mac_address).toBe('02:CC:00:00:00:01');
    expect(byAction.update.prechange_data.mac_address).toBe('02:CC:00:00:00:01');
    expect(byAction.update.postchange_data.mac_address).toBe('02:CC:00:00:00:02');
    const macChanges = (await read(`/api/extras/object-changes/?changed_object_type=dcim.macaddress&limit=0`)).results.filter(
      (c: Json) => c.related_object?.id === eth.id && c.postchange_data.assigned_object_type === 'dcim.interface',
    );
    expect(macChanges.map((c: Json) => c.action.value).sort()).toEqual(['create', 'update']);
  });

  it('deletes the MAC addresses of an interface with it', async () => {
    const eth = await iface({ mac_address: '02:dd:00:00:00:01' });
    const spare = await onInterface(eth, '02:dd:00:00:00:02');
    const primary = (await read(`${v4('interfaces')}${eth.id}/`)).primary_mac_address;
    expectStatus(await t.delete(`${v3('interfaces')}${eth.id}/`), 204);
    expect((await t.get(`${MACS}${primary.id}/`)).status).toBe(404);
    expect((await t.get(`${MACS}${spare.id}/`)).status).toBe(404);
  });

  it('lists interfaces with their MAC addresses in the same number of statements for 2 as for 12, in either generation', async () => {
    const host = await createOne(t, v3('devices'), { name: 'leaf9', device_type: device.device_type.id, device_role: device.device_role.id, site: device.site.id });
    const many = await bulkCreate(
      t,
      v3('interfaces'),
      Array.from({ length: 12 }, (_, i) => ({ device: host.id, name: `xe-${i}`, type: '10gbase-x-sfpp', mac_address: `02:ff:00:00:00:${String(i).padStart(2, '0')}` })),
    );
    for (const eth of many.slice(0, 6)) await onInterface(eth, `02:fe:00:00:00:${String(eth.id % 100).padStart(2, '0')}`);
    for (const base of ['/api', '/v4/api']) {
      const url = `${base}/dcim/interfaces/?device_id=${host.id}`;
      const two = await pageStatements(t, () => t.get(`${url}&limit=2`));
      const twelve = await pageStatements(t, async () => {
        const page = (await t.get(`${url}&limit=12`)).body.results;
        expect(page.map((i: Json) => i.mac_address)).toEqual(many.map((i) => i.mac_address));
        if (base === '/v4/api') expect(page.map((i: Json) => i.mac_addresses.length)).toEqual([2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1]);
      });
      expect(twelve).toBe(two);
    }
  });

  it('answers GraphQL with an interface’s mac_address', async () => {
    const eth = await iface({ mac_address: '02:ee:00:00:00:01' });
    const res = await t.post('/graphql/', { query: `{ interface(id: ${eth.id}) { name mac_address } }` });
    expectStatus(res, 200);
    expect(res.body).toEqual({ data: { interface: { name: eth.name, mac_address: '02:EE:00:00:00:01' } } });
  });
});

describe('upgrading a database of the previous release', () => {
  it("keeps every interface's and VM interface's MAC address, as its primary MAC address object", async () => {
    await upgradedFrom(
      'MacAddresses',
      async (before) => {
        const site = await insertRow(before, 'dcim_site', {});
        const maker = await insertRow(before, 'dcim_manufacturer', {});
        const type = await insertRow(before, 'dcim_devicetype', { manufacturer_id: maker });
        const role = await insertRow(before, 'dcim_devicerole', {});
        const dev = await insertRow(before, 'dcim_device', { name: 'old-leaf', site_id: site, device_type_id: type, device_role_id: role });
        const eth = (name: string, mac: string | null) => insertRow(before, 'dcim_interface', { device_id: dev, name, _name: name, type: '1000base-t', mac_address: mac });
        const interfaces = [await eth('eth0', '00:11:22:33:44:01'), await eth('eth1', null), await eth('eth2', '00:11:22:33:44:03')];
        const clusterType = await insertRow(before, 'virtualization_clustertype', {});
        const cluster = await insertRow(before, 'virtualization_cluster', { type_id: clusterType });
        const machine = await insertRow(before, 'virtualization_virtualmachine', { name: 'old-vm', cluster_id: cluster });
        const vmEth = await insertRow(before, 'virtualization_vminterface', { virtual_machine_id: machine, name: 'eth0', _name: 'eth0', mac_address: '00:11:22:33:44:0A' });
        return { dev, interfaces, vmEth };
      },
      async (t, { dev, interfaces, vmEth }) => {
        const listed = await t.get(`/api/dcim/interfaces/?device_id=${dev}`);
        expectStatus(listed, 200);
        expect(listed.body.results.map((i: Json) => [i.id, i.mac_address])).toEqual([
          [interfaces[0], '00:11:22:33:44:01'],
          [interfaces[1], null],
          [interfaces[2], '00:11:22:33:44:03'],
        ]);
        expect((await t.get(`${VM_INTERFACES}${vmEth}/`)).body.mac_address).toBe('00:11:22:33:44:0A');
        const objects = (await t.get(`${MACS}?limit=0`)).body.results.map((m: Json) => [m.mac_address, m.assigned_object_type, m.assigned_object_id]);
        expect(objects).toEqual([
          ['00:11:22:33:44:01', 'dcim.interface', interfaces[0]],
          ['00:11:22:33:44:03', 'dcim.interface', interfaces[2]],
          ['00:11:22:33:44:0A', 'virtualization.vminterface', vmEth],
        ]);
        const primary = (await t.get(`/v4/api/dcim/interfaces/${interfaces[2]}/`)).body.primary_mac_address;
        expect(primary).toMatchObject({ mac_address: '00:11:22:33:44:03' });
      },
    );
  });
});
