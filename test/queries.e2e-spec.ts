import { statementsDuring } from './helpers/queries';
import { TestApp } from './helpers/test-app';

describe('query counts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start({ READ_CACHE: 'false' });
    const groups = await t.post('/api/tenancy/tenant-groups/', [
      { name: 'Region A', slug: 'region-a' },
      { name: 'Region B', slug: 'region-b' },
    ]);
    expect(groups.status).toBe(201);
    await t.post('/api/tenancy/tenant-groups/', [
      { name: 'Site A1', slug: 'site-a1', parent: { slug: 'region-a' } },
      { name: 'Site B1', slug: 'site-b1', parent: { slug: 'region-b' } },
    ]);
    const tenants = Array.from({ length: 300 }, (_, i) => ({
      name: `Tenant ${i}`,
      slug: `tenant-${i}`,
      group: { slug: ['region-a', 'region-b', 'site-a1', 'site-b1'][i % 4] },
    }));
    expect((await t.post('/api/tenancy/tenants/', tenants)).status).toBe(201);
  });
  afterAll(() => t.close());

  it('lists a page of tenants in the same number of statements whatever its size', async () => {
    // Both pages are full, so neither shows the count itself: both count.
    const small = await statementsDuring(t, async () => expect((await t.get('/api/tenancy/tenants/?limit=5')).body.results).toHaveLength(5));
    const large = await statementsDuring(t, async () => expect((await t.get('/api/tenancy/tenants/?limit=299')).body.results).toHaveLength(299));
    expect(large).toBe(small);
  });

  it('lists tenant groups with their cumulative counts without a statement per row', async () => {
    // The first two rows already include a child, so both pages load parents.
    const two = await statementsDuring(t, () => t.get('/api/tenancy/tenant-groups/?limit=2'));
    const all = await statementsDuring(t, async () => {
      const res = await t.get('/api/tenancy/tenant-groups/?limit=4');
      expect(res.body.results.map((g: { name: string; tenant_count: number }) => [g.name, g.tenant_count])).toEqual([
        ['Region A', 150],
        ['Site A1', 75],
        ['Region B', 150],
        ['Site B1', 75],
      ]);
    });
    expect(all).toBe(two);
  });

  it('keeps brief lists to a fixed number of statements', async () => {
    const small = await statementsDuring(t, () => t.get('/api/tenancy/tenants/?brief=1&limit=2'));
    const large = await statementsDuring(t, () => t.get('/api/tenancy/tenants/?brief=1&limit=200'));
    expect(large).toBe(small);
  });
});
