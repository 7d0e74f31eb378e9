import { createOne, expectStatus, Json } from './helpers/seed';
import { slugify, unique } from './helpers/fixtures';
import { pageStatements, statementsOf } from './helpers/queries';
import { TestApp } from './helpers/test-app';
import { insertRow, upgradedFrom } from './helpers/upgrade';

/**
 * What NetBox 4.x added to DCIM models 3.5 already had: written and read through /v4, filtered there as 4.6's filter sets
 * declare, left out of /api/ (3.5 neither shows, takes nor filters it), and refused as NetBox refuses it.
 */
describe("NetBox 4.x's fields of DCIM models across API generations", () => {
  let t: TestApp;
  let site: Json;
  let maker: Json;
  let role: Json;
  let chassisType: Json;
  let chassis: Json;

  beforeAll(async () => {
    t = await TestApp.start();
    site = await named('/api/dcim/sites/', 'Berlin');
    maker = await named('/api/dcim/manufacturers/', 'Juniper');
    role = await named('/api/dcim/device-roles/', 'Core');
    chassisType = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: unique('MX'), slug: slugify(unique('mx')), subdevice_role: 'parent' });
    chassis = await device('chassis');
  });
  afterAll(() => t.close());

  async function named(path: string, prefix: string, fields: Json = {}): Promise<Json> {
    const name = unique(prefix);
    return createOne(t, path, { name, slug: slugify(name), ...fields });
  }
  function device(prefix: string, fields: Json = {}): Promise<Json> {
    return createOne(t, '/api/dcim/devices/', { name: unique(prefix), device_type: chassisType.id, device_role: role.id, site: site.id, ...fields });
  }
  async function refused(method: 'post' | 'patch' | 'put', path: string, body: Json | Json[]): Promise<Json> {
    const res = await t[method](path, body);
    expectStatus(res, 400);
    return res.body;
  }
  const read = async (path: string) => (await t.get(path).expect(200)).body;
  const ids = async (path: string) => (await read(path)).results.map((o: Json) => o.id);

  describe('power outlets, inventory items and their roles, outlet and interface templates', () => {
    it("writes an outlet's status and color through /v4, with NetBox's default, and hides them from /api/", async () => {
      const plain = await createOne(t, '/v4/api/dcim/power-outlets/', { device: chassis.id, name: unique('PDU') });
      expect(plain).toMatchObject({ status: { value: 'enabled', label: 'Enabled' }, color: '' });
      const outlet = await createOne(t, '/v4/api/dcim/power-outlets/', { device: chassis.id, name: unique('PDU'), status: 'faulty', color: 'ff0000' });
      expect(Object.keys(outlet).slice(7, 12)).toEqual(['label', 'type', 'status', 'color', 'power_port']);
      expect(outlet).toMatchObject({ status: { value: 'faulty', label: 'Faulty' }, color: 'ff0000' });
      const old = await read(`/api/dcim/power-outlets/${outlet.id}/`);
      expect(old).not.toHaveProperty('status');
      expect(old).not.toHaveProperty('color');
      // 3.5 ignores them in a body, and keeps what 4.x wrote.
      expectStatus(await t.patch(`/api/dcim/power-outlets/${outlet.id}/`, { status: 'disabled', color: '00ff00', label: 'A' }), 200);
      expect(await read(`/v4/api/dcim/power-outlets/${outlet.id}/`)).toMatchObject({ status: { value: 'faulty' }, color: 'ff0000', label: 'A' });

      expect(await ids(`/v4/api/dcim/power-outlets/?device_id=${chassis.id}&status=faulty`)).toEqual([outlet.id]);
      expect(await ids(`/v4/api/dcim/power-outlets/?device_id=${chassis.id}&status__n=faulty`)).toEqual([plain.id]);
      expect(await ids(`/v4/api/dcim/power-outlets/?device_id=${chassis.id}&color=ff0000`)).toEqual([outlet.id]);
      expect((await read(`/api/dcim/power-outlets/?device_id=${chassis.id}&status=faulty`)).count).toBe(2);
      expect((await t.get('/v4/api/dcim/power-outlets/?status=burning')).body).toEqual({ status: ['Select a valid choice. burning is not one of the available choices.'] });

      expect(await refused('post', '/v4/api/dcim/power-outlets/', { device: chassis.id, name: unique('PDU'), status: 'burning', color: 'red' })).toEqual({
        status: ['"burning" is not a valid choice.'],
        color: ['Enter a valid hexadecimal RGB color code.'],
      });
    });

    it("copies an outlet template's color and an interface template's wireless role to the device's components", async () => {
      const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: unique('AP'), slug: slugify(unique('ap')) });
      const template = await createOne(t, '/v4/api/dcim/power-outlet-templates/', { device_type: type.id, name: 'Out1', color: '0000ff' });
      expect(template).toMatchObject({ color: '0000ff' });
      expect(await read(`/api/dcim/power-outlet-templates/${template.id}/`)).not.toHaveProperty('color');
      const radio = await createOne(t, '/v4/api/dcim/interface-templates/', { device_type: type.id, name: 'wlan0', type: 'ieee802.11ax', rf_role: 'ap' });
      const wired = await createOne(t, '/v4/api/dcim/interface-templates/', { device_type: type.id, name: 'eth0', type: '1000base-t' });
      expect(radio).toMatchObject({ rf_role: { value: 'ap', label: 'Access point' } });
      expect(wired.rf_role).toBeNull();
      expect(Object.keys(radio).slice(-3)).toEqual(['rf_role', 'created', 'last_updated']);
      expect(await read(`/api/dcim/interface-templates/${radio.id}/`)).not.toHaveProperty('rf_role');
      expect(await ids(`/v4/api/dcim/interface-templates/?device_type_id=${type.id}&rf_role=ap`)).toEqual([radio.id]);
      expect(await ids(`/v4/api/dcim/power-outlet-templates/?device_type_id=${type.id}&color=0000ff`)).toEqual([template.id]);
      expect(await refused('post', '/v4/api/dcim/interface-templates/', { device_type: type.id, name: 'wlan1', type: 'ieee802.11ax', rf_role: 'mesh' })).toEqual({
        rf_role: ['"mesh" is not a valid choice.'],
      });

      const ap = await createOne(t, '/api/dcim/devices/', { name: unique('ap'), device_type: type.id, device_role: role.id, site: site.id });
      const [outlet] = (await read(`/v4/api/dcim/power-outlets/?device_id=${ap.id}`)).results;
      expect(outlet).toMatchObject({ name: 'Out1', color: '0000ff', status: { value: 'enabled' } });
      const interfaces = (await read(`/v4/api/dcim/interfaces/?device_id=${ap.id}&ordering=name`)).results;
      expect(interfaces.map((i: Json) => [i.name, i.rf_role?.value ?? null])).toEqual([['eth0', null], ['wlan0', 'ap']]);
    });

    it("writes an inventory item's status and its role's comments through /v4 only", async () => {
      const itemRole = await named('/v4/api/dcim/inventory-item-roles/', 'Optics', { comments: 'Pluggables' });
      expect(Object.keys(itemRole).slice(-6)).toEqual(['comments', 'tags', 'custom_fields', 'created', 'last_updated', 'inventoryitem_count']);
      expect(itemRole.comments).toBe('Pluggables');
      expect(await read(`/api/dcim/inventory-item-roles/${itemRole.id}/`)).not.toHaveProperty('comments');
      const active = await createOne(t, '/v4/api/dcim/inventory-items/', { device: chassis.id, name: unique('SFP'), role: itemRole.id });
      const failed = await createOne(t, '/v4/api/dcim/inventory-items/', { device: chassis.id, name: unique('SFP'), status: 'failed' });
      expect(active.status).toEqual({ value: 'active', label: 'Active' });
      expect(failed.status).toEqual({ value: 'failed', label: 'Failed' });
      expect(Object.keys(failed).slice(6, 10)).toEqual(['name', 'label', 'status', 'role']);
      expect(await read(`/api/dcim/inventory-items/${failed.id}/`)).not.toHaveProperty('status');
      expect(await ids(`/v4/api/dcim/inventory-items/?device_id=${chassis.id}&status=failed`)).toEqual([failed.id]);
      expect(await ids(`/api/dcim/inventory-items/?device_id=${chassis.id}&status=failed`)).toEqual([active.id, failed.id]);
      expect(await refused('patch', `/v4/api/dcim/inventory-items/${active.id}/`, { status: 'lost' })).toEqual({ status: ['"lost" is not a valid choice.'] });
    });
  });
  describe('bays: enabled, occupied, and module types with bays', () => {
    let childType: Json;
    let card: Json;

    beforeAll(async () => {
      childType = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: unique('Blade'), slug: slugify(unique('blade')), u_height: 0, subdevice_role: 'child' });
      card = await createOne(t, '/api/dcim/module-types/', { manufacturer: maker.id, model: unique('MPC') });
    });

    it('installs a device only in an enabled device bay, and reads a disabled or filled bay as occupied', async () => {
      const open = await createOne(t, '/v4/api/dcim/device-bays/', { device: chassis.id, name: unique('Bay') });
      const closed = await createOne(t, '/v4/api/dcim/device-bays/', { device: chassis.id, name: unique('Bay'), enabled: false });
      expect(open).toMatchObject({ enabled: true, _occupied: false });
      expect(closed).toMatchObject({ enabled: false, _occupied: true });
      expect(Object.keys(open).slice(6, 9)).toEqual(['label', 'enabled', 'description']);
      const old = await read(`/api/dcim/device-bays/${closed.id}/`);
      expect(old).not.toHaveProperty('enabled');
      expect(old).not.toHaveProperty('_occupied');

      const blade = await createOne(t, '/api/dcim/devices/', { name: unique('blade'), device_type: childType.id, device_role: role.id, site: site.id });
      expect(await refused('patch', `/v4/api/dcim/device-bays/${closed.id}/`, { installed_device: blade.id })).toEqual({
        installed_device: ['Cannot install a device in a disabled device bay.'],
      });
      // 3.5 neither sees nor lifts the refusal.
      expect(await refused('patch', `/api/dcim/device-bays/${closed.id}/`, { installed_device: blade.id, enabled: true })).toEqual({
        installed_device: ['Cannot install a device in a disabled device bay.'],
      });
      expect(await refused('post', '/v4/api/dcim/device-bays/', { device: chassis.id, name: unique('Bay'), enabled: false, installed_device: blade.id })).toEqual({
        installed_device: ['Cannot install a device in a disabled device bay.'],
      });
      expect((await read(`/v4/api/dcim/device-bays/${closed.id}/`)).installed_device).toBeNull();

      expectStatus(await t.patch(`/api/dcim/device-bays/${open.id}/`, { installed_device: blade.id }), 200);
      expect(await read(`/v4/api/dcim/device-bays/${open.id}/`)).toMatchObject({ installed_device: { id: blade.id }, _occupied: true });
      // Disabling a bay keeps the device it holds.
      expectStatus(await t.patch(`/v4/api/dcim/device-bays/${open.id}/`, { enabled: false }), 200);
      expect(await read(`/v4/api/dcim/device-bays/${open.id}/`)).toMatchObject({ enabled: false, installed_device: { id: blade.id } });

      expect(await ids(`/v4/api/dcim/device-bays/?device_id=${chassis.id}&enabled=false`)).toEqual([open.id, closed.id].sort((a, b) => a - b));
      expect((await read(`/api/dcim/device-bays/?device_id=${chassis.id}&enabled=true`)).count).toBe(2);
      expect((await read(`/v4/api/dcim/device-bays/?device_id=${chassis.id}&brief=1`)).results[0]).toEqual(
        expect.objectContaining({ enabled: false, _occupied: true }),
      );
      expect(await refused('patch', `/v4/api/dcim/device-bays/${open.id}/`, { enabled: 'sometimes' })).toEqual({ enabled: ['Must be a valid boolean.'] });
    });

    it('installs a module only in an enabled module bay, and reads a disabled or filled bay as occupied', async () => {
      const host = await device('router');
      const slot = await createOne(t, '/v4/api/dcim/module-bays/', { device: host.id, name: 'Slot 0', position: '0' });
      const spare = await createOne(t, '/v4/api/dcim/module-bays/', { device: host.id, name: 'Slot 1', position: '1', enabled: false });
      expect(slot).toMatchObject({ enabled: true, _occupied: false });
      expect(spare).toMatchObject({ enabled: false, _occupied: true });
      expect(await refused('post', '/v4/api/dcim/module-bays/', { device: host.id, name: 'Slot 0' })).toEqual({ __all__: ['Module bay with this Device and Name already exists.'] });
      expect(await read(`/api/dcim/module-bays/${spare.id}/`)).not.toHaveProperty('enabled');
      expect(await refused('post', '/v4/api/dcim/modules/', { device: host.id, module_bay: spare.id, module_type: card.id })).toEqual({
        module_bay: ['Cannot install a module in a disabled module bay.'],
      });
      expect(await refused('post', '/api/dcim/modules/', { device: host.id, module_bay: spare.id, module_type: card.id })).toEqual({
        module_bay: ['Cannot install a module in a disabled module bay.'],
      });
      const module = await createOne(t, '/v4/api/dcim/modules/', { device: host.id, module_bay: slot.id, module_type: card.id });
      expect(await read(`/v4/api/dcim/module-bays/${slot.id}/`)).toMatchObject({ installed_module: { id: module.id }, _occupied: true });
      expect((await read(`/v4/api/dcim/module-bays/${slot.id}/`)).installed_module).toEqual({ id: module.id, url: module.url, display: module.display, serial: '', description: '' });
      expect((await read(`/v4/api/dcim/modules/${module.id}/`)).module_bay).toMatchObject({ id: slot.id, installed_module: { id: module.id } });
      // A module stays in a bay disabled under it, but is not moved into a disabled one.
      expectStatus(await t.patch(`/v4/api/dcim/module-bays/${slot.id}/`, { enabled: false }), 200);
      expectStatus(await t.patch(`/v4/api/dcim/modules/${module.id}/`, { serial: 'X1' }), 200);
      expect(await refused('patch', `/v4/api/dcim/modules/${module.id}/`, { module_bay: spare.id })).toEqual({ module_bay: ['Cannot install a module in a disabled module bay.'] });
      expect(await ids(`/v4/api/dcim/module-bays/?device_id=${host.id}&enabled=true`)).toEqual([]);
      const nested = (await read(`/v4/api/dcim/module-bays/?device_id=${host.id}&brief=1`)).results;
      expect(nested.map((b: Json) => [b.name, b.enabled, b._occupied])).toEqual([['Slot 0', false, true], ['Slot 1', false, true]]);
    });

    it("gives a module its type's module bays, enabled as their templates, named and placed by its own bay's position", async () => {
      const sled = await createOne(t, '/api/dcim/module-types/', { manufacturer: maker.id, model: unique('Sled') });
      const template = await createOne(t, '/v4/api/dcim/module-bay-templates/', { module_type: sled.id, name: 'PIC {module}/0', position: '{module}/0' });
      const off = await createOne(t, '/v4/api/dcim/module-bay-templates/', { module_type: sled.id, name: 'PIC {module}/1', position: '{module}/1', enabled: false });
      expect(Object.keys(template)).toEqual(['id', 'url', 'display', 'device_type', 'module_type', 'name', 'label', 'position', 'enabled', 'description', 'created', 'last_updated']);
      expect(template).toMatchObject({ device_type: null, module_type: { id: sled.id }, enabled: true });
      const old = await read(`/api/dcim/module-bay-templates/${off.id}/`);
      expect(old).not.toHaveProperty('module_type');
      expect(old).not.toHaveProperty('enabled');
      expect(await ids(`/v4/api/dcim/module-bay-templates/?module_type_id=${sled.id}`)).toEqual([template.id, off.id]);
      expect(await ids(`/v4/api/dcim/module-bay-templates/?module_type_id=${sled.id}&enabled=false`)).toEqual([off.id]);
      expect((await read(`/api/dcim/module-bay-templates/?moduletype_id=${sled.id}`)).count).toBe((await read('/api/dcim/module-bay-templates/')).count);
      expect(await ids(`/v4/api/dcim/module-types/?id=${sled.id}&id=${card.id}&module_bays=true`)).toEqual([sled.id]);
      expect(await ids(`/v4/api/dcim/module-types/?id=${sled.id}&id=${card.id}&module_bays=false`)).toEqual([card.id]);

      expect(await refused('post', '/v4/api/dcim/module-bay-templates/', { device_type: chassisType.id, module_type: sled.id, name: 'Both' })).toEqual({
        __all__: ['A component template cannot be associated with both a device type and a module type.'],
      });
      expect(await refused('post', '/v4/api/dcim/module-bay-templates/', { name: 'Neither' })).toEqual({
        __all__: ['A component template must be associated with either a device type or a module type.'],
      });
      expect(await refused('post', '/v4/api/dcim/module-bay-templates/', { module_type: sled.id, name: 'PIC {module}/0' })).toEqual({
        __all__: ['Module bay template with this Module type and Name already exists.'],
      });

      // Two sleds of a type in one device: their bays share names, each under its own module.
      const host = await device('router');
      const modules: Json[] = [];
      for (const position of ['3', '4']) {
        const bay = await createOne(t, '/api/dcim/module-bays/', { device: host.id, name: `Slot ${position}`, position });
        modules.push(await createOne(t, '/v4/api/dcim/modules/', { device: host.id, module_bay: bay.id, module_type: sled.id }));
      }
      const bays = (await read(`/v4/api/dcim/module-bays/?device_id=${host.id}&module_id=${modules[0].id}`)).results;
      expect(bays.map((b: Json) => [b.name, b.position, b.enabled, b.module?.id])).toEqual([
        ['PIC 3/0', '3/0', true, modules[0].id],
        ['PIC 3/1', '3/1', false, modules[0].id],
      ]);
      expect((await read(`/v4/api/dcim/module-bays/?device_id=${host.id}&module_id=${modules[1].id}`)).results.map((b: Json) => b.name)).toEqual(['PIC 4/0', 'PIC 4/1']);
    });

    it("gives a device its type's device bays, enabled as their templates", async () => {
      const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: unique('Enclosure'), slug: slugify(unique('enclosure')), subdevice_role: 'parent' });
      const on = await createOne(t, '/v4/api/dcim/device-bay-templates/', { device_type: type.id, name: 'Bay 1' });
      const off = await createOne(t, '/v4/api/dcim/device-bay-templates/', { device_type: type.id, name: 'Bay 2', enabled: false });
      expect(Object.keys(off)).toEqual(['id', 'url', 'display', 'device_type', 'name', 'label', 'enabled', 'description', 'created', 'last_updated']);
      expect([on.enabled, off.enabled]).toEqual([true, false]);
      expect(await read(`/api/dcim/device-bay-templates/${off.id}/`)).not.toHaveProperty('enabled');
      expect(await ids(`/v4/api/dcim/device-bay-templates/?device_type_id=${type.id}&enabled=false`)).toEqual([off.id]);
      const enclosure = await createOne(t, '/api/dcim/devices/', { name: unique('enclosure'), device_type: type.id, device_role: role.id, site: site.id });
      const bays = (await read(`/v4/api/dcim/device-bays/?device_id=${enclosure.id}`)).results;
      expect(bays.map((b: Json) => [b.name, b.enabled, b._occupied])).toEqual([['Bay 1', true, false], ['Bay 2', false, true]]);
    });

    it('reads the bays of a page in the same statements whatever their number', async () => {
      const few = await device('few');
      const many = await device('many');
      await createOne(t, '/api/dcim/module-bays/', { device: few.id, name: 'Slot 0' });
      for (const n of [0, 1, 2, 3]) {
        const bay = await createOne(t, '/api/dcim/module-bays/', { device: many.id, name: `Slot ${n}`, enabled: n !== 1 });
        if (n === 2) await createOne(t, '/api/dcim/modules/', { device: many.id, module_bay: bay.id, module_type: card.id });
      }
      for (const list of ['module-bays', 'device-bays']) {
        if (list === 'device-bays') for (const d of [few, many]) await createOne(t, '/api/dcim/device-bays/', { device: d.id, name: unique('Bay') });
        const cost = (d: Json) => pageStatements(t, () => t.get(`/v4/api/dcim/${list}/?device_id=${d.id}`).expect(200));
        expect(await cost(many)).toBe(await cost(few));
      }
    });
  });
  describe("a device's out-of-band address", () => {
    const address = (address: string, iface: Json, fields: Json = {}) =>
      createOne(t, '/api/ipam/ip-addresses/', { address, assigned_object_type: 'dcim.interface', assigned_object_id: iface.id, ...fields });
    const iface = (d: Json, name: string) => createOne(t, '/api/dcim/interfaces/', { device: d.id, name, type: '1000base-t', mgmt_only: true });

    it('takes an address on one of its interfaces through /v4, shows it there only, and filters by it', async () => {
      const host = await device('oob');
      const [mgmt, other] = [await iface(host, 'fxp0'), await iface(host, 'fxp1')];
      const ip = await address('192.0.2.10/24', mgmt);
      const updated = await t.patch(`/v4/api/dcim/devices/${host.id}/`, { oob_ip: ip.id });
      expectStatus(updated, 200);
      expect(updated.body.oob_ip).toMatchObject({ id: ip.id, address: '192.0.2.10/24' });
      const keys = Object.keys(updated.body);
      expect(keys.slice(keys.indexOf('primary_ip6'), keys.indexOf('primary_ip6') + 3)).toEqual(['primary_ip6', 'oob_ip', 'cluster']);
      expect(await read(`/api/dcim/devices/${host.id}/`)).not.toHaveProperty('oob_ip');
      // 3.5 neither sees nor writes it.
      expectStatus(await t.patch(`/api/dcim/devices/${host.id}/`, { oob_ip: null, serial: 'SN1' }), 200);
      expect((await read(`/v4/api/dcim/devices/${host.id}/`)).oob_ip.id).toBe(ip.id);

      const bare = await device('bare');
      expect(await ids(`/v4/api/dcim/devices/?oob_ip_id=${ip.id}`)).toEqual([host.id]);
      expect(await ids(`/v4/api/dcim/devices/?id=${host.id}&id=${bare.id}&has_oob_ip=true`)).toEqual([host.id]);
      expect(await ids(`/v4/api/dcim/devices/?id=${host.id}&id=${bare.id}&has_oob_ip=false`)).toEqual([bare.id]);
      expect((await read(`/api/dcim/devices/?id=${host.id}&id=${bare.id}&has_oob_ip=true`)).count).toBe(2);
      expect((await t.get('/v4/api/dcim/devices/?oob_ip_id=99999999')).body).toEqual({ oob_ip_id: ['Select a valid choice. 99999999 is not one of the available choices.'] });

      // It may move among the device's own interfaces, not to another device's nor away.
      expectStatus(await t.patch(`/api/ipam/ip-addresses/${ip.id}/`, { assigned_object_id: other.id }), 200);
      const elsewhere = await iface(bare, 'fxp0');
      const moving = { __all__: ['Cannot reassign IP address while it is designated as the OOB IP for the parent object'] };
      expect(await refused('patch', `/v4/api/ipam/ip-addresses/${ip.id}/`, { assigned_object_id: elsewhere.id })).toEqual(moving);
      expect(await refused('patch', `/api/ipam/ip-addresses/${ip.id}/`, { assigned_object_type: null, assigned_object_id: null })).toEqual(moving);
      // Deleted, it is the device's no more.
      expectStatus(await t.delete(`/api/ipam/ip-addresses/${ip.id}/`), 204);
      expect((await read(`/v4/api/dcim/devices/${host.id}/`)).oob_ip).toBeNull();
    });

    it("refuses an address on another device's interface, but takes one whose inside address is the device's, of either family", async () => {
      const host = await device('oob');
      const stranger = await device('stranger');
      const foreign = await address('198.51.100.7/24', await iface(stranger, 'fxp0'));
      expect(await refused('patch', `/v4/api/dcim/devices/${host.id}/`, { oob_ip: foreign.id })).toEqual({
        oob_ip: ['The specified IP address (198.51.100.7/24) is not assigned to this device.'],
      });
      expect(await refused('post', '/v4/api/dcim/devices/', { name: unique('new'), device_type: chassisType.id, role: role.id, site: site.id, oob_ip: foreign.id })).toEqual({
        oob_ip: ['The specified IP address (198.51.100.7/24) is not assigned to this device.'],
      });
      expect(await refused('patch', `/v4/api/dcim/devices/${host.id}/`, { oob_ip: 'fxp0' })).toEqual({
        oob_ip: ['Related objects must be referenced by numeric ID or by dictionary of attributes. Received an unrecognized value: fxp0'],
      });
      const inside = await address('2001:db8::10/64', await iface(host, 'fxp0'));
      const outside = await createOne(t, '/api/ipam/ip-addresses/', { address: '203.0.113.10/32', nat_inside: inside.id });
      expectStatus(await t.patch(`/v4/api/dcim/devices/${host.id}/`, { oob_ip: outside.id }), 200);
      expectStatus(await t.patch(`/v4/api/dcim/devices/${host.id}/`, { oob_ip: inside.id }), 200);
      expect((await read(`/v4/api/dcim/devices/${host.id}/`)).oob_ip).toMatchObject({ id: inside.id, family: 6 });
    });
  });
  describe("read-only lists and numbers: an interface's bridged interfaces, a chassis' members, a reservation's units", () => {
    it("lists the interfaces bridged to an interface on /v4, nested, and nothing on /api/", async () => {
      const host = await device('bridge');
      const make = (name: string, fields: Json = {}) => createOne(t, '/api/dcim/interfaces/', { device: host.id, name, type: '1000base-t', ...fields });
      const br = await make('br0', { type: 'bridge' });
      const eth1 = await make('eth1', { bridge: br.id });
      const eth0 = await make('eth0', { bridge: br.id, description: 'uplink' });
      const lone = await make('eth2');
      const shown = await read(`/v4/api/dcim/interfaces/${br.id}/`);
      const keys = Object.keys(shown);
      expect(keys.slice(keys.indexOf('bridge'), keys.indexOf('bridge') + 3)).toEqual(['bridge', 'bridge_interfaces', 'lag']);
      expect(shown.bridge_interfaces).toEqual([
        { id: eth0.id, url: expect.stringContaining(`/v4/api/dcim/interfaces/${eth0.id}/`), display: 'eth0', device: expect.objectContaining({ id: host.id }), name: 'eth0', description: 'uplink', cable: null, _occupied: false },
        expect.objectContaining({ id: eth1.id, name: 'eth1' }),
      ]);
      expect((await read(`/v4/api/dcim/interfaces/${lone.id}/`)).bridge_interfaces).toEqual([]);
      expect(await read(`/api/dcim/interfaces/${br.id}/`)).not.toHaveProperty('bridge_interfaces');
      // Read-only: a body naming them changes nothing.
      expectStatus(await t.patch(`/v4/api/dcim/interfaces/${lone.id}/`, { bridge_interfaces: [eth0.id] }), 200);
      expect((await read(`/v4/api/dcim/interfaces/${lone.id}/`)).bridge_interfaces).toEqual([]);

      const other = await device('bridge');
      await createOne(t, '/api/dcim/interfaces/', { device: other.id, name: 'br0', type: 'bridge' });
      const cost = (d: Json) => pageStatements(t, () => t.get(`/v4/api/dcim/interfaces/?device_id=${d.id}`).expect(200));
      expect(await cost(host)).toBe(await cost(other));
    });

    it("lists a virtual chassis' members on /v4, nested, and nothing on /api/", async () => {
      const stack = await createOne(t, '/api/dcim/virtual-chassis/', { name: unique('stack') });
      const lone = await createOne(t, '/api/dcim/virtual-chassis/', { name: unique('stack') });
      const members = [await device('sw', { virtual_chassis: stack.id, vc_position: 2 }), await device('sw', { virtual_chassis: stack.id, vc_position: 1 })];
      const shown = await read(`/v4/api/dcim/virtual-chassis/${stack.id}/`);
      expect(Object.keys(shown).slice(-2)).toEqual(['member_count', 'members']);
      expect(shown.member_count).toBe(2);
      expect(shown.members).toEqual(
        [...members]
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((m) => ({ id: m.id, url: expect.stringContaining(`/v4/api/dcim/devices/${m.id}/`), display: m.name, name: m.name, description: '' })),
      );
      expect((await read(`/v4/api/dcim/virtual-chassis/${lone.id}/`)).members).toEqual([]);
      expect(await read(`/api/dcim/virtual-chassis/${stack.id}/`)).not.toHaveProperty('members');
      const cost = (vc: Json) => pageStatements(t, () => t.get(`/v4/api/dcim/virtual-chassis/?id=${vc.id}`).expect(200));
      expect(await cost(stack)).toBe(await cost(lone));
    });

    it("counts a reservation's units on /v4 only", async () => {
      const rack = await createOne(t, '/api/dcim/racks/', { name: unique('R'), site: site.id });
      const reservation = await createOne(t, '/v4/api/dcim/rack-reservations/', { rack: rack.id, units: [3, 1, 2], user: 1, description: 'Lab' });
      expect(reservation).toMatchObject({ units: [1, 2, 3], unit_count: 3 });
      expect(Object.keys(reservation).slice(5, 8)).toEqual(['units', 'unit_count', 'status']);
      expect(await read(`/api/dcim/rack-reservations/${reservation.id}/`)).not.toHaveProperty('unit_count');
      expectStatus(await t.patch(`/v4/api/dcim/rack-reservations/${reservation.id}/`, { units: [5], unit_count: 9 }), 200);
      expect((await read(`/v4/api/dcim/rack-reservations/${reservation.id}/`)).unit_count).toBe(1);
    });
  });
  describe("4.0's counter fields, counted as they are read", () => {
    const DEVICE_COUNTS = [
      'console_port_count', 'console_server_port_count', 'power_port_count', 'power_outlet_count', 'interface_count', 'front_port_count',
      'rear_port_count', 'device_bay_count', 'module_bay_count', 'inventory_item_count',
    ];

    it("counts a device's components on /v4, in 4.6's order, filters by the counts, and neither shows nor counts them on /api/", async () => {
      const host = await device('counted');
      const empty = await device('counted');
      for (const name of ['ge-0/0/0', 'ge-0/0/1', 'ge-0/0/2']) await createOne(t, '/api/dcim/interfaces/', { device: host.id, name, type: '1000base-t' });
      await createOne(t, '/api/dcim/console-ports/', { device: host.id, name: 'con' });
      await createOne(t, '/api/dcim/power-ports/', { device: host.id, name: 'PSU0' });
      const rear = await createOne(t, '/api/dcim/rear-ports/', { device: host.id, name: 'R1', type: 'lc' });
      await createOne(t, '/api/dcim/front-ports/', { device: host.id, name: 'F1', type: 'lc', rear_port: rear.id });
      await createOne(t, '/api/dcim/device-bays/', { device: host.id, name: 'Bay' });
      await createOne(t, '/api/dcim/module-bays/', { device: host.id, name: 'Slot' });
      await createOne(t, '/api/dcim/inventory-items/', { device: host.id, name: 'Fan' });
      const shown = await read(`/v4/api/dcim/devices/${host.id}/`);
      expect(Object.keys(shown).slice(-DEVICE_COUNTS.length)).toEqual(DEVICE_COUNTS);
      expect(shown).toMatchObject({
        console_port_count: 1, console_server_port_count: 0, power_port_count: 1, power_outlet_count: 0, interface_count: 3, front_port_count: 1,
        rear_port_count: 1, device_bay_count: 1, module_bay_count: 1, inventory_item_count: 1,
      });
      expect(await read(`/v4/api/dcim/devices/${empty.id}/`)).toMatchObject(Object.fromEntries(DEVICE_COUNTS.map((k) => [k, 0])));
      const old = await read(`/api/dcim/devices/${host.id}/`);
      for (const key of DEVICE_COUNTS) expect(old).not.toHaveProperty(key);
      // A 3.5 page does not pay for them either.
      const sql = (await statementsOf(t, () => t.get(`/api/dcim/devices/?id=${host.id}`).expect(200))).join('\n');
      expect(sql).not.toMatch(/COUNT\(\*\) FROM "dcim_interface"/);

      const both = `id=${host.id}&id=${empty.id}`;
      expect(await ids(`/v4/api/dcim/devices/?${both}&interface_count=3`)).toEqual([host.id]);
      expect(await ids(`/v4/api/dcim/devices/?${both}&interface_count__gte=1&console_port_count=1`)).toEqual([host.id]);
      expect(await ids(`/v4/api/dcim/devices/?${both}&interface_count__lt=1`)).toEqual([empty.id]);
      expect(await ids(`/v4/api/dcim/devices/?${both}&inventory_item_count__n=1`)).toEqual([empty.id]);
      expect((await read(`/v4/api/dcim/devices/?${both}&ordering=-interface_count`)).results.map((d: Json) => d.id)).toEqual([host.id, empty.id]);
      expect((await read(`/api/dcim/devices/?${both}&interface_count=3`)).count).toBe(2);
      expect((await t.get('/v4/api/dcim/devices/?interface_count=many')).body).toEqual({ interface_count: ['Enter a whole number.'] });
    });

    it("counts a device type's and a module type's templates, a chassis' members, and filters by those counts on /v4 only", async () => {
      const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: unique('QFX'), slug: slugify(unique('qfx')), subdevice_role: 'parent' });
      for (const name of ['et-0/0/0', 'et-0/0/1']) await createOne(t, '/api/dcim/interface-templates/', { device_type: type.id, name, type: '100gbase-x-qsfp28' });
      await createOne(t, '/api/dcim/device-bay-templates/', { device_type: type.id, name: 'Bay' });
      await createOne(t, '/api/dcim/inventory-item-templates/', { device_type: type.id, name: 'Fan' });
      const instance = await createOne(t, '/api/dcim/devices/', { name: unique('qfx'), device_type: type.id, device_role: role.id, site: site.id });
      const shown = await read(`/v4/api/dcim/device-types/${type.id}/`);
      expect(Object.keys(shown).slice(-11)).toEqual([
        'device_count', 'console_port_template_count', 'console_server_port_template_count', 'power_port_template_count', 'power_outlet_template_count',
        'interface_template_count', 'front_port_template_count', 'rear_port_template_count', 'device_bay_template_count', 'module_bay_template_count',
        'inventory_item_template_count',
      ]);
      expect(shown).toMatchObject({ device_count: 1, interface_template_count: 2, device_bay_template_count: 1, inventory_item_template_count: 1, module_bay_template_count: 0 });
      const old = await read(`/api/dcim/device-types/${type.id}/`);
      expect(old.device_count).toBe(1);
      expect(old).not.toHaveProperty('interface_template_count');
      expect(await ids(`/v4/api/dcim/device-types/?id=${type.id}&id=${chassisType.id}&interface_template_count=2`)).toEqual([type.id]);
      expect(await ids(`/v4/api/dcim/device-types/?id=${type.id}&device_count=1`)).toEqual([type.id]);
      expect((await read(`/api/dcim/device-types/?id=${type.id}&device_count=7`)).count).toBe(1);
      expect((await read(`/v4/api/dcim/devices/${instance.id}/`)).interface_count).toBe(2);

      const card = await createOne(t, '/api/dcim/module-types/', { manufacturer: maker.id, model: unique('PIC') });
      await createOne(t, '/api/dcim/interface-templates/', { module_type: card.id, name: 'xe-{module}/0', type: '10gbase-x-sfpp' });
      await createOne(t, '/v4/api/dcim/module-bay-templates/', { module_type: card.id, name: 'Sub {module}' });
      const cardShown = await read(`/v4/api/dcim/module-types/${card.id}/`);
      expect(Object.keys(cardShown).slice(-9)).toEqual([
        'module_count', 'console_port_template_count', 'console_server_port_template_count', 'power_port_template_count', 'power_outlet_template_count',
        'interface_template_count', 'front_port_template_count', 'rear_port_template_count', 'module_bay_template_count',
      ]);
      expect(cardShown).toMatchObject({ module_count: 0, interface_template_count: 1, module_bay_template_count: 1 });
      const oldCard = await read(`/api/dcim/module-types/${card.id}/`);
      expect(oldCard).not.toHaveProperty('interface_template_count');
      expect(oldCard).not.toHaveProperty('module_count');
      expect(await ids(`/v4/api/dcim/module-types/?id=${card.id}&module_bay_template_count__gte=1&module_count=0`)).toEqual([card.id]);

      const stack = await createOne(t, '/api/dcim/virtual-chassis/', { name: unique('stack') });
      await device('member', { virtual_chassis: stack.id, vc_position: 1 });
      expect(await ids(`/v4/api/dcim/virtual-chassis/?id=${stack.id}&member_count=1`)).toEqual([stack.id]);
      expect(await ids(`/v4/api/dcim/virtual-chassis/?id=${stack.id}&member_count=2`)).toEqual([]);
      expect((await read(`/api/dcim/virtual-chassis/?id=${stack.id}&member_count=2`)).count).toBe(1);
    });

    it('reads a page of devices, and of types, in the same statements whatever their number', async () => {
      const devices = [await device('page'), await device('page'), await device('page')];
      await createOne(t, '/api/dcim/interfaces/', { device: devices[1].id, name: 'eth0', type: '1000base-t' });
      const cost = (list: string, objects: Json[]) => pageStatements(t, () => t.get(`/v4/api/dcim/${list}/?${objects.map((o) => `id=${o.id}`).join('&')}`).expect(200));
      expect(await cost('devices', devices)).toBe(await cost('devices', devices.slice(0, 1)));
      const types = [chassisType, await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: unique('EX'), slug: slugify(unique('ex')) })];
      expect(await cost('device-types', types)).toBe(await cost('device-types', types.slice(0, 1)));
    });
  });
  describe("a module's create: replicating its type's components, or adopting the device's", () => {
    let card: Json;

    beforeAll(async () => {
      card = await createOne(t, '/api/dcim/module-types/', { manufacturer: maker.id, model: unique('LC') });
      await createOne(t, '/api/dcim/interface-templates/', { module_type: card.id, name: 'xe-{module}/0', type: '10gbase-x-sfpp' });
      await createOne(t, '/api/dcim/interface-templates/', { module_type: card.id, name: 'xe-{module}/1', type: '10gbase-x-sfpp' });
      await createOne(t, '/api/dcim/console-port-templates/', { module_type: card.id, name: 'con{module}' });
      await createOne(t, '/v4/api/dcim/module-bay-templates/', { module_type: card.id, name: 'SFP {module}' });
    });

    /** A device with a bay at `position`, and what its components are named, by kind, with the module each is in. */
    async function host(position: string | null): Promise<{ device: Json; bay: Json }> {
      const d = await device('modular');
      const bay = await createOne(t, '/api/dcim/module-bays/', { device: d.id, name: `Slot ${position ?? 'x'}`, ...(position === null ? {} : { position }) });
      return { device: d, bay };
    }
    const componentsOf = async (d: Json, list: string) =>
      (await read(`/v4/api/dcim/${list}/?device_id=${d.id}&ordering=name`)).results.map((c: Json) => [c.name, c.module?.id ?? null]);
    const modulesIn = async (d: Json) => (await read(`/v4/api/dcim/modules/?device_id=${d.id}`)).count;

    it("replicates them by default, on both generations, and never shows the flags", async () => {
      const { device: d, bay } = await host('1');
      const module = await createOne(t, '/v4/api/dcim/modules/', { device: d.id, module_bay: bay.id, module_type: card.id, replicate_components: true });
      expect(module).not.toHaveProperty('replicate_components');
      expect(module).not.toHaveProperty('adopt_components');
      expect(await componentsOf(d, 'interfaces')).toEqual([['xe-1/0', module.id], ['xe-1/1', module.id]]);
      expect(await componentsOf(d, 'console-ports')).toEqual([['con1', module.id]]);
      expect((await componentsOf(d, 'module-bays')).map(([name]: string[]) => name)).toEqual(['SFP 1', 'Slot 1']);
      expect(await read(`/v4/api/dcim/modules/${module.id}/`)).not.toHaveProperty('replicate_components');

      // 3.5 knows no flags: its module always replicates.
      const old = await host('2');
      const oldModule = await createOne(t, '/api/dcim/modules/', { device: old.device.id, module_bay: old.bay.id, module_type: card.id, replicate_components: false });
      expect(oldModule).not.toHaveProperty('replicate_components');
      expect(await componentsOf(old.device, 'interfaces')).toEqual([['xe-2/0', oldModule.id], ['xe-2/1', oldModule.id]]);

      const v4 = (await read('/v4/api/schema/?format=json')).components.schemas;
      expect(v4.WritableModuleRequest.properties).toMatchObject({ replicate_components: { type: 'boolean' }, adopt_components: { type: 'boolean' } });
      expect(v4.Module.properties).not.toHaveProperty('replicate_components');
      expect((await read('/api/schema/?format=json')).components.schemas.WritableModuleRequest.properties).not.toHaveProperty('adopt_components');
    });

    it('makes none of them when told not to replicate', async () => {
      const { device: d, bay } = await host('3');
      const module = await createOne(t, '/v4/api/dcim/modules/', { device: d.id, module_bay: bay.id, module_type: card.id, replicate_components: false });
      expect(module.module_type.id).toBe(card.id);
      expect(await componentsOf(d, 'interfaces')).toEqual([]);
      expect(await componentsOf(d, 'console-ports')).toEqual([]);
      expect(await componentsOf(d, 'module-bays')).toEqual([['Slot 3', null]]);
    });

    it("adopts the device's own components of the templates' names, making the others only when also replicating", async () => {
      const { device: d, bay } = await host('4');
      const own = await createOne(t, '/api/dcim/interfaces/', { device: d.id, name: 'xe-4/0', type: '10gbase-x-sfpp', description: 'kept' });
      const module = await createOne(t, '/v4/api/dcim/modules/', { device: d.id, module_bay: bay.id, module_type: card.id, replicate_components: false, adopt_components: true });
      expect(await componentsOf(d, 'interfaces')).toEqual([['xe-4/0', module.id]]);
      expect(await read(`/v4/api/dcim/interfaces/${own.id}/`)).toMatchObject({ module: { id: module.id }, description: 'kept' });
      expect(await componentsOf(d, 'console-ports')).toEqual([]);

      const both = await host('5');
      const con = await createOne(t, '/api/dcim/console-ports/', { device: both.device.id, name: 'con5' });
      const replicated = await createOne(t, '/v4/api/dcim/modules/', { device: both.device.id, module_bay: both.bay.id, module_type: card.id, adopt_components: true });
      expect(await componentsOf(both.device, 'console-ports')).toEqual([['con5', replicated.id]]);
      expect((await read(`/v4/api/dcim/console-ports/${con.id}/`)).module.id).toBe(replicated.id);
      expect(await componentsOf(both.device, 'interfaces')).toEqual([['xe-5/0', replicated.id], ['xe-5/1', replicated.id]]);
    });

    it("refuses, as NetBox's serializer, a name already taken, an adopted component of another module, and a placeholder without a position; writing nothing", async () => {
      const taken = await host('6');
      await createOne(t, '/api/dcim/interfaces/', { device: taken.device.id, name: 'xe-6/1', type: '10gbase-x-sfpp' });
      const body = { device: taken.device.id, module_bay: taken.bay.id, module_type: card.id };
      expect(await refused('post', '/v4/api/dcim/modules/', body)).toEqual({ non_field_errors: ['A Interface named xe-6/1 already exists'] });
      expect(await refused('post', '/api/dcim/modules/', body)).toEqual({ non_field_errors: ['A Interface named xe-6/1 already exists'] });
      expect(await modulesIn(taken.device)).toBe(0);
      expect(await componentsOf(taken.device, 'console-ports')).toEqual([]);
      // Not replicating, nothing is made, and nothing can clash.
      expectStatus(await t.post('/v4/api/dcim/modules/', { ...body, replicate_components: false }), 201);

      const held = await host('7');
      const other = await createOne(t, '/api/dcim/module-bays/', { device: held.device.id, name: 'Slot 8', position: '8' });
      const first = await createOne(t, '/v4/api/dcim/modules/', { device: held.device.id, module_bay: other.id, module_type: card.id, replicate_components: false });
      await createOne(t, '/api/dcim/console-ports/', { device: held.device.id, name: 'con7', module: first.id });
      expect(await refused('post', '/v4/api/dcim/modules/', { device: held.device.id, module_bay: held.bay.id, module_type: card.id, adopt_components: true })).toEqual({
        non_field_errors: ['Cannot adopt ConsolePort con7 as it already belongs to a module'],
      });
      expect(await modulesIn(held.device)).toBe(1);

      const nowhere = await host(null);
      expect(await refused('post', '/v4/api/dcim/modules/', { device: nowhere.device.id, module_bay: nowhere.bay.id, module_type: card.id })).toEqual({
        non_field_errors: ['Cannot install module with placeholder values in a module bay with no position defined.'],
      });
      expect(await refused('post', '/v4/api/dcim/modules/', { ...body, replicate_components: 'maybe', adopt_components: null })).toEqual({
        replicate_components: ['Must be a valid boolean.'],
        adopt_components: ['This field may not be null.'],
      });
    });
  });
});

describe("upgrading a database to 4.x's DCIM fields", () => {
  jest.setTimeout(120_000);

  it("gives existing outlets, inventory items, bays and templates NetBox's defaults", async () => {
    await upgradedFrom(
      'DcimComponentFields46',
      async (db) => {
        const site = await insertRow(db, 'dcim_site', { name: 'Lyon', slug: 'lyon', status: 'active' });
        const maker = await insertRow(db, 'dcim_manufacturer', { name: 'Acme', slug: 'acme' });
        const type = await insertRow(db, 'dcim_devicetype', { manufacturer_id: maker, model: 'Chassis', slug: 'chassis', subdevice_role: 'parent' });
        const role = await insertRow(db, 'dcim_devicerole', { name: 'Edge', slug: 'edge', color: '00ff00' });
        const device = await insertRow(db, 'dcim_device', { name: 'edge1', _name: 'edge1', site_id: site, device_type_id: type, device_role_id: role, status: 'active' });
        const named = (name: string) => ({ name, _name: name });
        return {
          device,
          outlet: await insertRow(db, 'dcim_poweroutlet', { device_id: device, ...named('PDU1') }),
          itemRole: await insertRow(db, 'dcim_inventoryitemrole', { name: 'Optics', slug: 'optics', color: '9e9e9e' }),
          item: await insertRow(db, 'dcim_inventoryitem', { device_id: device, ...named('SFP'), tree_path: '0000000001/', tree_sort: 'SFP' }),
          moduleBay: await insertRow(db, 'dcim_modulebay', { device_id: device, ...named('Slot 1') }),
          deviceBay: await insertRow(db, 'dcim_devicebay', { device_id: device, ...named('Bay 1') }),
          moduleBayTemplate: await insertRow(db, 'dcim_modulebaytemplate', { device_type_id: type, ...named('Slot 1') }),
          deviceBayTemplate: await insertRow(db, 'dcim_devicebaytemplate', { device_type_id: type, ...named('Bay 1') }),
          outletTemplate: await insertRow(db, 'dcim_poweroutlettemplate', { device_type_id: type, ...named('PDU1') }),
          interfaceTemplate: await insertRow(db, 'dcim_interfacetemplate', { device_type_id: type, ...named('eth0'), type: '1000base-t' }),
        };
      },
      async (t, ids: Json) => {
        const get = async (path: string) => (await t.get(`/v4/api/dcim/${path}/`).expect(200)).body;
        expect(await get(`power-outlets/${ids.outlet}`)).toMatchObject({ status: { value: 'enabled' }, color: '' });
        expect((await get(`inventory-items/${ids.item}`)).status.value).toBe('active');
        expect((await get(`inventory-item-roles/${ids.itemRole}`)).comments).toBe('');
        expect(await get(`module-bays/${ids.moduleBay}`)).toMatchObject({ enabled: true, _occupied: false });
        expect(await get(`device-bays/${ids.deviceBay}`)).toMatchObject({ enabled: true, _occupied: false });
        expect(await get(`module-bay-templates/${ids.moduleBayTemplate}`)).toMatchObject({ enabled: true, module_type: null });
        expect((await get(`device-bay-templates/${ids.deviceBayTemplate}`)).enabled).toBe(true);
        expect((await get(`power-outlet-templates/${ids.outletTemplate}`)).color).toBe('');
        expect((await get(`interface-templates/${ids.interfaceTemplate}`)).rf_role).toBeNull();
        expect(await get(`devices/${ids.device}`)).toMatchObject({ oob_ip: null, power_outlet_count: 1, device_bay_count: 1, module_bay_count: 1 });
        // The device's own bays stay unique by name.
        const twin = await t.post('/api/dcim/module-bays/', { device: ids.device, name: 'Slot 1' });
        expect(twin.body).toEqual({ __all__: ['Module bay with this Device and Name already exists.'] });
      },
    );
  });
});
