import { Json, createOne, expectStatus } from './helpers/seed';
import { TestApp } from './helpers/test-app';

jest.setTimeout(120_000);

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
const KINDS = Object.keys(FULL);
const MODULAR = KINDS.filter((k) => FULL[k].includes('module_type'));

describe('dcim component templates', () => {
  let t: TestApp;
  let maker: Json;
  let type: Json;
  let parentType: Json;
  let other: Json;
  let moduleType: Json;
  let otherModule: Json;
  const make = (plural: string, body: Json) => createOne(t, api(plural), body);
  const refused = async (res: Promise<{ status: number; body: Json }>) => {
    const r = await res;
    expect(r.status).toBe(400);
    return r.body;
  };
  const list = async (plural: string, query: string) => {
    const res = await t.get(`${api(plural)}?${query}`);
    expectStatus(res, 200);
    return res.body.results as Json[];
  };
  const names = async (plural: string, query: string) => (await list(plural, query)).map((o) => o.name);
  let typeSeq = 0;
  /** A fresh device type, so that a test's lists hold only its own templates. */
  const freshType = async (fields: Json = {}) => {
    typeSeq += 1;
    return make('device-types', { manufacturer: maker.id, model: `Type ${typeSeq}`, slug: `type-${typeSeq}`, ...fields });
  };
  /** A minimal valid template of each kind on `owner` (`{device_type}` or `{module_type}`). */
  const minimal = async (plural: string, owner: Json, name: string): Promise<Json> => {
    switch (plural) {
      case 'interface-templates':
        return { ...owner, name, type: '1000base-t' };
      case 'rear-port-templates':
        return { ...owner, name, type: '8p8c' };
      case 'front-port-templates': {
        const rear = await make('rear-port-templates', { ...owner, name: `${name}-rear`, type: '8p8c' });
        return { ...owner, name, type: '8p8c', rear_port: rear.id };
      }
      default:
        return { ...owner, name };
    }
  };

  beforeAll(async () => {
    t = await TestApp.start();
    maker = await make('manufacturers', { name: 'Juniper', slug: 'juniper' });
    type = await make('device-types', { manufacturer: maker.id, model: 'MX204', slug: 'mx204' });
    parentType = await make('device-types', { manufacturer: maker.id, model: 'Chassis', slug: 'chassis', subdevice_role: 'parent' });
    other = await make('device-types', { manufacturer: maker.id, model: 'EX4300', slug: 'ex4300' });
    moduleType = await make('module-types', { manufacturer: maker.id, model: 'MIC-3D' });
    otherModule = await make('module-types', { manufacturer: maker.id, model: 'MIC-2D' });
  });
  afterAll(() => t.close());

  describe('representation', () => {
    it('reads every template in NetBox\'s keys and order, and briefly as {id, url, display, name}', async () => {
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
        const read = await t.get(detail(plural, created.id));
        expect([plural, Object.keys(read.body)]).toEqual([plural, FULL[plural]]);
        const brief = (await t.get(`${detail(plural, created.id)}?brief=1`)).body;
        const briefKeys = plural === 'inventory-item-templates' ? ['id', 'url', 'display', 'name', '_depth'] : ['id', 'url', 'display', 'name'];
        expect([plural, Object.keys(brief)]).toEqual([plural, briefKeys]);
        expect(brief.url).toMatch(new RegExp(`/api/dcim/${plural}/${created.id}/$`));
      }
      const [con] = await list('console-port-templates', 'name=con0');
      expect(con).toMatchObject({
        display: 'con0 (Console)',
        label: 'Console',
        type: { value: 'rj-45', label: 'RJ-45' },
        module_type: null,
        device_type: { id: type.id, model: 'MX204', slug: 'mx204', manufacturer: { id: maker.id, name: 'Juniper' } },
        description: '',
      });
      const [cs] = await list('console-server-port-templates', 'name=cs0');
      expect(cs).toMatchObject({ display: 'cs0', type: null, label: '' });
      const [power] = await list('power-port-templates', 'name=PSU0');
      expect(power).toMatchObject({ maximum_draw: 650, allocated_draw: 300, type: null });
      const [outlet] = await list('power-outlet-templates', 'name=out1');
      expect(outlet).toMatchObject({ power_port: { id: psu.id, name: 'PSU0', display: 'PSU0' }, feed_leg: { value: 'B', label: 'B' }, type: null });
      expect(Object.keys(outlet.power_port)).toEqual(['id', 'url', 'display', 'name']);
      const [front] = await list('front-port-templates', 'name=front1');
      expect(front).toMatchObject({ rear_port: { id: rear.id, name: 'rear1' }, rear_port_position: 2, type: { value: 'lc', label: 'LC' }, color: '' });
      const [iface] = await list('interface-templates', 'name=et-0/0/0');
      expect(iface).toMatchObject({ enabled: true, mgmt_only: false, bridge: null, poe_mode: null, poe_type: null });
      const [bay] = await list('module-bay-templates', 'name=PIC 0');
      expect(bay).toMatchObject({ position: '0', device_type: { id: type.id } });
      const [item] = await list('inventory-item-templates', 'name=FPC 0');
      expect(item).toMatchObject({ parent: null, _depth: 0, part_id: '750-1', role: null, manufacturer: null, component_type: null, component_id: null, component: null });
    });
  });

  describe('create, update and delete', () => {
    it('changes and deletes a template of every kind', async () => {
      const owner = await freshType({ subdevice_role: 'parent' });
      for (const plural of KINDS) {
        const created = await make(plural, await minimal(plural, { device_type: owner.id }, 'one'));
        const patched = await t.patch(detail(plural, created.id), { label: 'First', description: 'patched' });
        expectStatus(patched, 200);
        expect([plural, patched.body.label, patched.body.description, patched.body.display]).toEqual([plural, 'First', 'patched', 'one (First)']);
        const renamed = await t.put(detail(plural, created.id), { ...(await minimal(plural, { device_type: owner.id }, 'uno')), label: '' });
        expectStatus(renamed, 200);
        expect([plural, renamed.body.name, renamed.body.label, renamed.body.description]).toEqual([plural, 'uno', '', 'patched']);
        expect((await t.get(detail(plural, created.id))).body.name).toBe('uno');
        expectStatus(await t.delete(detail(plural, created.id)), 204);
        expect([plural, (await t.get(detail(plural, created.id))).status]).toEqual([plural, 404]);
      }
    });

    it('creates templates in bulk, all or none', async () => {
      const owner = await freshType();
      const created = await t.post(api('console-port-templates'), [
        { device_type: owner.id, name: 'con0' },
        { device_type: owner.id, name: 'con1', type: 'usb-c' },
      ]);
      expectStatus(created, 201);
      expect(created.body.map((c: Json) => c.name)).toEqual(['con0', 'con1']);
      const res = await t.post(api('console-port-templates'), [{ device_type: owner.id, name: 'con2' }, { device_type: owner.id, name: 'con3', type: 'bogus' }]);
      expect(res.status).toBe(400);
      expect(res.body).toEqual([{}, { type: ['"bogus" is not a valid choice.'] }]);
      expect(await names('console-port-templates', `devicetype_id=${owner.id}`)).toEqual(['con0', 'con1']);
    });
  });

  describe('owner', () => {
    it('belongs to a device type or a module type, never both or neither', async () => {
      for (const plural of MODULAR) {
        const body = await minimal(plural, { device_type: type.id }, 'x-owner');
        const { device_type: _omit, ...ownerless } = body;
        expect([plural, await refused(t.post(api(plural), ownerless))]).toEqual([
          plural,
          { __all__: ['A component template must be associated with either a device type or a module type.'] },
        ]);
        expect([plural, await refused(t.post(api(plural), { ...body, module_type: moduleType.id }))]).toEqual([
          plural,
          { __all__: ['A component template cannot be associated with both a device type and a module type.'] },
        ]);
      }
      const onModule = await make('interface-templates', { module_type: moduleType.id, name: 'xe-{module}/0/0', type: '10gbase-x-sfpp' });
      expect(onModule).toMatchObject({ device_type: null, module_type: { id: moduleType.id, model: 'MIC-3D', manufacturer: { id: maker.id } } });
      expect(Object.keys(onModule.module_type)).toEqual(['id', 'url', 'display', 'manufacturer', 'model']);
      expect(await refused(t.patch(detail('interface-templates', onModule.id), { device_type: type.id }))).toEqual({
        device_type: ['Component templates cannot be moved to a different device type.'],
      });
      // Another module type is fine.
      expectStatus(await t.patch(detail('interface-templates', onModule.id), { module_type: otherModule.id }), 200);
    });

    it('needs a device type for device bays and inventory items, which module types do not have', async () => {
      for (const plural of ['device-bay-templates', 'inventory-item-templates']) {
        expect([plural, await refused(t.post(api(plural), { name: 'x' }))]).toEqual([plural, { device_type: ['This field is required.'] }]);
      }
    });

    it('stays with its device type, except a device bay template', async () => {
      const con = await make('console-port-templates', { device_type: type.id, name: 'con-stay' });
      expect(await refused(t.patch(detail('console-port-templates', con.id), { device_type: other.id }))).toEqual({
        device_type: ['Component templates cannot be moved to a different device type.'],
      });
      expect(await refused(t.patch(detail('console-port-templates', con.id), { device_type: null, module_type: moduleType.id }))).toEqual({
        device_type: ['Component templates cannot be moved to a different device type.'],
      });
      const item = await make('inventory-item-templates', { device_type: type.id, name: 'item-stay' });
      expect(await refused(t.patch(detail('inventory-item-templates', item.id), { device_type: other.id }))).toEqual({
        device_type: ['Component templates cannot be moved to a different device type.'],
      });
      // NetBox's device bay template does not check it.
      const secondParent = await freshType({ subdevice_role: 'parent' });
      const bay = await make('device-bay-templates', { device_type: parentType.id, name: 'Bay moving' });
      const moved = await t.patch(detail('device-bay-templates', bay.id), { device_type: secondParent.id });
      expectStatus(moved, 200);
      expect(moved.body.device_type.id).toBe(secondParent.id);
    });
  });

  describe('names', () => {
    it('keeps names unique per device type and per module type', async () => {
      await make('console-port-templates', { device_type: other.id, name: 'con-u' });
      expect(await refused(t.post(api('console-port-templates'), { device_type: other.id, name: 'con-u' }))).toEqual({
        __all__: ['Console port template with this Device type and Name already exists.'],
      });
      await make('console-port-templates', { device_type: type.id, name: 'con-u' });
      await make('console-port-templates', { module_type: moduleType.id, name: 'con-u' });
      await make('console-port-templates', { module_type: otherModule.id, name: 'con-u' });
      expect(await refused(t.post(api('console-port-templates'), { module_type: moduleType.id, name: 'con-u' }))).toEqual({
        __all__: ['Console port template with this Module type and Name already exists.'],
      });
      // Another kind of template may share the name.
      await make('power-port-templates', { device_type: other.id, name: 'con-u' });
      const renamed = await make('console-port-templates', { device_type: other.id, name: 'con-v' });
      expect(await refused(t.patch(detail('console-port-templates', renamed.id), { name: 'con-u' }))).toEqual({
        __all__: ['Console port template with this Device type and Name already exists.'],
      });
    });

    it('keeps every kind unique per owner', async () => {
      const owner = await freshType({ subdevice_role: 'parent' });
      for (const plural of KINDS.filter((k) => k !== 'inventory-item-templates')) {
        const body = await minimal(plural, { device_type: owner.id }, 'dup');
        await make(plural, body);
        const again = plural === 'front-port-templates' ? { ...(await minimal(plural, { device_type: owner.id }, 'dup2')), name: 'dup' } : body;
        const res = await refused(t.post(api(plural), again));
        expect([plural, res.__all__?.[0]]).toEqual([plural, expect.stringMatching(/ template with this Device type and Name already exists\.$/)]);
      }
    });

    it('orders interface templates by slot and port before type, other templates naturally', async () => {
      const owner = await freshType();
      for (const name of ['ge-1/0/0', 'xe-0/0/1', 'ge-0/0/10', 'ge-0/0/2']) await make('interface-templates', { device_type: owner.id, name, type: '10gbase-x-sfpp' });
      expect(await names('interface-templates', `devicetype_id=${owner.id}`)).toEqual(['ge-0/0/2', 'ge-0/0/10', 'xe-0/0/1', 'ge-1/0/0']);
      for (const name of ['PSU10', 'PSU2', 'PSU1']) await make('power-port-templates', { device_type: owner.id, name });
      expect(await names('power-port-templates', `devicetype_id=${owner.id}`)).toEqual(['PSU1', 'PSU2', 'PSU10']);
    });
  });

  describe('links within a type', () => {
    it('feeds a power outlet template only from a power port template of the same type', async () => {
      const foreignPsu = await make('power-port-templates', { device_type: other.id, name: 'PSU-other', label: 'Left' });
      expect(await refused(t.post(api('power-outlet-templates'), { device_type: type.id, name: 'out-x', power_port: foreignPsu.id }))).toEqual({
        __all__: ['Parent power port (PSU-other (Left)) must belong to the same device type'],
      });
      const modulePsu = await make('power-port-templates', { module_type: moduleType.id, name: 'PSU-m' });
      expect(await refused(t.post(api('power-outlet-templates'), { module_type: otherModule.id, name: 'out-m', power_port: modulePsu.id }))).toEqual({
        __all__: ['Parent power port (PSU-m) must belong to the same module type'],
      });
      expect(await refused(t.post(api('power-outlet-templates'), { device_type: type.id, name: 'out-d', power_port: modulePsu.id }))).toEqual({
        __all__: ['Parent power port (PSU-m) must belong to the same device type'],
      });
      const ok = await make('power-outlet-templates', { module_type: moduleType.id, name: 'out-ok', power_port: modulePsu.id });
      expect(ok.power_port).toMatchObject({ id: modulePsu.id, name: 'PSU-m' });
      // Deleting the power port leaves the outlet without one.
      expectStatus(await t.delete(detail('power-port-templates', modulePsu.id)), 204);
      expect((await t.get(detail('power-outlet-templates', ok.id))).body.power_port).toBeNull();
    });

    it('bridges an interface template only to another of the same type', async () => {
      const foreignBridge = await make('interface-templates', { device_type: other.id, name: 'br-other', label: 'Bridge', type: 'bridge' });
      expect(await refused(t.post(api('interface-templates'), { device_type: type.id, name: 'eth-x', type: '1000base-t', bridge: foreignBridge.id }))).toEqual({
        bridge: ['Bridge interface (br-other (Bridge)) must belong to the same device type'],
      });
      const moduleBridge = await make('interface-templates', { module_type: moduleType.id, name: 'br-m', type: 'bridge' });
      expect(await refused(t.post(api('interface-templates'), { module_type: otherModule.id, name: 'eth-m', type: '1000base-t', bridge: moduleBridge.id }))).toEqual({
        bridge: ['Bridge interface (br-m) must belong to the same module type'],
      });
      const own = await make('interface-templates', { device_type: type.id, name: 'br0', type: 'bridge' });
      const member = await make('interface-templates', { device_type: type.id, name: 'eth-br', type: '1000base-t', bridge: own.id });
      expect(member.bridge).toEqual({ id: own.id, url: own.url, display: 'br0', name: 'br0' });
      expect(await refused(t.patch(detail('interface-templates', own.id), { bridge: own.id }))).toEqual({ bridge: ['An interface cannot be bridged to itself.'] });
      expect(await names('interface-templates', `bridge_id=${own.id}`)).toEqual(['eth-br']);
      expectStatus(await t.delete(detail('interface-templates', own.id)), 204);
      expect((await t.get(detail('interface-templates', member.id))).body.bridge).toBeNull();
    });

    it('maps a front port template to a position of a rear port template of the same type', async () => {
      const rear = await make('rear-port-templates', { device_type: type.id, name: 'rear-2pos', type: 'lc', positions: 2 });
      expect(await refused(t.post(api('front-port-templates'), { device_type: type.id, name: 'front-x', type: 'lc', rear_port: rear.id, rear_port_position: 3 }))).toEqual({
        __all__: ['Invalid rear port position (3); rear port rear-2pos has only 2 positions'],
      });
      expect(await refused(t.post(api('front-port-templates'), { device_type: other.id, name: 'front-y', type: 'lc', rear_port: rear.id }))).toEqual({
        __all__: ['Rear port (rear-2pos) must belong to the same device type'],
      });
      expect(await refused(t.post(api('front-port-templates'), { device_type: type.id, name: 'front-z', type: 'lc' }))).toEqual({ rear_port: ['This field is required.'] });
      expect(await refused(t.post(api('front-port-templates'), { device_type: type.id, name: 'front-0', type: 'lc', rear_port: rear.id, rear_port_position: 0 }))).toEqual({
        rear_port_position: ['Ensure this value is greater than or equal to 1.'],
      });
      const first = await make('front-port-templates', { device_type: type.id, name: 'front-1', type: 'lc', rear_port: rear.id });
      expect(first.rear_port_position).toBe(1);
      expect(await refused(t.post(api('front-port-templates'), { device_type: type.id, name: 'front-1b', type: 'lc', rear_port: rear.id, rear_port_position: 1 }))).toEqual({
        __all__: ['Front port template with this Rear port and Rear port position already exists.'],
      });
      await make('front-port-templates', { device_type: type.id, name: 'front-2', type: 'lc', rear_port: rear.id, rear_port_position: 2 });
      // Deleting the rear port takes its front ports along.
      expectStatus(await t.delete(detail('rear-port-templates', rear.id)), 204);
      expect((await t.get(detail('front-port-templates', first.id))).status).toBe(404);
    });

    it('caps allocated draw at the maximum draw', async () => {
      expect(await refused(t.post(api('power-port-templates'), { device_type: type.id, name: 'PSU-x', maximum_draw: 100, allocated_draw: 200 }))).toEqual({
        allocated_draw: ['Allocated draw cannot exceed the maximum draw (100W).'],
      });
      expect(await refused(t.post(api('power-port-templates'), { device_type: type.id, name: 'PSU-y', maximum_draw: 0 }))).toEqual({
        maximum_draw: ['Ensure this value is greater than or equal to 1.'],
      });
    });

    it('puts device bay templates only on parent device types', async () => {
      expect(await refused(t.post(api('device-bay-templates'), { device_type: other.id, name: 'Bay X' }))).toEqual({
        __all__: ['Subdevice role of device type (EX4300) must be set to "parent" to allow device bays.'],
      });
      const bay = await make('device-bay-templates', { device_type: parentType.id, name: 'Bay 2' });
      expect(bay.device_type.id).toBe(parentType.id);
    });
  });

  describe('inventory item templates', () => {
    it('nest in a tree: parent as a plain id, depth, and the component template an item stands for', async () => {
      const owner = await freshType();
      const role = await make('inventory-item-roles', { name: 'Power', slug: 'power', color: 'ffff00' });
      const psu = await make('power-port-templates', { device_type: owner.id, name: 'PSU-inv' });
      const chassis = await make('inventory-item-templates', { device_type: owner.id, name: 'Chassis' });
      const supply = await make('inventory-item-templates', {
        device_type: owner.id,
        name: 'Power supply',
        parent: chassis.id,
        component_type: 'dcim.powerporttemplate',
        component_id: psu.id,
        manufacturer: maker.id,
        role: role.id,
      });
      expect(supply).toMatchObject({
        parent: chassis.id,
        _depth: 1,
        component_type: 'dcim.powerporttemplate',
        component_id: psu.id,
        manufacturer: { id: maker.id, name: 'Juniper' },
        role: { id: role.id, name: 'Power' },
      });
      expect(supply.component).toEqual({ id: psu.id, url: psu.url, display: 'PSU-inv', name: 'PSU-inv' });
      const fan = await make('inventory-item-templates', { device_type: owner.id, name: 'Fan', parent: supply.id });
      expect(fan._depth).toBe(2);
      expect((await t.get(`${detail('inventory-item-templates', fan.id)}?brief=1`)).body).toEqual({ id: fan.id, url: fan.url, display: 'Fan', name: 'Fan', _depth: 2 });
      expect(await names('inventory-item-templates', `parent_id=${chassis.id}`)).toEqual(['Power supply']);
      expect(await names('inventory-item-templates', `component_type=dcim.powerporttemplate&devicetype_id=${owner.id}`)).toEqual(['Power supply']);
      expect(await names('inventory-item-templates', `role_id=${role.id}`)).toEqual(['Power supply']);
      expect(await names('inventory-item-templates', `manufacturer=juniper&devicetype_id=${owner.id}`)).toEqual(['Power supply']);
      expect(await refused(t.post(api('inventory-item-templates'), { device_type: owner.id, name: 'Bad', component_type: 'dcim.site', component_id: 1 }))).toEqual({
        component_type: ['Invalid content type: dcim.site'],
      });
      expect(Object.keys(await refused(t.post(api('inventory-item-templates'), { device_type: owner.id, name: 'Bad', parent: 999999 })))).toEqual(['parent']);
      expect(await refused(t.patch(detail('inventory-item-templates', chassis.id), { parent: fan.id }))).toEqual({
        parent: ['Cannot assign self or child inventory item template as parent.'],
      });
      // Deleting an item takes the ones below it along.
      expectStatus(await t.delete(detail('inventory-item-templates', chassis.id)), 204);
      expect(await names('inventory-item-templates', `devicetype_id=${owner.id}`)).toEqual([]);
      expect((await t.get(detail('power-port-templates', psu.id))).status).toBe(200);
    });

    it('list in tree order, each tree in the order it was started and children in the order they were added', async () => {
      const owner = await freshType();
      const add = (name: string, parent?: Json) => make('inventory-item-templates', { device_type: owner.id, name, parent: parent?.id ?? null });
      const z = await add('Zeta');
      const a = await add('Alpha');
      await add('z-child', a);
      const aChild = await add('a-child', a);
      await add('deep', aChild);
      await add('under-zeta', z);
      const tree = await list('inventory-item-templates', `devicetype_id=${owner.id}`);
      expect(tree.map((i) => [i.name, i._depth])).toEqual([
        ['Zeta', 0],
        ['under-zeta', 1],
        ['Alpha', 0],
        ['z-child', 1],
        ['a-child', 1],
        ['deep', 2],
      ]);
    });

    it('keeps names unique among siblings, though not among top-level items, as NetBox', async () => {
      const owner = await freshType();
      const root = await make('inventory-item-templates', { device_type: owner.id, name: 'Slot' });
      await make('inventory-item-templates', { device_type: owner.id, name: 'Slot' });
      await make('inventory-item-templates', { device_type: owner.id, name: 'Card', parent: root.id });
      expect(await refused(t.post(api('inventory-item-templates'), { device_type: owner.id, name: 'Card', parent: root.id }))).toEqual({
        __all__: ['Inventory item template with this Device type, Parent and Name already exists.'],
      });
    });

    it('searches name, part number and description', async () => {
      const owner = await freshType();
      await make('inventory-item-templates', { device_type: owner.id, name: 'Optic', part_id: 'QSFP-100G-LR4' });
      await make('inventory-item-templates', { device_type: owner.id, name: 'Fan tray', description: 'hot-swap' });
      await make('inventory-item-templates', { device_type: owner.id, name: 'Chassis', label: 'qsfp cage' });
      const q = (text: string) => names('inventory-item-templates', `devicetype_id=${owner.id}&q=${text}`);
      expect(await q('qsfp')).toEqual(['Optic']);
      expect(await q('HOT')).toEqual(['Fan tray']);
      expect(await q('chas')).toEqual(['Chassis']);
      expect(await names('inventory-item-templates', `devicetype_id=${owner.id}&part_id__ic=100g`)).toEqual(['Optic']);
    });
  });

  describe('filters', () => {
    let doomed: Json;
    let spare: Json;
    let module: Json;

    beforeAll(async () => {
      doomed = await freshType();
      spare = await freshType();
      module = await make('module-types', { manufacturer: maker.id, model: 'MIC-filters' });
      await make('interface-templates', { device_type: doomed.id, name: 'ge-0/0/1', type: '1000base-t', label: 'uplink port' });
      await make('interface-templates', { device_type: doomed.id, name: 'ge-0/0/10', type: '1000base-t', description: 'uplink', mgmt_only: true });
      await make('interface-templates', { device_type: doomed.id, name: 'ge-0/0/2', type: '10gbase-x-sfpp', enabled: false, poe_mode: 'pse', poe_type: 'type1-ieee802.3af' });
      await make('interface-templates', { device_type: spare.id, name: 'uplink0', type: '1000base-t' });
      await make('interface-templates', { module_type: module.id, name: 'xe-{module}/0/9', type: '10gbase-x-sfpp' });
    });

    it('by device type and module type, several ids OR\'d, __n and null', async () => {
      expect(await names('interface-templates', `devicetype_id=${doomed.id}`)).toEqual(['ge-0/0/1', 'ge-0/0/2', 'ge-0/0/10']);
      expect(await names('interface-templates', `devicetype_id=${doomed.id}&devicetype_id=${spare.id}&name__isw=u`)).toEqual(['uplink0']);
      expect((await list('interface-templates', `devicetype_id=${doomed.id}&devicetype_id=${spare.id}`)).length).toBe(4);
      expect(await names('interface-templates', `moduletype_id=${module.id}`)).toEqual(['xe-{module}/0/9']);
      // Templates of module types have no device type.
      const unowned = await list('interface-templates', 'devicetype_id=null&limit=0');
      expect(unowned.length).toBeGreaterThan(0);
      expect(unowned.every((i) => i.device_type === null && i.module_type !== null)).toBe(true);
      const notDoomed = await names('interface-templates', `devicetype_id__n=${doomed.id}&limit=0`);
      expect(notDoomed).toEqual(expect.arrayContaining(['uplink0', 'xe-{module}/0/9']));
      expect(notDoomed).not.toContain('ge-0/0/1');
      const onOtherModules = await list('interface-templates', `moduletype_id__n=null&moduletype_id__n=${module.id}&limit=0`);
      expect(onOtherModules.length).toBeGreaterThan(0);
      expect(onOtherModules.every((i) => i.module_type !== null && i.module_type.id !== module.id)).toBe(true);
      expect(await names('device-bay-templates', `devicetype_id=${parentType.id}`)).toEqual(expect.arrayContaining(['Bay 1', 'Bay 2']));
    });

    it('refuses owners that do not exist or are not ids', async () => {
      expect(await refused(t.get(`${api('interface-templates')}?devicetype_id=999999`))).toEqual({
        devicetype_id: ['Select a valid choice. 999999 is not one of the available choices.'],
      });
      expect(await refused(t.get(`${api('console-port-templates')}?moduletype_id=abc`))).toEqual({ moduletype_id: ['“abc” is not a valid value.'] });
      expect(await refused(t.get(`${api('module-bay-templates')}?devicetype_id=999999`))).toEqual({
        devicetype_id: ['Select a valid choice. 999999 is not one of the available choices.'],
      });
    });

    it('by name, type, flags and PoE', async () => {
      const scoped = (query: string) => names('interface-templates', `devicetype_id=${doomed.id}&${query}`);
      expect(await scoped('name=ge-0/0/10')).toEqual(['ge-0/0/10']);
      expect(await scoped('name__iew=/1')).toEqual(['ge-0/0/1']);
      expect(await scoped('name__n=ge-0/0/1')).toEqual(['ge-0/0/2', 'ge-0/0/10']);
      expect(await scoped('type=10gbase-x-sfpp')).toEqual(['ge-0/0/2']);
      expect(await scoped('type__n=10gbase-x-sfpp')).toEqual(['ge-0/0/1', 'ge-0/0/10']);
      expect(await scoped('enabled=false')).toEqual(['ge-0/0/2']);
      expect(await scoped('mgmt_only=true')).toEqual(['ge-0/0/10']);
      expect(await scoped('poe_mode=pse')).toEqual(['ge-0/0/2']);
      expect(await scoped('poe_type=type1-ieee802.3af')).toEqual(['ge-0/0/2']);
      expect(await refused(t.get(`${api('interface-templates')}?type=bogus`))).toEqual({ type: ['Select a valid choice. bogus is not one of the available choices.'] });
    });

    it('answers the lookups the Ansible collection sends, ignoring device_type as NetBox does', async () => {
      const rear = await make('rear-port-templates', { device_type: doomed.id, name: 'Rear Port Template', type: 'lc', positions: 2 });
      const spareRear = await make('rear-port-templates', { device_type: spare.id, name: 'Rear Port Template', type: 'lc' });
      await make('front-port-templates', { device_type: doomed.id, name: 'Front Port Template', type: 'lc', rear_port: rear.id });
      await make('front-port-templates', { device_type: spare.id, name: 'Front Port Template', type: 'lc', rear_port: spareRear.id });
      await make('power-outlet-templates', { device_type: doomed.id, name: 'Power Outlet Template', type: 'iec-60320-c13', feed_leg: 'A' });
      await make('power-outlet-templates', { device_type: spare.id, name: 'Power Outlet Template', type: 'iec-60320-c13' });
      const owners = async (plural: string, query: string) => {
        const res = await t.get(`${api(plural)}?${query}`);
        expectStatus(res, 200);
        return res.body.results.map((o: Json) => o.device_type.id);
      };
      expect(await owners('rear-port-templates', `device_type=${spare.id}&devicetype_id=${doomed.id}&name=Rear+Port+Template`)).toEqual([doomed.id]);
      for (const plural of ['power-outlet-templates', 'front-port-templates', 'rear-port-templates']) {
        const name = { 'power-outlet-templates': 'Power+Outlet+Template', 'front-port-templates': 'Front+Port+Template', 'rear-port-templates': 'Rear+Port+Template' }[plural];
        expect(await owners(plural, `name=${name}&devicetype_id=${spare.id}`)).toEqual([spare.id]);
        // `device_type` is no filter of NetBox's template filter sets, whatever its value.
        expect(await owners(plural, `name=${name}&device_type=${spare.id}`)).toEqual([doomed.id, spare.id]);
        expect(await owners(plural, `name=${name}&device_type=no-such-type&module_type=1`)).toEqual([doomed.id, spare.id]);
      }
      expect(await names('power-outlet-templates', `devicetype_id=${doomed.id}&feed_leg=A`)).toEqual(['Power Outlet Template']);
      expect(await names('power-outlet-templates', `devicetype_id=${doomed.id}&feed_leg__n=A`)).toEqual([]);
      expect(await names('rear-port-templates', `devicetype_id=${doomed.id}&positions__gte=2&color__empty=true`)).toEqual(['Rear Port Template']);
      // Nor are the label, the description or the rear port, and templates have no tags.
      expect(await names('front-port-templates', `devicetype_id=${doomed.id}&label=x&description=x&rear_port_id=0&tag=none`)).toEqual(['Front Port Template']);
    });

    it('by bridge, and by when they were made, as ChangeLoggedModelFilterSet', async () => {
      const [bridge] = await list('interface-templates', `devicetype_id=${doomed.id}&name=ge-0/0/1`);
      const bridged = await make('interface-templates', { device_type: doomed.id, name: 'ge-0/0/3', type: '1000base-t', bridge: bridge.id });
      expect(await names('interface-templates', `bridge_id=${bridge.id}`)).toEqual(['ge-0/0/3']);
      expect(await names('interface-templates', `devicetype_id=${doomed.id}&bridge_id__n=${bridge.id}`)).toEqual(['ge-0/0/1', 'ge-0/0/2', 'ge-0/0/10']);
      expect(await names('interface-templates', `devicetype_id=${doomed.id}&created__gte=${bridged.created.slice(0, 10)}`)).toContain('ge-0/0/3');
      expect(await names('interface-templates', `devicetype_id=${doomed.id}&last_updated__lt=2000-01-01T00:00:00Z`)).toEqual([]);
      expectStatus(await t.delete(detail('interface-templates', bridged.id)), 204);
    });

    it('searches names only with q, as NetBox\'s template filter sets do', async () => {
      const q = (text: string) => names('interface-templates', `devicetype_id=${doomed.id}&devicetype_id=${spare.id}&q=${text}`);
      expect(await q('uplink')).toEqual(['uplink0']);
      expect(await q('GE-0/0/1')).toEqual(['ge-0/0/1', 'ge-0/0/10']);
      expect(await q('%20')).toHaveLength(4);
    });
  });

  describe('deleting an owner', () => {
    it('removes every template of a device type, and of a module type, and no others', async () => {
      const owner = await freshType({ subdevice_role: 'parent' });
      const mod = await make('module-types', { manufacturer: maker.id, model: 'Doomed module' });
      const made: Array<[string, number]> = [];
      for (const plural of KINDS) made.push([plural, (await make(plural, await minimal(plural, { device_type: owner.id }, `gone-${plural}`))).id]);
      for (const plural of MODULAR) made.push([plural, (await make(plural, await minimal(plural, { module_type: mod.id }, `gone-m-${plural}`))).id]);
      const survivor = await make('console-port-templates', { device_type: other.id, name: 'survivor' });
      expectStatus(await t.delete(detail('device-types', owner.id)), 204);
      expectStatus(await t.delete(`/api/dcim/module-types/${mod.id}/`), 204);
      for (const [plural, id] of made) expect([plural, id, (await t.get(detail(plural, id))).status]).toEqual([plural, id, 404]);
      expect((await t.get(detail('console-port-templates', survivor.id))).status).toBe(200);
    });
  });
});
