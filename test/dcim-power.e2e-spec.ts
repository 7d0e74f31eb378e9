import { createOne, expectStatus, Json } from './helpers/seed';
import { TestApp } from './helpers/test-app';

const PANELS = '/api/dcim/power-panels/';
const FEEDS = '/api/dcim/power-feeds/';
const CABLES = '/api/dcim/cables/';
const POWER_PORTS = '/api/dcim/power-ports/';
const POWER_OUTLETS = '/api/dcim/power-outlets/';

const FEED_KEYS = [
  'id', 'url', 'display', 'power_panel', 'rack', 'name', 'status', 'type', 'supply', 'phase', 'voltage', 'amperage', 'max_utilization',
  'mark_connected', 'cable', 'cable_end', 'link_peers', 'link_peers_type', 'connected_endpoints', 'connected_endpoints_type',
  'connected_endpoints_reachable', 'description', 'comments', 'tags', 'custom_fields', 'created', 'last_updated', '_occupied',
];

describe('dcim power panels and feeds', () => {
  let t: TestApp;
  let dallas: Json;
  let austin: Json;
  let hallA: Json;
  let hallB: Json;
  let r1: Json;
  let r2: Json;
  let r3: Json;
  let panel: Json;
  let pdu: Json;
  let server: Json;

  const get = async (path: string, id: number) => {
    const res = await t.get(`${path}${id}/`);
    expectStatus(res, 200);
    return res.body as Json;
  };

  beforeAll(async () => {
    t = await TestApp.start();
    dallas = await createOne(t, '/api/dcim/sites/', { name: 'Dallas', slug: 'dal1' });
    austin = await createOne(t, '/api/dcim/sites/', { name: 'Austin', slug: 'aus1' });
    hallA = await createOne(t, '/api/dcim/locations/', { name: 'Hall A', slug: 'hall-a', site: dallas.id });
    hallB = await createOne(t, '/api/dcim/locations/', { name: 'Hall B', slug: 'hall-b', site: austin.id });
    r1 = await createOne(t, '/api/dcim/racks/', { name: 'R1', site: dallas.id, location: hallA.id });
    r2 = await createOne(t, '/api/dcim/racks/', { name: 'R2', site: dallas.id, location: hallA.id });
    r3 = await createOne(t, '/api/dcim/racks/', { name: 'R3', site: austin.id, location: hallB.id });
    const maker = await createOne(t, '/api/dcim/manufacturers/', { name: 'APC', slug: 'apc' });
    const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: 'AP8941', slug: 'ap8941' });
    const role = await createOne(t, '/api/dcim/device-roles/', { name: 'PDU', slug: 'pdu', color: 'ff0000' });
    pdu = await createOne(t, '/api/dcim/devices/', { name: 'pdu-r1', device_type: type.id, device_role: role.id, site: dallas.id, rack: r1.id });
    server = await createOne(t, '/api/dcim/devices/', { name: 'web-01', device_type: type.id, device_role: role.id, site: dallas.id, rack: r1.id });
  });
  afterAll(() => t.close());

  describe('power panels', () => {
    it('creates a panel in a site and one of its locations', async () => {
      const res = await t.post(PANELS, { site: dallas.id, location: hallA.id, name: 'PP-A', description: 'UPS A' });
      expectStatus(res, 201);
      panel = res.body;
      expect(Object.keys(panel)).toEqual([
        'id', 'url', 'display', 'site', 'location', 'name', 'description', 'comments', 'tags', 'custom_fields', 'powerfeed_count', 'created', 'last_updated',
      ]);
      expect(panel).toMatchObject({ display: 'PP-A', site: { id: dallas.id, slug: 'dal1' }, location: { id: hallA.id, slug: 'hall-a' }, powerfeed_count: 0 });
      expect((await t.get(`${PANELS}${panel.id}/?brief=1`)).body).toEqual({ id: panel.id, url: panel.url, display: 'PP-A', name: 'PP-A', powerfeed_count: 0 });
    });

    it('refuses a location of another site', async () => {
      const res = await t.post(PANELS, { site: dallas.id, location: hallB.id, name: 'PP-X' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ __all__: ['Location Hall B (Austin) is in a different site than Dallas'] });
      const moved = await t.patch(`${PANELS}${panel.id}/`, { site: austin.id });
      expect(moved.status).toBe(400);
      expect(moved.body).toEqual({ __all__: ['Location Hall A (Dallas) is in a different site than Austin'] });
    });

    it('keeps names unique within a site', async () => {
      const twin = await t.post(PANELS, { site: dallas.id, name: 'PP-A' });
      expect(twin.status).toBe(400);
      expect(twin.body).toEqual({ __all__: ['Power panel with this Site and Name already exists.'] });
      expectStatus(await t.post(PANELS, { site: austin.id, name: 'PP-A' }), 201);
      const list = await t.get(`${PANELS}?name=PP-A`);
      // Panels sort by site name, then their own.
      expect(list.body.results.map((p: Json) => p.site.slug)).toEqual(['aus1', 'dal1']);
      expect((await t.get(`${PANELS}?site=dal1`)).body.results.map((p: Json) => p.id)).toEqual([panel.id]);
      expect((await t.get(`${PANELS}?location_id=${hallB.id}`)).body.count).toBe(0);
    });
  });

  describe('power feeds', () => {
    let feedA: Json;

    it('creates a feed with NetBox defaults', async () => {
      const res = await t.post(FEEDS, { power_panel: panel.id, rack: r1.id, name: 'Feed A' });
      expectStatus(res, 201);
      feedA = res.body;
      expect(Object.keys(feedA)).toEqual(FEED_KEYS);
      expect(feedA).toMatchObject({
        display: 'Feed A',
        power_panel: { id: panel.id, url: panel.url, display: 'PP-A', name: 'PP-A' },
        rack: { id: r1.id, name: 'R1' },
        status: { value: 'active', label: 'Active' },
        type: { value: 'primary', label: 'Primary' },
        supply: { value: 'ac', label: 'AC' },
        phase: { value: 'single-phase', label: 'Single phase' },
        voltage: 120,
        amperage: 15,
        max_utilization: 80,
        mark_connected: false,
        cable: null,
        cable_end: '',
        link_peers: [],
        link_peers_type: null,
        connected_endpoints: null,
        connected_endpoints_type: null,
        connected_endpoints_reachable: null,
        _occupied: false,
      });
      expect(feedA).not.toHaveProperty('available_power');
      expect((await t.get(`${FEEDS}${feedA.id}/?brief=1`)).body).toEqual({ id: feedA.id, url: feedA.url, display: 'Feed A', name: 'Feed A', cable: null, _occupied: false });
      expect((await get(PANELS, panel.id)).powerfeed_count).toBe(1);
      expect((await get('/api/dcim/racks/', r1.id)).powerfeed_count).toBe(1);
    });

    it('takes its own values and counts on its panel and rack', async () => {
      const res = await t.post(FEEDS, {
        power_panel: panel.id, rack: r2.id, name: 'Feed B', status: 'planned', type: 'redundant', supply: 'dc', phase: 'three-phase',
        voltage: -48, amperage: 60, max_utilization: 90, mark_connected: true,
      });
      expectStatus(res, 201);
      expect(res.body).toMatchObject({
        status: { value: 'planned', label: 'Planned' }, type: { value: 'redundant', label: 'Redundant' }, supply: { value: 'dc', label: 'DC' },
        phase: { value: 'three-phase', label: 'Three-phase' }, voltage: -48, amperage: 60, max_utilization: 90, mark_connected: true, _occupied: true,
      });
      expect((await get(PANELS, panel.id)).powerfeed_count).toBe(2);
      const racks = (await t.get(`/api/dcim/racks/?site=dal1`)).body.results;
      expect(racks.map((r: Json) => [r.name, r.powerfeed_count])).toEqual([['R1', 1], ['R2', 1]]);
    });

    it('needs its rack in the panel site and a positive voltage for AC', async () => {
      const elsewhere = await t.post(FEEDS, { power_panel: panel.id, rack: r3.id, name: 'Feed X' });
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body).toEqual({ __all__: ['Rack R3 (Austin) and power panel PP-A (Dallas) are in different sites'] });
      const negative = await t.post(FEEDS, { power_panel: panel.id, name: 'Feed X', voltage: -230 });
      expect(negative.status).toBe(400);
      expect(negative.body).toEqual({ voltage: ['Voltage cannot be negative for AC supply'] });
      const toAc = await t.patch(`${FEEDS}${feedA.id}/`, { supply: 'dc', voltage: -48 });
      expectStatus(toAc, 200);
      const back = await t.patch(`${FEEDS}${feedA.id}/`, { supply: 'ac' });
      expect(back.body).toEqual({ voltage: ['Voltage cannot be negative for AC supply'] });
      expectStatus(await t.patch(`${FEEDS}${feedA.id}/`, { supply: 'ac', voltage: 208 }), 200);
      const zero = await t.post(FEEDS, { power_panel: panel.id, name: 'Feed X', voltage: 0 });
      expect(zero.body).toEqual({ voltage: ['This value may not be 0.'] });
      const limits = await t.post(FEEDS, { power_panel: panel.id, name: 'Feed X', amperage: 0, max_utilization: 101 });
      expect(limits.body).toEqual({
        amperage: ['Ensure this value is greater than or equal to 1.'],
        max_utilization: ['Ensure this value is less than or equal to 100.'],
      });
      const twin = await t.post(FEEDS, { power_panel: panel.id, name: 'Feed A' });
      expect(twin.body).toEqual({ __all__: ['Power feed with this Power panel and Name already exists.'] });
    });

    it('protects a panel that has feeds', async () => {
      const res = await t.delete(`${PANELS}${panel.id}/`);
      expect(res.status).toBe(409);
      expect(res.body.detail).toMatch(/^Unable to delete object\. 2 dependent objects were found: Feed A \(\d+\), Feed B \(\d+\)$/);
    });
  });

  describe('feeds cabled to power ports', () => {
    let feed: Json;
    let psu: Json;
    let outlet: Json;
    let serverPsu: Json;
    let feedCable: Json;
    let cord: Json;

    beforeAll(async () => {
      feed = await createOne(t, FEEDS, { power_panel: panel.id, rack: r1.id, name: 'Feed C', voltage: 230, amperage: 32 });
      psu = await createOne(t, POWER_PORTS, { device: pdu.id, name: 'Input', type: 'iec-60309-p-n-e-6h', maximum_draw: 7000 });
      outlet = await createOne(t, POWER_OUTLETS, { device: pdu.id, name: 'Outlet 1', type: 'iec-60320-c13', power_port: psu.id, feed_leg: 'A' });
      serverPsu = await createOne(t, POWER_PORTS, { device: server.id, name: 'PSU1', type: 'iec-60320-c14' });
    });

    it('refuses a cable from a feed to anything but a power port', async () => {
      const res = await t.post(CABLES, { a_terminations: [{ object_type: 'dcim.powerfeed', object_id: feed.id }], b_terminations: [{ object_type: 'dcim.poweroutlet', object_id: outlet.id }] });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ __all__: ['Incompatible termination types: powerfeed and poweroutlet'] });
      expect((await get(FEEDS, feed.id)).cable).toBeNull();
    });

    it('connects a feed and a power port both ways', async () => {
      const res = await t.post(CABLES, {
        a_terminations: [{ object_type: 'dcim.powerfeed', object_id: feed.id }],
        b_terminations: [{ object_type: 'dcim.powerport', object_id: psu.id }],
        type: 'power',
      });
      expectStatus(res, 201);
      feedCable = res.body;
      expect(feedCable.a_terminations[0].object).toEqual({ id: feed.id, url: feed.url, display: 'Feed C', name: 'Feed C', cable: { id: feedCable.id, url: feedCable.url, display: `#${feedCable.id}`, label: '' }, _occupied: true });
      const nestedPsu = { id: psu.id, url: psu.url, display: 'Input', device: expect.objectContaining({ id: pdu.id, name: 'pdu-r1' }), name: 'Input', cable: expect.objectContaining({ id: feedCable.id }), _occupied: true };
      expect(await get(FEEDS, feed.id)).toMatchObject({
        cable: { id: feedCable.id }, cable_end: 'A', link_peers: [nestedPsu], link_peers_type: 'dcim.powerport',
        connected_endpoints: [nestedPsu], connected_endpoints_type: 'dcim.powerport', connected_endpoints_reachable: true, _occupied: true,
      });
      expect(await get(POWER_PORTS, psu.id)).toMatchObject({
        cable: { id: feedCable.id }, cable_end: 'B', link_peers_type: 'dcim.powerfeed', connected_endpoints_type: 'dcim.powerfeed',
        connected_endpoints: [feedCable.a_terminations[0].object], connected_endpoints_reachable: true,
      });
      const marked = await t.patch(`${FEEDS}${feed.id}/`, { mark_connected: true });
      expect(marked.status).toBe(400);
      expect(marked.body).toEqual({ mark_connected: ['Cannot mark as connected with a cable attached.'] });
      // The feed's rack places the cable.
      expect((await t.get(`${CABLES}?site=dal1`)).body.results.map((c: Json) => c.id)).toEqual([feedCable.id]);
      expect((await t.get(`${CABLES}?rack_id=${r1.id}&device=pdu-r1`)).body.results.map((c: Json) => c.id)).toEqual([feedCable.id]);
    });

    it('traces from the feed and from the power port', async () => {
      const fromFeed = (await t.get(`${FEEDS}${feed.id}/trace/`)).body;
      expect(fromFeed).toEqual([
        [
          [feedCable.a_terminations[0].object],
          { id: feedCable.id, url: feedCable.url, type: 'power', status: 'connected', label: '', color: '', length: null, length_unit: '', description: '' },
          [expect.objectContaining({ id: psu.id, name: 'Input' })],
        ],
      ]);
      const fromPort = (await t.get(`${POWER_PORTS}${psu.id}/trace/`)).body;
      expect(fromPort.map((s: Json[]) => [s[0].map((x: Json) => x.id), s[1].id, s[2].map((x: Json) => x.id)])).toEqual([[[psu.id], feedCable.id, [feed.id]]]);
    });

    it('a power outlet feeds a server power port, whose path ends at the outlet', async () => {
      cord = await createOne(t, CABLES, {
        a_terminations: [{ object_type: 'dcim.poweroutlet', object_id: outlet.id }],
        b_terminations: [{ object_type: 'dcim.powerport', object_id: serverPsu.id }],
        length: 1.5, length_unit: 'm',
      });
      expect(await get(POWER_PORTS, serverPsu.id)).toMatchObject({ connected_endpoints_type: 'dcim.poweroutlet', connected_endpoints: [{ id: outlet.id }] });
      expect(await get(POWER_OUTLETS, outlet.id)).toMatchObject({ connected_endpoints_type: 'dcim.powerport', connected_endpoints: [{ id: serverPsu.id }] });
      const trace = (await t.get(`${POWER_OUTLETS}${outlet.id}/trace/`)).body;
      expect(trace).toHaveLength(1);
      expect(trace[0][1]).toMatchObject({ id: cord.id, length: 1.5, length_unit: 'm' });
    });

    it('filters feeds by site, panel, rack, status and cabling', async () => {
      const names = async (query: string) => {
        const res = await t.get(`${FEEDS}?${query}`);
        expectStatus(res, 200);
        return res.body.results.map((f: Json) => f.name);
      };
      const austinPanel = await createOne(t, PANELS, { site: austin.id, name: 'PP-B' });
      await createOne(t, FEEDS, { power_panel: austinPanel.id, rack: r3.id, name: 'Feed D', status: 'offline' });
      expect(await names(`site_id=${dallas.id}`)).toEqual(['Feed A', 'Feed B', 'Feed C']);
      expect(await names('site=aus1')).toEqual(['Feed D']);
      // Feeds sort by panel, panels by site name: Austin's first.
      expect(await names(`site_id=${dallas.id}&site_id=${austin.id}`)).toEqual(['Feed D', 'Feed A', 'Feed B', 'Feed C']);
      expect(await names(`power_panel_id=${austinPanel.id}`)).toEqual(['Feed D']);
      expect(await names(`rack_id=${r1.id}`)).toEqual(['Feed A', 'Feed C']);
      expect(await names('status=active')).toEqual(['Feed A', 'Feed C']);
      expect(await names('status=offline&status=planned')).toEqual(['Feed D', 'Feed B']);
      expect(await names('cabled=true')).toEqual(['Feed C']);
      expect(await names('cabled=false')).toEqual(['Feed D', 'Feed A', 'Feed B']);
      expect(await names('occupied=true')).toEqual(['Feed B', 'Feed C']);
      expect(await names('connected=true')).toEqual(['Feed C']);
      expect(await names('connected=false')).toEqual(['Feed D', 'Feed A', 'Feed B']);
      expect(await names('supply=dc')).toEqual(['Feed B']);
      expect(await names('q=pp-b')).toEqual(['Feed D']);
      expect((await t.get(`${FEEDS}?site_id=999999`)).status).toBe(400);
    });

    it('deleting the feed frees the power port', async () => {
      expectStatus(await t.delete(`${FEEDS}${feed.id}/`), 204);
      expect(await get(POWER_PORTS, psu.id)).toMatchObject({ cable: { id: feedCable.id }, link_peers: [], connected_endpoints: null, connected_endpoints_reachable: false });
      expect((await get(CABLES, feedCable.id)).a_terminations).toEqual([]);
      expectStatus(await t.delete(`${CABLES}${feedCable.id}/`), 204);
      expect(await get(POWER_PORTS, psu.id)).toMatchObject({ cable: null, cable_end: '', connected_endpoints: null, connected_endpoints_reachable: null, _occupied: false });
      expect((await t.get(`${POWER_PORTS}${psu.id}/trace/`)).body).toEqual([]);
    });
  });
});
