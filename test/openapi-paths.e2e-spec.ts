import * as fs from 'fs';
import * as path from 'path';
import request from 'supertest';
import { TestApp } from './helpers/test-app';

/** Every path of NetBox 3.5's recorded OpenAPI document with its methods, extracted from `netbox-3.5-openapi.json`. */
const RECORDED: Record<string, string[]> = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'netbox-3.5-paths.json'), 'utf8'));

/** Lists that answer 400 without the query they need, as NetBox's do. */
const NEEDS_QUERY: Record<string, RegExp> = { '/api/dcim/connected-device/': /peer_device/ };

describe('every path of NetBox 3.5’s recorded OpenAPI document', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t?.close());

  const paths = Object.entries(RECORDED).map(([p, methods]) => ({ path: p, methods }));

  it('is all 227 of them', () => {
    expect(paths.length).toBe(227);
  });

  it('answers each list path (no parameter) with 200 and a token', async () => {
    const failures: string[] = [];
    for (const { path: listPath, methods } of paths.filter((p) => !p.path.includes('{') && p.methods.includes('GET'))) {
      const res = await t.get(listPath);
      const needs = NEEDS_QUERY[listPath];
      if (needs ? res.status !== 400 || !needs.test(JSON.stringify(res.body)) : res.status !== 200) failures.push(`${listPath} ${methods.join(',')}: ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('serves each path with a parameter: OPTIONS on it answers 200 with the methods NetBox takes there', async () => {
    const failures: string[] = [];
    for (const { path: template, methods } of paths.filter((p) => p.path.includes('{'))) {
      // An id no object has, or a script's name: the route exists whatever the object.
      const concrete = template.replace(/\{id\}/g, template.includes('/scripts/') || template.includes('/reports/') ? 'missing.Missing' : '999999');
      const res = await request(t.app.getHttpServer()).options(concrete).set('Authorization', `Token ${t.token}`);
      const allowed = String(res.headers.allow ?? '').split(/,\s*/);
      const missing = methods.filter((m) => !allowed.includes(m));
      if (res.status !== 200 || missing.length) failures.push(`${concrete}: ${res.status}, lacks ${missing.join(',')}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers a method a route of its own does not take with 405, and an unknown path with 404', async () => {
    const sync = await t.get('/api/core/data-sources/999999/sync/').expect(405);
    expect(sync.body).toEqual({ detail: 'Method "GET" not allowed.' });
    expect(sync.headers.allow).toBe('POST, OPTIONS');
    expect((await t.post('/api/dcim/interfaces/999999/trace/').expect(405)).headers.allow).toBe('GET, OPTIONS');
    expect((await t.get('/api/dcim/nothing-here/999999/trace/').expect(404)).body).toEqual({ detail: 'Not found.' });
  });
});
