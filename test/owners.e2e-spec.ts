import { statementsDuring } from './helpers/queries';
import { Json, createOne, expectStatus } from './helpers/seed';
import { TestApp } from './helpers/test-app';

const GROUPS = '/v4/api/users/owner-groups/';
const OWNERS = '/v4/api/users/owners/';

/** NetBox 4.5's owners and owner groups, and the `owner` most models gained with them: /v4 only. */
describe("4.5's owners on /v4", () => {
  let t: TestApp;
  let alice: Json;
  let bob: Json;
  let netops: Json;
  let manufacturer: Json;
  let deviceType: Json;
  let role: Json;
  let n = 0;
  const unique = (prefix: string) => `${prefix}-${++n}`;

  beforeAll(async () => {
    t = await TestApp.start({ READ_CACHE: 'false' });
    alice = await createOne(t, '/api/users/users/', { username: 'alice', password: 'alice-password-1' });
    bob = await createOne(t, '/api/users/users/', { username: 'bob', password: 'bob-password-1' });
    netops = await createOne(t, '/api/users/groups/', { name: 'netops' });
    manufacturer = await createOne(t, '/api/dcim/manufacturers/', { name: 'Juniper', slug: 'juniper' });
    deviceType = await createOne(t, '/api/dcim/device-types/', { manufacturer: manufacturer.id, model: 'MX204', slug: 'mx204' });
    role = await createOne(t, '/api/dcim/device-roles/', { name: 'Router', slug: 'router' });
  });
  afterAll(() => t?.close());

  const read = async (url: string) => {
    const res = await t.get(url);
    expectStatus(res, 200);
    return res.body;
  };
  const names = async (url: string, key = 'name') => (await read(url)).results.map((o: Json) => o[key]);
  const refused = async (res: Promise<{ status: number; body: Json }>, status = 400) => {
    const answer = await res;
    expect({ status: answer.status, body: answer.body }).toEqual({ status, body: expect.anything() });
    return answer.body;
  };
  const count = async (url: string) => (await read(`${url}?limit=1`)).count;
  const site = (fields: Json = {}) => createOne(t, '/v4/api/dcim/sites/', { name: unique('site'), slug: unique('site'), ...fields });

  describe('generations', () => {
    it('serves owners and owner groups below /v4 only, in its root and schema', async () => {
      for (const route of ['owners', 'owner-groups']) {
        expect((await t.get(`/api/users/${route}/`)).status).toBe(404);
        expect((await t.get(`/v3/api/users/${route}/`)).status).toBe(404);
        expect((await read(`/v4/api/users/${route}/`)).count).toEqual(expect.any(Number));
        expect(await read('/api/users/')).not.toHaveProperty([route]);
        expect((await read('/v4/api/users/'))[route]).toMatch(new RegExp(`/v4/api/users/${route}/$`));
      }
      const doc = await read('/v4/api/schema/?format=json');
      expect(doc.paths).toHaveProperty(['/v4/api/users/owners/{id}/']);
      const params = doc.paths['/v4/api/users/owners/'].get.parameters.map((p: Json) => p.name);
      expect(params).toEqual(expect.arrayContaining(['name', 'group_id', 'group', 'user_id', 'user', 'user_group_id', 'user_group', 'q']));
      const siteParams = doc.paths['/v4/api/dcim/sites/'].get.parameters.map((p: Json) => p.name);
      expect(siteParams).toEqual(expect.arrayContaining(['owner', 'owner_id', 'owner__n', 'owner_id__n', 'owner_group', 'owner_group_id']));
      expect(doc.components.schemas.Site.properties).toHaveProperty('owner');
      const v3 = await read('/api/schema/?format=json');
      const v3Params = v3.paths['/api/dcim/sites/'].get.parameters.map((p: Json) => p.name);
      expect(v3Params.filter((name: string) => name.startsWith('owner'))).toEqual([]);
      expect(Object.entries(v3.components.schemas).filter(([, schema]) => 'owner' in ((schema as Json).properties ?? {})).map(([name]) => name)).toEqual([]);
    });
  });

  describe('owner groups', () => {
    it('are created, read in full and brief, updated and deleted', async () => {
      const group = await createOne(t, GROUPS, { name: 'Network', description: 'the network team' });
      expect(Object.keys(group)).toEqual(['id', 'url', 'display_url', 'display', 'name', 'description', 'member_count']);
      expect(group).toMatchObject({ display: 'Network', name: 'Network', description: 'the network team', member_count: 0 });
      expect(group.url).toMatch(new RegExp(`/v4/api/users/owner-groups/${group.id}/$`));
      const brief = await read(`${GROUPS}${group.id}/?brief=1`);
      expect(brief).toEqual({ id: group.id, url: group.url, display: 'Network', name: 'Network', description: 'the network team' });
      const renamed = await t.patch(`${GROUPS}${group.id}/`, { name: 'Networks' });
      expectStatus(renamed, 200);
      expect(renamed.body).toMatchObject({ name: 'Networks', display: 'Networks', description: 'the network team' });
      const replaced = await t.put(`${GROUPS}${group.id}/`, { name: 'Net' });
      expectStatus(replaced, 200);
      expect(replaced.body).toMatchObject({ name: 'Net', description: 'the network team' });
      expectStatus(await t.delete(`${GROUPS}${group.id}/`), 204);
      expect((await t.get(`${GROUPS}${group.id}/`)).status).toBe(404);
    });

    it('are listed by name and filtered by name, description and q', async () => {
      await createOne(t, GROUPS, { name: 'Zeta', description: 'last' });
      await createOne(t, GROUPS, { name: 'Alpha', description: 'first' });
      const listed = await names(GROUPS);
      expect(listed).toEqual([...listed].sort());
      expect(await names(`${GROUPS}?name=Zeta`)).toEqual(['Zeta']);
      expect(await names(`${GROUPS}?description=first`)).toEqual(['Alpha']);
      expect(await names(`${GROUPS}?q=las`)).toEqual(['Zeta']);
      expect(await names(`${GROUPS}?name__ic=alp`)).toEqual(['Alpha']);
    });

    it('refuse a second group of the same name, and write nothing', async () => {
      await createOne(t, GROUPS, { name: 'Twice' });
      const before = await count(GROUPS);
      expect(await refused(t.post(GROUPS, { name: 'Twice' }))).toEqual({ name: ['owner group with this name already exists.'] });
      expect(await refused(t.post(GROUPS, { description: 'no name' }))).toEqual({ name: ['This field is required.'] });
      expect(await refused(t.post(GROUPS, [{ name: 'Fine' }, { name: 'x'.repeat(101) }]))).toEqual([{}, { name: ['Ensure this field has no more than 100 characters.'] }]);
      expect(await count(GROUPS)).toBe(before);
    });
  });

  describe('owners', () => {
    let group: Json;
    beforeAll(async () => {
      group = await createOne(t, GROUPS, { name: 'Operations' });
    });

    it('are created with their group, users and user groups, read in full and brief, updated and deleted', async () => {
      const owner = await createOne(t, OWNERS, { name: 'NOC', group: { name: 'Operations' }, description: 'on call', users: [alice.id, { username: 'bob' }], user_groups: [netops.id] });
      expect(Object.keys(owner)).toEqual(['id', 'url', 'display_url', 'display', 'name', 'group', 'description', 'user_groups', 'users']);
      expect(owner).toMatchObject({
        display: 'NOC',
        group: { id: group.id, name: 'Operations', display: 'Operations', description: '' },
        users: [{ id: alice.id, username: 'alice' }, { id: bob.id, username: 'bob' }],
        user_groups: [{ id: netops.id, name: 'netops' }],
      });
      expect(Object.keys(owner.group)).toEqual(['id', 'url', 'display', 'name', 'description']);
      expect((await read(`${GROUPS}${group.id}/`)).member_count).toBe(1);
      expect(await read(`${OWNERS}${owner.id}/?brief=1`)).toEqual({ id: owner.id, url: owner.url, display: 'NOC', name: 'NOC', description: 'on call' });

      const updated = await t.patch(`${OWNERS}${owner.id}/`, { users: [bob.id], group: null });
      expectStatus(updated, 200);
      expect(updated.body).toMatchObject({ group: null, users: [{ username: 'bob' }], user_groups: [{ name: 'netops' }] });
      expect((await read(`${GROUPS}${group.id}/`)).member_count).toBe(0);

      expectStatus(await t.delete(`${OWNERS}${owner.id}/`), 204);
      expect((await t.get(`${OWNERS}${owner.id}/`)).status).toBe(404);
      // The users and groups stay.
      expect((await read(`/v4/api/users/users/${bob.id}/`)).username).toBe('bob');
    });

    it('are filtered by group, users and user groups; users and groups by the owners they belong to', async () => {
      const other = await createOne(t, GROUPS, { name: 'Facilities' });
      await createOne(t, OWNERS, { name: 'Core', group: group.id, users: [alice.id], user_groups: [netops.id] });
      await createOne(t, OWNERS, { name: 'Edge', group: other.id, users: [bob.id] });
      await createOne(t, OWNERS, { name: 'Nobody', description: 'unowned things' });
      expect(await names(`${OWNERS}?group_id=${group.id}`)).toEqual(['Core']);
      expect(await names(`${OWNERS}?group=Facilities`)).toEqual(['Edge']);
      expect(await names(`${OWNERS}?group_id=${group.id}&group_id=${other.id}`)).toEqual(['Core', 'Edge']);
      expect(await names(`${OWNERS}?user_id=${bob.id}`)).toEqual(['Edge']);
      expect(await names(`${OWNERS}?user=alice`)).toEqual(['Core']);
      expect(await names(`${OWNERS}?user_group_id=${netops.id}`)).toEqual(['Core']);
      expect(await names(`${OWNERS}?user_group=netops`)).toEqual(['Core']);
      expect(await names(`${OWNERS}?q=unowned`)).toEqual(['Nobody']);
      expect(await names(`${OWNERS}?group_id__n=${group.id}&name__isw=e`)).toEqual(['Edge']);
      expect(await refused(t.get(`${OWNERS}?group=Nowhere`))).toEqual({ group: ['Select a valid choice. Nowhere is not one of the available choices.'] });

      const core = (await read(`${OWNERS}?name=Core`)).results[0];
      expect(await names(`/v4/api/users/users/?owner_id=${core.id}`, 'username')).toEqual(['alice']);
      expect(await names('/v4/api/users/users/?owner=Edge', 'username')).toEqual(['bob']);
      expect(await names(`/v4/api/users/groups/?owner_id=${core.id}`)).toEqual(['netops']);
      expect(await names('/v4/api/users/groups/?owner=Edge')).toEqual([]);
      // 3.5 has no such filters: ignored.
      expect((await names(`/api/users/users/?owner_id=${core.id}`, 'username')).length).toBeGreaterThan(1);
    });

    it('refuse a taken name, an unknown group, user or user group, keyed by field, and write nothing', async () => {
      await createOne(t, OWNERS, { name: 'Taken' });
      const before = await count(OWNERS);
      expect(await refused(t.post(OWNERS, { name: 'Taken' }))).toEqual({ name: ['owner with this name already exists.'] });
      expect(await refused(t.post(OWNERS, { name: 'Lost', group: 999999 }))).toEqual({ group: ['Related object not found using the provided numeric ID: 999999'] });
      expect(await refused(t.post(OWNERS, { name: 'Lost', group: { name: 'Nowhere' } }))).toEqual({
        group: ['Related object not found using the provided attributes: {\'name\': \'Nowhere\'}'],
      });
      expect((await refused(t.post(OWNERS, { name: 'Lost', users: [999999] }))).users).toEqual(expect.any(Array));
      expect((await refused(t.post(OWNERS, { name: 'Lost', user_groups: 'netops' }))).user_groups).toEqual(expect.any(Array));
      expect(await count(OWNERS)).toBe(before);
    });

    it('keep the group that has members, and themselves while they own something', async () => {
      const keeper = await createOne(t, GROUPS, { name: unique('keepers') });
      const owner = await createOne(t, OWNERS, { name: unique('owner'), group: keeper.id });
      await refused(t.delete(`${GROUPS}${keeper.id}/`), 409);
      expect((await read(`${GROUPS}${keeper.id}/`)).member_count).toBe(1);

      const owned = await site({ owner: owner.id });
      await refused(t.delete(`${OWNERS}${owner.id}/`), 409);
      expect((await read(`${OWNERS}${owner.id}/`)).name).toBe(owner.name);
      expectStatus(await t.patch(`/v4/api/dcim/sites/${owned.id}/`, { owner: null }), 200);
      expectStatus(await t.delete(`${OWNERS}${owner.id}/`), 204);
      expectStatus(await t.delete(`${GROUPS}${keeper.id}/`), 204);
    });
  });

  describe('owner of other objects', () => {
    let red: Json;
    let blue: Json;
    let green: Json;
    let redTeam: Json;

    beforeAll(async () => {
      redTeam = await createOne(t, GROUPS, { name: 'Red team' });
      red = await createOne(t, OWNERS, { name: 'Red', group: redTeam.id });
      blue = await createOne(t, OWNERS, { name: 'Blue', group: redTeam.id });
      green = await createOne(t, OWNERS, { name: 'Green' });
    });

    const nested = (owner: Json) => ({ id: owner.id, url: owner.url, display: owner.name, name: owner.name, description: owner.description });

    it("is a site's, a device's, an interface's and a custom field's, written by id or by name, nested in its brief form", async () => {
      const s = await site({ owner: red.id });
      expect(s.owner).toEqual(nested(red));
      // Where NetBox's serializer puts it: after the site's own fields, before comments.
      const keys = Object.keys(s);
      expect(keys.indexOf('owner')).toBe(keys.indexOf('comments') - 1);
      expect((await read(`/v4/api/dcim/sites/${s.id}/`)).owner).toEqual(nested(red));

      const device = await createOne(t, '/v4/api/dcim/devices/', { name: unique('router'), device_type: deviceType.id, role: role.id, site: s.id, owner: { name: 'Blue' } });
      expect(device.owner).toEqual(nested(blue));
      const iface = await createOne(t, '/v4/api/dcim/interfaces/', { device: device.id, name: 'et-0/0/0', type: '100gbase-x-qsfp28', owner: green.id });
      expect(iface.owner).toEqual(nested(green));
      const field = await createOne(t, '/v4/api/extras/custom-fields/', { name: unique('cf').replace('-', '_'), type: 'text', object_types: ['dcim.site'], owner: red.id });
      expect(field.owner).toEqual(nested(red));

      const moved = await t.patch(`/v4/api/dcim/interfaces/${iface.id}/`, { owner: { name: 'Red' } });
      expectStatus(moved, 200);
      expect(moved.body.owner).toEqual(nested(red));
      const cleared = await t.patch(`/v4/api/dcim/devices/${device.id}/`, { owner: null });
      expectStatus(cleared, 200);
      expect(cleared.body.owner).toBeNull();
      // A site without one says so.
      expect((await site()).owner).toBeNull();
    });

    it('is refused where it names no owner, keyed by the field, and nothing is written', async () => {
      const before = await count('/v4/api/dcim/sites/');
      expect(await refused(t.post('/v4/api/dcim/sites/', { name: 'Lost', slug: 'lost', owner: 999999 }))).toEqual({ owner: ['Related object not found using the provided numeric ID: 999999'] });
      expect(await refused(t.post('/v4/api/dcim/sites/', { name: 'Lost', slug: 'lost', owner: 'Red' }))).toEqual({
        owner: ['Related objects must be referenced by numeric ID or by dictionary of attributes. Received an unrecognized value: Red'],
      });
      expect(await refused(t.post('/v4/api/dcim/sites/', { name: 'Lost', slug: 'lost', owner: { name: 'Purple' } }))).toEqual({
        owner: ["Related object not found using the provided attributes: {'name': 'Purple'}"],
      });
      expect(await count('/v4/api/dcim/sites/')).toBe(before);
    });

    it('filters by owner and owner group, by id and by name, with __n', async () => {
      const prefix = unique('filtered');
      const a = await site({ name: `${prefix}-a`, owner: red.id });
      const b = await site({ name: `${prefix}-b`, owner: blue.id });
      const c = await site({ name: `${prefix}-c`, owner: green.id });
      await site({ name: `${prefix}-d` });
      const sites = async (query: string) => (await names(`/v4/api/dcim/sites/?name__isw=${prefix}&${query}`)).map((name: string) => name.slice(-1));
      expect(await sites(`owner_id=${red.id}`)).toEqual(['a']);
      expect(await sites(`owner_id=${red.id}&owner_id=${green.id}`)).toEqual(['a', 'c']);
      expect(await sites('owner=Blue')).toEqual(['b']);
      expect(await sites('owner_id=null')).toEqual(['d']);
      expect(await sites(`owner_id__n=${red.id}`)).toEqual(['b', 'c', 'd']);
      expect(await sites('owner__n=Blue')).toEqual(['a', 'c', 'd']);
      expect(await sites(`owner_group_id=${redTeam.id}`)).toEqual(['a', 'b']);
      expect(await sites('owner_group=Red team')).toEqual(['a', 'b']);
      expect(await sites(`owner_group_id__n=${redTeam.id}`)).toEqual(['c', 'd']);
      expect(await refused(t.get('/v4/api/dcim/sites/?owner=Purple'))).toEqual({ owner: ['Select a valid choice. Purple is not one of the available choices.'] });
      expect(await refused(t.get('/v4/api/dcim/sites/?owner_group_id=abc'))).toEqual({ owner_group_id: [expect.any(String)] });
      expect([a, b, c].every((s) => s.owner)).toBe(true);

      const device = await createOne(t, '/v4/api/dcim/devices/', { name: unique('switch'), device_type: deviceType.id, role: role.id, site: a.id, owner: green.id });
      await createOne(t, '/v4/api/dcim/interfaces/', { device: device.id, name: 'ge-0/0/1', type: '1000base-t', owner: blue.id });
      await createOne(t, '/v4/api/dcim/interfaces/', { device: device.id, name: 'ge-0/0/2', type: '1000base-t' });
      expect(await names(`/v4/api/dcim/devices/?owner_id=${green.id}&site_id=${a.id}`)).toEqual([device.name]);
      expect(await names(`/v4/api/dcim/interfaces/?device_id=${device.id}&owner_group=Red team`)).toEqual(['ge-0/0/1']);
      expect(await names(`/v4/api/dcim/interfaces/?device_id=${device.id}&owner=Blue`)).toEqual(['ge-0/0/1']);
      const fieldName = unique('owned').replace('-', '_');
      await createOne(t, '/v4/api/extras/custom-fields/', { name: fieldName, type: 'integer', object_types: ['dcim.device'], owner: blue.id });
      expect(await names(`/v4/api/extras/custom-fields/?owner_group_id=${redTeam.id}&name=${fieldName}`)).toEqual([fieldName]);
      expect(await names(`/v4/api/extras/custom-fields/?owner_id=${green.id}&name=${fieldName}`)).toEqual([]);
    });

    it("is not 3.5's: absent from /api/, ignored in its bodies and filters, and kept by its writes", async () => {
      const s = await site({ owner: red.id });
      const v3 = await read(`/api/dcim/sites/${s.id}/`);
      expect(v3).not.toHaveProperty('owner');
      expect(v3.name).toBe(s.name);

      const created = await t.post('/api/dcim/sites/', { name: unique('v3site'), slug: unique('v3site'), owner: red.id });
      expectStatus(created, 201);
      expect(created.body).not.toHaveProperty('owner');
      expect((await read(`/v4/api/dcim/sites/${created.body.id}/`)).owner).toBeNull();

      // A 3.5 write, whole or partial, leaves the owner 4.x set.
      expectStatus(await t.put(`/api/dcim/sites/${s.id}/`, { name: s.name, slug: s.slug, status: 'planned', owner: blue.id }), 200);
      expectStatus(await t.patch(`/api/dcim/sites/${s.id}/`, { description: 'from 3.5', owner: null }), 200);
      expect(await read(`/v4/api/dcim/sites/${s.id}/`)).toMatchObject({ status: { value: 'planned' }, description: 'from 3.5', owner: nested(red) });

      // Its filters are not 3.5's: ignored there.
      const all = await count('/api/dcim/sites/');
      expect((await read(`/api/dcim/sites/?owner_id=${green.id}&limit=1`)).count).toBe(all);
      expect((await read('/api/dcim/sites/?owner=Nobody-at-all&limit=1')).count).toBe(all);
      // Nor is it in change records' data as 3.5 reads them.
      const changes = await read(`/api/extras/object-changes/?changed_object_type=dcim.site&changed_object_id=${s.id}`);
      expect(changes.results.length).toBeGreaterThan(0);
      for (const change of changes.results) expect(change.postchange_data ?? {}).not.toHaveProperty('owner');
      const v4Changes = await read(`/v4/api/core/object-changes/?changed_object_type=dcim.site&changed_object_id=${s.id}`);
      expect(v4Changes.results.some((change: Json) => change.postchange_data?.owner === red.id)).toBe(true);
    });

    it('is nested for a page in a fixed number of statements, whatever the page holds', async () => {
      const prefix = unique('paged');
      const owners = [red, blue, green];
      for (let i = 0; i < 9; i++) await site({ name: `${prefix}-${i}`, owner: owners[i % 3].id });
      const page = (limit: number) =>
        statementsDuring(t, async () => {
          const res = await t.get(`/v4/api/dcim/sites/?name__isw=${prefix}&limit=${limit}`);
          expectStatus(res, 200);
          expect(res.body.results.every((s: Json) => s.owner?.name)).toBe(true);
        });
      expect(await page(9)).toBe(await page(2));
    });
  });
});
