import { Clock } from '../src/core/clock';
import { ChangelogRetention } from '../src/extras/changelog-retention';
import { TestApp } from './helpers/test-app';

const CHANGES = '/api/extras/object-changes/';
const TENANTS = '/api/tenancy/tenants/';

type Json = Record<string, any>;

describe('change records', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  async function changesOf(requestId: string): Promise<Json[]> {
    const res = await t.get(`${CHANGES}?request_id=${requestId}&limit=0`);
    expect(res.status).toBe(200);
    return res.body.results;
  }

  it('records each object of a bulk create under the request id of that request', async () => {
    const res = await t.post(TENANTS, [
      { name: 'Rec A', slug: 'rec-a' },
      { name: 'Rec B', slug: 'rec-b' },
      { name: 'Rec C', slug: 'rec-c' },
    ]);
    expect(res.status).toBe(201);
    const requestId = res.headers['x-request-id'];
    const records = await changesOf(requestId);
    expect(records).toHaveLength(3);
    for (const record of records) {
      expect(record).toMatchObject({ request_id: requestId, action: { value: 'create', label: 'Created' }, changed_object_type: 'tenancy.tenant', user_name: 'admin', prechange_data: null });
      expect(record.user).toMatchObject({ username: 'admin' });
    }
    expect(records.map((r) => r.changed_object_id).sort()).toEqual(res.body.map((o: Json) => o.id).sort());
    expect(records.map((r) => r.changed_object.name).sort()).toEqual(['Rec A', 'Rec B', 'Rec C']);

    const created = await t.get(`${TENANTS}?created_by_request=${requestId}`);
    expect(created.body.results.map((o: Json) => o.name)).toEqual(['Rec A', 'Rec B', 'Rec C']);
    expect((await t.get(`${TENANTS}?updated_by_request=${requestId}`)).body.count).toBe(0);
    expect((await t.get(`${TENANTS}?modified_by_request=${requestId}`)).body.count).toBe(3);
  });

  it('keeps the state before and after an update, differing exactly in the changed field', async () => {
    const tenant = (await t.post(TENANTS, { name: 'Rec D', slug: 'rec-d' })).body;
    const res = await t.patch(`${TENANTS}${tenant.id}/`, { description: 'changed' });
    expect(res.status).toBe(200);
    const [record] = await changesOf(res.headers['x-request-id']);
    expect(record.action.value).toBe('update');
    const changed = Object.keys(record.postchange_data).filter((k) => JSON.stringify(record.prechange_data[k]) !== JSON.stringify(record.postchange_data[k]));
    expect(changed.sort()).toEqual(['description', 'last_updated']);
    expect(record.prechange_data.description).toBe('');
    expect(record.postchange_data.description).toBe('changed');
    expect((await t.get(`${TENANTS}?updated_by_request=${res.headers['x-request-id']}`)).body.results.map((o: Json) => o.id)).toEqual([tenant.id]);
  });

  it('writes no record for a request that fails', async () => {
    const tenant = (await t.post(TENANTS, { name: 'Rec E', slug: 'rec-e' })).body;
    const before = (await t.get(CHANGES)).body.count;
    const res = await t.patch(TENANTS, [
      { id: tenant.id, description: 'would change' },
      { id: tenant.id, name: '' },
    ]);
    expect(res.status).toBe(400);
    expect(await changesOf(res.headers['x-request-id'])).toEqual([]);
    expect((await t.get(CHANGES)).body.count).toBe(before);
  });

  it('records a delete with the state before it, and no longer nests the deleted object', async () => {
    const tenant = (await t.post(TENANTS, { name: 'Rec F', slug: 'rec-f' })).body;
    const res = await t.delete(`${TENANTS}${tenant.id}/`);
    expect(res.status).toBe(204);
    const [record] = await changesOf(res.headers['x-request-id']);
    expect(record).toMatchObject({ action: { value: 'delete', label: 'Deleted' }, changed_object_id: tenant.id, changed_object: null, postchange_data: null });
    expect(record.prechange_data).toMatchObject({ name: 'Rec F', slug: 'rec-f' });
  });

  it("keeps an object's tags, by name in order, before and after an update and before a delete", async () => {
    const [zulu, alpha] = (await t.post('/api/extras/tags/', [
      { name: 'Zulu, last', slug: 'zulu' },
      { name: 'Alpha', slug: 'alpha' },
    ])).body;
    const tenant = (await t.post(TENANTS, { name: 'Rec T', slug: 'rec-t', tags: [zulu.id, alpha.id] })).body;
    const untagged = (await t.post(TENANTS, { name: 'Rec U', slug: 'rec-u' })).body;

    const retagged = await t.patch(`${TENANTS}${tenant.id}/`, { tags: [zulu.id] });
    expect(retagged.status).toBe(200);
    const [update] = await changesOf(retagged.headers['x-request-id']);
    expect(update.prechange_data.tags).toEqual(['Alpha', 'Zulu, last']);
    expect(update.postchange_data.tags).toEqual(['Zulu, last']);
    const described = await t.patch(`${TENANTS}${untagged.id}/`, { description: 'x' });
    expect((await changesOf(described.headers['x-request-id']))[0].prechange_data.tags).toEqual([]);

    const deleted = await t.delete(`${TENANTS}${tenant.id}/`);
    expect(deleted.status).toBe(204);
    const [removal] = await changesOf(deleted.headers['x-request-id']);
    expect(removal.prechange_data.tags).toEqual(['Zulu, last']);
  });

  it('records the objects a delete cascades to, under the same request id', async () => {
    const root = (await t.post('/api/tenancy/tenant-groups/', { name: 'Rec Root', slug: 'rec-root' })).body;
    await t.post('/api/tenancy/tenant-groups/', { name: 'Rec Leaf', slug: 'rec-leaf', parent: root.id });
    const res = await t.delete(`/api/tenancy/tenant-groups/${root.id}/`);
    const records = await changesOf(res.headers['x-request-id']);
    expect(records).toHaveLength(2);
    expect(records.every((r) => r.action.value === 'delete')).toBe(true);
  });

  it('filters by action, changed object and user, and refuses writes', async () => {
    expect((await t.get(`${CHANGES}?action=delete`)).body.results.every((r: Json) => r.action.value === 'delete')).toBe(true);
    const byType = await t.get(`${CHANGES}?changed_object_type=tenancy.tenantgroup`);
    expect(byType.body.count).toBeGreaterThanOrEqual(2);
    expect((await t.get(`${CHANGES}?user=admin`)).body.count).toBe((await t.get(CHANGES)).body.count);
    expect((await t.get(`${CHANGES}?action=bogus`)).status).toBe(400);
    const post = await t.post(CHANGES, {});
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD, OPTIONS');
    const [first] = (await t.get(CHANGES)).body.results;
    expect((await t.delete(`${CHANGES}${first.id}/`)).status).toBe(405);
    expect((await t.patch(`${CHANGES}${first.id}/`, { user_name: 'x' })).status).toBe(405);
  });

  it('answers 400 to a request filter that is not a UUID', async () => {
    const res = await t.get(`${TENANTS}?created_by_request=not-a-uuid`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ created_by_request: ['Enter a valid UUID.'] });
  });
});

describe('change record retention', () => {
  it('prunes records older than CHANGELOG_RETENTION days and keeps newer ones', async () => {
    const t = await TestApp.start({ CHANGELOG_RETENTION: '30' });
    try {
      await t.post(TENANTS, { name: 'Old', slug: 'old' });
      const retention = t.app.get(ChangelogRetention);
      expect(await retention.prune()).toBe(0);
      const clock = t.app.get(Clock);
      jest.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + 31 * 24 * 3600 * 1000));
      expect(await retention.prune()).toBe(1);
      jest.restoreAllMocks();
      expect((await t.get(CHANGES)).body.count).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('keeps every record when CHANGELOG_RETENTION is 0', async () => {
    const t = await TestApp.start({ CHANGELOG_RETENTION: '0' });
    try {
      await t.post(TENANTS, { name: 'Kept', slug: 'kept' });
      const clock = t.app.get(Clock);
      jest.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + 3650 * 24 * 3600 * 1000));
      expect(await t.app.get(ChangelogRetention).prune()).toBe(0);
      jest.restoreAllMocks();
      expect((await t.get(CHANGES)).body.count).toBe(1);
    } finally {
      await t.close();
    }
  });
});

describe('content types', () => {
  it('lists every model with a stable id, and finds change records by content type id', async () => {
    const t = await TestApp.start();
    try {
      const res = await t.get('/api/extras/content-types/?app_label=tenancy&model=tenant');
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(1);
      const [tenant] = res.body.results;
      expect(tenant).toMatchObject({ display: 'Tenancy | tenant', app_label: 'tenancy', model: 'tenant' });
      expect(Object.keys(tenant)).toEqual(['id', 'url', 'display', 'app_label', 'model']);
      expect((await t.post('/api/extras/content-types/', { app_label: 'x', model: 'y' })).status).toBe(405);

      await t.post(TENANTS, { name: 'Typed', slug: 'typed' });
      const changes = await t.get(`${CHANGES}?changed_object_type_id=${tenant.id}`);
      expect(changes.body.count).toBe(1);
      expect(changes.body.results[0].changed_object_type).toBe('tenancy.tenant');
      expect((await t.get(`${CHANGES}?changed_object_type_id=abc`)).status).toBe(400);
    } finally {
      await t.close();
    }
  });
});
