import { Json, bulkCreate, createOne } from './helpers/seed';
import { pageStatements } from './helpers/queries';
import { TestApp } from './helpers/test-app';

const api = (plural: string) => `/api/ipam/${plural}/`;
const detail = (plural: string, id: number) => `/api/ipam/${plural}/${id}/`;
const DEVICES = '/api/dcim/devices/';
const INTERFACES = '/api/dcim/interfaces/';
const TIMES = ['tags', 'custom_fields', 'created', 'last_updated'];

describe('ipam IP addresses and IP ranges', () => {
  let t: TestApp;
  let blue: Json;
  let open: Json;
  let device: Json;
  let other: Json;
  let eth0: Json;
  let eth1: Json;
  let mgmt: Json;
  const make = (plural: string, body: Json) => createOne(t, api(plural), body);
  const addresses = async (query: string) => (await t.get(`${api('ip-addresses')}?${query}&limit=0`)).body.results.map((a: Json) => a.address);

  beforeAll(async () => {
    t = await TestApp.start();
    blue = await make('vrfs', { name: 'blue', rd: '65000:1' });
    open = await make('vrfs', { name: 'open', enforce_unique: false });
    const site = await createOne(t, '/api/dcim/sites/', { name: 'Amsterdam', slug: 'ams' });
    const vendor = await createOne(t, '/api/dcim/manufacturers/', { name: 'Arista', slug: 'arista' });
    const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: vendor.id, model: 'DCS-7050', slug: 'dcs-7050' });
    const role = await createOne(t, '/api/dcim/device-roles/', { name: 'Leaf', slug: 'leaf', color: '00ff00' });
    device = await createOne(t, DEVICES, { name: 'leaf1', device_type: type.id, device_role: role.id, site: site.id });
    other = await createOne(t, DEVICES, { name: 'leaf2', device_type: type.id, device_role: role.id, site: site.id });
    [eth0, eth1, mgmt] = await bulkCreate(t, INTERFACES, [
      { device: device.id, name: 'eth0', type: '10gbase-x-sfpp' },
      { device: device.id, name: 'eth1', type: '10gbase-x-sfpp' },
      { device: other.id, name: 'mgmt0', type: '1000base-t', mgmt_only: true },
    ]);
  });
  afterAll(() => t.close());

  it('normalises addresses, reads a bare one as a host, and refuses what is not one', async () => {
    const ip = await make('ip-addresses', { address: '192.0.2.1/24', dns_name: 'Router.Example.COM' });
    expect(Object.keys(ip)).toEqual([
      'id', 'url', 'display', 'family', 'address', 'vrf', 'tenant', 'status', 'role', 'assigned_object_type', 'assigned_object_id', 'assigned_object',
      'nat_inside', 'nat_outside', 'dns_name', 'description', 'comments', ...TIMES,
    ]);
    expect(ip).toMatchObject({
      address: '192.0.2.1/24', display: '192.0.2.1/24', family: { value: 4, label: 'IPv4' }, status: { value: 'active', label: 'Active' }, role: null,
      assigned_object: null, nat_inside: null, nat_outside: [], dns_name: 'router.example.com',
    });
    expect((await t.get(`${detail('ip-addresses', ip.id)}?brief=1`)).body).toEqual({ id: ip.id, url: ip.url, display: '192.0.2.1/24', family: 4, address: '192.0.2.1/24' });
    expect((await make('ip-addresses', { address: '192.0.2.2' })).address).toBe('192.0.2.2/32');
    expect((await make('ip-addresses', { address: '2001:DB8:0::1' })).address).toBe('2001:db8::1/128');
    expect((await make('ip-addresses', { address: '::ffff:c000:0203/96' })).address).toBe('::ffff:192.0.2.3/96');
    for (const bad of ['192.0.2.256', '192.0.2.1/33', 'fe80::1%eth0', '2001:db8::1/129', '1.2.3']) {
      expect((await t.post(api('ip-addresses'), { address: bad })).body).toEqual({ address: [`Invalid IP address format: ${bad}`] });
    }
    expect((await t.post(api('ip-addresses'), { address: '10.0.0.1/0' })).body).toEqual({ address: ['Cannot create IP address with /0 mask.'] });
    expect((await t.post(api('ip-addresses'), { address: '10.0.0.1/8', status: 'slaac' })).body).toEqual({ status: ['Only IPv6 addresses can be assigned SLAAC status'] });
    expect((await t.post(api('ip-addresses'), { address: '10.0.0.1/8', dns_name: 'bad name' })).body).toEqual({
      dns_name: ['Only alphanumeric characters, asterisks, hyphens, periods, and underscores are allowed in DNS names'],
    });
    expect((await t.post(api('ip-addresses'), { address: '10.0.0.1/8', role: 'boss' })).body).toEqual({ role: ['"boss" is not a valid choice.'] });
    expect((await t.post(api('ip-addresses'), { address: '10.0.0.1/8', vrf: 9999 })).body).toEqual({ vrf: ['Related object not found using the provided numeric ID: 9999'] });
    expect((await make('ip-addresses', { address: '2001:db8::99/64', status: 'slaac' })).status).toEqual({ value: 'slaac', label: 'SLAAC' });
  });

  it('keeps addresses unique where the VRF says so, except among shared roles', async () => {
    await make('ip-addresses', { address: '10.1.0.1/24', vrf: blue.id });
    expect((await t.post(api('ip-addresses'), { address: '10.1.0.1/16', vrf: blue.id })).body).toEqual({
      address: ['Duplicate IP address found in VRF blue (65000:1): 10.1.0.1/24'],
    });
    await make('ip-addresses', { address: '10.1.0.254/24', vrf: blue.id, role: 'vip' });
    await make('ip-addresses', { address: '10.1.0.254/24', vrf: blue.id, role: 'vrrp' });
    expect((await t.post(api('ip-addresses'), { address: '10.1.0.254/24', vrf: blue.id })).status).toBe(400);
    await make('ip-addresses', { address: '10.1.0.1/24', vrf: open.id });
    await make('ip-addresses', { address: '10.1.0.1/24', vrf: open.id });
    await make('ip-addresses', { address: '10.1.0.1/24' });
    await make('ip-addresses', { address: '10.1.0.1/24' });
  });

  it('assigns addresses to interfaces, nested with the device, cable state and connection status, and counts them there', async () => {
    const ip = await make('ip-addresses', { address: '10.2.0.1/24', assigned_object_type: 'dcim.interface', assigned_object_id: eth0.id });
    expect(ip.assigned_object).toEqual({
      id: eth0.id, url: eth0.url, display: 'eth0', device: expect.objectContaining({ id: device.id, name: 'leaf1' }), name: 'eth0', cable: null,
      _occupied: false, connection_status: null,
    });
    expect(ip).toMatchObject({ assigned_object_type: 'dcim.interface', assigned_object_id: eth0.id });
    expect((await t.get(`${INTERFACES}${eth0.id}/`)).body.count_ipaddresses).toBe(1);
    expect((await t.post(api('ip-addresses'), { address: '10.2.0.9/24', assigned_object_type: 'dcim.device', assigned_object_id: device.id })).body).toEqual({
      assigned_object_type: ['Invalid content type: dcim.device'],
    });
    expect((await t.post(api('ip-addresses'), { address: '10.2.0.9/24', assigned_object_type: 'dcim.interface', assigned_object_id: 99999 })).status).toBe(400);
    const moved = await t.patch(detail('ip-addresses', ip.id), { assigned_object_id: eth1.id });
    expect(moved.body.assigned_object.name).toBe('eth1');
    // Change records name the interface as the related object, as NetBox's do.
    const changes = (await t.get(`/api/extras/object-changes/?changed_object_type=ipam.ipaddress&changed_object_id=${ip.id}`)).body.results;
    expect(changes.map((c: Json) => [c.action.value, c.related_object?.name])).toEqual([
      ['update', 'eth1'],
      ['create', 'eth0'],
    ]);
    expect((await t.get(`${INTERFACES}?device_id=${device.id}`)).body.results.map((i: Json) => [i.name, i.count_ipaddresses])).toEqual([
      ['eth0', 0],
      ['eth1', 1],
    ]);
    await t.delete(detail('ip-addresses', ip.id));
  });

  it('goes with the interface it is assigned to, and leaves the device without that primary address', async () => {
    const [temp] = await bulkCreate(t, INTERFACES, [{ device: device.id, name: 'temp0', type: 'virtual' }]);
    const ip = await make('ip-addresses', { address: '10.6.0.1/24', assigned_object_type: 'dcim.interface', assigned_object_id: temp.id });
    await t.patch(`${DEVICES}${device.id}/`, { primary_ip4: ip.id });
    expect((await t.delete(`${INTERFACES}${temp.id}/`)).status).toBe(204);
    expect((await t.get(detail('ip-addresses', ip.id))).status).toBe(404);
    expect((await t.get(`${DEVICES}${device.id}/`)).body.primary_ip4).toBeNull();
  });

  it('pairs NAT inside and outside addresses', async () => {
    const inside = await make('ip-addresses', { address: '10.3.0.1/24' });
    const outside = await make('ip-addresses', { address: '203.0.113.1/24', nat_inside: inside.id });
    expect(outside.nat_inside).toEqual({ id: inside.id, url: inside.url, display: '10.3.0.1/24', family: 4, address: '10.3.0.1/24' });
    expect((await t.get(detail('ip-addresses', inside.id))).body.nat_outside).toEqual([
      { id: outside.id, url: outside.url, display: '203.0.113.1/24', family: 4, address: '203.0.113.1/24' },
    ]);
    await t.delete(detail('ip-addresses', inside.id));
    expect((await t.get(detail('ip-addresses', outside.id))).body.nat_inside).toBeNull();
  });

  it('checks a device\'s primary addresses and keeps them from being moved away', async () => {
    const v4 = await make('ip-addresses', { address: '10.4.0.1/24', assigned_object_type: 'dcim.interface', assigned_object_id: eth0.id });
    const v6 = await make('ip-addresses', { address: '2001:db8:4::1/64', assigned_object_type: 'dcim.interface', assigned_object_id: eth0.id });
    const loose = await make('ip-addresses', { address: '10.4.0.2/24' });
    const natted = await make('ip-addresses', { address: '198.51.100.4/24', nat_inside: v4.id });
    expect((await t.patch(`${DEVICES}${device.id}/`, { primary_ip4: loose.id })).body).toEqual({
      primary_ip4: ['The specified IP address (10.4.0.2/24) is not assigned to this device.'],
    });
    expect((await t.patch(`${DEVICES}${device.id}/`, { primary_ip4: v6.id })).body).toEqual({ primary_ip4: ['2001:db8:4::1/64 is not an IPv4 address.'] });
    expect((await t.patch(`${DEVICES}${other.id}/`, { primary_ip4: v4.id })).status).toBe(400);
    expect((await t.patch(`${DEVICES}${device.id}/`, { primary_ip4: natted.id })).status).toBe(200);
    const both = (await t.patch(`${DEVICES}${device.id}/`, { primary_ip4: v4.id, primary_ip6: v6.id })).body;
    expect(both.primary_ip4).toMatchObject({ id: v4.id, address: '10.4.0.1/24', family: 4 });
    expect(both.primary_ip).toMatchObject({ id: v6.id });
    expect((await t.get(`${DEVICES}?has_primary_ip=true`)).body.results.map((d: Json) => d.name)).toEqual(['leaf1']);
    expect((await t.patch(detail('ip-addresses', v4.id), { assigned_object_id: eth1.id })).body).toEqual({
      __all__: ['Cannot reassign IP address while it is designated as the primary IP for the parent object'],
    });
    expect((await t.patch(detail('ip-addresses', v4.id), { assigned_object_type: null, assigned_object_id: null })).status).toBe(400);
    expect((await t.patch(detail('ip-addresses', v4.id), { description: 'loopback' })).status).toBe(200);
    await t.delete(detail('ip-addresses', v6.id));
    expect((await t.get(`${DEVICES}${device.id}/`)).body).toMatchObject({ primary_ip6: null, primary_ip: { id: v4.id } });
    await t.patch(`${DEVICES}${device.id}/`, { primary_ip4: null });
    for (const ip of [v4, loose, natted]) await t.delete(detail('ip-addresses', ip.id));
  });

  it('prefers the IPv4 primary address when PREFER_IPV4 says so', async () => {
    const v4 = await make('ip-addresses', { address: '10.5.0.1/24', assigned_object_type: 'dcim.interface', assigned_object_id: eth0.id });
    const v6 = await make('ip-addresses', { address: '2001:db8:5::1/64', assigned_object_type: 'dcim.interface', assigned_object_id: eth0.id });
    await t.patch(`${DEVICES}${device.id}/`, { primary_ip4: v4.id, primary_ip6: v6.id });
    const preferring = await TestApp.start({ PREFER_IPV4: 'true' });
    try {
      // A second service on the same data is not available on SQLite; the setting is checked on its own objects.
      const s = await createOne(preferring, '/api/dcim/sites/', { name: 'S', slug: 's' });
      const m = await createOne(preferring, '/api/dcim/manufacturers/', { name: 'M', slug: 'm' });
      const dt = await createOne(preferring, '/api/dcim/device-types/', { manufacturer: m.id, model: 'T', slug: 't' });
      const r = await createOne(preferring, '/api/dcim/device-roles/', { name: 'R', slug: 'r' });
      const d = await createOne(preferring, DEVICES, { name: 'd', device_type: dt.id, device_role: r.id, site: s.id });
      const i = await createOne(preferring, INTERFACES, { device: d.id, name: 'e0', type: 'virtual' });
      const a4 = await createOne(preferring, api('ip-addresses'), { address: '10.9.0.1/24', assigned_object_type: 'dcim.interface', assigned_object_id: i.id });
      const a6 = await createOne(preferring, api('ip-addresses'), { address: '2001:db8:9::1/64', assigned_object_type: 'dcim.interface', assigned_object_id: i.id });
      expect((await preferring.patch(`${DEVICES}${d.id}/`, { primary_ip4: a4.id, primary_ip6: a6.id })).body.primary_ip).toMatchObject({ id: a4.id });
    } finally {
      await preferring.close();
    }
    expect((await t.get(`${DEVICES}${device.id}/`)).body.primary_ip).toMatchObject({ id: v6.id });
    await t.patch(`${DEVICES}${device.id}/`, { primary_ip4: null, primary_ip6: null });
    await t.delete(detail('ip-addresses', v4.id));
    await t.delete(detail('ip-addresses', v6.id));
  });

  describe('filters', () => {
    const made: Json[] = [];
    beforeAll(async () => {
      for (const [address, extra] of [
        ['172.16.0.0/31', {}],
        ['172.16.0.1/31', { assigned_object_type: 'dcim.interface', assigned_object_id: eth0.id }],
        ['172.16.1.1/32', { assigned_object_type: 'dcim.interface', assigned_object_id: eth1.id, dns_name: 'loop.example.net' }],
        ['172.16.2.1/24', { vrf: blue.id, status: 'reserved', role: 'anycast' }],
        ['172.16.3.1/24', { assigned_object_type: 'dcim.interface', assigned_object_id: mgmt.id, description: 'out of band' }],
        ['2001:db8:a::/127', {}],
        ['2001:db8:a::1/127', { assigned_object_type: 'dcim.interface', assigned_object_id: eth0.id }],
        ['2001:db8:b::1/128', { vrf: blue.id }],
        ['::ffff:172.16.0.9/128', {}],
      ] as const) {
        made.push(await make('ip-addresses', { address, ...extra }));
      }
    });
    afterAll(async () => {
      for (const ip of made) await t.delete(detail('ip-addresses', ip.id));
    });
    const within = (query: string) => addresses(`${query}&parent=172.16.0.0/16&parent=2001:db8:a::/48&parent=2001:db8:b::/48&parent=::ffff:172.16.0.0/112`);

    it('orders by family, address and mask', async () => {
      expect(await within('')).toEqual([
        '172.16.0.0/31', '172.16.0.1/31', '172.16.1.1/32', '172.16.2.1/24', '172.16.3.1/24', '::ffff:172.16.0.9/128', '2001:db8:a::/127', '2001:db8:a::1/127',
        '2001:db8:b::1/128',
      ]);
    });

    it('parent, address, mask_length and family on both families, /31, /32, /127, /128 and IPv4-mapped', async () => {
      expect(await addresses('parent=172.16.0.0/31')).toEqual(['172.16.0.0/31', '172.16.0.1/31']);
      expect(await addresses('parent=172.16.1.1/32')).toEqual(['172.16.1.1/32']);
      expect(await addresses('parent=2001:db8:a::/127')).toEqual(['2001:db8:a::/127', '2001:db8:a::1/127']);
      expect(await addresses('parent=2001:db8:b::1/128')).toEqual(['2001:db8:b::1/128']);
      expect(await addresses('parent=::ffff:172.16.0.0/120')).toEqual(['::ffff:172.16.0.9/128']);
      expect(await addresses('parent=0.0.0.0/0&mask_length=31')).toEqual(['172.16.0.0/31', '172.16.0.1/31']);
      expect(await addresses('parent=junk')).toEqual([]);
      expect(await addresses('address=172.16.0.1/31&address=2001:db8:b::1')).toEqual(['172.16.0.1/31', '2001:db8:b::1/128']);
      expect(await addresses('address=172.16.0.1/24')).toEqual([]);
      expect(await within('family=6')).toEqual(['::ffff:172.16.0.9/128', '2001:db8:a::/127', '2001:db8:a::1/127', '2001:db8:b::1/128']);
      expect(await within('mask_length=128')).toEqual(['::ffff:172.16.0.9/128', '2001:db8:b::1/128']);
    });

    it('vrf, present_in_vrf, status, role, q, device, interface and assigned_to_interface', async () => {
      expect(await within(`vrf_id=${blue.id}`)).toEqual(['172.16.2.1/24', '2001:db8:b::1/128']);
      expect(await within('vrf=65000:1')).toEqual(['172.16.2.1/24', '2001:db8:b::1/128']);
      expect(await within(`present_in_vrf_id=${blue.id}`)).toEqual(['172.16.2.1/24', '2001:db8:b::1/128']);
      expect(await within('status=reserved')).toEqual(['172.16.2.1/24']);
      expect(await within('role=anycast')).toEqual(['172.16.2.1/24']);
      expect(await within('q=loop.example')).toEqual(['172.16.1.1/32']);
      expect(await within('q=172.16.3')).toEqual(['172.16.3.1/24']);
      expect(await within('q=OUT OF')).toEqual(['172.16.3.1/24']);
      expect(await within('device=leaf1')).toEqual(['172.16.0.1/31', '172.16.1.1/32', '2001:db8:a::1/127']);
      expect(await within(`device_id=${other.id}`)).toEqual(['172.16.3.1/24']);
      expect(await within(`interface_id=${eth1.id}`)).toEqual(['172.16.1.1/32']);
      expect(await within('interface=eth0')).toEqual(['172.16.0.1/31', '2001:db8:a::1/127']);
      expect(await within(`interface_id__n=${eth0.id}`)).toEqual([
        '172.16.0.0/31', '172.16.1.1/32', '172.16.2.1/24', '172.16.3.1/24', '::ffff:172.16.0.9/128', '2001:db8:a::/127', '2001:db8:b::1/128',
      ]);
      expect((await t.get(`${api('ip-addresses')}?interface=nope`)).body).toEqual({ interface: ['Select a valid choice. nope is not one of the available choices.'] });
      // No virtual machines yet: none of their addresses, and no interface of theirs to name.
      expect(await within('virtual_machine_id=1')).toEqual([]);
      expect(await within('virtual_machine=vm1')).toEqual([]);
      expect((await t.get(`${api('ip-addresses')}?vminterface_id=1`)).body).toEqual({ vminterface_id: ['Select a valid choice. 1 is not one of the available choices.'] });
      expect(await within('assigned_to_interface=true')).toEqual(['172.16.0.1/31', '172.16.1.1/32', '172.16.3.1/24', '2001:db8:a::1/127']);
      expect(await within('assigned_to_interface=false')).toEqual(['172.16.0.0/31', '172.16.2.1/24', '::ffff:172.16.0.9/128', '2001:db8:a::/127', '2001:db8:b::1/128']);
    });
  });

  it('lists a thousand assigned addresses in a fixed number of statements', async () => {
    const interfaces = await bulkCreate(
      t,
      INTERFACES,
      Array.from({ length: 8 }, (_, i) => ({ device: i % 2 ? other.id : device.id, name: `et${i}`, type: '10gbase-x-sfpp' })),
    );
    for (let batch = 0; batch < 4; batch++) {
      await bulkCreate(
        t,
        api('ip-addresses'),
        Array.from({ length: 250 }, (_, i) => ({
          address: `100.64.${batch}.${i}/22`,
          vrf: i % 3 ? null : blue.id,
          assigned_object_type: 'dcim.interface',
          assigned_object_id: interfaces[i % 8].id,
        })),
      );
    }
    const small = await pageStatements(t, () => t.get(`${api('ip-addresses')}?parent=100.64.0.0/22&limit=3`));
    const all = await pageStatements(t, async () => {
      const res = await t.get(`${api('ip-addresses')}?parent=100.64.0.0/22&limit=1000`);
      expect(res.body.results).toHaveLength(1000);
      expect(res.body.results[999].assigned_object.device.name).toMatch(/leaf/);
    });
    expect(all).toBe(small);
  });

  describe('IP ranges', () => {
    it('reads ranges with their compact name and size, and checks their ends', async () => {
      const range = await make('ip-ranges', { start_address: '192.0.2.10/24', end_address: '192.0.2.100/24', vrf: blue.id });
      expect(Object.keys(range)).toEqual([
        'id', 'url', 'display', 'family', 'start_address', 'end_address', 'size', 'vrf', 'tenant', 'status', 'role', 'mark_utilized', 'description', 'comments',
        ...TIMES, 'children',
      ]);
      expect(range).toMatchObject({ display: '192.0.2.10-100/24', size: 91, family: { value: 4, label: 'IPv4' }, children: 0 });
      expect((await t.get(`${detail('ip-ranges', range.id)}?brief=1`)).body).toEqual({
        id: range.id, url: range.url, display: '192.0.2.10-100/24', family: 4, start_address: '192.0.2.10/24', end_address: '192.0.2.100/24',
      });
      await make('ip-addresses', { address: '192.0.2.20/24', vrf: blue.id });
      await make('ip-addresses', { address: '192.0.2.21/24' });
      expect((await t.get(detail('ip-ranges', range.id))).body.children).toBe(1);
      const v6 = await make('ip-ranges', { start_address: '2001:db8::10/64', end_address: '2001:db8::1:0/64' });
      expect(v6).toMatchObject({ display: '2001:db8::10-1:0/64', size: 65521 });
      expect((await t.post(api('ip-ranges'), { start_address: '10.0.0.1/24', end_address: '2001:db8::1/24' })).body).toEqual({
        end_address: ['Ending address version (IPv6) does not match starting address (IPv4)'],
      });
      expect((await t.post(api('ip-ranges'), { start_address: '10.0.0.1/24', end_address: '10.0.0.9/25' })).body).toEqual({
        end_address: ['Ending address mask (/25) does not match starting address mask (/24)'],
      });
      expect((await t.post(api('ip-ranges'), { start_address: '10.0.0.9/24', end_address: '10.0.0.1/24' })).body).toEqual({
        end_address: ['Ending address must be lower than the starting address (10.0.0.9/24)'],
      });
      expect((await t.post(api('ip-ranges'), { start_address: '192.0.2.1/24', end_address: '192.0.2.10/24', vrf: blue.id })).body).toEqual({
        __all__: ['Defined addresses overlap with range 192.0.2.10-100/24 in VRF blue (65000:1)'],
      });
      expect((await t.post(api('ip-ranges'), { start_address: '2001:db8:1::/64', end_address: '2001:db8:1::1:0:0/64' })).body).toEqual({
        __all__: ['Defined range exceeds maximum supported size (4294967295)'],
      });
      // The same addresses outside the VRF do not overlap.
      const global = await make('ip-ranges', { start_address: '192.0.2.1/24', end_address: '192.0.2.10/24' });
      const ranges = async (query: string) => (await t.get(`${api('ip-ranges')}?${query}`)).body.results.map((r: Json) => r.display);
      expect(await ranges('')).toEqual(['192.0.2.1-10/24', '2001:db8::10-1:0/64', '192.0.2.10-100/24']);
      expect(await ranges('contains=192.0.2.10')).toEqual(['192.0.2.1-10/24', '192.0.2.10-100/24']);
      expect(await ranges('parent=192.0.2.0/28')).toEqual(['192.0.2.1-10/24']);
      expect(await ranges('family=6')).toEqual(['2001:db8::10-1:0/64']);
      expect(await ranges('start_address=192.0.2.10')).toEqual(['192.0.2.10-100/24']);
      expect(await ranges('end_address=192.0.2.10/24')).toEqual(['192.0.2.1-10/24']);
      expect(await ranges('q=2001:db8')).toEqual(['2001:db8::10-1:0/64']);
      for (const r of [range, v6, global]) await t.delete(detail('ip-ranges', r.id));
    });
  });
});
