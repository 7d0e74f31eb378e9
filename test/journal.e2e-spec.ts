import { TestApp } from './helpers/test-app';

const JOURNAL = '/api/extras/journal-entries/';
const TENANTS = '/api/tenancy/tenants/';

type Json = Record<string, any>;

describe('journal entries', () => {
  let t: TestApp;
  let tenant: Json;
  beforeAll(async () => {
    t = await TestApp.start();
    tenant = (await t.post(TENANTS, { name: 'Journaled', slug: 'journaled' })).body;
  });
  afterAll(() => t.close());

  it('writes an entry on any object and reads it with the object nested and its author by id', async () => {
    const res = await t.post(JOURNAL, { assigned_object_type: 'tenancy.tenant', assigned_object_id: tenant.id, comments: 'Contract renewed', kind: 'success' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual([
      'id', 'url', 'display', 'assigned_object_type', 'assigned_object_id', 'assigned_object', 'created', 'created_by', 'kind', 'comments', 'tags', 'custom_fields', 'last_updated',
    ]);
    expect(res.body).toMatchObject({
      assigned_object_type: 'tenancy.tenant',
      assigned_object: { id: tenant.id, name: 'Journaled' },
      created_by: 1,
      kind: { value: 'success', label: 'Success' },
    });
    // NetBox's SHORT_DATETIME_FORMAT of the creation time: the date and the minute.
    expect(res.body.display).toMatch(new RegExp(`^${res.body.created} \\d{2}:\\d{2} \\(Success\\)$`));
  });

  it('refuses an unknown object type, an internal one and an object that does not exist', async () => {
    const bad = await t.post(JOURNAL, { assigned_object_type: 'nope.thing', assigned_object_id: 1, comments: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ assigned_object_type: ['Invalid content type: nope.thing'] });
    const malformed = await t.post(JOURNAL, { assigned_object_type: 'tenant', assigned_object_id: 1, comments: 'x' });
    expect(malformed.body).toEqual({ assigned_object_type: ["Invalid value. Specify a content type as '<app_label>.<model_name>'."] });
    const missing = await t.post(JOURNAL, { assigned_object_type: 'tenancy.tenant', assigned_object_id: 99999, comments: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ non_field_errors: ['Invalid assigned_object: tenancy.tenant ID 99999'] });
    // Beyond what an id column holds: no object, on both databases (PostgreSQL would refuse the comparison).
    const huge = await t.post(JOURNAL, { assigned_object_type: 'tenancy.tenant', assigned_object_id: 9_999_999_999, comments: 'x' });
    expect(huge.status).toBe(400);
    expect(huge.body).toEqual({ non_field_errors: ['Invalid assigned_object: tenancy.tenant ID 9999999999'] });
    const required = await t.post(JOURNAL, {});
    expect(Object.keys(required.body).sort()).toEqual(['assigned_object_id', 'assigned_object_type', 'comments']);
  });

  it('filters by object, content type id and kind', async () => {
    const [ct] = (await t.get('/api/extras/content-types/?app_label=tenancy&model=tenant')).body.results;
    expect((await t.get(`${JOURNAL}?assigned_object_type_id=${ct.id}&assigned_object_id=${tenant.id}`)).body.count).toBe(1);
    expect((await t.get(`${JOURNAL}?kind=danger`)).body.count).toBe(0);
    expect((await t.get(`${JOURNAL}?created_by=admin`)).body.count).toBe(1);
  });

  it('deletes the journal of an object deleted', async () => {
    const other = (await t.post(TENANTS, { name: 'Short-lived', slug: 'short-lived' })).body;
    const entry = (await t.post(JOURNAL, { assigned_object_type: 'tenancy.tenant', assigned_object_id: other.id, comments: 'bye' })).body;
    expect((await t.delete(`${TENANTS}${other.id}/`)).status).toBe(204);
    expect((await t.get(`${JOURNAL}${entry.id}/`)).status).toBe(404);
  });
});
