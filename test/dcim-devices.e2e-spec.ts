import { statementsDuring } from './helpers/queries';
import { Json, bulkCreate, createOne, expectStatus } from './helpers/seed';
import { TestApp } from './helpers/test-app';

jest.setTimeout(180_000);

const api = (plural: string) => `/api/dcim/${plural}/`;
const detail = (plural: string, id: number) => `/api/dcim/${plural}/${id}/`;
const DEVICES = api('devices');

// NetBox 3.5's DeviceWithConfigContext, with the spec's `oob_ip` after `primary_ip6`.
const DEVICE_KEYS = [
  'id', 'url', 'display', 'name', 'device_type', 'device_role', 'tenant', 'platform', 'serial', 'asset_tag', 'site', 'location', 'rack', 'position',
  'face', 'parent_device', 'status', 'airflow', 'primary_ip', 'primary_ip4', 'primary_ip6', 'oob_ip', 'cluster', 'virtual_chassis', 'vc_position',
  'vc_priority', 'description', 'comments', 'local_context_data', 'tags', 'custom_fields', 'config_context', 'config_template', 'created', 'last_updated',
];

describe('dcim devices', () => {
  let t: TestApp;
  let ams: Json;
  let rtm: Json;
  let hall: Json;
  let rack: Json;
  let role: Json;
  let maker: Json;
  let switchType: Json;
  let twoU: Json;
  let halfDepth: Json;
  let zeroU: Json;
  let childType: Json;
  let parentType: Json;
  let tenant: Json;

  const make = (plural: string, body: Json) => createOne(t, api(plural), body);
  const refused = async (res: Promise<{ status: number; body: Json }>) => {
    const r = await res;
    expect(r.status).toBe(400);
    return r.body;
  };
  const device = (name: string | null, fields: Json = {}) => make('devices', { name, device_type: switchType.id, device_role: role.id, site: ams.id, ...fields });
  const names = async (query: string) => (await t.get(`${DEVICES}?${query}&limit=0`)).body.results.map((d: Json) => d.name);

  beforeAll(async () => {
    t = await TestApp.start();
    ams = await make('sites', { name: 'Amsterdam', slug: 'ams' });
    rtm = await make('sites', { name: 'Rotterdam', slug: 'rtm' });
    hall = await make('locations', { name: 'Hall 1', slug: 'hall-1', site: ams.id });
    rack = await make('racks', { name: 'R1', site: ams.id, location: hall.id, u_height: 10 });
    role = await make('device-roles', { name: 'Leaf', slug: 'leaf' });
    maker = await make('manufacturers', { name: 'Arista', slug: 'arista' });
    switchType = await make('device-types', { manufacturer: maker.id, model: 'DCS-7050', slug: 'dcs-7050', airflow: 'front-to-rear' });
    twoU = await make('device-types', { manufacturer: maker.id, model: 'Server 2U', slug: 'server-2u', u_height: 2 });
    halfDepth = await make('device-types', { manufacturer: maker.id, model: 'Patch 1U', slug: 'patch-1u', is_full_depth: false });
    zeroU = await make('device-types', { manufacturer: maker.id, model: 'PDU', slug: 'pdu', u_height: 0 });
    childType = await make('device-types', { manufacturer: maker.id, model: 'Blade', slug: 'blade', u_height: 0, subdevice_role: 'child' });
    parentType = await make('device-types', { manufacturer: maker.id, model: 'Chassis', slug: 'chassis', u_height: 4, subdevice_role: 'parent' });
    tenant = await createOne(t, '/api/tenancy/tenants/', { name: 'Acme', slug: 'acme' });
  });
  afterAll(() => t.close());

  describe('representation', () => {
    it('reads every NetBox key, nested relations and the type\'s airflow', async () => {
      const leaf = await device('leaf-1', { serial: 'SN1', asset_tag: 'AT-1' });
      expect(Object.keys(leaf)).toEqual(DEVICE_KEYS);
      expect(leaf).toMatchObject({
        display: 'leaf-1',
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
        oob_ip: null,
        cluster: null,
        config_context: {},
        local_context_data: null,
      });
    });

    it('nests as {id, url, display, name, display_name}, and labels an unnamed device by its type and id', async () => {
      const named = await device('leaf-nested');
      const brief = (await t.get(`${detail('devices', named.id)}?brief=1`)).body;
      expect(brief).toEqual({ id: named.id, url: named.url, display: 'leaf-nested', name: 'leaf-nested', display_name: 'leaf-nested' });
      const unnamed = await device(null);
      expect(unnamed.display).toBe(`DCS-7050 (${unnamed.id})`);
      const bay = await make('console-ports', { device: unnamed.id, name: 'con0' });
      expect(bay.device).toEqual({ id: unnamed.id, url: unnamed.url, display: `DCS-7050 (${unnamed.id})`, name: null, display_name: `DCS-7050 (${unnamed.id})` });
    });

    it('renders config contexts and local context data, and leaves them out on request', async () => {
      await createOne(t, '/api/extras/config-contexts/', { name: 'ams-ntp', weight: 100, sites: [rtm.id], data: { ntp: ['10.0.0.1'], dns: 'a' } });
      await createOne(t, '/api/extras/config-contexts/', { name: 'leaf-syslog', weight: 200, roles: [role.id], data: { syslog: 'x' } });
      const d = await device('ctx-1', { site: rtm.id, local_context_data: { dns: 'local' } });
      expect(d.config_context).toEqual({ ntp: ['10.0.0.1'], dns: 'local', syslog: 'x' });
      const without = (await t.get(`${detail('devices', d.id)}?exclude=config_context`)).body;
      expect(without).not.toHaveProperty('config_context');
      const listed = (await t.get(`${DEVICES}?name=ctx-1&exclude=config_context`)).body.results[0];
      expect(listed).not.toHaveProperty('config_context');
    });
  });

  describe('validation', () => {
    it('keeps names unique per site and tenant', async () => {
      await device('dup-1');
      expect(await refused(t.post(DEVICES, { name: 'dup-1', device_type: switchType.id, device_role: role.id, site: ams.id }))).toEqual({
        __all__: ['Device name must be unique per site.'],
      });
      await device('dup-1', { site: rtm.id });
      await device('dup-2', { tenant: tenant.id });
      expect(await refused(t.post(DEVICES, { name: 'dup-2', device_type: switchType.id, device_role: role.id, site: ams.id, tenant: tenant.id }))).toEqual({
        __all__: ['Constraint “dcim_device_unique_name_site_tenant” is violated.'],
      });
      // Unnamed devices never clash.
      await device(null);
      await device(null);
    });

    it('keeps rack and location in the device\'s site', async () => {
      expect(await refused(t.post(DEVICES, { name: 'x1', device_type: switchType.id, device_role: role.id, site: rtm.id, rack: rack.id }))).toEqual({
        rack: ['Rack R1 does not belong to site Rotterdam.'],
      });
      expect(await refused(t.post(DEVICES, { name: 'x2', device_type: switchType.id, device_role: role.id, site: rtm.id, location: hall.id }))).toEqual({
        location: ['Location Hall 1 does not belong to site Rotterdam.'],
      });
      const other = await make('locations', { name: 'Hall 2', slug: 'hall-2', site: ams.id });
      expect(await refused(t.post(DEVICES, { name: 'x3', device_type: switchType.id, device_role: role.id, site: ams.id, location: other.id, rack: rack.id }))).toEqual({
        rack: ['Rack R1 does not belong to location Hall 2.'],
      });
    });

    it('places a device at a free position on a face of its rack', async () => {
      // The face is checked first, as NetBox does.
      expect(await refused(t.post(DEVICES, { name: 'p1', device_type: switchType.id, device_role: role.id, site: ams.id, position: 3, face: 'front' }))).toEqual({
        face: ['Cannot select a rack face without assigning a rack.'],
      });
      expect(await refused(t.post(DEVICES, { name: 'p1', device_type: switchType.id, device_role: role.id, site: ams.id, position: 3 }))).toEqual({
        position: ['Cannot select a rack position without assigning a rack.'],
      });
      expect(await refused(t.post(DEVICES, { name: 'p1', device_type: switchType.id, device_role: role.id, site: ams.id, face: 'front' }))).toEqual({
        face: ['Cannot select a rack face without assigning a rack.'],
      });
      expect(await refused(t.post(DEVICES, { name: 'p1', device_type: switchType.id, device_role: role.id, site: ams.id, rack: rack.id, position: 3 }))).toEqual({
        face: ['Must specify rack face when defining rack position.'],
      });
      const server = await device('srv-1', { device_type: twoU.id, rack: rack.id, position: 3, face: 'front' });
      expect(server).toMatchObject({ position: 3, face: { value: 'front', label: 'Front' }, rack: { id: rack.id } });
      // U4 is taken by the 2U server at U3, on both faces: it is full depth.
      for (const face of ['front', 'rear']) {
        expect(await refused(t.post(DEVICES, { name: 'p2', device_type: switchType.id, device_role: role.id, site: ams.id, rack: rack.id, position: 4, face }))).toEqual({
          position: ['U4.0 is already occupied or does not have sufficient space to accommodate this device type: DCS-7050 (1.0U)'],
        });
      }
      // Half-depth devices share a unit from opposite faces.
      await device('patch-front', { device_type: halfDepth.id, rack: rack.id, position: 6, face: 'front' });
      await device('patch-rear', { device_type: halfDepth.id, rack: rack.id, position: 6, face: 'rear' });
      expect(await refused(t.post(DEVICES, { name: 'p3', device_type: halfDepth.id, device_role: role.id, site: ams.id, rack: rack.id, position: 6, face: 'front' }))).toEqual({
        position: ['U6.0 is already occupied or does not have sufficient space to accommodate this device type: Patch 1U (1.0U)'],
      });
      // The rack has ten units: a 2U device fits at U9, not at U10.
      await device('top', { device_type: twoU.id, rack: rack.id, position: 9, face: 'front' });
      expect(await refused(t.post(DEVICES, { name: 'p4', device_type: switchType.id, device_role: role.id, site: ams.id, rack: rack.id, position: 11, face: 'front' }))).toEqual({
        position: ['U11.0 is already occupied or does not have sufficient space to accommodate this device type: DCS-7050 (1.0U)'],
      });
      expect(await refused(t.post(DEVICES, { name: 'p5', device_type: switchType.id, device_role: role.id, site: ams.id, rack: rack.id, position: 1.3, face: 'front' }))).toEqual({
        position: ['Position must be in increments of 0.5 rack units.'],
      });
      expect(await refused(t.post(DEVICES, { name: 'p6', device_type: zeroU.id, device_role: role.id, site: ams.id, rack: rack.id, position: 1, face: 'front' }))).toEqual({
        position: ['A U0 device type (PDU) cannot be assigned to a rack position.'],
      });
      expect(await refused(t.post(DEVICES, { name: 'p7', device_type: childType.id, device_role: role.id, site: ams.id, rack: rack.id, face: 'front' }))).toEqual({
        face: ['Child device types cannot be assigned to a rack face. This is an attribute of the parent device.'],
      });
      // Moving the server onto itself is fine; moving it onto another device is not.
      expectStatus(await t.patch(detail('devices', server.id), { position: 2 }), 200);
      expect((await t.patch(detail('devices', server.id), { position: 5 })).status).toBe(400);
    });

    it('needs a chassis position for a chassis member, unique within the chassis', async () => {
      const master = await device('vc-master');
      const vc = await make('virtual-chassis', { name: 'VC1', master: master.id });
      expect(vc).toMatchObject({ name: 'VC1', master: { id: master.id, name: 'vc-master' }, member_count: 1 });
      expect(await refused(t.post(DEVICES, { name: 'vc-2', device_type: switchType.id, device_role: role.id, site: ams.id, virtual_chassis: vc.id }))).toEqual({
        vc_position: ['A device assigned to a virtual chassis must have its position defined.'],
      });
      await device('vc-2', { virtual_chassis: vc.id, vc_position: 2 });
      const twin = await t.post(DEVICES, { name: 'vc-3', device_type: switchType.id, device_role: role.id, site: ams.id, virtual_chassis: vc.id, vc_position: 2 });
      expect(twin.status).toBe(400);
      expect((await t.get(detail('virtual-chassis', vc.id))).body.member_count).toBe(2);
      const outsider = await device('vc-outsider');
      expect(await refused(t.patch(detail('virtual-chassis', vc.id), { master: outsider.id }))).toEqual({
        master: ['The selected master (vc-outsider) is not assigned to this virtual chassis.'],
      });
      expect(await names(`virtual_chassis_id=${vc.id}`)).toEqual(['vc-2', 'vc-master']);
      expect(await names('virtual_chassis_member=true&name__isw=vc')).toEqual(['vc-2', 'vc-master']);
    });
  });

  describe('creation from templates', () => {
    it('gives a new device every component of its type, linked as the templates are', async () => {
      const type = await make('device-types', { manufacturer: maker.id, model: 'Edge', slug: 'edge', subdevice_role: 'parent' });
      const owner = { device_type: type.id };
      await make('console-port-templates', { ...owner, name: 'con0', type: 'rj-45' });
      await make('console-server-port-templates', { ...owner, name: 'cs0' });
      const psu = await make('power-port-templates', { ...owner, name: 'PSU1', maximum_draw: 500 });
      await make('power-outlet-templates', { ...owner, name: 'out1', power_port: psu.id, feed_leg: 'A' });
      const br = await make('interface-templates', { ...owner, name: 'br0', type: 'bridge' });
      await make('interface-templates', { ...owner, name: 'eth1', type: '1000base-t', mgmt_only: true, bridge: br.id });
      const rear = await make('rear-port-templates', { ...owner, name: 'rear1', type: 'lc', positions: 2 });
      await make('front-port-templates', { ...owner, name: 'front1', type: 'lc', rear_port: rear.id, rear_port_position: 2 });
      await make('module-bay-templates', { ...owner, name: 'slot1', position: '1' });
      await make('device-bay-templates', { ...owner, name: 'bay1' });
      const chassisItem = await make('inventory-item-templates', { ...owner, name: 'Chassis' });
      await make('inventory-item-templates', { ...owner, name: 'PSU', parent: chassisItem.id, component_type: 'dcim.powerporttemplate', component_id: psu.id });

      const edge = await device('edge-1', { device_type: type.id });
      const of = async (plural: string) => (await t.get(`${api(plural)}?device_id=${edge.id}`)).body.results;
      expect((await of('console-ports')).map((p: Json) => [p.name, p.type?.value])).toEqual([['con0', 'rj-45']]);
      expect((await of('console-server-ports')).map((p: Json) => p.name)).toEqual(['cs0']);
      const [port] = await of('power-ports');
      expect(port).toMatchObject({ name: 'PSU1', maximum_draw: 500 });
      expect((await of('power-outlets'))[0]).toMatchObject({ name: 'out1', power_port: { id: port.id }, feed_leg: { value: 'A' } });
      const interfaces = await of('interfaces');
      const bridge = interfaces.find((i: Json) => i.name === 'br0');
      expect(interfaces.find((i: Json) => i.name === 'eth1')).toMatchObject({ mgmt_only: true, bridge: { id: bridge.id } });
      const [rearPort] = await of('rear-ports');
      expect(rearPort).toMatchObject({ name: 'rear1', positions: 2 });
      expect((await of('front-ports'))[0]).toMatchObject({ name: 'front1', rear_port: { id: rearPort.id }, rear_port_position: 2 });
      expect((await of('module-bays'))[0]).toMatchObject({ name: 'slot1', position: '1' });
      expect((await of('device-bays')).map((b: Json) => b.name)).toEqual(['bay1']);
      const items = await of('inventory-items');
      expect(items.map((i: Json) => [i.name, i._depth])).toEqual([['Chassis', 0], ['PSU', 1]]);
      expect(items[1]).toMatchObject({ parent: items[0].id, component_type: 'dcim.powerport', component_id: port.id });
    });

    it('gives a new module its type\'s components, named after its bay\'s position', async () => {
      const lineCard = await make('module-types', { manufacturer: maker.id, model: 'LC-48' });
      await make('interface-templates', { module_type: lineCard.id, name: 'Ethernet{module}/1', type: '10gbase-x-sfpp' });
      await make('interface-templates', { module_type: lineCard.id, name: 'Ethernet{module}/2', type: '10gbase-x-sfpp' });
      const host = await device('modular-1');
      const bay = await make('module-bays', { device: host.id, name: 'Slot 3', position: '3' });
      const module = await make('modules', { device: host.id, module_bay: bay.id, module_type: lineCard.id, serial: 'M1' });
      expect(module).toMatchObject({ device: { id: host.id }, module_bay: { id: bay.id }, module_type: { id: lineCard.id } });
      const interfaces = (await t.get(`${api('interfaces')}?module_id=${module.id}`)).body.results;
      expect(interfaces.map((i: Json) => i.name)).toEqual(['Ethernet3/1', 'Ethernet3/2']);
      expect((await t.get(detail('module-bays', bay.id))).body.installed_module).toEqual({ id: module.id, url: module.url, display: module.display, serial: 'M1' });
      const elsewhere = await device('modular-2');
      expect(await refused(t.post(api('modules'), { device: elsewhere.id, module_bay: bay.id, module_type: lineCard.id }))).toHaveProperty('module_bay');
    });
  });

  describe('relations', () => {
    it('shows the device whose bay holds a child device as its parent', async () => {
      const chassis = await device('chassis-1', { device_type: parentType.id });
      const bay = await make('device-bays', { device: chassis.id, name: 'Bay 1' });
      const blade = await device('blade-1', { device_type: childType.id });
      expectStatus(await t.patch(detail('device-bays', bay.id), { installed_device: blade.id }), 200);
      const read = (await t.get(detail('devices', blade.id))).body;
      expect(read.parent_device).toEqual({
        id: chassis.id,
        url: chassis.url,
        display: 'chassis-1',
        name: 'chassis-1',
        display_name: 'chassis-1',
        device_bay: { id: bay.id, url: bay.url, display: 'Bay 1', name: 'Bay 1' },
      });
      expect(await names(`parent_device_id=${chassis.id}`)).toEqual(['blade-1']);
    });

    it('deletes a device\'s components with it, writing a change record for each', async () => {
      const doomed = await device('doomed-1');
      const a = await make('interfaces', { device: doomed.id, name: 'eth0', type: '1000base-t' });
      const b = await make('console-ports', { device: doomed.id, name: 'con0' });
      const peer = await device('peer-1');
      const peerPort = await make('interfaces', { device: peer.id, name: 'eth0', type: '1000base-t' });
      await createOne(t, api('cables'), {
        a_terminations: [{ object_type: 'dcim.interface', object_id: a.id }],
        b_terminations: [{ object_type: 'dcim.interface', object_id: peerPort.id }],
      });
      const res = await t.delete(detail('devices', doomed.id));
      expectStatus(res, 204);
      expect((await t.get(detail('interfaces', a.id))).status).toBe(404);
      expect((await t.get(detail('console-ports', b.id))).status).toBe(404);
      const changes = (await t.get(`/api/extras/object-changes/?request_id=${res.headers['x-request-id']}&limit=0`)).body.results;
      const deleted = changes.filter((c: Json) => c.action.value === 'delete').map((c: Json) => [c.changed_object_type, c.changed_object_id]);
      expect(deleted).toEqual(expect.arrayContaining([['dcim.interface', a.id], ['dcim.consoleport', b.id], ['dcim.device', doomed.id]]));
      // Each component's record names the device it belonged to.
      const related = (await t.get(`/api/extras/object-changes/?related_object_type=dcim.device&related_object_id=${doomed.id}&action=delete`)).body.results;
      expect(related.map((c: Json) => c.changed_object_type).sort()).toEqual(['dcim.consoleport', 'dcim.interface']);
      // The cable's other end is free of its peer.
      const left = (await t.get(detail('interfaces', peerPort.id))).body;
      expect(left.link_peers).toEqual([]);
      expect(left.connected_endpoints).toBeNull();
    });
  });

  describe('filters', () => {
    let platform: Json;
    beforeAll(async () => {
      platform = await make('platforms', { name: 'EOS', slug: 'eos' });
      await device('f-leaf-1', { platform: platform.id, tenant: tenant.id, serial: 'ABC123', status: 'planned', rack: rack.id });
      await device('f-leaf-2', { site: rtm.id, asset_tag: 'F-2', device_type: halfDepth.id });
      const withPorts = await device('f-leaf-3', { site: rtm.id });
      await make('interfaces', { device: withPorts.id, name: 'eth0', type: '1000base-t', mac_address: '00:11:22:33:44:55' });
    });

    it('narrows by site, rack, role, type, platform, tenant, status and text', async () => {
      expect(await names('name__isw=f-leaf&site=rtm')).toEqual(['f-leaf-2', 'f-leaf-3']);
      expect(await names(`name__isw=f-leaf&site_id=${ams.id}`)).toEqual(['f-leaf-1']);
      expect(await names(`name__isw=f-leaf&rack_id=${rack.id}`)).toEqual(['f-leaf-1']);
      expect(await names(`name__isw=f-leaf&location_id=${hall.id}`)).toEqual([]);
      expect(await names('name__isw=f-leaf&role=leaf')).toEqual(['f-leaf-1', 'f-leaf-2', 'f-leaf-3']);
      expect(await names(`name__isw=f-leaf&role_id=${role.id}&model=patch-1u`)).toEqual(['f-leaf-2']);
      expect(await names(`name__isw=f-leaf&device_type_id=${halfDepth.id}`)).toEqual(['f-leaf-2']);
      expect(await names('name__isw=f-leaf&manufacturer=arista&is_full_depth=false')).toEqual(['f-leaf-2']);
      expect(await names('name__isw=f-leaf&platform=eos')).toEqual(['f-leaf-1']);
      expect(await names('name__isw=f-leaf&tenant=acme')).toEqual(['f-leaf-1']);
      expect(await names('name__isw=f-leaf&status=planned')).toEqual(['f-leaf-1']);
      expect(await names('serial=ABC123')).toEqual(['f-leaf-1']);
      expect(await names('asset_tag=F-2')).toEqual(['f-leaf-2']);
      expect(await names('q=abc123')).toEqual(['f-leaf-1']);
      expect(await names('name__isw=f-leaf&has_primary_ip=false')).toEqual(['f-leaf-1', 'f-leaf-2', 'f-leaf-3']);
    });

    it('narrows by components and an interface\'s MAC address', async () => {
      expect(await names('name__isw=f-leaf&interfaces=true')).toEqual(['f-leaf-3']);
      expect(await names('name__isw=f-leaf&interfaces=false')).toEqual(['f-leaf-1', 'f-leaf-2']);
      expect(await names('mac_address=00:11:22:33:44:55')).toEqual(['f-leaf-3']);
      expect((await t.get(`${DEVICES}?site=nowhere`)).status).toBe(400);
    });
  });

  describe('query counts', () => {
    it('lists 1,000 devices in the same number of statements as 5, with config contexts', async () => {
      const site = await make('sites', { name: 'Bulk', slug: 'bulk' });
      const bulk = Array.from({ length: 1000 }, (_, i) => ({
        name: `bulk-${String(i).padStart(4, '0')}`,
        device_type: i % 2 ? switchType.id : twoU.id,
        device_role: role.id,
        site: site.id,
        tenant: i % 3 ? tenant.id : null,
      }));
      for (let i = 0; i < bulk.length; i += 250) await bulkCreate(t, DEVICES, bulk.slice(i, i + 250));
      await createOne(t, '/api/extras/config-contexts/', { name: 'bulk', sites: [site.id], data: { bulk: true } });
      for (const mode of ['', '&brief=1']) {
        const small = await statementsDuring(t, async () => expect((await t.get(`${DEVICES}?site=bulk&limit=5${mode}`)).body.results).toHaveLength(5));
        const large = await statementsDuring(t, async () => {
          const res = await t.get(`${DEVICES}?site=bulk&limit=1000${mode}`);
          expect(res.body.results).toHaveLength(1000);
          // The leaf role's context applies too.
          if (!mode) expect(res.body.results[999].config_context).toEqual({ bulk: true, syslog: 'x' });
        });
        expect(large).toBe(small);
      }
    });
  });
});
