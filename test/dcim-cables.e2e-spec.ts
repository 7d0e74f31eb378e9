import { pageStatements } from './helpers/queries';
import { createOne, expectStatus, Json } from './helpers/seed';
import { TestApp } from './helpers/test-app';

const CABLES = '/api/dcim/cables/';
const TERMINATIONS = '/api/dcim/cable-terminations/';
const INTERFACES = '/api/dcim/interfaces/';
const FRONT_PORTS = '/api/dcim/front-ports/';
const REAR_PORTS = '/api/dcim/rear-ports/';
const POWER_PORTS = '/api/dcim/power-ports/';
const CONSOLE_PORTS = '/api/dcim/console-ports/';
const CONSOLE_SERVER_PORTS = '/api/dcim/console-server-ports/';

const CABLE_KEYS = [
  'id', 'url', 'display', 'type', 'a_terminations', 'b_terminations', 'status', 'tenant', 'label', 'color',
  'length', 'length_unit', 'description', 'comments', 'tags', 'custom_fields', 'created', 'last_updated',
];

/** A cable end as written: `[{object_type, object_id}]`. */
const end = (type: string, ...objects: Json[]) => objects.map((o) => ({ object_type: `dcim.${type}`, object_id: o.id }));
const ifaces = (...objects: Json[]) => end('interface', ...objects);

/** The nested form NetBox shows of a component on a path or at a cable's end. */
const nestedComponent = (c: Json, device: Json, cable: number | null) => ({
  id: c.id,
  url: expect.stringMatching(new RegExp(`/api/dcim/[a-z-]+/${c.id}/$`)),
  display: c.name,
  device: expect.objectContaining({ id: device.id, name: device.name }),
  name: c.name,
  cable: cable === null ? null : expect.objectContaining({ id: cable }),
  _occupied: cable !== null,
});

describe('dcim cables', () => {
  let t: TestApp;
  let ams: Json;
  let ber: Json;
  let rack: Json;
  let tenant: Json;
  let sw1: Json;
  let sw2: Json;
  let sw3: Json;
  let type: Json;
  let role: Json;

  const device = (name: string, site: Json, extra: Json = {}) =>
    createOne(t, '/api/dcim/devices/', { name, device_type: type.id, device_role: role.id, site: site.id, ...extra });
  const iface = (dev: Json, name: string, extra: Json = {}) => createOne(t, INTERFACES, { device: dev.id, name, type: '1000base-t', ...extra });
  const cable = async (a: Json[], b: Json[], extra: Json = {}) => createOne(t, CABLES, { a_terminations: a, b_terminations: b, ...extra });
  const get = async (path: string, id: number) => {
    const res = await t.get(`${path}${id}/`);
    expectStatus(res, 200);
    return res.body as Json;
  };

  beforeAll(async () => {
    t = await TestApp.start();
    ams = await createOne(t, '/api/dcim/sites/', { name: 'Amsterdam', slug: 'ams1' });
    ber = await createOne(t, '/api/dcim/sites/', { name: 'Berlin', slug: 'ber1' });
    rack = await createOne(t, '/api/dcim/racks/', { name: 'R101', site: ams.id });
    tenant = await createOne(t, '/api/tenancy/tenants/', { name: 'Acme', slug: 'acme' });
    const maker = await createOne(t, '/api/dcim/manufacturers/', { name: 'Juniper', slug: 'juniper' });
    type = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: 'EX4300', slug: 'ex4300' });
    role = await createOne(t, '/api/dcim/device-roles/', { name: 'Access', slug: 'access', color: '00ff00' });
    sw1 = await device('sw1', ams, { rack: rack.id });
    sw2 = await device('sw2', ams, { rack: rack.id });
    sw3 = await device('sw3', ber);
  });
  afterAll(() => t.close());

  describe('create, read, update', () => {
    it('creates a cable between two interfaces and reads it in NetBox form', async () => {
      const [a, b] = [await iface(sw1, 'ge-0/0/0'), await iface(sw2, 'ge-0/0/0')];
      const res = await t.post(CABLES, { a_terminations: ifaces(a), b_terminations: ifaces(b), type: 'cat6' });
      expectStatus(res, 201);
      expect(Object.keys(res.body)).toEqual(CABLE_KEYS);
      expect(res.body).toMatchObject({
        display: `#${res.body.id}`,
        type: 'cat6',
        status: { value: 'connected', label: 'Connected' },
        tenant: null,
        label: '',
        color: '',
        length: null,
        length_unit: null,
        a_terminations: [{ object_type: 'dcim.interface', object_id: a.id, object: nestedComponent(a, sw1, res.body.id) }],
        b_terminations: [{ object_type: 'dcim.interface', object_id: b.id, object: nestedComponent(b, sw2, res.body.id) }],
      });
      expect(Object.keys(res.body.a_terminations[0].object)).toEqual(['id', 'url', 'display', 'device', 'name', 'cable', '_occupied']);
      expect(res.body.a_terminations[0].object.cable).toEqual({ id: res.body.id, url: res.body.url, display: `#${res.body.id}`, label: '' });
      const brief = await t.get(`${CABLES}${res.body.id}/?brief=1`);
      expect(brief.body).toEqual({ id: res.body.id, url: res.body.url, display: `#${res.body.id}`, label: '' });
    });

    it('shows its label, tenant, colour and length with its unit', async () => {
      const [a, b] = [await iface(sw1, 'ge-0/0/1'), await iface(sw2, 'ge-0/0/1')];
      const res = await t.post(CABLES, {
        a_terminations: ifaces(a), b_terminations: ifaces(b), type: 'smf', status: 'planned', label: 'XC-1001', color: 'ffeb3b',
        length: 12.5, length_unit: 'm', tenant: { slug: 'acme' }, description: 'uplink',
      });
      expectStatus(res, 201);
      expect(res.body).toMatchObject({
        display: 'XC-1001', label: 'XC-1001', type: 'smf', status: { value: 'planned', label: 'Planned' }, color: 'ffeb3b',
        length: 12.5, length_unit: { value: 'm', label: 'Meters' }, description: 'uplink',
        tenant: { id: tenant.id, name: 'Acme', slug: 'acme' },
      });
      expect((await t.get(`${CABLES}${res.body.id}/?brief=true`)).body.display).toBe('XC-1001');
      // Clearing the length clears its unit, as NetBox saves it.
      const cleared = await t.patch(`${CABLES}${res.body.id}/`, { length: null });
      expectStatus(cleared, 200);
      expect(cleared.body).toMatchObject({ length: null, length_unit: null });
    });

    it('needs a unit with a length', async () => {
      const [a, b] = [await iface(sw1, 'ge-0/0/2'), await iface(sw2, 'ge-0/0/2')];
      const res = await t.post(CABLES, { a_terminations: ifaces(a), b_terminations: ifaces(b), length: 3 });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ __all__: ['Must specify a unit when setting a cable length'] });
      const bad = await t.post(CABLES, { a_terminations: ifaces(a), b_terminations: ifaces(b), color: 'yellow', type: 'cat9', status: 'broken' });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body).sort()).toEqual(['color', 'status', 'type']);
      expect((await get(INTERFACES, a.id)).cable).toBeNull();
    });
  });

  describe('validation', () => {
    let a: Json;
    let b: Json;
    let pp: Json;
    beforeAll(async () => {
      a = await iface(sw1, 'xe-0/1/0');
      b = await iface(sw2, 'xe-0/1/0');
      pp = await createOne(t, POWER_PORTS, { device: sw1.id, name: 'PSU0' });
    });

    /** Nothing of a refused cable is left: no cable, no termination, components untouched. */
    async function expectNothingWritten(before: { cables: number; terms: number }, ...components: Array<[string, Json]>) {
      expect((await t.get(`${CABLES}?limit=1`)).body.count).toBe(before.cables);
      expect((await t.get(`${TERMINATIONS}?limit=1`)).body.count).toBe(before.terms);
      for (const [path, c] of components) {
        const now = await get(path, c.id);
        expect(now).toMatchObject({ cable: c.cable ?? null, cable_end: c.cable_end ?? '', link_peers: [], _occupied: !!c.cable });
      }
    }
    async function counts() {
      return { cables: (await t.get(`${CABLES}?limit=1`)).body.count, terms: (await t.get(`${TERMINATIONS}?limit=1`)).body.count };
    }

    it('needs both ends to create a cable', async () => {
      const before = await counts();
      for (const body of [{ a_terminations: ifaces(a) }, { b_terminations: ifaces(b) }, { a_terminations: [], b_terminations: ifaces(b) }, {}]) {
        const res = await t.post(CABLES, body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ __all__: ['Must define A and B terminations when creating a new cable.'] });
      }
      await expectNothingWritten(before, [INTERFACES, a], [INTERFACES, b]);
    });

    it('refuses incompatible types, mixed ends and the same object on both ends', async () => {
      const before = await counts();
      const power = await t.post(CABLES, { a_terminations: ifaces(a), b_terminations: end('powerport', pp) });
      expect(power.status).toBe(400);
      expect(power.body).toEqual({ __all__: ['Incompatible termination types: interface and powerport'] });
      const mixed = await t.post(CABLES, { a_terminations: [...ifaces(a), ...end('powerport', pp)], b_terminations: ifaces(b) });
      expect(mixed.status).toBe(400);
      expect(mixed.body).toEqual({ __all__: ['Cannot connect different termination types to same end of cable.'] });
      const loop = await t.post(CABLES, { a_terminations: ifaces(a), b_terminations: ifaces(a) });
      expect(loop.status).toBe(400);
      expect(loop.body).toEqual({ __all__: ['A and B terminations cannot connect to the same object.'] });
      await expectNothingWritten(before, [INTERFACES, a], [INTERFACES, b], [POWER_PORTS, pp]);
    });

    it('refuses a termination that already has a cable', async () => {
      const c = await iface(sw3, 'xe-0/1/0');
      const first = await cable(ifaces(a), ifaces(b));
      const before = await counts();
      const res = await t.post(CABLES, { a_terminations: ifaces(c), b_terminations: ifaces(b) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ __all__: [`Duplicate termination found for dcim.interface ${b.id}: cable ${first.id}`] });
      await expectNothingWritten(before, [INTERFACES, c]);
      expect((await get(INTERFACES, b.id)).cable.id).toBe(first.id);
      expectStatus(await t.delete(`${CABLES}${first.id}/`), 204);
    });

    it('refuses virtual, LAG and wireless interfaces', async () => {
      const before = await counts();
      for (const [kind, label] of [['virtual', 'Virtual'], ['lag', 'Link Aggregation Group (LAG)'], ['ieee802.11ac', 'IEEE 802.11ac']]) {
        const v = await iface(sw1, `${kind}-x`, { type: kind });
        const res = await t.post(CABLES, { a_terminations: ifaces(a), b_terminations: ifaces(v) });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ __all__: [`Cables cannot be terminated to ${label} interfaces`] });
        await expectNothingWritten(before, [INTERFACES, a], [INTERFACES, v]);
      }
    });

    it('refuses an unknown object or object type', async () => {
      const before = await counts();
      const missing = await t.post(CABLES, { a_terminations: ifaces(a), b_terminations: [{ object_type: 'dcim.interface', object_id: 999999 }] });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ b_terminations: ['Related object not found using the provided numeric ID: 999999'] });
      const unknown = await t.post(CABLES, { a_terminations: [{ object_type: 'dcim.nothing', object_id: a.id }], b_terminations: ifaces(b) });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({ a_terminations: [{ object_type: ['Invalid content type: dcim.nothing'] }] });
      const malformed = await t.post(CABLES, { a_terminations: ifaces(a), b_terminations: [{ object_type: 'interface', object_id: b.id }] });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({ b_terminations: [{ object_type: ["Invalid value. Specify a content type as '<app_label>.<model_name>'."] }] });
      const notList = await t.post(CABLES, { a_terminations: ifaces(a)[0], b_terminations: ifaces(b) });
      expect(notList.status).toBe(400);
      expect(notList.body).toEqual({ a_terminations: { non_field_errors: ['Expected a list of items but got type "dict".'] } });
      const partial = await t.post(CABLES, { a_terminations: [ifaces(a)[0], { object_type: 'dcim.site', object_id: 'x' }, 7], b_terminations: ifaces(b) });
      expect(partial.status).toBe(400);
      expect(partial.body).toEqual({
        a_terminations: [
          {},
          { object_type: ['Invalid content type: dcim.site'], object_id: ['A valid integer is required.'] },
          { non_field_errors: ['Invalid data. Expected a dictionary, but got int.'] },
        ],
      });
      await expectNothingWritten(before, [INTERFACES, a], [INTERFACES, b]);
    });
  });

  describe('components and their connections', () => {
    it('shows the cable, its end, the link peers and the connected endpoints on both sides', async () => {
      const [a, b] = [await iface(sw1, 'et-0/0/0'), await iface(sw3, 'et-0/0/0')];
      const before = await get(INTERFACES, a.id);
      expect(before).toMatchObject({
        cable: null, cable_end: '', link_peers: [], link_peers_type: null,
        connected_endpoints: null, connected_endpoints_type: null, connected_endpoints_reachable: null, _occupied: false,
      });
      const c = await cable(ifaces(a), ifaces(b));
      const [afterA, afterB] = [await get(INTERFACES, a.id), await get(INTERFACES, b.id)];
      expect(afterA).toMatchObject({
        cable: { id: c.id, url: c.url, display: c.display, label: '' },
        cable_end: 'A',
        link_peers: [nestedComponent(b, sw3, c.id)],
        link_peers_type: 'dcim.interface',
        connected_endpoints: [nestedComponent(b, sw3, c.id)],
        connected_endpoints_type: 'dcim.interface',
        connected_endpoints_reachable: true,
        _occupied: true,
      });
      expect(afterB).toMatchObject({ cable_end: 'B', link_peers: [nestedComponent(a, sw1, c.id)], connected_endpoints: [nestedComponent(a, sw1, c.id)] });
      expect((await t.get(`${INTERFACES}${a.id}/?brief=1`)).body).toEqual(nestedComponent(a, sw1, c.id));
      expect((await t.get(`${INTERFACES}?cabled=true&device_id=${sw1.id}`)).body.results.map((i: Json) => i.id)).toContain(a.id);
      expect((await t.get(`${INTERFACES}?connected=true&name=et-0/0/0`)).body.count).toBe(2);
    });

    it('a planned cable connects its endpoints without making them reachable', async () => {
      const [a, b] = [await iface(sw1, 'et-0/0/1'), await iface(sw2, 'et-0/0/1')];
      const c = await cable(ifaces(a), ifaces(b), { status: 'planned' });
      expect(await get(INTERFACES, a.id)).toMatchObject({ connected_endpoints: [{ id: b.id }], connected_endpoints_reachable: false });
      expect((await t.get(`${INTERFACES}?connected=true&name=et-0/0/1`)).body.count).toBe(0);
      expectStatus(await t.patch(`${CABLES}${c.id}/`, { status: 'connected' }), 200);
      expect(await get(INTERFACES, b.id)).toMatchObject({ connected_endpoints: [{ id: a.id }], connected_endpoints_reachable: true });
      expectStatus(await t.patch(`${CABLES}${c.id}/`, { status: 'decommissioning' }), 200);
      expect(await get(INTERFACES, b.id)).toMatchObject({ connected_endpoints_reachable: false });
    });

    it('moves an end to another interface when its terminations change', async () => {
      const [a, b, c] = [await iface(sw1, 'et-0/0/2'), await iface(sw2, 'et-0/0/2'), await iface(sw3, 'et-0/0/2')];
      const k = await cable(ifaces(a), ifaces(b));
      const res = await t.patch(`${CABLES}${k.id}/`, { a_terminations: ifaces(c) });
      expectStatus(res, 200);
      expect(res.body.a_terminations).toEqual([{ object_type: 'dcim.interface', object_id: c.id, object: nestedComponent(c, sw3, k.id) }]);
      expect(res.body.b_terminations.map((x: Json) => x.object_id)).toEqual([b.id]);
      expect(await get(INTERFACES, a.id)).toMatchObject({
        cable: null, cable_end: '', link_peers: [], link_peers_type: null, connected_endpoints: null, connected_endpoints_reachable: null, _occupied: false,
      });
      expect((await t.get(`${INTERFACES}${a.id}/trace/`)).body).toEqual([]);
      expect(await get(INTERFACES, c.id)).toMatchObject({ cable: { id: k.id }, cable_end: 'A', connected_endpoints: [{ id: b.id }] });
      expect(await get(INTERFACES, b.id)).toMatchObject({ link_peers: [{ id: c.id }], connected_endpoints: [{ id: c.id }], connected_endpoints_reachable: true });
      const terms = (await t.get(`${TERMINATIONS}?cable=${k.id}`)).body.results;
      expect(terms.map((x: Json) => [x.cable_end, x.termination_id])).toEqual([['A', c.id], ['B', b.id]]);
      // A cable taken off an interface leaves it free for another one.
      const other = await cable(ifaces(a), ifaces(await iface(sw2, 'et-0/0/12')));
      expect((await get(INTERFACES, a.id)).cable.id).toBe(other.id);
    });

    it('swaps its ends in one request', async () => {
      const [a, b] = [await iface(sw1, 'et-0/0/6'), await iface(sw2, 'et-0/0/6')];
      const k = await cable(ifaces(a), ifaces(b));
      const res = await t.patch(`${CABLES}${k.id}/`, { a_terminations: ifaces(b), b_terminations: ifaces(a) });
      expectStatus(res, 200);
      expect([res.body.a_terminations[0].object_id, res.body.b_terminations[0].object_id]).toEqual([b.id, a.id]);
      expect(await get(INTERFACES, a.id)).toMatchObject({ cable: { id: k.id }, cable_end: 'B', connected_endpoints: [{ id: b.id }] });
      expect(await get(INTERFACES, b.id)).toMatchObject({ cable: { id: k.id }, cable_end: 'A', connected_endpoints: [{ id: a.id }] });
    });

    it('takes an object named twice on one end once', async () => {
      const [a, b] = [await iface(sw1, 'et-0/0/7'), await iface(sw2, 'et-0/0/7')];
      const k = await cable([...ifaces(a), ...ifaces(a)], ifaces(b));
      expect(k.a_terminations.map((x: Json) => x.object_id)).toEqual([a.id]);
      expect((await t.get(`${TERMINATIONS}?termination_type=dcim.interface&termination_id=${a.id}`)).body.count).toBe(1);
    });

    it('connects several interfaces on one end', async () => {
      const [a1, a2, b1, b2] = [await iface(sw1, 'et-0/0/3'), await iface(sw1, 'et-0/0/4'), await iface(sw2, 'et-0/0/3'), await iface(sw2, 'et-0/0/4')];
      const k = await cable(ifaces(a1, a2), ifaces(b1, b2), { type: 'mrj21-trunk' });
      expect(k.a_terminations.map((x: Json) => x.object_id)).toEqual([a1.id, a2.id]);
      expect(await get(INTERFACES, a2.id)).toMatchObject({ cable_end: 'A', link_peers: [{ id: b1.id }, { id: b2.id }], connected_endpoints: [{ id: b1.id }, { id: b2.id }] });
      expect(await get(INTERFACES, b1.id)).toMatchObject({ cable_end: 'B', connected_endpoints: [{ id: a1.id }, { id: a2.id }] });
    });

    it('deleting a cable frees its components and clears their paths', async () => {
      const [a, b] = [await iface(sw1, 'et-0/0/5'), await iface(sw2, 'et-0/0/5')];
      const k = await cable(ifaces(a), ifaces(b));
      expectStatus(await t.delete(`${CABLES}${k.id}/`), 204);
      for (const x of [a, b]) {
        expect(await get(INTERFACES, x.id)).toMatchObject({
          cable: null, cable_end: '', link_peers: [], link_peers_type: null,
          connected_endpoints: null, connected_endpoints_type: null, connected_endpoints_reachable: null, _occupied: false,
        });
        expect((await t.get(`${INTERFACES}${x.id}/trace/`)).body).toEqual([]);
      }
      expect((await t.get(`${TERMINATIONS}?termination_type=dcim.interface&termination_id=${a.id}&termination_id=${b.id}`)).body.count).toBe(0);
      expect((await t.get(`${TERMINATIONS}?cable=${k.id}`)).body).toEqual({ cable: [`Select a valid choice. ${k.id} is not one of the available choices.`] });
      // The interfaces are free to take another cable.
      await cable(ifaces(b), ifaces(a));
    });

    it('traces on across a bridge at the far end, as NetBox does', async () => {
      const [a, b, c, d] = [await iface(sw1, 'et-0/1/0'), await iface(sw2, 'et-0/1/0'), await iface(sw2, 'et-0/1/1'), await iface(sw3, 'et-0/1/0')];
      const k1 = await cable(ifaces(a), ifaces(b));
      const k2 = await cable(ifaces(c), ifaces(d));
      expectStatus(await t.patch(`${INTERFACES}${b.id}/`, { bridge: c.id }), 200);
      const trace = (await t.get(`${INTERFACES}${a.id}/trace/`)).body;
      expect(trace.map((s: Json[]) => [s[0].map((x: Json) => x.id), s[1].id, s[2].map((x: Json) => x.id)])).toEqual([
        [[a.id], k1.id, [b.id]],
        [[c.id], k2.id, [d.id]],
      ]);
      // The endpoint is still the far end of the cable itself.
      expect(await get(INTERFACES, a.id)).toMatchObject({ connected_endpoints: [{ id: b.id }] });
    });

    it('connects console ports to console server ports', async () => {
      const cp = await createOne(t, CONSOLE_PORTS, { device: sw1.id, name: 'con0' });
      const csp = await createOne(t, CONSOLE_SERVER_PORTS, { device: sw3.id, name: 'port1' });
      const k = await cable(end('consoleport', cp), end('consoleserverport', csp));
      expect(await get(CONSOLE_PORTS, cp.id)).toMatchObject({ cable: { id: k.id }, connected_endpoints_type: 'dcim.consoleserverport', connected_endpoints: [{ id: csp.id }] });
      const trace = (await t.get(`${CONSOLE_SERVER_PORTS}${csp.id}/trace/`)).body;
      expect(trace).toEqual([[[nestedComponent(csp, sw3, k.id)], expect.objectContaining({ id: k.id }), [nestedComponent(cp, sw1, k.id)]]]);
    });
  });

  describe('traces through patch panels', () => {
    // sw1 ge-1/0/0 -- pp1 front 1 | pp1 rear 1 == trunk == pp2 rear 1 | pp2 front 1 -- sw3 ge-1/0/0
    let pp1: Json;
    let pp2: Json;
    let left: Json;
    let right: Json;
    let fp1: Json;
    let rp1: Json;
    let fp2: Json;
    let rp2: Json;
    let patchA: Json;
    let trunk: Json;
    let patchB: Json;

    beforeAll(async () => {
      pp1 = await device('pp1', ams, { rack: rack.id });
      pp2 = await device('pp2', ber);
      left = await iface(sw1, 'ge-1/0/0');
      right = await iface(sw3, 'ge-1/0/0');
      rp1 = await createOne(t, REAR_PORTS, { device: pp1.id, name: 'Rear 1', type: 'lc' });
      fp1 = await createOne(t, FRONT_PORTS, { device: pp1.id, name: 'Front 1', type: 'lc', rear_port: rp1.id });
      rp2 = await createOne(t, REAR_PORTS, { device: pp2.id, name: 'Rear 1', type: 'lc' });
      fp2 = await createOne(t, FRONT_PORTS, { device: pp2.id, name: 'Front 1', type: 'lc', rear_port: rp2.id });
    });

    it('an interface patched to a front port has no endpoint until the path is complete', async () => {
      patchA = await cable(ifaces(left), end('frontport', fp1), { type: 'mmf', length: 2, length_unit: 'm', color: '2196f3' });
      expect(await get(INTERFACES, left.id)).toMatchObject({
        link_peers: [nestedComponent(fp1, pp1, patchA.id)], link_peers_type: 'dcim.frontport',
        connected_endpoints: null, connected_endpoints_type: null, connected_endpoints_reachable: false,
      });
      const fp = await get(FRONT_PORTS, fp1.id);
      expect(fp).toMatchObject({ cable: { id: patchA.id }, cable_end: 'B', link_peers: [{ id: left.id }], link_peers_type: 'dcim.interface', _occupied: true });
      expect(fp).not.toHaveProperty('connected_endpoints');
      // NetBox's `connected` asks only for an active path, complete or not.
      expect((await t.get(`${INTERFACES}?connected=true&device_id=${sw1.id}&name=ge-1/0/0`)).body.count).toBe(1);
      const unconnected = (await t.get(`${INTERFACES}?connected=false&device_id=${sw3.id}&limit=100`)).body.results.map((i: Json) => i.name);
      expect(unconnected).toContain('ge-1/0/0');
      // The path stops at the rear port, which has no cable: NetBox pads the last segment.
      const trace = (await t.get(`${INTERFACES}${left.id}/trace/`)).body;
      expect(trace).toEqual([
        [[nestedComponent(left, sw1, patchA.id)], expect.objectContaining({ id: patchA.id }), [nestedComponent(fp1, pp1, patchA.id)]],
        [[nestedComponent(rp1, pp1, null)], [], []],
      ]);
    });

    it('completes the path once the rear ports and the far interface are cabled', async () => {
      trunk = await cable(end('rearport', rp1), end('rearport', rp2), { type: 'smf-os2', label: 'TRUNK-1' });
      patchB = await cable(end('frontport', fp2), ifaces(right));
      expect(await get(INTERFACES, left.id)).toMatchObject({
        link_peers: [{ id: fp1.id }], link_peers_type: 'dcim.frontport',
        connected_endpoints: [nestedComponent(right, sw3, patchB.id)], connected_endpoints_type: 'dcim.interface', connected_endpoints_reachable: true,
      });
      expect(await get(INTERFACES, right.id)).toMatchObject({ connected_endpoints: [nestedComponent(left, sw1, patchA.id)], connected_endpoints_reachable: true });
      expect(await get(REAR_PORTS, rp1.id)).toMatchObject({ link_peers: [{ id: rp2.id }], link_peers_type: 'dcim.rearport', cable_end: 'A' });
      // Pass-through ports list the paths through them, from both ends.
      const paths = (await t.get(`${REAR_PORTS}${rp1.id}/paths/`)).body;
      expect(paths.map((p: Json) => [p.path[0][0].id, p.path[p.path.length - 1][0].id, p.is_complete, p.is_active]).sort()).toEqual(
        [[left.id, right.id, true, true], [right.id, left.id, true, true]].sort(),
      );
      expect(paths[0].path[1][0]).toMatchObject({ display: expect.any(String), label: expect.any(String) });
      expect((await t.get(`${FRONT_PORTS}${fp2.id}/paths/`)).body).toHaveLength(2);
      expect((await t.get(`${FRONT_PORTS}999999/paths/`)).status).toBe(404);
    });

    it('traces the path from either end as [near ends, cable, far ends] segments', async () => {
      const traced = (c: Json, extra: Json = {}) => ({
        id: c.id, url: c.url, type: c.type, status: 'connected', label: c.label, color: c.color, length: c.length, length_unit: extra.length_unit ?? '', description: '',
      });
      const forward = (await t.get(`${INTERFACES}${left.id}/trace/`)).body;
      expect(forward).toEqual([
        [[nestedComponent(left, sw1, patchA.id)], traced(patchA, { length_unit: 'm' }), [nestedComponent(fp1, pp1, patchA.id)]],
        [[nestedComponent(rp1, pp1, trunk.id)], traced(trunk), [nestedComponent(rp2, pp2, trunk.id)]],
        [[nestedComponent(fp2, pp2, patchB.id)], traced(patchB), [nestedComponent(right, sw3, patchB.id)]],
      ]);
      expect(Object.keys(forward[0][1])).toEqual(['id', 'url', 'type', 'status', 'label', 'color', 'length', 'length_unit', 'description']);
      const backward = (await t.get(`${INTERFACES}${right.id}/trace/`)).body;
      expect(backward.map((s: Json[]) => [s[0].map((x: Json) => x.id), s[1].id, s[2].map((x: Json) => x.id)])).toEqual([
        [[right.id], patchB.id, [fp2.id]],
        [[rp2.id], trunk.id, [rp1.id]],
        [[fp1.id], patchA.id, [left.id]],
      ]);
      expect((await t.get(`${INTERFACES}999999/trace/`)).status).toBe(404);
    });

    it('a planned trunk leaves both ends connected but unreachable', async () => {
      expectStatus(await t.patch(`${CABLES}${trunk.id}/`, { status: 'planned' }), 200);
      expect(await get(INTERFACES, left.id)).toMatchObject({ connected_endpoints: [{ id: right.id }], connected_endpoints_reachable: false });
      expect((await t.get(`${INTERFACES}${right.id}/trace/`)).body[1][1].status).toBe('planned');
      expectStatus(await t.patch(`${CABLES}${trunk.id}/`, { status: 'connected' }), 200);
      expect(await get(INTERFACES, right.id)).toMatchObject({ connected_endpoints_reachable: true });
    });

    it('deleting the patch panel in the middle cuts the path for both ends', async () => {
      const res = await t.delete(`/api/dcim/devices/${pp1.id}/`);
      expectStatus(res, 204);
      expect(await get(INTERFACES, left.id)).toMatchObject({
        cable: { id: patchA.id }, link_peers: [], link_peers_type: null, connected_endpoints: null, connected_endpoints_reachable: false,
      });
      expect(await get(INTERFACES, right.id)).toMatchObject({ connected_endpoints: null, connected_endpoints_reachable: false });
      expect(await get(REAR_PORTS, rp2.id)).toMatchObject({ cable: { id: trunk.id }, link_peers: [] });
      expect((await t.get(`${INTERFACES}${right.id}/trace/`)).body).toEqual([
        [[nestedComponent(right, sw3, patchB.id)], expect.objectContaining({ id: patchB.id }), [nestedComponent(fp2, pp2, patchB.id)]],
        [[nestedComponent(rp2, pp2, trunk.id)], expect.objectContaining({ id: trunk.id }), []],
      ]);
      expect((await t.get(`${TERMINATIONS}?cable=${trunk.id}`)).body.results.map((x: Json) => x.cable_end)).toEqual(['B']);
    });
  });

  describe('traces through multi-position rear ports', () => {
    // Two front ports per panel share one two-position rear port; the trunk carries both circuits.
    it('keeps each circuit on its own position from end to end', async () => {
      const east = await device('pp-east', ams);
      const west = await device('pp-west', ber);
      const rearE = await createOne(t, REAR_PORTS, { device: east.id, name: 'MPO 1', type: 'mpo', positions: 2 });
      const rearW = await createOne(t, REAR_PORTS, { device: west.id, name: 'MPO 1', type: 'mpo', positions: 2 });
      const frontE = [
        await createOne(t, FRONT_PORTS, { device: east.id, name: 'LC 1', type: 'lc', rear_port: rearE.id, rear_port_position: 1 }),
        await createOne(t, FRONT_PORTS, { device: east.id, name: 'LC 2', type: 'lc', rear_port: rearE.id, rear_port_position: 2 }),
      ];
      const frontW = [
        await createOne(t, FRONT_PORTS, { device: west.id, name: 'LC 1', type: 'lc', rear_port: rearW.id, rear_port_position: 1 }),
        await createOne(t, FRONT_PORTS, { device: west.id, name: 'LC 2', type: 'lc', rear_port: rearW.id, rear_port_position: 2 }),
      ];
      const eastIfs = [await iface(sw1, 'xe-2/0/0'), await iface(sw2, 'xe-2/0/0')];
      const westIfs = [await iface(sw3, 'xe-2/0/0'), await iface(sw3, 'xe-2/0/1')];
      // Cabled out of order: the trunk before the patches of the west side.
      const patchesE = [await cable(ifaces(eastIfs[0]), end('frontport', frontE[0])), await cable(ifaces(eastIfs[1]), end('frontport', frontE[1]))];
      const trunk = await cable(end('rearport', rearE), end('rearport', rearW));
      const patchesW = [await cable(end('frontport', frontW[0]), ifaces(westIfs[0])), await cable(end('frontport', frontW[1]), ifaces(westIfs[1]))];
      for (const k of [0, 1]) {
        expect(await get(INTERFACES, eastIfs[k].id)).toMatchObject({ connected_endpoints: [{ id: westIfs[k].id }], connected_endpoints_reachable: true });
        expect(await get(INTERFACES, westIfs[k].id)).toMatchObject({ connected_endpoints: [{ id: eastIfs[k].id }], connected_endpoints_reachable: true });
        const trace = (await t.get(`${INTERFACES}${westIfs[k].id}/trace/`)).body;
        expect(trace.map((s: Json[]) => [s[0].map((x: Json) => x.id), s[1].id, s[2].map((x: Json) => x.id)])).toEqual([
          [[westIfs[k].id], patchesW[k].id, [frontW[k].id]],
          [[rearW.id], trunk.id, [rearE.id]],
          [[frontE[k].id], patchesE[k].id, [eastIfs[k].id]],
        ]);
      }
      expect(await get(REAR_PORTS, rearE.id)).toMatchObject({ link_peers: [{ id: rearW.id }], link_peers_type: 'dcim.rearport' });
    });

    it('carries a breakout cable on several front ports of one rear port through together', async () => {
      // One cable lands on both front ports of each panel: both positions travel as one hop.
      const east = await device('bo-east', ams);
      const west = await device('bo-west', ber);
      const rearE = await createOne(t, REAR_PORTS, { device: east.id, name: 'MPO 1', type: 'mpo', positions: 2 });
      const rearW = await createOne(t, REAR_PORTS, { device: west.id, name: 'MPO 1', type: 'mpo', positions: 2 });
      const fronts = async (dev: Json, rear: Json) => [
        await createOne(t, FRONT_PORTS, { device: dev.id, name: 'LC 1', type: 'lc', rear_port: rear.id, rear_port_position: 1 }),
        await createOne(t, FRONT_PORTS, { device: dev.id, name: 'LC 2', type: 'lc', rear_port: rear.id, rear_port_position: 2 }),
      ];
      const [frontE, frontW] = [await fronts(east, rearE), await fronts(west, rearW)];
      const [a, b] = [await iface(sw1, 'xe-3/0/0'), await iface(sw3, 'xe-3/0/0')];
      const patchE = await cable(ifaces(a), end('frontport', ...frontE));
      const trunk = await cable(end('rearport', rearE), end('rearport', rearW));
      const patchW = await cable(end('frontport', ...frontW), ifaces(b));
      expect(await get(INTERFACES, a.id)).toMatchObject({ connected_endpoints: [{ id: b.id }], connected_endpoints_reachable: true });
      const trace = (await t.get(`${INTERFACES}${a.id}/trace/`)).body;
      expect(trace.map((s: Json[]) => [s[0].map((x: Json) => x.id), s[1].id, s[2].map((x: Json) => x.id)])).toEqual([
        [[a.id], patchE.id, frontE.map((f) => f.id)],
        [[rearE.id], trunk.id, [rearW.id]],
        [frontW.map((f) => f.id), patchW.id, [b.id]],
      ]);
    });

    it('stops where front ports lead on to different cables: the path splits', async () => {
      // Two single-position rear ports behind the ports one cable lands on, each trunked elsewhere.
      const panel = await device('split-panel', ams);
      const rears = [
        await createOne(t, REAR_PORTS, { device: panel.id, name: 'R1', type: 'lc' }),
        await createOne(t, REAR_PORTS, { device: panel.id, name: 'R2', type: 'lc' }),
      ];
      const fronts = [
        await createOne(t, FRONT_PORTS, { device: panel.id, name: 'F1', type: 'lc', rear_port: rears[0].id }),
        await createOne(t, FRONT_PORTS, { device: panel.id, name: 'F2', type: 'lc', rear_port: rears[1].id }),
      ];
      const a = await iface(sw1, 'xe-4/0/0');
      const patch = await cable(ifaces(a), end('frontport', ...fronts));
      await cable(end('rearport', rears[0]), ifaces(await iface(sw2, 'xe-4/0/0')));
      await cable(end('rearport', rears[1]), ifaces(await iface(sw3, 'xe-4/0/0')));
      expect(await get(INTERFACES, a.id)).toMatchObject({ connected_endpoints: null, connected_endpoints_reachable: false });
      const trace = (await t.get(`${INTERFACES}${a.id}/trace/`)).body;
      expect(trace.map((s: Json[]) => [s[0].map((x: Json) => x.id), s[1].id, s[2].map((x: Json) => x.id)])).toEqual([[[a.id], patch.id, fronts.map((f) => f.id)]]);
    });

    it('stops at a multi-position rear port entered without a position', async () => {
      const panel = await device('mpo-panel', ams);
      const rear = await createOne(t, REAR_PORTS, { device: panel.id, name: 'MPO', type: 'mpo', positions: 4 });
      await createOne(t, FRONT_PORTS, { device: panel.id, name: 'LC 1', type: 'lc', rear_port: rear.id, rear_port_position: 1 });
      const a = await iface(sw1, 'xe-4/0/1');
      const k = await cable(ifaces(a), end('rearport', rear));
      expect(await get(INTERFACES, a.id)).toMatchObject({ link_peers_type: 'dcim.rearport', connected_endpoints: null, connected_endpoints_reachable: false });
      const trace = (await t.get(`${INTERFACES}${a.id}/trace/`)).body;
      expect(trace).toEqual([[[nestedComponent(a, sw1, k.id)], expect.objectContaining({ id: k.id }), [nestedComponent(rear, panel, k.id)]]]);
    });
  });

  describe('filters', () => {
    let set: Json;
    beforeAll(async () => {
      const hall = await createOne(t, '/api/dcim/locations/', { name: 'Hall 2', slug: 'hall-2', site: ber.id });
      const ber2 = await createOne(t, '/api/dcim/racks/', { name: 'R201', site: ber.id, location: hall.id });
      const sw4 = await device('sw4', ber, { rack: ber2.id, location: hall.id });
      const x = [await iface(sw1, 'ge-5/0/0'), await iface(sw4, 'ge-5/0/0'), await iface(sw2, 'ge-5/0/1'), await iface(sw4, 'ge-5/0/1')];
      const fp = await createOne(t, FRONT_PORTS, {
        device: sw4.id, name: 'F1', type: '8p8c', rear_port: (await createOne(t, REAR_PORTS, { device: sw4.id, name: 'R1', type: '8p8c' })).id,
      });
      set = {
        sw4, ber2, hall, x, fp,
        k1: await cable(ifaces(x[0]), ifaces(x[1]), { type: 'cat6', color: 'f44336', label: 'F-1', length: 5, length_unit: 'm', tenant: tenant.id }),
        k2: await cable(ifaces(x[2]), end('frontport', fp), { type: 'cat5e', status: 'planned', label: 'F-2', length: 10, length_unit: 'm' }),
        k3: await cable(ifaces(x[3]), ifaces(await iface(sw3, 'ge-5/0/1')), { type: 'cat6', status: 'decommissioning', label: 'F-3', description: 'replaces F-2' }),
      };
    });
    const labels = async (query: string) => {
      const res = await t.get(`${CABLES}?${query}&label__isw=F-&limit=100`);
      expectStatus(res, 200);
      return res.body.results.map((c: Json) => c.label);
    };

    it('filters by where the ends are: device, rack and site', async () => {
      expect(await labels(`device_id=${set.sw4.id}`)).toEqual(['F-1', 'F-2', 'F-3']);
      expect(await labels('device=sw1')).toEqual(['F-1']);
      expect(await labels('device=sw1&device=sw2')).toEqual(['F-1', 'F-2']);
      expect(await labels(`site_id=${ams.id}`)).toEqual(['F-1', 'F-2']);
      expect(await labels('site=ber1')).toEqual(['F-1', 'F-2', 'F-3']);
      expect(await labels(`rack_id=${set.ber2.id}`)).toEqual(['F-1', 'F-2', 'F-3']);
      expect(await labels(`rack_id=${rack.id}`)).toEqual(['F-1', 'F-2']);
      expect(await labels('rack=R201')).toEqual(['F-1', 'F-2', 'F-3']);
      // NetBox's cable `location` is the location's name, not its slug.
      expect(await labels(`location_id=${set.hall.id}`)).toEqual(['F-1', 'F-2', 'F-3']);
      expect(await labels('location=Hall 2')).toEqual(['F-1', 'F-2', 'F-3']);
      expect(await labels('location=hall-2')).toEqual([]);
      // Unknown names match nothing; ids must be whole numbers; empty values are no filter.
      expect(await labels('device=nonexistent')).toEqual([]);
      expect(await labels('site_id=&rack_id=')).toEqual(['F-1', 'F-2', 'F-3']);
      for (const name of ['device_id', 'rack_id', 'location_id', 'site_id']) {
        expect((await t.get(`${CABLES}?${name}=abc`)).body).toEqual({ [name]: ['Enter a whole number.'] });
      }
    });

    it("filters by the cable's own fields", async () => {
      expect(await labels('type=cat6')).toEqual(['F-1', 'F-3']);
      expect(await labels('type=cat5e&type=cat6')).toEqual(['F-1', 'F-2', 'F-3']);
      expect(await labels('status=planned')).toEqual(['F-2']);
      expect(await labels('status=connected')).toEqual(['F-1']);
      expect(await labels('color=f44336')).toEqual(['F-1']);
      expect(await labels('color__n=f44336')).toEqual(['F-2', 'F-3']);
      // The colour filter takes NetBox's named colours only.
      expect((await t.get(`${CABLES}?color=f44337`)).body).toEqual({ color: ['Select a valid choice. f44337 is not one of the available choices.'] });
      expect(await labels('length_unit__n=m')).toEqual(['F-3']);
      expect(await labels('type__n=cat6')).toEqual(['F-2']);
      // Not filters of NetBox's cable filter set: ignored.
      expect(await labels('description=nothing&comments=nothing&color__ic=f44')).toEqual(['F-1', 'F-2', 'F-3']);
      expect(await labels('label=F-2')).toEqual(['F-2']);
      expect(await labels('label__ic=f-3')).toEqual(['F-3']);
      expect(await labels('length=10')).toEqual(['F-2']);
      expect(await labels('length__gte=5')).toEqual(['F-1', 'F-2']);
      expect(await labels('length_unit=m')).toEqual(['F-1', 'F-2']);
      expect(await labels(`tenant_id=${tenant.id}`)).toEqual(['F-1']);
      expect(await labels('tenant=acme')).toEqual(['F-1']);
      // NetBox's search looks at the label alone.
      expect(await labels('q=f-2')).toEqual(['F-2']);
      expect((await t.get(`${CABLES}?status=lost`)).status).toBe(400);
    });

    it('filters by the type and id of the terminations', async () => {
      expect(await labels('termination_a_type=dcim.interface')).toEqual(['F-1', 'F-2', 'F-3']);
      // NetBox looks the type up on either end.
      expect(await labels('termination_a_type=dcim.frontport')).toEqual(['F-2']);
      expect(await labels('termination_b_type=dcim.frontport')).toEqual(['F-2']);
      expect(await labels(`termination_a_id=${set.x[2].id}`)).toEqual(['F-2']);
      expect(await labels(`termination_b_id=${set.x[2].id}`)).toEqual([]);
      expect(await labels(`termination_b_id=${set.fp.id}&termination_b_type=dcim.frontport`)).toEqual(['F-2']);
      expect(await labels(`termination_b_id=${set.x[1].id}&termination_b_id=${set.fp.id}`)).toEqual(['F-1', 'F-2']);
      expect((await t.get(`${CABLES}?termination_a_id=x`)).body).toEqual({ termination_a_id: ['Enter a whole number.'] });
      // NetBox's ContentTypeFilter ignores negation: `__n` matches as the plain filter does.
      expect(await labels('termination_a_type__n=dcim.frontport')).toEqual(['F-2']);
      expect(await labels('termination_a_type=frontport')).toEqual([]);
      // 3.5.9's termination id filters are method filters, which take no lookups: these names are ignored.
      expect(await labels(`termination_a_id__n=${set.x[2].id}&termination_b_id__gt=${set.fp.id + 1000}`)).toEqual(['F-1', 'F-2', 'F-3']);
    });
  });

  describe('cable terminations', () => {
    it('lists and shows each end with its cable by id and its object nested', async () => {
      const [a, b] = [await iface(sw1, 'ge-6/0/0'), await iface(sw2, 'ge-6/0/0')];
      const k = await cable(ifaces(a), ifaces(b), { label: 'CT-1' });
      const list = await t.get(`${TERMINATIONS}?cable=${k.id}`);
      expectStatus(list, 200);
      expect(list.body.count).toBe(2);
      const [ta, tb] = list.body.results;
      expect(Object.keys(ta)).toEqual(['id', 'url', 'display', 'cable', 'cable_end', 'termination_type', 'termination_id', 'termination', 'created', 'last_updated']);
      expect(ta).toMatchObject({
        display: `Cable CT-1 to ${a.name}`, cable: k.id, cable_end: 'A', termination_type: 'dcim.interface', termination_id: a.id,
        termination: nestedComponent(a, sw1, k.id),
      });
      expect(tb).toMatchObject({ cable: k.id, cable_end: 'B', termination_id: b.id });
      const detail = await t.get(`${TERMINATIONS}${ta.id}/`);
      expect(detail.body).toEqual(ta);
      expect((await t.get(`${TERMINATIONS}?cable_end=B&termination_type=dcim.interface&termination_id=${b.id}`)).body.results.map((x: Json) => x.id)).toEqual([tb.id]);
      const ids = async (query: string) => (await t.get(`${TERMINATIONS}?${query}`)).body.results.map((x: Json) => x.id);
      expect(await ids(`cable=${k.id}&cable_end__n=A`)).toEqual([tb.id]);
      expect(await ids(`cable=${k.id}&termination_id__gte=${Math.max(a.id, b.id)}`)).toEqual([a.id > b.id ? ta.id : tb.id]);
      expect(await ids(`cable=${k.id}&termination_type__n=dcim.interface`)).toEqual([ta.id, tb.id]);
      expect(await ids(`cable__n=${k.id}&termination_id=${a.id}&termination_type=dcim.interface`)).toEqual([]);
      expect((await t.get(`${TERMINATIONS}?cable_end=C`)).body).toEqual({ cable_end: ['Select a valid choice. C is not one of the available choices.'] });
      // A BaseFilterSet: no change-logged filters, so these names are ignored.
      expect(await ids(`cable=${k.id}&created=2000-01-01&last_updated__lt=2000-01-01T00:00:00Z&_device=0`)).toEqual([ta.id, tb.id]);
    });
  });

  describe('statements', () => {
    beforeAll(async () => {
      const hosts = await t.post('/api/dcim/devices/', [
        { name: 'bulk-a', device_type: type.id, device_role: role.id, site: ams.id },
        { name: 'bulk-b', device_type: type.id, device_role: role.id, site: ber.id },
      ]);
      expectStatus(hosts, 201);
      const [da, db] = hosts.body;
      const make = async (dev: Json) =>
        (await t.post(INTERFACES, Array.from({ length: 300 }, (_, i) => ({ device: dev.id, name: `eth${i}`, type: '10gbase-x-sfpp' })))).body as Json[];
      const [as, bs] = [await make(da), await make(db)];
      const res = await t.post(CABLES, as.map((a, i) => ({ a_terminations: ifaces(a), b_terminations: ifaces(bs[i]), label: `bulk-${i}` })));
      expectStatus(res, 201);
    }, 300_000);

    it('lists cables in the same number of statements whatever the page size', async () => {
      const small = await pageStatements(t, async () => expect((await t.get(`${CABLES}?label__isw=bulk-&limit=5`)).body.results).toHaveLength(5));
      const large = await pageStatements(t, async () => expect((await t.get(`${CABLES}?label__isw=bulk-&limit=300`)).body.results).toHaveLength(300));
      expect(large).toBe(small);
    });

    it('lists interfaces with their peers and endpoints in the same number of statements whatever the page size', async () => {
      const small = await pageStatements(t, async () => {
        const res = await t.get(`${INTERFACES}?device=bulk-a&limit=5`);
        expect(res.body.results.every((i: Json) => i.connected_endpoints.length === 1)).toBe(true);
      });
      const large = await pageStatements(t, async () => {
        const res = await t.get(`${INTERFACES}?device=bulk-a&limit=300`);
        expect(res.body.results).toHaveLength(300);
        expect(res.body.results.every((i: Json) => i.link_peers.length === 1 && i.connected_endpoints.length === 1)).toBe(true);
      });
      expect(large).toBe(small);
    });
  });
});
