import { TestApp } from './helpers/test-app';
import { RECORDED_FILTERS, compareFilters } from './helpers/netbox-filters';
import { expectStatus, Json } from './helpers/seed';

/** Query parameters a list takes that are not filters. */
const NOT_FILTERS = new Set(['limit', 'offset', 'ordering', 'brief']);
/** `start` as cursor pagination (NetBox 4.6's, served ahead of 3.5) rather than a filter. */
const isCursor = (p: Json) => p.name === 'start' && /^Cursor-based pagination/.test(p.description ?? '');

describe("every list's filters are NetBox 3.5.9's", () => {
  let t: TestApp;
  let paths: Record<string, Json>;

  beforeAll(async () => {
    t = await TestApp.start();
    const schema = await t.get('/api/schema/?format=json');
    expectStatus(schema, 200);
    paths = schema.body.paths;
  });
  afterAll(() => t?.close());

  it('declares, for every list NetBox has and we serve, exactly the filter names of its filter set', () => {
    const served = Object.keys(RECORDED_FILTERS).filter((path) => paths[path]?.get);
    expect(served.length).toBeGreaterThan(85);
    const differences: Record<string, { missing: string[]; extra: string[] }> = {};
    for (const path of served) {
      const declared = (paths[path].get.parameters as Json[]).filter((p) => p.in === 'query' && !NOT_FILTERS.has(p.name) && !isCursor(p)).map((p) => p.name as string);
      const { missing, extra } = compareFilters(path, declared);
      if (missing.length || extra.length) differences[path] = { missing, extra };
    }
    expect(differences).toEqual({});
  });

  it('ignores a name NetBox does not define, and answers the list filtered by the names it does', async () => {
    const site = (await t.post('/api/dcim/sites/', { name: 'Ignored', slug: 'ignored' })).body;
    await t.post('/api/dcim/sites/', { name: 'Other', slug: 'other', comments: 'kept' });
    // `comments` is not a site filter in NetBox: it must neither filter nor be refused.
    const res = await t.get('/api/dcim/sites/?comments=nothing-like-this&slug=ignored');
    expectStatus(res, 200);
    expect(res.body.results.map((s: Json) => s.id)).toEqual([site.id]);
  });
});
