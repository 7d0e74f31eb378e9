import { Database } from '../src/core/db/database';
import { databaseUnavailable } from '../src/core/db/unavailable';
import { bulkCreate, expectStatus, Json } from './helpers/seed';
import { TestApp } from './helpers/test-app';

jest.setTimeout(180_000);

const TENANTS = '/api/tenancy/tenants/';

describe('concurrent writes over the same rows', () => {
  let t: TestApp;
  let tenants: Json[];

  beforeAll(async () => {
    t = await TestApp.start();
    tenants = await bulkCreate(
      t,
      TENANTS,
      Array.from({ length: 40 }, (_, i) => ({ name: `Race ${i}`, slug: `race-${i}` })),
    );
  });
  afterAll(() => t?.close());

  it('16 clients sending bulk PATCHes of overlapping sets of 20 tenants, in different orders, all succeed, each write recorded, the last one standing', async () => {
    const CLIENTS = 16;
    const ROUNDS = 6;
    const statuses: number[] = [];
    // Each client's set: 20 of the 40 tenants starting at its own offset, so that every two sets overlap; half go backwards.
    const setOf = (client: number) => {
      const set = Array.from({ length: 20 }, (_, i) => tenants[(client * 3 + i) % tenants.length]);
      return client % 2 ? set.reverse() : set;
    };
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let round = 0; round < ROUNDS; round++) {
          const body = setOf(client).map((x) => ({ id: x.id, description: `client ${client} round ${round}` }));
          const res = await t.patch(TENANTS, body);
          statuses.push(res.status);
        }
      }),
    );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(statuses).toHaveLength(CLIENTS * ROUNDS);
    // Each tenant's change records account for every write (one update per PATCH that named it), and the newest
    // record, in commit order, is the state that stands.
    const final = (await t.get(`${TENANTS}?slug__isw=race-&limit=100`)).body.results as Json[];
    const writes = new Map<number, number>();
    for (let client = 0; client < CLIENTS; client++) for (const x of setOf(client)) writes.set(x.id, (writes.get(x.id) ?? 0) + ROUNDS);
    for (const tenant of final) {
      if (!writes.has(tenant.id)) continue;
      const changes = (await t.get(`/api/extras/object-changes/?changed_object_type=tenancy.tenant&changed_object_id=${tenant.id}&action=update&limit=1`)).body;
      expect(changes.count).toBe(writes.get(tenant.id));
      // The newest record is the write that stands.
      const [latest] = changes.results as Json[];
      expect(tenant.description).toBe((await t.get(`/api/extras/object-changes/${latest.id}/`)).body.postchange_data.description);
      expect(tenant.description).toMatch(/^client \d+ round \d+$/);
    }
  });

  it('bulk deletes racing bulk updates of the same rows answer 204, 200 or 400 (gone), never 5xx, and leave nothing half-done', async () => {
    const doomed = await bulkCreate(
      t,
      TENANTS,
      Array.from({ length: 20 }, (_, i) => ({ name: `Doomed ${i}`, slug: `doomed-${i}` })),
    );
    const results = await Promise.all([
      ...Array.from({ length: 6 }, (_, k) => t.patch(TENANTS, (k % 2 ? [...doomed].reverse() : doomed).map((x) => ({ id: x.id, description: `k${k}` })))),
      t.delete(TENANTS, [...doomed].reverse().map((x) => ({ id: x.id }))),
      t.delete(TENANTS, doomed.map((x) => ({ id: x.id }))),
    ]);
    for (const res of results) expect([200, 204, 400]).toContain(res.status);
    expect(results.filter((r) => r.status === 204)).toHaveLength(1);
    expect((await t.get(`${TENANTS}?slug__isw=doomed-`)).body.count).toBe(0);
  });
});

describe('a database that cannot serve the request', () => {
  it('names the kinds of error that answer 503, and only those', () => {
    expect(databaseUnavailable({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' })).toMatch(/unavailable/);
    expect(databaseUnavailable({ driverError: { code: '57P01', message: 'terminating connection due to administrator command' } })).toMatch(/unavailable/);
    expect(databaseUnavailable({ driverError: { code: '57014' } })).toMatch(/DATABASE_STATEMENT_TIMEOUT/);
    expect(databaseUnavailable({ driverError: { code: '40P01' } })).toMatch(/concurrent/);
    expect(databaseUnavailable(new Error('timeout exceeded when trying to connect'))).toMatch(/unavailable/);
    expect(databaseUnavailable({ driverError: { code: 'SQLITE_READONLY' } })).toMatch(/read-only/);
    expect(databaseUnavailable({ driverError: { code: 'SQLITE_FULL' } })).toMatch(/disk full/);
    expect(databaseUnavailable({ driverError: { code: '23505' } })).toBeNull();
    expect(databaseUnavailable(new TypeError('x is undefined'))).toBeNull();
  });

  it('on the embedded database, a read-only file: writes answer 503 and write nothing, reads go on', async () => {
    const t = await TestApp.start();
    try {
      const db = t.app.get(Database);
      if (db.driver !== 'sqlite') return;
      expectStatus(await t.post(TENANTS, { name: 'Before', slug: 'before' }), 201);
      // As a file the process may no longer write (a full disk or a read-only mount) makes SQLite refuse.
      await db.dataSource.query('PRAGMA query_only = ON');
      const refused = await t.post(TENANTS, { name: 'During', slug: 'during' });
      expectStatus(refused, 503);
      expect(refused.body).toEqual({ detail: 'The database cannot be written (disk full or read-only); reads still work.' });
      expect(refused.headers['retry-after']).toBe('1');
      const read = await t.get(`${TENANTS}?slug=before`);
      expectStatus(read, 200);
      await db.dataSource.query('PRAGMA query_only = OFF');
      expect((await t.get(`${TENANTS}?slug=during`)).body.count).toBe(0);
      expect((await t.get('/api/extras/object-changes/?changed_object_type=tenancy.tenant&limit=100')).body.results.map((c: Json) => c.display)).not.toContain(
        'Tenancy | tenant During created by admin',
      );
    } finally {
      await t.close();
    }
  });
});
