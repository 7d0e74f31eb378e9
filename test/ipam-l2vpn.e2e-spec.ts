import { pageStatements } from './helpers/queries';
import { Json, createOne, expectStatus } from './helpers/seed';
import { TestApp } from './helpers/test-app';

const api = (plural: string) => `/api/ipam/${plural}/`;
const detail = (plural: string, id: number) => `/api/ipam/${plural}/${id}/`;
const INTERFACES = '/api/dcim/interfaces/';
const TIMES = ['tags', 'custom_fields', 'created', 'last_updated'];

describe('ipam L2VPNs and their terminations', () => {
  let t: TestApp;
  let ams: Json;
  let rtm: Json;
  let pe1: Json;
  let pe2: Json;
  let metro: Json;
  let users: Json;
  let tenant: Json;
  const make = (plural: string, body: Json) => createOne(t, api(plural), body);
  const list = async (plural: string, query: string) => (await t.get(`${api(plural)}?${query}&limit=0`)).body.results;
  const names = async (query: string) => (await list('l2vpns', query)).map((o: Json) => o.name);
  const displays = async (query: string) => (await list('l2vpn-terminations', query)).map((o: Json) => o.display);
  const refused = async (plural: string, body: Json) => {
    const res = await t.post(api(plural), body);
    expectStatus(res, 400);
    return res.body;
  };
  const terminate = (l2vpn: Json, type: string, object: Json) => make('l2vpn-terminations', { l2vpn: l2vpn.id, assigned_object_type: type, assigned_object_id: object.id });

  beforeAll(async () => {
    t = await TestApp.start();
    const europe = await createOne(t, '/api/dcim/regions/', { name: 'Europe', slug: 'europe' });
    ams = await createOne(t, '/api/dcim/sites/', { name: 'Amsterdam', slug: 'ams', region: europe.id });
    rtm = await createOne(t, '/api/dcim/sites/', { name: 'Rotterdam', slug: 'rtm' });
    const maker = await createOne(t, '/api/dcim/manufacturers/', { name: 'Juniper', slug: 'juniper' });
    const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: 'MX204', slug: 'mx204' });
    const role = await createOne(t, '/api/dcim/device-roles/', { name: 'PE', slug: 'pe' });
    pe1 = await createOne(t, '/api/dcim/devices/', { name: 'pe1', device_type: type.id, device_role: role.id, site: ams.id });
    pe2 = await createOne(t, '/api/dcim/devices/', { name: 'pe2', device_type: type.id, device_role: role.id, site: rtm.id });
    tenant = await createOne(t, '/api/tenancy/tenants/', { name: 'Acme', slug: 'acme' });
    const [red, blue] = await Promise.all(['65000:1', '65000:2'].map((name) => make('route-targets', { name })));
    metro = await make('l2vpns', { name: 'Metro', slug: 'metro', type: 'vpls', identifier: 65000, import_targets: [red.id, blue.id], export_targets: [{ name: '65000:2' }], tenant: tenant.id });
    users = await make('vlans', { vid: 100, name: 'users', site: ams.id });
  });
  afterAll(() => t.close());

  describe('L2VPNs', () => {
    it('reads an L2VPN with its type, route targets and tenant, labelled by its identifier', async () => {
      expect(Object.keys(metro)).toEqual([
        'id', 'url', 'display', 'identifier', 'name', 'slug', 'type', 'import_targets', 'export_targets', 'description', 'comments', 'tenant', ...TIMES,
      ]);
      expect(metro).toMatchObject({ display: 'Metro (65000)', identifier: 65000, type: { value: 'vpls', label: 'VPLS' }, tenant: { id: tenant.id } });
      expect(metro.import_targets.map((rt: Json) => rt.name)).toEqual(['65000:1', '65000:2']);
      expect(metro.export_targets.map((rt: Json) => rt.name)).toEqual(['65000:2']);
      // The nested form carries the bare type, as NetBox's nested serializer does.
      expect((await t.get(`${detail('l2vpns', metro.id)}?brief=1`)).body).toEqual({
        id: metro.id, url: metro.url, display: 'Metro (65000)', identifier: 65000, name: 'Metro', slug: 'metro', type: 'vpls',
      });
      const plain = await make('l2vpns', { name: 'Lab', slug: 'lab', type: 'vxlan-evpn' });
      expect(plain).toMatchObject({ display: 'Lab', identifier: null, type: { value: 'vxlan-evpn', label: 'VXLAN-EVPN' }, import_targets: [] });
      // NetBox leaves a zero identifier out of the label.
      expect((await t.patch(detail('l2vpns', plain.id), { identifier: 0 })).body.display).toBe('Lab');
      expect((await t.patch(detail('l2vpns', plain.id), { identifier: -5 })).body.display).toBe('Lab (-5)');
      expect((await t.patch(detail('l2vpns', plain.id), { identifier: 4294967296 })).body.identifier).toBe(4294967296);
    });

    it('wants a known type and a unique name and slug', async () => {
      expect(await refused('l2vpns', { name: 'X', slug: 'x' })).toEqual({ type: ['This field cannot be blank.'] });
      expect(await refused('l2vpns', { name: 'X', slug: 'x', type: 'mpls' })).toEqual({ type: ['"mpls" is not a valid choice.'] });
      expect(await refused('l2vpns', { name: 'Metro', slug: 'metro', type: 'vpls' })).toEqual({
        name: ['L2VPN with this name already exists.'],
        slug: ['L2VPN with this slug already exists.'],
      });
      expect(await refused('l2vpns', { name: 'X', slug: 'x', type: 'vpls', identifier: 'one' })).toEqual({ identifier: ['A valid integer is required.'] });
    });

    it('filters L2VPNs by type, route targets, tenant and text', async () => {
      await make('l2vpns', { name: 'Backhaul', slug: 'backhaul', type: 'evpl', identifier: 12, description: 'between metro sites' });
      expect(await names('type=vpls')).toEqual(['Metro']);
      expect(await names('type=vpls&type=evpl')).toEqual(['Backhaul', 'Metro']);
      expect(await names('type__n=vpls')).toEqual(['Backhaul', 'Lab']);
      expect(await names(`import_target_id=${metro.import_targets[0].id}`)).toEqual(['Metro']);
      expect(await names('export_target=65000:2')).toEqual(['Metro']);
      expect(await names('tenant=acme')).toEqual(['Metro']);
      expect(await names('identifier__gte=100')).toEqual(['Lab', 'Metro']);
      // Text matches name or description, or the identifier exactly.
      expect(await names('q=metro')).toEqual(['Backhaul', 'Metro']);
      expect(await names('q=12')).toEqual(['Backhaul']);
      expect(await names('q=6500')).toEqual([]);
      expect((await t.get(`${api('l2vpns')}?type=mpls`)).body).toEqual({ type: ['Select a valid choice. mpls is not one of the available choices.'] });
    });
  });

  describe('terminations', () => {
    let xe0: Json;
    let xe1: Json;
    let onInterface: Json;
    let onVlan: Json;

    beforeAll(async () => {
      xe0 = await createOne(t, INTERFACES, { device: pe1.id, name: 'xe-0/0/0', type: '10gbase-x-sfpp' });
      xe1 = await createOne(t, INTERFACES, { device: pe2.id, name: 'xe-0/0/1', type: '10gbase-x-sfpp', label: 'customer' });
      onInterface = await terminate(metro, 'dcim.interface', xe0);
      onVlan = await terminate(metro, 'ipam.vlan', users);
    });

    it('attaches an L2VPN to an interface or a VLAN, labelled by both', async () => {
      expect(Object.keys(onInterface)).toEqual(['id', 'url', 'display', 'l2vpn', 'assigned_object_type', 'assigned_object_id', 'assigned_object', ...TIMES]);
      expect(onInterface).toMatchObject({
        display: 'xe-0/0/0 <> Metro (65000)',
        l2vpn: { id: metro.id, display: 'Metro (65000)', identifier: 65000, name: 'Metro', slug: 'metro', type: 'vpls' },
        assigned_object_type: 'dcim.interface',
        assigned_object_id: xe0.id,
        assigned_object: { id: xe0.id, name: 'xe-0/0/0', device: { id: pe1.id } },
      });
      expect(onVlan).toMatchObject({ display: 'users (100) <> Metro (65000)', assigned_object: { id: users.id, vid: 100, name: 'users' } });
      expect((await t.get(`${detail('l2vpn-terminations', onInterface.id)}?brief=1`)).body).toEqual({
        id: onInterface.id, url: onInterface.url, display: 'xe-0/0/0 <> Metro (65000)',
        l2vpn: { id: metro.id, url: metro.url, display: 'Metro (65000)', identifier: 65000, name: 'Metro', slug: 'metro', type: 'vpls' },
      });
      expect(await refused('l2vpn-terminations', { l2vpn: metro.id, assigned_object_type: 'dcim.device', assigned_object_id: pe1.id })).toEqual({
        assigned_object_type: ['Invalid content type: dcim.device'],
      });
      expect(await refused('l2vpn-terminations', { l2vpn: metro.id, assigned_object_type: 'virtualization.vminterface', assigned_object_id: 999999 })).toEqual({
        non_field_errors: ['Invalid assigned_object: virtualization.vminterface ID 999999'],
      });
    });

    it('shows the termination on its interface and its VLAN', async () => {
      const nested = { id: onInterface.id, url: onInterface.url, display: 'xe-0/0/0 <> Metro (65000)', l2vpn: (await t.get(`${detail('l2vpns', metro.id)}?brief=1`)).body };
      expect((await t.get(`${INTERFACES}${xe0.id}/`)).body.l2vpn_termination).toEqual(nested);
      expect((await t.get(`${INTERFACES}${xe1.id}/`)).body.l2vpn_termination).toBeNull();
      expect((await t.get(`${INTERFACES}?site=ams`)).body.results.map((i: Json) => i.l2vpn_termination?.id ?? null)).toEqual([onInterface.id]);
      expect((await t.get(detail('vlans', users.id))).body.l2vpn_termination).toMatchObject({ id: onVlan.id, display: 'users (100) <> Metro (65000)' });
      const other = await make('vlans', { vid: 200, name: 'guests' });
      expect((await t.get(detail('vlans', other.id))).body.l2vpn_termination).toBeNull();
      const vids = async (query: string) => (await t.get(`${api('vlans')}?${query}`)).body.results.map((v: Json) => v.vid);
      expect(await vids(`l2vpn_id=${metro.id}`)).toEqual([100]);
      // NetBox's `l2vpn` names an L2VPN by its identifier.
      expect(await vids('l2vpn=65000')).toEqual([100]);
      expect(await vids('l2vpn__n=65000')).toEqual([200]);
      expect((await t.get(`${api('vlans')}?l2vpn=65001`)).body).toEqual({ l2vpn: ['Select a valid choice. 65001 is not one of the available choices.'] });
      expect((await t.get(`${api('vlans')}?l2vpn=metro`)).body).toEqual({ l2vpn: ['“metro” is not a valid value.'] });
    });

    it('terminates an object once, with both of NetBox\'s messages', async () => {
      const lab = (await list('l2vpns', 'slug=lab'))[0];
      expect(await refused('l2vpn-terminations', { l2vpn: lab.id, assigned_object_type: 'dcim.interface', assigned_object_id: xe0.id })).toEqual({
        __all__: ['L2VPN Termination already assigned (xe-0/0/0)', 'L2VPN termination with this Assigned object type and Assigned object id already exists.'],
      });
      expect(await refused('l2vpn-terminations', { l2vpn: lab.id, assigned_object_type: 'ipam.vlan', assigned_object_id: users.id })).toEqual({
        __all__: ['L2VPN Termination already assigned (users (100))', 'L2VPN termination with this Assigned object type and Assigned object id already exists.'],
      });
      // Saving a termination again is no duplicate of itself.
      expectStatus(await t.patch(detail('l2vpn-terminations', onInterface.id), { l2vpn: metro.id }), 200);
    });

    it('keeps point-to-point L2VPNs to two terminations', async () => {
      const wire = await make('l2vpns', { name: 'Wire', slug: 'wire', type: 'vpws' });
      const a = await createOne(t, INTERFACES, { device: pe1.id, name: 'xe-0/0/2', type: '10gbase-x-sfpp' });
      const b = await createOne(t, INTERFACES, { device: pe2.id, name: 'xe-0/0/2', type: '10gbase-x-sfpp' });
      const c = await createOne(t, INTERFACES, { device: pe2.id, name: 'xe-0/0/3', type: '10gbase-x-sfpp' });
      const first = await terminate(wire, 'dcim.interface', a);
      await terminate(wire, 'dcim.interface', b);
      expect(await refused('l2vpn-terminations', { l2vpn: wire.id, assigned_object_type: 'dcim.interface', assigned_object_id: c.id })).toEqual({
        __all__: ['VPWS L2VPNs cannot have more than two terminations; found 2 already defined.'],
      });
      // Moving one of the two to another object is fine.
      expectStatus(await t.patch(detail('l2vpn-terminations', first.id), { assigned_object_id: c.id }), 200);
      const lan = await make('l2vpns', { name: 'Private LAN', slug: 'private-lan', type: 'ep-lan' });
      await terminate(lan, 'dcim.interface', a);
      await terminate(lan, 'ipam.vlan', await make('vlans', { vid: 300, name: 'lan' }));
      expect(await refused('l2vpn-terminations', { l2vpn: lan.id, assigned_object_type: 'ipam.vlan', assigned_object_id: (await make('vlans', { vid: 301, name: 'lan2' })).id })).toEqual({
        __all__: ['Ethernet Private LAN L2VPNs cannot have more than two terminations; found 2 already defined.'],
      });
      // EVPL is not among NetBox's point-to-point types.
      const evpl = await make('l2vpns', { name: 'Virtual line', slug: 'virtual-line', type: 'evpl' });
      const lines: Json[] = [];
      for (const vid of [400, 401, 402]) lines.push(await terminate(evpl, 'ipam.vlan', await make('vlans', { vid, name: `evpl-${vid}` })));
      expect(await displays(`l2vpn_id=${evpl.id}`)).toEqual(['evpl-400 (400) <> Virtual line', 'evpl-401 (401) <> Virtual line', 'evpl-402 (402) <> Virtual line']);
      // Terminations go with their L2VPN, and with the object they terminate.
      expectStatus(await t.delete(detail('l2vpns', evpl.id)), 204);
      for (const line of lines) expect((await t.get(detail('l2vpn-terminations', line.id))).status).toBe(404);
      expectStatus(await t.delete(`${INTERFACES}${b.id}/`), 204);
      expect(await displays('l2vpn=wire')).toEqual(['xe-0/0/3 <> Wire']);
    });

    it('filters terminations by L2VPN, object, device, VLAN and place', async () => {
      const metroOnes = ['xe-0/0/0 <> Metro (65000)', 'users (100) <> Metro (65000)'];
      expect(await displays('l2vpn=metro')).toEqual(metroOnes);
      expect(await displays(`l2vpn_id=${metro.id}`)).toEqual(metroOnes);
      // By L2VPN name, then as created.
      expect((await displays('')).slice(0, 3)).toEqual([...metroOnes, 'xe-0/0/2 <> Private LAN']);
      expect(await displays('assigned_object_type=ipam.vlan&l2vpn=metro')).toEqual(['users (100) <> Metro (65000)']);
      const [vlanType] = (await t.get('/api/extras/content-types/?app_label=ipam&model=vlan')).body.results;
      expect(await displays(`assigned_object_type_id=${vlanType.id}&l2vpn=metro`)).toEqual(['users (100) <> Metro (65000)']);
      expect(await displays('device=pe1&l2vpn=metro')).toEqual(['xe-0/0/0 <> Metro (65000)']);
      expect(await displays(`device_id=${pe1.id}&l2vpn=metro`)).toEqual(['xe-0/0/0 <> Metro (65000)']);
      expect(await displays('device__n=pe1&l2vpn=metro')).toEqual(['users (100) <> Metro (65000)']);
      expect(await displays(`interface_id=${xe0.id}`)).toEqual(['xe-0/0/0 <> Metro (65000)']);
      expect(await displays('interface=xe-0/0/0')).toEqual(['xe-0/0/0 <> Metro (65000)']);
      expect(await displays('vlan=users')).toEqual(['users (100) <> Metro (65000)']);
      expect(await displays(`vlan_id=${users.id}`)).toEqual(['users (100) <> Metro (65000)']);
      expect(await displays('vlan_vid=100')).toEqual(['users (100) <> Metro (65000)']);
      expect(await displays('vlan_vid__gte=300')).toEqual(['lan (300) <> Private LAN']);
      expect(await displays('site=ams&l2vpn=metro')).toEqual(metroOnes);
      expect(await displays(`site_id=${rtm.id}`)).toEqual(['xe-0/0/3 <> Wire']);
      expect(await displays('region=europe&l2vpn=metro')).toEqual(metroOnes);
      expect(await displays('q=privat')).toEqual(['xe-0/0/2 <> Private LAN', 'lan (300) <> Private LAN']);
      expect((await t.get(`${api('l2vpn-terminations')}?device=nowhere`)).body).toEqual({ device: ['Select a valid choice. nowhere is not one of the available choices.'] });
      expect((await t.get(`${api('l2vpn-terminations')}?interface_id=x`)).body).toEqual({ interface_id: ['“x” is not a valid value.'] });
      expect((await t.get(`${api('l2vpn-terminations')}?vlan_vid=x`)).body).toEqual({ vlan_vid: ['Enter a number.'] });
    });

    it('lists pages of interfaces, VLANs and terminations in as many statements whatever their size', async () => {
      const wide = await make('l2vpns', { name: 'Wide', slug: 'wide', type: 'vxlan' });
      const body = Array.from({ length: 120 }, (_, i) => ({ device: pe1.id, name: `ge-1/0/${i}`, type: '1000base-t' }));
      const created = await t.post(INTERFACES, body);
      expectStatus(created, 201);
      const vlans = await t.post(api('vlans'), Array.from({ length: 120 }, (_, i) => ({ vid: 1000 + i, name: `wide-${i}`, site: ams.id })));
      expectStatus(vlans, 201);
      const terminations = [
        ...created.body.filter((_i: Json, k: number) => k % 2 === 0).map((i: Json) => ({ l2vpn: wide.id, assigned_object_type: 'dcim.interface', assigned_object_id: i.id })),
        ...vlans.body.filter((_v: Json, k: number) => k % 2 === 0).map((v: Json) => ({ l2vpn: wide.id, assigned_object_type: 'ipam.vlan', assigned_object_id: v.id })),
      ];
      expectStatus(await t.post(api('l2vpn-terminations'), terminations), 201);
      const page = async (path: string, limit: number) => {
        const listed = (await t.get(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}`)).body.results;
        expect(listed).toHaveLength(limit);
        return listed;
      };
      const same = async (path: string, few: number, many: number) => {
        const small = await pageStatements(t, () => page(path, few));
        const large = await pageStatements(t, () => page(path, many));
        expect(large).toBe(small);
      };
      await same(`${INTERFACES}?device_id=${pe1.id}`, 3, 120);
      await same(`${api('vlans')}?vid__gte=1000`, 3, 120);
      await same(api('l2vpn-terminations'), 3, 120);
      await same(`${api('l2vpn-terminations')}?brief=1`, 3, 120);
      const listed = await page(`${INTERFACES}?device_id=${pe1.id}&name__isw=ge-1/0/`, 4);
      expect(listed.map((i: Json) => i.l2vpn_termination?.display ?? null)).toEqual(['ge-1/0/0 <> Wide', null, 'ge-1/0/2 <> Wide', null]);
    });
  });
});
