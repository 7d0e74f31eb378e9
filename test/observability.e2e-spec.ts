import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import request from 'supertest';
import { metricsAddress } from '../src/app.factory';
import { loadConfig } from '../src/core/config/config';
import { createOne, expectStatus, Json } from './helpers/seed';
import { freePort } from './helpers/ports';
import { SUPERUSER_TOKEN, TestApp } from './helpers/test-app';

const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inventory-logs-'));
afterAll(() => fs.rmSync(logDir, { recursive: true, force: true }));

/** The JSON lines an app has written to its log file so far. */
function logLines(file: string): Json[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** The log line of a request: written once its response is finished, which may be a moment after the client has it. */
async function lineOf(file: string, requestId: string): Promise<Json | undefined> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const line = logLines(file).find((l) => l.request_id === requestId);
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}

describe('request logs', () => {
  const file = path.join(logDir, 'requests.log');
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start({ LOG_LEVEL: 'log', LOG_FILE: file, TRUSTED_PROXIES: 'loopback' });
  });
  afterAll(() => t?.close());

  it('writes one JSON line per request: method, path and query, status, duration, bytes, user, token id, client and request id', async () => {
    const res = await t.get('/api/tenancy/tenants/?limit=3').set('X-Forwarded-For', '203.0.113.9');
    expectStatus(res, 200);
    const line = await lineOf(file, res.headers['x-request-id']);
    expect(line).toEqual({
      level: 30,
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      method: 'GET',
      path: '/api/tenancy/tenants/?limit=3',
      status: 200,
      duration_ms: expect.any(Number),
      bytes: Buffer.byteLength(res.text),
      user: 'admin',
      token_id: expect.any(Number),
      client: '203.0.113.9',
      request_id: res.headers['x-request-id'],
      msg: 'request',
    });
    // Start-up went through the same logger: the migrations it applied are there.
    expect(logLines(file).some((l) => l.context === 'migrations' && /executed successfully/.test(l.msg))).toBe(true);
    const anonymous = await t.anon().get('/api/tenancy/tenants/');
    const refused = await lineOf(file, anonymous.headers['x-request-id']);
    expect(refused).toMatchObject({ status: 403, user: null, token_id: null, client: '127.0.0.1' });
  });

  it('never writes a token key, a password or an Authorization header, whatever the requests carry', async () => {
    const password = 'Tr0ub4dor&3-secret';
    await createOne(t, '/api/users/users/', { username: 'logged', password });
    const provisioned = await t.anon().post('/api/users/tokens/provision/').set('Content-Type', 'application/json').send({ username: 'logged', password });
    expectStatus(provisioned, 201);
    await t.anon().post('/api/users/tokens/provision/').set('Content-Type', 'application/json').send({ username: 'logged', password: `${password}-wrong` });
    const key = provisioned.body.key as string;
    expectStatus(await t.get('/api/users/config/', key), 200);
    await t.get('/api/tenancy/tenants/', 'f'.repeat(40));
    const last = await t.post('/api/tenancy/tenants/', { name: password, slug: 'not-a-secret' });
    expect(await lineOf(file, last.headers['x-request-id'])).toBeDefined();
    const text = fs.readFileSync(file, 'utf8');
    for (const secret of [password, key, SUPERUSER_TOKEN, 'f'.repeat(40), 'Token ', 'admin-password']) expect(text).not.toContain(secret);
    // The provisioned token's own requests are logged by its id.
    expect(logLines(file).some((l) => l.path === '/api/users/config/' && l.user === 'logged' && l.token_id === provisioned.body.id)).toBe(true);
  });
});

describe('metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start({ METRICS_ENABLED: 'true' });
  });
  afterAll(() => t?.close());

  it("count each request under its route's template, never its raw path", async () => {
    const tenant = await createOne(t, '/api/tenancy/tenants/', { name: 'Metered', slug: 'metered' });
    expectStatus(await t.get(`/api/tenancy/tenants/${tenant.id}/`), 200);
    expectStatus(await t.get(`/api/tenancy/tenants/${tenant.id}/`), 200);
    expectStatus(await t.get('/api/tenancy/tenants/999999/'), 404);
    const res = await t.anon().get('/metrics');
    expectStatus(res, 200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toContain('http_requests_total{method="GET",route="/api/tenancy/tenants/{id}/",status="200"} 2');
    expect(res.text).toContain('http_requests_total{method="GET",route="/api/tenancy/tenants/{id}/",status="404"} 1');
    expect(res.text).toContain('http_requests_total{method="POST",route="/api/tenancy/tenants/",status="201"} 1');
    expect(res.text).not.toContain(`/api/tenancy/tenants/${tenant.id}/`);
    expect(res.text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/tenancy\/tenants\/\{id\}\/",status="200"\}/);
    expect(res.text).toMatch(/db_statement_duration_seconds_count\{success="true"\} [1-9]\d*/);
    for (const name of ['db_pool_connections_in_use', 'db_pool_waiting_requests', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_gc_duration_seconds']) {
      expect(res.text).toContain(`# TYPE ${name}`);
    }
  });

  it("count each read cache's hits and misses: a list read twice, unwritten between, is answered from the caches the second time", async () => {
    await createOne(t, '/api/tenancy/tenants/', { name: 'Cached 1', slug: 'cached-1' });
    await createOne(t, '/api/tenancy/tenants/', { name: 'Cached 2', slug: 'cached-2' });
    // A full page: a short one proves its count without a lookup.
    const page = '/api/tenancy/tenants/?q=cached&limit=1';
    const lookups = async () => {
      const text = (await t.anon().get('/metrics')).text;
      const tally = (kind: string, cache: string) => Number((new RegExp(`^read_cache_${kind}_total\\{cache="${cache}"\\} (\\d+)$`, 'm').exec(text) ?? [])[1] ?? 0);
      return { countHits: tally('hits', 'counts'), countMisses: tally('misses', 'counts'), jsonHits: tally('hits', 'representations'), jsonMisses: tally('misses', 'representations') };
    };
    const before = await lookups();
    expectStatus(await t.get(page), 200);
    const first = await lookups();
    expect(first.countMisses).toBe(before.countMisses + 1);
    expect(first.jsonMisses).toBeGreaterThan(before.jsonMisses);
    expectStatus(await t.get(page), 200);
    const second = await lookups();
    expect(second.countHits).toBe(first.countHits + 1);
    expect(second.countMisses).toBe(first.countMisses);
    expect(second.jsonHits).toBeGreaterThan(first.jsonHits);
    expect(second.jsonMisses).toBe(first.jsonMisses);
  });

  it('are off by default', async () => {
    const plain = await TestApp.start();
    try {
      expect((await plain.anon().get('/metrics')).status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('are served on METRICS_PORT alone when it is set', async () => {
    const separate = await TestApp.start({ METRICS_ENABLED: 'true', METRICS_PORT: '0', HOST: '127.0.0.1' });
    try {
      expect((await separate.anon().get('/metrics')).status).toBe(404);
      const address = metricsAddress(separate.app)!;
      const res = await request(`http://127.0.0.1:${address.port}`).get('/metrics');
      expectStatus(res, 200);
      expect(res.text).toContain('# TYPE http_requests_total counter');
    } finally {
      await separate.close();
    }
  });
});

describe('health probes', () => {
  it('answer without a token, even with LOGIN_REQUIRED: /healthz while the process runs, /readyz while the database is ready', async () => {
    const t = await TestApp.start({ LOGIN_REQUIRED: 'true' });
    try {
      expect((await t.anon().get('/healthz')).body).toEqual({ status: 'ok' });
      const ready = await t.anon().get('/readyz');
      expectStatus(ready, 200);
      expect(ready.body).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok' } });
    } finally {
      await t.close();
    }
  });

  it('/readyz stays 200 but reports Redis as degraded when REDIS_URL is set and Redis does not answer: the API keeps serving', async () => {
    const t = await TestApp.start({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    try {
      const res = await t.anon().get('/readyz');
      expectStatus(res, 200);
      expect(res.body).toEqual({ status: 'degraded', checks: { database: 'ok', migrations: 'ok', redis: expect.any(String) } });
      expectStatus(await t.get('/api/dcim/sites/'), 200);
      // A write whose webhook cannot be queued still succeeds, and the app still shuts down.
      expectStatus(await t.post('/api/extras/webhooks/', { name: 'away', content_types: ['dcim.site'], type_create: true, payload_url: 'http://127.0.0.1:9/' }), 201);
      expectStatus(await t.post('/api/dcim/sites/', { name: 'Redis away', slug: 'redis-away' }), 201);
      expectStatus(await t.anon().get('/healthz'), 200);
    } finally {
      await t.close();
    }
  });

  it('/readyz answers 503 naming the database once it cannot be read', async () => {
    const t = await TestApp.start();
    try {
      const { Database } = await import('../src/core/db/database');
      await t.app.get(Database).dataSource.destroy();
      const res = await t.anon().get('/readyz');
      expectStatus(res, 503);
      expect(res.body.checks.database).not.toBe('ok');
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});

describe('logging settings', () => {
  it('refuses an unknown LOG_FORMAT and a bad METRICS_PORT, naming them', () => {
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT must be json or pretty, got "xml"');
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
    expect(loadConfig({}).logFormat).toBe('json');
  });
});
