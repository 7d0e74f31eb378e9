import { TestApp } from './helpers/test-app';
import { expectStatus, Json, TENANT_GROUPS, TENANTS } from './helpers/seed';
import { detailPath, fetchOne, makeGroup, makeTenant, slugify, unique } from './helpers/fixtures';

jest.setTimeout(120_000);

// Absolute URLs are built from the request's Host header, port included.
const HOST = 'inventory.example:8080';
const BASE = `http://${HOST}`;

const TENANT_KEYS = [
  'id',
  'url',
  'display',
  'name',
  'slug',
  'group',
  'description',
  'comments',
  'tags',
  'custom_fields',
  'created',
  'last_updated',
];
// NetBox's TenantSerializer lists these after last_updated; each appears once its model exists.
const TENANT_COUNTS = [
  'circuit_count',
  'device_count',
  'ipaddress_count',
  'prefix_count',
  'rack_count',
  'site_count',
  'virtualmachine_count',
  'vlan_count',
  'vrf_count',
  'cluster_count',
];
const GROUP_KEYS = [
  'id',
  'url',
  'display',
  'name',
  'slug',
  'parent',
  'description',
  'tags',
  'custom_fields',
  'created',
  'last_updated',
  'tenant_count',
  '_depth',
];
const TENANT_BRIEF = ['id', 'url', 'display', 'name', 'slug'];
const GROUP_BRIEF = ['id', 'url', 'display', 'name', 'slug', 'tenant_count', '_depth'];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d+Z$/;

/** Asserts the keys of a full tenant: NetBox's fields in order, then only count fields, in NetBox's order. */
function expectTenantKeys(tenant: Json): void {
  const keys = Object.keys(tenant);
  expect(keys.slice(0, TENANT_KEYS.length)).toEqual(TENANT_KEYS);
  const rest = keys.slice(TENANT_KEYS.length);
  for (const key of rest) expect(key).toMatch(/_count$/);
  expect(rest).toEqual(TENANT_COUNTS.filter((k) => rest.includes(k)));
}

describe('representation of tenants and tenant groups', () => {
  let t: TestApp;
  let root: Json;
  let group: Json;
  let tenant: Json;
  const get = (path: string) => t.get(path).set('Host', HOST);

  beforeAll(async () => {
    t = await TestApp.start();
    root = await makeGroup(t, 'Customers', { description: 'Everyone who pays' });
    group = await makeGroup(t, 'Enterprise', { parent: root.id });
    tenant = await makeTenant(t, 'Acme Corporation', { group: group.id, description: 'A customer', comments: 'Since 1999' });
  });
  afterAll(() => t?.close());

  describe('full representation', () => {
    it('reads a tenant with id, url, display, name, slug, group, description, comments, tags, custom_fields, created, last_updated, then only count fields', async () => {
      const res = await get(detailPath(TENANTS, tenant.id));
      expectStatus(res, 200);
      expectTenantKeys(res.body);
      for (const key of Object.keys(res.body).slice(TENANT_KEYS.length)) expect(res.body[key]).toBe(0);
    });

    it('reads a tenant group with exactly id, url, display, name, slug, parent, description, tags, custom_fields, created, last_updated, tenant_count, _depth', async () => {
      for (const g of [root, group]) {
        const res = await get(detailPath(TENANT_GROUPS, g.id));
        expectStatus(res, 200);
        expect(Object.keys(res.body)).toEqual(GROUP_KEYS);
      }
    });

    it('reads the same fields in a list as in a detail', async () => {
      const tenants = await get(`${TENANTS}?id=${tenant.id}`);
      expectStatus(tenants, 200);
      expect(tenants.body.results).toEqual([(await get(detailPath(TENANTS, tenant.id))).body]);

      const groups = await get(`${TENANT_GROUPS}?id=${group.id}`);
      expectStatus(groups, 200);
      expect(groups.body.results).toEqual([(await get(detailPath(TENANT_GROUPS, group.id))).body]);
    });

    it('builds the absolute url from the Host header: http://inventory.example:8080/api/tenancy/tenants/<id>/', async () => {
      const detail = await get(detailPath(TENANTS, tenant.id));
      expect(detail.body.url).toBe(`${BASE}/api/tenancy/tenants/${tenant.id}/`);
      expect(detail.body.group.url).toBe(`${BASE}/api/tenancy/tenant-groups/${group.id}/`);

      const list = await get(`${TENANTS}?id=${tenant.id}`);
      expect(list.body.results[0].url).toBe(`${BASE}/api/tenancy/tenants/${tenant.id}/`);

      const g = await get(detailPath(TENANT_GROUPS, group.id));
      expect(g.body.url).toBe(`${BASE}/api/tenancy/tenant-groups/${group.id}/`);
      expect(g.body.parent.url).toBe(`${BASE}/api/tenancy/tenant-groups/${root.id}/`);
    });

    it('builds the url of a created object from the Host header too', async () => {
      const name = unique('Hosted');
      const res = await t.post(TENANTS, { name, slug: slugify(name) }).set('Host', HOST);
      expectStatus(res, 201);
      expect(res.body.url).toBe(`${BASE}/api/tenancy/tenants/${res.body.id}/`);
    });

    it('shows the name as display', async () => {
      expect((await fetchOne(t, TENANTS, tenant.id)).display).toBe(tenant.name);
      expect((await fetchOne(t, TENANT_GROUPS, group.id)).display).toBe(group.name);
    });

    // NetBox's nested serializer lists tenant_count, but DRF skips it where the queryset is not
    // annotated with it: everywhere but the group's own endpoint.
    const NESTED_GROUP = GROUP_BRIEF.filter((k) => k !== 'tenant_count');

    it('nests the group of a tenant as exactly id, url, display, name, slug, _depth: brief mode without its count', async () => {
      const res = await get(detailPath(TENANTS, tenant.id));
      expect(Object.keys(res.body.group)).toEqual(NESTED_GROUP);
      const { tenant_count, ...brief } = (await get(`${detailPath(TENANT_GROUPS, group.id)}?brief=1`)).body;
      expect(tenant_count).toBe(1);
      expect(res.body.group).toEqual(brief);
      expect(res.body.group).toEqual({ id: group.id, url: brief.url, display: group.name, name: group.name, slug: group.slug, _depth: 1 });
    });

    it('nests the parent of a tenant group in the same nested form', async () => {
      const res = await get(detailPath(TENANT_GROUPS, group.id));
      expect(Object.keys(res.body.parent)).toEqual(NESTED_GROUP);
      const { tenant_count, ...brief } = (await get(`${detailPath(TENANT_GROUPS, root.id)}?brief=1`)).body;
      // The count is cumulative: the tenant sits in a child of the root.
      expect(tenant_count).toBe(1);
      expect(res.body.parent).toEqual(brief);
      expect(res.body.parent).toMatchObject({ id: root.id, _depth: 0 });
    });

    it('reads null for a tenant without group and a tenant group without parent', async () => {
      const lone = await makeTenant(t, 'Loner');
      expect((await fetchOne(t, TENANTS, lone.id)).group).toBeNull();
      expect((await fetchOne(t, TENANT_GROUPS, root.id)).parent).toBeNull();
    });

    it('reads tags as [] and custom_fields as {} by default', async () => {
      const read = [await fetchOne(t, TENANTS, tenant.id), await fetchOne(t, TENANT_GROUPS, group.id)];
      for (const o of read) {
        expect(o.tags).toEqual([]);
        expect(o.custom_fields).toEqual({});
      }
    });

    it('reads created as a date (YYYY-MM-DD) and last_updated as a UTC timestamp with fractional seconds', async () => {
      const read = [await fetchOne(t, TENANTS, tenant.id), await fetchOne(t, TENANT_GROUPS, group.id)];
      for (const o of read) {
        expect(o.created).toMatch(DATE);
        expect(o.last_updated).toMatch(TIMESTAMP);
        expect(o.last_updated.slice(0, 10) >= o.created).toBe(true);
      }
    });

    it('reads id, tenant_count and _depth as integers', async () => {
      const g = await fetchOne(t, TENANT_GROUPS, group.id);
      expect(Number.isInteger(g.id)).toBe(true);
      expect(g.tenant_count).toBe(1);
      expect(g._depth).toBe(1);
    });
  });

  describe('brief format', () => {
    it.each(['1', 'true', 'True'])('brief=%s on the tenant list answers each tenant as exactly id, url, display, name, slug', async (value) => {
      const res = await get(`${TENANTS}?id=${tenant.id}&brief=${value}`);
      expectStatus(res, 200);
      expect(Object.keys(res.body)).toEqual(['count', 'next', 'previous', 'results']);
      expect(res.body.results).toEqual([
        { id: tenant.id, url: `${BASE}/api/tenancy/tenants/${tenant.id}/`, display: tenant.name, name: tenant.name, slug: tenant.slug },
      ]);
    });

    it.each(['1', 'true', 'True'])('brief=%s on a tenant detail answers exactly id, url, display, name, slug', async (value) => {
      const res = await get(`${detailPath(TENANTS, tenant.id)}?brief=${value}`);
      expectStatus(res, 200);
      expect(Object.keys(res.body)).toEqual(TENANT_BRIEF);
      expect(res.body).toEqual({ id: tenant.id, url: `${BASE}/api/tenancy/tenants/${tenant.id}/`, display: tenant.name, name: tenant.name, slug: tenant.slug });
    });

    it.each(['1', 'true'])('brief=%s on the tenant group list and detail answers exactly id, url, display, name, slug, tenant_count, _depth', async (value) => {
      const list = await get(`${TENANT_GROUPS}?id=${root.id}&id=${group.id}&brief=${value}`);
      expectStatus(list, 200);
      expect(list.body.count).toBe(2);
      for (const g of list.body.results) expect(Object.keys(g)).toEqual(GROUP_BRIEF);

      const detail = await get(`${detailPath(TENANT_GROUPS, group.id)}?brief=${value}`);
      expectStatus(detail, 200);
      expect(detail.body).toEqual({
        id: group.id,
        url: `${BASE}/api/tenancy/tenant-groups/${group.id}/`,
        display: group.name,
        name: group.name,
        slug: group.slug,
        tenant_count: 1,
        _depth: 1,
      });
    });

    it('counts tenants cumulatively in brief mode as in full mode', async () => {
      const res = await get(`${detailPath(TENANT_GROUPS, root.id)}?brief=1`);
      expect(res.body).toMatchObject({ tenant_count: 1, _depth: 0 });
    });
  });

  describe('exclude=config_context', () => {
    it('is accepted on the tenant list and detail, which keep the same fields', async () => {
      const detail = await get(`${detailPath(TENANTS, tenant.id)}?exclude=config_context`);
      expectStatus(detail, 200);
      expect(detail.body).toEqual((await get(detailPath(TENANTS, tenant.id))).body);

      const list = await get(`${TENANTS}?id=${tenant.id}&exclude=config_context`);
      expectStatus(list, 200);
      expect(Object.keys(list.body.results[0])).toEqual(Object.keys(detail.body));
    });

    it('is accepted on the tenant group list and detail too', async () => {
      const detail = await get(`${detailPath(TENANT_GROUPS, group.id)}?exclude=config_context`);
      expectStatus(detail, 200);
      expect(Object.keys(detail.body)).toEqual(GROUP_KEYS);
      const list = await get(`${TENANT_GROUPS}?exclude=config_context`);
      expectStatus(list, 200);
    });
  });

  describe('rendering', () => {
    it('pretty-prints with four spaces for Accept: application/json; indent=4', async () => {
      const res = await get(detailPath(TENANTS, tenant.id)).set('Accept', 'application/json; indent=4');
      expectStatus(res, 200);
      expect(res.headers['content-type']).toMatch(/^application\/json\b/);
      expect(res.text).toContain('\n    "id"');
      expect(res.text).toContain('\n        "id"');
      expect(JSON.parse(res.text)).toEqual((await get(detailPath(TENANTS, tenant.id))).body);
    });

    it('answers compact JSON without that parameter', async () => {
      const res = await get(detailPath(TENANTS, tenant.id));
      expectStatus(res, 200);
      expect(res.text).not.toContain('\n');
    });
  });

  describe('custom fields on write', () => {
    it('rejects an unknown custom field on create with 400 keyed custom_fields, creating nothing', async () => {
      const name = unique('Custom');
      const res = await t.post(TENANTS, { name, slug: slugify(name), custom_fields: { no_such_field: 'x' } });
      expectStatus(res, 400);
      expect(Object.keys(res.body)).toEqual(['custom_fields']);
      expect(res.body.custom_fields).toEqual([expect.stringMatching(/Unknown field name 'no_such_field' in custom field data/)]);
      expect((await t.get(`${TENANTS}?name=${encodeURIComponent(name)}`)).body.count).toBe(0);
    });

    it('rejects an unknown custom field on PATCH with 400 keyed custom_fields, changing nothing', async () => {
      const own = await makeTenant(t, 'Custom Patch', { description: 'unchanged' });
      const res = await t.patch(detailPath(TENANTS, own.id), { description: 'changed', custom_fields: { no_such_field: 1 } });
      expectStatus(res, 400);
      expect(Object.keys(res.body)).toEqual(['custom_fields']);
      expect(await fetchOne(t, TENANTS, own.id)).toEqual(own);
    });

    it('rejects an unknown custom field on a tenant group', async () => {
      const name = unique('Custom Group');
      const res = await t.post(TENANT_GROUPS, { name, slug: slugify(name), custom_fields: { no_such_field: true } });
      expectStatus(res, 400);
      expect(Object.keys(res.body)).toEqual(['custom_fields']);
    });

    it('rejects custom_fields that is not an object, with NetBox\'s message', async () => {
      const name = unique('Custom List');
      const res = await t.post(TENANTS, { name, slug: slugify(name), custom_fields: ['x'] });
      expectStatus(res, 400);
      expect(res.body).toEqual({
        custom_fields: ['Invalid data format. Custom field data must be passed as a dictionary mapping field names to their values.'],
      });
    });

    it('accepts an empty custom_fields object', async () => {
      const name = unique('Custom Empty');
      const res = await t.post(TENANTS, { name, slug: slugify(name), custom_fields: {} });
      expectStatus(res, 201);
      expect(res.body.custom_fields).toEqual({});
    });
  });
});
