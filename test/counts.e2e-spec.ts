import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { statementsOf } from './helpers/queries';
import { insertRow, upgradedFrom } from './helpers/upgrade';
import { scratchDatabase } from './helpers/scratch-database';
import { Json, TENANTS, TENANT_GROUPS, bulkCreate, expectStatus } from './helpers/seed';
import { PROCESS_TOKEN, ServiceProcess, buildIfNeeded, exited, startServiceProcess } from './helpers/service-process';
import { TestApp } from './helpers/test-app';

jest.setTimeout(180_000);

/** The list counts among statements: `COUNT(*)` as the list itself, not a count of related objects per row. */
const counting = (statements: string[]) => statements.filter((s) => /^SELECT COUNT\(\*\) AS "n"/.test(s)).length;

/** Tenant groups East and West, and `count` tenants in them by turns (East first). */
async function eastAndWest(t: TestApp, count: number): Promise<void> {
  const groups = await bulkCreate(t, TENANT_GROUPS, [
    { name: 'East', slug: 'east' },
    { name: 'West', slug: 'west' },
  ]);
  await bulkCreate(t, TENANTS, Array.from({ length: count }, (_, i) => ({ name: `Tenant ${i}`, slug: `tenant-${i}`, group: groups[i % 2].id })));
}

describe('cursor pagination (`start`, NetBox 4.6, ahead of 3.5)', () => {
  let t: TestApp;
  let ids: number[];

  beforeAll(async () => {
    t = await TestApp.start();
    const tenants = await bulkCreate(
      t,
      TENANTS,
      Array.from({ length: 12 }, (_, i) => ({ name: `Tenant ${String.fromCharCode(108 - i)}`, slug: `tenant-${i}` })),
    );
    ids = tenants.map((x) => x.id).sort((a, b) => a - b);
  });
  afterAll(() => t.close());

  it('answers the objects from that id on, in id order, uncounted, with a next cursor while pages are full', async () => {
    const first = await t.get(`${TENANTS}?start=${ids[2]}&limit=4&q=Tenant`);
    expectStatus(first, 200);
    expect(first.body.count).toBeNull();
    expect(first.body.previous).toBeNull();
    expect(first.body.results.map((x: Json) => x.id)).toEqual(ids.slice(2, 6));
    const next = new URL(first.body.next);
    expect(next.pathname).toBe(TENANTS);
    expect(Object.fromEntries(next.searchParams)).toEqual({ limit: '4', q: 'Tenant', start: String(ids[5] + 1) });
    expect([...next.searchParams.keys()]).toEqual(['limit', 'q', 'start']);

    const second = await t.get(`${TENANTS}?${next.searchParams}`);
    expect(second.body.results.map((x: Json) => x.id)).toEqual(ids.slice(6, 10));
    const last = await t.get(`${TENANTS}?${new URL(second.body.next).searchParams}`);
    expect(last.body.results.map((x: Json) => x.id)).toEqual(ids.slice(10));
    expect(last.body).toMatchObject({ count: null, next: null, previous: null });
  });

  it('applies filters and the brief form, and takes the default page size', async () => {
    const res = await t.get(`${TENANTS}?start=0&brief=1&slug=tenant-3&slug=tenant-7`);
    expect(res.body).toMatchObject({ count: null, next: null, previous: null });
    expect(res.body.results.map((x: Json) => Object.keys(x).sort())).toEqual([
      ['display', 'id', 'name', 'slug', 'url'],
      ['display', 'id', 'name', 'slug', 'url'],
    ]);
    expect((await t.get(`${TENANTS}?start=${ids[11] + 1}`)).body).toEqual({ count: null, next: null, previous: null, results: [] });
    for (const beyond of ['2147483648', '99999999999999999999']) {
      expect((await t.get(`${TENANTS}?start=${beyond}`)).body).toEqual({ count: null, next: null, previous: null, results: [] });
    }
  });

  it('refuses a bad start, and start beside offset or ordering, as NetBox does', async () => {
    for (const bad of ['-1', 'x', '1.5', '']) {
      const res = await t.get(`${TENANTS}?start=${bad}`);
      expect([bad, res.status, res.body]).toEqual([bad, 400, ["Invalid 'start' parameter: must be a non-negative integer."]]);
    }
    expect((await t.get(`${TENANTS}?start=1&offset=0`)).body).toEqual(["'start' and 'offset' are mutually exclusive."]);
    expect((await t.get(`${TENANTS}?start=1&ordering=name`)).body).toEqual(['Ordering cannot be specified in conjunction with cursor-based pagination.']);
  });

  it("keeps NetBox 3.5's `start` filter where a list has one (ASN ranges)", async () => {
    const rir = (await t.post('/api/ipam/rirs/', { name: 'RFC 6996', slug: 'rfc-6996', is_private: true })).body;
    await bulkCreate(t, '/api/ipam/asn-ranges/', [
      { name: 'Low', slug: 'low', rir: rir.id, start: 64512, end: 64600 },
      { name: 'High', slug: 'high', rir: rir.id, start: 65000, end: 65100 },
    ]);
    const res = await t.get('/api/ipam/asn-ranges/?start=65000');
    expect(res.body.count).toBe(1);
    expect(res.body.results.map((r: Json) => r.name)).toEqual(['High']);
    const schema = (await t.get('/api/schema/?format=json')).body;
    const startOf = (p: string) => schema.paths[p].get.parameters.filter((x: Json) => x.name === 'start');
    expect(startOf('/api/ipam/asn-ranges/')).toHaveLength(1);
    expect(startOf('/api/ipam/asn-ranges/')[0].description).toBeUndefined();
    expect(startOf(TENANTS)).toEqual([expect.objectContaining({ in: 'query', schema: { type: 'integer' } })]);
  });

  it('streams an unpaged list from the cursor on, uncounted', async () => {
    const unpaged = await TestApp.start({ MAX_PAGE_SIZE: '0' });
    try {
      const made = await bulkCreate(unpaged, TENANTS, Array.from({ length: 5 }, (_, i) => ({ name: `T${i}`, slug: `t${i}` })));
      const res = await unpaged.get(`${TENANTS}?limit=0&start=${made[2].id}`);
      expect(res.body.count).toBeNull();
      expect(res.body.results.map((x: Json) => x.slug)).toEqual(['t2', 't3', 't4']);
    } finally {
      await unpaged.close();
    }
  });
});

describe('counts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start();
    await eastAndWest(t, 30);
  });
  afterAll(() => t.close());

  it('does not count a page that shows the count itself: the first page, short of its limit', async () => {
    let body: Json = {};
    const statements = await statementsOf(t, async () => (body = (await t.get(`${TENANTS}?group=east&limit=20`)).body));
    expect(body.count).toBe(15);
    expect(body.results).toHaveLength(15);
    expect(counting(statements)).toBe(0);
    // A later page short of its limit too; an empty page past the end cannot tell, so it counts.
    expect((await t.get(`${TENANTS}?group=east&limit=10&offset=10`)).body.count).toBe(15);
    const past = await statementsOf(t, async () => (body = (await t.get(`${TENANTS}?group=west&limit=10&offset=40`)).body));
    expect(body).toMatchObject({ count: 15, results: [] });
    expect(counting(past)).toBe(1);
  });

  it('remembers a count until a table it reads is written, and stays exact', async () => {
    let body: Json = {};
    const url = `${TENANTS}?group=west&q=Tenant&limit=5`;
    expect(counting(await statementsOf(t, async () => (body = (await t.get(url)).body)))).toBe(1);
    expect(body.count).toBe(15);
    expect(counting(await statementsOf(t, async () => (body = (await t.get(url)).body)))).toBe(0);
    expect(body.count).toBe(15);

    // A write to the counted table.
    const made = (await t.post(TENANTS, { name: 'Tenant another', slug: 'another', group: { slug: 'west' } })).body;
    expect(counting(await statementsOf(t, async () => (body = (await t.get(url)).body)))).toBe(1);
    expect(body.count).toBe(16);

    // A write to another table the filter reads: a group moved under West brings its tenants into West's tree.
    expectStatus(await t.delete(`${TENANTS}${made.id}/`), 204);
    const fold = (await t.post(TENANT_GROUPS, { name: 'Westfold', slug: 'westfold' })).body;
    expectStatus(await t.post(TENANTS, { name: 'Tenant folded', slug: 'folded', group: fold.id }), 201);
    expect((await t.get(url)).body.count).toBe(15);
    expectStatus(await t.patch(`${TENANT_GROUPS}${fold.id}/`, { parent: made.group.id }), 200);
    expect((await t.get(url)).body.count).toBe(16);
    expectStatus(await t.patch(`${TENANT_GROUPS}${fold.id}/`, { parent: null }), 200);
    expect((await t.get(url)).body.count).toBe(15);
  });
});

describe('remembered related objects and definitions', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start();
    await t.post('/api/extras/custom-fields/', { name: 'cost_centre', type: 'text', content_types: ['tenancy.tenant'] });
    await eastAndWest(t, 6);
  });
  afterAll(() => t.close());

  const reading = (statements: string[], table: string) => statements.filter((s) => s.includes(`FROM "${table}"`)).length;

  it('reads nested objects and custom field definitions once, until their tables are written', async () => {
    let body: Json = {};
    const list = () => t.get(`${TENANTS}?limit=4`).then((res) => (body = res.body));
    // The answers to the writes above were rendered through the cache too: it may hold the groups already.
    await statementsOf(t, list);
    const again = await statementsOf(t, list);
    expect([reading(again, 'tenancy_tenantgroup'), reading(again, 'extras_customfield'), counting(again)]).toEqual([0, 0, 0]);
    expect(body.results.map((x: Json) => [x.group.name, x.custom_fields])).toEqual([
      ['East', { cost_centre: null }],
      ['West', { cost_centre: null }],
      ['East', { cost_centre: null }],
      ['West', { cost_centre: null }],
    ]);

    // A renamed group and a new field show at once: their tables' versions moved.
    const west = body.results[1].group.id;
    expectStatus(await t.patch(`${TENANT_GROUPS}${west}/`, { name: 'Far West' }), 200);
    await t.post('/api/extras/custom-fields/', { name: 'owner', type: 'text', content_types: ['tenancy.tenant'] });
    const after = await statementsOf(t, list);
    expect([reading(after, 'tenancy_tenantgroup'), reading(after, 'extras_customfield')]).toEqual([1, 1]);
    expect(body.results.map((x: Json) => [x.group.name, x.custom_fields])).toEqual([
      ['East', { cost_centre: null, owner: null }],
      ['Far West', { cost_centre: null, owner: null }],
      ['East', { cost_centre: null, owner: null }],
      ['Far West', { cost_centre: null, owner: null }],
    ]);
    expect((await t.get(`${TENANTS}${body.results[1].id}/`)).body.group).toMatchObject({ id: west, name: 'Far West' });
  });

  it('answers a page again from its remembered JSON, the same bytes, until anything at all is written', async () => {
    const url = `${TENANTS}?limit=3`;
    const first = await t.get(url);
    const again = await statementsOf(t, () => t.get(url).expect(200).expect(first.text));
    // The token with the versions, and the page's rows: nothing nested, no definitions, no tags.
    expect(again).toHaveLength(2);

    // Any write anywhere is seen: a tag that no tenant carries, then a tenant group renamed.
    const tagged = await t.post('/api/extras/tags/', { name: 'Unrelated', slug: 'unrelated' });
    expectStatus(tagged, 201);
    expect((await statementsOf(t, () => t.get(url).expect(200).expect(first.text))).length).toBeGreaterThan(2);
    const group = first.body.results[0].group;
    expectStatus(await t.patch(`${TENANT_GROUPS}${group.id}/`, { name: 'Near East' }), 200);
    const renamed = await t.get(url);
    expect(renamed.body.results[0].group.name).toBe('Near East');
    expect((await t.get(`${TENANTS}${renamed.body.results[0].id}/`)).body.group.name).toBe('Near East');

    // What differs by request is not shared: the host of the URLs, the brief form, what is left out.
    const elsewhere = await t.get(url).set('Host', 'inventory.example.com');
    expect(elsewhere.body.results[0].url).toMatch(/^http:\/\/inventory\.example\.com\/api\/tenancy\/tenants\/\d+\/$/);
    expect((await t.get(url)).body.results[0].url).not.toContain('inventory.example.com');
    expect(Object.keys((await t.get(`${url}&brief=1`)).body.results[0])).toEqual(['id', 'url', 'display', 'name', 'slug']);
    expect((await t.get(`${url}&exclude=custom_fields`)).body.results[0]).not.toHaveProperty('custom_fields');
    expect((await t.get(url)).body.results[0]).toHaveProperty('custom_fields');
  });

  it('reads a page whole, without its ids first, while its pages are seldom answered wholly from memory', async () => {
    const idsFirst = (statements: string[]) => statements.filter((s) => s.startsWith(`SELECT t.id AS "id" FROM "tenancy_tenant"`)).length;
    const url = `${TENANTS}?limit=2`;
    const expected = (await t.get(url)).text;
    // A write before each page: nothing remembered can answer it, again and again.
    for (let i = 0; i < 8; i++) {
      expectStatus(await t.post('/api/extras/tags/', { name: `Churn ${i}`, slug: `churn-${i}` }), 201);
      const statements = await statementsOf(t, () => t.get(url).expect(200).expect(expected));
      // Reading the ids first stops once most pages missed: they then cost one statement for the ids and one for the rows.
      if (i === 7) expect(idsFirst(statements)).toBe(0);
    }
    // Pages answered from memory again bring the ids first back: the rows of remembered objects are not read.
    for (let i = 0; i < 10; i++) await t.get(url).expect(200).expect(expected);
    const again = await statementsOf(t, () => t.get(url).expect(200).expect(expected));
    expect([again.length, idsFirst(again)]).toEqual([2, 1]);
  });

  it("looks a filter's values up once, until the table they name is written", async () => {
    const groups = (await t.get(`${TENANT_GROUPS}?slug=east`)).body.results;
    const url = (offset: number) => `${TENANTS}?group_id=${groups[0].id}&limit=1&offset=${offset}`;
    const lookups = (statements: string[]) => statements.filter((s) => s.includes(`FROM "tenancy_tenantgroup"`)).length;
    const first = await statementsOf(t, () => t.get(url(0)).expect(200));
    expect(lookups(first)).toBeGreaterThan(0);
    // Another page of the same filter: the group and what is below it are remembered.
    const second = await statementsOf(t, () => t.get(url(1)).expect(200));
    expect(lookups(second)).toBe(0);
    // A group added below it is seen at once, and its tenants with it.
    const below = await t.post(TENANT_GROUPS, { name: 'Far East', slug: 'far-east', parent: groups[0].id });
    expectStatus(below, 201);
    expectStatus(await t.post(TENANTS, { name: 'Tenant far', slug: 'tenant-far', group: below.body.id }), 201);
    const names = (await t.get(`${TENANTS}?group_id=${groups[0].id}&limit=100`)).body.results.map((x: Json) => x.name);
    expect(names).toContain('Tenant far');
    // An id that names no group is refused, as NetBox refuses it, remembered or not.
    for (let i = 0; i < 2; i++) expectStatus(await t.get(`${TENANTS}?group_id=999999`), 400);
  });

  it("remembers each object's tags, none included, until tags are written", async () => {
    const red = (await t.post('/api/extras/tags/', { name: 'Red', slug: 'red' })).body;
    const [first, second] = (await t.get(`${TENANTS}?limit=2`)).body.results;
    expectStatus(await t.patch(`${TENANTS}${first.id}/`, { tags: [red.id] }), 200);
    let body: Json = {};
    const list = () => t.get(`${TENANTS}?limit=2`).then((res) => (body = res.body));
    await statementsOf(t, list);
    // A write elsewhere: the page is rendered again, its tags come from memory.
    expectStatus(await t.patch(`${TENANT_GROUPS}${first.group.id}/`, { description: 'touched' }), 200);
    const again = await statementsOf(t, list);
    expect(reading(again, 'extras_taggeditem')).toBe(0);
    expect(body.results.map((x: Json) => [x.id, x.tags.map((g: Json) => g.slug)])).toEqual([
      [first.id, ['red']],
      [second.id, []],
    ]);

    const blue = (await t.post('/api/extras/tags/', { name: 'Blue', slug: 'blue' })).body;
    expectStatus(await t.patch(`${TENANTS}${second.id}/`, { tags: [blue.id, red.id] }), 200);
    const tagged = await statementsOf(t, list);
    expect(reading(tagged, 'extras_taggeditem')).toBe(1);
    expect(body.results.map((x: Json) => [x.id, x.tags.map((g: Json) => g.slug)])).toEqual([
      [first.id, ['red']],
      [second.id, ['blue', 'red']],
    ]);
  });

  it("reads no custom field definitions in a write while they are remembered, and its answer's tags beside its rows", async () => {
    const green = (await t.post('/api/extras/tags/', { name: 'Green', slug: 'green' })).body;
    const tagLinks = (statements: string[]) => statements.filter((s) => /^SELECT x\.object_id AS object_id, x\.tag_id/.test(s)).length;
    expectStatus(await t.post(TENANTS, { name: 'Zz warm', slug: 'zz-warm' }), 201);
    let body: Json = {};
    const created = await statementsOf(t, async () => (body = (await t.post(TENANTS, { name: 'Zz green', slug: 'zz-green', tags: [green.id], custom_fields: { cost_centre: 'cc-1' } }).expect(201)).body));
    expect([reading(created, 'extras_customfield'), tagLinks(created)]).toEqual([0, 0]);
    // Token and versions; the transaction, the tag's row (which it exists by), its name and slug unique (one statement),
    // the tenant, its tag, the change record, the commit; then the answer's rows with their tag ids, and the tag nested.
    expect(created).toHaveLength(10);
    expect(body).toMatchObject({ slug: 'zz-green', tags: [{ id: green.id, slug: 'green' }], custom_fields: { cost_centre: 'cc-1' } });
    const patched = await statementsOf(t, async () => (body = (await t.patch(`${TENANTS}${body.id}/`, { tags: [] }).expect(200)).body));
    expect(tagLinks(patched)).toBe(0);
    expect(body.tags).toEqual([]);
    expect((await t.get(`${TENANTS}${body.id}/`)).body.tags).toEqual([]);

    // A field defined since is known to the next write at once: its table's version moved.
    const required = (await t.post('/api/extras/custom-fields/', { name: 'must', type: 'text', required: true, content_types: ['tenancy.tenant'] }).expect(201)).body;
    try {
      const refused = await t.post(TENANTS, { name: 'Zz without', slug: 'zz-without' });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ custom_fields: ["Invalid value for custom field 'must': Required field cannot be empty."] });
    } finally {
      expectStatus(await t.delete(`/api/extras/custom-fields/${required.id}/`), 204);
    }
    expectStatus(await t.post(TENANTS, { name: 'Zz without', slug: 'zz-without' }), 201);
  });


  it("reads an answer's reverse relations (an address's NAT outside addresses) beside its rows, and their rows only where there are some", async () => {
    const ADDRESSES = '/api/ipam/ip-addresses/';
    // Referrers' ids read by a statement of their own, or their rows.
    const natReads = (statements: string[]) => statements.filter((s) => /\bnat_inside_id"? IN \(/.test(s)).length;
    expectStatus(await t.post(ADDRESSES, { address: '192.0.2.1/32' }), 201);
    let body: Json = {};
    const created = await statementsOf(t, async () => (body = (await t.post(ADDRESSES, { address: '192.0.2.10/32', description: 'inside' }).expect(201)).body));
    // Token and versions; the transaction, the address, the change record, the commit; the answer's rows with what they list.
    expect(created).toHaveLength(6);
    expect(natReads(created)).toBe(0);
    expect(body.nat_outside).toEqual([]);
    const inside = body;

    // Listed in their model's order (by address), not by id; each address answers for its own.
    const later = (await t.post(ADDRESSES, { address: '198.51.100.9/32', nat_inside: inside.id }).expect(201)).body;
    const earlier = (await t.post(ADDRESSES, { address: '198.51.100.2/32', nat_inside: inside.id }).expect(201)).body;
    const patched = await statementsOf(t, async () => (body = (await t.patch(`${ADDRESSES}${inside.id}/`, { description: 'inside, twice' }).expect(200)).body));
    expect(body.nat_outside.map((x: Json) => x.id)).toEqual([earlier.id, later.id]);
    // Their ids came with the answer's rows; their rows (to nest them) are read once.
    expect(patched.filter((s) => s.includes('FROM "ipam_ipaddress"')).length).toBe(3);
    const page = await t.get(`${ADDRESSES}?id=${inside.id}&id=${earlier.id}`);
    expect(page.body.results.map((x: Json) => [x.id, x.nat_outside.map((y: Json) => y.id)])).toEqual([
      [inside.id, [earlier.id, later.id]],
      [earlier.id, []],
    ]);

    // A referrer moved away is gone from the list at once: its table's version moved.
    expectStatus(await t.patch(`${ADDRESSES}${later.id}/`, { nat_inside: null }), 200);
    expect((await t.get(`${ADDRESSES}${inside.id}/`)).body.nat_outside.map((x: Json) => x.id)).toEqual([earlier.id]);
    expectStatus(await t.delete(`${ADDRESSES}${earlier.id}/`), 204);
    expect((await t.get(`${ADDRESSES}${inside.id}/`)).body.nat_outside).toEqual([]);
  });
  it("answers a write with the versions read beside its objects' rows, not by a statement of their own", async () => {
    const standalone = (statements: string[]) => statements.filter((s) => /^SELECT table_name, SUM\(version\)/.test(s)).length;
    const [tenant] = (await t.get(`${TENANTS}?limit=1`)).body.results;
    expectStatus(await t.patch(`${TENANT_GROUPS}${tenant.group.id}/`, { name: 'Renamed first' }), 200);
    let body: Json = {};
    const patched = await statementsOf(t, async () => (body = (await t.patch(`${TENANTS}${tenant.id}/`, { description: 'patched' }).expect(200)).body));
    expect(standalone(patched)).toBe(0);
    expect(patched.filter((s) => s.includes('FROM "tenancy_tenant"') && s.includes('core_writeversion'))).toHaveLength(1);
    // Its own write and the one before it, both seen.
    expect(body).toMatchObject({ id: tenant.id, description: 'patched', group: { id: tenant.group.id, name: 'Renamed first' } });

    const created = await statementsOf(t, async () => (body = (await t.post(TENANTS, [{ name: 'Tenant new 1', slug: 'new-1', group: tenant.group.id }, { name: 'Tenant new 2', slug: 'new-2' }]).expect(201)).body));
    expect(standalone(created)).toBe(0);
    expect(body.map((x: Json) => [x.slug, x.group?.name ?? null])).toEqual([
      ['new-1', 'Renamed first'],
      ['new-2', null],
    ]);
    // What the answer left in the cache is what a read sees.
    expect((await t.get(`${TENANTS}${tenant.id}/`)).body).toMatchObject({ description: 'patched', group: { name: 'Renamed first' } });
  });

  it('reads everything afresh with READ_CACHE=false', async () => {
    const fresh = await TestApp.start({ READ_CACHE: 'false' });
    try {
      await bulkCreate(fresh, TENANT_GROUPS, [{ name: 'Only', slug: 'only' }]);
      await bulkCreate(fresh, TENANTS, [{ name: 'A', slug: 'a', group: { slug: 'only' } }, { name: 'B', slug: 'b', group: { slug: 'only' } }]);
      const list = () => fresh.get(`${TENANTS}?limit=1`);
      await statementsOf(fresh, list);
      const again = await statementsOf(fresh, list);
      expect(reading(again, 'tenancy_tenantgroup')).toBe(1);
      // No versions read. A whole table's count is kept on PostgreSQL (see "whole tables' counts"); a filtered list counts.
      expect(again.some((s) => /SUM\(version\)/.test(s))).toBe(false);
      expect(counting(again) + again.filter((s) => s.includes('SUM(row_count)')).length).toBe(1);
      expect(counting(await statementsOf(fresh, () => fresh.get(`${TENANTS}?group=only&limit=1`)))).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});

describe('counts across processes', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inventory-counts-'));
  let database: { url: string | undefined; drop(): Promise<void> };
  let a: TestApp;
  let b: ServiceProcess;
  const headers = { Authorization: `Token ${PROCESS_TOKEN}`, 'Content-Type': 'application/json', Accept: 'application/json' };
  const viaB = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(b.url + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: res.status === 204 ? null : await res.json() };
  };
  const countViaA = async (url: string) => {
    const res = await a.get(url, PROCESS_TOKEN);
    expectStatus(res, 200);
    return res.body.count as number;
  };

  beforeAll(async () => {
    buildIfNeeded();
    database = await scratchDatabase();
    const env = { DATA_DIR: dataDir, ...(database.url ? { DATABASE_URL: database.url } : {}) };
    a = await TestApp.start({ ...env, SUPERUSER_API_TOKEN: PROCESS_TOKEN });
    b = await startServiceProcess(env);
  });
  afterAll(async () => {
    b?.proc.kill('SIGTERM');
    if (b) await exited(b.proc);
    await a?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps every count of one process exact across the other's writes", async () => {
    const lists = [`${TENANTS}?limit=1`, `${TENANTS}?limit=1&group=north`, `${TENANTS}?limit=1&q=Far`, `${TENANT_GROUPS}?limit=1`];
    const expected = async () => {
      const all = (await viaB('GET', `${TENANTS}?limit=0&brief=1`)).body.results.length;
      const groups = (await viaB('GET', `${TENANT_GROUPS}?limit=0&brief=1`)).body.results.length;
      const north = (await viaB('GET', `${TENANTS}?limit=0&brief=1&group=north`)).body.results.length;
      const far = (await viaB('GET', `${TENANTS}?limit=0&brief=1&q=Far`)).body.results.length;
      return [all, north, far, groups];
    };
    const check = async () => {
      const seen = [];
      for (const url of lists) seen.push(await countViaA(url));
      expect(seen).toEqual(await expected());
    };

    const group = await viaB('POST', TENANT_GROUPS, { name: 'North', slug: 'north' });
    expect(group.status).toBe(201);
    await check();
    expect((await viaB('POST', TENANT_GROUPS, { name: 'South', slug: 'south' })).status).toBe(201);
    await check();
    for (let round = 0; round < 3; round++) {
      const made = await viaB('POST', TENANTS, Array.from({ length: 3 }, (_, i) => ({ name: `Far ${round}-${i}`, slug: `far-${round}-${i}`, group: i ? group.body.id : null })));
      expect(made.status).toBe(201);
      await check();
      // Remembered now: the next answers come without counting, and are still exact.
      expect(counting(await statementsOf(a, check))).toBe(0);
      expect((await viaB('PATCH', `${TENANTS}${made.body[0].id}/`, { group: group.body.id })).status).toBe(200);
      await check();
      expect((await viaB('DELETE', TENANTS, [{ id: made.body[1].id }])).status).toBe(204);
      await check();
    }
    // A related object renamed by the other process shows renamed here.
    const shown = async () => (await a.get(`${TENANTS}?group=north&limit=1`, PROCESS_TOKEN)).body.results[0].group.name;
    expect(await shown()).toBe('North');
    expect((await viaB('PATCH', `${TENANT_GROUPS}${group.body.id}/`, { name: 'Far North' })).status).toBe(200);
    expect(await shown()).toBe('Far North');
    // And so does its detail, and the page read again, remembered or not.
    const north = (await a.get(`${TENANTS}?group=north&limit=1`, PROCESS_TOKEN)).body.results[0];
    expect((await a.get(`${TENANTS}${north.id}/`, PROCESS_TOKEN)).body.group.name).toBe('Far North');
    expect((await viaB('PATCH', `${TENANT_GROUPS}${group.body.id}/`, { name: 'North' })).status).toBe(200);
    expect(await shown()).toBe('North');
    expect((await viaB('PATCH', `${TENANT_GROUPS}${group.body.id}/`, { name: 'Far North' })).status).toBe(200);
    // A write the other process refuses changes nothing: the count stays remembered and right.
    expect((await viaB('POST', TENANTS, [{ name: 'Far ok', slug: 'far-ok' }, { name: 'Far ok', slug: 'far-ok' }])).status).toBe(400);
    await check();
    expect((await viaB('PATCH', `${TENANTS}${(await viaB('GET', `${TENANTS}?group=north&limit=1`)).body.results[0].id}/`, { group: { slug: 'south' } })).status).toBe(200);
    await check();
  });
});

describe("whole tables' counts", () => {
  let t: TestApp;
  const postgres = !!process.env.TEST_DATABASE_URL;
  const INTERFACES = '/api/dcim/interfaces/';
  const DEVICES = '/api/dcim/devices/';

  beforeAll(async () => {
    // Every count read afresh: none remembered.
    t = await TestApp.start({ READ_CACHE: 'false' });
  });
  afterAll(() => t.close());

  /** An unfiltered list's count, its statements, and the count `COUNT(*)` gives (a filter that matches every row). */
  const counted = async (list: string) => {
    let whole: Json = {};
    const statements = await statementsOf(t, async () => (whole = (await t.get(`${list}?limit=1`)).body));
    const scanned = (await t.get(`${list}?id__gt=0&limit=1`)).body.count;
    return { count: whole.count as number, scanned, statements };
  };

  it('are kept as rows are written on PostgreSQL, exact through bulk writes, cascades, deletes and rollbacks, and read without counting rows', async () => {
    const [site] = await bulkCreate(t, '/api/dcim/sites/', [{ name: 'Count site', slug: 'count-site' }]);
    const [maker] = await bulkCreate(t, '/api/dcim/manufacturers/', [{ name: 'Count maker', slug: 'count-maker' }]);
    const [type] = await bulkCreate(t, '/api/dcim/device-types/', [{ manufacturer: maker.id, model: 'Counter', slug: 'counter' }]);
    const [role] = await bulkCreate(t, '/api/dcim/device-roles/', [{ name: 'Count role', slug: 'count-role', color: 'ff0000' }]);
    const devices = await bulkCreate(t, DEVICES, ['a', 'b', 'c'].map((name) => ({ name: `count-${name}`, device_type: type.id, device_role: role.id, site: site.id })));
    await bulkCreate(t, INTERFACES, [
      ...Array.from({ length: 4 }, (_, i) => ({ device: devices[0].id, name: `eth${i}`, type: 'virtual' })),
      ...Array.from({ length: 3 }, (_, i) => ({ device: devices[1].id, name: `eth${i}`, type: 'virtual' })),
    ]);

    let interfaces = await counted(INTERFACES);
    expect([interfaces.count, interfaces.scanned]).toEqual([7, 7]);
    // PostgreSQL reads the kept count; SQLite counts its rows, in the process.
    expect(counting(interfaces.statements)).toBe(postgres ? 0 : 1);
    expect(interfaces.statements.filter((s) => s.includes('row_count'))).toHaveLength(postgres ? 1 : 0);

    // A device's deletion takes its interfaces with it (a cascade).
    expectStatus(await t.delete(`${DEVICES}${devices[0].id}/`), 204);
    interfaces = await counted(INTERFACES);
    expect([interfaces.count, interfaces.scanned]).toEqual([3, 3]);
    const left = await counted(DEVICES);
    expect([left.count, left.scanned]).toEqual([2, 2]);

    // A bulk delete, and a bulk create rolled back by its last object.
    const ids = (await t.get(`${INTERFACES}?device_id=${devices[1].id}`)).body.results.map((x: Json) => ({ id: x.id }));
    expectStatus(await t.delete(INTERFACES, ids.slice(0, 2)), 204);
    const refused = await t.post(INTERFACES, [{ device: devices[2].id, name: 'x0', type: 'virtual' }, { device: devices[2].id, name: 'x1', type: 'no-such-type' }]);
    expectStatus(refused, 400);
    interfaces = await counted(INTERFACES);
    expect([interfaces.count, interfaces.scanned]).toEqual([1, 1]);
  });

  (postgres ? it : it.skip)('are counted once on the first start after an upgrade, from the rows the previous release wrote', async () => {
    await upgradedFrom(
      'RowCounts',
      async (before) => {
        // As the previous release left a table: its write-version trigger, and rows written through it.
        await before.query(`CREATE TRIGGER write_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tenancy_tenant FOR EACH STATEMENT EXECUTE FUNCTION core_bump_write_version()`);
        for (const name of ['one', 'two', 'three']) await insertRow(before, 'tenancy_tenant', { name, slug: name });
      },
      async (upgraded) => {
        const whole = async () => {
          let body: Json = {};
          const statements = await statementsOf(upgraded, async () => (body = (await upgraded.get(`${TENANTS}?limit=1`)).body));
          expect(statements.filter((s) => s.includes('SUM(row_count)'))).toHaveLength(1);
          expect((await upgraded.get(`${TENANTS}?id__gt=0&limit=1`)).body.count).toBe(body.count);
          return body.count as number;
        };
        expect(await whole()).toBe(3);
        const made = await upgraded.post(TENANTS, { name: 'four', slug: 'four' });
        expectStatus(made, 201);
        expect(await whole()).toBe(4);
        expectStatus(await upgraded.delete(`${TENANTS}${made.body.id}/`), 204);
        expectStatus(await upgraded.delete(`${TENANTS}${(await upgraded.get(`${TENANTS}?slug=one`)).body.results[0].id}/`), 204);
        expect(await whole()).toBe(2);
      },
      { READ_CACHE: 'false' },
    );
  });
});
