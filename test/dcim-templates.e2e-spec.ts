import { Json, createOne, expectStatus } from './helpers/seed';
import { TestApp } from './helpers/test-app';

const api = (plural: string) => `/api/dcim/${plural}/`;
const detail = (plural: string, id: number) => `/api/dcim/${plural}/${id}/`;
const TIMES = ['created', 'last_updated'];

// NetBox 3.5's serializers, key for key.
const FULL: Record<string, string[]> = {
  'console-port-templates': ['id', 'url', 'display', 'device_type', 'module_type', 'name', 'label', 'type', 'description', ...TIMES],
  'console-server-port-templates': ['id', 'url', 'display', 'device_type', 'module_type', 'name', 'label', 'type', 'description', ...TIMES],
  'power-port-templates': ['id', 'url', 'display', 'device_type', 'module_type', 'name', 'label', 'type', 'maximum_draw', 'allocated_draw', 'description', ...TIMES],
  'power-outlet-templates': ['id', 'url', 'display', 'device_type', 'module_type', 'name', 'label', 'type', 'power_port', 'feed_leg', 'description', ...TIMES],
  'interface-templates': [
    'id', 'url', 'display', 'device_type', 'module_type', 'name', 'label', 'type', 'enabled', 'mgmt_only', 'description', 'bridge', 'poe_mode', 'poe_type', ...TIMES,
  ],
  'rear-port-templates': ['id', 'url', 'display', 'device_type', 'module_type', 'name', 'label', 'type', 'color', 'positions', 'description', ...TIMES],
  'front-port-templates': [
    'id', 'url', 'display', 'device_type', 'module_type', 'name', 'label', 'type', 'color', 'rear_port', 'rear_port_position', 'description', ...TIMES,
  ],
  'module-bay-templates': ['id', 'url', 'display', 'device_type', 'name', 'label', 'position', 'description', ...TIMES],
  'device-bay-templates': ['id', 'url', 'display', 'device_type', 'name', 'label', 'description', ...TIMES],
  'inventory-item-templates': [
    'id', 'url', 'display', 'device_type', 'parent', 'name', 'label', 'role', 'manufacturer', 'part_id', 'description', 'component_type', 'component_id',
    'component', ...TIMES, '_depth',
  ],
};

describe('dcim component templates', () => {
  let t: TestApp;
  let maker: Json;
  let type: Json;
  let parentType: Json;
  let other: Json;
  let moduleType: Json;
  const make = (plural: string, body: Json) => createOne(t, api(plural), body);
  const refused = async (res: Promise<{ status: number; body: Json }>) => {
    const r = await res;
    expect(r.status).toBe(400);
    return r.body;
  };
  const names = async (plural: string, query: string) => (await t.get(`${api(plural)}?${query}`)).body.results.map((o: Json) => o.name);

  beforeAll(async () => {
    t = await TestApp.start();
    maker = await make('manufacturers', { name: 'Juniper', slug: 'juniper' });
    type = await make('device-types', { manufacturer: maker.id, model: 'MX204', slug: 'mx204' });
    parentType = await make('device-types', { manufacturer: maker.id, model: 'Chassis', slug: 'chassis', subdevice_role: 'parent' });
    other = await make('device-types', { manufacturer: maker.id, model: 'EX4300', slug: 'ex4300' });
    moduleType = await make('module-types', { manufacturer: maker.id, model: 'MIC-3D' });
  });
  afterAll(() => t.close());

  it('reads every template in NetBox\'s keys and nests it as {id, url, display, name}', async () => {
    const rear = await make('rear-port-templates', { device_type: type.id, name: 'rear1', type: 'lc', positions: 4 });
    const psu = await make('power-port-templates', { device_type: type.id, name: 'PSU0', maximum_draw: 650, allocated_draw: 300 });
    const bodies: Record<string, Json> = {
      'console-port-templates': { device_type: type.id, name: 'con0', type: 'rj-45', label: 'Console' },
      'console-server-port-templates': { device_type: type.id, name: 'cs0' },
      'power-port-templates': { device_type: type.id, name: 'PSU1' },
      'power-outlet-templates': { device_type: type.id, name: 'out1', power_port: psu.id, feed_leg: 'B' },
      'interface-templates': { device_type: type.id, name: 'et-0/0/0', type: '100gbase-x-qsfp28', mgmt_only: false },
      'rear-port-templates': { device_type: type.id, name: 'rear2', type: 'mpo' },
      'front-port-templates': { device_type: type.id, name: 'front1', type: 'lc', rear_port: rear.id, rear_port_position: 2 },
      'module-bay-templates': { device_type: type.id, name: 'PIC 0', position: '0' },
      'device-bay-templates': { device_type: parentType.id, name: 'Bay 1' },
      'inventory-item-templates': { device_type: type.id, name: 'FPC 0', part_id: '750-1' },
    };
    for (const [plural, body] of Object.entries(bodies)) {
      const created = await make(plural, body);
      expect([plural, Object.keys(created)]).toEqual([plural, FULL[plural]]);
      const brief = (await t.get(`${detail(plural, created.id)}?brief=1`)).body;
      const briefKeys = plural === 'inventory-item-templates' ? ['id', 'url', 'display', 'name', '_depth'] : ['id', 'url', 'display', 'name'];
      expect(Object.keys(brief)).toEqual(briefKeys);
    }
    const con = (await t.get(`${api('console-port-templates')}?name=con0`)).body.results[0];
    expect(con).toMatchObject({ display: 'con0 (Console)', type: { value: 'rj-45', label: 'RJ-45' }, module_type: null, device_type: { id: type.id, model: 'MX204' } });
    const outlet = (await t.get(`${api('power-outlet-templates')}?name=out1`)).body.results[0];
    expect(outlet).toMatchObject({ power_port: { id: psu.id, name: 'PSU0' }, feed_leg: { value: 'B', label: 'B' } });
    const front = (await t.get(`${api('front-port-templates')}?name=front1`)).body.results[0];
    expect(front).toMatchObject({ rear_port: { id: rear.id, name: 'rear1' }, rear_port_position: 2, type: { value: 'lc', label: 'LC' } });
    const iface = (await t.get(`${api('interface-templates')}?name=et-0/0/0`)).body.results[0];
    expect(iface).toMatchObject({ enabled: true, mgmt_only: false, bridge: null, poe_mode: null, poe_type: null });
  });

  it('belongs to a device type or a module type, never both or neither', async () => {
    expect(await refused(t.post(api('interface-templates'), { name: 'x', type: 'virtual' }))).toEqual({
      __all__: ['A component template must be associated with either a device type or a module type.'],
    });
    expect(await refused(t.post(api('interface-templates'), { device_type: type.id, module_type: moduleType.id, name: 'x', type: 'virtual' }))).toEqual({
      __all__: ['A component template cannot be associated with both a device type and a module type.'],
    });
    const onModule = await make('interface-templates', { module_type: moduleType.id, name: 'xe-{module}/0/0', type: '10gbase-x-sfpp' });
    expect(onModule).toMatchObject({ device_type: null, module_type: { id: moduleType.id, model: 'MIC-3D' } });
    expect(await names('interface-templates', `moduletype_id=${moduleType.id}`)).toEqual(['xe-{module}/0/0']);
  });

  it('keeps names unique per device type and per module type', async () => {
    await make('console-port-templates', { device_type: other.id, name: 'con-u' });
    expect(await refused(t.post(api('console-port-templates'), { device_type: other.id, name: 'con-u' }))).toEqual({
      __all__: ['Console port template with this Device type and Name already exists.'],
    });
    await make('console-port-templates', { device_type: type.id, name: 'con-u' });
    await make('console-port-templates', { module_type: moduleType.id, name: 'con-u' });
    expect(await refused(t.post(api('console-port-templates'), { module_type: moduleType.id, name: 'con-u' }))).toEqual({
      __all__: ['Console port template with this Module type and Name already exists.'],
    });
  });

  it('links templates only within one type', async () => {
    const foreignPsu = await make('power-port-templates', { device_type: other.id, name: 'PSU-other' });
    expect(await refused(t.post(api('power-outlet-templates'), { device_type: type.id, name: 'out-x', power_port: foreignPsu.id }))).toEqual({
      __all__: ['Parent power port (PSU-other) must belong to the same device type'],
    });
    const foreignBridge = await make('interface-templates', { device_type: other.id, name: 'br-other', type: 'bridge' });
    expect(await refused(t.post(api('interface-templates'), { device_type: type.id, name: 'eth-x', type: '1000base-t', bridge: foreignBridge.id }))).toEqual({
      bridge: ['Bridge interface (br-other) must belong to the same device type'],
    });
    const rear = await make('rear-port-templates', { device_type: type.id, name: 'rear-2pos', type: 'lc', positions: 2 });
    expect(await refused(t.post(api('front-port-templates'), { device_type: type.id, name: 'front-x', type: 'lc', rear_port: rear.id, rear_port_position: 3 }))).toEqual({
      __all__: ['Invalid rear port position (3); rear port rear-2pos has only 2 positions'],
    });
    expect(await refused(t.post(api('front-port-templates'), { device_type: other.id, name: 'front-y', type: 'lc', rear_port: rear.id }))).toEqual({
      __all__: ['Rear port (rear-2pos) must belong to the same device type'],
    });
    expect(await refused(t.post(api('power-port-templates'), { device_type: type.id, name: 'PSU-x', maximum_draw: 100, allocated_draw: 200 }))).toEqual({
      allocated_draw: ['Allocated draw cannot exceed the maximum draw (100W).'],
    });
  });

  it('puts device bay templates only on parent device types', async () => {
    expect(await refused(t.post(api('device-bay-templates'), { device_type: other.id, name: 'Bay X' }))).toEqual({
      __all__: ['Subdevice role of device type (EX4300) must be set to "parent" to allow device bays.'],
    });
  });

  it('nests inventory item templates in a tree that may name a component template', async () => {
    const psu = await make('power-port-templates', { device_type: other.id, name: 'PSU-inv' });
    const chassis = await make('inventory-item-templates', { device_type: other.id, name: 'Chassis' });
    const supply = await make('inventory-item-templates', {
      device_type: other.id,
      name: 'Power supply',
      parent: chassis.id,
      component_type: 'dcim.powerporttemplate',
      component_id: psu.id,
      manufacturer: maker.id,
    });
    expect(supply).toMatchObject({ parent: chassis.id, _depth: 1, component_type: 'dcim.powerporttemplate', component_id: psu.id, manufacturer: { id: maker.id } });
    expect(supply.component).toMatchObject({ id: psu.id, name: 'PSU-inv' });
    const list = (await t.get(`${api('inventory-item-templates')}?devicetype_id=${other.id}`)).body.results;
    expect(list.map((i: Json) => [i.name, i._depth])).toEqual([['Chassis', 0], ['Power supply', 1]]);
    expect(await names('inventory-item-templates', `parent_id=${chassis.id}`)).toEqual(['Power supply']);
    expect((await t.post(api('inventory-item-templates'), { device_type: other.id, name: 'Bad', component_type: 'dcim.site', component_id: 1 })).status).toBe(400);
  });

  it('filters by device type, name, type and text, and goes with its device type', async () => {
    const doomed = await make('device-types', { manufacturer: maker.id, model: 'Doomed', slug: 'doomed' });
    const a = await make('interface-templates', { device_type: doomed.id, name: 'ge-0/0/1', type: '1000base-t' });
    await make('interface-templates', { device_type: doomed.id, name: 'ge-0/0/10', type: '1000base-t', description: 'uplink' });
    await make('interface-templates', { device_type: doomed.id, name: 'ge-0/0/2', type: '10gbase-x-sfpp' });
    // Natural order: 2 before 10.
    expect(await names('interface-templates', `devicetype_id=${doomed.id}`)).toEqual(['ge-0/0/1', 'ge-0/0/2', 'ge-0/0/10']);
    expect(await names('interface-templates', `devicetype_id=${doomed.id}&type=10gbase-x-sfpp`)).toEqual(['ge-0/0/2']);
    expect(await names('interface-templates', `devicetype_id=${doomed.id}&q=uplink`)).toEqual(['ge-0/0/10']);
    expect(await names('interface-templates', `devicetype_id=${doomed.id}&name__iew=/1`)).toEqual(['ge-0/0/1']);
    expectStatus(await t.delete(detail('device-types', doomed.id)), 204);
    expect((await t.get(detail('interface-templates', a.id))).status).toBe(404);
  });
});
