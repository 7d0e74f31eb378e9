import { pageStatements } from './helpers/queries';
import { createOne, expectStatus, Json } from './helpers/seed';
import { TestApp } from './helpers/test-app';

jest.setTimeout(180_000);

const api = (plural: string) => `/api/dcim/${plural}/`;
const detail = (plural: string, id: number) => `/api/dcim/${plural}/${id}/`;

// NetBox 3.5's serializers, key for key.
const TIMES = ['tags', 'custom_fields', 'created', 'last_updated'];
const CABLED = ['mark_connected', 'cable', 'cable_end', 'link_peers', 'link_peers_type'];
const PATH = ['connected_endpoints', 'connected_endpoints_type', 'connected_endpoints_reachable'];
const FULL: Record<string, string[]> = {
  'console-ports': ['id', 'url', 'display', 'device', 'module', 'name', 'label', 'type', 'speed', 'description', ...CABLED, ...PATH, ...TIMES, '_occupied'],
  'console-server-ports': ['id', 'url', 'display', 'device', 'module', 'name', 'label', 'type', 'speed', 'description', ...CABLED, ...PATH, ...TIMES, '_occupied'],
  'power-ports': [
    'id', 'url', 'display', 'device', 'module', 'name', 'label', 'type', 'maximum_draw', 'allocated_draw', 'description', ...CABLED, ...PATH, ...TIMES, '_occupied',
  ],
  'power-outlets': [
    'id', 'url', 'display', 'device', 'module', 'name', 'label', 'type', 'power_port', 'feed_leg', 'description', ...CABLED, ...PATH, ...TIMES, '_occupied',
  ],
  interfaces: [
    'id', 'url', 'display', 'device', 'vdcs', 'module', 'name', 'label', 'type', 'enabled', 'parent', 'bridge', 'lag', 'mtu', 'mac_address', 'speed',
    'duplex', 'wwn', 'mgmt_only', 'description', 'mode', 'rf_role', 'rf_channel', 'poe_mode', 'poe_type', 'rf_channel_frequency', 'rf_channel_width',
    'tx_power', 'untagged_vlan', 'tagged_vlans', 'mark_connected', 'cable', 'cable_end', 'wireless_link', 'link_peers', 'link_peers_type',
    'wireless_lans', 'vrf', 'l2vpn_termination', ...PATH, ...TIMES, 'count_ipaddresses', 'count_fhrp_groups', '_occupied',
  ],
  'rear-ports': ['id', 'url', 'display', 'device', 'module', 'name', 'label', 'type', 'color', 'positions', 'description', ...CABLED, ...TIMES, '_occupied'],
  'front-ports': [
    'id', 'url', 'display', 'device', 'module', 'name', 'label', 'type', 'color', 'rear_port', 'rear_port_position', 'description', ...CABLED, ...TIMES,
    '_occupied',
  ],
  'module-bays': ['id', 'url', 'display', 'device', 'name', 'installed_module', 'label', 'position', 'description', ...TIMES],
  'device-bays': ['id', 'url', 'display', 'device', 'name', 'label', 'description', 'installed_device', ...TIMES],
  'inventory-items': [
    'id', 'url', 'display', 'device', 'parent', 'name', 'label', 'role', 'manufacturer', 'part_id', 'serial', 'asset_tag', 'discovered', 'description',
    'component_type', 'component_id', 'component', ...TIMES, '_depth',
  ],
};
const CABLED_BRIEF = ['id', 'url', 'display', 'device', 'name', 'cable', '_occupied'];
const BRIEF: Record<string, string[]> = {
  'console-ports': CABLED_BRIEF,
  'console-server-ports': CABLED_BRIEF,
  'power-ports': CABLED_BRIEF,
  'power-outlets': CABLED_BRIEF,
  interfaces: CABLED_BRIEF,
  'rear-ports': CABLED_BRIEF,
  'front-ports': CABLED_BRIEF,
  'module-bays': ['id', 'url', 'display', 'module', 'name'],
  'device-bays': ['id', 'url', 'display', 'device', 'name'],
  'inventory-items': ['id', 'url', 'display', 'device', 'name', '_depth'],
};
/** The model's verbose name, as NetBox's unique-constraint message starts. */
const VERBOSE: Record<string, string> = {
  'console-ports': 'Console port',
  'console-server-ports': 'Console server port',
  'power-ports': 'Power port',
  'power-outlets': 'Power outlet',
  interfaces: 'Interface',
  'rear-ports': 'Rear port',
  'front-ports': 'Front port',
  'module-bays': 'Module bay',
  'device-bays': 'Device bay',
};

describe('dcim device components', () => {
  let t: TestApp;
  let site: Json;
  let leafRole: Json;
  let switchType: Json;
  let chassisType: Json;
  let bladeType: Json;
  /** Devices by name, in Amsterdam: leaf1 (in rack R1), leaf2 (no rack), chassis1 (takes device bays). */
  const d: Record<string, Json> = {};

  const make = (plural: string, body: Json) => createOne(t, api(plural), body);
  const get = async (plural: string, id: number, query = ''): Promise<Json> => {
    const res = await t.get(`${detail(plural, id)}${query}`);
    expectStatus(res, 200);
    return res.body;
  };
  /** The names of what a list answers, in its order. */
  const listNames = async (plural: string, query: string): Promise<string[]> => {
    const res = await t.get(`${api(plural)}?${query}&limit=0`);
    expectStatus(res, 200);
    return res.body.results.map((o: Json) => o.name);
  };
  const device = (name: string, fields: Json = {}) =>
    make('devices', { name, device_type: switchType.id, device_role: leafRole.id, site: site.id, ...fields });

  beforeAll(async () => {
    t = await TestApp.start();
    const europe = await make('regions', { name: 'Europe', slug: 'europe' });
    site = await make('sites', { name: 'Amsterdam', slug: 'ams1', region: europe.id });
    const hall = await make('locations', { name: 'Hall 1', slug: 'hall-1', site: site.id });
    const rack = await make('racks', { name: 'R1', site: site.id, location: hall.id });
    const arista = await make('manufacturers', { name: 'Arista', slug: 'arista' });
    leafRole = await make('device-roles', { name: 'Leaf', slug: 'leaf', color: '00ff00' });
    switchType = await make('device-types', { manufacturer: arista.id, model: 'DCS-7050', slug: 'dcs-7050' });
    chassisType = await make('device-types', { manufacturer: arista.id, model: 'Chassis-9', slug: 'chassis-9', subdevice_role: 'parent' });
    bladeType = await make('device-types', { manufacturer: arista.id, model: 'Blade', slug: 'blade', u_height: 0, subdevice_role: 'child' });
    d.leaf1 = await device('leaf1', { rack: rack.id, location: hall.id });
    d.leaf2 = await device('leaf2');
    d.chassis1 = await device('chassis1', { device_type: chassisType.id });
  });
  afterAll(() => t?.close());

  describe('every component', () => {
    /** One of each, on chassis1, with the choices it reads back as NetBox labels them. */
    const CASES: Array<{ plural: string; body: () => Json; reads: Json }> = [
      {
        plural: 'console-ports',
        body: () => ({ type: 'rj-45', speed: 9600 }),
        reads: { type: { value: 'rj-45', label: 'RJ-45' }, speed: { value: 9600, label: '9600 bps' } },
      },
      {
        plural: 'console-server-ports',
        body: () => ({ type: 'usb-a', speed: 115200 }),
        reads: { type: { value: 'usb-a', label: 'USB Type A' }, speed: { value: 115200, label: '115.2 kbps' } },
      },
      {
        plural: 'power-ports',
        body: () => ({ type: 'iec-60320-c14', maximum_draw: 500, allocated_draw: 250 }),
        reads: { type: { value: 'iec-60320-c14', label: 'C14' }, maximum_draw: 500, allocated_draw: 250 },
      },
      {
        plural: 'power-outlets',
        body: () => ({ type: 'iec-60320-c13', feed_leg: 'B' }),
        reads: { type: { value: 'iec-60320-c13', label: 'C13' }, feed_leg: { value: 'B', label: 'B' }, power_port: null },
      },
      {
        plural: 'interfaces',
        body: () => ({ type: '10gbase-x-sfpp', duplex: 'full', mode: 'tagged', poe_mode: 'pse', poe_type: 'type2-ieee802.3at', speed: 10_000_000 }),
        reads: {
          type: { value: '10gbase-x-sfpp', label: 'SFP+ (10GE)' },
          duplex: { value: 'full', label: 'Full' },
          mode: { value: 'tagged', label: 'Tagged' },
          poe_mode: { value: 'pse', label: 'PSE' },
          poe_type: { value: 'type2-ieee802.3at', label: '802.3at (Type 2)' },
          speed: 10_000_000,
          enabled: true,
          mgmt_only: false,
          rf_role: null,
          rf_channel: null,
          untagged_vlan: null,
          tagged_vlans: [],
          vrf: null,
          vdcs: [],
          wireless_link: null,
          wireless_lans: [],
          l2vpn_termination: null,
          count_ipaddresses: 0,
          count_fhrp_groups: 0,
        },
      },
      {
        plural: 'rear-ports',
        body: () => ({ type: 'lc', positions: 4, color: 'aa1409' }),
        reads: { type: { value: 'lc', label: 'LC' }, positions: 4, color: 'aa1409' },
      },
      {
        plural: 'front-ports',
        body: () => ({ type: '8p8c', rear_port: made['rear-ports'].id, rear_port_position: 2 }),
        reads: { type: { value: '8p8c', label: '8P8C' }, rear_port_position: 2, color: '' },
      },
      { plural: 'module-bays', body: () => ({ position: '1' }), reads: { position: '1', installed_module: null } },
      { plural: 'device-bays', body: () => ({}), reads: { installed_device: null } },
      {
        plural: 'inventory-items',
        body: () => ({ serial: 'SN-1', part_id: 'PWR-500AC' }),
        reads: { serial: 'SN-1', part_id: 'PWR-500AC', parent: null, role: null, manufacturer: null, asset_tag: null, discovered: false, component: null, _depth: 0 },
      },
    ];
    /** What each case created, by plural. */
    const made: Record<string, Json> = {};

    it.each(CASES.map((c) => [c.plural, c]))('creates and reads %s in NetBox\'s full and brief forms', async (plural, c) => {
      const res = await t.post(api(plural), { device: d.chassis1.id, name: 'Slot 1', ...c.body() });
      expectStatus(res, 201);
      made[plural] = res.body;
      expect(Object.keys(res.body)).toEqual(FULL[plural]);
      expect(res.body).toMatchObject({ display: 'Slot 1', name: 'Slot 1', label: '', description: '', tags: [], custom_fields: {}, ...c.reads });
      expect(res.body.url).toMatch(new RegExp(`${api(plural)}${res.body.id}/$`));
      expect(Object.keys(res.body.device)).toEqual(['id', 'url', 'display', 'name', 'display_name']);
      expect(res.body.device).toMatchObject({ id: d.chassis1.id, name: 'chassis1', display: 'chassis1' });
      if (FULL[plural].includes('cable')) {
        expect(res.body).toMatchObject({ mark_connected: false, cable: null, cable_end: '', link_peers: [], link_peers_type: null, _occupied: false });
      }
      if (FULL[plural].includes('connected_endpoints')) {
        expect(res.body).toMatchObject({ connected_endpoints: null, connected_endpoints_type: null, connected_endpoints_reachable: null });
      }
      if (FULL[plural].includes('module')) expect(res.body.module).toBeNull();

      expect(await get(plural, res.body.id)).toEqual(res.body);
      const brief = await get(plural, res.body.id, '?brief=1');
      expect(Object.keys(brief)).toEqual(BRIEF[plural]);
      const list = await t.get(`${api(plural)}?brief=true&device_id=${d.chassis1.id}`);
      expect(list.body.results.map((o: Json) => Object.keys(o))).toEqual([BRIEF[plural]]);
    });

    it.each(CASES.map((c) => [c.plural]))('labels and renames %s', async (plural) => {
      const id = made[plural].id;
      const labelled = await t.patch(detail(plural, id), { label: 'Top', description: 'first slot' });
      expectStatus(labelled, 200);
      expect(labelled.body).toMatchObject({ display: 'Slot 1 (Top)', label: 'Top', description: 'first slot' });
      const renamed = await t.patch(detail(plural, id), { name: 'Slot 01', label: '' });
      expect(renamed.body).toMatchObject({ display: 'Slot 01', name: 'Slot 01' });
      // Every change is recorded.
      const type = `dcim.${plural.replace(/-/g, '').replace(/s$/, '')}`;
      const changes = await t.get(`/api/extras/object-changes/?changed_object_type=${type}&changed_object_id=${id}`);
      expect(changes.body.results.map((c: Json) => c.action.value)).toEqual(['update', 'update', 'create']);
    });

    it('deletes each component, front ports before the rear port they map', async () => {
      for (const plural of ['front-ports', ...CASES.map((c) => c.plural).filter((p) => p !== 'front-ports')]) {
        const res = await t.delete(detail(plural, made[plural].id));
        expectStatus(res, 204);
        expect((await t.get(detail(plural, made[plural].id))).status).toBe(404);
      }
    });

    it('requires a device and a name, and a type where NetBox does', async () => {
      const bare = await t.post(api('interfaces'), {});
      expect(bare.status).toBe(400);
      expect(bare.body).toEqual({ device: ['This field is required.'], name: ['This field is required.'], type: ['This field is required.'] });
      for (const plural of ['rear-ports', 'front-ports']) {
        const res = await t.post(api(plural), { device: d.chassis1.id, name: 'X' });
        expect(res.body.type).toEqual(['This field is required.']);
      }
      // Console and power ports take an empty type.
      const port = await make('console-ports', { device: d.chassis1.id, name: 'Console' });
      expect(port).toMatchObject({ type: null, speed: null });
      const badSpeed = await t.post(api('console-ports'), { device: d.chassis1.id, name: 'Console 2', speed: 9601 });
      expect(badSpeed.body).toEqual({ speed: ['"9601" is not a valid choice.'] });
      await t.delete(detail('console-ports', port.id));
    });

    it.each(Object.keys(VERBOSE).map((p) => [p]))('keeps %s names unique per device', async (plural) => {
      const extra = (name: string): Json =>
        plural === 'front-ports' ? { type: '8p8c', rear_port: rears[name].id } : plural === 'interfaces' ? { type: '1000base-t' } : plural === 'rear-ports' ? { type: 'lc' } : {};
      const rears: Record<string, Json> = {};
      if (plural === 'front-ports') {
        for (const [key, dev] of [['chassis1', d.chassis1], ['chassis1-b', d.chassis1], ['other', d.leaf2]] as const) {
          rears[key] = await make('rear-ports', { device: dev.id, name: `Rear for ${plural} ${key}`, type: 'lc' });
        }
      }
      const first = await make(plural, { device: d.chassis1.id, name: 'eth0', ...extra('chassis1') });
      const twin = await t.post(api(plural), { device: d.chassis1.id, name: 'eth0', ...extra('chassis1-b') });
      expect(twin.status).toBe(400);
      expect(twin.body).toEqual({ __all__: [`${VERBOSE[plural]} with this Device and Name already exists.`] });
      const renamed = await t.post(api(plural), { device: d.chassis1.id, name: 'eth1', ...extra('chassis1-b') });
      expectStatus(renamed, 201);
      const clash = await t.patch(detail(plural, renamed.body.id), { name: 'eth0' });
      expect(clash.body).toEqual({ __all__: [`${VERBOSE[plural]} with this Device and Name already exists.`] });
      // Another device may use the name.
      if (plural !== 'device-bays') {
        expectStatus(await t.post(api(plural), { device: d.leaf2.id, name: 'eth0', ...extra('other') }), 201);
      }
      const moved = await t.patch(detail(plural, first.id), { device: d.leaf1.id });
      expect(moved.status).toBe(400);
      expect(moved.body).toEqual({ device: ['Components cannot be moved to a different device.'] });
      // Naming the same device again is no move.
      expectStatus(await t.patch(detail(plural, first.id), { device: d.chassis1.id, description: 'kept' }), 200);
    });
  });

  describe('interfaces', () => {
    const iface = (dev: Json, name: string, fields: Json = {}) => make('interfaces', { device: dev.id, name, type: '1000base-t', ...fields });
    /** A write's 400 body. */
    const refused = async (res: Promise<{ status: number; body: Json }> | { status: number; body: Json }): Promise<Json> => {
      const r = await res;
      expect(r.status).toBe(400);
      return r.body;
    };
    /** Devices of a virtual chassis `vc1`: vc-a (master, position 1), vc-b (2); loner outside it. */
    const vc: Record<string, Json> = {};
    let chassis: Json;

    beforeAll(async () => {
      for (const name of ['vc-a', 'vc-b', 'loner']) vc[name] = await device(name);
      chassis = await make('virtual-chassis', { name: 'vc1' });
      expectStatus(await t.patch(detail('devices', vc['vc-a'].id), { virtual_chassis: chassis.id, vc_position: 1 }), 200);
      expectStatus(await t.patch(detail('devices', vc['vc-b'].id), { virtual_chassis: chassis.id, vc_position: 2 }), 200);
      expectStatus(await t.patch(detail('virtual-chassis', chassis.id), { master: vc['vc-a'].id }), 200);
    });

    it('reads an interface with NetBox defaults: enabled, not management-only, nothing assigned', async () => {
      const eth = await iface(d.leaf2, 'Ethernet1');
      expect(eth).toMatchObject({
        type: { value: '1000base-t', label: '1000BASE-T (1GE)' },
        enabled: true,
        mgmt_only: false,
        parent: null,
        bridge: null,
        lag: null,
        mtu: null,
        mac_address: null,
        speed: null,
        duplex: null,
        wwn: null,
        mode: null,
        rf_role: null,
        rf_channel: null,
        poe_mode: null,
        poe_type: null,
        rf_channel_frequency: null,
        rf_channel_width: null,
        tx_power: null,
        untagged_vlan: null,
        tagged_vlans: [],
        vrf: null,
        vdcs: [],
      });
      const off = await iface(d.leaf2, 'Ethernet2', { enabled: false, mgmt_only: true });
      expect(off).toMatchObject({ enabled: false, mgmt_only: true });
      const put = await t.put(detail('interfaces', off.id), { device: d.leaf2.id, name: 'Ethernet2', type: 'virtual' });
      expectStatus(put, 200);
      // As DRF, a PUT leaves fields it does not name as they were.
      expect(put.body).toMatchObject({ type: { value: 'virtual', label: 'Virtual' }, enabled: false, mgmt_only: true });
      const unknown = await refused(t.post(api('interfaces'), { device: d.leaf2.id, name: 'Ethernet3', type: 'token-ring' }));
      expect(unknown).toEqual({ type: ['"token-ring" is not a valid choice.'] });
    });

    it('orders a device\'s interfaces as NetBox does: by slot and position, then type, then number and unit', async () => {
      const router = await device('mx-order');
      const ordered = [
        'et-0/0/0.16386', 'ge-0/0/1', 'ge-0/0/2', 'ge-0/0/10', 'xe-0/0/0', 'ge-1/0/0', 'Ethernet1/1', 'Ethernet1/1:2', 'Ethernet1', 'Ethernet1.100',
        'Ethernet2', 'Port-Channel1', 'Vlan9', 'Vlan10', 'lo0.0', 'mgmt0',
      ];
      for (const name of [...ordered].reverse()) await iface(router, name, { type: 'virtual' });
      expect(await listNames('interfaces', `device_id=${router.id}`)).toEqual(ordered);
      expect(await listNames('interfaces', `device_id=${router.id}&ordering=-_name`)).toEqual([...ordered].reverse());
    });

    it('normalises MAC addresses to upper-case colon form and rejects what is not one', async () => {
      const cases: Array<[string, string]> = [
        ['aa:bb:cc:dd:ee:01', 'AA:BB:CC:DD:EE:01'],
        ['aa-bb-cc-dd-ee-02', 'AA:BB:CC:DD:EE:02'],
        ['aabb.ccdd.ee03', 'AA:BB:CC:DD:EE:03'],
        ['AABBCCDDEE04', 'AA:BB:CC:DD:EE:04'],
        ['a:b:c:d:e:5', '0A:0B:0C:0D:0E:05'],
        ['aabbcc:ddee06', 'AA:BB:CC:DD:EE:06'],
      ];
      for (const [i, [given, stored]] of cases.entries()) {
        expect((await iface(d.leaf2, `mac${i}`, { mac_address: given })).mac_address).toBe(stored);
      }
      const cleared = await t.patch(detail('interfaces', (await iface(d.leaf2, 'mac-cleared', { mac_address: 'aa:bb:cc:00:00:01' })).id), { mac_address: '' });
      expect(cleared.body.mac_address).toBeNull();
      for (const bad of ['aa:bb:cc:dd:ee', 'gg:bb:cc:dd:ee:ff', 'a:b:c:d:e:f:0', 'aa:bb-cc:dd:ee:ff', 'not a mac']) {
        expect(await refused(t.post(api('interfaces'), { device: d.leaf2.id, name: 'bad-mac', type: '1000base-t', mac_address: bad }))).toEqual({
          mac_address: [`Invalid MAC address format: ${bad.replace(/ /g, '')}`],
        });
      }
    });

    it('normalises a WWN to upper-case colon form and rejects what is not one', async () => {
      const fc = await iface(d.leaf2, 'fc0', { type: '16gfc-sfpp', wwn: '50-01-43-80-12-34-56-78' });
      expect(fc.wwn).toBe('50:01:43:80:12:34:56:78');
      const bare = await iface(d.leaf2, 'fc1', { type: '16gfc-sfpp', wwn: '500143801234567a' });
      expect(bare.wwn).toBe('50:01:43:80:12:34:56:7A');
      expect(await refused(t.post(api('interfaces'), { device: d.leaf2.id, name: 'fc2', type: '16gfc-sfpp', wwn: '50:01:43' }))).toEqual({
        wwn: ['Invalid WWN format: 50:01:43'],
      });
    });

    it('takes an MTU from 1 to 65536', async () => {
      expect((await iface(d.leaf2, 'mtu-min', { mtu: 1 })).mtu).toBe(1);
      expect((await iface(d.leaf2, 'mtu-max', { mtu: 65536 })).mtu).toBe(65536);
      expect(await refused(t.post(api('interfaces'), { device: d.leaf2.id, name: 'mtu-0', type: '1000base-t', mtu: 0 }))).toEqual({
        mtu: ['Ensure this value is greater than or equal to 1.'],
      });
      expect(await refused(t.post(api('interfaces'), { device: d.leaf2.id, name: 'mtu-big', type: '1000base-t', mtu: 65537 }))).toEqual({
        mtu: ['Ensure this value is less than or equal to 65536.'],
      });
    });

    it('gives only virtual interfaces a parent, on the same device and never itself', async () => {
      const phys = await iface(d.leaf1, 'et-0/0/1');
      const unit = await iface(d.leaf1, 'et-0/0/1.100', { type: 'virtual', parent: phys.id });
      expect(unit.parent).toEqual({ id: phys.id, url: phys.url, display: 'et-0/0/1', device: unit.device, name: 'et-0/0/1', cable: null, _occupied: false });
      expect(await refused(t.post(api('interfaces'), { device: d.leaf1.id, name: 'et-0/0/2', type: '1000base-t', parent: phys.id }))).toEqual({
        parent: ['Only virtual interfaces may be assigned to a parent interface.'],
      });
      expect(await refused(t.patch(detail('interfaces', unit.id), { parent: unit.id }))).toEqual({ parent: ['An interface cannot be its own parent.'] });
      const elsewhere = await iface(d.leaf2, 'et-0/0/9', { label: 'uplink' });
      expect(await refused(t.post(api('interfaces'), { device: d.leaf1.id, name: 'et-0/0/1.200', type: 'virtual', parent: elsewhere.id }))).toEqual({
        parent: ['The selected parent interface (et-0/0/9 (uplink)) belongs to a different device (leaf2).'],
      });
      expect((await t.get(`${api('interfaces')}?parent_id=${phys.id}`)).body.results.map((i: Json) => i.name)).toEqual(['et-0/0/1.100']);
      // Deleting the parent leaves its children without one.
      expectStatus(await t.delete(detail('interfaces', phys.id)), 204);
      expect((await get('interfaces', unit.id)).parent).toBeNull();
    });

    it('bridges interfaces of the same device, never one to itself', async () => {
      const br = await iface(d.leaf1, 'br0', { type: 'bridge' });
      const member = await iface(d.leaf1, 'eth-br-1', { bridge: br.id });
      expect(member.bridge).toMatchObject({ id: br.id, name: 'br0' });
      expect(await refused(t.patch(detail('interfaces', br.id), { bridge: br.id }))).toEqual({ bridge: ['An interface cannot be bridged to itself.'] });
      const elsewhere = await iface(d.leaf2, 'br9', { type: 'bridge' });
      expect(await refused(t.patch(detail('interfaces', member.id), { bridge: elsewhere.id }))).toEqual({
        bridge: ['The selected bridge interface (br9) belongs to a different device (leaf2).'],
      });
      expect((await t.get(`${api('interfaces')}?bridge_id=${br.id}`)).body.results.map((i: Json) => i.name)).toEqual(['eth-br-1']);
      // Deleting the bridge leaves its members unbridged.
      expectStatus(await t.delete(detail('interfaces', br.id)), 204);
      expect((await get('interfaces', member.id)).bridge).toBeNull();
    });

    it('puts interfaces but virtual ones in a LAG of the same device, never one in itself', async () => {
      const lag = await iface(d.leaf1, 'Port-Channel1', { type: 'lag' });
      const member = await iface(d.leaf1, 'eth-lag-1', { lag: lag.id });
      expect(member.lag).toMatchObject({ id: lag.id, name: 'Port-Channel1' });
      expect(await refused(t.post(api('interfaces'), { device: d.leaf1.id, name: 'vlan10', type: 'virtual', lag: lag.id }))).toEqual({
        lag: ['Virtual interfaces cannot have a parent LAG interface.'],
      });
      expect(await refused(t.patch(detail('interfaces', lag.id), { lag: lag.id }))).toEqual({ lag: ['A LAG interface cannot be its own parent.'] });
      const elsewhere = await iface(d.leaf2, 'Port-Channel9', { type: 'lag' });
      expect(await refused(t.patch(detail('interfaces', member.id), { lag: elsewhere.id }))).toEqual({
        lag: ['The selected LAG interface (Port-Channel9) belongs to a different device (leaf2).'],
      });
      expect((await t.get(`${api('interfaces')}?lag_id=${lag.id}`)).body.results.map((i: Json) => i.name)).toEqual(['eth-lag-1']);
      expectStatus(await t.delete(detail('interfaces', lag.id)), 204);
      expect((await get('interfaces', member.id)).lag).toBeNull();
    });

    it('allows a parent, bridge or LAG on another member of the same virtual chassis, and names the chassis otherwise', async () => {
      const lag = await iface(vc['vc-b'], 'ae0', { type: 'lag' });
      const phys = await iface(vc['vc-b'], 'xe-1/0/0');
      const member = await iface(vc['vc-a'], 'xe-0/0/0', { lag: lag.id, bridge: phys.id });
      expect(member).toMatchObject({ lag: { id: lag.id }, bridge: { id: phys.id } });
      const unit = await iface(vc['vc-a'], 'xe-1/0/0.0', { type: 'virtual', parent: phys.id });
      expect(unit.parent).toMatchObject({ id: phys.id });
      const outside = await iface(vc.loner, 'ae9', { type: 'lag' });
      const outsidePhys = await iface(vc.loner, 'xe-9/0/0');
      expect(await refused(t.patch(detail('interfaces', member.id), { lag: outside.id }))).toEqual({
        lag: ['The selected LAG interface (ae9) belongs to loner, which is not part of virtual chassis vc1.'],
      });
      expect(await refused(t.patch(detail('interfaces', member.id), { bridge: outsidePhys.id }))).toEqual({
        bridge: ['The selected bridge interface (xe-9/0/0) belongs to loner, which is not part of virtual chassis vc1.'],
      });
      expect(await refused(t.patch(detail('interfaces', unit.id), { parent: outsidePhys.id }))).toEqual({
        parent: ['The selected parent interface (xe-9/0/0) belongs to loner, which is not part of virtual chassis vc1.'],
      });
      // From outside the chassis it is simply another device.
      expect(await refused(t.post(api('interfaces'), { device: vc.loner.id, name: 'xe-9/0/1', type: '1000base-t', lag: lag.id }))).toEqual({
        lag: ['The selected LAG interface (ae0) belongs to a different device (vc-b).'],
      });
    });

    it('keeps PoE off virtual interfaces and wants a mode with a type', async () => {
      const poe = await iface(d.leaf2, 'poe1', { poe_mode: 'pd', poe_type: 'passive-24v-2pair' });
      expect(poe).toMatchObject({ poe_mode: { value: 'pd', label: 'PD' }, poe_type: { value: 'passive-24v-2pair', label: 'Passive 24V (2-pair)' } });
      expect(await refused(t.post(api('interfaces'), { device: d.leaf2.id, name: 'poe2', type: 'virtual', poe_mode: 'pse' }))).toEqual({
        poe_mode: ['Virtual interfaces cannot have a PoE mode.'],
      });
      expect(await refused(t.post(api('interfaces'), { device: d.leaf2.id, name: 'poe2', type: 'lag', poe_type: 'type1-ieee802.3af' }))).toEqual({
        poe_type: ['Virtual interfaces cannot have a PoE type.'],
      });
      expect(await refused(t.post(api('interfaces'), { device: d.leaf2.id, name: 'poe2', type: '1000base-t', poe_type: 'type1-ieee802.3af' }))).toEqual({
        poe_type: ['Must specify PoE mode when designating a PoE type.'],
      });
      expect(await refused(t.patch(detail('interfaces', poe.id), { poe_mode: '' }))).toEqual({ poe_type: ['Must specify PoE mode when designating a PoE type.'] });
    });

    it('sets wireless attributes only on wireless interfaces, a channel fixing frequency and width', async () => {
      const wlan = await iface(d.leaf2, 'wlan0', { type: 'ieee802.11ac', rf_role: 'ap', rf_channel: '5g-36-5180-20', tx_power: 20 });
      expect(wlan).toMatchObject({
        type: { value: 'ieee802.11ac', label: 'IEEE 802.11ac' },
        rf_role: { value: 'ap', label: 'Access point' },
        rf_channel: { value: '5g-36-5180-20', label: '36 (5180/20 MHz)' },
        rf_channel_frequency: 5180,
        rf_channel_width: 20,
        tx_power: 20,
      });
      const matching = await iface(d.leaf2, 'wlan1', { type: 'ieee802.11n', rf_channel: '2.4g-1-2412-22', rf_channel_frequency: 2412, rf_channel_width: 22 });
      expect(matching).toMatchObject({ rf_channel_frequency: 2412, rf_channel_width: 22 });
      const custom = await iface(d.leaf2, 'wlan2', { type: 'other-wireless', rf_channel_frequency: 2412.5, rf_channel_width: 11.25 });
      expect(custom).toMatchObject({ rf_channel: null, rf_channel_frequency: 2412.5, rf_channel_width: 11.25 });
      const wired = { device: d.leaf2.id, name: 'eth-rf', type: '1000base-t' };
      expect(await refused(t.post(api('interfaces'), { ...wired, rf_role: 'station' }))).toEqual({ rf_role: ['Wireless role may be set only on wireless interfaces.'] });
      expect(await refused(t.post(api('interfaces'), { ...wired, rf_channel: '5g-36-5180-20' }))).toEqual({ rf_channel: ['Channel may be set only on wireless interfaces.'] });
      expect(await refused(t.post(api('interfaces'), { ...wired, rf_channel_frequency: 5180 }))).toEqual({
        rf_channel_frequency: ['Channel frequency may be set only on wireless interfaces.'],
      });
      expect(await refused(t.post(api('interfaces'), { ...wired, rf_channel_width: 20 }))).toEqual({
        rf_channel_width: ['Channel width may be set only on wireless interfaces.'],
      });
      const air = { device: d.leaf2.id, name: 'wlan9', type: 'ieee802.11ax', rf_channel: '5g-36-5180-20' };
      expect(await refused(t.post(api('interfaces'), { ...air, rf_channel_frequency: 5200 }))).toEqual({
        rf_channel_frequency: ['Cannot specify custom frequency with channel selected.'],
      });
      expect(await refused(t.post(api('interfaces'), { ...air, rf_channel_width: 40 }))).toEqual({
        rf_channel_width: ['Cannot specify custom width with channel selected.'],
      });
      expect(await refused(t.patch(detail('interfaces', wlan.id), { rf_channel: 'nonsense' }))).toEqual({ rf_channel: ['"nonsense" is not a valid choice.'] });
      // Wireless and virtual interfaces take no cable, real or marked.
      expect(await refused(t.patch(detail('interfaces', wlan.id), { mark_connected: true }))).toEqual({
        mark_connected: ['IEEE 802.11ac interfaces cannot be marked as connected.'],
      });
      const wired2 = await iface(d.leaf2, 'eth-for-wlan');
      const cable = await t.post(api('cables'), {
        a_terminations: [{ object_type: 'dcim.interface', object_id: wlan.id }],
        b_terminations: [{ object_type: 'dcim.interface', object_id: wired2.id }],
      });
      expect(cable.status).toBe(400);
      expect(JSON.stringify(cable.body)).toContain('Cables cannot be terminated to IEEE 802.11ac interfaces');
    });

    it('reads VLANs and VRF as unassigned while IPAM is not installed', async () => {
      const eth = await iface(d.leaf2, 'vlan-less', { mode: 'access', untagged_vlan: null, tagged_vlans: [], vrf: null });
      expect(eth).toMatchObject({ mode: { value: 'access', label: 'Access' }, untagged_vlan: null, tagged_vlans: [], vrf: null });
      expect(await refused(t.patch(detail('interfaces', eth.id), { tagged_vlans: [1] }))).toEqual({
        tagged_vlans: ['Related object not found using the provided numeric ID: 1'],
      });
    });

    it('assigns interfaces to virtual device contexts and counts them', async () => {
      const vdc = await make('virtual-device-contexts', { name: 'tenant-a', device: d.leaf1.id, status: 'active', identifier: 1 });
      const other = await make('virtual-device-contexts', { name: 'tenant-b', device: d.leaf1.id, status: 'planned', identifier: 2 });
      expect(vdc.interface_count).toBe(0);
      const eth = await iface(d.leaf1, 'vdc-eth1', { vdcs: [vdc.id] });
      expect(eth.vdcs).toEqual([{ id: vdc.id, url: vdc.url, display: 'tenant-a', name: 'tenant-a', identifier: 1, device: vdc.device }]);
      await iface(d.leaf1, 'vdc-eth2', { vdcs: [vdc.id, other.id] });
      expect((await get('virtual-device-contexts', vdc.id)).interface_count).toBe(2);
      expect((await get('virtual-device-contexts', other.id)).interface_count).toBe(1);
      expect(await listNames('interfaces', `vdc_id=${other.id}`)).toEqual(['vdc-eth2']);
      expect(await listNames('interfaces', 'vdc=tenant-a')).toEqual(['vdc-eth1', 'vdc-eth2']);
      expect(await listNames('interfaces', 'vdc_identifier=2')).toEqual(['vdc-eth2']);
      expect(await listNames('interfaces', 'name__isw=vdc-&vdc_identifier__n=2')).toEqual(['vdc-eth1']);
      expect((await t.get(`${api('interfaces')}?vdc_identifier__n=99`)).body).toEqual({ vdc_identifier__n: ['Select a valid choice. 99 is not one of the available choices.'] });
      const cleared = await t.patch(detail('interfaces', eth.id), { vdcs: [] });
      expect(cleared.body.vdcs).toEqual([]);
      expect((await get('virtual-device-contexts', vdc.id)).interface_count).toBe(1);
      expect(await refused(t.patch(detail('interfaces', eth.id), { vdcs: [9999] }))).toEqual({
        vdcs: ['Related object not found using the provided numeric ID: 9999'],
      });
    });
  });

  describe('interface filters', () => {
    /** Devices by name, in Oslo (region Nordics) unless said: border1 (rack R9 in Cage A), access1, remote1 (Bergen), stack-1 and stack-2 (virtual chassis stack1, stack-1 master). */
    const dev: Record<string, Json> = {};
    /** Interfaces by "<device> <name>". */
    const ifs: Record<string, Json> = {};
    let stack: Json;
    let module: Json;
    let cable: Json;
    let border: Json;
    let accessRole: Json;
    let nordics: Json;

    /** The interfaces a query finds, as "<device> <name>", sorted. */
    const found = async (query: string): Promise<string[]> => {
      const res = await t.get(`${api('interfaces')}?${query}&limit=0`);
      expectStatus(res, 200);
      expect(res.body.count).toBe(res.body.results.length);
      return res.body.results.map((i: Json) => `${i.device.name} ${i.name}`).sort();
    };
    const of = (...devices: string[]) => Object.keys(ifs).filter((k) => devices.includes(k.split(' ')[0])).sort();
    const add = async (deviceName: string, name: string, fields: Json = {}) => {
      ifs[`${deviceName} ${name}`] = await make('interfaces', { device: dev[deviceName].id, name, type: '1000base-t', ...fields });
      return ifs[`${deviceName} ${name}`];
    };

    beforeAll(async () => {
      nordics = await make('regions', { name: 'Nordics', slug: 'nordics' });
      const oslo = await make('sites', { name: 'Oslo', slug: 'osl1', region: nordics.id });
      const bergen = await make('sites', { name: 'Bergen', slug: 'bgn1' });
      const cage = await make('locations', { name: 'Cage A', slug: 'cage-a', site: oslo.id });
      const r9 = await make('racks', { name: 'R9', site: oslo.id, location: cage.id });
      border = await make('device-roles', { name: 'Border', slug: 'border', color: '0000ff' });
      accessRole = await make('device-roles', { name: 'Access switch', slug: 'access-sw', color: '00ffff' });
      const here = { site: oslo.id, device_role: accessRole.id };
      dev.border1 = await device('border1', { site: oslo.id, location: cage.id, rack: r9.id, device_role: border.id });
      dev.access1 = await device('access1', here);
      dev.remote1 = await device('remote1', { site: bergen.id, device_role: accessRole.id });
      dev['stack-1'] = await device('stack-1', here);
      dev['stack-2'] = await device('stack-2', here);
      stack = await make('virtual-chassis', { name: 'stack1' });
      expectStatus(await t.patch(detail('devices', dev['stack-1'].id), { virtual_chassis: stack.id, vc_position: 1 }), 200);
      expectStatus(await t.patch(detail('devices', dev['stack-2'].id), { virtual_chassis: stack.id, vc_position: 2 }), 200);
      expectStatus(await t.patch(detail('virtual-chassis', stack.id), { master: dev['stack-1'].id }), 200);

      const uplink = await add('border1', 'ge-0/0/0', { mtu: 9000, mac_address: 'aa:bb:cc:00:00:01', description: 'to access1' });
      await add('border1', 'ge-0/0/1', { enabled: false, mtu: 1500 });
      const ae0 = await add('border1', 'ae0', { type: 'lag' });
      await add('border1', 'ge-0/0/2', { lag: ae0.id, label: 'core-facing' });
      await add('border1', 'ge-0/0/0.10', { type: 'virtual', parent: uplink.id });
      const br0 = await add('border1', 'br0', { type: 'bridge' });
      await add('border1', 'ge-0/0/3', { bridge: br0.id });
      await add('border1', 'wlan0', { type: 'ieee802.11ac' });
      await add('border1', 'fxp0', { mgmt_only: true });
      const fpc = await make('module-bays', { device: dev.border1.id, name: 'FPC0', position: '0' });
      const mpc = await make('module-types', { manufacturer: switchType.manufacturer.id, model: 'MPC7E' });
      module = await make('modules', { device: dev.border1.id, module_bay: fpc.id, module_type: mpc.id });
      await add('border1', 'xe-0/1/0', { type: '10gbase-x-sfpp', module: module.id });
      const eth1 = await add('access1', 'eth1');
      await add('access1', 'eth2', { mark_connected: true });
      await add('remote1', 'eth1', { mac_address: 'aa:bb:cc:00:00:02' });
      await add('remote1', 'fc0', { type: '32gfc-sfp28', wwn: '5001438000000001' });
      for (const member of ['stack-1', 'stack-2']) {
        await add(member, 'et1');
        await add(member, 'mgmt0', { mgmt_only: true });
      }
      cable = await make('cables', {
        a_terminations: [{ object_type: 'dcim.interface', object_id: uplink.id }],
        b_terminations: [{ object_type: 'dcim.interface', object_id: eth1.id }],
      });
    });

    it('filters by device id and name, repeated values OR\'d', async () => {
      expect(await found(`device_id=${dev.border1.id}`)).toEqual(of('border1'));
      expect(await found('device=border1')).toEqual(of('border1'));
      expect(await found(`device_id=${dev.access1.id}&device_id=${dev.remote1.id}`)).toEqual(of('access1', 'remote1'));
      expect(await found('device=access1&device=remote1')).toEqual(of('access1', 'remote1'));
      expect(await found('device=nonexistent')).toEqual([]);
      const bad = await t.get(`${api('interfaces')}?device_id=abc`);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ device_id: ['Enter a whole number.'] });
    });

    it('takes the other chassis members\' interfaces, but not their management ones, with a virtual chassis device', async () => {
      const peers = ['stack-1 et1', 'stack-2 et1'];
      expect(await found(`device_id=${dev['stack-1'].id}`)).toEqual([...peers, 'stack-1 mgmt0'].sort());
      expect(await found('device=stack-1')).toEqual([...peers, 'stack-1 mgmt0'].sort());
      // By id any member brings its peers, as NetBox; by name only the master does.
      expect(await found(`device_id=${dev['stack-2'].id}`)).toEqual([...peers, 'stack-2 mgmt0'].sort());
      expect(await found('device=stack-2')).toEqual(['stack-2 et1', 'stack-2 mgmt0']);
      expect(await found(`virtual_chassis_id=${stack.id}`)).toEqual(of('stack-1', 'stack-2'));
      expect(await found('virtual_chassis=stack1')).toEqual(of('stack-1', 'stack-2'));
    });

    it('filters by where the device is: region, site, location, rack', async () => {
      const oslo = of('border1', 'access1', 'stack-1', 'stack-2');
      expect(await found('region=nordics')).toEqual(oslo);
      expect(await found(`region_id=${nordics.id}`)).toEqual(oslo);
      expect(await found('site=osl1')).toEqual(oslo);
      expect(await found(`site_id=${dev.border1.site.id}`)).toEqual(oslo);
      expect(await found('site=bgn1')).toEqual(of('remote1'));
      expect(await found('site=osl1&site=bgn1')).toEqual(of('border1', 'access1', 'remote1', 'stack-1', 'stack-2'));
      expect(await found('location=cage-a')).toEqual(of('border1'));
      expect(await found(`location_id=${dev.border1.location.id}`)).toEqual(of('border1'));
      expect(await found(`rack_id=${dev.border1.rack.id}`)).toEqual(of('border1'));
      expect(await found('rack=R9')).toEqual(of('border1'));
      const unknown = await t.get(`${api('interfaces')}?site=atlantis`);
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({ site: ['Select a valid choice. atlantis is not one of the available choices.'] });
    });

    it('filters by the device\'s role as device_role, ignoring role as NetBox does, and by its type', async () => {
      const access = of('access1', 'remote1', 'stack-1', 'stack-2');
      expect(await found('device_role=border')).toEqual(of('border1'));
      expect(await found(`device_role_id=${border.id}`)).toEqual(of('border1'));
      expect(await found('device_role=access-sw')).toEqual(access);
      expect(await found(`device_role_id=${accessRole.id}`)).toEqual(access);
      expect(await found('device_role=border&device_role=access-sw')).toEqual(of('border1', 'access1', 'remote1', 'stack-1', 'stack-2'));
      expect(await found(`device_role_id__n=${border.id}&site=osl1`)).toEqual(of('access1', 'stack-1', 'stack-2'));
      const unknown = await t.get(`${api('interfaces')}?device_role=nonexistent`);
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({ device_role: ['Select a valid choice. nonexistent is not one of the available choices.'] });
      // NetBox's component filter sets have no `role` (but inventory items' own): the name is ignored.
      expect(await found('device_role=border&role=access-sw&role_id=0')).toEqual(of('border1'));
      expect((await t.get(`${api('interfaces')}?role=nonexistent`)).status).toBe(200);
      expect(await found('device_type=DCS-7050&site=bgn1')).toEqual(of('remote1'));
      expect(await found(`device_type_id=${chassisType.id}&site=bgn1`)).toEqual([]);
      // Other components have the same device filters.
      const ports = await t.get(`${api('module-bays')}?device_role=border`);
      expect(ports.body.results.map((b: Json) => b.name)).toEqual(['FPC0']);
      expect((await t.get(`${api('module-bays')}?device_role=access-sw`)).body.count).toBe(0);
    });

    it('filters by the interface\'s own attributes', async () => {
      expect(await found('type=lag&site=osl1')).toEqual(['border1 ae0']);
      expect(await found('type=lag&type=bridge&site=osl1')).toEqual(['border1 ae0', 'border1 br0']);
      expect(await found('name=ge-0/0/1&site=osl1')).toEqual(['border1 ge-0/0/1']);
      expect(await found('name=et1')).toEqual(['stack-1 et1', 'stack-2 et1']);
      expect(await found('enabled=false&site=osl1')).toEqual(['border1 ge-0/0/1']);
      expect(await found('mgmt_only=true&site=osl1')).toEqual(['border1 fxp0', 'stack-1 mgmt0', 'stack-2 mgmt0']);
      expect(await found('mtu__gte=2000&site=osl1')).toEqual(['border1 ge-0/0/0']);
      expect(await found('mtu=1500&site=osl1')).toEqual(['border1 ge-0/0/1']);
      expect(await found('mtu__lt=9000&site=osl1')).toEqual(['border1 ge-0/0/1']);
      expect(await found('mac_address=aa-bb-cc-00-00-01')).toEqual(['border1 ge-0/0/0']);
      expect(await found('mac_address=AA:BB:CC:00:00:02&mac_address=aa:bb:cc:00:00:01')).toEqual(['border1 ge-0/0/0', 'remote1 eth1']);
      expect(await found('mac_address=not-a-mac')).toEqual([]);
      expect(await found('mac_address__ic=cc:00:00&site=osl1')).toEqual(['border1 ge-0/0/0']);
      expect(await found('mac_address__isw=AA:BB&site=bgn1&site=osl1')).toEqual(['border1 ge-0/0/0', 'remote1 eth1']);
      expect(await found('mac_address__n=AA:BB:CC:00:00:01&device=border1')).toEqual(of('border1').filter((k) => k !== 'border1 ge-0/0/0'));
      expect(await found('wwn=50-01-43-80-00-00-00-01')).toEqual(['remote1 fc0']);
      expect(await found('wwn__iew=00:01&site=bgn1')).toEqual(['remote1 fc0']);
      expect(await found(`lag_id=${ifs['border1 ae0'].id}`)).toEqual(['border1 ge-0/0/2']);
      expect(await found(`parent_id=${ifs['border1 ge-0/0/0'].id}`)).toEqual(['border1 ge-0/0/0.10']);
      expect(await found(`bridge_id=${ifs['border1 br0'].id}`)).toEqual(['border1 ge-0/0/3']);
      expect(await found(`module_id=${module.id}`)).toEqual(['border1 xe-0/1/0']);
      expect(await found('q=ge-0/0/0&site=osl1')).toEqual(['border1 ge-0/0/0', 'border1 ge-0/0/0.10']);
      expect(await found('q=CORE-FACING')).toEqual(['border1 ge-0/0/2']);
      expect(await found('q=to%20access')).toEqual(['border1 ge-0/0/0']);
    });

    it('filters by L2VPN, by id or identifier, with __n', async () => {
      const ipam = (plural: string, body: Json) => createOne(t, `/api/ipam/${plural}/`, body);
      const metro = await ipam('l2vpns', { name: 'Metro', slug: 'metro', type: 'vpls', identifier: 65000 });
      const lab = await ipam('l2vpns', { name: 'Lab', slug: 'lab', type: 'vxlan' });
      await ipam('l2vpn-terminations', { l2vpn: metro.id, assigned_object_type: 'dcim.interface', assigned_object_id: ifs['border1 ge-0/0/1'].id });
      expect(await found(`l2vpn_id=${metro.id}`)).toEqual(['border1 ge-0/0/1']);
      expect(await found(`l2vpn_id=${lab.id}`)).toEqual([]);
      expect(await found('l2vpn=65000')).toEqual(['border1 ge-0/0/1']);
      expect(await found(`l2vpn_id__n=${metro.id}&device=border1`)).toEqual(of('border1').filter((k) => k !== 'border1 ge-0/0/1'));
      expect(await found('l2vpn__n=65000&device=border1')).toHaveLength(of('border1').length - 1);
      // NetBox's `l2vpn` is the identifier, not the slug.
      expect((await t.get(`${api('interfaces')}?l2vpn=metro`)).body).toEqual({ l2vpn: ['“metro” is not a valid value.'] });
      expect((await t.get(`${api('interfaces')}?l2vpn=1`)).body).toEqual({ l2vpn: ['Select a valid choice. 1 is not one of the available choices.'] });
      expect((await t.get(`${api('interfaces')}?l2vpn_id=0`)).body).toEqual({ l2vpn_id: ['Select a valid choice. 0 is not one of the available choices.'] });
    });

    it('filters by cable end and speed, and ignores names NetBox\'s interface filter set lacks', async () => {
      expect(await found('cable_end=A')).toEqual(['border1 ge-0/0/0']);
      expect(await found('cable_end=B')).toEqual(['access1 eth1']);
      expect(await found('cable_end__n=A&device=access1')).toEqual(['access1 eth1', 'access1 eth2']);
      const bad = await t.get(`${api('interfaces')}?cable_end=C`);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ cable_end: ['Select a valid choice. C is not one of the available choices.'] });
      const all = (await t.get(api('interfaces'))).body.count;
      expectStatus(await t.patch(detail('interfaces', ifs['remote1 eth1'].id), { speed: 1_000_000 }), 200);
      expect(await found('speed=1000000&site=bgn1')).toEqual(['remote1 eth1']);
      expect(await found('speed__gte=1000&site=bgn1')).toEqual(['remote1 eth1']);
      expect(await found('speed__empty=false&site=bgn1')).toEqual(['remote1 eth1']);
      for (const ignored of ['cable_end__ic=a', 'cable_id=1', 'tagged_vlan_id=1', 'untagged_vlan=1', 'module=x', 'mark_connected=true', 'role=nonexistent', '_name=x']) {
        const res = await t.get(`${api('interfaces')}?${ignored}`);
        expect([ignored, res.status, res.body.count]).toEqual([ignored, 200, all]);
      }
    });

    it('filters by kind: physical, virtual or wireless', async () => {
      const border1 = `device_id=${dev.border1.id}`;
      expect(await found(`kind=virtual&${border1}`)).toEqual(['border1 ae0', 'border1 br0', 'border1 ge-0/0/0.10']);
      expect(await found(`kind=wireless&${border1}`)).toEqual(['border1 wlan0']);
      expect(await found(`kind=physical&${border1}`)).toEqual(
        ['border1 fxp0', 'border1 ge-0/0/0', 'border1 ge-0/0/1', 'border1 ge-0/0/2', 'border1 ge-0/0/3', 'border1 xe-0/1/0'].sort(),
      );
      expect(await found(`kind=Physical&${border1}`)).toHaveLength(6);
      expect(await found(`kind=quantum&${border1}`)).toEqual([]);
    });

    it('filters by cabling: cabled, connected, occupied', async () => {
      expect(await found('cabled=true&site=osl1')).toEqual(['access1 eth1', 'border1 ge-0/0/0']);
      expect(await found('cabled=false&device=access1')).toEqual(['access1 eth2']);
      expect(await found('connected=true&site=osl1')).toEqual(['access1 eth1', 'border1 ge-0/0/0']);
      expect(await found('connected=false&device=access1')).toEqual(['access1 eth2']);
      expect(await found('occupied=true&site=osl1')).toEqual(['access1 eth1', 'access1 eth2', 'border1 ge-0/0/0']);
      expect(await found('occupied=false&device=access1')).toEqual([]);
    });

    it('reads a cabled interface\'s cable, end, link peers and connected endpoints', async () => {
      const a = await get('interfaces', ifs['border1 ge-0/0/0'].id);
      const b = await get('interfaces', ifs['access1 eth1'].id);
      const cableBrief = { id: cable.id, url: cable.url, display: `#${cable.id}`, label: '' };
      const brief = (i: Json) => ({ id: i.id, url: i.url, display: i.display, device: i.device, name: i.name, cable: cableBrief, _occupied: true });
      expect(a).toMatchObject({
        cable: cableBrief,
        cable_end: 'A',
        mark_connected: false,
        link_peers: [brief(b)],
        link_peers_type: 'dcim.interface',
        connected_endpoints: [brief(b)],
        connected_endpoints_type: 'dcim.interface',
        connected_endpoints_reachable: true,
        _occupied: true,
      });
      expect(b).toMatchObject({ cable_end: 'B', link_peers: [brief(a)], connected_endpoints: [brief(a)], _occupied: true });
      expect(await get('interfaces', a.id, '?brief=1')).toEqual(brief(a));
      const marked1 = await t.patch(detail('interfaces', a.id), { mark_connected: true });
      expect(marked1.status).toBe(400);
      expect(marked1.body).toEqual({ mark_connected: ['Cannot mark as connected with a cable attached.'] });
      const virtual = await t.patch(detail('interfaces', a.id), { type: 'virtual' });
      expect(virtual.body).toEqual({ type: ['Virtual interfaces cannot have a cable attached.'] });
      // Marked connected without a cable: occupied, nothing at the other end.
      const marked = await get('interfaces', ifs['access1 eth2'].id);
      expect(marked).toMatchObject({ mark_connected: true, cable: null, cable_end: '', link_peers: [], link_peers_type: null, _occupied: true });
      expect(marked.connected_endpoints).toBeNull();
    });
  });

  describe('power, front and rear ports', () => {
    let host: Json;
    let other: Json;
    beforeAll(async () => {
      host = await device('pdu1');
      other = await device('pdu2');
    });

    it('feeds power outlets only from a power port of the same device', async () => {
      const psu = await make('power-ports', { device: host.id, name: 'PSU1', label: 'left', maximum_draw: 1000 });
      const outlet = await make('power-outlets', { device: host.id, name: 'Outlet 1', power_port: psu.id, feed_leg: 'A' });
      expect(outlet.power_port).toEqual({ id: psu.id, url: psu.url, display: 'PSU1 (left)', device: psu.device, name: 'PSU1', cable: null, _occupied: false });
      expect(outlet.feed_leg).toEqual({ value: 'A', label: 'A' });
      const foreign = await make('power-ports', { device: other.id, name: 'PSU9' });
      const wrong = await t.post(api('power-outlets'), { device: host.id, name: 'Outlet 2', power_port: foreign.id });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ __all__: ['Parent power port (PSU9) must belong to the same device'] });
      const leg = await t.post(api('power-outlets'), { device: host.id, name: 'Outlet 2', feed_leg: 'D' });
      expect(leg.body).toEqual({ feed_leg: ['"D" is not a valid choice.'] });
      await make('power-outlets', { device: host.id, name: 'Outlet 3', feed_leg: 'B' });
      expect(await listNames('power-outlets', `device_id=${host.id}&feed_leg=A`)).toEqual(['Outlet 1']);
      expect(await listNames('power-outlets', `device_id=${host.id}&feed_leg__n=A`)).toEqual(['Outlet 3']);
      expect((await t.get(`${api('power-outlets')}?feed_leg=D`)).body).toEqual({ feed_leg: ['Select a valid choice. D is not one of the available choices.'] });
      // NetBox's outlet filter set has no power port filter: the names are ignored.
      expect(await listNames('power-outlets', `device_id=${host.id}&power_port_id=${foreign.id}&power_port=x`)).toEqual(['Outlet 1', 'Outlet 3']);
      expect(await listNames('power-ports', `device_id=${host.id}&maximum_draw__gte=1000`)).toEqual(['PSU1']);
      // The outlet outlives its power port.
      expectStatus(await t.delete(detail('power-ports', psu.id)), 204);
      expect((await get('power-outlets', outlet.id)).power_port).toBeNull();
    });

    it('keeps a power port\'s allocated draw within its maximum', async () => {
      const psu = await make('power-ports', { device: host.id, name: 'PSU2', maximum_draw: 500, allocated_draw: 500 });
      expect(psu).toMatchObject({ maximum_draw: 500, allocated_draw: 500 });
      const over = await t.post(api('power-ports'), { device: host.id, name: 'PSU3', maximum_draw: 500, allocated_draw: 501 });
      expect(over.status).toBe(400);
      expect(over.body).toEqual({ allocated_draw: ['Allocated draw cannot exceed the maximum draw (500W).'] });
      const lowered = await t.patch(detail('power-ports', psu.id), { maximum_draw: 400 });
      expect(lowered.body).toEqual({ allocated_draw: ['Allocated draw cannot exceed the maximum draw (400W).'] });
      // Without a maximum any allocation goes.
      expect((await make('power-ports', { device: host.id, name: 'PSU4', allocated_draw: 800 })).maximum_draw).toBeNull();
      const zero = await t.post(api('power-ports'), { device: host.id, name: 'PSU5', maximum_draw: 0 });
      expect(zero.body).toEqual({ maximum_draw: ['Ensure this value is greater than or equal to 1.'] });
    });

    it('maps front ports to positions of a rear port of the same device, one front port a position', async () => {
      const rear = await make('rear-ports', { device: host.id, name: 'Rear1', label: 'MPO', description: 'trunk', type: 'mpo', positions: 4 });
      const front1 = await make('front-ports', { device: host.id, name: 'Front1', type: 'lc', rear_port: rear.id });
      // NetBox nests the rear port with its label and description.
      expect(front1.rear_port).toEqual({ id: rear.id, url: rear.url, display: 'Rear1 (MPO)', name: 'Rear1', label: 'MPO', description: 'trunk' });
      expect(front1.rear_port_position).toBe(1);
      const taken = await t.post(api('front-ports'), { device: host.id, name: 'Front2', type: 'lc', rear_port: rear.id, rear_port_position: 1 });
      expect(taken.status).toBe(400);
      expect(taken.body).toEqual({ __all__: ['Front port with this Rear port and Rear port position already exists.'] });
      const beyond = await t.post(api('front-ports'), { device: host.id, name: 'Front2', type: 'lc', rear_port: rear.id, rear_port_position: 5 });
      expect(beyond.body).toEqual({ rear_port_position: ['Invalid rear port position (5): Rear port Rear1 has only 4 positions'] });
      const zero = await t.post(api('front-ports'), { device: host.id, name: 'Front2', type: 'lc', rear_port: rear.id, rear_port_position: 0 });
      expect(zero.body).toEqual({ rear_port_position: ['Ensure this value is greater than or equal to 1.'] });
      const foreignRear = await make('rear-ports', { device: other.id, name: 'Rear9', type: 'lc' });
      const foreign = await t.post(api('front-ports'), { device: host.id, name: 'Front2', type: 'lc', rear_port: foreignRear.id });
      expect(foreign.body).toEqual({ rear_port: ['Rear port (Rear9) must belong to the same device'] });
      const front2 = await make('front-ports', { device: host.id, name: 'Front2', type: 'lc', rear_port: rear.id, rear_port_position: 4 });
      expect(front2.rear_port_position).toBe(4);
      // A list nests every rear port the same way.
      const list = await t.get(`${api('front-ports')}?device_id=${host.id}`);
      expect(list.body.results.map((f: Json) => f.rear_port)).toEqual([front1.rear_port, front1.rear_port]);
      // The Ansible collection looks a front port up by its rear port too, a name NetBox's filter set lacks and ignores.
      const lookup = await t.get(`${api('front-ports')}?rear_port=${rear.id + 1000}&device_id=${host.id}&name=Front+1`);
      expectStatus(lookup, 200);
      expect(lookup.body.count).toBe(0);
      const byName = await t.get(`${api('front-ports')}?rear_port=${rear.id + 1000}&rear_port_id=0&device_id=${host.id}&name=Front2`);
      expect(byName.body.results.map((f: Json) => f.id)).toEqual([front2.id]);
      expect(await listNames('front-ports', `device_id=${host.id}&type=lc&color__empty=true`)).toEqual(['Front1', 'Front2']);
      expect(await listNames('rear-ports', `device_id=${host.id}&positions__gte=4`)).toEqual(['Rear1']);

      const shrink = await t.patch(detail('rear-ports', rear.id), { positions: 1 });
      expect(shrink.status).toBe(400);
      expect(shrink.body).toEqual({ positions: ['The number of positions cannot be less than the number of mapped front ports (2)'] });
      expectStatus(await t.patch(detail('rear-ports', rear.id), { positions: 2 }), 200);
      const tooMany = await t.patch(detail('rear-ports', rear.id), { positions: 1025 });
      expect(tooMany.body).toEqual({ positions: ['Ensure this value is less than or equal to 1024.'] });
      // Front ports go with their rear port.
      expectStatus(await t.delete(detail('rear-ports', rear.id)), 204);
      expect((await t.get(detail('front-ports', front1.id))).status).toBe(404);
      expect((await t.get(detail('front-ports', front2.id))).status).toBe(404);
    });
  });

  describe('module and device bays', () => {
    it('shows the module installed in a module bay and the module of its components', async () => {
      const host = await device('mx1');
      const bay = await make('module-bays', { device: host.id, name: 'FPC0', position: '0' });
      expect(bay).toMatchObject({ installed_module: null, position: '0' });
      const type = await make('module-types', { manufacturer: switchType.manufacturer.id, model: 'MPC10E' });
      const module = await make('modules', { device: host.id, module_bay: bay.id, module_type: type.id, serial: 'CADB1234' });
      const installed = await get('module-bays', bay.id);
      expect(installed.installed_module).toEqual({ id: module.id, url: module.url, display: `FPC0: MPC10E (${module.id})`, serial: 'CADB1234' });
      const list = await t.get(`${api('module-bays')}?device_id=${host.id}`);
      expect(list.body.results[0].installed_module).toEqual(installed.installed_module);

      const port = await make('interfaces', { device: host.id, module: module.id, name: 'et-0/0/0', type: '100gbase-x-qsfp28' });
      // Components nest their module with the device's id and the bay.
      const nested = { id: module.id, url: module.url, display: `FPC0: MPC10E (${module.id})`, device: host.id, module_bay: { id: bay.id, url: bay.url, display: 'FPC0', name: 'FPC0' } };
      expect(port.module).toEqual(nested);
      const console = await make('console-ports', { device: host.id, module: module.id, name: 'con0' });
      expect(console.module).toEqual(nested);
      expect(await listNames('interfaces', `module_id=${module.id}`)).toEqual(['et-0/0/0']);
      expect(await listNames('console-ports', `module_id=${module.id}`)).toEqual(['con0']);

      // Removing the module takes its components with it and empties the bay.
      expectStatus(await t.delete(detail('modules', module.id)), 204);
      expect((await t.get(detail('interfaces', port.id))).status).toBe(404);
      expect((await t.get(detail('console-ports', console.id))).status).toBe(404);
      expect((await get('module-bays', bay.id)).installed_module).toBeNull();
    });

    it('puts device bays only in parent devices and installs each device once, never the device itself', async () => {
      const chassis = await device('chassis2', { device_type: chassisType.id });
      const bay1 = await make('device-bays', { device: chassis.id, name: 'Bay 1' });
      const bay2 = await make('device-bays', { device: chassis.id, name: 'Bay 2' });
      const blade = await device('blade1', { device_type: bladeType.id });
      const installed = await t.patch(detail('device-bays', bay1.id), { installed_device: blade.id });
      expectStatus(installed, 200);
      expect(installed.body.installed_device).toEqual({ id: blade.id, url: blade.url, display: 'blade1', name: 'blade1', display_name: 'blade1' });
      expect((await get('devices', blade.id)).parent_device).toEqual({
        id: chassis.id,
        url: chassis.url,
        display: 'chassis2',
        name: 'chassis2',
        display_name: 'chassis2',
        device_bay: { id: bay1.id, url: bay1.url, display: 'Bay 1', name: 'Bay 1' },
      });
      const twice = await t.patch(detail('device-bays', bay2.id), { installed_device: blade.id });
      expect(twice.status).toBe(400);
      expect(twice.body).toEqual({ installed_device: ['device bay with this installed device already exists.'] });
      const itself = await t.patch(detail('device-bays', bay2.id), { installed_device: chassis.id });
      expect(itself.body).toEqual({ __all__: ['Cannot install a device into itself.'] });
      const plain = await t.post(api('device-bays'), { device: d.leaf2.id, name: 'Bay 1' });
      expect(plain.status).toBe(400);
      expect(plain.body).toEqual({ __all__: ['This type of device (DCS-7050) does not support device bays.'] });
      // Deleting the installed device empties the bay.
      expectStatus(await t.delete(detail('devices', blade.id)), 204);
      expect((await get('device-bays', bay1.id)).installed_device).toBeNull();
    });
  });

  describe('inventory items', () => {
    let host: Json;
    let other: Json;
    let psuRole: Json;
    let maker: Json;
    beforeAll(async () => {
      host = await device('inv1');
      other = await device('inv2');
      maker = await make('manufacturers', { name: 'Delta', slug: 'delta' });
    });

    it('creates inventory item roles with a grey colour by default and counts their items', async () => {
      const res = await t.post(api('inventory-item-roles'), { name: 'Power supply', slug: 'psu' });
      expectStatus(res, 201);
      psuRole = res.body;
      expect(Object.keys(psuRole)).toEqual([
        'id', 'url', 'display', 'name', 'slug', 'color', 'description', 'tags', 'custom_fields', 'created', 'last_updated', 'inventoryitem_count',
      ]);
      expect(psuRole).toMatchObject({ display: 'Power supply', color: '9e9e9e', inventoryitem_count: 0 });
      expect(Object.keys(await get('inventory-item-roles', psuRole.id, '?brief=1'))).toEqual(['id', 'url', 'display', 'name', 'slug', 'inventoryitem_count']);
      const twin = await t.post(api('inventory-item-roles'), { name: 'Power supply', slug: 'psu-2' });
      expect(twin.body).toEqual({ name: ['inventory item role with this name already exists.'] });
      const bad = await t.post(api('inventory-item-roles'), { name: 'Fan', slug: 'fan', color: 'blue' });
      expect(bad.body).toEqual({ color: ['Enter a valid hexadecimal RGB color code.'] });
    });

    it('builds a tree of items on one device, with depth, role and manufacturer', async () => {
      const chassis = await make('inventory-items', { device: host.id, name: 'Chassis', serial: 'C1' });
      const psu = await make('inventory-items', { device: host.id, name: 'PSU0', parent: chassis.id, role: psuRole.id, manufacturer: maker.id, asset_tag: 'A-100' });
      const fan = await make('inventory-items', { device: host.id, name: 'Fan', parent: psu.id });
      expect(psu).toMatchObject({ parent: chassis.id, _depth: 1, asset_tag: 'A-100' });
      // Nested objects carry no counts: NetBox annotates them only on the model's own endpoint.
      expect(psu.role).toEqual({ id: psuRole.id, url: psuRole.url, display: 'Power supply', name: 'Power supply', slug: 'psu' });
      expect(psu.manufacturer).toMatchObject({ id: maker.id, name: 'Delta', slug: 'delta' });
      expect(Object.keys(psu.manufacturer)).toEqual(['id', 'url', 'display', 'name', 'slug']);
      expect(fan).toMatchObject({ parent: psu.id, _depth: 2 });
      expect(await get('inventory-items', fan.id, '?brief=1')).toEqual({ id: fan.id, url: fan.url, display: 'Fan', device: fan.device, name: 'Fan', _depth: 2 });
      // Listed depth first.
      const list = await t.get(`${api('inventory-items')}?device_id=${host.id}`);
      expect(list.body.results.map((i: Json) => [i.name, i._depth])).toEqual([['Chassis', 0], ['PSU0', 1], ['Fan', 2]]);
      expect((await get('inventory-item-roles', psuRole.id)).inventoryitem_count).toBe(1);
      // A role in use is protected.
      expectStatus(await t.delete(detail('inventory-item-roles', psuRole.id)), 409);

      expect(await listNames('inventory-items', `parent_id=${chassis.id}`)).toEqual(['PSU0']);
      expect(await listNames('inventory-items', 'role=psu')).toEqual(['PSU0']);
      expect(await listNames('inventory-items', `role_id=${psuRole.id}`)).toEqual(['PSU0']);
      expect(await listNames('inventory-items', 'manufacturer=delta')).toEqual(['PSU0']);
      // The device's role is device_role on inventory items: `role` is the item's own.
      expect(await listNames('inventory-items', `device_role=leaf&device_id=${host.id}`)).toEqual(['Chassis', 'PSU0', 'Fan']);
      expect((await t.get(`${api('inventory-items')}?role=leaf`)).status).toBe(400);
      // The serial matches ignoring case; its `__n` is NetBox's exact exclusion.
      const onHost = `device_id=${host.id}`;
      expect(await listNames('inventory-items', `serial=c1&${onHost}`)).toEqual(['Chassis']);
      expect(await listNames('inventory-items', `serial__n=c1&${onHost}`)).toEqual(['Chassis', 'PSU0', 'Fan']);
      expect(await listNames('inventory-items', `serial__n=C1&${onHost}`)).toEqual(['PSU0', 'Fan']);
      expect(await listNames('inventory-items', `asset_tag__ic=a-1&${onHost}`)).toEqual(['PSU0']);
      // NetBox's item search covers the asset tag and serial but not the label.
      expectStatus(await t.patch(detail('inventory-items', fan.id), { label: 'blower' }), 200);
      expect(await listNames('inventory-items', `q=a-100&${onHost}`)).toEqual(['PSU0']);
      expect(await listNames('inventory-items', `q=blower&${onHost}`)).toEqual([]);
      expect(await listNames('inventory-items', `description=x&${onHost}`)).toEqual(['Chassis', 'PSU0', 'Fan']);
      // An item role's search is its name and slug, and it has no description filter.
      expectStatus(await t.patch(detail('inventory-item-roles', psuRole.id), { description: 'hot-swap' }), 200);
      expect((await t.get(`${api('inventory-item-roles')}?q=hot-swap`)).body.count).toBe(0);
      expect((await t.get(`${api('inventory-item-roles')}?q=PSU`)).body.count).toBe(1);
      expect((await t.get(`${api('inventory-item-roles')}?color=9e9e9e&slug=psu`)).body.count).toBe(1);
      expect((await t.get(`${api('inventory-item-roles')}?description=nothing&slug=psu`)).body.count).toBe(1);

      const sibling = await t.post(api('inventory-items'), { device: host.id, name: 'PSU0', parent: chassis.id });
      expect(sibling.status).toBe(400);
      expect(sibling.body).toEqual({ __all__: ['Inventory item with this Device, Parent and Name already exists.'] });
      // At the top, without a parent, names may repeat, as NetBox's constraint lets NULLs differ.
      expectStatus(await t.post(api('inventory-items'), { device: host.id, name: 'Chassis' }), 201);
      const tag = await t.post(api('inventory-items'), { device: host.id, name: 'PSU1', asset_tag: 'A-100' });
      expect(tag.body).toEqual({ asset_tag: ['inventory item with this Asset tag already exists.'] });

      const foreignParent = await t.post(api('inventory-items'), { device: other.id, name: 'Stray', parent: chassis.id });
      expect(foreignParent.body).toEqual({ parent: ['Parent inventory item does not belong to the same device.'] });
      // Refused by the generic tree check, whose wording covers moves under a child too.
      const self = await t.patch(detail('inventory-items', psu.id), { parent: psu.id });
      expect(self.status).toBe(400);
      expect(self.body).toEqual({ parent: ['Cannot assign self or child inventory item as parent.'] });
      const underChild = await t.patch(detail('inventory-items', psu.id), { parent: fan.id });
      expect(underChild.body).toEqual({ parent: ['Cannot assign self or child inventory item as parent.'] });

      // Deleting a parent deletes its subtree.
      expectStatus(await t.delete(detail('inventory-items', chassis.id)), 204);
      expect((await t.get(detail('inventory-items', fan.id))).status).toBe(404);
      expect((await get('inventory-item-roles', psuRole.id)).inventoryitem_count).toBe(0);
    });

    it('stands for a component of the same device', async () => {
      const eth = await make('interfaces', { device: host.id, name: 'xe-0/0/0', type: '10gbase-x-sfpp' });
      const optic = await make('inventory-items', { device: host.id, name: 'SFP+ xe-0/0/0', component_type: 'dcim.interface', component_id: eth.id });
      expect(optic).toMatchObject({ component_type: 'dcim.interface', component_id: eth.id });
      expect(optic.component).toEqual({ id: eth.id, url: eth.url, display: 'xe-0/0/0', device: eth.device, name: 'xe-0/0/0', cable: null, _occupied: false });
      expect(await listNames('inventory-items', `component_type=dcim.interface&component_id=${eth.id}`)).toEqual(['SFP+ xe-0/0/0']);
      expect(await listNames('inventory-items', `component_id__gte=${eth.id}&device_id=${host.id}`)).toEqual(['SFP+ xe-0/0/0']);
      // NetBox's ContentTypeFilter ignores negation: `__n` matches as the plain filter does.
      expect(await listNames('inventory-items', `component_type__n=dcim.interface&device_id=${host.id}`)).toEqual(['SFP+ xe-0/0/0']);
      expect(await listNames('inventory-items', `component_type=dcim&device_id=${host.id}`)).toEqual([]);

      const foreign = await make('interfaces', { device: other.id, name: 'xe-9/9/9', type: '10gbase-x-sfpp' });
      const wrong = await t.post(api('inventory-items'), { device: host.id, name: 'SFP+ stray', component_type: 'dcim.interface', component_id: foreign.id });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ device: ['Cannot assign inventory item to component on another device'] });
      const kind = await t.post(api('inventory-items'), { device: host.id, name: 'Odd', component_type: 'dcim.site', component_id: 1 });
      expect(kind.body).toEqual({ component_type: ['Invalid content type: dcim.site'] });

      // The item goes when its component does.
      expectStatus(await t.delete(detail('interfaces', eth.id)), 204);
      expect((await t.get(detail('inventory-items', optic.id))).status).toBe(404);
    });

    it('moves an item to another device, leaving its component behind, unless it has children or a parent there', async () => {
      const eth = await make('interfaces', { device: host.id, name: 'xe-0/0/1', type: '10gbase-x-sfpp' });
      const optic = await make('inventory-items', { device: host.id, name: 'SFP+ xe-0/0/1', component_type: 'dcim.interface', component_id: eth.id });
      const moved = await t.patch(detail('inventory-items', optic.id), { device: other.id });
      expectStatus(moved, 200);
      expect(moved.body).toMatchObject({ device: { id: other.id, name: 'inv2' }, component_type: null, component_id: null, component: null });

      const rack = await make('inventory-items', { device: host.id, name: 'Line card' });
      const child = await make('inventory-items', { device: host.id, name: 'Transceiver', parent: rack.id });
      const withChildren = await t.patch(detail('inventory-items', rack.id), { device: other.id });
      expect(withChildren.status).toBe(400);
      expect(withChildren.body).toEqual({ __all__: ['Cannot move an inventory item with dependent children'] });
      const withParent = await t.patch(detail('inventory-items', child.id), { device: other.id });
      expect(withParent.body).toEqual({ parent: ['Parent inventory item does not belong to the same device.'] });
      // Moving it with a parent on the new device is fine.
      const anchor = await make('inventory-items', { device: other.id, name: 'Anchor' });
      const rehomed = await t.patch(detail('inventory-items', child.id), { device: other.id, parent: anchor.id });
      expectStatus(rehomed, 200);
      expect(rehomed.body).toMatchObject({ parent: anchor.id, _depth: 1 });
    });
  });

  describe('query counts', () => {
    it('lists 1,000 interfaces across devices, some cabled, in the same number of statements as 5', async () => {
      const perf = await make('sites', { name: 'Perf', slug: 'perf' });
      const tag = await createOne(t, '/api/extras/tags/', { name: 'Uplink', slug: 'uplink' });
      const devices: Json[] = [];
      for (let i = 0; i < 10; i++) devices.push(await device(`perf-${String(i).padStart(2, '0')}`, { site: perf.id }));
      const vdc = await make('virtual-device-contexts', { name: 'perf-vdc', device: devices[0].id, status: 'active' });
      const bay = await make('module-bays', { device: devices[0].id, name: 'Slot 1' });
      const mtype = await make('module-types', { manufacturer: switchType.manufacturer.id, model: 'Perf card' });
      const module = await make('modules', { device: devices[0].id, module_bay: bay.id, module_type: mtype.id });
      const byName: Record<string, Json> = {};
      for (const dev of devices) {
        const body = Array.from({ length: 98 }, (_, k) => ({ device: dev.id, name: `Ethernet${k + 1}`, type: '1000base-t' }));
        body.push({ device: dev.id, name: 'Port-Channel1', type: 'lag' }, { device: dev.id, name: 'Vlan1', type: 'bridge' });
        const res = await t.post(api('interfaces'), body);
        expectStatus(res, 201);
        for (const i of res.body) byName[`${dev.name} ${i.name}`] = i;
      }
      // The first page holds a cabled interface, a LAG member, a child, a bridged one in a VDC with a tag, one on a module.
      const first = (n: number) => byName[`perf-00 Ethernet${n}`].id;
      expectStatus(await t.patch(detail('interfaces', first(2)), { lag: byName['perf-00 Port-Channel1'].id }), 200);
      expectStatus(await t.patch(detail('interfaces', first(3)), { type: 'virtual', parent: first(10) }), 200);
      expectStatus(await t.patch(detail('interfaces', first(4)), { bridge: byName['perf-00 Vlan1'].id, vdcs: [vdc.id], tags: [tag.id] }), 200);
      expectStatus(await t.patch(detail('interfaces', first(5)), { module: module.id, mark_connected: true }), 200);
      for (let k = 0; k < 5; k++) {
        await make('cables', {
          a_terminations: [{ object_type: 'dcim.interface', object_id: byName[`perf-0${k} Ethernet1`].id }],
          b_terminations: [{ object_type: 'dcim.interface', object_id: byName[`perf-0${k + 5} Ethernet1`].id }],
        });
      }

      const small = await pageStatements(t, async () => {
        const res = await t.get(`${api('interfaces')}?site=perf&limit=5`);
        expect(res.body.count).toBe(1000);
        expect(res.body.results.map((i: Json) => i.name)).toEqual(['Ethernet1', 'Ethernet2', 'Ethernet3', 'Ethernet4', 'Ethernet5']);
        expect(res.body.results[0]).toMatchObject({ _occupied: true, link_peers_type: 'dcim.interface', connected_endpoints_reachable: true });
      });
      const large = await pageStatements(t, async () => {
        const res = await t.get(`${api('interfaces')}?site=perf&limit=1000`);
        expect(res.body.results).toHaveLength(1000);
        expect(res.body.results.filter((i: Json) => i.cable !== null)).toHaveLength(10);
      });
      expect(large).toBe(small);
      const briefSmall = await pageStatements(t, () => t.get(`${api('interfaces')}?site=perf&limit=5&brief=1`));
      const briefLarge = await pageStatements(t, () => t.get(`${api('interfaces')}?site=perf&limit=1000&brief=1`));
      expect(briefLarge).toBe(briefSmall);
    });
  });
});
