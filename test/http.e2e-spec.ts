import * as yaml from 'js-yaml';
import type { Response, Test } from 'supertest';
import { TestApp } from './helpers/test-app';
import { createOne, expectStatus, Json, TENANT_GROUPS, TENANTS, UUID } from './helpers/seed';

jest.setTimeout(120_000);

// Absolute URLs are built from the request's Host header.
const HOST = 'inventory.example.com';
const BASE = `http://${HOST}`;

const LIST_ALLOW = 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS';
const DETAIL_ALLOW = 'GET, PUT, PATCH, DELETE, HEAD, OPTIONS';
const NOT_FOUND = { detail: 'Not found.' };

function varyList(res: Response): string[] {
  return String(res.headers.vary ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase());
}

describe('HTTP behaviour of the API', () => {
  let t: TestApp;
  let tenant: Json;

  beforeAll(async () => {
    t = await TestApp.start();
    const group = await createOne(t, TENANT_GROUPS, { name: 'Customers', slug: 'customers' });
    tenant = await createOne(t, TENANTS, { name: 'Acme', slug: 'acme', group: group.id });
  });
  afterAll(() => t?.close());

  describe('headers on every response', () => {
    const cases: [string, () => Test, number][] = [
      ['a list', () => t.get(TENANTS), 200],
      ['a detail', () => t.get(`${TENANTS}${tenant.id}/`), 200],
      ['a create', () => t.post(TENANTS, { name: 'Created', slug: 'created' }), 201],
      ['a 404 for an unknown id', () => t.get(`${TENANTS}99999/`), 404],
      ['a 404 for an unknown path', () => t.get('/api/no-such-app/'), 404],
      ['a 400 for an invalid filter', () => t.get(`${TENANTS}?id=abc`), 400],
      ['a 400 for an invalid body', () => t.post(TENANTS, {}), 400],
      ['a 403 without credentials', () => t.anon().get(TENANTS), 403],
      ['the status', () => t.anon().get('/api/status/'), 200],
      ['the API root', () => t.get('/api/'), 200],
    ];

    it.each(cases)('%s carries API-Version, X-Request-ID, Vary: Accept and a JSON Content-Type', async (_what, send, status) => {
      const res = await send();
      expectStatus(res, status);
      expect(res.headers['api-version']).toMatch(/^\d+\.\d+$/);
      expect(res.headers['x-request-id']).toMatch(UUID);
      expect(varyList(res)).toContain('accept');
      expect(res.headers['content-type']).toMatch(/^application\/json\b/);
    });

    it('gives each request its own X-Request-ID', async () => {
      const [a, b] = [await t.get(TENANTS), await t.get(TENANTS)];
      expect(a.headers['x-request-id']).toMatch(UUID);
      expect(b.headers['x-request-id']).toMatch(UUID);
      expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    });

    it('reports as API-Version the major and minor of the service version', async () => {
      const res = await t.get('/api/status/');
      const [major, minor] = String(res.body['service-version']).split('.');
      expect(res.headers['api-version']).toBe(`${major}.${minor}`);
    });

    it('lists the methods of a model list path in Allow', async () => {
      expect((await t.get(TENANTS)).headers.allow).toBe(LIST_ALLOW);
      expect((await t.get(TENANT_GROUPS)).headers.allow).toBe(LIST_ALLOW);
    });

    it('lists the methods of a detail path in Allow', async () => {
      expect((await t.get(`${TENANTS}${tenant.id}/`)).headers.allow).toBe(DETAIL_ALLOW);
    });

    it('lists a path’s methods in Allow on its refusals and errors too, as DRF does', async () => {
      expect((await t.get(`${TENANTS}99999/`).expect(404)).headers.allow).toBe(DETAIL_ALLOW);
      expect((await t.get(`${TENANTS}?id=abc`).expect(400)).headers.allow).toBe(LIST_ALLOW);
      expect((await t.anon().get(TENANTS).expect(403)).headers.allow).toBe(LIST_ALLOW);
      expect((await t.get('/api/no-such-app/').expect(404)).headers.allow).toBeUndefined();
    });

    it('lists only the read methods of the status and the API root in Allow', async () => {
      expect((await t.get('/api/status/')).headers.allow).toBe('GET, HEAD, OPTIONS');
      expect((await t.get('/api/')).headers.allow).toBe('GET, HEAD, OPTIONS');
    });
  });

  describe('paths', () => {
    it('redirects a list path without a trailing slash with 302, keeping the query string', async () => {
      const res = await t.get('/api/tenancy/tenants?limit=5');
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/api/tenancy/tenants/?limit=5');
    });

    it('redirects a detail path without a trailing slash', async () => {
      const res = await t.get(`/api/tenancy/tenants/${tenant.id}`);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(`/api/tenancy/tenants/${tenant.id}/`);
    });

    it('redirects the API root, the status and an app root without a trailing slash', async () => {
      for (const path of ['/api', '/api/status', '/api/tenancy']) {
        const res = await t.get(path);
        expect(res.status).toBe(302);
        expect(res.headers.location).toBe(`${path}/`);
      }
    });

    it('redirects before checking credentials', async () => {
      const res = await t.anon().get('/api/tenancy/tenants?name=Acme&limit=5');
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/api/tenancy/tenants/?name=Acme&limit=5');
    });

    it('answers 404 {"detail": "Not found."} for an unknown path under /api', async () => {
      for (const path of ['/api/no-such-app/', '/api/tenancy/no-such-model/', '/api/tenancy/tenants/1/no-such-action/']) {
        const res = await t.get(path);
        expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 404, body: NOT_FOUND });
      }
    });

    it('answers 404 rather than redirecting a path that does not exist with a slash either', async () => {
      const res = await t.get('/api/tenancy/no-such-model');
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    });

    it('answers 404 {"detail": "Not found."} for an unknown or malformed object id', async () => {
      for (const path of [`${TENANTS}99999/`, `${TENANTS}abc/`]) {
        const res = await t.get(path);
        expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 404, body: NOT_FOUND });
      }
    });
  });

  describe('the API root', () => {
    it('links every application with an absolute URL built from the Host header', async () => {
      const res = await t.get('/api/').set('Host', HOST);
      expectStatus(res, 200);
      const expected: Json = {};
      for (const app of ['circuits', 'dcim', 'extras', 'ipam', 'plugins', 'status', 'tenancy', 'users', 'virtualization']) {
        expected[app] = `${BASE}/api/${app}/`;
      }
      expect(res.body).toEqual(expect.objectContaining(expected));
    });

    it('answers without a token', async () => {
      const res = await t.anon().get('/api/').set('Host', HOST);
      expectStatus(res, 200);
      expect(res.body.tenancy).toBe(`${BASE}/api/tenancy/`);
    });

    it('links the models of an application', async () => {
      const res = await t.get('/api/tenancy/').set('Host', HOST);
      expectStatus(res, 200);
      expect(res.body).toEqual(
        expect.objectContaining({
          'tenant-groups': `${BASE}/api/tenancy/tenant-groups/`,
          tenants: `${BASE}/api/tenancy/tenants/`,
        }),
      );
    });

    it('renders HTML with links to the applications for a browser (Accept: text/html)', async () => {
      const res = await t.get('/api/').set('Host', HOST).set('Accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8');
      expectStatus(res, 200);
      expect(res.headers['content-type']).toMatch(/^text\/html\b/);
      for (const app of ['dcim', 'ipam', 'tenancy', 'users']) {
        expect(res.text).toContain(`href="${BASE}/api/${app}/`);
      }
    });

    it('renders HTML with ?format=api', async () => {
      const res = await t.get('/api/?format=api').set('Host', HOST);
      expectStatus(res, 200);
      expect(res.headers['content-type']).toMatch(/^text\/html\b/);
      for (const app of ['dcim', 'ipam', 'tenancy', 'users']) {
        expect(res.text).toContain(`href="${BASE}/api/${app}/`);
      }
    });

    it('renders JSON with ?format=json, even for a browser', async () => {
      const res = await t.get('/api/?format=json').set('Host', HOST).set('Accept', 'text/html');
      expectStatus(res, 200);
      expect(res.headers['content-type']).toMatch(/^application\/json\b/);
      expect(JSON.parse(res.text).tenancy).toMatch(new RegExp(`^${BASE}/api/tenancy/`));
    });

    it('pretty-prints JSON with Accept: application/json; indent=4', async () => {
      const res = await t.get('/api/').set('Accept', 'application/json; indent=4');
      expectStatus(res, 200);
      expect(res.text).toMatch(/^\{\n {4}"/);
    });
  });

  describe('GET /api/status/', () => {
    it('answers without a token with the versions of the service and its components', async () => {
      const res = await t.anon().get('/api/status/');
      expectStatus(res, 200);
      expect(res.headers['content-type']).toMatch(/^application\/json\b/);
      expect(Object.keys(res.body).sort()).toEqual([
        'framework-version',
        'installed-apps',
        'netbox-version',
        'plugins',
        'python-version',
        'rq-workers-running',
        'service-version',
      ]);
      expect(typeof res.body['framework-version']).toBe('string');
      expect(res.body['framework-version']).not.toBe('');
      expect(res.body['service-version']).toMatch(/^\d+\.\d+(\.\d+)?/);
      // The NetBox release whose API this is, where Ansible's nb_inventory looks for it.
      expect(res.body['netbox-version']).toBe(res.body['service-version']);
      expect(res.body['netbox-version']).toMatch(/^3\.5\./);
      expect(typeof res.body['python-version']).toBe('string');
      expect(res.body['python-version']).not.toBe('');
      expect(res.body.plugins).toEqual({});
      // Without Redis the process runs its jobs itself: it is the one worker.
      expect(res.body['rq-workers-running']).toBe(1);
    });

    it('maps installed component names to version strings', async () => {
      const res = await t.get('/api/status/');
      const apps = res.body['installed-apps'];
      expect(apps).toEqual(expect.any(Object));
      expect(Array.isArray(apps)).toBe(false);
      for (const version of Object.values(apps)) expect(typeof version).toBe('string');
    });
  });

  describe('the OpenAPI schema', () => {
    it('serves YAML at /api/schema/', async () => {
      const res = await t.get('/api/schema/').buffer(true);
      expectStatus(res, 200);
      expect(res.text).toMatch(/^openapi: /m);
      const doc = yaml.load(res.text) as Json;
      expect(String(doc.openapi)).toMatch(/^3\./);
      expect(doc.paths['/api/tenancy/tenants/']).toEqual(expect.objectContaining({ get: expect.any(Object), post: expect.any(Object) }));
    });

    it('serves JSON at /api/schema/?format=json', async () => {
      const res = await t.get('/api/schema/?format=json').buffer(true);
      expectStatus(res, 200);
      expect(res.headers['content-type']).toMatch(/json/);
      const doc = JSON.parse(res.text);
      expect(String(doc.openapi)).toMatch(/^3\./);
      expect(doc.paths['/api/tenancy/tenants/']).toEqual(expect.objectContaining({ get: expect.any(Object), post: expect.any(Object) }));
      expect(doc.paths['/api/tenancy/tenants/{id}/']).toEqual(expect.objectContaining({ get: expect.any(Object), patch: expect.any(Object) }));
    });

    it('serves the sandbox UI at /api/schema/swagger-ui/', async () => {
      const res = await t.get('/api/schema/swagger-ui/');
      expectStatus(res, 200);
      expect(res.headers['content-type']).toMatch(/^text\/html\b/);
      expect(res.text.toLowerCase()).toContain('swagger');
    });
  });

  describe('OPTIONS', () => {
    it('describes a list path: name, description, renders, parses and the fields of POST', async () => {
      const res = await t.options(TENANTS);
      expectStatus(res, 200);
      expect(res.body).toEqual(
        expect.objectContaining({
          name: 'Tenant List',
          description: '',
          renders: ['application/json', 'text/html'],
          parses: expect.arrayContaining(['application/json']),
          actions: expect.objectContaining({ POST: expect.any(Object) }),
        }),
      );
      const post = res.body.actions.POST;
      expect(post.name).toEqual({ type: 'string', required: true, read_only: false, label: 'Name', max_length: 100 });
      expect(post.id).toEqual(expect.objectContaining({ type: 'integer', required: false, read_only: true, label: 'ID' }));
    });

    it('describes a related object as a nested object with its fields, as DRF does for a nested serializer', async () => {
      const res = await t.options(TENANTS);
      const group = res.body.actions.POST.group;
      expect(group).toEqual(expect.objectContaining({ type: 'nested object', required: false, read_only: false, label: 'Group' }));
      expect(Object.keys(group.children)).toEqual(expect.arrayContaining(['id', 'url', 'display', 'name', 'slug']));
    });

    it('also describes PUT on a list path, which takes bulk updates', async () => {
      const res = await t.options(TENANTS);
      expect(Object.keys(res.body.actions).sort()).toEqual(['POST', 'PUT']);
    });

    it('describes PUT on a detail path', async () => {
      const res = await t.options(`${TENANTS}${tenant.id}/`);
      expectStatus(res, 200);
      expect(res.body.name).toBe('Tenant Instance');
      expect(Object.keys(res.body.actions)).toEqual(['PUT']);
      expect(res.body.actions.PUT.name).toEqual(expect.objectContaining({ type: 'string', required: true, read_only: false, label: 'Name' }));
    });

    it('names tenant groups "Tenant Group List"', async () => {
      const res = await t.options(TENANT_GROUPS);
      expectStatus(res, 200);
      expect(res.body.name).toBe('Tenant Group List');
      expect(res.body.actions.POST.name).toEqual(expect.objectContaining({ type: 'string', required: true, label: 'Name', max_length: 100 }));
    });
  });
});
