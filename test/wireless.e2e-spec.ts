import { bulkCreate, createOne, expectStatus, Json } from './helpers/seed';
import { TestApp } from './helpers/test-app';

jest.setTimeout(180_000);

const api = (plural: string) => `/api/wireless/${plural}/`;
const detail = (plural: string, id: number) => `/api/wireless/${plural}/${id}/`;
const INTERFACES = '/api/dcim/interfaces/';
const TIMES = ['tags', 'custom_fields', 'created', 'last_updated'];

describe('wireless', () => {
  let t: TestApp;
  let site: Json;
  let ap1: Json;
  let ap2: Json;
  let tenant: Json;
  let vlan: Json;
  /** Interfaces by `<device>.<name>`. */
  const i: Record<string, Json> = {};

  const make = (plural: string, body: Json) => createOne(t, api(plural), body);
  const read = async (path: string): Promise<Json> => {
    const res = await t.get(path);
    expectStatus(res, 200);
    return res.body;
  };
  const iface = (name: string) => read(`${INTERFACES}${i[name].id}/`);
  const refused = async (plural: string, body: Json, method: 'post' | 'patch' = 'post', id?: number): Promise<Json> => {
    const res = method === 'post' ? await t.post(api(plural), body) : await t.patch(detail(plural, id!), body);
    expectStatus(res, 400);
    return res.body;
  };
  /** What a list answers, by `key`, in its order. */
  const listed = async (plural: string, query: string, key = 'id'): Promise<unknown[]> =>
    (await read(`${api(plural)}?${query}&limit=0`)).results.map((o: Json) => o[key]);

  beforeAll(async () => {
    t = await TestApp.start();
    site = await createOne(t, '/api/dcim/sites/', { name: 'Campus', slug: 'campus' });
    const maker = await createOne(t, '/api/dcim/manufacturers/', { name: 'Ubiquiti', slug: 'ubiquiti' });
    const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: 'AirFiber', slug: 'airfiber' });
    const role = await createOne(t, '/api/dcim/device-roles/', { name: 'Radio', slug: 'radio', color: '0000ff' });
    [ap1, ap2] = await bulkCreate(t, '/api/dcim/devices/', [
      { name: 'ap1', device_type: type.id, device_role: role.id, site: site.id },
      { name: 'ap2', device_type: type.id, device_role: role.id, site: site.id },
    ]);
    const made = await bulkCreate(t, INTERFACES, [
      { device: ap1.id, name: 'wlan0', type: 'ieee802.11ac' },
      { device: ap1.id, name: 'eth0', type: '1000base-t' },
      { device: ap2.id, name: 'wlan0', type: 'ieee802.11ac' },
      { device: ap2.id, name: 'wlan1', type: 'other-wireless' },
      { device: ap2.id, name: 'wlan2', type: 'ieee802.11ax' },
    ]);
    for (const m of made) i[`${m.device.name}.${m.name}`] = m;
    const group = await createOne(t, '/api/tenancy/tenant-groups/', { name: 'Customers', slug: 'customers' });
    tenant = await createOne(t, '/api/tenancy/tenants/', { name: 'Acme', slug: 'acme', group: group.id });
    vlan = await createOne(t, '/api/ipam/vlans/', { vid: 100, name: 'Guests' });
  });
  afterAll(() => t?.close());

  it('lists the wireless app in the API root and its three endpoints', async () => {
    expect((await read('/api/')).wireless).toMatch(/\/api\/wireless\/$/);
    const root = await read('/api/wireless/');
    expect(Object.keys(root)).toEqual(['wireless-lan-groups', 'wireless-lans', 'wireless-links']);
    expect(root['wireless-links']).toMatch(/\/api\/wireless\/wireless-links\/$/);
    const options = await t.options(api('wireless-links'));
    expectStatus(options, 200);
    expect(options.body.name).toBe('Wireless Link List');
    expect(options.body.actions.POST.interface_a).toMatchObject({ type: 'nested object', required: true, label: 'Interface A' });
    expect(options.body.actions.POST.status.choices.map((c: Json) => c.value)).toEqual(['connected', 'planned', 'decommissioning']);
  });

  describe('wireless LAN groups', () => {
    let campus: Json;
    let building: Json;
    let floor: Json;

    beforeAll(async () => {
      campus = await make('wireless-lan-groups', { name: 'Campus', slug: 'campus', description: 'everywhere' });
      building = await make('wireless-lan-groups', { name: 'Building A', slug: 'building-a', parent: campus.id });
      floor = await make('wireless-lan-groups', { name: 'Floor 1', slug: 'floor-1', parent: { slug: 'building-a' } });
      await make('wireless-lans', { ssid: 'lobby', group: building.id });
      await make('wireless-lans', { ssid: 'floor-one', group: floor.id });
    });

    it('reads a group with its parent, depth and the LANs of its whole subtree', async () => {
      expect(Object.keys(floor)).toEqual([
        'id', 'url', 'display', 'name', 'slug', 'parent', 'description', ...TIMES, 'wirelesslan_count', '_depth',
      ]);
      expect(floor).toMatchObject({ display: 'Floor 1', _depth: 2, parent: { id: building.id, name: 'Building A', slug: 'building-a', _depth: 1 } });
      expect(Object.keys(floor.parent)).toEqual(['id', 'url', 'display', 'name', 'slug', '_depth']);
      const counts = Object.fromEntries((await read(`${api('wireless-lan-groups')}?limit=0`)).results.map((g: Json) => [g.name, g.wirelesslan_count]));
      expect(counts).toEqual({ Campus: 2, 'Building A': 2, 'Floor 1': 1 });
      expect(await read(`${detail('wireless-lan-groups', campus.id)}?brief=1`)).toEqual({
        id: campus.id, url: campus.url, display: 'Campus', name: 'Campus', slug: 'campus', wirelesslan_count: 2, _depth: 0,
      });
      // Depth first, siblings by name.
      expect(await listed('wireless-lan-groups', '', 'name')).toEqual(['Campus', 'Building A', 'Floor 1']);
    });

    it('filters groups by parent, by id or slug, and by text', async () => {
      expect(await listed('wireless-lan-groups', `parent_id=${campus.id}`, 'name')).toEqual(['Building A']);
      expect(await listed('wireless-lan-groups', 'parent=building-a', 'name')).toEqual(['Floor 1']);
      expect(await listed('wireless-lan-groups', 'parent_id=null', 'name')).toEqual(['Campus']);
      expect(await listed('wireless-lan-groups', 'q=everywhere', 'name')).toEqual(['Campus']);
      expect(await listed('wireless-lan-groups', 'name__ic=floor', 'name')).toEqual(['Floor 1']);
      const res = await t.get(`${api('wireless-lan-groups')}?parent=nowhere`);
      expectStatus(res, 400);
      expect(res.body).toEqual({ parent: ['Select a valid choice. nowhere is not one of the available choices.'] });
    });

    it('keeps names and slugs unique and refuses a descendant as parent', async () => {
      expect(await refused('wireless-lan-groups', { name: 'Campus', slug: 'campus-2' })).toEqual({ name: ['Wireless LAN Group with this name already exists.'] });
      expect(await refused('wireless-lan-groups', { name: 'Campus 2', slug: 'campus' })).toEqual({ slug: ['Wireless LAN Group with this slug already exists.'] });
      expect(await refused('wireless-lan-groups', { name: 'x', slug: 'not a slug' })).toEqual({
        slug: ['Enter a valid "slug" consisting of letters, numbers, underscores or hyphens.'],
      });
      expect(await refused('wireless-lan-groups', { parent: floor.id }, 'patch', campus.id)).toEqual({
        parent: ['Cannot assign self or child Wireless LAN Group as parent.'],
      });
      expect(await refused('wireless-lan-groups', { name: 'y', slug: 'y', parent: 99999 })).toEqual({
        parent: ['Related object not found using the provided numeric ID: 99999'],
      });
    });

    it('moves a subtree with its parent and deletes it with its root, leaving its LANs without a group', async () => {
      const root = await make('wireless-lan-groups', { name: 'Temporary', slug: 'temporary' });
      const leaf = await make('wireless-lan-groups', { name: 'Leaf', slug: 'leaf', parent: root.id });
      const lan = await make('wireless-lans', { ssid: 'ephemeral', group: leaf.id });
      const moved = await t.patch(detail('wireless-lan-groups', root.id), { parent: campus.id });
      expectStatus(moved, 200);
      expect((await read(detail('wireless-lan-groups', leaf.id)))._depth).toBe(2);
      expect((await read(detail('wireless-lan-groups', campus.id))).wirelesslan_count).toBe(3);
      expectStatus(await t.delete(detail('wireless-lan-groups', root.id)), 204);
      expectStatus(await t.get(detail('wireless-lan-groups', leaf.id)), 404);
      expect((await read(detail('wireless-lans', lan.id))).group).toBeNull();
      expectStatus(await t.delete(detail('wireless-lans', lan.id)), 204);
    });
  });

  describe('wireless LANs', () => {
    let office: Json;
    let guest: Json;
    let group: Json;
    let sub: Json;

    beforeAll(async () => {
      group = await make('wireless-lan-groups', { name: 'Offices', slug: 'offices' });
      sub = await make('wireless-lan-groups', { name: 'Office West', slug: 'office-west', parent: group.id });
      office = await make('wireless-lans', {
        ssid: 'office', group: group.id, status: 'active', tenant: tenant.id, auth_type: 'wpa-enterprise', auth_cipher: 'aes', description: 'Staff',
      });
      guest = await make('wireless-lans', {
        ssid: 'guest', group: sub.id, status: 'reserved', vlan: vlan.id, auth_type: 'wpa-personal', auth_cipher: 'auto', auth_psk: 'welcome!', comments: 'Visitors',
      });
    });

    it('reads a LAN in full and in brief, its ssid as its display', async () => {
      const lan = await read(detail('wireless-lans', guest.id));
      expect(Object.keys(lan)).toEqual([
        'id', 'url', 'display', 'ssid', 'description', 'group', 'status', 'vlan', 'tenant', 'auth_type', 'auth_cipher', 'auth_psk', 'comments', ...TIMES,
      ]);
      expect(lan).toMatchObject({
        display: 'guest',
        ssid: 'guest',
        group: { id: sub.id, display: 'Office West', slug: 'office-west', _depth: 1 },
        status: { value: 'reserved', label: 'Reserved' },
        vlan: { id: vlan.id, vid: 100, name: 'Guests' },
        tenant: null,
        auth_type: { value: 'wpa-personal', label: 'WPA Personal (PSK)' },
        auth_cipher: { value: 'auto', label: 'Auto' },
        auth_psk: 'welcome!',
        comments: 'Visitors',
        tags: [],
        custom_fields: {},
      });
      expect(await read(`${detail('wireless-lans', guest.id)}?brief=true`)).toEqual({ id: guest.id, url: guest.url, display: 'guest', ssid: 'guest' });
      const plain = await make('wireless-lans', { ssid: 'plain' });
      expect(plain).toMatchObject({ status: { value: 'active', label: 'Active' }, auth_type: null, auth_cipher: null, auth_psk: '', group: null });
      const patched = await t.patch(detail('wireless-lans', plain.id), { ssid: 'renamed', status: 'deprecated' });
      expectStatus(patched, 200);
      expect(patched.body).toMatchObject({ display: 'renamed', status: { value: 'deprecated', label: 'Deprecated' } });
      // As DRF's PUT: fields the body leaves out keep their values.
      const put = await t.put(detail('wireless-lans', plain.id), { ssid: 'replaced' });
      expectStatus(put, 200);
      expect(put.body).toMatchObject({ ssid: 'replaced', status: { value: 'deprecated' } });
      expectStatus(await t.delete(detail('wireless-lans', plain.id)), 204);
      expectStatus(await t.get(detail('wireless-lans', plain.id)), 404);
    });

    it('filters LANs by group (with its descendants), VLAN, tenant, status, authentication and text', async () => {
      expect(await listed('wireless-lans', 'group=offices', 'ssid')).toEqual(['guest', 'office']);
      expect(await listed('wireless-lans', `group_id=${sub.id}`, 'ssid')).toEqual(['guest']);
      expect(await listed('wireless-lans', `group_id__n=${sub.id}&ssid__isw=o`, 'ssid')).toEqual(['office']);
      expect(await listed('wireless-lans', `vlan_id=${vlan.id}`, 'ssid')).toEqual(['guest']);
      expect(await listed('wireless-lans', 'tenant=acme', 'ssid')).toEqual(['office']);
      expect(await listed('wireless-lans', `tenant_id=${tenant.id}`, 'ssid')).toEqual(['office']);
      expect(await listed('wireless-lans', 'tenant_group=customers', 'ssid')).toEqual(['office']);
      expect(await listed('wireless-lans', 'status=reserved', 'ssid')).toEqual(['guest']);
      expect(await listed('wireless-lans', 'status__n=reserved&group=offices', 'ssid')).toEqual(['office']);
      expect(await listed('wireless-lans', 'auth_type=wpa-enterprise&auth_type=wpa-personal&group=offices', 'ssid')).toEqual(['guest', 'office']);
      expect(await listed('wireless-lans', 'auth_cipher=aes', 'ssid')).toEqual(['office']);
      expect(await listed('wireless-lans', 'auth_psk=welcome!', 'ssid')).toEqual(['guest']);
      expect(await listed('wireless-lans', 'q=STAFF', 'ssid')).toEqual(['office']);
      expect(await listed('wireless-lans', 'q=gue', 'ssid')).toEqual(['guest']);
      // Not one of NetBox's filters: ignored.
      expect(await listed('wireless-lans', 'comments=nothing&group=offices', 'ssid')).toEqual(['guest', 'office']);
      for (const [query, body] of [
        ['status=bogus', { status: ['Select a valid choice. bogus is not one of the available choices.'] }],
        ['auth_type=psk', { auth_type: ['Select a valid choice. psk is not one of the available choices.'] }],
        ['group_id=99999', { group_id: ['Select a valid choice. 99999 is not one of the available choices.'] }],
        ['vlan_id=abc', { vlan_id: ['“abc” is not a valid value.'] }],
      ] as const) {
        const res = await t.get(`${api('wireless-lans')}?${query}`);
        expect({ query, status: res.status, body: res.body }).toEqual({ query, status: 400, body });
      }
    });

    it('refuses bad input, keyed by field', async () => {
      expect(await refused('wireless-lans', { description: 'no ssid' })).toEqual({ ssid: ['This field is required.'] });
      expect(await refused('wireless-lans', { ssid: 'x'.repeat(33) })).toEqual({ ssid: ['Ensure this field has no more than 32 characters.'] });
      expect(await refused('wireless-lans', { ssid: 'x', auth_psk: 'k'.repeat(65) })).toEqual({ auth_psk: ['Ensure this field has no more than 64 characters.'] });
      expect(await refused('wireless-lans', { ssid: 'x', status: 'offline' })).toEqual({ status: ['"offline" is not a valid choice.'] });
      expect(await refused('wireless-lans', { ssid: 'x', auth_type: { value: 'open' } })).toEqual({
        auth_type: ['Value must be passed directly (e.g. "foo": 123); do not use a dictionary or list.'],
      });
      expect(await refused('wireless-lans', { ssid: 'x', vlan: 99999, group: 'offices' })).toEqual({
        vlan: ['Related object not found using the provided numeric ID: 99999'],
        group: ['Related objects must be referenced by numeric ID or by dictionary of attributes. Received an unrecognized value: offices'],
      });
      expect(await refused('wireless-lans', { ssid: 'x', tenant: { slug: 'nobody' } })).toEqual({
        tenant: ["Related object not found using the provided attributes: {'slug': 'nobody'}"],
      });
      expect(await refused('wireless-lans', { ssid: ['x'] })).toEqual({ ssid: ['Not a valid string.'] });
    });

    it('protects the VLAN and tenant a LAN uses', async () => {
      const res = await t.delete(`/api/ipam/vlans/${vlan.id}/`);
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe(`Unable to delete object. 1 dependent objects were found: guest (${guest.id})`);
      expect((await t.delete(`/api/tenancy/tenants/${tenant.id}/`)).status).toBe(409);
    });

    it('sets the LANs of an interface, and loses a LAN when it is deleted', async () => {
      const temp = await make('wireless-lans', { ssid: 'temp' });
      const res = await t.patch(`${INTERFACES}${i['ap1.wlan0'].id}/`, { wireless_lans: [office.id, guest.id, temp.id] });
      expectStatus(res, 200);
      // In the LANs' order: by ssid.
      expect(res.body.wireless_lans).toEqual([
        { id: guest.id, url: guest.url, display: 'guest', ssid: 'guest' },
        { id: office.id, url: office.url, display: 'office', ssid: 'office' },
        { id: temp.id, url: temp.url, display: 'temp', ssid: 'temp' },
      ]);
      expectStatus(await t.delete(detail('wireless-lans', temp.id)), 204);
      expect((await iface('ap1.wlan0')).wireless_lans.map((l: Json) => l.ssid)).toEqual(['guest', 'office']);
      const bad = await t.patch(`${INTERFACES}${i['ap1.wlan0'].id}/`, { wireless_lans: [99999] });
      expectStatus(bad, 400);
      expect(bad.body).toEqual({ wireless_lans: ['Related object not found using the provided numeric ID: 99999'] });
      const notList = await t.patch(`${INTERFACES}${i['ap1.wlan0'].id}/`, { wireless_lans: office.id });
      expectStatus(notList, 400);
      expect(notList.body).toEqual({ wireless_lans: ['Expected a list of items but got type "int".'] });
      // NetBox 3.5.9's interface filters have no wireless LAN filter: the parameter is ignored.
      const all = (await read(`${INTERFACES}?device_id=${ap1.id}&limit=0`)).count;
      expect((await read(`${INTERFACES}?device_id=${ap1.id}&wireless_lan_id=${office.id}&limit=0`)).count).toBe(all);
      expectStatus(await t.patch(`${INTERFACES}${i['ap1.wlan0'].id}/`, { wireless_lans: [] }), 200);
    });
  });

  describe('wireless links', () => {
    const nestedInterface = (name: string, occupied: boolean) => ({
      id: i[name].id,
      url: i[name].url,
      display: i[name].name,
      device: expect.objectContaining({ id: i[name].device.id, name: i[name].device.name }),
      name: i[name].name,
      cable: null,
      _occupied: occupied,
    });

    it('joins two wireless interfaces, each showing the link and the other as its link peer and endpoint', async () => {
      const link = await make('wireless-links', {
        interface_a: i['ap1.wlan0'].id, interface_b: i['ap2.wlan0'].id, ssid: 'backhaul', tenant: tenant.id, auth_type: 'wpa-personal', auth_psk: 'secret',
      });
      expect(Object.keys(link)).toEqual([
        'id', 'url', 'display', 'interface_a', 'interface_b', 'ssid', 'status', 'tenant', 'auth_type', 'auth_cipher', 'auth_psk', 'description', 'comments',
        ...TIMES,
      ]);
      expect(link).toMatchObject({
        display: 'backhaul',
        interface_a: nestedInterface('ap1.wlan0', true),
        interface_b: nestedInterface('ap2.wlan0', true),
        status: { value: 'connected', label: 'Connected' },
        tenant: { id: tenant.id, slug: 'acme' },
        auth_type: { value: 'wpa-personal', label: 'WPA Personal (PSK)' },
        auth_cipher: null,
      });
      expect(await read(`${detail('wireless-links', link.id)}?brief=1`)).toEqual({ id: link.id, url: link.url, display: 'backhaul', ssid: 'backhaul' });

      const a = await iface('ap1.wlan0');
      expect(a).toMatchObject({
        wireless_link: { id: link.id, url: link.url, display: 'backhaul', ssid: 'backhaul' },
        link_peers: [nestedInterface('ap2.wlan0', true)],
        link_peers_type: 'dcim.interface',
        connected_endpoints: [nestedInterface('ap2.wlan0', true)],
        connected_endpoints_type: 'dcim.interface',
        connected_endpoints_reachable: true,
        cable: null,
        _occupied: true,
      });
      const b = await iface('ap2.wlan0');
      expect(b).toMatchObject({ wireless_link: { id: link.id }, link_peers: [nestedInterface('ap1.wlan0', true)], _occupied: true });
      expect((await read(`${INTERFACES}${i['ap2.wlan0'].id}/?brief=1`))._occupied).toBe(true);
      expect((await read(`${INTERFACES}?device_id=${ap2.id}&connected=true&limit=0`)).results.map((x: Json) => x.name)).toEqual(['wlan0']);

      // The traced path crosses the link to the other interface.
      const trace = await read(`${INTERFACES}${i['ap1.wlan0'].id}/trace/`);
      expect(trace).toHaveLength(1);
      expect(trace[0][0]).toEqual([nestedInterface('ap1.wlan0', true)]);
      expect(trace[0][2]).toEqual([nestedInterface('ap2.wlan0', true)]);

      // The link is set by the link only: an interface's own body cannot change it.
      const ignored = await t.patch(`${INTERFACES}${i['ap1.wlan0'].id}/`, { wireless_link: null, description: 'radio' });
      expectStatus(ignored, 200);
      expect(ignored.body.wireless_link).toMatchObject({ id: link.id });

      // A link holds its interfaces: they cannot go while it stands.
      const gone = await t.delete(`${INTERFACES}${i['ap1.wlan0'].id}/`);
      expect(gone.status).toBe(409);
      expect(gone.body.detail).toBe(`Unable to delete object. 1 dependent objects were found: backhaul (${link.id})`);
      expect((await t.delete(`/api/dcim/devices/${ap2.id}/`)).status).toBe(409);
      expect((await iface('ap2.wlan0')).wireless_link).toMatchObject({ id: link.id });

      const changes = await read(`/api/extras/object-changes/?changed_object_type=wireless.wirelesslink&changed_object_id=${link.id}`);
      expect(changes.results.map((c: Json) => [c.action.value, c.changed_object.display])).toEqual([['create', 'backhaul']]);
      expect(changes.results[0].postchange_data).toMatchObject({ interface_a: i['ap1.wlan0'].id, interface_b: i['ap2.wlan0'].id, ssid: 'backhaul' });
      expectStatus(await t.delete(detail('wireless-links', link.id)), 204);
    });

    it('refuses ends that are not wireless interfaces, keyed as NetBox keys them, and ends already linked', async () => {
      const wired = i['ap1.eth0'].id;
      expect(await refused('wireless-links', { interface_a: wired, interface_b: i['ap2.wlan0'].id })).toEqual({
        interface_a: ['1000BASE-T (1GE) is not a wireless interface.'],
      });
      // NetBox reports interface B's type under interface_a too.
      expect(await refused('wireless-links', { interface_a: i['ap2.wlan0'].id, interface_b: wired })).toEqual({
        interface_a: ['1000BASE-T (1GE) is not a wireless interface.'],
      });
      expect(await refused('wireless-links', { interface_a: i['ap1.wlan0'].id, interface_b: i['ap1.wlan0'].id })).toEqual({
        interface_b: ['Cannot connect an interface to itself.'],
      });
      const link = await make('wireless-links', { interface_a: i['ap1.wlan0'].id, interface_b: i['ap2.wlan0'].id });
      expect(link.display).toBe(`#${link.id}`);
      expect(await refused('wireless-links', { interface_a: i['ap2.wlan1'].id, interface_b: i['ap1.wlan0'].id })).toEqual({
        interface_b: [`Interface wlan0 of ap1 already has a wireless link (#${link.id}).`],
      });
      expect(await refused('wireless-links', { interface_a: i['ap2.wlan0'].id, interface_b: i['ap2.wlan1'].id })).toEqual({
        interface_a: [`Interface wlan0 of ap2 already has a wireless link (#${link.id}).`],
      });
      // Saving the link again keeps its own interfaces.
      expectStatus(await t.put(detail('wireless-links', link.id), { interface_a: i['ap1.wlan0'].id, interface_b: i['ap2.wlan0'].id, ssid: 'renamed' }), 200);
      expectStatus(await t.delete(detail('wireless-links', link.id)), 204);
    });

    it('refuses bad input, keyed by field', async () => {
      expect(await refused('wireless-links', { ssid: 'x' })).toEqual({ interface_a: ['This field is required.'], interface_b: ['This field is required.'] });
      expect(await refused('wireless-links', { interface_a: 99999, interface_b: i['ap2.wlan0'].id })).toEqual({
        interface_a: ['Related object not found using the provided numeric ID: 99999'],
      });
      expect(await refused('wireless-links', { interface_a: 'wlan0', interface_b: null })).toEqual({
        interface_a: ['Related objects must be referenced by numeric ID or by dictionary of attributes. Received an unrecognized value: wlan0'],
        interface_b: ['This field may not be null.'],
      });
      expect(await refused('wireless-links', { interface_a: i['ap1.wlan0'].id, interface_b: i['ap2.wlan0'].id, status: 'active' })).toEqual({
        status: ['"active" is not a valid choice.'],
      });
      expect(await refused('wireless-links', { interface_a: i['ap1.wlan0'].id, interface_b: i['ap2.wlan0'].id, ssid: 's'.repeat(33), auth_cipher: 'des' })).toEqual({
        ssid: ['Ensure this field has no more than 32 characters.'],
        auth_cipher: ['"des" is not a valid choice.'],
      });
      expect(await refused('wireless-links', { interface_a: { device: { name: 'ap1' }, name: 'wlan0' }, interface_b: { name: 'wlan0' } })).toEqual({
        interface_b: ["Multiple objects match the provided attributes: {'name': 'wlan0'}"],
      });
      // Nothing was linked by any refused request.
      expect((await iface('ap1.wlan0')).wireless_link).toBeNull();
    });

    it('moves with its interfaces, follows its status, and clears both ends when deleted', async () => {
      const link = await make('wireless-links', { interface_a: { device: { name: 'ap1' }, name: 'wlan0' }, interface_b: i['ap2.wlan0'].id, ssid: 'p2p' });
      const moved = await t.patch(detail('wireless-links', link.id), { interface_b: i['ap2.wlan1'].id, status: 'planned' });
      expectStatus(moved, 200);
      expect(moved.body.interface_b).toEqual(nestedInterface('ap2.wlan1', true));
      expect(await iface('ap2.wlan0')).toMatchObject({
        wireless_link: null, link_peers: [], link_peers_type: null, connected_endpoints: null, connected_endpoints_reachable: null, _occupied: false,
      });
      expect(await iface('ap2.wlan1')).toMatchObject({
        wireless_link: { id: link.id },
        link_peers: [nestedInterface('ap1.wlan0', true)],
        connected_endpoints: [nestedInterface('ap1.wlan0', true)],
        connected_endpoints_reachable: false,
      });
      expect(await iface('ap1.wlan0')).toMatchObject({
        link_peers: [nestedInterface('ap2.wlan1', true)],
        connected_endpoints: [nestedInterface('ap2.wlan1', true)],
        connected_endpoints_reachable: false,
      });

      expectStatus(await t.delete(detail('wireless-links', link.id)), 204);
      for (const name of ['ap1.wlan0', 'ap2.wlan1']) {
        expect(await iface(name)).toMatchObject({
          wireless_link: null, link_peers: [], link_peers_type: null, connected_endpoints: null, connected_endpoints_type: null, _occupied: false,
        });
      }
      const changes = await read(`/api/extras/object-changes/?changed_object_type=wireless.wirelesslink&changed_object_id=${link.id}`);
      expect(changes.results.map((c: Json) => c.action.value).sort()).toEqual(['create', 'delete', 'update']);
    });

    it('filters links by their interfaces, status, tenant, authentication and text', async () => {
      const [one, two] = await bulkCreate(t, api('wireless-links'), [
        { interface_a: i['ap1.wlan0'].id, interface_b: i['ap2.wlan0'].id, ssid: 'north', tenant: tenant.id, auth_type: 'open' },
        { interface_a: i['ap2.wlan1'].id, interface_b: i['ap2.wlan2'].id, ssid: 'south', status: 'decommissioning', description: 'Old hop' },
      ]);
      expect(await listed('wireless-links', `interface_a_id=${i['ap1.wlan0'].id}`)).toEqual([one.id]);
      expect(await listed('wireless-links', `interface_a_id=${i['ap1.wlan0'].id}&interface_a_id=${i['ap2.wlan1'].id}`)).toEqual([one.id, two.id]);
      expect(await listed('wireless-links', `interface_a_id__n=${i['ap1.wlan0'].id}`)).toEqual([two.id]);
      expect(await listed('wireless-links', `interface_b_id__gte=${i['ap2.wlan2'].id}`)).toEqual([two.id]);
      expect(await listed('wireless-links', `interface_b_id__lt=${i['ap2.wlan2'].id}`)).toEqual([one.id]);
      expect(await listed('wireless-links', 'status=decommissioning')).toEqual([two.id]);
      expect(await listed('wireless-links', 'tenant=acme')).toEqual([one.id]);
      expect(await listed('wireless-links', 'tenant_id=null')).toEqual([two.id]);
      expect(await listed('wireless-links', 'auth_type=open')).toEqual([one.id]);
      expect(await listed('wireless-links', 'ssid__ie=NORTH')).toEqual([one.id]);
      expect(await listed('wireless-links', 'q=old')).toEqual([two.id]);
      for (const [query, body] of [
        ['interface_a_id=abc', { interface_a_id: ['Enter a whole number.'] }],
        ['status=active', { status: ['Select a valid choice. active is not one of the available choices.'] }],
      ] as const) {
        const res = await t.get(`${api('wireless-links')}?${query}`);
        expect({ query, status: res.status, body: res.body }).toEqual({ query, status: 400, body });
      }
      const bulk = await t.delete(api('wireless-links'), [{ id: one.id }, { id: two.id }]);
      expectStatus(bulk, 204);
      expect((await iface('ap2.wlan2')).wireless_link).toBeNull();
    });
  });
});
