import { Json, createOne } from './helpers/seed';
import { pageStatements } from './helpers/queries';
import { TestApp } from './helpers/test-app';

const api = (plural: string) => `/api/ipam/${plural}/`;
const detail = (plural: string, id: number) => `/api/ipam/${plural}/${id}/`;
const TIMES = ['tags', 'custom_fields', 'created', 'last_updated'];

describe('ipam aggregates and prefixes', () => {
  let t: TestApp;
  let rir: Json;
  let blue: Json;
  let red: Json;
  const make = (plural: string, body: Json) => createOne(t, api(plural), body);
  const prefixes = async (query: string) => (await t.get(`${api('prefixes')}?${query}&limit=0`)).body.results.map((p: Json) => p.prefix);
  const hierarchy = async () =>
    Object.fromEntries(
      (await t.get(`${api('prefixes')}?limit=0`)).body.results.map((p: Json) => [`${p.vrf?.name ?? 'global'} ${p.prefix}`, [p._depth, p.children]]),
    );

  beforeAll(async () => {
    t = await TestApp.start();
    rir = await make('rirs', { name: 'RFC 1918', slug: 'rfc1918', is_private: true });
    blue = await make('vrfs', { name: 'blue', rd: '65000:1' });
    red = await make('vrfs', { name: 'red', rd: '65000:2', enforce_unique: false });
  });
  afterAll(() => t.close());

  it('reads aggregates with their family, and keeps them from overlapping', async () => {
    const agg = await make('aggregates', { prefix: '10.0.0.0/8', rir: rir.id, date_added: '2024-01-31' });
    expect(Object.keys(agg)).toEqual(['id', 'url', 'display', 'family', 'prefix', 'rir', 'tenant', 'date_added', 'description', 'comments', ...TIMES]);
    expect(agg).toMatchObject({ display: '10.0.0.0/8', family: { value: 4, label: 'IPv4' }, prefix: '10.0.0.0/8', rir: { id: rir.id, slug: 'rfc1918' } });
    expect((await t.get(`${detail('aggregates', agg.id)}?brief=1`)).body).toEqual({ id: agg.id, url: agg.url, display: '10.0.0.0/8', family: 4, prefix: '10.0.0.0/8' });
    expect((await t.post(api('aggregates'), { prefix: '10.1.0.0/16', rir: rir.id })).body).toEqual({
      prefix: ['Aggregates cannot overlap. 10.1.0.0/16 is already covered by an existing aggregate (10.0.0.0/8).'],
    });
    expect((await t.post(api('aggregates'), { prefix: '8.0.0.0/6', rir: rir.id })).body).toEqual({
      prefix: ['Aggregates cannot overlap. 8.0.0.0/6 covers an existing aggregate (10.0.0.0/8).'],
    });
    expect((await t.post(api('aggregates'), { prefix: '0.0.0.0/0', rir: rir.id })).body).toEqual({ prefix: ['Cannot create aggregate with /0 mask.'] });
    const v6 = await make('aggregates', { prefix: '2001:DB8::1/32', rir: rir.id });
    expect(v6).toMatchObject({ prefix: '2001:db8::/32', family: { value: 6, label: 'IPv6' } });
    // Editing an aggregate does not collide with itself.
    expect((await t.patch(detail('aggregates', agg.id), { prefix: '10.0.0.0/7' })).body.prefix).toBe('10.0.0.0/7');
    expect((await t.get(`${api('aggregates')}?family=6`)).body.results.map((a: Json) => a.id)).toEqual([v6.id]);
    expect((await t.get(`${api('aggregates')}?q=10.1.2.3`)).body.results.map((a: Json) => a.id)).toEqual([agg.id]);
    expect((await t.get(`${api('aggregates')}?prefix=2001:db8::/32`)).body.results.map((a: Json) => a.id)).toEqual([v6.id]);
    expect((await t.get(`${api('aggregates')}?family=x`)).body).toEqual({ family: ['Enter a number.'] });
    expect((await t.get(api('rirs'))).body.results[0].aggregate_count).toBe(2);
    await t.delete(detail('aggregates', agg.id));
    await t.delete(detail('aggregates', v6.id));
  });

  it('normalises prefixes, clears host bits and refuses what is not one, keyed by field', async () => {
    const p = await make('prefixes', { prefix: '192.0.2.77/24' });
    expect(Object.keys(p)).toEqual([
      'id', 'url', 'display', 'family', 'prefix', 'site', 'vrf', 'tenant', 'vlan', 'status', 'role', 'is_pool', 'mark_utilized', 'description', 'comments',
      ...TIMES, 'children', '_depth',
    ]);
    expect(p).toMatchObject({ prefix: '192.0.2.0/24', display: '192.0.2.0/24', family: { value: 4, label: 'IPv4' }, status: { value: 'active', label: 'Active' } });
    expect(p).toMatchObject({ is_pool: false, mark_utilized: false, children: 0, _depth: 0 });
    expect((await t.get(`${detail('prefixes', p.id)}?brief=1`)).body).toEqual({ id: p.id, url: p.url, display: '192.0.2.0/24', family: 4, prefix: '192.0.2.0/24', _depth: 0 });
    for (const bad of ['192.0.2.0/33', '192.0.2/24', 'fe80::1%eth0/64', 'not-a-prefix', '2001:db8::/129']) {
      expect((await t.post(api('prefixes'), { prefix: bad })).body).toEqual({ prefix: [`Invalid IP address format: ${bad}`] });
    }
    expect((await t.post(api('prefixes'), { prefix: 24 })).body).toEqual({ prefix: ['Invalid IP address format: 24'] });
    expect((await t.post(api('prefixes'), { prefix: ['10.0.0.0/8'] })).body).toEqual({ prefix: ['Not a valid string.'] });
    expect((await t.post(api('prefixes'), {})).body).toEqual({ prefix: ['This field is required.'] });
    expect((await t.post(api('prefixes'), { prefix: '::/0' })).body).toEqual({ prefix: ['Cannot create prefix with /0 mask.'] });
    expect((await t.post(api('prefixes'), { prefix: '10.9.0.0/16', status: 'bogus' })).body).toEqual({ status: ['"bogus" is not a valid choice.'] });
    await t.delete(detail('prefixes', p.id));
  });

  it('moves to reserved with PATCH and answers the whole object with a fresh last_updated', async () => {
    const p = await make('prefixes', { prefix: '198.51.100.0/24' });
    await new Promise((r) => setTimeout(r, 5));
    const res = await t.patch(detail('prefixes', p.id), { status: 'reserved' });
    expect(res.status).toBe(200);
    expect(res.body.status).toEqual({ value: 'reserved', label: 'Reserved' });
    expect(Object.keys(res.body)).toEqual(Object.keys(p));
    expect(Date.parse(res.body.last_updated)).toBeGreaterThan(Date.parse(p.last_updated));
    await t.delete(detail('prefixes', p.id));
  });

  it('keeps _depth and children right as prefixes come, move and go, per VRF', async () => {
    const made: Record<string, Json> = {};
    for (const [prefix, vrf] of [
      ['10.0.0.0/8', null],
      ['10.1.0.0/16', null],
      ['10.1.1.0/24', null],
      ['10.1.2.0/24', null],
      ['10.1.0.0/16', red.id],
      ['10.1.1.0/24', red.id],
    ] as const) {
      made[`${vrf ?? 'g'} ${prefix}`] = await make('prefixes', { prefix, vrf });
    }
    expect(await hierarchy()).toEqual({
      'global 10.0.0.0/8': [0, 3],
      'global 10.1.0.0/16': [1, 2],
      'global 10.1.1.0/24': [2, 0],
      'global 10.1.2.0/24': [2, 0],
      'red 10.1.0.0/16': [0, 1],
      'red 10.1.1.0/24': [1, 0],
    });
    // A twin of a parent counts once in depth but twice as a child; red does not enforce uniqueness.
    const twin = await make('prefixes', { prefix: '10.1.0.0/16', vrf: red.id });
    expect((await hierarchy())['red 10.1.1.0/24']).toEqual([1, 0]);
    expect((await t.get(detail('prefixes', twin.id))).body).toMatchObject({ _depth: 0, children: 1 });
    await t.delete(detail('prefixes', twin.id));
    // Moving the /16 out of the global table re-parents what was below it.
    await t.patch(detail('prefixes', made['g 10.1.0.0/16'].id), { vrf: blue.id });
    expect(await hierarchy()).toMatchObject({
      'global 10.0.0.0/8': [0, 2],
      'global 10.1.1.0/24': [1, 0],
      'global 10.1.2.0/24': [1, 0],
      'blue 10.1.0.0/16': [0, 0],
    });
    // Widening the /8 to a /7 changes nothing below it; narrowing a /24 to /25 keeps its place.
    await t.patch(detail('prefixes', made['g 10.0.0.0/8'].id), { prefix: '10.0.0.0/7' });
    await t.patch(detail('prefixes', made['g 10.1.2.0/24'].id), { prefix: '10.1.2.0/25' });
    expect(await hierarchy()).toMatchObject({ 'global 10.0.0.0/7': [0, 2], 'global 10.1.2.0/25': [1, 0] });
    await t.delete(detail('prefixes', made['g 10.0.0.0/8'].id));
    expect(await hierarchy()).toMatchObject({ 'global 10.1.1.0/24': [0, 0], 'global 10.1.2.0/25': [0, 0] });
    expect((await t.get(`${api('prefixes')}?depth=1`)).body.results.map((p: Json) => p.prefix)).toEqual(['10.1.1.0/24']);
    expect(await prefixes('children__gte=1')).toEqual(['10.1.0.0/16']);
    for (const p of Object.values(made)) await t.delete(detail('prefixes', p.id));
  });

  it('refuses duplicates where the VRF enforces uniqueness, and in the global table only when configured', async () => {
    const a = await make('prefixes', { prefix: '172.16.0.0/12', vrf: blue.id });
    expect((await t.post(api('prefixes'), { prefix: '172.16.0.0/12', vrf: blue.id })).body).toEqual({
      prefix: ['Duplicate prefix found in VRF blue (65000:1): 172.16.0.0/12'],
    });
    const g1 = await make('prefixes', { prefix: '172.16.0.0/12' });
    const g2 = await make('prefixes', { prefix: '172.16.0.0/12' });
    const strict = await TestApp.start({ ENFORCE_GLOBAL_UNIQUE: 'true' });
    try {
      await createOne(strict, api('prefixes'), { prefix: '172.16.0.0/12' });
      expect((await strict.post(api('prefixes'), { prefix: '172.16.0.0/12' })).body).toEqual({ prefix: ['Duplicate prefix found in global table: 172.16.0.0/12'] });
    } finally {
      await strict.close();
    }
    for (const p of [a, g1, g2]) await t.delete(detail('prefixes', p.id));
  });

  describe('filters', () => {
    const ids: number[] = [];
    beforeAll(async () => {
      for (const [prefix, vrf, status] of [
        ['10.0.0.0/8', null, 'container'],
        ['10.0.0.0/16', null, 'active'],
        ['10.0.0.0/24', null, 'active'],
        ['10.0.0.0/31', null, 'active'],
        ['10.0.0.2/32', null, 'active'],
        ['10.20.0.0/16', 'blue', 'reserved'],
        ['192.168.0.0/16', null, 'active'],
        ['2001:db8::/32', null, 'container'],
        ['2001:db8::/64', 'blue', 'active'],
        ['2001:db8::/127', null, 'active'],
        ['2001:db8::5/128', null, 'active'],
        ['::ffff:10.0.0.0/104', null, 'active'],
      ] as const) {
        ids.push((await make('prefixes', { prefix, vrf: vrf ? blue.id : null, status })).id);
      }
    });
    afterAll(async () => {
      for (const id of ids) await t.delete(detail('prefixes', id));
    });

    it('orders global prefixes first, then by VRF, family and network', async () => {
      expect(await prefixes('')).toEqual([
        '10.0.0.0/8', '10.0.0.0/16', '10.0.0.0/24', '10.0.0.0/31', '10.0.0.2/32', '192.168.0.0/16', '::ffff:10.0.0.0/104', '2001:db8::/32', '2001:db8::/127',
        '2001:db8::5/128', '10.20.0.0/16', '2001:db8::/64',
      ]);
      expect((await prefixes('ordering=-prefix')).slice(0, 3)).toEqual(['2001:db8::5/128', '2001:db8::/127', '2001:db8::/64']);
    });

    it('within, within_include and contains, on both families and at the edges', async () => {
      expect(await prefixes('within=10.0.0.0/8')).toEqual(['10.0.0.0/16', '10.0.0.0/24', '10.0.0.0/31', '10.0.0.2/32', '10.20.0.0/16']);
      expect(await prefixes('within_include=10.0.0.0/24')).toEqual(['10.0.0.0/24', '10.0.0.0/31', '10.0.0.2/32']);
      expect(await prefixes('within=0.0.0.0/0')).toHaveLength(7);
      expect(await prefixes('within=::/0')).toEqual(['::ffff:10.0.0.0/104', '2001:db8::/32', '2001:db8::/127', '2001:db8::5/128', '2001:db8::/64']);
      expect(await prefixes('within=10.0.0.0/31')).toEqual([]);
      expect(await prefixes('contains=10.0.0.1')).toEqual(['10.0.0.0/8', '10.0.0.0/16', '10.0.0.0/24', '10.0.0.0/31']);
      expect(await prefixes('contains=10.0.0.2')).toEqual(['10.0.0.0/8', '10.0.0.0/16', '10.0.0.0/24']);
      expect(await prefixes('contains=10.0.0.2/32')).toEqual(['10.0.0.0/8', '10.0.0.0/16', '10.0.0.0/24', '10.0.0.2/32']);
      expect(await prefixes('contains=10.0.0.0/24')).toEqual(['10.0.0.0/8', '10.0.0.0/16', '10.0.0.0/24']);
      expect(await prefixes('contains=2001:db8::1')).toEqual(['2001:db8::/32', '2001:db8::/127', '2001:db8::/64']);
      expect(await prefixes('contains=2001:db8::5/128')).toEqual(['2001:db8::/32', '2001:db8::5/128', '2001:db8::/64']);
      expect(await prefixes('contains=::ffff:10.1.2.3')).toEqual(['::ffff:10.0.0.0/104']);
      expect(await prefixes('within=not-a-prefix')).toEqual([]);
      expect(await prefixes('contains=10.0.0.300')).toEqual([]);
    });

    it('family, mask_length, prefix, vrf, present_in_vrf, status and q', async () => {
      expect(await prefixes('family=6&mask_length__gte=127')).toEqual(['2001:db8::/127', '2001:db8::5/128']);
      expect(await prefixes('mask_length=16&mask_length=8')).toEqual(['10.0.0.0/8', '10.0.0.0/16', '192.168.0.0/16', '10.20.0.0/16']);
      expect(await prefixes('mask_length__lte=8')).toEqual(['10.0.0.0/8']);
      expect(await prefixes('prefix=10.0.0.0/16&prefix=2001:DB8::/32&prefix=junk')).toEqual(['10.0.0.0/16', '2001:db8::/32']);
      expect(await prefixes('vrf_id=null&family=6')).toEqual(['::ffff:10.0.0.0/104', '2001:db8::/32', '2001:db8::/127', '2001:db8::5/128']);
      expect(await prefixes('vrf=65000:1')).toEqual(['10.20.0.0/16', '2001:db8::/64']);
      expect(await prefixes(`present_in_vrf_id=${blue.id}`)).toEqual(['10.20.0.0/16', '2001:db8::/64']);
      expect((await t.get(`${api('prefixes')}?present_in_vrf_id=99999`)).body).toEqual({
        present_in_vrf_id: ['Select a valid choice. That choice is not one of the available choices.'],
      });
      expect(await prefixes('status=container')).toEqual(['10.0.0.0/8', '2001:db8::/32']);
      expect(await prefixes('q=192.168')).toEqual(['192.168.0.0/16']);
      expect(await prefixes('q=10.0.0.1')).toEqual(['10.0.0.0/8', '10.0.0.0/16', '10.0.0.0/24', '10.0.0.0/31']);
      expect((await t.get(`${api('prefixes')}?mask_length=x`)).body).toEqual({ mask_length: ['Enter a number.'] });
    });

    it('lists a thousand prefixes in a fixed number of statements', async () => {
      // The small page holds the same kinds of related objects (VRFs) as the whole list.
      const small = await pageStatements(t, () => t.get(`${api('prefixes')}?limit=2&offset=10`));
      const all = await pageStatements(t, () => t.get(`${api('prefixes')}?limit=1000`));
      expect(all).toBe(small);
    });
  });
});
