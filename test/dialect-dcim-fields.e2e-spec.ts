import { createOne, expectStatus, Json } from './helpers/seed';
import { slugify, unique } from './helpers/fixtures';
import { pageStatements } from './helpers/queries';
import { TestApp } from './helpers/test-app';

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
});
