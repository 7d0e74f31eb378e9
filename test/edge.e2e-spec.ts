import { ConfigError, loadConfig } from '../src/core/config/config';
import { createOne, expectStatus, Json } from './helpers/seed';
import { TestApp } from './helpers/test-app';

const PROVISION = '/api/users/tokens/provision/';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('behind a proxy: TRUSTED_PROXIES', () => {
  let trusting: TestApp;
  let plain: TestApp;
  let token: Json;

  beforeAll(async () => {
    [trusting, plain] = await Promise.all([TestApp.start({ TRUSTED_PROXIES: 'loopback' }), TestApp.start()]);
    for (const t of [trusting, plain]) await createOne(t, '/api/tenancy/tenants/', { name: 'Edge', slug: 'edge' });
    token = await createOne(trusting, '/api/users/tokens/', { user: 1, allowed_ips: ['203.0.113.0/24'] });
  });
  afterAll(async () => {
    await trusting?.close();
    await plain?.close();
  });

  const forwarded = (t: TestApp, path: string, key: string) =>
    t.get(path, key).set('X-Forwarded-Proto', 'https').set('X-Forwarded-Host', 'inventory.example.com').set('X-Forwarded-For', '203.0.113.7');

  it("builds response URLs from a trusted proxy's X-Forwarded-Proto and X-Forwarded-Host, and ignores them otherwise", async () => {
    const behind = await forwarded(trusting, '/api/tenancy/tenants/', trusting.token);
    expectStatus(behind, 200);
    expect(behind.body.results[0].url).toMatch(/^https:\/\/inventory\.example\.com\/api\/tenancy\/tenants\/\d+\/$/);
    const direct = await forwarded(plain, '/api/tenancy/tenants/', plain.token);
    expect(direct.body.results[0].url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/tenancy\/tenants\/\d+\/$/);
  });

  it("checks a token's allowed addresses against the forwarded client address only when the proxy is trusted", async () => {
    expectStatus(await forwarded(trusting, '/api/tenancy/tenants/', token.key), 200);
    // Without a trusted proxy, a forwarded address is anyone's claim.
    const restricted = await createOne(plain, '/api/users/tokens/', { user: 1, allowed_ips: ['203.0.113.0/24'] });
    const spoofed = await plain.get('/api/tenancy/tenants/', restricted.key).set('X-Forwarded-For', '203.0.113.7');
    expectStatus(spoofed, 403);
    // The socket's own address is not in the token's networks.
    const refused = await trusting.get('/api/tenancy/tenants/', token.key);
    expectStatus(refused, 403);
    expect(refused.body).toEqual({ detail: 'Source IP 127.0.0.1 is not permitted to authenticate using this token.' });
  });

  it('refuses a TRUSTED_PROXIES value that is neither a flag, a count nor addresses, naming it', () => {
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8,proxy.example.com' })).toThrow(ConfigError);
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, loopback' }).trustedProxies).toEqual(['10.0.0.0/8', 'loopback']);
    expect(loadConfig({ TRUSTED_PROXIES: '2' }).trustedProxies).toBe(2);
    expect(loadConfig({}).trustedProxies).toBe(false);
  });
});

describe('failed sign-ins: LOGIN_RATE_LIMIT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start({ LOGIN_RATE_LIMIT: '3/1', TRUSTED_PROXIES: 'loopback' });
    await createOne(t, '/api/users/users/', { username: 'carol', password: 'carol-Secret!9' });
    await createOne(t, '/api/users/users/', { username: 'dave', password: 'dave-Secret!9' });
  });
  afterAll(() => t?.close());

  const provision = (username: string, password: string, from = '198.51.100.1') =>
    t.anon().post(PROVISION).set('X-Forwarded-For', from).set('Content-Type', 'application/json').send({ username, password });

  it('does not slow successful requests', async () => {
    for (let i = 0; i < 6; i++) expectStatus(await provision('carol', 'carol-Secret!9'), 201);
  });

  it('answers 429 with Retry-After once a username has failed its attempts, from any address, and resets after the window', async () => {
    for (const from of ['198.51.100.10', '198.51.100.11', '198.51.100.12']) {
      const res = await provision('dave', 'wrong', from);
      expectStatus(res, 403);
      expect(res.body).toEqual({ detail: 'Invalid username/password' });
    }
    const throttled = await provision('dave', 'dave-Secret!9', '198.51.100.13');
    expectStatus(throttled, 429);
    expect(throttled.body).toEqual({ detail: expect.stringMatching(/^Request was throttled\. Expected available in \d+ seconds\.$/) });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another name from another address is not held up.
    expectStatus(await provision('carol', 'carol-Secret!9', '198.51.100.14'), 201);
    await sleep(1100);
    expectStatus(await provision('dave', 'dave-Secret!9', '198.51.100.13'), 201);
  });

  it('limits one address trying many names', async () => {
    await sleep(1100);
    for (const name of ['x1', 'x2', 'x3']) expectStatus(await provision(name, 'guess', '192.0.2.50'), 403);
    expectStatus(await provision('carol', 'carol-Secret!9', '192.0.2.50'), 429);
    expectStatus(await provision('carol', 'carol-Secret!9', '192.0.2.51'), 201);
  });

  it('refuses a malformed LOGIN_RATE_LIMIT, and takes 0 as no limit', () => {
    expect(() => loadConfig({ LOGIN_RATE_LIMIT: 'ten' })).toThrow('LOGIN_RATE_LIMIT must be a number of attempts, optionally /seconds (10/60), got "ten"');
    expect(loadConfig({ LOGIN_RATE_LIMIT: '0' }).loginRateLimit).toEqual({ attempts: 0, seconds: 60 });
    expect(loadConfig({}).loginRateLimit).toEqual({ attempts: 10, seconds: 60 });
  });
});

describe('request limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start({ MAX_REQUEST_SIZE: '2kb' });
  });
  afterAll(() => t?.close());

  it('answers 413 to a body over MAX_REQUEST_SIZE and writes nothing', async () => {
    const res = await t.post('/api/tenancy/tenants/', { name: 'Big', slug: 'big', description: 'x'.repeat(150), comments: 'y'.repeat(4000) });
    expectStatus(res, 413);
    expect(res.body).toEqual({ detail: 'Request body too large: the limit is 2048 bytes.' });
    expect((await t.get('/api/tenancy/tenants/?slug=big')).body.count).toBe(0);
  });

  it('answers 400 to JSON nested deeper than any NetBox body', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 70; i++) deep = [deep];
    const res = await t.post('/api/tenancy/tenants/', { name: 'Deep', slug: 'deep', custom_fields: { x: deep } });
    expectStatus(res, 400);
    expect(res.body).toEqual({ detail: 'JSON parse error - nested deeper than 64 levels' });
    // Nesting within the limit is read as usual.
    expectStatus(await t.post('/api/tenancy/tenants/', { name: 'Shallow', slug: 'shallow', comments: JSON.stringify([[[1]]]) }), 201);
  });

  it('answers 400 to a related id beyond what an id column holds, for a foreign key and a many-to-many set, writing nothing', async () => {
    const tenant = await t.post('/api/tenancy/tenants/', { name: 'Far', slug: 'far', group: 99999999999 });
    expectStatus(tenant, 400);
    expect(tenant.body).toEqual({ group: ['Related object not found using the provided numeric ID: 99999999999'] });
    const site = await t.post('/api/dcim/sites/', { name: 'Far', slug: 'far', asns: [99999999999] });
    expectStatus(site, 400);
    expect(site.body).toEqual({ asns: ['Related object not found using the provided numeric ID: 99999999999'] });
    expect((await t.get('/api/tenancy/tenants/?slug=far')).body.count).toBe(0);
  });

  it('refuses a malformed MAX_REQUEST_SIZE and reads units', () => {
    expect(() => loadConfig({ MAX_REQUEST_SIZE: 'lots' })).toThrow(ConfigError);
    expect(loadConfig({ MAX_REQUEST_SIZE: '10mb' }).maxRequestSize).toBe(10 * 1024 * 1024);
    expect(loadConfig({ MAX_REQUEST_SIZE: '4096' }).maxRequestSize).toBe(4096);
  });
});
