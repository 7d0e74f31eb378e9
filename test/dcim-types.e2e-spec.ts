import { TestApp } from './helpers/test-app';

describe('dcim manufacturers, platforms and device roles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  it('relates platforms to manufacturers and counts them', async () => {
    const maker = (await t.post('/api/dcim/manufacturers/', { name: 'Juniper', slug: 'juniper' })).body;
    const platform = await t.post('/api/dcim/platforms/', { name: 'Junos', slug: 'junos', manufacturer: { slug: 'juniper' }, napalm_driver: 'junos' });
    expect(platform.status).toBe(201);
    expect(Object.keys(platform.body)).toEqual([
      'id', 'url', 'display', 'name', 'slug', 'manufacturer', 'config_template', 'napalm_driver', 'napalm_args', 'description', 'tags', 'custom_fields',
      'created', 'last_updated', 'device_count', 'virtualmachine_count',
    ]);
    expect(platform.body).toMatchObject({ config_template: null, napalm_args: null, manufacturer: { id: maker.id, slug: 'juniper' } });
    expect((await t.get(`/api/dcim/manufacturers/${maker.id}/`)).body.platform_count).toBe(1);
    const del = await t.delete(`/api/dcim/manufacturers/${maker.id}/`);
    expect(del.status).toBe(409);
  });

  it('creates device roles with a colour and vm_role true by default', async () => {
    const res = await t.post('/api/dcim/device-roles/', { name: 'Core switch', slug: 'core-switch', color: 'aa1409' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ vm_role: true, color: 'aa1409', config_template: null });
    const bad = await t.post('/api/dcim/device-roles/', { name: 'Edge', slug: 'edge', color: 'red' });
    expect(bad.body).toEqual({ color: ['Enter a valid hexadecimal RGB color code.'] });
    expect((await t.options('/api/dcim/device-roles/')).body.name).toBe('Device Role List');
  });
});

describe('dcim device and module types', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
    await t.post('/api/dcim/manufacturers/', { name: 'Arista', slug: 'arista' });
  });
  afterAll(() => t.close());

  it('creates a device type with NetBox defaults, unique per manufacturer', async () => {
    const res = await t.post('/api/dcim/device-types/', { manufacturer: { slug: 'arista' }, model: '7050SX3-48YC8', slug: '7050sx3-48yc8', airflow: 'front-to-rear' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      display: '7050SX3-48YC8',
      u_height: 1,
      is_full_depth: true,
      subdevice_role: null,
      airflow: { value: 'front-to-rear', label: 'Front to rear' },
      front_image: null,
      rear_image: null,
    });
    // Nested, the manufacturer has no devicetype_count: NetBox only annotates it on the manufacturers' own endpoint.
    expect(Object.keys(res.body.manufacturer)).toEqual(['id', 'url', 'display', 'name', 'slug']);
    expect((await t.get(`/api/dcim/manufacturers/${res.body.manufacturer.id}/?brief=1`)).body.devicetype_count).toBe(1);
    const twin = await t.post('/api/dcim/device-types/', { manufacturer: res.body.manufacturer.id, model: '7050SX3-48YC8', slug: 'other' });
    expect(twin.status).toBe(400);
    expect(twin.body).toEqual({ __all__: ['Device type with this Manufacturer and Model already exists.'] });
  });

  it('checks heights in half units and weights with units', async () => {
    const half = await t.post('/api/dcim/device-types/', { manufacturer: 1, model: 'Odd', slug: 'odd', u_height: 1.3 });
    expect(half.body).toEqual({ u_height: ['U height must be in increments of 0.5 rack units.'] });
    const weight = await t.post('/api/dcim/module-types/', { manufacturer: 1, model: 'Line card', weight: 2.5 });
    expect(weight.body).toEqual({ weight_unit: ['Must specify a unit when setting a weight'] });
    const ok = await t.post('/api/dcim/module-types/', { manufacturer: 1, model: 'Line card', weight: 2.5, weight_unit: 'kg' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ weight: 2.5, weight_unit: { value: 'kg', label: 'Kilograms' } });
  });
});
