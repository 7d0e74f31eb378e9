import { Json } from './helpers/seed';
import { freePort } from './helpers/ports';
import { PrivatePostgres } from './helpers/private-postgres';
import { TestApp } from './helpers/test-app';

jest.setTimeout(240_000);

describe('PostgreSQL stopped under load and started again', () => {
  let pg: PrivatePostgres;
  let t: TestApp;

  beforeAll(async () => {
    pg = new PrivatePostgres(await freePort());
    pg.init();
    pg.start();
    t = await TestApp.start({ DATABASE_URL: pg.url, DATABASE_CONNECT_TIMEOUT: '2000' });
  });
  afterAll(async () => {
    await t?.close().catch(() => undefined);
    pg?.remove();
  });

  it('answers 503 quickly while it is away, /readyz fails, and requests succeed after it returns without a restart; nothing is half-written', async () => {
    // Load: a stream of reads and bulk writes until told to stop.
    let loading = true;
    const statuses: number[] = [];
    let n = 0;
    const load = (async () => {
      while (loading) {
        const k = n++;
        const res = await t.post('/api/tenancy/tenants/', [
          { name: `Load ${k}a`, slug: `load-${k}a` },
          { name: `Load ${k}b`, slug: `load-${k}b` },
        ]);
        statuses.push(res.status);
        statuses.push((await t.get('/api/tenancy/tenants/?limit=5')).status);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 1000));

    pg.stop();
    const during: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = Date.now();
      const res = await t.get('/api/tenancy/tenants/');
      during.push(Date.now() - started);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ detail: expect.stringMatching(/^The database is unavailable/) });
    }
    const write = await t.post('/api/tenancy/tenants/', { name: 'During outage', slug: 'during-outage' });
    expect(write.status).toBe(503);
    const ready = await t.anon().get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.checks.database).not.toBe('ok');
    expect((await t.anon().get('/healthz')).status).toBe(200);
    // Quick: no request waits for a connection beyond DATABASE_CONNECT_TIMEOUT.
    expect(Math.max(...during)).toBeLessThan(2500);

    const restarted = Date.now();
    pg.start();
    let recovered = 0;
    for (let attempt = 0; attempt < 100; attempt++) {
      if ((await t.get('/api/tenancy/tenants/?limit=1')).status === 200) {
        recovered = Date.now() - restarted;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    loading = false;
    await load;
    expect(recovered).toBeGreaterThan(0);
    expect((await t.anon().get('/readyz')).status).toBe(200);
    console.log(`503 latency while PostgreSQL was down: ${during.join(', ')} ms; first success ${recovered} ms after it was started again`);

    // Every answer was a status the client can act on: never 500.
    expect(statuses.filter((s) => ![200, 201, 503].includes(s))).toEqual([]);
    // No half-written bulk: each load request's two tenants exist both or neither.
    const tenants = (await t.get('/api/tenancy/tenants/?slug__isw=load-&limit=0')).body.results as Json[];
    const slugs = new Set(tenants.map((x) => x.slug));
    for (let k = 0; k < n; k++) expect(slugs.has(`load-${k}a`)).toBe(slugs.has(`load-${k}b`));
    expect((await t.get('/api/tenancy/tenants/?slug=during-outage')).body.count).toBe(0);
    expect((await t.post('/api/tenancy/tenants/', { name: 'After', slug: 'after' })).status).toBe(201);
  });
});
