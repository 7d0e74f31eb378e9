import { createHmac } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Database } from '../src/core/db/database';
import { TestApp } from './helpers/test-app';
import { expectStatus, Json, TENANTS } from './helpers/seed';
import { CONFIG, HEX40, makeUser, TOKENS } from './helpers/users';

jest.setTimeout(120_000);

const PEPPER_1 = 'an old pepper, kept while tokens hashed with it are in use, 1234567890';
const PEPPER_2 = 'the newest pepper: every v2 token created from now on is hashed with it';
const V4 = '/v4/api';
const V4_TOKENS = `${V4}/users/tokens/`;
const V4_PROVISION = `${V4}/users/tokens/provision/`;
const V4_CONFIG = `${V4}/users/config/`;
const KEY12 = /^[A-Za-z0-9]{12}$/;
const SECRET40 = /^[A-Za-z0-9]{40}$/;

/** What pynetbox 7.8 makes of a provision answer with `version == 2`. */
const v2Token = (answer: Json) => `nbt_${answer.key}.${answer.token}`;

describe('API tokens v2 (NetBox 4.5+)', () => {
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inventory-tokens-v2-'));
  const logFile = path.join(logDir, 'service.log');
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start({ API_TOKEN_PEPPERS: JSON.stringify({ 1: PEPPER_1, 2: PEPPER_2 }), LOG_LEVEL: 'debug', LOG_FILE: logFile });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(logDir, { recursive: true, force: true });
  });

  /** A user's v2 token, provisioned through /v4 with their password as pynetbox's create_token does. */
  async function provisioned(prefix: string): Promise<{ user: Json; answer: Json; token: string }> {
    const { user, password } = await makeUser(t, prefix);
    const res = await t.anon().post(V4_PROVISION).send({ username: user.username, password, description: 'pynetbox' });
    expectStatus(res, 201);
    return { user, answer: res.body, token: v2Token(res.body) };
  }

  it('provisions through /v4 a v2 token: version 2, its 12-character key and its 40-character secret, pepper_id left out', async () => {
    const { user, answer } = await provisioned('provisioned');
    expect(Object.keys(answer)).toEqual([
      'id', 'url', 'display_url', 'display', 'version', 'user', 'key', 'created', 'expires', 'last_used', 'enabled', 'write_enabled', 'description', 'allowed_ips', 'token',
    ]);
    expect(answer).toEqual(
      expect.objectContaining({ version: 2, key: expect.stringMatching(KEY12), token: expect.stringMatching(SECRET40), display: answer.key, enabled: true, write_enabled: true, description: 'pynetbox' }),
    );
    expect(answer.user).toEqual(expect.objectContaining({ id: user.id, username: user.username }));
  });

  it('authenticates nbt_<key>.<token> under Bearer and under Token, on /v4/api/ and on /api/', async () => {
    const { user, token } = await provisioned('bearer');
    for (const url of [V4_CONFIG, CONFIG]) {
      for (const keyword of ['Bearer', 'Token']) expectStatus(await getAs(t, url, `${keyword} ${token}`), 200);
    }
    const created = await t.anon().post(TENANTS).set('Authorization', `Bearer ${token}`).send({ name: 'By v2', slug: 'by-v2' });
    expect(created.status).toBe(403); // no permission to add tenants, but known: not an invalid token
    expect(created.body).toEqual({ detail: 'You do not have permission to perform this action.' });
    const me = await t.get(`${TOKENS}?user_id=${user.id}`);
    expect(me.body.results[0].last_used).not.toBeNull();
  });

  it('refuses a known key with a wrong secret as an unknown one, and logs neither secret nor header', async () => {
    const { answer, token } = await provisioned('wrongsecret');
    const wrong = `nbt_${answer.key}.${'x'.repeat(40)}`;
    for (const keyword of ['Bearer', 'Token']) {
      const v4 = await getAs(t, V4_CONFIG, `${keyword} ${wrong}`);
      expect(v4.status).toBe(403);
      expect(v4.body).toEqual({ detail: 'Invalid v2 token' });
      const v3 = await getAs(t, CONFIG, `${keyword} ${wrong}`);
      expect(v3.status).toBe(403);
      expect(v3.body).toEqual({ detail: 'Invalid token' });
    }
    const unknown = await getAs(t, V4_CONFIG, `Bearer nbt_AAAAAAAAAAAA.${answer.token}`);
    expect(unknown.body).toEqual({ detail: 'Invalid v2 token' });
    const unparsable = await getAs(t, V4_CONFIG, `Bearer nbt_${answer.key}${answer.token}`);
    expect(unparsable.status).toBe(403);
    expect(unparsable.body.detail).toMatch(/^Invalid authorization header: Could not parse key from v2 token/);

    const logged = await logOnceWritten(logFile, unparsable.headers['x-request-id']);
    for (const secret of [answer.token, 'x'.repeat(40), token, wrong]) expect(logged).not.toContain(secret);
  });

  it('keeps v1 keys working under both keywords on /v4, and under Token on /api/ (3.5 knows no Bearer)', async () => {
    const { user } = await makeUser(t, 'v1holder');
    const v1 = await t.post(TOKENS, { user: user.id });
    expectStatus(v1, 201);
    expect(v1.body.key).toMatch(HEX40);
    for (const keyword of ['Token', 'Bearer']) expectStatus(await getAs(t, V4_CONFIG, `${keyword} ${v1.body.key}`), 200);
    expectStatus(await getAs(t, CONFIG, `Token ${v1.body.key}`), 200);
    const bearer = await getAs(t, CONFIG, `Bearer ${v1.body.key}`);
    expect(bearer.status).toBe(403);
    expect(bearer.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    const bad = await getAs(t, V4_CONFIG, `Token ${'0'.repeat(40)}`);
    expect(bad.body).toEqual({ detail: 'Invalid v1 token' });
    // A v2 token's key alone is no v1 token.
    const { answer } = await provisioned('keyalone');
    expect((await getAs(t, V4_CONFIG, `Token ${answer.key}`)).body).toEqual({ detail: 'Invalid v1 token' });
  });

  it('creates a v2 token through POST /v4/api/users/tokens/, shows its secret in that answer only, and never in a list', async () => {
    const { user } = await makeUser(t, 'created');
    const res = await t.post(V4_TOKENS, { user: user.id, description: 'deploy', key: 'ignored: read-only' });
    expectStatus(res, 201);
    expect(res.body).toEqual(expect.objectContaining({ version: 2, key: expect.stringMatching(KEY12), token: expect.stringMatching(SECRET40), pepper_id: 2, enabled: true }));
    expect(Object.keys(res.body)).toEqual([
      'id', 'url', 'display_url', 'display', 'version', 'key', 'user', 'description', 'created', 'expires', 'last_used', 'enabled', 'write_enabled', 'pepper_id', 'allowed_ips', 'token',
    ]);
    expectStatus(await getAs(t, V4_CONFIG, `Bearer ${v2Token(res.body)}`), 200);

    const detail = await t.get(`${V4_TOKENS}${res.body.id}/`);
    expectStatus(detail, 200);
    expect(detail.body).toEqual(expect.objectContaining({ key: res.body.key, token: null, pepper_id: 2 }));
    for (const url of [`${V4_TOKENS}?limit=0`, `${V4_TOKENS}?brief=1&limit=0`, `${TOKENS}?limit=0`, `${V4_TOKENS}?key=${res.body.key}`]) {
      const list = await t.get(url);
      expectStatus(list, 200);
      expect(list.text).not.toContain(res.body.token);
    }
    const byKey = await t.get(`${V4_TOKENS}?key=${res.body.key}`);
    expect(byKey.body.results.map((tk: Json) => tk.id)).toEqual([res.body.id]);
    const expired = await t.post(V4_TOKENS, { user: user.id, expires: '2001-01-01T00:00:00Z' });
    expect(expired.status).toBe(400);
    expect(expired.body.expires).toEqual([expect.stringMatching(/^Expiration time must be in the future\. Current server time is /)]);
  });

  it('creates a v1 token on /v4 when asked for version 1: its plaintext is the token, and it has no key', async () => {
    const { user } = await makeUser(t, 'askedv1');
    const res = await t.post(V4_TOKENS, { user: user.id, version: 1 });
    expectStatus(res, 201);
    expect(res.body).toEqual(expect.objectContaining({ version: 1, key: null, pepper_id: null, token: expect.stringMatching(HEX40) }));
    expectStatus(await getAs(t, CONFIG, `Token ${res.body.token}`), 200);
    expect((await t.get(`${V4_TOKENS}${res.body.id}/`)).body.token).toBeNull();
    const given = 'c0ffee0123456789abcdef0123456789abcdef01';
    const chosen = await t.post(V4_TOKENS, { user: user.id, version: 1, token: given });
    expectStatus(chosen, 201);
    expect(chosen.body.token).toBe(given);
    const again = await t.post(V4_TOKENS, { user: user.id, version: 1, token: given });
    expect(again.status).toBe(400);
    expect(again.body.token).toEqual([expect.any(String)]);
  });

  it("shows a v2 token on /api/ in 3.5's shape: no key it could authenticate with, its id as its display", async () => {
    const { user, answer } = await provisioned('in35');
    const res = await t.get(`${TOKENS}${answer.id}/`);
    expectStatus(res, 200);
    expect(res.body).toEqual(expect.objectContaining({ id: answer.id, display: answer.key, write_enabled: true, description: 'pynetbox' }));
    for (const key of ['key', 'version', 'enabled', 'pepper_id', 'token', 'v2_key', 'hmac_digest']) expect(res.body).not.toHaveProperty(key);
    // 3.5 creates v1 tokens, peppers or not, and shows them as it always has.
    const v1 = await t.post(TOKENS, { user: user.id, version: 2, token: 'not taken by 3.5' });
    expectStatus(v1, 201);
    expect(v1.body.key).toMatch(HEX40);
    expect(v1.body).not.toHaveProperty('version');
    expect((await t.get(`${V4_TOKENS}${v1.body.id}/`)).body).toEqual(expect.objectContaining({ version: 1, key: null }));
  });

  it('refuses a disabled token as NetBox does, and takes it again once enabled', async () => {
    const { answer, token } = await provisioned('disabled');
    expectStatus(await t.patch(`${V4_TOKENS}${answer.id}/`, { enabled: false }), 200);
    for (const url of [V4_CONFIG, CONFIG]) {
      const refused = await getAs(t, url, `Bearer ${token}`);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ detail: 'Token disabled' });
    }
    expectStatus(await t.patch(`${V4_TOKENS}${answer.id}/`, { enabled: true }), 200);
    expectStatus(await getAs(t, V4_CONFIG, `Bearer ${token}`), 200);
  });

  it("does not move a token to another user through /v4 (4.5's user is read-only on update)", async () => {
    const { user, answer } = await provisioned('owner');
    const { user: other } = await makeUser(t, 'other');
    const res = await t.patch(`${V4_TOKENS}${answer.id}/`, { user: other.id, description: 'moved?' });
    expectStatus(res, 200);
    expect(res.body.user.id).toBe(user.id);
    expect(res.body.description).toBe('moved?');
    expect(res.body.key).toBe(answer.key);
  });

  it('stores a v2 token as its key, the HMAC-SHA256 of its secret keyed by the newest pepper, and that pepper id: never the secret', async () => {
    const { answer } = await provisioned('stored');
    const db = t.app.get(Database);
    const [row] = await db.manager.query(`SELECT * FROM users_token WHERE id = ${Number(answer.id)}`);
    expect(row.key).toBe(answer.key);
    expect(Number(row.version)).toBe(2);
    expect(Number(row.pepper_id)).toBe(2);
    expect(row.hmac_digest).toBe(createHmac('sha256', PEPPER_2).update(answer.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(answer.token);
  });
});

describe('API tokens v2 without API_TOKEN_PEPPERS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t?.close());

  it('refuses to create a v2 token through /v4 with 400, and creates a v1 token when asked for one', async () => {
    const { user } = await makeUser(t, 'nopepper');
    const refused = await t.post(V4_TOKENS, { user: user.id });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Unable to save v2 tokens: API_TOKEN_PEPPERS is not defined.');
    const v1 = await t.post(V4_TOKENS, { user: user.id, version: 1 });
    expectStatus(v1, 201);
    expectStatus(await getAs(t, V4_CONFIG, `Bearer ${v1.body.token}`), 200);
  });
});

function getAs(t: TestApp, url: string, authorization: string) {
  return t.anon().get(url).set('Authorization', authorization);
}

/** Everything logged, once the line of the request with this id is there (lines are written after the answer). */
async function logOnceWritten(file: string, requestId: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (text.includes(requestId)) return text;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`request ${requestId} was not logged`);
}
