import type { Response } from 'supertest';
import { TestApp } from './helpers/test-app';
import { bulkCreate, createOne, expectStatus, Json, TENANT_GROUPS, TENANTS } from './helpers/seed';
import { byId, countOf, fetchOne, isGone, makeGroup, makeTenant, slugify, unique } from './helpers/fixtures';

jest.setTimeout(120_000);

const REQUIRED = 'This field is required.';
const SLUG_INVALID = 'Enter a valid "slug" consisting of letters, numbers, underscores or hyphens.';

/** A tenant body with a unique name and its slug. */
function tenantBody(prefix: string, fields: Json = {}): Json {
  const name = unique(prefix);
  return { name, slug: slugify(name), ...fields };
}

describe('bulk operations on the list paths', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t?.close());

  describe('bulk create (POST an array)', () => {
    it('creates every object and answers 201 with the created objects in the order given', async () => {
      const group = await makeGroup(t, 'Bulk Customers');
      // Not in name order, so that an answer sorted by name would show.
      const bodies = [
        tenantBody('Zenith', { group: group.id, description: 'first' }),
        tenantBody('Acme', { comments: 'second' }),
        tenantBody('Monarch', { group: { slug: group.slug } }),
      ];
      const before = await countOf(t, TENANTS);
      const res = await t.post(TENANTS, bodies);
      expectStatus(res, 201);
      expect(Array.isArray(res.body)).toBe(true);
      expect(res.body.map((o: Json) => o.name)).toEqual(bodies.map((b) => b.name));
      expect(res.body[0]).toMatchObject({ group: { id: group.id }, description: 'first', comments: '' });
      expect(res.body[1]).toMatchObject({ group: null, description: '', comments: 'second' });
      expect(res.body[2]).toMatchObject({ group: { id: group.id } });
      expect(new Set(res.body.map((o: Json) => o.id)).size).toBe(3);
      for (const created of res.body) expect(await fetchOne(t, TENANTS, created.id)).toEqual(created);
      expect(await countOf(t, TENANTS)).toBe(before + 3);
    });

    it('creates tenant groups from an array, one naming as parent a group that exists', async () => {
      const parent = await makeGroup(t, 'Bulk Region');
      const names = [unique('Bulk Lisbon'), unique('Bulk Porto')];
      const res = await t.post(TENANT_GROUPS, [
        { name: names[0], slug: slugify(names[0]), parent: parent.id },
        { name: names[1], slug: slugify(names[1]), parent: { slug: parent.slug } },
      ]);
      expectStatus(res, 201);
      expect(res.body).toEqual([
        expect.objectContaining({ name: names[0], parent: expect.objectContaining({ id: parent.id }), _depth: 1 }),
        expect.objectContaining({ name: names[1], parent: expect.objectContaining({ id: parent.id }), _depth: 1 }),
      ]);
    });

    it('rejects an array with one invalid object: 400 with one error object per item, {} for the valid ones, and creates none', async () => {
      const bodies = [tenantBody('Valid One'), { slug: unique('no-name') }, tenantBody('Valid Two')];
      const before = await countOf(t, TENANTS);
      const res = await t.post(TENANTS, bodies);
      expectStatus(res, 400);
      expect(res.body).toEqual([{}, { name: [REQUIRED] }, {}]);
      expect(await countOf(t, TENANTS)).toBe(before);
      const valid = await t.get(`${TENANTS}?name=${encodeURIComponent(bodies[0].name)}`);
      expect(valid.body.count).toBe(0);
    });

    it('reports the errors of each invalid item at its position', async () => {
      const res = await t.post(TENANTS, [
        { name: 'n'.repeat(101), slug: unique('too-long') },
        tenantBody('Fine'),
        { name: unique('Bad Slug'), slug: 'a b', group: 99999 },
      ]);
      expectStatus(res, 400);
      expect(res.body).toEqual([
        { name: ['Ensure this field has no more than 100 characters.'] },
        {},
        { slug: [SLUG_INVALID], group: ['Related object not found using the provided numeric ID: 99999'] },
      ]);
    });
    it("checks each body against those before it in the array: a repeated name is the later one's error", async () => {
      const first = tenantBody('Twice');
      const before = await countOf(t, TENANTS);
      const res = await t.post(TENANTS, [first, tenantBody('Between'), { ...first }]);
      expectStatus(res, 400);
      expect(await countOf(t, TENANTS)).toBe(before);
      // The same error as the body posted alone once the first exists.
      await createOne(t, TENANTS, first);
      const alone = await t.post(TENANTS, first);
      expectStatus(alone, 400);
      expect(res.body).toEqual([{}, {}, alone.body]);
      expect(alone.body).toEqual({ __all__: expect.arrayContaining([expect.stringContaining('tenancy_tenant_unique_name')]) });
    });

    it('refuses an address repeated in one array when its VRF enforces unique space, and creates none', async () => {
      const vrf = await createOne(t, '/api/ipam/vrfs/', { name: unique('Unique VRF'), enforce_unique: true });
      const addresses = ['192.0.2.1/24', '192.0.2.2/24', '192.0.2.1/24'].map((address) => ({ address, vrf: vrf.id }));
      const res = await t.post('/api/ipam/ip-addresses/', addresses);
      expectStatus(res, 400);
      expect(res.body).toEqual([{}, {}, { address: [`Duplicate IP address found in VRF ${vrf.name}: 192.0.2.1/24`] }]);
      expect((await t.get(`/api/ipam/ip-addresses/?vrf_id=${vrf.id}`)).body.count).toBe(0);
      expectStatus(await t.post('/api/ipam/ip-addresses/', addresses.slice(0, 2)), 201);
      expect((await t.get(`/api/ipam/ip-addresses/?vrf_id=${vrf.id}`)).body.count).toBe(2);
    });

    it('creates objects with tags and many-to-many sets, each recorded in its change record as given', async () => {
      const tags = await bulkCreate(t, '/api/extras/tags/', [
        { name: unique('Blue'), slug: unique('blue') },
        { name: unique('Amber'), slug: unique('amber') },
      ]);
      const targets = await bulkCreate(t, '/api/ipam/route-targets/', [{ name: unique('65000:') }, { name: unique('65001:') }]);
      const res = await t.post('/api/ipam/vrfs/', [
        { name: unique('Red'), tags: [tags[0].id, { slug: tags[1].slug }], import_targets: [targets[1].id, targets[0].id, targets[1].id] },
        { name: unique('Green') },
        { name: unique('Blue'), tags: [tags[1].id], export_targets: [targets[0].id] },
      ]);
      expectStatus(res, 201);
      const ids = (list: Json[]) => list.map((o) => o.id).sort((x: number, y: number) => x - y);
      expect(res.body.map((v: Json) => [ids(v.tags), ids(v.import_targets), ids(v.export_targets)])).toEqual([
        [ids(tags), ids(targets), []],
        [[], [], []],
        [[tags[1].id], [], [targets[0].id]],
      ]);
      for (const created of res.body) expect(await fetchOne(t, '/api/ipam/vrfs/', created.id)).toEqual(created);
      const changes = (await t.get(`/api/extras/object-changes/?changed_object_type=ipam.vrf&request_id=${res.headers['x-request-id']}`)).body.results;
      const after = Object.fromEntries(changes.map((c: Json) => [c.changed_object_id, c.postchange_data]));
      expect(after[res.body[0].id]).toMatchObject({ tags: [tags[0].name, tags[1].name].sort(), import_targets: ids(targets), export_targets: [] });
      expect(after[res.body[1].id]).toMatchObject({ tags: [], import_targets: [], export_targets: [] });
      expect(after[res.body[2].id]).toMatchObject({ tags: [tags[1].name], import_targets: [], export_targets: [targets[0].id] });
    });
  });

  describe('bulk update (PUT or PATCH an array)', () => {
    it('PATCH on the list path updates each object with its own fields and answers 200 with the updated objects', async () => {
      const a = await makeTenant(t, 'Patch A', { description: 'a before', comments: 'a comments' });
      const b = await makeTenant(t, 'Patch B', { description: 'b before', comments: 'b comments' });
      const res = await t.patch(TENANTS, [
        { id: a.id, description: 'a after' },
        { id: b.id, comments: 'b after' },
      ]);
      expectStatus(res, 200);
      expect(Array.isArray(res.body)).toBe(true);
      const [readA, readB] = [await fetchOne(t, TENANTS, a.id), await fetchOne(t, TENANTS, b.id)];
      expect(readA).toMatchObject({ name: a.name, slug: a.slug, description: 'a after', comments: 'a comments' });
      expect(readB).toMatchObject({ name: b.name, slug: b.slug, description: 'b before', comments: 'b after' });
      expect(byId(res.body)).toEqual(byId([readA, readB]));
    });

    it('PUT on the list path updates each object given its required fields', async () => {
      const group = await makeGroup(t, 'Put Group');
      const a = await makeTenant(t, 'Put A');
      const b = await makeTenant(t, 'Put B', { description: 'kept' });
      const [nameA, nameB] = [unique('Put A renamed'), unique('Put B renamed')];
      const res = await t.put(TENANTS, [
        { id: a.id, name: nameA, slug: slugify(nameA), group: group.id },
        { id: b.id, name: nameB, slug: slugify(nameB) },
      ]);
      expectStatus(res, 200);
      expect(byId(res.body)).toEqual([
        expect.objectContaining({ id: a.id, name: nameA, slug: slugify(nameA), group: expect.objectContaining({ id: group.id }) }),
        expect.objectContaining({ id: b.id, name: nameB, slug: slugify(nameB), description: 'kept' }),
      ]);
      expect(await fetchOne(t, TENANTS, a.id)).toMatchObject({ name: nameA, group: { id: group.id } });
      expect(await fetchOne(t, TENANTS, b.id)).toMatchObject({ name: nameB });
    });

    it('PATCH on the tenant groups list path moves groups and renames them', async () => {
      const parent = await makeGroup(t, 'Bulk Parent');
      const a = await makeGroup(t, 'Bulk Child A');
      const b = await makeGroup(t, 'Bulk Child B');
      const res = await t.patch(TENANT_GROUPS, [
        { id: a.id, parent: parent.id },
        { id: b.id, description: 'renamed', parent: { slug: parent.slug } },
      ]);
      expectStatus(res, 200);
      expect(byId(res.body)).toEqual([
        expect.objectContaining({ id: a.id, _depth: 1, parent: expect.objectContaining({ id: parent.id }) }),
        expect.objectContaining({ id: b.id, _depth: 1, description: 'renamed' }),
      ]);
    });

    it('rejects a bulk PUT that omits a required field with 400, changing nothing', async () => {
      const a = await makeTenant(t, 'Put Strict A');
      const b = await makeTenant(t, 'Put Strict B');
      const name = unique('Put Strict renamed');
      const res = await t.put(TENANTS, [
        { id: a.id, name, slug: slugify(name) },
        { id: b.id, description: 'no name, no slug' },
      ]);
      expectStatus(res, 400);
      expect(JSON.stringify(res.body)).toContain(REQUIRED);
      expect(await fetchOne(t, TENANTS, a.id)).toEqual(a);
      expect(await fetchOne(t, TENANTS, b.id)).toEqual(b);
    });

    it('rejects a bulk update naming an unknown id with 400 naming it, changing nothing', async () => {
      const tenant = await makeTenant(t, 'Known', { description: 'unchanged' });
      for (const send of [t.patch.bind(t), t.put.bind(t)]) {
        const res = await send(TENANTS, [
          { id: tenant.id, name: tenant.name, slug: tenant.slug, description: 'changed' },
          { id: 99999, name: unique('Ghost'), slug: unique('ghost'), description: 'changed' },
        ]);
        expectStatus(res, 400);
        expect(JSON.stringify(res.body)).toContain('99999');
      }
      expect(await fetchOne(t, TENANTS, tenant.id)).toEqual(tenant);
    });

    it('rejects a bulk PATCH where one object fails validation with 400, changing none', async () => {
      // Named so that the valid object sorts first: an update applied before the failure must be rolled back.
      const valid = await makeTenant(t, 'Aaa Rollback', { description: 'unchanged' });
      const invalid = await makeTenant(t, 'Zzz Rollback', { description: 'unchanged' });
      const res = await t.patch(TENANTS, [
        { id: valid.id, description: 'changed' },
        { id: invalid.id, description: 'changed', slug: 'a b' },
      ]);
      expectStatus(res, 400);
      expect(JSON.stringify(res.body)).toContain(JSON.stringify(SLUG_INVALID));
      expect(await fetchOne(t, TENANTS, valid.id)).toEqual(valid);
      expect(await fetchOne(t, TENANTS, invalid.id)).toEqual(invalid);
    });

    it('rejects a bulk PATCH that would break a uniqueness rule, changing none', async () => {
      const first = await makeGroup(t, 'Unique First');
      const second = await makeGroup(t, 'Unique Second');
      const res = await t.patch(TENANT_GROUPS, [
        { id: first.id, description: 'changed' },
        { id: second.id, name: first.name },
      ]);
      expectStatus(res, 400);
      expect(JSON.stringify(res.body)).toContain('tenant group with this name already exists.');
      expect(await fetchOne(t, TENANT_GROUPS, first.id)).toEqual(first);
      expect(await fetchOne(t, TENANT_GROUPS, second.id)).toEqual(second);
    });
  });

  describe('bulk delete (DELETE an array of {id})', () => {
    it('deletes every object named and answers 204 with an empty body', async () => {
      const a = await makeTenant(t, 'Delete A');
      const b = await makeTenant(t, 'Delete B');
      const keep = await makeTenant(t, 'Delete Keep');
      const res = await t.delete(TENANTS, [{ id: a.id }, { id: b.id }]);
      expectStatus(res, 204);
      expect(res.text).toBe('');
      expect(await isGone(t, TENANTS, a.id)).toBe(true);
      expect(await isGone(t, TENANTS, b.id)).toBe(true);
      expect(await isGone(t, TENANTS, keep.id)).toBe(false);
    });

    it('deletes tenant groups with their descendants, leaving their tenants without group', async () => {
      const a = await makeGroup(t, 'Delete Group A');
      const child = await makeGroup(t, 'Delete Group A Child', { parent: a.id });
      const b = await makeGroup(t, 'Delete Group B');
      const tenant = await makeTenant(t, 'Delete Group Tenant', { group: child.id });
      const res = await t.delete(TENANT_GROUPS, [{ id: a.id }, { id: b.id }]);
      expectStatus(res, 204);
      for (const group of [a, child, b]) expect(await isGone(t, TENANT_GROUPS, group.id)).toBe(true);
      expect((await fetchOne(t, TENANTS, tenant.id)).group).toBeNull();
    });

    it('rejects a bulk delete naming an unknown id with 400 naming it, deleting nothing', async () => {
      const a = await makeTenant(t, 'Survivor A');
      const b = await makeTenant(t, 'Survivor B');
      const before = await countOf(t, TENANTS);
      const res = await t.delete(TENANTS, [{ id: a.id }, { id: 99999 }, { id: b.id }]);
      expectStatus(res, 400);
      expect(JSON.stringify(res.body)).toContain('99999');
      expect(await countOf(t, TENANTS)).toBe(before);
      expect(await isGone(t, TENANTS, a.id)).toBe(false);
      expect(await isGone(t, TENANTS, b.id)).toBe(false);
    });
  });

  describe('bulk bodies without ids', () => {
    it('rejects items without id in PATCH, PUT and DELETE: 400 [{}, {"id": ["This field is required."]}], changing nothing', async () => {
      const tenant = await makeTenant(t, 'Has Id', { description: 'unchanged' });
      const answers: [string, Response][] = [
        ['PATCH', await t.patch(TENANTS, [{ id: tenant.id, description: 'changed' }, { description: 'changed' }])],
        ['PUT', await t.put(TENANTS, [{ id: tenant.id, name: tenant.name, slug: tenant.slug, description: 'changed' }, tenantBody('No Id')])],
        ['DELETE', await t.delete(TENANTS, [{ id: tenant.id }, {}])],
      ];
      for (const [method, res] of answers) {
        expect({ method, status: res.status, body: res.body }).toEqual({ method, status: 400, body: [{}, { id: [REQUIRED] }] });
      }
      expect(await fetchOne(t, TENANTS, tenant.id)).toEqual(tenant);
    });

    it('rejects an id that is not an integer: 400 [{"id": ["A valid integer is required."]}]', async () => {
      const res = await t.delete(TENANTS, [{ id: 'abc' }]);
      expectStatus(res, 400);
      expect(res.body).toEqual([{ id: ['A valid integer is required.'] }]);
    });
  });
});
