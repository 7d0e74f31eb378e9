import { Json, createOne, expectStatus, sleep } from './helpers/seed';
import { slugify, unique } from './helpers/fixtures';
import { statementsOf } from './helpers/queries';
import { TestApp } from './helpers/test-app';

const V4_SITES = '/v4/api/dcim/sites/';
const V3_SITES = '/api/dcim/sites/';
const V4_CHANGES = '/v4/api/core/object-changes/';
const V3_CHANGES = '/api/extras/object-changes/';

/** NetBox 4's generic request features, on /v4/ only: /api/ answers as NetBox 3.5 does, ignoring them. */
describe('NetBox 4.6 request features', () => {
  let t: TestApp;
  let alpha: Json;
  let bravo: Json;
  let charlie: Json;

  beforeAll(async () => {
    t = await TestApp.start();
    [alpha, bravo, charlie] = await Promise.all(['Alpha', 'Bravo', 'Charlie'].map((name) => createOne(t, '/api/extras/tags/', { name: unique(name), slug: slugify(unique(name)) })));
  });
  afterAll(() => t?.close());

  async function site(fields: Json = {}, path = V4_SITES): Promise<Json> {
    const name = unique('Site');
    return createOne(t, path, { name, slug: slugify(name), ...fields });
  }

  /** The change records a request left, as a dialect lists them. */
  async function changesOf(requestId: string, path = V4_CHANGES): Promise<Json[]> {
    const res = await t.get(`${path}?request_id=${requestId}&limit=0`);
    expectStatus(res, 200);
    return res.body.results;
  }

  const tagNames = (object: Json): string[] => object.tags.map((tag: Json) => tag.name).sort();

  describe('changelog_message', () => {
    it('keeps a write’s message on its change record, which /v4/ shows and /api/ does not', async () => {
      const created = await t.post(V4_SITES, { name: unique('Msg'), slug: unique('msg'), changelog_message: 'Commissioned' });
      expectStatus(created, 201);
      expect(created.body).not.toHaveProperty('changelog_message');
      const [record] = await changesOf(created.headers['x-request-id']);
      expect(record).toMatchObject({ action: { value: 'create' }, changed_object_id: created.body.id, message: 'Commissioned' });
      const keys = Object.keys(record);
      expect(keys.indexOf('message')).toBe(keys.indexOf('object_repr') + 1);
      const [v3] = await changesOf(created.headers['x-request-id'], V3_CHANGES);
      expect(v3).not.toHaveProperty('message');

      const patched = await t.patch(`${V4_SITES}${created.body.id}/`, { description: 'moved', changelog_message: 'Moved to hall 2' });
      expectStatus(patched, 200);
      expect((await changesOf(patched.headers['x-request-id']))[0]).toMatchObject({ action: { value: 'update' }, message: 'Moved to hall 2' });

      const deleted = await t.delete(`${V4_SITES}${created.body.id}/`, { changelog_message: 'Decommissioned' });
      expectStatus(deleted, 204);
      expect((await changesOf(deleted.headers['x-request-id']))[0]).toMatchObject({ action: { value: 'delete' }, message: 'Decommissioned' });
    });

    it('leaves the message blank without one, and on the records of what a delete takes along', async () => {
      const parent = await site();
      const plain = await t.patch(`${V4_SITES}${parent.id}/`, { description: 'x' });
      expect((await changesOf(plain.headers['x-request-id']))[0].message).toBe('');
      const location = await createOne(t, '/v4/api/dcim/locations/', { name: unique('Hall'), slug: unique('hall'), site: parent.id });
      const deleted = await t.delete(`${V4_SITES}${parent.id}/`, { changelog_message: 'Site closed' });
      expectStatus(deleted, 204);
      const records = await changesOf(deleted.headers['x-request-id']);
      expect(Object.fromEntries(records.map((r) => [r.changed_object_type, r.message]))).toEqual({ 'dcim.site': 'Site closed', 'dcim.location': '' });
      expect(records.find((r) => r.changed_object_type === 'dcim.location')?.changed_object_id).toBe(location.id);
    });

    it('gives each item of a bulk write its own message', async () => {
      const [a, b] = [await site(), await site()];
      const patched = await t.patch(V4_SITES, [
        { id: a.id, description: 'a', changelog_message: 'First' },
        { id: b.id, description: 'b', changelog_message: 'Second' },
      ]);
      expectStatus(patched, 200);
      const updates = await changesOf(patched.headers['x-request-id']);
      expect(Object.fromEntries(updates.map((r) => [r.changed_object_id, r.message]))).toEqual({ [a.id]: 'First', [b.id]: 'Second' });

      const created = await t.post(V4_SITES, [
        { name: unique('Bulk'), slug: unique('bulk'), changelog_message: 'One' },
        { name: unique('Bulk'), slug: unique('bulk') },
      ]);
      expectStatus(created, 201);
      const creations = await changesOf(created.headers['x-request-id']);
      expect(Object.fromEntries(creations.map((r) => [r.changed_object_id, r.message]))).toEqual({ [created.body[0].id]: 'One', [created.body[1].id]: '' });

      const deleted = await t.delete(V4_SITES, [{ id: a.id, changelog_message: 'Gone' }, { id: b.id }]);
      expectStatus(deleted, 204);
      const deletions = await changesOf(deleted.headers['x-request-id']);
      expect(Object.fromEntries(deletions.map((r) => [r.changed_object_id, r.message]))).toEqual({ [a.id]: 'Gone', [b.id]: '' });
    });

    it('stores any value as NetBox does (Python’s str), and refuses one longer than 200 characters, writing nothing', async () => {
      const target = await site();
      const numeric = await t.patch(`${V4_SITES}${target.id}/`, { changelog_message: 42 });
      expectStatus(numeric, 200);
      expect((await changesOf(numeric.headers['x-request-id']))[0].message).toBe('42');

      const long = await t.patch(`${V4_SITES}${target.id}/`, { description: 'too long', changelog_message: 'x'.repeat(201) });
      expectStatus(long, 400);
      expect(long.body).toEqual({ changelog_message: ['Ensure this field has no more than 200 characters.'] });
      const other = await site();
      const bulk = await t.patch(V4_SITES, [
        { id: target.id, description: 'too long' },
        { id: other.id, description: 'too long', changelog_message: 'x'.repeat(201) },
      ]);
      expectStatus(bulk, 400);
      expect(bulk.body).toEqual([{}, { changelog_message: ['Ensure this field has no more than 200 characters.'] }]);
      expect((await t.get(`${V4_SITES}${target.id}/`)).body.description).toBe('');
      expect((await t.get(`${V4_SITES}${other.id}/`)).body.description).toBe('');
      expectStatus(await t.patch(`${V4_SITES}${target.id}/`, { changelog_message: 'x'.repeat(200) }), 200);
    });

    it('checks a delete’s message as NetBox’s serializer does: blank, null or not a string refused, nothing deleted', async () => {
      const target = await site();
      const url = `${V4_SITES}${target.id}/`;
      expect((await t.delete(url, { changelog_message: '  ' })).body).toEqual({ changelog_message: ['This field may not be blank.'] });
      expect((await t.delete(url, { changelog_message: null })).body).toEqual({ changelog_message: ['This field may not be null.'] });
      expect((await t.delete(url, { changelog_message: { a: 1 } })).body).toEqual({ changelog_message: ['Not a valid string.'] });
      const bulk = await t.delete(V4_SITES, [{ id: target.id, changelog_message: '' }]);
      expectStatus(bulk, 400);
      expect(bulk.body).toEqual([{ changelog_message: ['This field may not be blank.'] }]);
      expectStatus(await t.get(url), 200);
    });

    it('is ignored by /api/, as NetBox 3.5 ignores fields it does not know', async () => {
      const target = await site({}, V3_SITES);
      const url = `${V3_SITES}${target.id}/`;
      const patched = await t.patch(url, { description: 'same', changelog_message: 'x'.repeat(300) });
      expectStatus(patched, 200);
      expect(patched.text).toBe((await t.get(url)).text);
      expect((await changesOf(patched.headers['x-request-id']))[0].message).toBe('');
      const deleted = await t.delete(url, { changelog_message: null });
      expectStatus(deleted, 204);
      expect((await changesOf(deleted.headers['x-request-id']))[0].message).toBe('');
    });
  });

  describe('add_tags and remove_tags', () => {
    it('adds and removes tags without replacing the set, by id or by attributes', async () => {
      const target = await site({ tags: [alpha.id, bravo.id] });
      const url = `${V4_SITES}${target.id}/`;
      const added = await t.patch(url, { add_tags: [{ name: charlie.name }] });
      expectStatus(added, 200);
      expect(tagNames(added.body)).toEqual([alpha.name, bravo.name, charlie.name].sort());
      expect(added.body).not.toHaveProperty('add_tags');
      expect(added.body).not.toHaveProperty('remove_tags');

      const edited = await t.patch(url, { add_tags: [alpha.id], remove_tags: [{ slug: bravo.slug }, charlie.id] });
      expectStatus(edited, 200);
      expect(tagNames(edited.body)).toEqual([alpha.name]);
      const [record] = await changesOf(edited.headers['x-request-id']);
      expect(record.prechange_data.tags).toEqual([alpha.name, bravo.name, charlie.name].sort());
      expect(record.postchange_data.tags).toEqual([alpha.name]);

      // Removing a tag the object does not have changes nothing.
      const unchanged = await t.put(url, { name: target.name, slug: target.slug, remove_tags: [charlie.id] });
      expectStatus(unchanged, 200);
      expect(tagNames(unchanged.body)).toEqual([alpha.name]);
    });

    it('makes a new object’s tags from add_tags', async () => {
      const created = await t.post(V4_SITES, { name: unique('Tagged'), slug: unique('tagged'), add_tags: [alpha.id, { name: bravo.name }] });
      expectStatus(created, 201);
      expect(tagNames(created.body)).toEqual([alpha.name, bravo.name].sort());
      const [record] = await changesOf(created.headers['x-request-id']);
      expect(record.postchange_data.tags).toEqual([alpha.name, bravo.name].sort());
    });

    it('refuses them as NetBox does: beside tags, remove_tags on a creation, a tag both added and removed, a missing tag; nothing written', async () => {
      const target = await site({ tags: [alpha.id] });
      const url = `${V4_SITES}${target.id}/`;
      const both = await t.patch(url, { tags: [bravo.id], add_tags: [charlie.id] });
      expectStatus(both, 400);
      expect(both.body).toEqual({ tags: ['Cannot specify "tags" together with "add_tags" or "remove_tags".'] });
      const creating = await t.post(V4_SITES, { name: unique('New'), slug: unique('new'), remove_tags: [alpha.id] });
      expectStatus(creating, 400);
      expect(creating.body).toEqual({ remove_tags: ['Cannot use "remove_tags" when creating a new object.'] });
      const overlap = await t.patch(url, { add_tags: [bravo.id, charlie.id], remove_tags: [charlie.id, bravo.id] });
      expectStatus(overlap, 400);
      expect(overlap.body).toEqual({ remove_tags: [`Tags may not be present in both "add_tags" and "remove_tags": ${bravo.name}, ${charlie.name}`] });
      const missing = await t.patch(url, { description: 'x', add_tags: [{ name: 'No such tag' }], remove_tags: [999999] });
      expectStatus(missing, 400);
      expect(missing.body).toEqual({
        add_tags: ["Related object not found using the provided attributes: {'name': 'No such tag'}"],
        remove_tags: ['Related object not found using the provided numeric ID: 999999'],
      });
      const notList = await t.patch(url, { add_tags: 'Alpha' });
      expect(notList.body).toEqual({ add_tags: ['Expected a list of items but got type "str".'] });
      const now = (await t.get(url)).body;
      expect(tagNames(now)).toEqual([alpha.name]);
      expect(now.description).toBe('');
    });

    it('edits each item’s tags on a bulk PATCH', async () => {
      const [a, b] = [await site({ tags: [alpha.id] }), await site({ tags: [alpha.id, bravo.id] })];
      const res = await t.patch(V4_SITES, [
        { id: a.id, add_tags: [bravo.id, charlie.id] },
        { id: b.id, remove_tags: [alpha.id], changelog_message: 'untagged' },
      ]);
      expectStatus(res, 200);
      const byId = Object.fromEntries(res.body.map((o: Json) => [o.id, tagNames(o)]));
      expect(byId).toEqual({ [a.id]: [alpha.name, bravo.name, charlie.name].sort(), [b.id]: [bravo.name] });
      const records = await changesOf(res.headers['x-request-id']);
      expect(Object.fromEntries(records.map((r) => [r.changed_object_id, r.postchange_data.tags]))).toEqual(byId);

      const refused = await t.patch(V4_SITES, [
        { id: a.id, remove_tags: [alpha.id] },
        { id: b.id, tags: [alpha.id], add_tags: [charlie.id] },
      ]);
      expectStatus(refused, 400);
      expect(refused.body).toEqual([{}, { tags: ['Cannot specify "tags" together with "add_tags" or "remove_tags".'] }]);
      expect(tagNames((await t.get(`${V4_SITES}${a.id}/`)).body)).toEqual([alpha.name, bravo.name, charlie.name].sort());
    });

    it('are ignored by /api/: the set stays, the answer is 3.5’s', async () => {
      const target = await site({ tags: [alpha.id] }, V3_SITES);
      const url = `${V3_SITES}${target.id}/`;
      const res = await t.patch(url, { description: 'kept', add_tags: [bravo.id], remove_tags: [alpha.id] });
      expectStatus(res, 200);
      expect(tagNames(res.body)).toEqual([alpha.name]);
      expect(res.text).toBe((await t.get(url)).text);
      // Tags given with them are the set, as ever.
      const replaced = await t.patch(url, { tags: [bravo.id], add_tags: [charlie.id] });
      expectStatus(replaced, 200);
      expect(tagNames(replaced.body)).toEqual([bravo.name]);
    });
  });

  describe('fields and omit', () => {
    let group: Json;
    let tagged: Json;

    beforeAll(async () => {
      group = await createOne(t, '/api/dcim/site-groups/', { name: unique('Group'), slug: unique('group') });
      const region = await createOne(t, '/api/dcim/regions/', { name: unique('Region'), slug: unique('region') });
      const tenant = await createOne(t, '/api/tenancy/tenants/', { name: unique('Tenant'), slug: unique('tenant') });
      tagged = await site({ group: group.id, region: region.id, tenant: tenant.id, tags: [alpha.id], description: 'chosen' });
      await site({ group: group.id, tags: [bravo.id] });
    });

    it('answers only the fields asked for, in the full form’s order, on lists and details', async () => {
      const list = await t.get(`${V4_SITES}?group_id=${group.id}&fields=name,id`);
      expectStatus(list, 200);
      expect(list.body.count).toBe(2);
      for (const object of list.body.results) expect(Object.keys(object)).toEqual(['id', 'name']);
      const detail = await t.get(`${V4_SITES}${tagged.id}/?fields=tags,display_url,region,device_count`);
      expect(Object.keys(detail.body)).toEqual(['display_url', 'region', 'tags', 'device_count']);
      // Nested objects keep their own (brief) form.
      expect(Object.keys(detail.body.region)).toEqual(Object.keys(tagged.region));
      expect(detail.body.tags[0]).toEqual(tagged.tags[0]);
    });

    it('leaves out the fields omitted', async () => {
      const full = (await t.get(`${V4_SITES}${tagged.id}/`)).body;
      const omitted = (await t.get(`${V4_SITES}${tagged.id}/?omit=tags,custom_fields,comments`)).body;
      expect(omitted).toEqual(Object.fromEntries(Object.entries(full).filter(([key]) => !['tags', 'custom_fields', 'comments'].includes(key))));
    });

    it('reads them as NetBox 4 does: the dialect’s names, unknown ones ignored, fields before omit, both from the full form even when brief', async () => {
      const url = `${V4_SITES}${tagged.id}/`;
      expect((await t.get(`${url}?fields=id,no_such_field`)).body).toEqual({ id: tagged.id });
      expect((await t.get(`${url}?fields=no_such_field`)).body).toEqual({});
      expect((await t.get(`${url}?fields=id,name&omit=name`)).body).toEqual({ id: tagged.id, name: tagged.name });
      expect((await t.get(`${url}?brief=1&fields=id,status`)).body).toEqual({ id: tagged.id, status: tagged.status });
      const briefOmitted = (await t.get(`${url}?brief=1&omit=tags`)).body;
      expect(briefOmitted).toHaveProperty('status');
      expect(briefOmitted).not.toHaveProperty('tags');
      expect(Object.keys((await t.get(`${url}?fields=`)).body)).toEqual(Object.keys(tagged));
      // Names are split at commas as sent: ` name` is no field.
      expect((await t.get(`${url}?fields=id,%20name`)).body).toEqual({ id: tagged.id });
      // The last of a repeated parameter counts.
      expect((await t.get(`${url}?fields=name&fields=id`)).body).toEqual({ id: tagged.id });
    });

    it('names a field as the dialect does: a device’s role, not 3.5’s device_role', async () => {
      const manufacturer = await createOne(t, '/api/dcim/manufacturers/', { name: unique('Maker'), slug: unique('maker') });
      const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: manufacturer.id, model: unique('Model'), slug: unique('model') });
      const role = await createOne(t, '/api/dcim/device-roles/', { name: unique('Role'), slug: unique('role') });
      const device = await createOne(t, '/v4/api/dcim/devices/', { name: unique('dev'), device_type: type.id, role: role.id, site: tagged.id });
      const url = `/v4/api/dcim/devices/${device.id}/`;
      expect(Object.keys((await t.get(`${url}?fields=role,name,device_role`)).body)).toEqual(['name', 'role']);
      expect((await t.get(`${url}?omit=role`)).body).not.toHaveProperty('role');
    });

    it('chooses the keys of a write’s answer too', async () => {
      const res = await t.patch(`${V4_SITES}${tagged.id}/?fields=id,description`, { description: 'rewritten' });
      expectStatus(res, 200);
      expect(res.body).toEqual({ id: tagged.id, description: 'rewritten' });
      const bulk = await t.patch(`${V4_SITES}?omit=tags`, [{ id: tagged.id, description: 'chosen' }]);
      expect(bulk.body[0]).not.toHaveProperty('tags');
      expect(bulk.body[0].description).toBe('chosen');
    });

    it('reads nothing for what is left out, and never costs a page more statements', async () => {
      const related = /tenancy_tenant|dcim_region|extras_taggeditem|dcim_rack/;
      const chosen = await statementsOf(t, () => t.get(`${V4_SITES}?group_id=${group.id}&fields=id,name,description`).expect(200));
      const full = await statementsOf(t, () => t.get(`${V4_SITES}?group_id=${group.id}`).expect(200));
      expect(chosen.filter((sql) => related.test(sql))).toEqual([]);
      expect(full.some((sql) => related.test(sql))).toBe(true);
      expect(chosen.length).toBeLessThanOrEqual(full.length);
      const omitted = await statementsOf(t, () => t.get(`${V4_SITES}?group_id=${group.id}&omit=tags,tenant,region`).expect(200));
      expect(omitted.length).toBeLessThanOrEqual(full.length);
      // A list remembered with one choice is not answered for another.
      const again = (await t.get(`${V4_SITES}?group_id=${group.id}&fields=id`)).body.results;
      expect(again.map((o: Json) => Object.keys(o))).toEqual([['id'], ['id']]);
    });

    it('are ignored by /api/: the answer is 3.5’s, byte for byte', async () => {
      const list = (await t.get(`${V3_SITES}?group_id=${group.id}`)).text;
      expect((await t.get(`${V3_SITES}?group_id=${group.id}&fields=id&omit=name`)).text).toBe(list);
      const detail = (await t.get(`${V3_SITES}${tagged.id}/`)).text;
      expect((await t.get(`${V3_SITES}${tagged.id}/?fields=id`)).text).toBe(detail);
      expect((await t.get(`${V3_SITES}${tagged.id}/?omit=name`)).text).toBe(detail);
      const brief = (await t.get(`${V3_SITES}${tagged.id}/?brief=1`)).text;
      expect((await t.get(`${V3_SITES}${tagged.id}/?brief=1&fields=status`)).text).toBe(brief);
    });
  });

  describe('ETag and If-Match', () => {
    /** The weak ETag NetBox 4.6 builds from an object's `last_updated`: Python's isoformat() of it. */
    const etagOf = (object: Json): string => `W/"${object.last_updated.replace(/\.000000Z$/, 'Z').replace(/Z$/, '+00:00')}"`;

    it('answers a single object with a weak ETag from its last change, /v4/ only; a list, never', async () => {
      const target = await site();
      const url = `${V4_SITES}${target.id}/`;
      const res = await t.get(url);
      expectStatus(res, 200);
      expect(res.headers.etag).toBe(etagOf(res.body));
      expect(res.headers.etag).toMatch(/^W\/"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?\+00:00"$/);
      expect((await t.get(`${V4_SITES}?id=${target.id}`)).headers.etag).toBeUndefined();
      expect((await t.get(`${V3_SITES}${target.id}/`)).headers.etag).toBeUndefined();
      // No conditional GET: NetBox answers If-None-Match with the object.
      const again = await t.get(url).set('If-None-Match', res.headers.etag);
      expectStatus(again, 200);
      expect(again.body.id).toBe(target.id);
      // An object with neither a creation nor a change time has none.
      const [record] = (await t.get(`${V4_CHANGES}?limit=1`)).body.results;
      expect((await t.get(`${V4_CHANGES}${record.id}/`)).headers.etag).toBeUndefined();
    });

    it('sends the ETag of an object created or changed alone, not of a bulk write’s nor a delete', async () => {
      const created = await t.post(V4_SITES, { name: unique('Tagged'), slug: unique('tagged') });
      expectStatus(created, 201);
      expect(created.headers.etag).toBe(etagOf(created.body));
      await sleep(5);
      const patched = await t.patch(`${V4_SITES}${created.body.id}/`, { description: 'changed' });
      expect(patched.headers.etag).toBe(etagOf(patched.body));
      expect(patched.headers.etag).not.toBe(created.headers.etag);
      const bulk = await t.post(V4_SITES, [{ name: unique('Bulk'), slug: unique('bulk') }]);
      expectStatus(bulk, 201);
      expect(bulk.headers.etag).toBeUndefined();
      expect((await t.patch(V4_SITES, [{ id: created.body.id, description: 'again' }])).headers.etag).toBeUndefined();
      const deleted = await t.delete(`${V4_SITES}${created.body.id}/`);
      expectStatus(deleted, 204);
      expect(deleted.headers.etag).toBeUndefined();
    });

    it('writes when If-Match names the object’s ETag (among others, or *), and refuses a stale one with 412, writing nothing', async () => {
      const target = await site();
      const url = `${V4_SITES}${target.id}/`;
      const stale = (await t.get(url)).headers.etag;
      await sleep(5);
      const first = await t.patch(url, { description: 'first' }).set('If-Match', `W/"1999-01-01T00:00:00+00:00", ${stale}`);
      expectStatus(first, 200);
      const current = first.headers.etag;

      for (const write of [
        () => t.patch(url, { description: 'lost update' }),
        () => t.put(url, { name: target.name, slug: target.slug, description: 'lost update' }),
        () => t.delete(url),
        // The precondition is checked before the body.
        () => t.patch(url, { status: 'no such status', changelog_message: 'x'.repeat(300) }),
      ]) {
        const refused = await write().set('If-Match', stale);
        expectStatus(refused, 412);
        expect(refused.body).toEqual({ detail: 'Precondition failed.' });
        expect(refused.headers.etag).toBe(current);
        expect(await changesOf(refused.headers['x-request-id'])).toEqual([]);
      }
      const now = await t.get(url);
      expect(now.body.description).toBe('first');
      expect(now.headers.etag).toBe(current);

      // What does not exist is not found, whatever the precondition.
      expectStatus(await t.patch(`${V4_SITES}999999/`, { description: 'x' }).set('If-Match', stale), 404);
      expectStatus(await t.delete(`${V4_SITES}99999999999/`).set('If-Match', stale), 404);
      expectStatus(await t.patch(url, { description: 'any' }).set('If-Match', '*'), 200);
      const fresh = (await t.get(url)).headers.etag;
      expectStatus(await t.delete(url, { changelog_message: 'checked' }).set('If-Match', fresh), 204);
      expectStatus(await t.get(url), 404);
    });

    it('holds each object of a bulk write to If-Match, refusing them all for one stale', async () => {
      const [a, b] = [await site(), await site()];
      const tagA = (await t.get(`${V4_SITES}${a.id}/`)).headers.etag;
      const tagB = (await t.get(`${V4_SITES}${b.id}/`)).headers.etag;
      await sleep(5);
      expectStatus(await t.patch(`${V4_SITES}${b.id}/`, { description: 'moved on' }), 200);
      const refused = await t.patch(V4_SITES, [{ id: a.id, description: 'x' }, { id: b.id, description: 'x' }]).set('If-Match', `${tagA}, ${tagB}`);
      expectStatus(refused, 412);
      expect(refused.body).toEqual({ detail: 'Precondition failed.' });
      expect((await t.get(`${V4_SITES}${a.id}/`)).body.description).toBe('');
      expectStatus(await t.delete(V4_SITES, [{ id: a.id }, { id: b.id }]).set('If-Match', `${tagA}, ${tagB}`), 412);
      const both = `${tagA}, ${(await t.get(`${V4_SITES}${b.id}/`)).headers.etag}`;
      expectStatus(await t.patch(V4_SITES, [{ id: a.id, description: 'x' }, { id: b.id, description: 'x' }]).set('If-Match', both), 200);
    });

    it('finds no object by an id beyond any row, on either base', async () => {
      for (const base of [V4_SITES, V3_SITES]) {
        expectStatus(await t.patch(`${base}99999999999/`, { description: 'x' }), 404);
        expectStatus(await t.delete(`${base}99999999999/`), 404);
      }
    });

    it('is ignored by /api/, which writes whatever If-Match says', async () => {
      const target = await site({}, V3_SITES);
      const url = `${V3_SITES}${target.id}/`;
      const res = await t.patch(url, { description: 'written' }).set('If-Match', 'W/"1999-01-01T00:00:00+00:00"');
      expectStatus(res, 200);
      expect(res.headers.etag).toBeUndefined();
      expect(res.text).toBe((await t.get(url)).text);
      expectStatus(await t.delete(url).set('If-Match', 'W/"1999-01-01T00:00:00+00:00"'), 204);
    });
  });

  describe('the OpenAPI document', () => {
    async function schemaOf(url: string): Promise<Json> {
      const res = await t.get(url).buffer(true);
      expectStatus(res, 200);
      return JSON.parse(res.text);
    }

    it('declares fields, omit and brief on every GET of /v4/, as NetBox 4.6’s schema does, and not on /api/', async () => {
      const v4 = await schemaOf('/v4/api/schema/?format=json');
      const params = (operation: Json) => Object.fromEntries((operation.parameters as Json[]).map((p) => [p.name, p]));
      for (const operation of [v4.paths['/v4/api/dcim/sites/'].get, v4.paths['/v4/api/dcim/sites/{id}/'].get]) {
        const byName = params(operation);
        expect(byName.fields).toEqual({ name: 'fields', in: 'query', description: 'Comma-separated list of fields to include in the response. Example: `fields=id,name`.', schema: { type: 'string' } });
        expect(byName.omit).toEqual({ name: 'omit', in: 'query', description: 'Comma-separated list of fields to exclude from the response. Example: `omit=description,tags`.', schema: { type: 'string' } });
        expect(byName.brief).toEqual({ name: 'brief', in: 'query', description: 'Return only brief fields for each object.', schema: { type: 'boolean' } });
      }
      expect(Object.keys(params(v4.paths['/v4/api/dcim/sites/{id}/'].put))).toEqual(['id']);
      // NetBox's serializers leave add_tags and remove_tags out of their fields: its schema does not list them.
      expect(v4.components.schemas.WritableSiteRequest.properties).not.toHaveProperty('add_tags');

      const v3 = await schemaOf('/api/schema/?format=json');
      expect(Object.keys(params(v3.paths['/api/dcim/sites/'].get))).not.toContain('fields');
      expect(Object.keys(params(v3.paths['/api/dcim/sites/'].get))).not.toContain('omit');
      expect(Object.keys(params(v3.paths['/api/dcim/sites/{id}/'].get))).toEqual(['id']);
    });
  });
});
