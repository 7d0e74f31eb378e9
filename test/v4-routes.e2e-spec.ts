import * as fs from 'fs';
import * as path from 'path';
import { Json } from './helpers/seed';
import { TestApp } from './helpers/test-app';

/** NetBox 4.6.8's router registrations, `app/route`, and its plain URL patterns, `app/ (path) pattern/`. */
const ROUTES = fs
  .readFileSync(path.join(__dirname, 'fixtures', 'netbox-4.6.8-routes.txt'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter(Boolean);

/** Registered routes: each one a list (or, for a few, an action) under /v4/api/. */
const registered = ROUTES.filter((line) => !line.includes(' (path) '));

/** Routes not built yet (issue 34), each with why: once one is served, the test asks for it. */
const NOT_YET: Record<string, string> = {};
const built = registered.filter((route) => !NOT_YET[route]);

/** Routes that are not a GET list: an upload takes POST only; the connected device needs its peer in the query. */
const NOT_A_LIST: Record<string, number> = { 'extras/scripts/upload': 405, 'dcim/connected-device': 400 };

describe("every route of NetBox 4.6.8's API under /v4/api/", () => {
  let t: TestApp;
  let schema: Json;

  beforeAll(async () => {
    t = await TestApp.start();
    const res = await t.get('/v4/api/schema/?format=json').buffer(true);
    schema = JSON.parse(res.text);
  });
  afterAll(() => t?.close());

  it('reads the whole route list', () => {
    expect(registered.length).toBe(138);
  });

  it('answers a GET on each, as NetBox does', async () => {
    const failures: string[] = [];
    for (const route of built) {
      const res = await t.get(`/v4/api/${route}/`);
      const expected = NOT_A_LIST[route] ?? 200;
      if (res.status !== expected) failures.push(`${route}: ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('describes each in /v4/api/schema/', () => {
    const paths = new Set(Object.keys(schema.paths));
    expect(built.filter((route) => !paths.has(`/v4/api/${route}/`))).toEqual([]);
  });

  it('lists as not built only routes /v4 does not serve', async () => {
    const served: string[] = [];
    for (const route of Object.keys(NOT_YET)) if ((await t.get(`/v4/api/${route}/`)).status !== 404) served.push(route);
    expect(served).toEqual([]);
  });

  it('serves the plain URL patterns too', async () => {
    for (const pattern of ROUTES.filter((line) => line.includes(' (path) '))) {
      const url = `/v4/api/${pattern.replace(' (path) ', '')}`;
      // Provisioning a token takes a POST with credentials: 4.5's serializer asks for them by field.
      const provision = url.endsWith('/provision/');
      const res = await (provision ? t.post(url, {}, null) : t.get(url));
      expect({ url, status: res.status }).toEqual({ url, status: provision ? 400 : 200 });
    }
  });
});
