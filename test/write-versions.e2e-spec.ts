import { Client } from 'pg';
import { ReadCache } from '../src/core/db/read-cache';
import { TENANTS, expectStatus } from './helpers/seed';
import { TestApp } from './helpers/test-app';

const PAGE = 8192;

// PostgreSQL keeps dead rows that a long transaction may still see; SQLite updates in place.
(process.env.TEST_DATABASE_URL ? describe : describe.skip)('the write versions table on PostgreSQL', () => {
  let t: TestApp;
  let clients: Client[];
  const client = async () => {
    const c = new Client({ connectionString: t.env.DATABASE_URL });
    await c.connect();
    clients.push(c);
    return c;
  };
  const pages = async (c: Client) => Math.ceil(Number((await c.query(`SELECT pg_relation_size('core_writeversion') AS n`)).rows[0].n) / PAGE);
  const versions = async (c: Client) => (await c.query('SELECT table_name, SUM(version)::text AS v FROM core_writeversion GROUP BY table_name ORDER BY 1')).rows;
  /** Writes that leave dead rows behind while `snapshot` still sees the rows they replace. */
  const bloat = async (c: Client) => {
    const snapshot = await client();
    await snapshot.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    await snapshot.query('SELECT 1');
    for (let i = 0; i < 500 && (await pages(c)) < 20; i++) await c.query('UPDATE core_writeversion SET version = version + 1');
    return snapshot;
  };
  const compact = () => t.app.get(ReadCache).compactVersions();

  beforeAll(async () => {
    t = await TestApp.start();
    // Every table a tenant's creation writes has its rows in the versions table.
    expectStatus(await t.post(TENANTS, { name: 'First', slug: 'first' }), 201);
  });
  beforeEach(() => {
    clients = [];
  });
  afterEach(async () => {
    await Promise.all(clients.map((c) => c.end()));
  });
  afterAll(() => t.close());

  it('is gathered into a page or two again once the transaction that held its dead rows has ended', async () => {
    const c = await client();
    const snapshot = await bloat(c);
    expect(await pages(c)).toBeGreaterThanOrEqual(20);
    await snapshot.query('COMMIT');

    const before = await versions(c);
    await compact();
    expect(await pages(c)).toBeLessThanOrEqual(2);
    expect(await versions(c)).toEqual(before);
    // Reads and writes go on through it, and a write still moves its table's version.
    expectStatus(await t.post(TENANTS, { name: 'Second', slug: 'second' }), 201);
    const after = new Map((await versions(c)).map((r) => [r.table_name, BigInt(r.v)]));
    const tenants = before.find((r) => r.table_name === 'tenancy_tenant');
    expect(after.get('tenancy_tenant')).toBeGreaterThan(BigInt(tenants.v));
    const list = await t.get(`${TENANTS}?brief=1`);
    expectStatus(list, 200);
    expect(list.body.count).toBe(2);
  });

  it('waits only a moment for a transaction that holds the table, and requests go on meanwhile', async () => {
    const c = await client();
    const snapshot = await bloat(c);
    // As a write transaction holds it; taken before the dead rows are free, so that the periodic check cannot gather them first.
    const writer = await client();
    await writer.query('BEGIN');
    await writer.query('LOCK TABLE core_writeversion IN ROW EXCLUSIVE MODE');
    await snapshot.query('COMMIT');

    const started = Date.now();
    const [compacted, status] = await Promise.all([compact(), t.get('/api/status/')]);
    expect(compacted).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
    expectStatus(status, 200);
    expect(await pages(c)).toBeGreaterThan(10);

    await writer.query('COMMIT');
    await compact();
    expect(await pages(c)).toBeLessThanOrEqual(2);
  });

  it('is gathered by the service itself within seconds', async () => {
    const c = await client();
    await (await bloat(c)).query('COMMIT');
    const deadline = Date.now() + 30_000;
    while ((await pages(c)) > 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await pages(c)).toBeLessThanOrEqual(2);
  });
});
