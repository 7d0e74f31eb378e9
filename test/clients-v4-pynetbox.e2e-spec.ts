import request from 'supertest';
import type { Response } from 'supertest';
import { expectStatus, Json } from './helpers/seed';
import { TestApp } from './helpers/test-app';

jest.setTimeout(180_000);

const PEPPERS = JSON.stringify({ 1: 'a pepper for the v2 tokens pynetbox provisions, fifty characters or more' });

/**
 * The requests pynetbox 7.8 sends, built as it builds them: `<url>/api` as its base, `accept: application/json`,
 * `Content-Type: application/json` on bodies, `authorization: Bearer nbt_…` for a v2 token (`Token` otherwise),
 * filters as query parameters with `limit` after them, and the pagination it follows.
 */
class Pynetbox {
  token?: string;
  private cursorSupported?: boolean;
  /** Every path and query sent, in order, as a response hook of the client's session sees them. */
  readonly sent: string[] = [];

  constructor(
    private readonly t: TestApp,
    readonly base = '/v4/api',
    readonly pagination: 'offset' | 'cursor' = 'offset',
  ) {}

  private auth(headers: Record<string, string>): Record<string, string> {
    if (this.token) headers.authorization = `${this.token.startsWith('nbt_') ? 'Bearer' : 'Token'} ${this.token}`;
    return headers;
  }

  /** Request._make_call: one request, its answer checked as `req.ok`. */
  async call(verb: 'get' | 'post' | 'patch' | 'put' | 'delete' | 'options', url: string, params: Json = {}, body?: unknown, accept = 'application/json'): Promise<Response> {
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
    const target = query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
    this.sent.push(target);
    const headers = this.auth({ accept });
    let req = request(this.t.server)[verb](target);
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    req = req.set(headers);
    return body === undefined ? req : req.send(JSON.stringify(body));
  }

  private async ok(verb: 'get' | 'post' | 'patch' | 'put' | 'delete' | 'options', url: string, params: Json = {}, body?: unknown): Promise<any> {
    const res = await this.call(verb, url, params, body);
    if (res.status < 200 || res.status >= 400) expectStatus(res, verb === 'post' ? 201 : 200);
    return res.body;
  }

  endpoint(app: string, name: string): string {
    return `${this.base}/${app}/${name.replace(/_/g, '-')}/`;
  }

  /** Api.version: GET <base>/ with Content-Type, its API-Version header (a 403 is accepted). */
  async version(): Promise<string> {
    const headers = this.auth({ 'Content-Type': 'application/json' });
    this.sent.push(`${this.base}/`);
    const res = await request(this.t.server).get(`${this.base}/`).set(headers);
    if (res.status !== 403) expectStatus(res, 200);
    return res.headers['api-version'] ?? '';
  }

  async status(): Promise<Json> {
    const res = await request(this.t.server).get(`${this.base}/status/`).set(this.auth({ 'Content-Type': 'application/json' }));
    expectStatus(res, 200);
    return res.body;
  }

  /** Api.create_token: an unauthenticated provision; a v2 answer makes `nbt_<key>.<token>` the token. */
  async createToken(username: string, password: string): Promise<Json> {
    const saved = this.token;
    this.token = undefined;
    const answer = await this.ok('post', `${this.base}/users/tokens/provision/`, {}, { username, password });
    this.token = answer.version === 2 ? `nbt_${answer.key}.${answer.token}` : answer.token || answer.key || saved;
    return answer;
  }

  create(app: string, name: string, body: unknown): Promise<any> {
    return this.ok('post', this.endpoint(app, name), {}, body);
  }

  /** Endpoint.get(id): GET <endpoint>/<id>/, null on 404. */
  async get(app: string, name: string, id: number): Promise<Json | null> {
    const res = await this.call('get', `${this.endpoint(app, name)}${id}/`);
    if (res.status === 404) return null;
    expectStatus(res, 200);
    return res.body;
  }

  /** Endpoint.get(**kwargs): a filter that must match one object (pynetbox raises on a second). */
  async getBy(app: string, name: string, filters: Json): Promise<Json | null> {
    const found = await this.filter(app, name, filters);
    if (found.length > 1) throw new Error(`get(${JSON.stringify(filters)}) returned more than one result on ${name}`);
    return found[0] ?? null;
  }

  /** Endpoint.filter / all: limit 0 unless given, then the pagination the Api was made with. */
  async filter(app: string, name: string, filters: Json = {}, limit = 0): Promise<Json[]> {
    const url = this.endpoint(app, name);
    // Api._effective_pagination: the version probed once, cursor pages from 4.6 on.
    if (this.pagination === 'cursor' && (this.cursorSupported ??= Number((await this.version()) || 0) >= 4.6)) {
      let page = await this.ok('get', url, { ...filters, limit, start: 0 });
      expect(page.count).toBeNull();
      const out = [...page.results];
      while (page.next) {
        page = await this.ok('get', page.next.replace(/^https?:\/\/[^/]+/, ''));
        out.push(...page.results);
      }
      return out;
    }
    let page = await this.ok('get', url, { ...filters, limit });
    const out = [...page.results];
    let first = true;
    while (page.next) {
      page = first
        ? await this.ok('get', url, { ...filters, limit: limit || page.count, offset: out.length })
        : await this.ok('get', page.next.replace(/^https?:\/\/[^/]+/, ''));
      first = false;
      out.push(...page.results);
    }
    return out;
  }

  /** Api(threading=True).all(limit): the first page, then every other page's offset at once, computed from count. */
  async threadedAll(app: string, name: string, limit: number): Promise<Json[]> {
    const url = this.endpoint(app, name);
    const first = await this.ok('get', url, { limit });
    const out = [...first.results];
    if (first.next) {
      const size = first.results.length;
      const pages = Math.floor(first.count / size) + (size % first.count > 0 ? 1 : 0);
      const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => this.ok('get', url, { offset: (i + 1) * size, limit: size })));
      for (const page of rest) out.push(...page.results);
    }
    return out;
  }

  /** Endpoint.count / RecordSet.__len__ without a count: limit=1&brief=1. */
  async count(app: string, name: string, filters: Json = {}): Promise<number> {
    return (await this.ok('get', this.endpoint(app, name), { ...filters, limit: 1, brief: 1 })).count;
  }

  /** Record.save: PATCH of the changed fields only, and the answer read back into the record. */
  save(app: string, name: string, id: number, changes: Json): Promise<Json> {
    return this.ok('patch', `${this.endpoint(app, name)}${id}/`, {}, changes);
  }

  /** Record.delete(): DELETE of its detail url, any 2xx (204) is True. */
  async delete(app: string, name: string, id: number): Promise<void> {
    const res = await this.call('delete', `${this.endpoint(app, name)}${id}/`);
    expectStatus(res, 204);
  }

  /** Endpoint.choices: OPTIONS, the choices of each field of actions.POST (or PUT). */
  async choices(app: string, name: string): Promise<Record<string, { value: unknown; display_name: string }[]>> {
    const body = await this.ok('options', this.endpoint(app, name));
    const post = body.actions?.POST ?? body.actions?.PUT;
    if (!post) throw new Error(`Unexpected format in the OPTIONS response at ${name}`);
    const out: Record<string, { value: unknown; display_name: string }[]> = {};
    for (const [field, spec] of Object.entries<Json>(post)) if ('choices' in spec) out[field] = spec.choices;
    return out;
  }

  /** trace(), paths(), elevation.list(): GET <endpoint>/<id>/<route>/. */
  detail(app: string, name: string, id: number, route: string, params: Json = {}): Promise<any> {
    return this.ok('get', `${this.endpoint(app, name)}${id}/${route}/`, params);
  }
}

/** What str() of a pynetbox Record shows: its name, label or display. */
const str = (record: Json): string => record.name || record.label || record.display || '';

/** BaseTest of pynetbox's integration suite: get by id, get by kwargs, filter, then save()'s PATCH read back. */
async function baseTest(nb: Pynetbox, app: string, name: string, fixture: Json, filters: Json, updateField?: string): Promise<void> {
  expect(fixture.id).toEqual(expect.any(Number));
  if (updateField) {
    const saved = await nb.save(app, name, fixture.id, { [updateField]: 'Test Value' });
    expect(saved[updateField]).toBe('Test Value');
  }
  const byId = await nb.get(app, name, fixture.id);
  expect(byId?.id).toBe(fixture.id);
  const byKwargs = await nb.getBy(app, name, filters);
  expect(byKwargs?.id).toBe(fixture.id);
  const filtered = await nb.filter(app, name, filters);
  expect(filtered[0]?.id).toBe(fixture.id);
  if (updateField) for (const record of [byId, byKwargs, filtered[0]]) expect(record?.[updateField]).toBe('Test Value');
}

describe('pynetbox 7.8 against /v4 (its integration suite, NetBox 4.6)', () => {
  let t: TestApp;
  let nb: Pynetbox;
  const fx: Json = {};

  beforeAll(async () => {
    t = await TestApp.start({ API_TOKEN_PEPPERS: PEPPERS, SUPERUSER_PASSWORD: 'admin' });
    nb = new Pynetbox(t);
  });
  afterAll(() => t?.close());

  describe('connecting', () => {
    it('probes the version as pynetbox does: API-Version 4.6 on <base>/api/, without credentials too', async () => {
      expect(await nb.version()).toBe('4.6');
      expect((await request(t.server).get('/v4/api/status/')).headers['api-version']).toBe('4.6');
    });

    it('create_token("admin", "admin") provisions a v2 token, and the nbt_ token it builds authenticates as Bearer', async () => {
      const answer = await nb.createToken('admin', 'admin');
      expect(answer).toEqual(expect.objectContaining({ version: 2, key: expect.stringMatching(/^[A-Za-z0-9]{12}$/), token: expect.stringMatching(/^[A-Za-z0-9]{40}$/) }));
      expect(nb.token).toBe(`nbt_${answer.key}.${answer.token}`);
      expect(answer.user).toEqual(expect.objectContaining({ username: 'admin' }));
      const root = await nb.call('get', '/v4/api/');
      expectStatus(root, 200);
      expect(root.headers['api-version']).toBe('4.6');
      expect(root.body.dcim).toMatch(/\/v4\/api\/dcim\/$/);
      expect((await nb.status())['netbox-version']).toBe('4.6.8');
    });

    it('refuses a provision with a wrong password, as RequestError sees it (no token kept)', async () => {
      const res = await nb.call('post', '/v4/api/users/tokens/provision/', {}, { username: 'admin', password: 'wrong' });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    });
  });

  describe('dcim (test_dcim.py)', () => {
    beforeAll(async () => {
      fx.site = await nb.create('dcim', 'sites', { name: 'test', slug: 'test' });
      fx.manufacturer = await nb.create('dcim', 'manufacturers', { name: 'test-manufacturer', slug: 'test-manufacturer' });
      // `height` is no field of a device type: NetBox ignores it, and so must we.
      fx.deviceType = await nb.create('dcim', 'device_types', { manufacturer: fx.manufacturer.id, model: 'test-device-type', slug: 'test-device-type', height: 1 });
      fx.role = await nb.create('dcim', 'device_roles', { name: 'test-device-role', slug: 'test-device-role', color: '000000' });
      fx.device = await createDevice('test-device');
    });

    /** conftest.create_device: `role` once api.version >= 3.6. */
    async function createDevice(name: string): Promise<Json> {
      expect(await nb.version()).toBe('4.6');
      return nb.create('dcim', 'devices', { name, role: fx.role.id, device_type: fx.deviceType.id, site: fx.site.id });
    }

    it('TestSite: create, save description, get by id and by name, filter', async () => {
      await baseTest(nb, 'dcim', 'sites', fx.site, { name: 'test' }, 'description');
    });

    it('TestSite.test_threading_duplicates: threaded all(limit=5) yields every site once', async () => {
      await nb.create('dcim', 'sites', Array.from({ length: 18 }, (_, k) => ({ name: `test${k + 2}`, slug: `test${k + 2}` })));
      const threaded = new Pynetbox(t);
      await threaded.createToken('admin', 'admin');
      const sites = await threaded.threadedAll('dcim', 'sites', 5);
      expect(sites).toHaveLength(19);
      expect(new Set(sites.map((s) => s.id)).size).toBe(sites.length);
      expect(threaded.sent.filter((u) => u.includes('offset=')).sort()).toEqual(
        ['/v4/api/dcim/sites/?offset=5&limit=5', '/v4/api/dcim/sites/?offset=10&limit=5', '/v4/api/dcim/sites/?offset=15&limit=5'].sort(),
      );
    });

    it('TestRack: create, save comments, lookups, and elevation.list() as a non-empty list of units', async () => {
      const rack = (fx.rack = await nb.create('dcim', 'racks', { site: fx.site.id, name: 'test-rack' }));
      await baseTest(nb, 'dcim', 'racks', rack, { name: 'test-rack' }, 'comments');
      const elevation = await nb.detail('dcim', 'racks', rack.id, 'elevation');
      expect(elevation.results.length).toBeGreaterThan(0);
      expect(elevation.results[0]).toEqual(expect.objectContaining({ id: expect.any(Number), name: expect.any(String), face: expect.anything() }));
      const svg = await nb.call('get', `/v4/api/dcim/racks/${rack.id}/elevation/`, { render: 'svg' }, undefined, '*/*');
      expectStatus(svg, 200);
      expect(String(svg.body instanceof Buffer ? svg.body.toString() : svg.text)).toContain('<svg');
    });

    it('TestManufacturer and TestDeviceType (str() is the model)', async () => {
      await baseTest(nb, 'dcim', 'manufacturers', fx.manufacturer, { name: 'test-manufacturer' }, 'description');
      await baseTest(nb, 'dcim', 'device_types', fx.deviceType, { model: 'test-device-type' }, 'comments');
      expect(fx.deviceType.model).toBe('test-device-type');
      expect(fx.deviceType.u_height).toBe(1);
    });

    it('TestDevice and TestInterface', async () => {
      await baseTest(nb, 'dcim', 'devices', fx.device, { name: 'test-device' }, 'comments');
      expect(fx.device.role).toEqual(expect.objectContaining({ id: fx.role.id }));
      const interface_ = await nb.create('dcim', 'interfaces', { name: 'test-interface', type: '1000base-t', device: fx.device.id });
      await baseTest(nb, 'dcim', 'interfaces', interface_, { name: 'test-interface' }, 'description');
    });

    it("save() sends a nested object as its id and a list of them as ids, and reads the answer back (a device's role, an interface's tagged VLANs)", async () => {
      const other = await nb.create('dcim', 'device_roles', { name: 'other-role', slug: 'other-role', color: 'ff0000' });
      const device = await nb.getBy('dcim', 'devices', { name: 'test-device' });
      const moved = await nb.save('dcim', 'devices', device!.id, { role: other.id });
      expect(moved.role).toEqual(expect.objectContaining({ id: other.id, name: 'other-role' }));
      await nb.save('dcim', 'devices', device!.id, { role: fx.role.id });
      const vlans = await nb.create('ipam', 'vlans', [{ vid: 10, name: 'ten' }, { vid: 20, name: 'twenty' }]);
      const iface = await nb.getBy('dcim', 'interfaces', { name: 'test-interface' });
      const tagged = await nb.save('dcim', 'interfaces', iface!.id, { mode: 'tagged', tagged_vlans: vlans.map((v: Json) => v.id) });
      expect(tagged.mode).toEqual(expect.objectContaining({ value: 'tagged' }));
      expect(tagged.tagged_vlans.map((v: Json) => v.id).sort()).toEqual(vlans.map((v: Json) => v.id).sort());
      // Endpoint.update: one PATCH of a list, each item with its id.
      const bulk = await nb.call('patch', nb.endpoint('dcim', 'interfaces'), {}, [{ id: iface!.id, description: 'bulk' }]);
      expectStatus(bulk, 200);
      expect(bulk.body).toEqual([expect.objectContaining({ id: iface!.id, description: 'bulk' })]);
    });

    it('TestPowerCable and TestConsoleCable: a_terminations as object_type/object_id, str() through the terminations', async () => {
      const pdu = await createDevice('test-pdu');
      const outlet = await nb.create('dcim', 'power_outlets', { name: 'outlet', device: pdu.id });
      const psu = await nb.create('dcim', 'power_ports', { name: 'PSU1', device: fx.device.id });
      const power = await nb.create('dcim', 'cables', {
        a_terminations: [{ object_type: 'dcim.powerport', object_id: psu.id }],
        b_terminations: [{ object_type: 'dcim.poweroutlet', object_id: outlet.id }],
      });
      await baseTest(nb, 'dcim', 'cables', power, { id: power.id });
      expect(`${str(power.a_terminations[0].object)} <> ${str(power.b_terminations[0].object)}`).toBe('PSU1 <> outlet');
      expect(power.a_terminations[0]).toEqual(expect.objectContaining({ object_type: 'dcim.powerport', object_id: psu.id }));

      const server = await createDevice('test-console-server');
      const port1 = await nb.create('dcim', 'console_server_ports', { name: 'Port 1', device: server.id });
      const consolePort = await nb.create('dcim', 'console_ports', { name: 'Console', device: fx.device.id });
      const console = await nb.create('dcim', 'cables', {
        a_terminations: [{ object_type: 'dcim.consoleport', object_id: consolePort.id }],
        b_terminations: [{ object_type: 'dcim.consoleserverport', object_id: port1.id }],
      });
      await baseTest(nb, 'dcim', 'cables', console, { id: console.id });
      const reread = await nb.get('dcim', 'cables', console.id);
      expect(`${str(reread!.a_terminations[0].object)} <> ${str(reread!.b_terminations[0].object)}`).toBe('Console <> Port 1');
      // The classes' finalizers: each cable, then the device its far end was made on.
      await nb.delete('dcim', 'cables', power.id);
      await nb.delete('dcim', 'devices', pdu.id);
      await nb.delete('dcim', 'cables', console.id);
      await nb.delete('dcim', 'devices', server.id);
      expect(await nb.get('dcim', 'power_outlets', outlet.id)).toBeNull();
      expect((await nb.get('dcim', 'power_ports', psu.id))?.cable).toBeNull();
    });

    it('TestInterfaceCable.test_trace: [a terminations, cable, b terminations], each hop with its url', async () => {
      const other = await createDevice('test-device-2');
      const b = await nb.create('dcim', 'interfaces', { name: 'Ethernet1', type: '1000base-t', device: other.id });
      const a = await nb.create('dcim', 'interfaces', { name: 'Ethernet1', type: '1000base-t', device: fx.device.id });
      const cable = await nb.create('dcim', 'cables', {
        a_terminations: [{ object_type: 'dcim.interface', object_id: a.id }],
        b_terminations: [{ object_type: 'dcim.interface', object_id: b.id }],
      });
      await baseTest(nb, 'dcim', 'cables', cable, { id: cable.id });
      const trace = await nb.detail('dcim', 'interfaces', a.id, 'trace');
      expect(Array.isArray(trace)).toBe(true);
      const [aTerms, traced, bTerms] = trace[0];
      expect(aTerms[0]).toEqual(expect.objectContaining({ id: a.id, name: 'Ethernet1', url: expect.stringMatching(/\/v4\/api\/dcim\/interfaces\/\d+\/$/) }));
      expect(traced).toEqual(expect.objectContaining({ id: cable.id, url: expect.stringMatching(/\/v4\/api\/dcim\/cables\/\d+\/$/) }));
      expect(bTerms[0]).toEqual(expect.objectContaining({ id: b.id, name: 'Ethernet1' }));
      await nb.delete('dcim', 'cables', cable.id);
      await nb.delete('dcim', 'devices', other.id);
      expect((await nb.get('dcim', 'interfaces', a.id))?.cable).toBeNull();
    });
  });

  describe('pass-through ports (4.5+ rear_ports mappings)', () => {
    const create = (name: string) => nb.create('dcim', 'devices', { name, role: fx.role.id, device_type: fx.deviceType.id, site: fx.site.id });

    it('TestPassThroughPorts: front ports mapped to rear ports, cabled through, paths() from the front and the rear port', async () => {
      const deviceA = await create('test-device-a');
      const deviceB = await create('test-device-b');
      const rearA = await nb.create('dcim', 'rear_ports', { name: 'RearPort1', device: deviceA.id, type: '8p8c', positions: 1 });
      const frontA = await nb.create('dcim', 'front_ports', { name: 'FrontPort1', device: deviceA.id, type: '8p8c', rear_ports: [{ rear_port: rearA.id, rear_port_position: 1, position: 1 }] });
      const rearB = await nb.create('dcim', 'rear_ports', { name: 'RearPort2', device: deviceB.id, type: '8p8c', positions: 1 });
      const frontB = await nb.create('dcim', 'front_ports', { name: 'FrontPort2', device: deviceB.id, type: '8p8c', rear_ports: [{ rear_port: rearB.id, rear_port_position: 1, position: 1 }] });
      expect(frontA.rear_ports).toEqual([{ position: 1, rear_port: rearA.id, rear_port_position: 1 }]);
      const ethA = await nb.create('dcim', 'interfaces', { name: 'eth0', type: '1000base-t', device: deviceA.id });
      const ethB = await nb.create('dcim', 'interfaces', { name: 'eth0', type: '1000base-t', device: deviceB.id });
      const cable = (a: [string, number], b: [string, number]) =>
        nb.create('dcim', 'cables', { a_terminations: [{ object_type: a[0], object_id: a[1] }], b_terminations: [{ object_type: b[0], object_id: b[1] }] });
      const front = await cable(['dcim.frontport', frontA.id], ['dcim.frontport', frontB.id]);
      const rearSideA = await cable(['dcim.rearport', rearA.id], ['dcim.interface', ethA.id]);
      const rearSideB = await cable(['dcim.rearport', rearB.id], ['dcim.interface', ethB.id]);
      await baseTest(nb, 'dcim', 'front_ports', frontA, { name: 'FrontPort1' });

      const paths = await nb.detail('dcim', 'front_ports', frontA.id, 'paths');
      expect(paths.length).toBeGreaterThan(0);
      // NetBox's CablePathSerializer: pynetbox builds origin and destination from what it is given, and each hop from its url.
      for (const path of paths) {
        expect(Object.keys(path)).toEqual(['id', 'path', 'is_active', 'is_complete', 'is_split']);
        for (const hop of path.path.flat()) expect(hop.url).toMatch(/\/v4\/api\/dcim\/(interfaces|front-ports|rear-ports|cables)\/\d+\/$/);
      }
      expect((await nb.detail('dcim', 'rear_ports', rearA.id, 'paths')).length).toBeGreaterThan(0);

      for (const c of [front, rearSideA, rearSideB]) await nb.delete('dcim', 'cables', c.id);
      await nb.delete('dcim', 'devices', deviceA.id);
      await nb.delete('dcim', 'devices', deviceB.id);
    });

    it('TestFrontPortRearPortsSerialization: a re-read front port saves nothing, and a changed rear_port_position is PATCHed and read back', async () => {
      const device = await create('test-device-fp-rp');
      const rear = await nb.create('dcim', 'rear_ports', { name: 'MutRearPort', device: device.id, type: '8p8c', positions: 4 });
      const created = await nb.create('dcim', 'front_ports', { name: 'MutFrontPort', device: device.id, type: '8p8c', rear_ports: [{ rear_port: rear.id, rear_port_position: 1, position: 1 }] });
      await baseTest(nb, 'dcim', 'front_ports', created, { name: 'MutFrontPort' });
      // Each item is id-less: pynetbox serializes it whole, so a re-read must give back exactly what save() would send.
      const refetched = await nb.get('dcim', 'front_ports', created.id);
      expect(refetched!.rear_ports).toEqual([{ position: 1, rear_port: rear.id, rear_port_position: 1 }]);
      const saved = await nb.save('dcim', 'front_ports', created.id, { rear_ports: [{ ...refetched!.rear_ports[0], rear_port_position: 2 }] });
      expect(saved.rear_ports).toEqual([{ position: 1, rear_port: rear.id, rear_port_position: 2 }]);
      expect((await nb.get('dcim', 'front_ports', created.id))!.rear_ports[0].rear_port_position).toBe(2);
      await nb.delete('dcim', 'devices', device.id);
    });
  });

  describe('circuits (test_circuits.py)', () => {
    beforeAll(async () => {
      fx.site ??= await nb.create('dcim', 'sites', { name: 'test', slug: 'test' });
      fx.provider = await nb.create('circuits', 'providers', { name: 'test-provider', slug: 'test-provider' });
      fx.circuitType = await nb.create('circuits', 'circuit_types', { name: 'test-circuit-type', slug: 'test-circuit-type' });
      fx.circuit = await nb.create('circuits', 'circuits', { cid: 'TEST-CIRCUIT-001', provider: fx.provider.id, type: fx.circuitType.id });
    });

    it('TestCircuit: str() is the cid; save description, get by cid, filter', async () => {
      expect(fx.circuit.cid).toBe('TEST-CIRCUIT-001');
      await baseTest(nb, 'circuits', 'circuits', fx.circuit, { cid: 'TEST-CIRCUIT-001' }, 'description');
    });

    it("TestCircuitTermination: created with 3.5's site beside termination_type/termination_id, read by circuit_id, paths() a list", async () => {
      const siteB = await nb.create('dcim', 'sites', { name: 'test-site-b', slug: 'test-site-b' });
      const a = await nb.create('circuits', 'circuit_terminations', { circuit: fx.circuit.id, site: fx.site.id, term_side: 'A', termination_type: 'dcim.site', termination_id: fx.site.id });
      await nb.create('circuits', 'circuit_terminations', { circuit: fx.circuit.id, site: siteB.id, term_side: 'Z', termination_type: 'dcim.site', termination_id: siteB.id });
      expect(a).toEqual(expect.objectContaining({ termination_type: 'dcim.site', termination_id: fx.site.id }));
      expect(a.termination).toEqual(expect.objectContaining({ id: fx.site.id }));
      expect(a.circuit).toEqual(expect.objectContaining({ id: fx.circuit.id, cid: 'TEST-CIRCUIT-001' }));
      // get(circuit_id=…) must find one: pynetbox's BaseTest asks it of a circuit with two sides.
      const both = await nb.filter('circuits', 'circuit_terminations', { circuit_id: fx.circuit.id });
      expect(both.map((x) => x.term_side).sort()).toEqual(['A', 'Z']);
      expect((await nb.get('circuits', 'circuit_terminations', a.id))?.id).toBe(a.id);
      const paths = await nb.detail('circuits', 'circuit_terminations', a.id, 'paths');
      expect(Array.isArray(paths)).toBe(true);
    });
  });

  describe('ipam (test_ipam.py)', () => {
    it('TestRIR and TestAggregate', async () => {
      const rir = await nb.create('ipam', 'rirs', { name: 'ministry-of-silly-walks', slug: 'ministry-of-silly-walks' });
      await baseTest(nb, 'ipam', 'rirs', rir, { name: 'ministry-of-silly-walks' }, 'description');
      const aggregate = await nb.create('ipam', 'aggregates', { prefix: '192.0.2.0/24', rir: rir.id });
      await baseTest(nb, 'ipam', 'aggregates', aggregate, { prefix: '192.0.2.0/24' }, 'description');
    });

    it('TestPrefix, TestIpAddress (found by q=192.0.2.1/24), TestRole, TestVlan, TestVRF', async () => {
      const prefix = await nb.create('ipam', 'prefixes', { prefix: '192.0.2.0/24' });
      await baseTest(nb, 'ipam', 'prefixes', prefix, { prefix: '192.0.2.0/24' }, 'description');
      const ip = await nb.create('ipam', 'ip_addresses', { address: '192.0.2.1/24' });
      await baseTest(nb, 'ipam', 'ip_addresses', ip, { q: '192.0.2.1/24' }, 'description');
      const role = await nb.create('ipam', 'roles', { name: 'test-role', slug: 'test-role' });
      await baseTest(nb, 'ipam', 'roles', role, { name: 'test-role' }, 'description');
      const vlan = await nb.create('ipam', 'vlans', { vid: 123, name: 'test-vlan' });
      await baseTest(nb, 'ipam', 'vlans', vlan, { name: 'test-vlan' }, 'description');
      const vrf = await nb.create('ipam', 'vrfs', { name: 'test-vrf', rd: '192.0.2.1:1234' });
      await baseTest(nb, 'ipam', 'vrfs', vrf, { name: 'test-vrf' }, 'description');
    });

    it("available_ips and available_prefixes: list, then create what the server picks", async () => {
      const parent = await nb.create('ipam', 'prefixes', { prefix: '203.0.113.0/29' });
      const free = await nb.detail('ipam', 'prefixes', parent.id, 'available-ips');
      expect(free.map((a: Json) => a.address)).toEqual(['203.0.113.1/29', '203.0.113.2/29', '203.0.113.3/29', '203.0.113.4/29', '203.0.113.5/29', '203.0.113.6/29']);
      const created = await nb.create('ipam', `prefixes/${parent.id}/available-ips`, { description: 'picked' });
      expect(created).toEqual(expect.objectContaining({ address: '203.0.113.1/29', description: 'picked' }));
      const prefixes = await nb.detail('ipam', 'prefixes', parent.id, 'available-prefixes');
      expect(prefixes.length).toBeGreaterThan(0);
      const child = await nb.create('ipam', `prefixes/${parent.id}/available-prefixes`, { prefix_length: 31 });
      expect(child.prefix).toMatch(/^203\.0\.113\.\d+\/31$/);
    });
  });

  describe('pagination (test_pagination.py)', () => {
    let prefixes: Json[];
    beforeAll(async () => {
      prefixes = [];
      for (let i = 0; i < 5; i++) prefixes.push(await nb.create('ipam', 'prefixes', { prefix: `198.51.100.${i}/32` }));
    });

    it('pagination="cursor" on 4.6: limit=2&start=0, then the next links, every prefix returned', async () => {
      const cursor = new Pynetbox(t, '/v4/api', 'cursor');
      await cursor.createToken('admin', 'admin');
      const results = await cursor.filter('ipam', 'prefixes', {}, 2);
      expect(cursor.sent).toContain('/v4/api/ipam/prefixes/?limit=2&start=0');
      expect(cursor.sent.filter((u) => u.includes('start=')).length).toBeGreaterThan(2);
      const returned = new Set(results.map((p) => p.prefix));
      for (const p of prefixes) expect(returned).toContain(p.prefix);
      expect(new Set(results.map((p) => p.id)).size).toBe(results.length);
      expect(results.map((p) => p.id)).toEqual([...results.map((p) => p.id)].sort((x, y) => x - y));
    });

    it('len() of a cursor RecordSet: the first cursor page (count null), then limit=1&brief=1 for the count', async () => {
      const cursor = new Pynetbox(t, '/v4/api', 'cursor');
      await cursor.createToken('admin', 'admin');
      const first = await cursor.call('get', '/v4/api/ipam/prefixes/', { limit: 2, start: 0 });
      expectStatus(first, 200);
      expect(first.body.count).toBeNull();
      expect(first.body.previous).toBeNull();
      const count = await cursor.count('ipam', 'prefixes');
      expect(count).toBeGreaterThanOrEqual(prefixes.length);
    });

    it('get(**kwargs) under cursor pagination sends limit=0&start=0 and finds the one object', async () => {
      const cursor = new Pynetbox(t, '/v4/api', 'cursor');
      await cursor.createToken('admin', 'admin');
      const found = await cursor.getBy('ipam', 'prefixes', { prefix: '198.51.100.3/32' });
      expect(found?.id).toBe(prefixes[3].id);
      expect(cursor.sent).toContain('/v4/api/ipam/prefixes/?prefix=198.51.100.3%2F32&limit=0&start=0');
    });

    it('offset pagination: filter() walks limit/offset pages and count() reads count', async () => {
      const offset = new Pynetbox(t);
      await offset.createToken('admin', 'admin');
      const all = await offset.filter('ipam', 'prefixes', {}, 2);
      expect(all.length).toBe(await offset.count('ipam', 'prefixes'));
      expect(offset.sent).toEqual(expect.arrayContaining(['/v4/api/ipam/prefixes/?limit=2', '/v4/api/ipam/prefixes/?limit=2&offset=2']));
    });
  });

  describe("teardown, as pytest's finalizers run it", () => {
    it('deletes the circuit, its provider and type, then the device, rack, role, type, manufacturer and site', async () => {
      await nb.delete('circuits', 'circuits', fx.circuit.id);
      await nb.delete('circuits', 'providers', fx.provider.id);
      await nb.delete('circuits', 'circuit_types', fx.circuitType.id);
      await nb.delete('dcim', 'devices', fx.device.id);
      await nb.delete('dcim', 'racks', fx.rack.id);
      await nb.delete('dcim', 'device_roles', fx.role.id);
      await nb.delete('dcim', 'device_types', fx.deviceType.id);
      await nb.delete('dcim', 'manufacturers', fx.manufacturer.id);
      const siteB = await nb.getBy('dcim', 'sites', { name: 'test-site-b' });
      await nb.delete('dcim', 'sites', siteB!.id);
      await nb.delete('dcim', 'sites', fx.site.id);
      expect(await nb.get('dcim', 'sites', fx.site.id)).toBeNull();
      // Endpoint.delete: one DELETE of the list with a body of ids.
      const rest = await nb.filter('dcim', 'sites');
      const res = await nb.call('delete', nb.endpoint('dcim', 'sites'), {}, rest.map((x) => ({ id: x.id })));
      expectStatus(res, 204);
      expect(await nb.count('dcim', 'sites')).toBe(0);
    });
  });

  describe('choices', () => {
    it('choices() reads actions.POST of an OPTIONS answer: value and display_name per choice', async () => {
      const choices = await nb.choices('dcim', 'devices');
      expect(choices.status).toEqual(expect.arrayContaining([{ value: 'active', display_name: 'Active' }]));
      expect(choices.face).toEqual(expect.arrayContaining([{ value: 'front', display_name: 'Front' }]));
      const interfaces = await nb.choices('dcim', 'interfaces');
      expect(interfaces.type).toEqual(expect.arrayContaining([{ value: '1000base-t', display_name: '1000BASE-T (1GE)' }]));
      const racks = await nb.choices('dcim', 'racks');
      expect(Object.keys(racks)).toEqual(expect.arrayContaining(['status', 'form_factor']));
      expect(racks).not.toHaveProperty('type');
    });
  });
});
