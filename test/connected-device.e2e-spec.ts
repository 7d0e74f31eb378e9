import { Json, createOne } from './helpers/seed';
import { TestApp } from './helpers/test-app';
import { makeUserWithToken } from './helpers/users';

/** `GET /api/dcim/connected-device/`: NetBox's connected device locator, for devices that learn their neighbours by LLDP. */
describe('connected device', () => {
  let t: TestApp;
  let leaf: Json;
  let spine: Json;

  beforeAll(async () => {
    t = await TestApp.start();
    const site = await createOne(t, '/api/dcim/sites/', { name: 'DC', slug: 'dc' });
    const maker = await createOne(t, '/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' });
    const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: 'Switch', slug: 'switch' });
    const role = await createOne(t, '/api/dcim/device-roles/', { name: 'Switch', slug: 'switch' });
    const device = (name: string) => createOne(t, '/api/dcim/devices/', { name, device_type: type.id, device_role: role.id, site: site.id });
    const iface = (dev: Json, name: string) => createOne(t, '/api/dcim/interfaces/', { device: dev.id, name, type: '1000base-t' });
    leaf = await device('leaf1');
    spine = await device('spine1');
    const up = await iface(leaf, 'eth1');
    const down = await iface(spine, 'eth48');
    await iface(spine, 'eth47');
    await createOne(t, '/api/dcim/cables/', {
      a_terminations: [{ object_type: 'dcim.interface', object_id: up.id }],
      b_terminations: [{ object_type: 'dcim.interface', object_id: down.id }],
    });
  });
  afterAll(() => t?.close());

  it('answers the device at the far end of the peer interface’s cable, in full', async () => {
    const res = await t.get('/api/dcim/connected-device/?peer_device=spine1&peer_interface=eth48').expect(200);
    expect(res.body).toMatchObject({ id: leaf.id, name: 'leaf1', url: leaf.url, display: 'leaf1' });
    expect(Object.keys(res.body)).toEqual(Object.keys((await t.get(`/api/dcim/devices/${leaf.id}/`).expect(200)).body));
    const back = await t.get('/api/dcim/connected-device/?peer_device=leaf1&peer_interface=eth1').expect(200);
    expect(back.body.id).toBe(spine.id);
  });

  it('answers 400 without both filters and 404 when nothing is connected or found', async () => {
    const missing = await t.get('/api/dcim/connected-device/?peer_device=spine1').expect(400);
    expect(missing.body).toEqual({ detail: 'Request must include "peer_device" and "peer_interface" filters.' });
    await t.get('/api/dcim/connected-device/').expect(400);
    await t.get('/api/dcim/connected-device/?peer_device=spine1&peer_interface=eth47').expect(404);
    await t.get('/api/dcim/connected-device/?peer_device=nothing&peer_interface=eth48').expect(404);
    await t.get('/api/dcim/connected-device/?peer_device=spine1&peer_interface=nothing').expect(404);
  });

  it('is listed in the DCIM root, and shows only what the user may view', async () => {
    expect((await t.get('/api/dcim/').expect(200)).body['connected-device']).toMatch(/\/api\/dcim\/connected-device\/$/);
    const { key } = await makeUserWithToken(t, 'lldp');
    await t.get('/api/dcim/connected-device/?peer_device=spine1&peer_interface=eth48', key).expect(404);
    await t.anon().get('/api/dcim/connected-device/?peer_device=spine1&peer_interface=eth48').expect(404);
  });
});
