import { Json, createOne } from './helpers/seed';
import { TestApp } from './helpers/test-app';

const api = (plural: string) => `/api/ipam/${plural}/`;
const detail = (plural: string, id: number) => `/api/ipam/${plural}/${id}/`;

describe('ipam available addresses, prefixes and VLANs', () => {
  let t: TestApp;
  let blue: Json;
  const make = (plural: string, body: Json) => createOne(t, api(plural), body);
  const freeIps = async (path: string, query = '') => (await t.get(`${path}available-ips/${query}`)).body.map((a: Json) => a.address);
  const count = async (plural: string, query: string) => (await t.get(`${api(plural)}?${query}&limit=1`)).body.count;

  beforeAll(async () => {
    t = await TestApp.start();
    blue = await make('vrfs', { name: 'blue', rd: '65000:1' });
  });
  afterAll(() => t.close());

  it('lists free addresses of a prefix as NetBox does at every size', async () => {
    const p29 = await make('prefixes', { prefix: '10.0.0.0/29', vrf: blue.id });
    const listed = (await t.get(`${detail('prefixes', p29.id)}available-ips/`)).body;
    expect(listed[0]).toEqual({ family: 4, address: '10.0.0.1/29', vrf: { id: blue.id, url: blue.url, display: 'blue (65000:1)', name: 'blue', rd: '65000:1' } });
    expect(listed.map((a: Json) => a.address)).toEqual(['10.0.0.1/29', '10.0.0.2/29', '10.0.0.3/29', '10.0.0.4/29', '10.0.0.5/29', '10.0.0.6/29']);
    await make('ip-addresses', { address: '10.0.0.2/24', vrf: blue.id });
    await make('ip-addresses', { address: '10.0.0.3/29' });
    await make('ip-ranges', { start_address: '10.0.0.4/29', end_address: '10.0.0.5/29', vrf: blue.id });
    expect(await freeIps(detail('prefixes', p29.id))).toEqual(['10.0.0.1/29', '10.0.0.3/29', '10.0.0.6/29']);
    expect(await freeIps(detail('prefixes', p29.id), '?limit=2')).toEqual(['10.0.0.1/29', '10.0.0.3/29']);

    const cases: Array<[Json, string[]]> = [
      [{ prefix: '10.1.0.0/31' }, ['10.1.0.0/31', '10.1.0.1/31']],
      [{ prefix: '10.1.0.2/32' }, ['10.1.0.2/32']],
      [{ prefix: '10.1.0.8/30', is_pool: true }, ['10.1.0.8/30', '10.1.0.9/30', '10.1.0.10/30', '10.1.0.11/30']],
      [{ prefix: '10.1.0.12/30', mark_utilized: true }, []],
      [{ prefix: '2001:db8::/126' }, ['2001:db8::1/126', '2001:db8::2/126', '2001:db8::3/126']],
      [{ prefix: '2001:db8::10/127' }, ['2001:db8::10/127', '2001:db8::11/127']],
      [{ prefix: '2001:db8::20/128' }, ['2001:db8::20/128']],
      [{ prefix: '::ffff:10.9.0.0/126' }, ['::ffff:10.9.0.1/126', '::ffff:10.9.0.2/126', '::ffff:10.9.0.3/126']],
    ];
    for (const [body, expected] of cases) expect(await freeIps(detail('prefixes', (await make('prefixes', body)).id))).toEqual(expected);
    // A global container counts every VRF's addresses; an active global prefix only the global table's.
    const container = await make('prefixes', { prefix: '10.0.0.0/30', status: 'container' });
    const active = await make('prefixes', { prefix: '10.0.0.0/30' });
    expect(await freeIps(detail('prefixes', container.id))).toEqual(['10.0.0.1/30']);
    expect(await freeIps(detail('prefixes', active.id))).toEqual(['10.0.0.1/30', '10.0.0.2/30']);
    const big = await make('prefixes', { prefix: '2001:db8:1::/48' });
    expect(await freeIps(detail('prefixes', big.id))).toHaveLength(50);
    expect(await freeIps(detail('prefixes', big.id), '?limit=0')).toHaveLength(1000);
    expect((await t.get(`${detail('prefixes', 99999)}available-ips/`)).status).toBe(404);
  });

  it('creates the next free addresses, one or a list, all or none', async () => {
    const p = await make('prefixes', { prefix: '192.0.2.0/29', vrf: blue.id });
    const one = await t.post(`${detail('prefixes', p.id)}available-ips/`, { description: 'first', status: 'reserved' });
    expect(one.status).toBe(201);
    expect(one.body).toMatchObject({ address: '192.0.2.1/29', vrf: { id: blue.id }, description: 'first', status: { value: 'reserved' } });
    const many = await t.post(`${detail('prefixes', p.id)}available-ips/`, [{ dns_name: 'a.example' }, { dns_name: 'b.example' }]);
    expect(many.status).toBe(201);
    expect(many.body.map((a: Json) => a.address)).toEqual(['192.0.2.2/29', '192.0.2.3/29']);
    const tooMany = await t.post(`${detail('prefixes', p.id)}available-ips/`, [{}, {}, {}, {}]);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toEqual({ detail: 'An insufficient number of IP addresses are available within 192.0.2.0/29 (4 requested, 3 available)' });
    const invalid = await t.post(`${detail('prefixes', p.id)}available-ips/`, [{}, { status: 'bogus' }]);
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual([{}, { status: ['"bogus" is not a valid choice.'] }]);
    expect(await count('ip-addresses', 'parent=192.0.2.0/29')).toBe(3);
    expect((await t.post(`${detail('prefixes', p.id)}available-ips/`, 'text')).status).toBe(400);

    const range = await make('ip-ranges', { start_address: '198.51.100.10/24', end_address: '198.51.100.12/24' });
    await make('ip-addresses', { address: '198.51.100.11/24' });
    expect(await freeIps(detail('ip-ranges', range.id))).toEqual(['198.51.100.10/24', '198.51.100.12/24']);
    const taken = await t.post(`${detail('ip-ranges', range.id)}available-ips/`, [{}, {}]);
    expect(taken.body.map((a: Json) => a.address)).toEqual(['198.51.100.10/24', '198.51.100.12/24']);
    expect((await t.post(`${detail('ip-ranges', range.id)}available-ips/`, {})).body).toEqual({
      detail: 'An insufficient number of IP addresses are available within 198.51.100.10-12/24 (1 requested, 0 available)',
    });
  });

  it('lists and allocates free child prefixes', async () => {
    const parent = await make('prefixes', { prefix: '172.20.0.0/16', status: 'container' });
    await make('prefixes', { prefix: '172.20.0.0/24' });
    await make('prefixes', { prefix: '172.20.2.0/24' });
    await make('prefixes', { prefix: '172.20.5.0/24', vrf: blue.id });
    const free = (await t.get(`${detail('prefixes', parent.id)}available-prefixes/`)).body;
    expect(free[0]).toEqual({ family: 4, prefix: '172.20.1.0/24', vrf: null });
    expect(free.map((p: Json) => p.prefix)).toEqual([
      '172.20.1.0/24', '172.20.3.0/24', '172.20.4.0/22', '172.20.8.0/21', '172.20.16.0/20', '172.20.32.0/19', '172.20.64.0/18', '172.20.128.0/17',
    ]);
    const one = await t.post(`${detail('prefixes', parent.id)}available-prefixes/`, { prefix_length: 24, description: 'first' });
    expect(one.status).toBe(201);
    expect(one.body).toMatchObject({ prefix: '172.20.1.0/24', description: 'first', _depth: 1 });
    const two = await t.post(`${detail('prefixes', parent.id)}available-prefixes/`, [{ prefix_length: 25 }, { prefix_length: 23 }, { prefix_length: 25 }]);
    expect(two.body.map((p: Json) => p.prefix)).toEqual(['172.20.3.0/25', '172.20.4.0/23', '172.20.3.128/25']);
    expect((await t.post(`${detail('prefixes', parent.id)}available-prefixes/`, [{}, { prefix_length: 'x' }, { prefix_length: 33 }, { prefix_length: 24 }])).body).toEqual([
      { prefix_length: ['this field can not be missing'] },
      { prefix_length: ['this field must be int type'] },
      { prefix_length: ['Invalid prefix length (33) for IPv4'] },
      {},
    ]);
    const before = await count('prefixes', 'within=172.20.0.0/16');
    const full = await t.post(`${detail('prefixes', parent.id)}available-prefixes/`, [{ prefix_length: 24 }, { prefix_length: 16 }]);
    expect(full.status).toBe(409);
    expect(full.body).toEqual({ detail: 'Insufficient space is available to accommodate the requested prefix size(s)' });
    expect(await count('prefixes', 'within=172.20.0.0/16')).toBe(before);
    const v6 = await make('prefixes', { prefix: '2001:db8:100::/48' });
    expect((await t.post(`${detail('prefixes', v6.id)}available-prefixes/`, { prefix_length: 64 })).body.prefix).toBe('2001:db8:100::/64');
    expect((await t.post(`${detail('prefixes', v6.id)}available-prefixes/`, { prefix_length: 129 })).body).toEqual([
      { prefix_length: ['Invalid prefix length (129) for IPv6'] },
    ]);
  });

  it('lists and allocates free VIDs of a VLAN group', async () => {
    const group = await make('vlan-groups', { name: 'Access', slug: 'access', min_vid: 100, max_vid: 104 });
    await make('vlans', { vid: 101, name: 'taken', group: group.id });
    const free = (await t.get(`${detail('vlan-groups', group.id)}available-vlans/`)).body;
    expect(free.map((v: Json) => v.vid)).toEqual([100, 102, 103, 104]);
    expect(free[0].group).toEqual({ id: group.id, url: group.url, display: 'Access', name: 'Access', slug: 'access' });
    expect((await t.get(`${detail('vlan-groups', group.id)}available-vlans/?limit=2`)).body.map((v: Json) => v.vid)).toEqual([100, 102]);
    const made = await t.post(`${detail('vlan-groups', group.id)}available-vlans/`, [{ name: 'one' }, { name: 'two' }]);
    expect(made.status).toBe(201);
    expect(made.body.map((v: Json) => [v.vid, v.name, v.group.id])).toEqual([
      [100, 'one', group.id],
      [102, 'two', group.id],
    ]);
    expect((await t.post(`${detail('vlan-groups', group.id)}available-vlans/`, [{ name: 'a' }, { name: 'b' }, { name: 'c' }])).body).toEqual({
      detail: 'The requested number of VLANs is not available',
    });
    expect((await t.post(`${detail('vlan-groups', group.id)}available-vlans/`, {})).body).toEqual({ name: ['This field is required.'] });
    expect(await count('vlans', `group_id=${group.id}`)).toBe(3);
  });

  it('lists and allocates free ASNs of a range', async () => {
    const rir = await make('rirs', { name: 'ARIN', slug: 'arin' });
    const range = await make('asn-ranges', { name: 'Private', slug: 'private', rir: rir.id, start: 4200000000, end: 4200000003 });
    await make('asns', { asn: 4200000001, rir: rir.id });
    const free = (await t.get(`${detail('asn-ranges', range.id)}available-asns/`)).body;
    expect(free).toEqual([4200000000, 4200000002, 4200000003].map((asn) => ({ rir: { id: rir.id, url: rir.url, display: 'ARIN', name: 'ARIN', slug: 'arin' }, asn })));
    const made = await t.post(`${detail('asn-ranges', range.id)}available-asns/`, [{ description: 'a' }, { description: 'b' }]);
    expect(made.status).toBe(201);
    expect(made.body.map((a: Json) => [a.asn, a.display, a.rir.id, a.description])).toEqual([
      [4200000000, 'AS4200000000 (64086.59904)', rir.id, 'a'],
      [4200000002, 'AS4200000002 (64086.59906)', rir.id, 'b'],
    ]);
    expect((await t.post(`${detail('asn-ranges', range.id)}available-asns/`, [{}, {}])).body).toEqual({
      detail: 'An insufficient number of ASNs are available within Private (4200000000-4200000003) (2 requested, 1 available)',
    });
    expect((await t.post(`${detail('asn-ranges', range.id)}available-asns/`, {})).body.asn).toBe(4200000003);
  });

  it('describes the routes in the OpenAPI document', async () => {
    const paths = (await t.get('/api/schema/?format=json')).body.paths;
    for (const path of ['prefixes/{id}/available-ips', 'ip-ranges/{id}/available-ips', 'prefixes/{id}/available-prefixes', 'vlan-groups/{id}/available-vlans', 'asn-ranges/{id}/available-asns']) {
      expect(Object.keys(paths[`/api/ipam/${path}/`]).sort()).toEqual(['get', 'post']);
    }
    expect(paths['/api/ipam/prefixes/{id}/available-ips/'].post.responses['201'].content['application/json'].schema.oneOf[0]).toEqual({
      $ref: '#/components/schemas/IPAddress',
    });
  });

  it('allocates distinct addresses to many parallel requests', async () => {
    const p = await make('prefixes', { prefix: '100.64.0.0/24' });
    const responses = await Promise.all(Array.from({ length: 60 }, () => t.post(`${detail('prefixes', p.id)}available-ips/`, {})));
    expect(responses.map((r) => r.status).every((s) => s === 201)).toBe(true);
    expect(new Set(responses.map((r) => r.body.address)).size).toBe(60);
  });
});
