import { pageStatements, statementsDuring } from './helpers/queries';
import { Json, bulkCreate, createOne, expectStatus } from './helpers/seed';
import { TestApp } from './helpers/test-app';

jest.setTimeout(300_000);

const api = (plural: string) => `/api/dcim/${plural}/`;
const detail = (plural: string, id: number) => `/api/dcim/${plural}/${id}/`;
const DEVICES = api('devices');
const CHANGES = '/api/extras/object-changes/';

// NetBox 3.5's DeviceWithConfigContext.
const DEVICE_KEYS = [
  'id', 'url', 'display', 'name', 'device_type', 'device_role', 'tenant', 'platform', 'serial', 'asset_tag', 'site', 'location', 'rack', 'position',
  'face', 'parent_device', 'status', 'airflow', 'primary_ip', 'primary_ip4', 'primary_ip6', 'cluster', 'virtual_chassis', 'vc_position',
  'vc_priority', 'description', 'comments', 'local_context_data', 'tags', 'custom_fields', 'config_context', 'config_template', 'created', 'last_updated',
];
// NetBox's plain DeviceSerializer, which answers `?exclude=config_context`: config_template comes before local_context_data.
const DEVICE_KEYS_WITHOUT_CONTEXT = [
  ...DEVICE_KEYS.slice(0, DEVICE_KEYS.indexOf('local_context_data')),
  'config_template', 'local_context_data', 'tags', 'custom_fields', 'created', 'last_updated',
];

describe('dcim devices', () => {
  let t: TestApp;
  let europe: Json;
  let ams: Json;
  let rtm: Json;
  let hall: Json;
  let cage: Json;
  let rack: Json;
  let role: Json;
  let maker: Json;
  let other: Json;
  let switchType: Json;
  let twoU: Json;
  let halfDepth: Json;
  let zeroU: Json;
  let childType: Json;
  let parentType: Json;
  let tenant: Json;
  // A rack of its own for checks that must not collide with the shared one's devices.
  let spare: Json;

  const make = (plural: string, body: Json) => createOne(t, api(plural), body);
  const refused = async (res: Promise<{ status: number; body: Json }>) => {
    const r = await res;
    expect(r.status).toBe(400);
    return r.body;
  };
  const body = (name: string | null, fields: Json = {}) => ({ name, device_type: switchType.id, device_role: role.id, site: ams.id, ...fields });
  const device = (name: string | null, fields: Json = {}) => make('devices', body(name, fields));
  const attempt = (name: string | null, fields: Json = {}) => refused(t.post(DEVICES, body(name, fields)));
  const names = async (query: string) => (await t.get(`${DEVICES}?${query}&limit=0`)).body.results.map((d: Json) => d.name);
  const read = async (id: number) => (await t.get(detail('devices', id))).body;

  beforeAll(async () => {
    t = await TestApp.start();
    europe = await make('regions', { name: 'Europe', slug: 'europe' });
    const nl = await make('regions', { name: 'Netherlands', slug: 'nl', parent: europe.id });
    ams = await make('sites', { name: 'Amsterdam', slug: 'ams', region: nl.id });
    rtm = await make('sites', { name: 'Rotterdam', slug: 'rtm' });
    hall = await make('locations', { name: 'Hall 1', slug: 'hall-1', site: ams.id });
    cage = await make('locations', { name: 'Cage A', slug: 'cage-a', site: ams.id, parent: hall.id });
    rack = await make('racks', { name: 'R1', site: ams.id, location: hall.id, u_height: 10 });
    role = await make('device-roles', { name: 'Leaf', slug: 'leaf' });
    maker = await make('manufacturers', { name: 'Arista', slug: 'arista' });
    other = await make('manufacturers', { name: 'Juniper', slug: 'juniper' });
    switchType = await make('device-types', { manufacturer: maker.id, model: 'DCS-7050', slug: 'dcs-7050', airflow: 'front-to-rear' });
    twoU = await make('device-types', { manufacturer: maker.id, model: 'Server 2U', slug: 'server-2u', u_height: 2 });
    halfDepth = await make('device-types', { manufacturer: maker.id, model: 'Patch 1U', slug: 'patch-1u', is_full_depth: false });
    zeroU = await make('device-types', { manufacturer: maker.id, model: 'PDU', slug: 'pdu', u_height: 0 });
    childType = await make('device-types', { manufacturer: maker.id, model: 'Blade', slug: 'blade', u_height: 0, subdevice_role: 'child' });
    parentType = await make('device-types', { manufacturer: maker.id, model: 'Chassis', slug: 'chassis', u_height: 4, subdevice_role: 'parent' });
    tenant = await createOne(t, '/api/tenancy/tenants/', { name: 'Acme', slug: 'acme' });
    spare = await make('racks', { name: 'Spare', site: ams.id, u_height: 42 });
  });
  afterAll(() => t.close());

  describe('CRUD and representation', () => {
    it('creates, reads, updates, replaces and deletes a device', async () => {
      const created = await device('crud-1', { serial: 'SN1', asset_tag: 'AT-1', description: 'first' });
      expect(created).toMatchObject({ name: 'crud-1', serial: 'SN1', asset_tag: 'AT-1', description: 'first', status: { value: 'active' } });
      expect(await read(created.id)).toEqual(created);

      const patched = await t.patch(detail('devices', created.id), { serial: 'SN2', status: 'planned' });
      expectStatus(patched, 200);
      expect(patched.body).toMatchObject({ name: 'crud-1', serial: 'SN2', asset_tag: 'AT-1', status: { value: 'planned', label: 'Planned' } });

      // PUT needs every required field; what it leaves out takes its default.
      expect(await refused(t.put(detail('devices', created.id), { name: 'crud-1' }))).toEqual({
        device_type: ['This field is required.'],
        device_role: ['This field is required.'],
        site: ['This field is required.'],
      });
      const replaced = await t.put(detail('devices', created.id), body('crud-1b', { device_type: twoU.id, site: rtm.id }));
      expectStatus(replaced, 200);
      expect(replaced.body).toMatchObject({ name: 'crud-1b', device_type: { id: twoU.id }, site: { id: rtm.id }, serial: 'SN2' });
      expect((await read(created.id)).name).toBe('crud-1b');

      expectStatus(await t.delete(detail('devices', created.id)), 204);
      expect((await t.get(detail('devices', created.id))).status).toBe(404);
    });

    it('reads every NetBox key in order, with nested relations and the type\'s airflow', async () => {
      const leaf = await device('leaf-1', { serial: 'SN1', asset_tag: 'AT-leaf-1' });
      expect(Object.keys(leaf)).toEqual(DEVICE_KEYS);
      expect(leaf).toMatchObject({
        display: 'leaf-1 (AT-leaf-1)',
        name: 'leaf-1',
        device_type: { id: switchType.id, model: 'DCS-7050', manufacturer: { slug: 'arista' } },
        device_role: { id: role.id, slug: 'leaf' },
        site: { id: ams.id, slug: 'ams' },
        status: { value: 'active', label: 'Active' },
        airflow: { value: 'front-to-rear', label: 'Front to rear' },
        face: null,
        position: null,
        parent_device: null,
        primary_ip: null,
        primary_ip4: null,
        primary_ip6: null,
        cluster: null,
        virtual_chassis: null,
        config_context: {},
        config_template: null,
        local_context_data: null,
        tags: [],
        custom_fields: {},
      });
      const without = (await t.get(`${detail('devices', leaf.id)}?exclude=config_context`)).body;
      expect(Object.keys(without)).toEqual(DEVICE_KEYS_WITHOUT_CONTEXT);
      const listed = (await t.get(`${DEVICES}?name=leaf-1&exclude=config_context`)).body.results[0];
      expect(Object.keys(listed)).toEqual(DEVICE_KEYS_WITHOUT_CONTEXT);
    });

    it("nests as {id, url, display, name, display_name}, and labels an unnamed device as NetBox's __str__: manufacturer, model and id", async () => {
      const named = await device('leaf-nested');
      const brief = (await t.get(`${detail('devices', named.id)}?brief=1`)).body;
      expect(brief).toEqual({ id: named.id, url: named.url, display: 'leaf-nested', name: 'leaf-nested', display_name: 'leaf-nested' });
      const unnamed = await device(null);
      const label = `Arista DCS-7050 (${unnamed.id})`;
      expect(unnamed).toMatchObject({ name: null, display: label });
      // An empty name is no name.
      const blank = await device('');
      expect(blank).toMatchObject({ name: null, display: `Arista DCS-7050 (${blank.id})` });
      const port = await make('console-ports', { device: unnamed.id, name: 'con0' });
      expect(port.device).toEqual({ id: unnamed.id, url: unnamed.url, display: label, name: null, display_name: label });
      const listed = (await t.get(`${DEVICES}?id=${unnamed.id}&brief=1`)).body.results;
      expect(listed).toEqual([{ id: unnamed.id, url: unnamed.url, display: label, name: null, display_name: label }]);
    });

    it('shows the asset tag after the name, or after the manufacturer and model in place of the id', async () => {
      const tagged = await device('leaf-tagged', { asset_tag: '123456789' });
      expect(tagged.display).toBe('leaf-tagged (123456789)');
      expect((await t.get(`${detail('devices', tagged.id)}?brief=1`)).body).toMatchObject({ display: 'leaf-tagged (123456789)', display_name: 'leaf-tagged (123456789)' });
      const untitled = await device(null, { asset_tag: 'AT-9' });
      expect(untitled.display).toBe('Arista DCS-7050 (AT-9)');
      const port = await make('console-ports', { device: tagged.id, name: 'con0' });
      expect(port.device.display).toBe('leaf-tagged (123456789)');
      // Change records keep the label of the moment.
      const changes = (await t.get(`/api/extras/object-changes/?changed_object_type=dcim.device&changed_object_id=${tagged.id}`)).body.results;
      expect(changes.map((c: Json) => c.display)).toEqual(['DCIM | device leaf-tagged (123456789) created by admin']);
    });

    it("names objects in change records and refusals by their __str__, related objects included", async () => {
      const unnamed = await device(null, { asset_tag: 'LBL-1' });
      const changes = async (type: string, id: number) =>
        (await t.get(`/api/extras/object-changes/?changed_object_type=${type}&changed_object_id=${id}`)).body.results.map((c: Json) => c.display);
      expect(await changes('dcim.device', unnamed.id)).toEqual(['DCIM | device Arista DCS-7050 (LBL-1) created by admin']);
      // A type in use cannot go: NetBox lists its devices as `str (pk)`.
      const lonelyType = await make('device-types', { manufacturer: other.id, model: 'MX-5', slug: 'mx-5' });
      const inUse = await device(null, { device_type: lonelyType.id });
      const refusal = await t.delete(detail('device-types', lonelyType.id));
      expect(refusal.status).toBe(409);
      expect(refusal.body).toEqual({ detail: `Unable to delete object. 1 dependent objects were found: Juniper MX-5 (${inUse.id}) (${inUse.id})` });
      // Deleted, it is recorded under the label it had.
      expect((await t.delete(detail('devices', inUse.id))).status).toBe(204);
      expect(await changes('dcim.device', inUse.id)).toEqual([
        `DCIM | device Juniper MX-5 (${inUse.id}) deleted by admin`,
        `DCIM | device Juniper MX-5 (${inUse.id}) created by admin`,
      ]);
    });

    it('labels an unnamed chassis member by its chassis and position', async () => {
      const chassis = await make('virtual-chassis', { name: 'VC-Label' });
      const member = await device(null, { virtual_chassis: chassis.id, vc_position: 2 });
      expect(member.display).toBe(`VC-Label:2 (${member.id})`);
      const tagged = await device(null, { virtual_chassis: chassis.id, vc_position: 3, asset_tag: 'VC-AT' });
      expect(tagged.display).toBe('VC-Label:3 (VC-AT)');
      expect((await t.get(`${DEVICES}?id=${member.id}&brief=1`)).body.results[0].display).toBe(`VC-Label:2 (${member.id})`);
    });

    it('renders the config contexts of its site and role merged by weight, its local context data last, and leaves them out on request', async () => {
      await createOne(t, '/api/extras/config-contexts/', { name: 'rtm-ntp', weight: 100, sites: [rtm.id], data: { ntp: ['10.0.0.1'], dns: 'site', nested: { a: 1, b: 1 } } });
      await createOne(t, '/api/extras/config-contexts/', { name: 'leaf-syslog', weight: 200, roles: [role.id], data: { syslog: 'x', nested: { b: 2 } } });
      await createOne(t, '/api/extras/config-contexts/', { name: 'other-site', weight: 300, sites: [ams.id], data: { wrong: true } });
      await createOne(t, '/api/extras/config-contexts/', { name: 'inactive', weight: 400, is_active: false, data: { inactive: true } });
      const d = await device('ctx-1', { site: rtm.id, local_context_data: { dns: 'local', nested: { c: 3 } } });
      expect(d.config_context).toEqual({ ntp: ['10.0.0.1'], dns: 'local', syslog: 'x', nested: { a: 1, b: 2, c: 3 } });
      expect(d.local_context_data).toEqual({ dns: 'local', nested: { c: 3 } });
      expect((await read(d.id)).config_context).toEqual(d.config_context);
      const listed = (await t.get(`${DEVICES}?name=ctx-1`)).body.results[0];
      expect(listed.config_context).toEqual(d.config_context);
      expect((await t.get(`${detail('devices', d.id)}?exclude=config_context`)).body).not.toHaveProperty('config_context');
      expect((await t.get(`${DEVICES}?name=ctx-1&exclude=config_context`)).body.results[0]).not.toHaveProperty('config_context');
      expect(await names('name=ctx-1&local_context_data=true')).toEqual(['ctx-1']);
    });

    it('matches regions through their ancestors, locations exactly, as NetBox 3.5 does', async () => {
      await createOne(t, '/api/extras/config-contexts/', { name: 'europe-wide', weight: 500, regions: [europe.id], data: { continent: 'eu' } });
      await createOne(t, '/api/extras/config-contexts/', { name: 'hall-wide', weight: 600, locations: [hall.id], data: { hall: true } });
      const inCage = await device('ctx-cage', { location: cage.id });
      expect(inCage.config_context).toMatchObject({ continent: 'eu' });
      expect(inCage.config_context).not.toHaveProperty('hall');
      const inHall = await device('ctx-hall', { location: hall.id });
      expect(inHall.config_context).toMatchObject({ continent: 'eu', hall: true });
    });

    it('takes airflow and platform from its type on create, and its location from its rack', async () => {
      const eos = await make('platforms', { name: 'EOS', slug: 'eos', manufacturer: maker.id });
      const typed = await make('device-types', { manufacturer: maker.id, model: 'DCS-7280', slug: 'dcs-7280', airflow: 'rear-to-front', default_platform: eos.id });
      const d = await device('inherit-1', { device_type: typed.id, rack: rack.id });
      expect(d).toMatchObject({ airflow: { value: 'rear-to-front' }, platform: { id: eos.id }, location: { id: hall.id } });
      // Given values win, and an update does not inherit again.
      const own = await device('inherit-2', { device_type: typed.id, airflow: 'passive' });
      expect(own.airflow).toMatchObject({ value: 'passive' });
      const cleared = await t.patch(detail('devices', own.id), { airflow: '', platform: null });
      expectStatus(cleared, 200);
      expect(cleared.body).toMatchObject({ airflow: null, platform: null });
      // A rack's location replaces the device's, even when moved by PATCH.
      const moved = await t.patch(detail('devices', own.id), { rack: rack.id });
      expect(moved.body.location).toMatchObject({ id: hall.id });
    });
  });

  describe('validation', () => {
    it('keeps names unique per site and tenant, ignoring case', async () => {
      await device('dup-1');
      expect(await attempt('dup-1')).toEqual({ __all__: ['Device name must be unique per site.'] });
      expect(await attempt('DUP-1')).toEqual({ __all__: ['Device name must be unique per site.'] });
      await device('dup-1', { site: rtm.id });
      await device('dup-1', { tenant: tenant.id });
      await device('dup-2', { tenant: tenant.id });
      expect(await attempt('Dup-2', { tenant: tenant.id })).toEqual({ __all__: ['Constraint “dcim_device_unique_name_site_tenant” is violated.'] });
      const renamed = await device('dup-3');
      expect(await refused(t.patch(detail('devices', renamed.id), { name: 'Dup-1' }))).toEqual({ __all__: ['Device name must be unique per site.'] });
      // Unnamed devices never clash, and a device keeps its own name.
      await device(null);
      await device(null);
      expectStatus(await t.patch(detail('devices', renamed.id), { name: 'DUP-3', serial: 'x' }), 200);
    });

    it('keeps asset tags unique', async () => {
      await device('tag-1', { asset_tag: 'ASSET-1' });
      expect(await attempt('tag-2', { asset_tag: 'ASSET-1' })).toEqual({ asset_tag: ['device with this Asset tag already exists.'] });
    });

    it('keeps rack and location in the device\'s site, and the rack in the location', async () => {
      expect(await attempt('x1', { site: rtm.id, rack: rack.id })).toEqual({ rack: ['Rack R1 does not belong to site Rotterdam.'] });
      expect(await attempt('x2', { site: rtm.id, location: hall.id })).toEqual({ location: ['Location Hall 1 does not belong to site Rotterdam.'] });
      // NetBox checks the rack first.
      expect(await attempt('x3', { site: rtm.id, location: hall.id, rack: rack.id })).toEqual({ rack: ['Rack R1 does not belong to site Rotterdam.'] });
      const hall2 = await make('locations', { name: 'Hall 2', slug: 'hall-2', site: ams.id });
      expect(await attempt('x4', { location: hall2.id, rack: rack.id })).toEqual({ rack: ['Rack R1 does not belong to location Hall 2.'] });
      // A rack's location must be the device's own, not an ancestor of it.
      expect(await attempt('x5', { location: cage.id, rack: rack.id })).toEqual({ rack: ['Rack R1 does not belong to location Cage A.'] });
      await device('x6', { location: cage.id });
    });

    it('needs a rack for a face or position, and a face for a position', async () => {
      // The face is checked first, as NetBox does.
      expect(await attempt('p1', { position: 3, face: 'front' })).toEqual({ face: ['Cannot select a rack face without assigning a rack.'] });
      expect(await attempt('p1', { position: 3 })).toEqual({ position: ['Cannot select a rack position without assigning a rack.'] });
      expect(await attempt('p1', { face: 'front' })).toEqual({ face: ['Cannot select a rack face without assigning a rack.'] });
      expect(await attempt('p1', { rack: rack.id, position: 3 })).toEqual({ face: ['Must specify rack face when defining rack position.'] });
      // Increments are checked before the face.
      expect(await attempt('p1', { rack: rack.id, position: 1.3 })).toEqual({ position: ['Position must be in increments of 0.5 rack units.'] });
      expect(await attempt('p1', { rack: rack.id, position: 1.25, face: 'front' })).toEqual({ position: ['Ensure that there are no more than 1 decimal places.'] });
      expect(await attempt('p1', { rack: rack.id, position: 0, face: 'front' })).toEqual({ position: ['Ensure this value is greater than or equal to 0.5.'] });
      expect(await attempt('p1', { rack: rack.id, position: 0.5, face: 'front' })).toEqual({ position: ['Ensure this value is greater than or equal to 1.'] });
      expect(await attempt('p1', { rack: rack.id, position: 101, face: 'front' })).toEqual({ position: ['Ensure this value is less than or equal to 100.5.'] });
      expect(await attempt('p1', { rack: rack.id, face: 'side' })).toEqual({ face: ['"side" is not a valid choice.'] });
      // A face alone in a rack is fine.
      expect(await device('p-face', { rack: rack.id, face: 'rear' })).toMatchObject({ face: { value: 'rear', label: 'Rear' }, position: null });
    });

    it('places a device at a free position within its rack\'s height', async () => {
      const server = await device('srv-1', { device_type: twoU.id, rack: rack.id, position: 3, face: 'front' });
      expect(server).toMatchObject({ position: 3, face: { value: 'front', label: 'Front' }, rack: { id: rack.id } });
      // U4 is taken by the 2U server at U3, on both faces: it is full depth.
      for (const face of ['front', 'rear']) {
        expect(await attempt('p2', { rack: rack.id, position: 4, face })).toEqual({
          position: ['U4.0 is already occupied or does not have sufficient space to accommodate this device type: DCS-7050 (1.0U)'],
        });
      }
      // A 2U device at U2 would overlap U3.
      expect(await attempt('p2', { device_type: twoU.id, rack: rack.id, position: 2, face: 'front' })).toEqual({
        position: ['U2.0 is already occupied or does not have sufficient space to accommodate this device type: Server 2U (2.0U)'],
      });
      await device('half-unit', { rack: rack.id, position: 5.5, face: 'front' });
      expect(await attempt('p2', { rack: rack.id, position: 6, face: 'front' })).toEqual({
        position: ['U6.0 is already occupied or does not have sufficient space to accommodate this device type: DCS-7050 (1.0U)'],
      });
      expect(await attempt('p2', { rack: rack.id, position: 4.5, face: 'front' })).toEqual({
        position: ['U4.5 is already occupied or does not have sufficient space to accommodate this device type: DCS-7050 (1.0U)'],
      });
      // Half-depth devices share a unit from opposite faces, but not with a full-depth device.
      await device('patch-front', { device_type: halfDepth.id, rack: rack.id, position: 7, face: 'front' });
      await device('patch-rear', { device_type: halfDepth.id, rack: rack.id, position: 7, face: 'rear' });
      expect(await attempt('p3', { device_type: halfDepth.id, rack: rack.id, position: 7, face: 'front' })).toEqual({
        position: ['U7.0 is already occupied or does not have sufficient space to accommodate this device type: Patch 1U (1.0U)'],
      });
      await device('patch-front-8', { device_type: halfDepth.id, rack: rack.id, position: 8, face: 'front' });
      expect(await attempt('p3', { rack: rack.id, position: 8, face: 'rear' })).toEqual({
        position: ['U8.0 is already occupied or does not have sufficient space to accommodate this device type: DCS-7050 (1.0U)'],
      });
      // The rack has ten units: a 2U device fits at U9, not at U10, nor anything above.
      await device('top', { device_type: twoU.id, rack: rack.id, position: 9, face: 'rear' });
      const small = await make('racks', { name: 'R9', site: ams.id, u_height: 10 });
      expect(await attempt('p4', { device_type: twoU.id, rack: small.id, position: 10, face: 'front' })).toEqual({
        position: ['U10.0 is already occupied or does not have sufficient space to accommodate this device type: Server 2U (2.0U)'],
      });
      expect(await attempt('p4', { rack: small.id, position: 11, face: 'front' })).toEqual({
        position: ['U11.0 is already occupied or does not have sufficient space to accommodate this device type: DCS-7050 (1.0U)'],
      });
      // Moving the server within its own units is fine; onto another device is not.
      expectStatus(await t.patch(detail('devices', server.id), { position: 2 }), 200);
      expect(await refused(t.patch(detail('devices', server.id), { position: 4.5 }))).toEqual({
        position: ['U4.5 is already occupied or does not have sufficient space to accommodate this device type: Server 2U (2.0U)'],
      });
      // A device without a position takes no units.
      await device('unplaced', { rack: rack.id });
    });

    it('keeps zero-height and child device types out of rack units', async () => {
      expect(await attempt('p6', { device_type: zeroU.id, rack: rack.id, position: 1, face: 'front' })).toEqual({
        position: ['A U0 device type (PDU) cannot be assigned to a rack position.'],
      });
      // A child type of zero height is refused for its height first, as NetBox does.
      expect(await attempt('p7', { device_type: childType.id, rack: rack.id, position: 1, face: 'front' })).toEqual({
        position: ['A U0 device type (Blade) cannot be assigned to a rack position.'],
      });
      expect(await attempt('p7', { device_type: childType.id, rack: rack.id, face: 'front' })).toEqual({
        face: ['Child device types cannot be assigned to a rack face. This is an attribute of the parent device.'],
      });
      const tallChild = await make('device-types', { manufacturer: maker.id, model: 'Tall blade', slug: 'tall-blade', u_height: 1, subdevice_role: 'child' });
      expect(await attempt('p8', { device_type: tallChild.id, rack: spare.id, position: 1, face: 'front' })).toEqual({
        face: ['Child device types cannot be assigned to a rack face. This is an attribute of the parent device.'],
      });
      await device('pdu-1', { device_type: zeroU.id, rack: rack.id, face: 'rear' });
      await device('blade-in-rack', { device_type: childType.id, rack: rack.id });
    });

    it('takes a platform only of the device type\'s manufacturer', async () => {
      const junos = await make('platforms', { name: 'Junos', slug: 'junos', manufacturer: other.id });
      const generic = await make('platforms', { name: 'Linux', slug: 'linux' });
      expect(await attempt('plat-1', { platform: junos.id })).toEqual({
        platform: ['The assigned platform is limited to Juniper device types, but this device\'s type belongs to Arista.'],
      });
      expect((await device('plat-1', { platform: generic.id })).platform).toMatchObject({ id: generic.id });
    });

    it('needs a chassis position for a chassis member, unique within the chassis', async () => {
      const master = await device('vcv-master');
      const vc = await make('virtual-chassis', { name: 'VCV', master: master.id });
      expect(await attempt('vcv-2', { virtual_chassis: vc.id })).toEqual({
        vc_position: ['A device assigned to a virtual chassis must have its position defined.'],
      });
      expect(await attempt('vcv-2', { virtual_chassis: vc.id, vc_position: 256 })).toEqual({ vc_position: ['Ensure this value is less than or equal to 255.'] });
      expect(await attempt('vcv-2', { virtual_chassis: vc.id, vc_position: 1 })).toEqual({
        __all__: ['Device with this Virtual chassis and Vc position already exists.'],
      });
      await device('vcv-2', { virtual_chassis: vc.id, vc_position: 2, vc_priority: 10 });
      // Positions are per chassis.
      await device('vcv-lone', { vc_position: 2 });
    });
  });

  describe('creation from templates', () => {
    it('gives a new device every component of its type, linked as the templates are', async () => {
      const type = await make('device-types', { manufacturer: maker.id, model: 'Edge', slug: 'edge', subdevice_role: 'parent' });
      const owner = { device_type: type.id };
      await make('console-port-templates', { ...owner, name: 'con0', type: 'rj-45', label: 'Console', description: 'not copied' });
      await make('console-server-port-templates', { ...owner, name: 'cs0', type: 'usb-a' });
      const psu = await make('power-port-templates', { ...owner, name: 'PSU1', type: 'iec-60320-c14', maximum_draw: 500, allocated_draw: 200 });
      await make('power-outlet-templates', { ...owner, name: 'out1', type: 'iec-60320-c13', power_port: psu.id, feed_leg: 'A' });
      const br = await make('interface-templates', { ...owner, name: 'br0', type: 'bridge' });
      await make('interface-templates', { ...owner, name: 'eth1', type: '1000base-t', mgmt_only: true, enabled: false, bridge: br.id, poe_mode: 'pse', poe_type: 'type1-ieee802.3af' });
      const rear = await make('rear-port-templates', { ...owner, name: 'rear1', type: 'lc', positions: 2, color: 'ff0000' });
      await make('front-port-templates', { ...owner, name: 'front1', type: 'lc', rear_port: rear.id, rear_port_position: 2 });
      await make('module-bay-templates', { ...owner, name: 'slot1', position: '1', label: 'Slot one' });
      await make('device-bay-templates', { ...owner, name: 'bay1', label: 'Bay one' });
      const itemRole = await make('inventory-item-roles', { name: 'PSU', slug: 'psu' });
      const chassisItem = await make('inventory-item-templates', { ...owner, name: 'Chassis', part_id: 'CH-1', description: 'not copied' });
      await make('inventory-item-templates', {
        ...owner, name: 'Power supply', parent: chassisItem.id, component_type: 'dcim.powerporttemplate', component_id: psu.id, role: itemRole.id, manufacturer: maker.id,
      });

      const res = await t.post(DEVICES, body('edge-1', { device_type: type.id }));
      expectStatus(res, 201);
      const edge = res.body;
      const of = async (plural: string) => (await t.get(`${api(plural)}?device_id=${edge.id}`)).body.results;
      expect(await of('console-ports')).toEqual([expect.objectContaining({ name: 'con0', label: 'Console', type: expect.objectContaining({ value: 'rj-45' }), description: '' })]);
      expect((await of('console-server-ports')).map((p: Json) => [p.name, p.type?.value])).toEqual([['cs0', 'usb-a']]);
      const [port] = await of('power-ports');
      expect(port).toMatchObject({ name: 'PSU1', maximum_draw: 500, allocated_draw: 200, type: { value: 'iec-60320-c14' } });
      expect(await of('power-outlets')).toEqual([expect.objectContaining({ name: 'out1', power_port: expect.objectContaining({ id: port.id }), feed_leg: expect.objectContaining({ value: 'A' }) })]);
      const interfaces = await of('interfaces');
      const bridge = interfaces.find((i: Json) => i.name === 'br0');
      const eth1 = interfaces.find((i: Json) => i.name === 'eth1');
      expect(eth1).toMatchObject({ mgmt_only: true, enabled: false, bridge: { id: bridge.id }, poe_mode: { value: 'pse' }, poe_type: { value: 'type1-ieee802.3af' } });
      const [rearPort] = await of('rear-ports');
      expect(rearPort).toMatchObject({ name: 'rear1', positions: 2, color: 'ff0000' });
      expect(await of('front-ports')).toEqual([expect.objectContaining({ name: 'front1', rear_port: expect.objectContaining({ id: rearPort.id }), rear_port_position: 2 })]);
      expect(await of('module-bays')).toEqual([expect.objectContaining({ name: 'slot1', position: '1', label: 'Slot one' })]);
      expect((await of('device-bays')).map((b: Json) => [b.name, b.label])).toEqual([['bay1', 'Bay one']]);
      const items = await of('inventory-items');
      expect(items.map((i: Json) => [i.name, i._depth, i.description])).toEqual([['Chassis', 0, ''], ['Power supply', 1, '']]);
      expect(items[0]).toMatchObject({ part_id: 'CH-1', parent: null });
      expect(items[1]).toMatchObject({ parent: items[0].id, component_type: 'dcim.powerport', component_id: port.id, role: { id: itemRole.id }, manufacturer: { id: maker.id } });

      // Every component has its creation recorded against the device; the bridge is an update of its interface.
      const changes = (await t.get(`${CHANGES}?request_id=${res.headers['x-request-id']}&limit=0`)).body.results;
      const created = changes.filter((c: Json) => c.action.value === 'create').map((c: Json) => c.changed_object_type);
      expect(created.sort()).toEqual(
        ['dcim.consoleport', 'dcim.consoleserverport', 'dcim.device', 'dcim.devicebay', 'dcim.frontport', 'dcim.interface', 'dcim.interface',
          'dcim.inventoryitem', 'dcim.inventoryitem', 'dcim.modulebay', 'dcim.poweroutlet', 'dcim.powerport', 'dcim.rearport'].sort(),
      );
      const bridged = changes.filter((c: Json) => c.action.value === 'update');
      expect(bridged.map((c: Json) => [c.changed_object_type, c.changed_object_id, c.postchange_data.bridge])).toEqual([['dcim.interface', eth1.id, bridge.id]]);
    });

    it('gives a new module its type\'s components, named after its bay\'s position', async () => {
      const lineCard = await make('module-types', { manufacturer: maker.id, model: 'LC-48' });
      const owner = { module_type: lineCard.id };
      await make('interface-templates', { ...owner, name: 'Ethernet{module}/1', label: 'Port {module}/1', type: '10gbase-x-sfpp' });
      const lag = await make('interface-templates', { ...owner, name: 'Bridge{module}', type: 'bridge' });
      await make('interface-templates', { ...owner, name: 'Ethernet{module}/2', type: '10gbase-x-sfpp', bridge: lag.id });
      const psu = await make('power-port-templates', { ...owner, name: 'PSU{module}' });
      await make('power-outlet-templates', { ...owner, name: 'Out{module}', power_port: psu.id });
      const rear = await make('rear-port-templates', { ...owner, name: 'Rear{module}', type: '8p8c', positions: 1 });
      await make('front-port-templates', { ...owner, name: 'Front{module}', type: '8p8c', rear_port: rear.id });
      const host = await device('modular-1');
      // The host's own Ethernet3/9 stays the host's.
      await make('interfaces', { device: host.id, name: 'Ethernet3/9', type: '10gbase-x-sfpp' });
      const bay = await make('module-bays', { device: host.id, name: 'Slot 3', position: '3' });
      const module = await make('modules', { device: host.id, module_bay: bay.id, module_type: lineCard.id, serial: 'M1' });
      expect(module).toMatchObject({
        display: `Slot 3: LC-48 (${module.id})`,
        device: { id: host.id },
        module_bay: { id: bay.id },
        module_type: { id: lineCard.id },
        status: { value: 'active' },
      });
      const ofModule = async (plural: string) => (await t.get(`${api(plural)}?module_id=${module.id}`)).body.results;
      const interfaces = (await ofModule('interfaces')).sort((a: Json, b: Json) => a.name.localeCompare(b.name));
      expect(interfaces.map((i: Json) => [i.name, i.label, i.device.id])).toEqual([
        ['Bridge3', '', host.id],
        ['Ethernet3/1', 'Port 3/1', host.id],
        ['Ethernet3/2', '', host.id],
      ]);
      expect(interfaces[2].bridge).toMatchObject({ id: interfaces[0].id });
      const [port] = await ofModule('power-ports');
      expect(port.name).toBe('PSU3');
      expect(await ofModule('power-outlets')).toEqual([expect.objectContaining({ name: 'Out3', power_port: expect.objectContaining({ id: port.id }) })]);
      const [rearPort] = await ofModule('rear-ports');
      expect(await ofModule('front-ports')).toEqual([expect.objectContaining({ name: 'Front3', rear_port: expect.objectContaining({ id: rearPort.id }), rear_port_position: 1 })]);
      expect((await t.get(`${api('interfaces')}?device_id=${host.id}&limit=0`)).body.count).toBe(4);
      expect((await t.get(detail('module-bays', bay.id))).body.installed_module).toEqual({ id: module.id, url: module.url, display: module.display, serial: 'M1' });

      const elsewhere = await device('modular-2');
      const free = await make('module-bays', { device: host.id, name: 'Slot 4', position: '4' });
      expect(await refused(t.post(api('modules'), { device: elsewhere.id, module_bay: bay.id, module_type: lineCard.id }))).toEqual({
        module_bay: ['module with this module bay already exists.'],
      });
      expect(await refused(t.post(api('modules'), { device: elsewhere.id, module_bay: free.id, module_type: lineCard.id }))).toEqual({
        __all__: ['Module must be installed within a module bay belonging to the assigned device (modular-2).'],
      });
      expect((await t.get(`${api('modules')}?q=modular-1`)).body.results.map((m: Json) => m.id)).toEqual([module.id]);
      expect((await t.get(`${api('modules')}?serial=m1`)).body.count).toBe(1);
      // Deleting the module takes its components, not the host's own.
      expectStatus(await t.delete(detail('modules', module.id)), 204);
      expect((await t.get(`${api('interfaces')}?device_id=${host.id}`)).body.results.map((i: Json) => i.name)).toEqual(['Ethernet3/9']);
    });
  });

  describe('virtual chassis', () => {
    it('makes its master a member at position 1, counts members, and refuses a master from outside', async () => {
      const master = await device('vc-master', { tenant: tenant.id });
      const res = await t.post(api('virtual-chassis'), { name: 'VC1', domain: 'vc1.example', master: master.id });
      expectStatus(res, 201);
      const vc = res.body;
      expect(vc).toMatchObject({ name: 'VC1', master: { id: master.id, name: 'vc-master', display_name: 'vc-master' }, member_count: 1 });
      const joined = await read(master.id);
      expect(joined).toMatchObject({ virtual_chassis: { id: vc.id, name: 'VC1', master: { id: master.id } }, vc_position: 1 });
      // Nested in a device, the chassis has no member_count: NetBox annotates it only on the chassis' own endpoint.
      expect(joined.virtual_chassis).not.toHaveProperty('member_count');
      // The master's joining is recorded as its own update, in the same request.
      const changes = (await t.get(`${CHANGES}?request_id=${res.headers['x-request-id']}`)).body.results;
      expect(changes.map((c: Json) => [c.action.value, c.changed_object_type])).toEqual(
        expect.arrayContaining([['create', 'dcim.virtualchassis'], ['update', 'dcim.device']]),
      );

      const member = await device('vc-2', { virtual_chassis: vc.id, vc_position: 2 });
      expect((await t.get(detail('virtual-chassis', vc.id))).body.member_count).toBe(2);
      const outsider = await device('vc-outsider');
      expect(await refused(t.patch(detail('virtual-chassis', vc.id), { master: outsider.id }))).toEqual({
        master: ['The selected master (vc-outsider) is not assigned to this virtual chassis.'],
      });
      const handover = await t.patch(detail('virtual-chassis', vc.id), { master: member.id });
      expectStatus(handover, 200);
      expect(handover.body.master).toMatchObject({ id: member.id });

      expect(await names(`virtual_chassis_id=${vc.id}`)).toEqual(['vc-2', 'vc-master']);
      expect(await names('virtual_chassis_member=true&name__isw=vc-')).toEqual(['vc-2', 'vc-master']);
      expect(await names('virtual_chassis_member=false&name__isw=vc-')).toEqual(['vc-outsider']);
      expect(await names(`vc_position__gte=2&virtual_chassis_id=${vc.id}`)).toEqual(['vc-2']);
    });

    it('filters chassis by their master\'s site and tenant, and searches members\' names', async () => {
      const master = await device('vcf-master', { tenant: tenant.id, site: rtm.id });
      const vc = await make('virtual-chassis', { name: 'VCF', master: master.id });
      const ids = async (query: string) => {
        const res = await t.get(`${api('virtual-chassis')}?${query}`);
        expectStatus(res, 200);
        return res.body.results.map((c: Json) => c.id);
      };
      expect(await ids('site=rtm')).toEqual([vc.id]);
      expect(await ids(`site_id=${rtm.id}`)).toEqual([vc.id]);
      expect(await ids('tenant=acme&name=VCF')).toEqual([vc.id]);
      expect(await ids(`tenant_id=${tenant.id}&name=VCF`)).toEqual([vc.id]);
      const stranger = await createOne(t, '/api/tenancy/tenants/', { name: 'Stranger', slug: 'stranger' });
      expect(await ids(`tenant=stranger&name=VCF`)).toEqual([]);
      expect(await ids(`tenant_id=${stranger.id}&name=VCF`)).toEqual([]);
      // Chassis have no tenant groups in NetBox: the parameter is ignored.
      expect(await ids('tenant_group=anything&name=VCF')).toEqual([vc.id]);
      expect(await ids('q=vcf-mas')).toEqual([vc.id]);
      expect(await ids(`master_id=${master.id}`)).toEqual([vc.id]);
      expect(await ids('master=vcf-master')).toEqual([vc.id]);
    });
  });

  describe('device bays', () => {
    it('shows the device whose bay holds a child device as its parent, and moves the child with it', async () => {
      const chassis = await device('chassis-1', { device_type: parentType.id });
      const bay = await make('device-bays', { device: chassis.id, name: 'Bay 1' });
      const blade = await device('blade-1', { device_type: childType.id });
      expectStatus(await t.patch(detail('device-bays', bay.id), { installed_device: blade.id }), 200);
      const nested = {
        id: chassis.id,
        url: chassis.url,
        display: 'chassis-1',
        name: 'chassis-1',
        display_name: 'chassis-1',
        device_bay: { id: bay.id, url: bay.url, display: 'Bay 1', name: 'Bay 1' },
      };
      expect((await read(blade.id)).parent_device).toEqual(nested);
      expect((await t.get(`${DEVICES}?name=blade-1`)).body.results[0].parent_device).toEqual(nested);
      expect((await read(chassis.id)).parent_device).toBeNull();
      expect(await names(`parent_device_id=${chassis.id}`)).toEqual(['blade-1']);
      expect(await names('device_bays=true&name__isw=chassis-')).toEqual(['chassis-1']);

      // Moving the chassis into a rack takes the blade along, with a change record for it.
      const moved = await t.patch(detail('devices', chassis.id), { rack: rack.id });
      expectStatus(moved, 200);
      expect(await read(blade.id)).toMatchObject({ site: { id: ams.id }, rack: { id: rack.id }, location: { id: hall.id }, position: null, face: null });
      const changes = (await t.get(`${CHANGES}?request_id=${moved.headers['x-request-id']}`)).body.results;
      expect(changes.map((c: Json) => [c.action.value, c.changed_object_id]).sort()).toEqual([['update', blade.id], ['update', chassis.id]].sort());

      // Emptying the bay leaves the blade without a parent.
      expectStatus(await t.patch(detail('device-bays', bay.id), { installed_device: null }), 200);
      expect((await read(blade.id)).parent_device).toBeNull();
    });
  });

  describe('deletion', () => {
    it('deletes a device\'s components with it, writing a change record for each that names the device', async () => {
      const doomed = await device('doomed-1');
      const a = await make('interfaces', { device: doomed.id, name: 'eth0', type: '1000base-t' });
      const b = await make('console-ports', { device: doomed.id, name: 'con0' });
      const item = await make('inventory-items', { device: doomed.id, name: 'Fan' });
      const peer = await device('peer-1');
      const peerPort = await make('interfaces', { device: peer.id, name: 'eth0', type: '1000base-t' });
      await createOne(t, api('cables'), {
        a_terminations: [{ object_type: 'dcim.interface', object_id: a.id }],
        b_terminations: [{ object_type: 'dcim.interface', object_id: peerPort.id }],
      });
      const res = await t.delete(detail('devices', doomed.id));
      expectStatus(res, 204);
      expect((await t.get(detail('devices', doomed.id))).status).toBe(404);
      expect((await t.get(detail('interfaces', a.id))).status).toBe(404);
      expect((await t.get(detail('console-ports', b.id))).status).toBe(404);
      expect((await t.get(detail('inventory-items', item.id))).status).toBe(404);
      const changes = (await t.get(`${CHANGES}?request_id=${res.headers['x-request-id']}&limit=0`)).body.results;
      const deleted = changes.filter((c: Json) => c.action.value === 'delete');
      expect(deleted.map((c: Json) => [c.changed_object_type, c.changed_object_id])).toEqual(
        expect.arrayContaining([['dcim.interface', a.id], ['dcim.consoleport', b.id], ['dcim.inventoryitem', item.id], ['dcim.device', doomed.id]]),
      );
      // NetBox's change records take no filter by related object: those names are ignored.
      const ignored = (await t.get(`${CHANGES}?request_id=${res.headers['x-request-id']}&related_object_type=dcim.device&related_object_id=0&action=delete&limit=0`)).body.results;
      expect(ignored.map((c: Json) => c.id)).toEqual(deleted.map((c: Json) => c.id));
      // The cable's other end is free of its peer.
      const left = (await t.get(detail('interfaces', peerPort.id))).body;
      expect(left.link_peers).toEqual([]);
      expect(left.connected_endpoints).toBeNull();
    });

    it('releases the chassis it led and the bay that held it', async () => {
      const master = await device('del-master');
      const vc = await make('virtual-chassis', { name: 'VC-del', master: master.id });
      expectStatus(await t.delete(detail('devices', master.id)), 204);
      expect((await t.get(detail('virtual-chassis', vc.id))).body).toMatchObject({ master: null, member_count: 0 });
      const chassis = await device('del-chassis', { device_type: parentType.id });
      const bay = await make('device-bays', { device: chassis.id, name: 'Bay 1' });
      const blade = await device('del-blade', { device_type: childType.id });
      expectStatus(await t.patch(detail('device-bays', bay.id), { installed_device: blade.id }), 200);
      expectStatus(await t.delete(detail('devices', blade.id)), 204);
      expect((await t.get(detail('device-bays', bay.id))).body.installed_device).toBeNull();
    });
  });

  describe('filters', () => {
    let platform: Json;
    beforeAll(async () => {
      platform = await make('platforms', { name: 'EOS-F', slug: 'eos-f' });
      await device('f-leaf-1', { platform: platform.id, tenant: tenant.id, serial: 'ABC123', status: 'planned', rack: rack.id, description: 'zebra' });
      const second = await device('f-leaf-2', { site: rtm.id, asset_tag: 'ZX-42', device_type: halfDepth.id, airflow: 'passive', comments: 'needs zebra cabling' });
      const withPorts = await device('f-leaf-3', { site: rtm.id });
      await make('interfaces', { device: withPorts.id, name: 'eth0', type: '1000base-t', mac_address: '00:11:22:33:44:55' });
      await make('console-ports', { device: withPorts.id, name: 'con0' });
      await make('power-ports', { device: withPorts.id, name: 'psu0' });
      await make('rear-ports', { device: second.id, name: 'rear0', type: 'lc' });
      await make('inventory-items', { device: second.id, name: 'Optic', serial: 'OPT-777' });
      await device('f-leaf-4', { location: cage.id });
    });

    it('narrows by place: region, site, location with its children, and rack', async () => {
      expect(await names('name__isw=f-leaf&site=rtm')).toEqual(['f-leaf-2', 'f-leaf-3']);
      expect(await names(`name__isw=f-leaf&site_id=${ams.id}`)).toEqual(['f-leaf-1', 'f-leaf-4']);
      expect(await names(`name__isw=f-leaf&site_id=${ams.id}&site_id=${rtm.id}`)).toEqual(['f-leaf-1', 'f-leaf-2', 'f-leaf-3', 'f-leaf-4']);
      expect(await names('name__isw=f-leaf&region=europe')).toEqual(['f-leaf-1', 'f-leaf-4']);
      expect(await names(`name__isw=f-leaf&region_id=${europe.id}`)).toEqual(['f-leaf-1', 'f-leaf-4']);
      expect(await names(`name__isw=f-leaf&rack_id=${rack.id}`)).toEqual(['f-leaf-1']);
      // The rack's location became the device's; a location's devices include its children's.
      expect(await names(`name__isw=f-leaf&location_id=${hall.id}`)).toEqual(['f-leaf-1', 'f-leaf-4']);
      expect(await names(`name__isw=f-leaf&location_id=${cage.id}`)).toEqual(['f-leaf-4']);
      expect((await t.get(`${DEVICES}?site=nowhere`)).body).toEqual({ site: ['Select a valid choice. nowhere is not one of the available choices.'] });
    });

    it('narrows by role, type, manufacturer, platform, tenant, status and airflow', async () => {
      expect(await names('name__isw=f-leaf&role=leaf')).toEqual(['f-leaf-1', 'f-leaf-2', 'f-leaf-3', 'f-leaf-4']);
      expect(await names(`name__isw=f-leaf&role_id=${role.id}&model=patch-1u`)).toEqual(['f-leaf-2']);
      expect(await names('name__isw=f-leaf&device_type=patch-1u')).toEqual(['f-leaf-2']);
      expect(await names(`name__isw=f-leaf&device_type_id=${halfDepth.id}`)).toEqual(['f-leaf-2']);
      expect(await names('name__isw=f-leaf&manufacturer=arista&is_full_depth=false')).toEqual(['f-leaf-2']);
      expect(await names(`name__isw=f-leaf&manufacturer_id=${other.id}`)).toEqual([]);
      expect(await names('name__isw=f-leaf&platform=eos-f')).toEqual(['f-leaf-1']);
      expect(await names(`name__isw=f-leaf&platform_id=${platform.id}`)).toEqual(['f-leaf-1']);
      expect(await names('name__isw=f-leaf&tenant=acme')).toEqual(['f-leaf-1']);
      expect(await names('name__isw=f-leaf&tenant_id=null')).toEqual(['f-leaf-2', 'f-leaf-3', 'f-leaf-4']);
      expect(await names('name__isw=f-leaf&status=planned')).toEqual(['f-leaf-1']);
      expect(await names('name__isw=f-leaf&status__n=planned')).toEqual(['f-leaf-2', 'f-leaf-3', 'f-leaf-4']);
      expect(await names('name__isw=f-leaf&airflow=passive')).toEqual(['f-leaf-2']);
    });

    it('matches names and serials ignoring case, with the usual lookups', async () => {
      expect(await names('name=F-LEAF-1')).toEqual(['f-leaf-1']);
      expect(await names('name=f-leaf-1&name=f-leaf-2')).toEqual(['f-leaf-1', 'f-leaf-2']);
      expect(await names('name__ic=LEAF-3')).toEqual(['f-leaf-3']);
      expect(await names('name__isw=f-leaf&name__n=f-leaf-1')).toEqual(['f-leaf-2', 'f-leaf-3', 'f-leaf-4']);
      expect(await names('serial=abc123')).toEqual(['f-leaf-1']);
      expect(await names('serial__ic=c12')).toEqual(['f-leaf-1']);
      expect(await names('asset_tag=ZX-42')).toEqual(['f-leaf-2']);
      expect(await names('asset_tag__ic=zx-')).toEqual(['f-leaf-2']);
    });

    it('searches name, serial, asset tag, comments and inventory serials, not the description', async () => {
      expect(await names('q=abc123')).toEqual(['f-leaf-1']);
      expect(await names('q=LEAF-3')).toEqual(['f-leaf-3']);
      expect(await names('q=zx-4')).toEqual(['f-leaf-2']);
      expect(await names('q=opt-777')).toEqual(['f-leaf-2']);
      expect(await names('q=zebra')).toEqual(['f-leaf-2']);
    });

    it('narrows by components, an interface\'s MAC address, and primary addresses', async () => {
      expect(await names('name__isw=f-leaf&interfaces=true')).toEqual(['f-leaf-3']);
      expect(await names('name__isw=f-leaf&interfaces=false')).toEqual(['f-leaf-1', 'f-leaf-2', 'f-leaf-4']);
      expect(await names('name__isw=f-leaf&console_ports=true')).toEqual(['f-leaf-3']);
      expect(await names('name__isw=f-leaf&power_ports=1')).toEqual(['f-leaf-3']);
      expect(await names('name__isw=f-leaf&console_server_ports=true')).toEqual([]);
      expect(await names('name__isw=f-leaf&power_outlets=false')).toEqual(['f-leaf-1', 'f-leaf-2', 'f-leaf-3', 'f-leaf-4']);
      expect(await names('name__isw=f-leaf&module_bays=true')).toEqual([]);
      // Rear ports alone make a device pass-through.
      expect(await names('name__isw=f-leaf&pass_through_ports=true')).toEqual(['f-leaf-2']);
      expect(await names('mac_address=00:11:22:33:44:55')).toEqual(['f-leaf-3']);
      expect(await names('mac_address=00:11:22:33:44:AA')).toEqual([]);
      expect(await names('name__isw=f-leaf&has_primary_ip=false')).toEqual(['f-leaf-1', 'f-leaf-2', 'f-leaf-3', 'f-leaf-4']);
      expect(await names('name__isw=f-leaf&has_primary_ip=true')).toEqual([]);
      // A yes/no value Django's NullBooleanSelect does not read leaves the filter unapplied.
      expect(await names('name__isw=f-leaf&interfaces=maybe')).toEqual(['f-leaf-1', 'f-leaf-2', 'f-leaf-3', 'f-leaf-4']);
    });

    it("narrows by MAC address with NetBox's lookups, in any notation", async () => {
      expect(await names('mac_address=0011.2233.4455')).toEqual(['f-leaf-3']);
      expect(await names('mac_address__ic=33:44')).toEqual(['f-leaf-3']);
      expect(await names('mac_address__isw=00:11&mac_address__iew=44:55')).toEqual(['f-leaf-3']);
      expect(await names('name__isw=f-leaf&mac_address__n=00:11:22:33:44:55')).toEqual(['f-leaf-1', 'f-leaf-2', 'f-leaf-4']);
      expect(await names('name__isw=f-leaf&mac_address__nic=33:44')).toEqual(['f-leaf-1', 'f-leaf-2', 'f-leaf-4']);
    });

    it('reads "without pass-through ports" as lacking front or rear ports, as NetBox excludes both', async () => {
      // f-leaf-2 has rear ports and no front ports: it has pass-through ports, and it lacks them too.
      expect(await names('name__isw=f-leaf&pass_through_ports=false')).toEqual(['f-leaf-1', 'f-leaf-2', 'f-leaf-3', 'f-leaf-4']);
    });

    it('takes config_template_id as NetBox does while no config template exists', async () => {
      expect(await names('name__isw=f-leaf&config_template_id=null')).toEqual(['f-leaf-1', 'f-leaf-2', 'f-leaf-3', 'f-leaf-4']);
      expect((await t.get(`${DEVICES}?config_template_id=7`)).body).toEqual({ config_template_id: ['Select a valid choice. 7 is not one of the available choices.'] });
      expect((await t.get(`${DEVICES}?config_template_id=x`)).body).toEqual({ config_template_id: ['“x” is not a valid value.'] });
    });

    it("ignores names NetBox's device filter set does not have", async () => {
      // `location` (by slug), `comments` and `description` filter other lists, not devices.
      expect(await names('name__isw=f-leaf&location=nowhere&comments=x&description__ic=zz')).toEqual(['f-leaf-1', 'f-leaf-2', 'f-leaf-3', 'f-leaf-4']);
    });
  });

  describe('query counts', () => {
    it('patches a racked device with a platform, a primary address and config contexts in 6 statements on PostgreSQL (7 on SQLite), however full its rack', async () => {
      const platform = await make('platforms', { name: 'EOS counted', slug: 'eos-counted' });
      const crowded = await make('racks', { name: 'Crowded', site: ams.id, u_height: 42 });
      for (const [i, type] of [switchType, twoU, halfDepth, parentType].entries()) await device(`neighbour-${i}`, { rack: crowded.id, position: 10 + 5 * i, face: 'front', device_type: type.id });
      const patched = await device('patched', { rack: crowded.id, position: 1, face: 'front', platform: platform.id, tenant: tenant.id });
      const port = await make('interfaces', { device: patched.id, name: 'eth0', type: '1000base-t' });
      const address = await createOne(t, '/api/ipam/ip-addresses/', { address: '198.51.100.10/24', assigned_object_type: 'dcim.interface', assigned_object_id: port.id });
      expectStatus(await t.patch(detail('devices', patched.id), { primary_ip4: address.id }), 200);
      const patch = (description: string) =>
        statementsDuring(t, async () => {
          const res = await t.patch(detail('devices', patched.id), { description });
          expectStatus(res, 200);
          expect(res.body).toMatchObject({ description, rack: { id: crowded.id }, platform: { id: platform.id }, primary_ip4: { id: address.id } });
          expect(res.body.config_context).toMatchObject({ continent: 'eu', syslog: 'x' });
        });
      await patch('first');
      // Token and user, the transaction, the device with its tags and the devices in its bays, the update and the change
      // record (one statement on PostgreSQL), the commit; then the answer: the device with every table's version and its
      // tags (that it sits in no bay is remembered).
      expect(await patch('second')).toBe(process.env.TEST_DATABASE_URL ? 6 : 7);
      // A change of placement checks the rack again, and refuses what collides.
      expect((await refused(t.patch(detail('devices', patched.id), { position: 10 }))).position).toEqual([expect.stringContaining('U10.0 is already occupied')]);
    });

    it('lists 1,000 devices in the same number of statements as 5, full and brief, with config contexts', async () => {
      const site = await make('sites', { name: 'Bulk', slug: 'bulk' });
      const bulk = [
        body('bulk-chassis', { device_type: parentType.id, site: site.id }),
        body('bulk-blade', { device_type: childType.id, site: site.id }),
        ...Array.from({ length: 998 }, (_, k) => {
          const i = k + 2;
          return body(i % 7 ? `bulk-${String(i).padStart(4, '0')}` : null, {
            device_type: i % 2 ? switchType.id : twoU.id,
            site: site.id,
            tenant: i % 3 ? tenant.id : null,
            local_context_data: i % 5 ? null : { n: i },
          });
        }),
      ];
      // One POST with a list body creates them all.
      const created = await bulkCreate(t, DEVICES, bulk);
      expect(created).toHaveLength(1000);
      const [chassis, blade] = created;
      const bay = await make('device-bays', { device: chassis.id, name: 'Bay' });
      expectStatus(await t.patch(detail('device-bays', bay.id), { installed_device: blade.id }), 200);
      await createOne(t, '/api/extras/config-contexts/', { name: 'bulk', sites: [site.id], data: { bulk: true } });
      for (const mode of ['', '&brief=1']) {
        const small = await pageStatements(t, async () => expect((await t.get(`${DEVICES}?site=bulk&limit=5${mode}`)).body.results).toHaveLength(5));
        const large = await pageStatements(t, async () => {
          const res = await t.get(`${DEVICES}?site=bulk&limit=1000${mode}`);
          expect(res.body.count).toBe(1000);
          expect(res.body.results).toHaveLength(1000);
          const byId = new Map<number, Json>(res.body.results.map((d: Json) => [d.id, d]));
          // Device 7 has no name.
          expect(byId.get(created[7].id)!.display).toBe(`Arista DCS-7050 (${created[7].id})`);
          if (mode) return;
          // The leaf role's context applies too; local data is merged last.
          expect(byId.get(created[3].id)!.config_context).toEqual({ bulk: true, syslog: 'x', nested: { b: 2 } });
          expect(byId.get(created[10].id)!.config_context).toEqual({ bulk: true, syslog: 'x', nested: { b: 2 }, n: 10 });
          expect(byId.get(blade.id)!.parent_device).toMatchObject({ id: chassis.id, device_bay: { id: bay.id } });
        });
        expect(large).toBe(small);
      }
    });
  });
});
