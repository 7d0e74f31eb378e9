import { createOne, expectStatus, Json } from './helpers/seed';
import { slugify, unique } from './helpers/fixtures';
import { TestApp } from './helpers/test-app';

/** Front ports as 4.5 maps them (`rear_ports`) and as 3.5 names them (`rear_port`, `rear_port_position`), over one store. */
describe('front port mappings in both API generations', () => {
  let t: TestApp;
  let site: Json;
  let type: Json;
  let role: Json;

  beforeAll(async () => {
    t = await TestApp.start();
    site = await createOne(t, '/api/dcim/sites/', { name: 'Porto', slug: 'porto' });
    const manufacturer = await createOne(t, '/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' });
    type = await createOne(t, '/api/dcim/device-types/', { manufacturer: manufacturer.id, model: 'Panel', slug: 'panel' });
    role = await createOne(t, '/api/dcim/device-roles/', { name: 'Patch', slug: 'patch' });
  });
  afterAll(() => t.close());

  async function device(): Promise<Json> {
    return createOne(t, '/api/dcim/devices/', { name: unique('panel'), device_type: type.id, device_role: role.id, site: site.id });
  }

  it('writes a mapping through 4.5 and reads it as 3.5 names it, and back', async () => {
    const d = await device();
    const rear = await createOne(t, '/api/dcim/rear-ports/', { device: d.id, name: 'R1', type: '8p8c', positions: 4 });
    const made = await t.post('/v4/api/dcim/front-ports/', { device: d.id, name: 'F1', type: '8p8c', rear_ports: [{ position: 1, rear_port: rear.id, rear_port_position: 2 }] });
    expectStatus(made, 201);
    expect(made.body).toMatchObject({ positions: 1, rear_ports: [{ position: 1, rear_port: rear.id, rear_port_position: 2 }] });
    expect(made.body).not.toHaveProperty('rear_port');
    const old = (await t.get(`/api/dcim/front-ports/${made.body.id}/`).expect(200)).body;
    expect(old).toMatchObject({ rear_port: { id: rear.id, name: 'R1' }, rear_port_position: 2 });
    expect(old).not.toHaveProperty('rear_ports');
    expect(old).not.toHaveProperty('positions');

    const written = await createOne(t, '/api/dcim/front-ports/', { device: d.id, name: 'F2', type: '8p8c', rear_port: rear.id, rear_port_position: 3 });
    expect((await t.get(`/v4/api/dcim/front-ports/${written.id}/`).expect(200)).body.rear_ports).toEqual([{ position: 1, rear_port: rear.id, rear_port_position: 3 }]);
    expect((await t.get(`/v4/api/dcim/rear-ports/${rear.id}/`).expect(200)).body.front_ports).toEqual([
      { position: 2, front_port: made.body.id, front_port_position: 1 },
      { position: 3, front_port: written.id, front_port_position: 1 },
    ]);
    expect((await t.get(`/api/dcim/rear-ports/${rear.id}/`).expect(200)).body).not.toHaveProperty('front_ports');

    // pynetbox saves a mapping changed in place as a PATCH of the whole list.
    const moved = await t.patch(`/v4/api/dcim/front-ports/${made.body.id}/`, { rear_ports: [{ position: 1, rear_port: rear.id, rear_port_position: 4 }] });
    expectStatus(moved, 200);
    expect(moved.body.rear_ports).toEqual([{ position: 1, rear_port: rear.id, rear_port_position: 4 }]);
    expect((await t.get(`/api/dcim/front-ports/${made.body.id}/`).expect(200)).body.rear_port_position).toBe(4);
    // A PATCH of something else keeps the mapping.
    expect((await t.patch(`/v4/api/dcim/front-ports/${made.body.id}/`, { description: 'x' }).expect(200)).body.rear_ports).toHaveLength(1);
  });

  it('lets a 4.5 front port map to nothing, which 3.5 still requires', async () => {
    const d = await device();
    const free = await t.post('/v4/api/dcim/front-ports/', { device: d.id, name: 'F9', type: 'lc' });
    expectStatus(free, 201);
    expect(free.body.rear_ports).toEqual([]);
    expect((await t.get(`/api/dcim/front-ports/${free.body.id}/`).expect(200)).body.rear_port).toBeNull();
    const refused = await t.post('/api/dcim/front-ports/', { device: d.id, name: 'F10', type: 'lc' });
    expectStatus(refused, 400);
    expect(refused.body).toEqual({ rear_port: ['This field is required.'] });
    // 3.5's rear port name is not 4.6's field: ignored there.
    const ignored = await t.post('/v4/api/dcim/front-ports/', { device: d.id, name: 'F11', type: 'lc', rear_port: 1 });
    expectStatus(ignored, 201);
    expect(ignored.body.rear_ports).toEqual([]);
  });

  it('refuses bad mappings whole', async () => {
    const d = await device();
    const rear = await createOne(t, '/api/dcim/rear-ports/', { device: d.id, name: 'R1', type: '8p8c', positions: 2 });
    const post = (rearPorts: unknown) => t.post('/v4/api/dcim/front-ports/', { device: d.id, name: 'Fx', type: '8p8c', rear_ports: rearPorts });
    const beyond = await post([{ position: 1, rear_port: rear.id, rear_port_position: 3 }]);
    expectStatus(beyond, 400);
    expect(JSON.stringify(beyond.body)).toContain('has only 2 positions');
    const shape = await post([{ position: 'first', rear_port: rear.id }]);
    expectStatus(shape, 400);
    expect(shape.body).toEqual({ rear_ports: [{ position: ['A valid integer is required.'], rear_port_position: ['This field is required.'] }] });
    expectStatus(await post('R1'), 400);
    const missing = await post([{ position: 1, rear_port: 999999, rear_port_position: 1 }]);
    expectStatus(missing, 400);
    expect(missing.body).toEqual({ rear_ports: [{ rear_port: ['Invalid pk "999999" - object does not exist.'] }] });
    const two = await post([
      { position: 1, rear_port: rear.id, rear_port_position: 1 },
      { position: 2, rear_port: rear.id, rear_port_position: 2 },
    ]);
    expectStatus(two, 400);
    expect(Object.keys(two.body)).toEqual(['rear_ports']);
    expect((await t.get(`/api/dcim/front-ports/?device_id=${d.id}`).expect(200)).body.count).toBe(0);
  });

  it('maps templates likewise, and a device made from them maps its ports', async () => {
    const model = unique('Shelf');
    const shelf = await createOne(t, '/api/dcim/device-types/', { manufacturer: type.manufacturer.id, model, slug: slugify(model) });
    const rear = await createOne(t, '/api/dcim/rear-port-templates/', { device_type: shelf.id, name: 'RT', type: 'lc', positions: 2 });
    const mapped = await t.post('/v4/api/dcim/front-port-templates/', { device_type: shelf.id, name: 'FT1', type: 'lc', rear_ports: [{ position: 1, rear_port: rear.id, rear_port_position: 2 }] });
    expectStatus(mapped, 201);
    expect(mapped.body.rear_ports).toEqual([{ position: 1, rear_port: rear.id, rear_port_position: 2 }]);
    expectStatus(await t.post('/v4/api/dcim/front-port-templates/', { device_type: shelf.id, name: 'FT2', type: 'lc' }), 201);
    expect((await t.get(`/api/dcim/front-port-templates/${mapped.body.id}/`).expect(200)).body).toMatchObject({ rear_port: { id: rear.id }, rear_port_position: 2 });
    expect((await t.get(`/v4/api/dcim/rear-port-templates/${rear.id}/`).expect(200)).body.front_ports).toEqual([{ position: 2, front_port: mapped.body.id, front_port_position: 1 }]);

    const made = await t.post('/v4/api/dcim/devices/', { name: unique('shelf'), device_type: shelf.id, role: role.id, site: site.id });
    expectStatus(made, 201);
    const ports = (await t.get(`/v4/api/dcim/front-ports/?device_id=${made.body.id}&ordering=name`).expect(200)).body.results;
    const rearPort = (await t.get(`/v4/api/dcim/rear-ports/?device_id=${made.body.id}`).expect(200)).body.results[0];
    expect(ports.map((p: Json) => [p.name, p.rear_ports])).toEqual([
      ['FT1', [{ position: 1, rear_port: rearPort.id, rear_port_position: 2 }]],
      ['FT2', []],
    ]);
  });

  it('traces a cable to a front port that maps to nothing, without following it further', async () => {
    const d = await device();
    const free = (await t.post('/v4/api/dcim/front-ports/', { device: d.id, name: 'Fz', type: 'lc' }).expect(201)).body;
    const iface = await createOne(t, '/api/dcim/interfaces/', { device: d.id, name: 'eth0', type: '1000base-t' });
    await createOne(t, '/api/dcim/cables/', { a_terminations: [{ object_type: 'dcim.interface', object_id: iface.id }], b_terminations: [{ object_type: 'dcim.frontport', object_id: free.id }] });
    const trace = (await t.get(`/api/dcim/interfaces/${iface.id}/trace/`).expect(200)).body;
    expect(trace).toHaveLength(1);
    expect(trace[0][2].map((end: Json) => end.id)).toEqual([free.id]);
  });
});
