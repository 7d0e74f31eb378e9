import { pageStatements } from './helpers/queries';
import { Json, bulkCreate, createOne } from './helpers/seed';
import { TestApp } from './helpers/test-app';

const api = (plural: string) => `/api/circuits/${plural}/`;
const detail = (plural: string, id: number) => `/api/circuits/${plural}/${id}/`;
const TIMES = ['tags', 'custom_fields', 'created', 'last_updated'];

describe('circuits', () => {
  let t: TestApp;
  let acme: Json;
  let account: Json;
  let transit: Json;
  let ams: Json;
  let rtm: Json;
  let cloud: Json;
  const make = (plural: string, body: Json) => createOne(t, api(plural), body);
  const refused = async (plural: string, body: Json) => {
    const res = await t.post(api(plural), body);
    expect(res.status).toBe(400);
    return res.body;
  };
  const cids = async (query: string) => (await t.get(`${api('circuits')}?${query}&limit=0`)).body.results.map((c: Json) => c.cid);

  beforeAll(async () => {
    t = await TestApp.start();
    const europe = await createOne(t, '/api/dcim/regions/', { name: 'Europe', slug: 'europe' });
    ams = await createOne(t, '/api/dcim/sites/', { name: 'Amsterdam', slug: 'ams', region: europe.id });
    rtm = await createOne(t, '/api/dcim/sites/', { name: 'Rotterdam', slug: 'rtm' });
    const rir = await createOne(t, '/api/ipam/rirs/', { name: 'RIPE', slug: 'ripe' });
    const asn = await createOne(t, '/api/ipam/asns/', { asn: 65001, rir: rir.id });
    acme = await make('providers', { name: 'Acme', slug: 'acme', asns: [asn.id] });
    account = await make('provider-accounts', { provider: acme.id, account: '1234', name: 'Main' });
    transit = await make('circuit-types', { name: 'Transit', slug: 'transit' });
    cloud = await make('provider-networks', { provider: acme.id, name: 'Acme Cloud', service_id: 'svc-1' });
  });
  afterAll(() => t.close());

  it('reads providers with their accounts, ASNs and circuit count', async () => {
    const read = (await t.get(detail('providers', acme.id))).body;
    expect(Object.keys(read)).toEqual([
      'id', 'url', 'display', 'name', 'slug', 'accounts', 'description', 'comments', 'asns', ...TIMES, 'circuit_count',
    ]);
    expect(read.accounts).toEqual([{ id: account.id, url: account.url, display: '1234 (Main)', name: 'Main', account: '1234' }]);
    expect(read.asns.map((a: Json) => a.asn)).toEqual([65001]);
    expect((await t.get('/api/ipam/asns/?asn=65001')).body.results[0].provider_count).toBe(1);
    expect((await make('provider-accounts', { provider: acme.id, account: '5678' })).display).toBe('5678');
    expect(await refused('provider-accounts', { provider: acme.id, account: '1234' })).toEqual({
      __all__: ['Provider account with this Provider and Account ID already exists.'],
    });
    expect(await refused('provider-accounts', { provider: acme.id, account: '9999', name: 'Main' })).toEqual({
      __all__: ['Constraint “circuits_provideraccount_unique_provider_name” is violated.'],
    });
    expect(Object.keys(cloud)).toEqual(['id', 'url', 'display', 'provider', 'name', 'service_id', 'description', 'comments', ...TIMES]);
  });

  it('keeps circuits unique per provider and their account to their provider, and shows both terminations', async () => {
    const circuit = await make('circuits', { cid: 'C-100', provider: acme.id, provider_account: account.id, type: transit.id, commit_rate: 10000, install_date: '2024-02-01' });
    expect(Object.keys(circuit)).toEqual([
      'id', 'url', 'display', 'cid', 'provider', 'provider_account', 'type', 'status', 'tenant', 'install_date', 'termination_date', 'commit_rate',
      'description', 'termination_a', 'termination_z', 'comments', ...TIMES,
    ]);
    expect(circuit).toMatchObject({ display: 'C-100', status: { value: 'active', label: 'Active' }, termination_a: null, termination_z: null });
    expect((await t.get(`${detail('circuits', circuit.id)}?brief=1`)).body).toEqual({ id: circuit.id, url: circuit.url, display: 'C-100', cid: 'C-100' });
    expect(await refused('circuits', { cid: 'C-100', provider: acme.id, type: transit.id })).toEqual({
      __all__: ['Circuit with this Provider and Circuit ID already exists.'],
    });
    const other = await make('providers', { name: 'Other', slug: 'other' });
    expect(await refused('circuits', { cid: 'C-101', provider: other.id, provider_account: account.id, type: transit.id })).toEqual({
      provider_account: ['The assigned account must belong to the assigned provider.'],
    });
    const a = await make('circuit-terminations', { circuit: circuit.id, term_side: 'A', site: ams.id, port_speed: 10000, xconnect_id: 'XC-1' });
    expect(Object.keys(a)).toEqual([
      'id', 'url', 'display', 'circuit', 'term_side', 'site', 'provider_network', 'port_speed', 'upstream_speed', 'xconnect_id', 'pp_info', 'description',
      'mark_connected', 'cable', 'cable_end', 'link_peers', 'link_peers_type', ...TIMES, '_occupied',
    ]);
    expect(a).toMatchObject({ display: 'C-100: Termination A', term_side: 'A', circuit: { id: circuit.id, cid: 'C-100' }, cable: null, _occupied: false });
    expect(await refused('circuit-terminations', { circuit: circuit.id, term_side: 'A', site: rtm.id })).toEqual({
      __all__: ['Circuit termination with this Circuit and Termination already exists.'],
    });
    expect(await refused('circuit-terminations', { circuit: circuit.id, term_side: 'Z' })).toEqual({
      __all__: ['A circuit termination must attach to either a site or a provider network.'],
    });
    expect(await refused('circuit-terminations', { circuit: circuit.id, term_side: 'Z', site: rtm.id, provider_network: cloud.id })).toEqual({
      __all__: ['A circuit termination cannot attach to both a site and a provider network.'],
    });
    const z = await make('circuit-terminations', { circuit: circuit.id, term_side: 'Z', provider_network: cloud.id });
    const read = (await t.get(detail('circuits', circuit.id))).body;
    expect(read.termination_a).toEqual({
      id: a.id, url: a.url, display: 'C-100: Termination A', site: expect.objectContaining({ id: ams.id, slug: 'ams' }), provider_network: null,
      port_speed: 10000, upstream_speed: null, xconnect_id: 'XC-1', description: '',
    });
    expect(read.termination_z).toMatchObject({ id: z.id, site: null, provider_network: { id: cloud.id, name: 'Acme Cloud' } });
    expect(await cids('site=ams')).toEqual(['C-100']);
    expect(await cids('region=europe')).toEqual(['C-100']);
    expect(await cids(`provider_network_id=${cloud.id}`)).toEqual(['C-100']);
    expect(await cids('q=xc-1')).toEqual(['C-100']);
    expect(await cids('provider=acme&type=transit&commit_rate__gte=1000')).toEqual(['C-100']);
    expect((await t.get(`${api('providers')}?site_id=${ams.id}`)).body.results.map((p: Json) => p.name)).toEqual(['Acme']);
    expect((await t.get(detail('circuit-types', transit.id))).body.circuit_count).toBe(1);
    expect((await t.get(`${api('circuit-terminations')}?circuit_id=${circuit.id}&term_side=Z`)).body.results.map((x: Json) => x.id)).toEqual([z.id]);
  });

  it('carries a cable path through a circuit from one interface to another', async () => {
    const maker = await createOne(t, '/api/dcim/manufacturers/', { name: 'Cisco', slug: 'cisco' });
    const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: 'ASR', slug: 'asr' });
    const role = await createOne(t, '/api/dcim/device-roles/', { name: 'Edge', slug: 'edge' });
    const [r1, r2] = await bulkCreate(t, '/api/dcim/devices/', [
      { name: 'r1', device_type: type.id, device_role: role.id, site: ams.id },
      { name: 'r2', device_type: type.id, device_role: role.id, site: rtm.id },
    ]);
    const [e1, e2] = await bulkCreate(t, '/api/dcim/interfaces/', [
      { device: r1.id, name: 'ge-0/0/0', type: '1000base-t' },
      { device: r2.id, name: 'ge-0/0/0', type: '1000base-t' },
    ]);
    const circuit = await make('circuits', { cid: 'C-200', provider: acme.id, type: transit.id });
    const [a, z] = await bulkCreate(t, api('circuit-terminations'), [
      { circuit: circuit.id, term_side: 'A', site: ams.id },
      { circuit: circuit.id, term_side: 'Z', site: rtm.id },
    ]);
    const cable = (from: Json, type1: string, to: Json) =>
      createOne(t, '/api/dcim/cables/', {
        a_terminations: [{ object_type: 'dcim.interface', object_id: from.id }],
        b_terminations: [{ object_type: type1, object_id: to.id }],
      });
    await cable(e1, 'circuits.circuittermination', a);
    // Only half cabled: the path ends at the far site.
    expect((await t.get(`/api/dcim/interfaces/${e1.id}/`)).body).toMatchObject({ connected_endpoints: null, connected_endpoints_reachable: false });
    await cable(e2, 'circuits.circuittermination', z);
    const near = (await t.get(`/api/dcim/interfaces/${e1.id}/`)).body;
    expect(near.link_peers).toEqual([expect.objectContaining({ id: a.id, display: 'C-200: Termination A' })]);
    expect(near.connected_endpoints).toEqual([expect.objectContaining({ id: e2.id, name: 'ge-0/0/0', device: expect.objectContaining({ name: 'r2' }) })]);
    expect(near).toMatchObject({ connected_endpoints_type: 'dcim.interface', connected_endpoints_reachable: true });
    const trace = (await t.get(`/api/dcim/interfaces/${e1.id}/trace/`)).body;
    expect(trace.map((segment: Json[]) => [segment[0].map((o: Json) => o.display), segment[2].map((o: Json) => o.display)])).toEqual([
      [['ge-0/0/0'], ['C-200: Termination A']],
      [['C-200: Termination Z'], ['ge-0/0/0']],
    ]);
    expect((await t.get(detail('circuit-terminations', a.id))).body).toMatchObject({ _occupied: true, cable_end: 'B', link_peers_type: 'dcim.interface' });
    // Both interfaces' paths run through each termination.
    const paths = (await t.get(`${detail('circuit-terminations', a.id)}paths/`)).body;
    expect(paths).toHaveLength(2);
    const fromE1 = paths.find((p: Json) => p.path[0][0].id === e1.id);
    expect(fromE1).toMatchObject({ is_active: true, is_complete: true, is_split: false });
    expect(fromE1.path.map((hop: Json[]) => hop.map((o) => o.display))).toEqual([['ge-0/0/0'], [expect.stringMatching(/^#\d+$/)], ['C-200: Termination A'], ['C-200: Termination Z'], [expect.stringMatching(/^#\d+$/)], ['ge-0/0/0']]);
    expect((await t.get(`${api('circuit-terminations')}?cabled=true&circuit_id=${circuit.id}`)).body.count).toBe(2);
    const schema = (await t.get('/api/schema/?format=json')).body.paths;
    expect(Object.keys(schema)).toEqual(expect.arrayContaining(['/api/circuits/circuit-terminations/{id}/paths/', '/api/dcim/interfaces/{id}/trace/', '/api/dcim/rear-ports/{id}/paths/']));
    // A termination on a provider network takes no cable.
    const onCloud = await make('circuits', { cid: 'C-300', provider: acme.id, type: transit.id });
    const cloudSide = await make('circuit-terminations', { circuit: onCloud.id, term_side: 'A', provider_network: cloud.id });
    const [e3] = await bulkCreate(t, '/api/dcim/interfaces/', [{ device: r1.id, name: 'ge-0/0/1', type: '1000base-t' }]);
    const refusedCable = await t.post('/api/dcim/cables/', {
      a_terminations: [{ object_type: 'dcim.interface', object_id: e3.id }],
      b_terminations: [{ object_type: 'circuits.circuittermination', object_id: cloudSide.id }],
    });
    expect(refusedCable.status).toBe(400);
    expect(JSON.stringify(refusedCable.body)).toContain('Circuit terminations attached to a provider network may not be cabled.');
  });

  it('lists many circuits and terminations in a fixed number of statements', async () => {
    const made = await bulkCreate(t, api('circuits'), Array.from({ length: 40 }, (_, i) => ({ cid: `BULK-${i}`, provider: acme.id, type: transit.id, status: 'planned' })));
    await bulkCreate(t, api('circuit-terminations'), made.map((c) => ({ circuit: c.id, term_side: 'A', site: rtm.id })));
    const small = await pageStatements(t, () => t.get(`${api('circuits')}?status=planned&limit=2`));
    const all = await pageStatements(t, () => t.get(`${api('circuits')}?status=planned&limit=40`));
    expect(all).toBe(small);
    const smallTerms = await pageStatements(t, () => t.get(`${api('circuit-terminations')}?q=BULK&limit=2`));
    const allTerms = await pageStatements(t, async () => expect((await t.get(`${api('circuit-terminations')}?q=BULK&limit=40`)).body.results).toHaveLength(40));
    expect(allTerms).toBe(smallTerms);
  });
});
