import { TestApp } from './helpers/test-app';
import {
  bulkCreate,
  expectStatus,
  Json,
  names,
  pad3,
  pathOf,
  queryOf,
  seedNumberedTenants,
  TENANT_GROUPS,
  TENANTS,
} from './helpers/seed';

jest.setTimeout(120_000);

// Absolute URLs are built from the request's Host header.
const HOST = 'inventory.example.com';
const BASE = `http://${HOST}`;

/** Every model list the API root leads to, as a client discovers them. */
async function everyList(t: TestApp): Promise<string[]> {
  const lists: string[] = [];
  for (const [app, url] of Object.entries<string>((await t.get('/api/')).body)) {
    if (app === 'status') continue;
    const root = await t.get(pathOf(url));
    // Not paginated lists: the installed plugins, scripts and reports (plain lists in NetBox), and the connected device locator.
    const unpaginated = ['installed-plugins', 'connected-device', ...(app === 'extras' ? ['scripts', 'reports'] : [])];
    for (const [name, list] of Object.entries<string>(root.body)) if (!unpaginated.includes(name)) lists.push(pathOf(list));
  }
  expect(lists.length).toBeGreaterThan(80);
  return lists;
}

/** The names `tenant-<from>` up to, not including, `tenant-<to>`; descending when from > to. */
function tenantNames(from: number, to: number): string[] {
  const out: string[] = [];
  if (from <= to) for (let n = from; n < to; n++) out.push(`tenant-${pad3(n)}`);
  else for (let n = from; n > to; n--) out.push(`tenant-${pad3(n)}`);
  return out;
}

describe('pagination with the default settings (PAGINATE_COUNT 50, MAX_PAGE_SIZE 1000)', () => {
  let t: TestApp;
  let tenants: Json[];
  const list = (query = '') => t.get(`${TENANTS}${query}`).set('Host', HOST);

  beforeAll(async () => {
    t = await TestApp.start();
    tenants = await seedNumberedTenants(t, 120);
  });
  afterAll(() => t?.close());

  it('answers the first page of 50 with count, next and previous', async () => {
    const res = await list();
    expectStatus(res, 200);
    expect(Object.keys(res.body)).toEqual(['count', 'next', 'previous', 'results']);
    expect(res.body.count).toBe(120);
    expect(res.body.previous).toBeNull();
    expect(res.body.next).toBe(`${BASE}${TENANTS}?limit=50&offset=50`);
    expect(names(res)).toEqual(tenantNames(0, 50));
  });

  it('walks forward with next and back with previous, dropping offset on the way back to the start', async () => {
    const first = await list();
    const second = await t.get(pathOf(first.body.next)).set('Host', HOST);
    expectStatus(second, 200);
    expect(second.body.count).toBe(120);
    expect(names(second)).toEqual(tenantNames(50, 100));
    expect(second.body.next).toBe(`${BASE}${TENANTS}?limit=50&offset=100`);
    // DRF removes offset rather than writing offset=0.
    expect(second.body.previous).toBe(`${BASE}${TENANTS}?limit=50`);

    const third = await t.get(pathOf(second.body.next)).set('Host', HOST);
    expectStatus(third, 200);
    expect(names(third)).toEqual(tenantNames(100, 120));
    expect(third.body.next).toBeNull();
    expect(third.body.previous).toBe(`${BASE}${TENANTS}?limit=50&offset=50`);

    const back = await t.get(pathOf(second.body.previous)).set('Host', HOST);
    expect(names(back)).toEqual(tenantNames(0, 50));
    expect(back.body.previous).toBeNull();
  });

  it('keeps the other query parameters in next and previous', async () => {
    const first = await list('?description=even');
    expectStatus(first, 200);
    expect(first.body.count).toBe(60);
    expect(first.body.next.startsWith(`${BASE}${TENANTS}?`)).toBe(true);
    expect(queryOf(first.body.next)).toEqual([
      ['description', 'even'],
      ['limit', '50'],
      ['offset', '50'],
    ]);

    const second = await t.get(pathOf(first.body.next)).set('Host', HOST);
    expectStatus(second, 200);
    expect(second.body.count).toBe(60);
    expect(names(second)).toEqual(['tenant-100', 'tenant-102', 'tenant-104', 'tenant-106', 'tenant-108', 'tenant-110', 'tenant-112', 'tenant-114', 'tenant-116', 'tenant-118']);
    expect(second.body.next).toBeNull();
    expect(queryOf(second.body.previous)).toEqual([
      ['description', 'even'],
      ['limit', '50'],
    ]);
  });

  it('returns limit objects starting at offset', async () => {
    const res = await list('?limit=10&offset=20');
    expectStatus(res, 200);
    expect(res.body.count).toBe(120);
    expect(names(res)).toEqual(tenantNames(20, 30));
    expect(res.body.next).toBe(`${BASE}${TENANTS}?limit=10&offset=30`);
    expect(res.body.previous).toBe(`${BASE}${TENANTS}?limit=10&offset=10`);
  });

  it('honours a limit up to the maximum page size', async () => {
    const res = await list('?limit=120');
    expectStatus(res, 200);
    expect(res.body.results).toHaveLength(120);
    expect(res.body.next).toBeNull();
    expect(res.body.previous).toBeNull();

    const big = await list('?limit=1000');
    expect(big.body.results).toHaveLength(120);
    expect(big.body.next).toBeNull();
  });

  it('returns no results but the true count for an offset past the end', async () => {
    const res = await list('?offset=500');
    expectStatus(res, 200);
    expect(res.body.count).toBe(120);
    expect(res.body.results).toEqual([]);
    expect(res.body.next).toBeNull();
    expect(res.body.previous).toBe(`${BASE}${TENANTS}?limit=50&offset=450`);

    const atEnd = await list('?offset=120');
    expectStatus(atEnd, 200);
    expect(atEnd.body.count).toBe(120);
    expect(atEnd.body.results).toEqual([]);
    expect(atEnd.body.next).toBeNull();
  });

  it.each(['abc', '-1', '', '2.5'])('uses the default page size for an invalid limit (limit=%p)', async (limit) => {
    const res = await list(`?limit=${encodeURIComponent(limit)}`);
    expectStatus(res, 200);
    expect(res.body.count).toBe(120);
    expect(names(res)).toEqual(tenantNames(0, 50));
    expect(res.body.next).toBe(`${BASE}${TENANTS}?limit=50&offset=50`);
  });

  it.each(['abc', '-5'])('starts at the beginning for an invalid offset (offset=%p)', async (offset) => {
    const res = await list(`?offset=${offset}`);
    expectStatus(res, 200);
    expect(names(res)).toEqual(tenantNames(0, 50));
    expect(res.body.previous).toBeNull();
    expect(res.body.next).toBe(`${BASE}${TENANTS}?limit=50&offset=50`);
  });

  it('orders by name by default, whatever the order of creation', async () => {
    const res = await list('?limit=120');
    expect(names(res)).toEqual(tenantNames(0, 120));
    // The data set was created out of name order: the ids in this list are not ascending.
    const ids = res.body.results.map((o: Json) => o.id);
    expect(ids).not.toEqual([...ids].sort((a, b) => a - b));
    expect(res.body.results.map((o: Json) => o.id)).toEqual(tenants.map((o) => o.id));
  });

  it('orders by name descending with ordering=-name', async () => {
    const res = await list('?ordering=-name');
    expectStatus(res, 200);
    expect(res.body.count).toBe(120);
    expect(names(res)).toEqual(tenantNames(119, 69));
  });

  it('orders by another field with ordering=slug', async () => {
    const res = await list('?ordering=slug&limit=5');
    expectStatus(res, 200);
    expect(res.body.results.map((o: Json) => o.slug)).toEqual(['slug-000', 'slug-001', 'slug-002', 'slug-003', 'slug-004']);
    expect(names(res)).toEqual(tenantNames(119, 114));
  });

  it('orders by id descending with ordering=-id', async () => {
    const res = await list('?ordering=-id&limit=120');
    const ids = res.body.results.map((o: Json) => o.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids).toHaveLength(120);
  });

  it('keeps the ordering across pages and in the next link', async () => {
    const res = await list('?ordering=-name&limit=10&offset=10');
    expectStatus(res, 200);
    expect(names(res)).toEqual(tenantNames(109, 99));
    expect(queryOf(res.body.next)).toEqual([
      ['limit', '10'],
      ['offset', '20'],
      ['ordering', '-name'],
    ]);
  });

  it('ignores an unknown ordering field', async () => {
    const res = await list('?ordering=no_such_field');
    expectStatus(res, 200);
    expect(names(res)).toEqual(tenantNames(0, 50));
  });
});

describe('ordering of tenants that share a name (unique per group only, as in NetBox 3.5)', () => {
  let t: TestApp;
  let ids: Record<string, number>;

  beforeAll(async () => {
    t = await TestApp.start();
    const [g1, g2] = await bulkCreate(t, TENANT_GROUPS, [
      { name: 'Group One', slug: 'group-one' },
      { name: 'Group Two', slug: 'group-two' },
    ]);
    // Created one by one so that the ids follow this order.
    ids = {};
    for (const [key, body] of [
      ['twinTwo', { name: 'Twin', slug: 'twin', group: g2.id }],
      ['alpha', { name: 'Alpha', slug: 'alpha' }],
      ['twinOne', { name: 'Twin', slug: 'twin', group: g1.id }],
      ['twinNone', { name: 'Twin', slug: 'twin' }],
    ] as const) {
      const res = await t.post(TENANTS, body);
      expectStatus(res, 201);
      ids[key] = res.body.id;
    }
  });
  afterAll(() => t?.close());

  it('breaks ties in the default order by id', async () => {
    const res = await t.get(TENANTS);
    expectStatus(res, 200);
    expect(res.body.results.map((o: Json) => o.id)).toEqual([ids.alpha, ids.twinTwo, ids.twinOne, ids.twinNone]);
  });

  it('orders by several comma-separated fields (ordering=name,-id)', async () => {
    const res = await t.get(`${TENANTS}?ordering=name,-id`);
    expectStatus(res, 200);
    expect(res.body.results.map((o: Json) => o.id)).toEqual([ids.alpha, ids.twinNone, ids.twinOne, ids.twinTwo]);
  });
});

describe('pagination with MAX_PAGE_SIZE=100', () => {
  let t: TestApp;
  const list = (query = '') => t.get(`${TENANTS}${query}`).set('Host', HOST);

  beforeAll(async () => {
    t = await TestApp.start({ MAX_PAGE_SIZE: '100' });
    await seedNumberedTenants(t, 120);
  });
  afterAll(() => t?.close());

  it('answers every list with the empty page for an offset and a limit beyond what a database takes', async () => {
    for (const list of await everyList(t)) {
      const res = await t.get(`${list}?offset=99999999999999999999&limit=99999999999999999999`);
      expect([list, res.status]).toEqual([list, 200]);
      expect([list, res.body.results]).toEqual([list, []]);
      expect(res.body.next).toBeNull();
    }
  });

  it('caps a limit above the maximum to the maximum', async () => {
    const res = await list('?limit=500');
    expectStatus(res, 200);
    expect(res.body.count).toBe(120);
    expect(names(res)).toEqual(tenantNames(0, 100));
    expect(res.body.next).toBe(`${BASE}${TENANTS}?limit=100&offset=100`);
  });

  it('treats limit=0 as the maximum when a maximum is set', async () => {
    const res = await list('?limit=0');
    expectStatus(res, 200);
    expect(res.body.count).toBe(120);
    expect(res.body.results).toHaveLength(100);
    expect(res.body.next).toBe(`${BASE}${TENANTS}?limit=100&offset=100`);
    expect(res.body.previous).toBeNull();
  });

  it('still answers PAGINATE_COUNT objects without a limit', async () => {
    const res = await list();
    expect(res.body.results).toHaveLength(50);
    expect(res.body.next).toBe(`${BASE}${TENANTS}?limit=50&offset=50`);
  });
});

describe('pagination with MAX_PAGE_SIZE=0 (no maximum)', () => {
  let t: TestApp;
  const list = (query = '') => t.get(`${TENANTS}${query}`).set('Host', HOST);

  beforeAll(async () => {
    t = await TestApp.start({ MAX_PAGE_SIZE: '0' });
    await seedNumberedTenants(t, 120);
  });
  afterAll(() => t?.close());

  it('returns every object for limit=0, with next and previous null', async () => {
    const res = await list('?limit=0');
    expectStatus(res, 200);
    expect(res.body.count).toBe(120);
    expect(names(res)).toEqual(tenantNames(0, 120));
    expect(res.body.next).toBeNull();
    expect(res.body.previous).toBeNull();
  });

  it('returns the rest from an offset for limit=0, still without links', async () => {
    const res = await list('?limit=0&offset=100');
    expectStatus(res, 200);
    expect(res.body.count).toBe(120);
    expect(names(res)).toEqual(tenantNames(100, 120));
    expect(res.body.next).toBeNull();
    expect(res.body.previous).toBeNull();
  });

  it('answers every list without a 500 for a limit and an offset beyond what a database takes', async () => {
    for (const list of await everyList(t)) {
      const res = await t.get(`${list}?offset=99999999999999999999&limit=99999999999999999999`);
      expect([list, res.status]).toEqual([list, 200]);
      expect([list, res.body.results]).toEqual([list, []]);
    }
  });

  it('does not cap a large limit', async () => {
    const res = await list('?limit=5000');
    expect(res.body.results).toHaveLength(120);
    expect(res.body.next).toBeNull();
  });

  it('still answers PAGINATE_COUNT objects without a limit', async () => {
    const res = await list();
    expect(res.body.results).toHaveLength(50);
    expect(res.body.next).toBe(`${BASE}${TENANTS}?limit=50&offset=50`);
  });
});

describe('pagination with PAGINATE_COUNT=20', () => {
  let t: TestApp;
  const list = (query = '') => t.get(`${TENANTS}${query}`).set('Host', HOST);

  beforeAll(async () => {
    t = await TestApp.start({ PAGINATE_COUNT: '20' });
    await seedNumberedTenants(t, 45);
  });
  afterAll(() => t?.close());

  it('answers 20 objects per page by default', async () => {
    const res = await list();
    expectStatus(res, 200);
    expect(res.body.count).toBe(45);
    expect(names(res)).toEqual(tenantNames(0, 20));
    expect(res.body.next).toBe(`${BASE}${TENANTS}?limit=20&offset=20`);
  });

  it('falls back to 20 for an invalid limit', async () => {
    const res = await list('?limit=abc');
    expect(res.body.results).toHaveLength(20);
    expect(res.body.next).toBe(`${BASE}${TENANTS}?limit=20&offset=20`);
  });

  it('still honours an explicit limit', async () => {
    const res = await list('?limit=30');
    expect(res.body.results).toHaveLength(30);
    expect(res.body.next).toBe(`${BASE}${TENANTS}?limit=30&offset=30`);
  });
});
