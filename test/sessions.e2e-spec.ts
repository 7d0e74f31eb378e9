import type { Response } from 'supertest';
import { Database } from '../src/core/db/database';
import { Session } from '../src/users/web/session.model';
import { makeTenant, unique } from './helpers/fixtures';
import { createOne, expectStatus, Json, TENANTS } from './helpers/seed';
import { TestApp } from './helpers/test-app';

jest.setTimeout(120_000);

const TOKEN_PAGE = '/user/api-tokens/';
const BAD_CREDENTIALS = 'Please enter a correct username and password. Note that both fields may be case-sensitive.';
const CSRF_FAILED = { detail: 'CSRF verification failed. Request aborted.' };
const NOT_PROVIDED = { detail: 'Authentication credentials were not provided.' };
const FORM = 'application/x-www-form-urlencoded';

/** A browser's cookie jar, reduced to what these pages set. */
interface Browser {
  cookies: Record<string, string>;
}

function cookieHeader(browser: Browser): string {
  return Object.entries(browser.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
}

function setCookies(res: Response): string[] {
  const raw = res.headers['set-cookie'] as unknown;
  return Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
}

/** Applies a response's Set-Cookie headers, in order, as a browser does. */
function keep(browser: Browser, res: Response): Response {
  for (const line of setCookies(res)) {
    const [pair, ...attrs] = line.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const expired = attrs.some((a) => /^expires=thu, 01 jan 1970/i.test(a) || /^max-age=0$/i.test(a));
    if (expired) delete browser.cookies[name];
    else browser.cookies[name] = pair.slice(eq + 1);
  }
  return res;
}

/** The value of a form's hidden CSRF field on a page. */
function csrfOn(html: string): string {
  const m = /name="csrfmiddlewaretoken" value="([0-9a-f]{64})"/.exec(html);
  if (!m) throw new Error(`no CSRF field on the page: ${html}`);
  return m[1];
}

async function get(t: TestApp, browser: Browser, path: string): Promise<Response> {
  return keep(browser, await t.anon().get(path).set('Accept', 'text/html').set('Cookie', cookieHeader(browser)));
}

async function postForm(t: TestApp, browser: Browser, path: string, fields: Record<string, string>): Promise<Response> {
  const body = new URLSearchParams(fields).toString();
  return keep(browser, await t.anon().post(path).set('Cookie', cookieHeader(browser)).set('Content-Type', FORM).send(body));
}

/** Opens the login page and submits it, as a person would. */
async function logIn(t: TestApp, username: string, password: string, next?: string): Promise<{ browser: Browser; res: Response }> {
  const browser: Browser = { cookies: {} };
  const page = await get(t, browser, next ? `/login/?next=${encodeURIComponent(next)}` : '/login/');
  expectStatus(page, 200);
  const fields: Record<string, string> = { csrfmiddlewaretoken: csrfOn(page.text), username, password };
  if (next) fields.next = next;
  const res = await postForm(t, browser, '/login/', fields);
  return { browser, res };
}

async function signedIn(t: TestApp, username: string, password: string): Promise<Browser> {
  const { browser, res } = await logIn(t, username, password);
  expectStatus(res, 302);
  return browser;
}

/** A user without any permission, with the password `<username>-Secret!9`. */
async function makeUser(t: TestApp, prefix: string): Promise<{ user: Json; password: string }> {
  const username = unique(prefix).toLowerCase();
  const password = `${username}-Secret!9`;
  const user = await createOne(t, '/api/users/users/', { username, password });
  return { user, password };
}

/** The rows of the token table: description and the partial key as shown. */
function tokenRows(html: string): { id: number; description: string; key: string }[] {
  return [...html.matchAll(/<tr data-token-id="(\d+)"><td>([^<]*)<\/td>[\s\S]*?<code>([^<]*)<\/code>/g)].map((m) => ({
    id: Number(m[1]),
    description: m[2],
    key: m[3],
  }));
}

async function tokensOf(t: TestApp, userId: number): Promise<Json[]> {
  const res = await t.get(`/api/users/tokens/?user_id=${userId}&limit=0`);
  expectStatus(res, 200);
  return res.body.results;
}

describe('browser sessions', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t?.close());

  describe('the login page', () => {
    it('shows a form with username, password, next and a CSRF token, and sets the CSRF cookie', async () => {
      const browser: Browser = { cookies: {} };
      const res = await get(t, browser, '/login/?next=/api/tenancy/');
      expectStatus(res, 200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('name="username"');
      expect(res.text).toContain('name="password"');
      expect(res.text).toContain('<input type="hidden" name="next" value="/api/tenancy/">');
      expect(browser.cookies.csrftoken).toBe(csrfOn(res.text));
    });

    it('signs in with the right password: a session cookie (HttpOnly, SameSite=Lax, Path=/, 14 days) and a redirect to /api/', async () => {
      const { browser, res } = await logIn(t, 'admin', 'admin-password');
      expectStatus(res, 302);
      expect(res.headers.location).toBe('/api/');
      expect(res.text).toBe('');
      const cookie = setCookies(res).find((c) => c.startsWith('sessionid='))!;
      expect(cookie).toMatch(/^sessionid=[0-9a-f]{64};/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).toMatch(/; Max-Age=1209600/);
      expect(browser.cookies.sessionid).toMatch(/^[0-9a-f]{64}$/);
    });

    it('goes to `next` after signing in, but never to another site', async () => {
      const inside = await logIn(t, 'admin', 'admin-password', '/api/tenancy/tenants/?limit=5');
      expectStatus(inside.res, 302);
      expect(inside.res.headers.location).toBe('/api/tenancy/tenants/?limit=5');
      for (const next of ['//evil.example/', 'https://evil.example/', '/\\evil.example']) {
        const outside = await logIn(t, 'admin', 'admin-password', next);
        expectStatus(outside.res, 302);
        expect(outside.res.headers.location).toBe('/api/');
      }
    });

    it('answers a wrong password with the form and an error, and sets no session cookie', async () => {
      const { browser, res } = await logIn(t, 'admin', 'wrong-password');
      expectStatus(res, 200);
      expect(res.text).toContain(BAD_CREDENTIALS);
      expect(res.text).toContain('value="admin"');
      expect(setCookies(res).some((c) => c.startsWith('sessionid='))).toBe(false);
      expect(browser.cookies.sessionid).toBeUndefined();
    });

    it('refuses an unknown user and a deactivated one as it refuses a wrong password', async () => {
      const { user, password } = await makeUser(t, 'gone');
      expectStatus(await t.patch(`/api/users/users/${user.id}/`, { is_active: false }), 200);
      for (const [username, pass] of [['nobody-here', 'whatever'], [user.username, password]]) {
        const { res } = await logIn(t, username, pass);
        expect({ username, status: res.status, error: res.text.includes(BAD_CREDENTIALS) }).toEqual({ username, status: 200, error: true });
        expect(setCookies(res).some((c) => c.startsWith('sessionid='))).toBe(false);
      }
    });

    it('refuses a login form without the CSRF token of its cookie with 403 and signs no one in', async () => {
      const browser: Browser = { cookies: {} };
      expectStatus(await get(t, browser, '/login/'), 200);
      const missing = await postForm(t, browser, '/login/', { username: 'admin', password: 'admin-password' });
      expect(missing.status).toBe(403);
      const forged = await postForm(t, { cookies: {} }, '/login/', { csrfmiddlewaretoken: 'a'.repeat(64), username: 'admin', password: 'admin-password' });
      expect(forged.status).toBe(403);
      expect(forged.body).toEqual(CSRF_FAILED);
      for (const res of [missing, forged]) expect(setCookies(res).some((c) => c.startsWith('sessionid='))).toBe(false);
    });

    it('stores only a digest of the session secret', async () => {
      const browser = await signedIn(t, 'admin', 'admin-password');
      const db = t.app.get(Database);
      const keys = (await db.manager.query(`SELECT "key" FROM ${Session.table}`)).map((r: { key: string }) => r.key);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys).not.toContain(browser.cookies.sessionid);
    });
  });

  describe('the API with a session cookie', () => {
    it('reads with only the session cookie, as the token would', async () => {
      const tenant = await makeTenant(t, 'Session Reader');
      const browser = await signedIn(t, 'admin', 'admin-password');
      const res = await t.anon().get(`${TENANTS}?name=${encodeURIComponent(tenant.name)}`).set('Cookie', cookieHeader(browser));
      expectStatus(res, 200);
      expect(res.body.results.map((r: Json) => r.id)).toEqual([tenant.id]);
      const anonymous = await t.anon().get(TENANTS);
      expect(anonymous.status).toBe(403);
      expect(anonymous.body).toEqual(NOT_PROVIDED);
    });

    it('renders the browsable page for a browser signed in', async () => {
      const browser = await signedIn(t, 'admin', 'admin-password');
      const res = await t.anon().get('/api/tenancy/tenants/').set('Cookie', cookieHeader(browser)).set('Accept', 'text/html,application/xhtml+xml');
      expectStatus(res, 200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('&quot;count&quot;');
    });

    it('holds a session user to the same permissions as their token', async () => {
      const { password, user } = await makeUser(t, 'viewer');
      const browser = await signedIn(t, user.username, password);
      const denied = await t.anon().get(TENANTS).set('Cookie', cookieHeader(browser));
      expect(denied.status).toBe(403);
      expect(denied.body).toEqual({ detail: 'You do not have permission to perform this action.' });
      await createOne(t, '/api/users/permissions/', { name: unique('View tenants'), object_types: ['tenancy.tenant'], actions: ['view'], users: [user.id] });
      const allowed = await t.anon().get(TENANTS).set('Cookie', cookieHeader(browser));
      expectStatus(allowed, 200);
      const write = await t.anon().post(TENANTS).set('Cookie', cookieHeader(browser)).set('X-CSRFToken', browser.cookies.csrftoken).send({ name: 'Nope', slug: 'nope' });
      expect(write.status).toBe(403);
      expect(write.body).toEqual({ detail: 'You do not have permission to perform this action.' });
    });

    it('refuses an unsafe request without X-CSRFToken (or with a wrong one) and writes nothing; with it the write succeeds', async () => {
      const browser = await signedIn(t, 'admin', 'admin-password');
      const name = unique('Csrf Tenant');
      const body = { name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-') };
      const without = await t.anon().post(TENANTS).set('Cookie', cookieHeader(browser)).send(body);
      expect(without.status).toBe(403);
      expect(without.body).toEqual(NOT_PROVIDED);
      const wrong = await t.anon().post(TENANTS).set('Cookie', cookieHeader(browser)).set('X-CSRFToken', 'f'.repeat(64)).send(body);
      expect(wrong.status).toBe(403);
      expect((await t.get(`${TENANTS}?name=${encodeURIComponent(name)}`)).body.count).toBe(0);

      const created = await t.anon().post(TENANTS).set('Cookie', cookieHeader(browser)).set('X-CSRFToken', browser.cookies.csrftoken).send(body);
      expectStatus(created, 201);
      const patched = await t.anon()
        .patch(`${TENANTS}${created.body.id}/`)
        .set('Cookie', cookieHeader(browser))
        .send({ description: 'by form field', csrfmiddlewaretoken: browser.cookies.csrftoken });
      expectStatus(patched, 200);
      expect(patched.body.description).toBe('by form field');
      const deleted = await t.anon().delete(`${TENANTS}${created.body.id}/`).set('Cookie', cookieHeader(browser)).set('X-CSRFToken', browser.cookies.csrftoken);
      expectStatus(deleted, 204);
    });

    it('rotates the CSRF token at sign-in: the one from before no longer passes', async () => {
      const browser: Browser = { cookies: {} };
      const page = await get(t, browser, '/login/');
      const before = csrfOn(page.text);
      expectStatus(await postForm(t, browser, '/login/', { csrfmiddlewaretoken: before, username: 'admin', password: 'admin-password' }), 302);
      expect(browser.cookies.csrftoken).not.toBe(before);
      const res = await t.anon().post(TENANTS).set('Cookie', cookieHeader(browser)).set('X-CSRFToken', before).send({ name: 'Stale', slug: 'stale' });
      expect(res.status).toBe(403);
    });

    it('ignores an expired session', async () => {
      const browser = await signedIn(t, 'admin', 'admin-password');
      expectStatus(await t.anon().get(TENANTS).set('Cookie', cookieHeader(browser)), 200);
      const db = t.app.get(Database);
      const past = Session.fields.expires.toParam(new Date(Date.now() - 1000), db.driver);
      await db.manager.createQueryBuilder().update(Session.table).set({ expires: past }).execute();
      const res = await t.anon().get(TENANTS).set('Cookie', cookieHeader(browser));
      expect(res.status).toBe(403);
      expect(res.body).toEqual(NOT_PROVIDED);
    });

    it('ignores the session of a user deactivated since signing in', async () => {
      const { user, password } = await makeUser(t, 'leaver');
      await createOne(t, '/api/users/permissions/', { name: unique('View tenants'), object_types: ['tenancy.tenant'], actions: ['view'], users: [user.id] });
      const browser = await signedIn(t, user.username, password);
      expectStatus(await t.anon().get(TENANTS).set('Cookie', cookieHeader(browser)), 200);
      expectStatus(await t.patch(`/api/users/users/${user.id}/`, { is_active: false }), 200);
      const res = await t.anon().get(TENANTS).set('Cookie', cookieHeader(browser));
      expect(res.status).toBe(403);
      expect(res.body).toEqual(NOT_PROVIDED);
    });
  });

  describe('logging out', () => {
    it('by the link: the session cookie no longer authenticates, and the browser goes to /login/', async () => {
      const browser = await signedIn(t, 'admin', 'admin-password');
      const stolen = browser.cookies.sessionid;
      const res = await get(t, browser, '/logout/');
      expectStatus(res, 302);
      expect(res.headers.location).toBe('/login/');
      expect(browser.cookies.sessionid).toBeUndefined();
      const replay = await t.anon().get(TENANTS).set('Cookie', `sessionid=${stolen}`);
      expect(replay.status).toBe(403);
    });

    it('by the button: needs the CSRF token, then ends the session', async () => {
      const browser = await signedIn(t, 'admin', 'admin-password');
      const stolen = browser.cookies.sessionid;
      const refused = await postForm(t, browser, '/logout/', {});
      expect(refused.status).toBe(403);
      expectStatus(await t.anon().get(TENANTS).set('Cookie', cookieHeader(browser)), 200);
      const res = await postForm(t, browser, '/logout/', { csrfmiddlewaretoken: browser.cookies.csrftoken });
      expectStatus(res, 302);
      expect(res.headers.location).toBe('/login/');
      expect(browser.cookies.sessionid).toBeUndefined();
      expect((await t.anon().get(TENANTS).set('Cookie', `sessionid=${stolen}`)).status).toBe(403);
    });
  });

  describe('the token page', () => {
    it('sends a browser without a session to the login page, and back after signing in', async () => {
      const res = await t.anon().get(TOKEN_PAGE);
      expectStatus(res, 302);
      expect(res.headers.location).toBe('/login/?next=%2Fuser%2Fapi-tokens%2F');
      const { res: login } = await logIn(t, 'admin', 'admin-password', '/user/api-tokens/');
      expect(login.headers.location).toBe(TOKEN_PAGE);
    });

    it("lists only the signed-in user's own tokens, with partial keys", async () => {
      const alice = await makeUser(t, 'alice');
      const bob = await makeUser(t, 'bob');
      const mine = await createOne(t, '/api/users/tokens/', { user: alice.user.id, description: 'alice laptop', write_enabled: false });
      const theirs = await createOne(t, '/api/users/tokens/', { user: bob.user.id, description: 'bob laptop' });
      const browser = await signedIn(t, alice.user.username, alice.password);
      const res = await get(t, browser, TOKEN_PAGE);
      expectStatus(res, 200);
      expect(res.headers['cache-control']).toBe('no-store');
      // The partial key is the token's display, as the API shows it.
      expect(mine.display).toMatch(new RegExp(`^\\*+${mine.key.slice(-6)}$`));
      expect(tokenRows(res.text)).toEqual([{ id: mine.id, description: 'alice laptop', key: mine.display }]);
      expect(res.text).not.toContain(mine.key);
      expect(res.text).not.toContain(theirs.key.slice(-6));
      expect(res.text).toContain(alice.user.username);
    });

    it('escapes what users wrote', async () => {
      const { user, password } = await makeUser(t, 'mallory');
      await createOne(t, '/api/users/tokens/', { user: user.id, description: '<script>alert(1)</script>' });
      const browser = await signedIn(t, user.username, password);
      const res = await get(t, browser, TOKEN_PAGE);
      expect(res.text).not.toContain('<script>alert(1)</script>');
      expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    });

    it('creates a token for the signed-in user and shows its key once', async () => {
      const { user, password } = await makeUser(t, 'carol');
      const browser = await signedIn(t, user.username, password);
      const page = await get(t, browser, TOKEN_PAGE);
      const res = await postForm(t, browser, TOKEN_PAGE, { csrfmiddlewaretoken: csrfOn(page.text), description: 'ci runner' });
      expectStatus(res, 200);
      const key = /id="new-token-key">([0-9a-f]{40})</.exec(res.text)?.[1];
      expect(key).toBeDefined();
      const [token] = await tokensOf(t, user.id);
      expect(token).toMatchObject({ description: 'ci runner', write_enabled: false, key });
      expect(tokenRows(res.text).map((r) => r.description)).toEqual(['ci runner']);

      const again = await get(t, browser, TOKEN_PAGE);
      expect(again.text).not.toContain(key);
      const withKey = await t.get('/api/users/config/', key!);
      expectStatus(withKey, 200);
    });

    it('creates a write-enabled token when the box is ticked', async () => {
      const { user, password } = await makeUser(t, 'dave');
      const browser = await signedIn(t, user.username, password);
      const res = await postForm(t, browser, TOKEN_PAGE, { csrfmiddlewaretoken: browser.cookies.csrftoken, description: 'writer', write_enabled: 'on' });
      expectStatus(res, 200);
      expect(await tokensOf(t, user.id)).toEqual([expect.objectContaining({ description: 'writer', write_enabled: true })]);
    });

    it('shows a refused description on the page and creates nothing', async () => {
      const { user, password } = await makeUser(t, 'erin');
      const browser = await signedIn(t, user.username, password);
      const res = await postForm(t, browser, TOKEN_PAGE, { csrfmiddlewaretoken: browser.cookies.csrftoken, description: 'x'.repeat(201) });
      expectStatus(res, 400);
      expect(res.text).toContain('description: Ensure this field has no more than 200 characters.');
      expect(await tokensOf(t, user.id)).toEqual([]);
    });

    it('deletes an own token and answers 404 for the token of someone else', async () => {
      const alice = await makeUser(t, 'frank');
      const bob = await makeUser(t, 'grace');
      const mine = await createOne(t, '/api/users/tokens/', { user: alice.user.id, description: 'to delete' });
      const theirs = await createOne(t, '/api/users/tokens/', { user: bob.user.id, description: 'not yours' });
      const browser = await signedIn(t, alice.user.username, alice.password);

      const other = await postForm(t, browser, `${TOKEN_PAGE}${theirs.id}/delete/`, { csrfmiddlewaretoken: browser.cookies.csrftoken });
      expect(other.status).toBe(404);
      expect((await tokensOf(t, bob.user.id)).map((tk) => tk.id)).toEqual([theirs.id]);

      const res = await postForm(t, browser, `${TOKEN_PAGE}${mine.id}/delete/`, { csrfmiddlewaretoken: browser.cookies.csrftoken });
      expectStatus(res, 302);
      expect(res.headers.location).toBe(TOKEN_PAGE);
      expect(await tokensOf(t, alice.user.id)).toEqual([]);
      expect(tokenRows((await get(t, browser, TOKEN_PAGE)).text)).toEqual([]);
    });

    it('lets even a superuser delete only their own tokens here', async () => {
      const { user } = await makeUser(t, 'heidi');
      const theirs = await createOne(t, '/api/users/tokens/', { user: user.id });
      const browser = await signedIn(t, 'admin', 'admin-password');
      const res = await postForm(t, browser, `${TOKEN_PAGE}${theirs.id}/delete/`, { csrfmiddlewaretoken: browser.cookies.csrftoken });
      expect(res.status).toBe(404);
      expect((await tokensOf(t, user.id)).map((tk) => tk.id)).toEqual([theirs.id]);
    });

    it('refuses a create or delete without the CSRF token with 403 and changes nothing', async () => {
      const { user, password } = await makeUser(t, 'ivan');
      const token = await createOne(t, '/api/users/tokens/', { user: user.id, description: 'keep me' });
      const browser = await signedIn(t, user.username, password);
      const create = await postForm(t, browser, TOKEN_PAGE, { description: 'forged' });
      expect(create.status).toBe(403);
      expect(create.body).toEqual(CSRF_FAILED);
      const wrong = await postForm(t, browser, TOKEN_PAGE, { csrfmiddlewaretoken: 'a'.repeat(64), description: 'forged' });
      expect(wrong.status).toBe(403);
      const remove = await postForm(t, browser, `${TOKEN_PAGE}${token.id}/delete/`, {});
      expect(remove.status).toBe(403);
      expect((await tokensOf(t, user.id)).map((tk) => tk.description)).toEqual(['keep me']);
    });

    it('sends a form post without a session to the login page and creates nothing', async () => {
      const before = await t.get('/api/users/tokens/?limit=1');
      const res = await postForm(t, { cookies: {} }, TOKEN_PAGE, { csrfmiddlewaretoken: 'a'.repeat(64), description: 'anonymous' });
      expectStatus(res, 302);
      expect(res.headers.location).toBe('/login/?next=%2Fuser%2Fapi-tokens%2F');
      expect((await t.get('/api/users/tokens/?limit=1')).body.count).toBe(before.body.count);
    });
  });

  it('ends the sessions of a deleted user', async () => {
    const { user, password } = await makeUser(t, 'judy');
    await signedIn(t, user.username, password);
    const db = t.app.get(Database);
    const count = async () => Number((await db.manager.query(`SELECT COUNT(*) AS n FROM ${Session.table} WHERE user_id = ${user.id}`))[0].n);
    expect(await count()).toBe(1);
    expectStatus(await t.delete(`/api/users/users/${user.id}/`), 204);
    expect(await count()).toBe(0);
  });
});

describe('signing in with LOGIN_REQUIRED', () => {
  it('still serves the login page and signs in, while the API refuses anonymous reads', async () => {
    const t = await TestApp.start({ LOGIN_REQUIRED: 'true' });
    try {
      const page = await t.anon().get('/login/');
      expect(page.status).toBe(200);
      expect(page.text).toContain('password');
      expect((await t.anon().get('/api/status/')).status).toBe(403);
      const tokens = await t.anon().get('/user/api-tokens/');
      expect(tokens.status).toBe(302);
      expect(tokens.headers.location).toBe('/login/?next=%2Fuser%2Fapi-tokens%2F');
    } finally {
      await t.close();
    }
  });
});

describe('the login page under LOGIN_RATE_LIMIT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start({ LOGIN_RATE_LIMIT: '2/1' });
  });
  afterAll(() => t?.close());

  it('refuses further attempts with 429 and Retry-After once a name has failed its attempts, and lets it in after the window', async () => {
    for (let i = 0; i < 2; i++) {
      const { res } = await logIn(t, 'admin', 'wrong-password');
      expectStatus(res, 200);
      expect(res.text).toContain(BAD_CREDENTIALS);
    }
    // Even the right password waits: nothing tells a guesser it was right.
    const { res: throttled } = await logIn(t, 'admin', 'admin-password');
    expectStatus(throttled, 429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(throttled.text).toContain('Too many failed attempts.');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const { res: after } = await logIn(t, 'admin', 'admin-password');
    expectStatus(after, 302);
  });
});
