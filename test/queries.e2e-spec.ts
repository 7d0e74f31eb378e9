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

  it('creates 2 or 50 addresses, tagged, with their change records, in the same number of statements', async () => {
    const tag = await t.post('/api/extras/tags/', { name: 'Bulk', slug: 'bulk' });
    expect(tag.status).toBe(201);
    const addresses = (n: number, from: number) => Array.from({ length: n }, (_, i) => ({ address: `10.9.${from}.${i + 1}/24`, status: 'active', tenant: { slug: 'tenant-1' }, tags: [tag.body.id] }));
    const created = async (n: number, from: number) =>
      statementsDuring(t, async () => {
        const res = await t.post('/api/ipam/ip-addresses/', addresses(n, from));
        expect(res.status).toBe(201);
        expect(res.body).toHaveLength(n);
        expect(res.body.every((a: { tags: unknown[]; tenant: { slug: string } }) => a.tags.length === 1 && a.tenant.slug === 'tenant-1')).toBe(true);
      });
    const two = await created(2, 1);
    const fifty = await created(50, 2);
    expect(fifty).toBe(two);
    // Token, transaction, definitions, tenant, tag, addresses, tagged items, change records, commit; then the
    // enabled webhooks (read afresh here: this app reads without the cache) and the answer.
    expect(two).toBeLessThanOrEqual(17);
    const changes = await t.get('/api/extras/object-changes/?changed_object_type=ipam.ipaddress&limit=100');
    expect(changes.body.count).toBe(52);
  });
});
