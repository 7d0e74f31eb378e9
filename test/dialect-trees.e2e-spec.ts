import { createOne, expectStatus, Json } from './helpers/seed';
import { slugify, unique } from './helpers/fixtures';
import { pageStatements } from './helpers/queries';
import { TestApp } from './helpers/test-app';

/** NetBox 4.3's nested platforms and device roles: written and read as trees through /v4, and through /api/ as 3.5's flat lists. */
describe('platforms and device roles as trees', () => {
  let t: TestApp;
  let site: Json;
  let type: Json;

  beforeAll(async () => {
    t = await TestApp.start();
    site = await createOne(t, '/api/dcim/sites/', named('Lab'));
    const maker = await createOne(t, '/api/dcim/manufacturers/', named('Acme'));
    type = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: unique('Box'), slug: slugify(unique('box')) });
  });
  afterAll(() => t.close());

  function named(prefix: string, fields: Json = {}): Json {
    const name = unique(prefix);
    return { name, slug: slugify(name), ...fields };
  }
  const read = async (path: string) => (await t.get(path).expect(200)).body;
  const ids = async (path: string) => (await read(path)).results.map((o: Json) => o.id);
  async function refused(method: 'post' | 'patch' | 'put', path: string, body: Json): Promise<Json> {
    const res = await t[method](path, body);
    expectStatus(res, 400);
    return res.body;
  }
  /** Creates a chain of nodes through /v4, each the child of the one before. */
  async function chain(path: string, prefixes: string[], fields: Json = {}): Promise<Json[]> {
    const nodes: Json[] = [];
    for (const prefix of prefixes) nodes.push(await createOne(t, `/v4/api/dcim/${path}/`, named(prefix, { ...fields, parent: nodes.at(-1)?.id ?? null })));
    return nodes;
  }

  const trees: Array<{ path: string; label: string; v4Keys: string[]; v3Keys: string[]; body: Json }> = [
    {
      path: 'platforms',
      label: 'platform',
      v4Keys: [
        'id', 'url', 'display_url', 'display', 'parent', 'name', 'slug', 'manufacturer', 'config_template', 'description', 'owner', 'comments', 'tags', 'custom_fields',
        'created', 'last_updated', 'device_count', 'virtualmachine_count', '_depth',
      ],
      v3Keys: [
        'id', 'url', 'display', 'name', 'slug', 'manufacturer', 'config_template', 'napalm_driver', 'napalm_args', 'description', 'tags', 'custom_fields',
        'created', 'last_updated', 'device_count', 'virtualmachine_count',
      ],
      body: {},
    },
    {
      path: 'device-roles',
      label: 'device role',
      v4Keys: [
        'id', 'url', 'display_url', 'display', 'name', 'slug', 'color', 'vm_role', 'config_template', 'parent', 'description', 'tags', 'custom_fields', 'created',
        'last_updated', 'device_count', 'virtualmachine_count', 'owner', 'comments', '_depth',
      ],
      v3Keys: [
        'id', 'url', 'display', 'name', 'slug', 'color', 'vm_role', 'config_template', 'description', 'tags', 'custom_fields', 'created', 'last_updated',
        'device_count', 'virtualmachine_count',
      ],
      body: { color: 'ff0000' },
    },
  ];

  describe.each(trees)('$path', ({ path, label, v4Keys, v3Keys, body }) => {
    const v4 = `/v4/api/dcim/${path}/`;
    const v3 = `/api/dcim/${path}/`;

    it('writes a parent and comments through /v4 and reads them back with the depth, in 4.6.8 serializer order', async () => {
      const [root, child] = await chain(path, ['Root', 'Child'], body);
      const res = await t.patch(`${v4}${child.id}/`, { comments: 'Runs **everywhere**' });
      expectStatus(res, 200);
      expect(Object.keys(res.body)).toEqual(v4Keys);
      expect(res.body).toMatchObject({ parent: { id: root.id, name: root.name, _depth: 0 }, comments: 'Runs **everywhere**', _depth: 1 });
      expect(await read(`${v4}${root.id}/`)).toMatchObject({ parent: null, comments: '', _depth: 0 });
      const brief = (await read(`${v4}?brief=1&id=${child.id}`)).results[0];
      expect(Object.keys(brief)).toEqual(['id', 'url', 'display', 'name', 'slug', 'description', 'device_count', 'virtualmachine_count', '_depth']);
      expect(brief._depth).toBe(1);
    });

    it('reads every one through /api/ as 3.5 did: no parent, comments or depth, and ignores them when written', async () => {
      const [root, child] = await chain(path, ['Root', 'Child'], body);
      const old = await read(`${v3}${child.id}/`);
      expect(Object.keys(old)).toEqual(v3Keys);
      expect(Object.keys((await read(`${v3}?brief=1&id=${child.id}`)).results[0])).toEqual(['id', 'url', 'display', 'name', 'slug', 'device_count', 'virtualmachine_count']);
      // A 3.5 client writing back what it read leaves the object where it is; a parent it sends is not taken.
      const { id: _id, url: _url, display: _display, ...writable } = old;
      expectStatus(await t.put(`${v3}${child.id}/`, { ...writable, tags: [], description: 'rewritten' }), 200);
      expect(await read(`${v4}${child.id}/`)).toMatchObject({ parent: { id: root.id }, _depth: 1, description: 'rewritten' });
      const orphan = await createOne(t, v3, named('Orphan', { ...body, parent: root.id, comments: 'ignored' }));
      expect(await read(`${v4}${orphan.id}/`)).toMatchObject({ parent: null, comments: '', _depth: 0 });
      // 3.5 filters by neither parent nor ancestor: it ignores them, as NetBox ignores names it does not know.
      const all = (await read(`${v3}?limit=1`)).count;
      for (const filter of [`parent_id=${root.id}`, `parent=${root.slug}`, `ancestor_id=${root.id}`]) expect((await read(`${v3}?${filter}&limit=1`)).count).toBe(all);
    });

    it("filters by parent (the one above) and ancestor (any above), and searches comments, on /v4", async () => {
      const [root, child, grandchild] = await chain(path, ['Top', 'Middle', 'Bottom'], body);
      await t.patch(`${v4}${grandchild.id}/`, { comments: 'a rare note' }).expect(200);
      expect(await ids(`${v4}?parent_id=${root.id}`)).toEqual([child.id]);
      expect(await ids(`${v4}?parent=${root.slug}`)).toEqual([child.id]);
      expect(await ids(`${v4}?ancestor_id=${root.id}`)).toEqual([child.id, grandchild.id]);
      expect(await ids(`${v4}?ancestor=${child.slug}`)).toEqual([grandchild.id]);
      expect(await ids(`${v4}?ancestor_id=${root.id}&ancestor_id=${child.id}`)).toEqual([child.id, grandchild.id]);
      expect(await ids(`${v4}?parent_id=null&id=${root.id}&id=${child.id}`)).toEqual([root.id]);
      expect(await ids(`${v4}?q=rare+note`)).toEqual([grandchild.id]);
      expect((await t.get(`${v4}?ancestor=atlantis`)).body).toEqual({ ancestor: ['Select a valid choice. atlantis is not one of the available choices.'] });
      expect((await t.get(`${v4}?parent_id=x`)).body).toEqual({ parent_id: ['“x” is not a valid value.'] });
    });

    it('lists a tree depth first, siblings by name, on both APIs', async () => {
      const root = await createOne(t, v4, named('Order', body));
      const zulu = await createOne(t, v4, { ...body, name: `${root.name} zulu`, slug: `${root.slug}-zulu`, parent: root.id });
      const alpha = await createOne(t, v4, { ...body, name: `${root.name} alpha`, slug: `${root.slug}-alpha`, parent: root.id });
      const under = await createOne(t, v4, { ...body, name: `${root.name} under`, slug: `${root.slug}-under`, parent: zulu.id });
      const ours = [root.id, zulu.id, alpha.id, under.id].map((id) => `id=${id}`).join('&');
      expect(await ids(`${v4}?${ours}`)).toEqual([root.id, alpha.id, zulu.id, under.id]);
      expect(await ids(`${v3}?${ours}`)).toEqual([root.id, alpha.id, zulu.id, under.id]);
    });

    it('lists roots through /api/ in the order 3.5 did, by name', async () => {
      const tag = unique('o');
      const names = ['b', 'B', 'a b', 'ab', 'a-b', 'A', 'a', 'a1', 'a10', 'a2', 'Z'].map((n) => `${tag} ${n}`);
      const created = [];
      for (const [i, name] of names.entries()) created.push(await createOne(t, v3, { ...body, name, slug: `${slugify(tag)}-${i}` }));
      const ours = created.map((o) => `id=${o.id}`).join('&');
      const byName = await ids(`${v3}?${ours}&ordering=name`);
      expect(await ids(`${v3}?${ours}`)).toEqual(byName);
      expect(await ids(`${v4}?${ours}`)).toEqual(byName);
    });

    it('refuses a parent below the node itself, or the node, keyed by parent, and writes nothing', async () => {
      const [root, child, grandchild] = await chain(path, ['Loop', 'Loop', 'Loop'], body);
      const message = [`Cannot assign self or child ${label} as parent.`];
      expect(await refused('patch', `${v4}${root.id}/`, { parent: grandchild.id })).toEqual({ parent: message });
      expect(await refused('patch', `${v4}${child.id}/`, { parent: child.id, description: 'moved' })).toEqual({ parent: message });
      expect(await read(`${v4}${root.id}/`)).toMatchObject({ parent: null, _depth: 0 });
      expect(await read(`${v4}${child.id}/`)).toMatchObject({ parent: { id: root.id }, description: '' });
      expect(await refused('post', v4, named('Lost', { ...body, parent: 999999 }))).toEqual({ parent: ['Related object not found using the provided numeric ID: 999999'] });
    });

    it('moves a subtree with its node: depths and ancestors follow', async () => {
      const [root, child, grandchild] = await chain(path, ['From', 'Moved', 'Below'], body);
      const other = await createOne(t, v4, named('To', body));
      expectStatus(await t.patch(`${v4}${child.id}/`, { parent: other.id }), 200);
      expect((await read(`${v4}${grandchild.id}/`))._depth).toBe(2);
      expect(await ids(`${v4}?ancestor_id=${other.id}`)).toEqual([child.id, grandchild.id]);
      expect(await ids(`${v4}?ancestor_id=${root.id}`)).toEqual([]);
      expectStatus(await t.patch(`${v4}${child.id}/`, { parent: null }), 200);
      expect(await read(`${v4}${grandchild.id}/`)).toMatchObject({ _depth: 1, parent: { id: child.id } });
    });

    it('deletes what lies below a deleted node, each with its change record', async () => {
      const [root, child, grandchild] = await chain(path, ['Doomed', 'Doomed', 'Doomed'], body);
      const res = await t.delete(`${v4}${root.id}/`);
      expectStatus(res, 204);
      for (const node of [root, child, grandchild]) expectStatus(await t.get(`${v4}${node.id}/`), 404);
      const type = path === 'platforms' ? 'dcim.platform' : 'dcim.devicerole';
      for (const node of [child, grandchild]) {
        const changes = (await read(`/v4/api/core/object-changes/?changed_object_type=${type}&changed_object_id=${node.id}&action=delete`)).results;
        expect(changes.map((c: Json) => c.prechange_data?.name)).toEqual([node.name]);
        expect(changes[0].request_id).toBe(res.headers['x-request-id']);
      }
    });

    it('costs the same statements for a page of 2 as of 30, on both APIs', async () => {
      const roots = await Promise.all(Array.from({ length: 3 }, () => createOne(t, v4, named('Paged', body))));
      expectStatus(await t.post(v4, Array.from({ length: 30 }, (_, i) => named(`Leaf ${i}`, { ...body, parent: roots[i % 3].id }))), 201);
      for (const base of [v3, v4]) {
        const few = await pageStatements(t, () => t.get(`${base}?limit=2`).expect(200));
        const many = await pageStatements(t, () => t.get(`${base}?limit=30`).expect(200));
        expect(many).toBe(few);
        const brief = await pageStatements(t, () => t.get(`${base}?brief=1&limit=30`).expect(200));
        expect(brief).toBeLessThanOrEqual(few);
      }
    });
  });

  describe('names and slugs, unique as 4.6 has them', () => {
    it("refuses a role's name twice among roots or among one parent's children, and takes it under another parent", async () => {
      const [root] = await chain('device-roles', ['Core']);
      const other = await createOne(t, '/v4/api/dcim/device-roles/', named('Edge'));
      const child = await createOne(t, '/v4/api/dcim/device-roles/', { name: 'Spine', slug: 'spine', parent: root.id });
      expect(await createOne(t, '/v4/api/dcim/device-roles/', { name: 'Spine', slug: 'spine', parent: other.id })).toMatchObject({ parent: { id: other.id } });
      expect(await refused('post', '/v4/api/dcim/device-roles/', { name: 'Spine', slug: 'spine-2', parent: root.id })).toEqual({
        __all__: ['Device role with this Parent and Name already exists.'],
      });
      expect(await refused('post', '/v4/api/dcim/device-roles/', { name: root.name, slug: unique('other') })).toEqual({
        __all__: ['A top-level device role with this name already exists.'],
      });
      expect(await refused('post', '/api/dcim/device-roles/', { name: unique('New'), slug: root.slug })).toEqual({
        __all__: ['A top-level device role with this slug already exists.'],
      });
      // A child may share a root's name.
      expect(await createOne(t, '/v4/api/dcim/device-roles/', { name: root.name, slug: root.slug, parent: other.id })).toMatchObject({ _depth: 1 });
      expect(await read(`/v4/api/dcim/device-roles/${child.id}/`)).toMatchObject({ name: 'Spine' });
    });

    it("refuses a platform's name twice for one manufacturer, or among those of none, whatever their parents", async () => {
      const makers = await Promise.all(['Juniper', 'Arista'].map((m) => createOne(t, '/api/dcim/manufacturers/', named(m))));
      const os = await createOne(t, '/v4/api/dcim/platforms/', { name: 'NOS', slug: 'nos', manufacturer: makers[0].id });
      expect(await createOne(t, '/v4/api/dcim/platforms/', { name: 'NOS', slug: 'nos', manufacturer: makers[1].id })).toMatchObject({ name: 'NOS' });
      expect(await refused('post', '/v4/api/dcim/platforms/', { name: 'NOS', slug: 'nos-2', manufacturer: makers[0].id, parent: os.id })).toEqual({
        __all__: ['Platform with this Manufacturer and Name already exists.'],
      });
      const bare = await createOne(t, '/v4/api/dcim/platforms/', named('Linux'));
      expect(await refused('post', '/v4/api/dcim/platforms/', { name: bare.name, slug: unique('linux'), parent: bare.id })).toEqual({ __all__: ['Platform name must be unique.'] });
      expect(await refused('post', '/api/dcim/platforms/', { name: unique('Unix'), slug: bare.slug })).toEqual({ __all__: ['Platform slug must be unique.'] });
    });
  });

  describe('what hangs on a tree', () => {
    let root: Json;
    let child: Json;
    let platform: Json;
    let device: Json;

    beforeAll(async () => {
      [root, child] = await chain('device-roles', ['Servers', 'Hypervisors']);
      [, , platform] = await chain('platforms', ['Linux', 'Ubuntu', 'Jammy']);
      device = await createOne(t, '/v4/api/dcim/devices/', { name: unique('hv'), device_type: type.id, role: child.id, platform: platform.id, site: site.id });
    });

    it("counts a node's devices with those below it (4.6's cumulative counts)", async () => {
      expect((await read(`/v4/api/dcim/device-roles/${root.id}/`)).device_count).toBe(1);
      expect((await read(`/v4/api/dcim/device-roles/?id=${child.id}`)).results[0].device_count).toBe(1);
    });

    it("finds a device by its role's or platform's ancestors, and a component by its device's own role only", async () => {
      expect(await ids(`/v4/api/dcim/devices/?role_id=${root.id}`)).toEqual([device.id]);
      expect(await ids(`/v4/api/dcim/devices/?role=${root.slug}`)).toEqual([device.id]);
      const os = (await read(`/v4/api/dcim/platforms/${platform.id}/`)).parent;
      expect(await ids(`/v4/api/dcim/devices/?platform_id=${os.id}`)).toEqual([device.id]);
      const port = await createOne(t, '/api/dcim/interfaces/', { device: device.id, name: 'eth0', type: '1000base-t' });
      expect(await ids(`/v4/api/dcim/interfaces/?device_role_id=${child.id}`)).toEqual([port.id]);
      expect(await ids(`/v4/api/dcim/interfaces/?device_role_id=${root.id}`)).toEqual([]);
    });

    it("renders a config context assigned to a role or platform above the device's", async () => {
      const context = await createOne(t, '/v4/api/extras/config-contexts/', { name: unique('Servers'), roles: [root.id], data: { ntp: 'pool' } });
      expect((await read(`/v4/api/dcim/devices/${device.id}/`)).config_context).toMatchObject({ ntp: 'pool' });
      const os = (await read(`/v4/api/dcim/platforms/${platform.id}/`)).parent;
      await createOne(t, '/v4/api/extras/config-contexts/', { name: unique('Ubuntu'), platforms: [os.id], data: { apt: 'mirror' } });
      expect((await read(`/api/dcim/devices/${device.id}/`)).config_context).toMatchObject({ ntp: 'pool', apt: 'mirror' });
      expectStatus(await t.delete(`/v4/api/extras/config-contexts/${context.id}/`), 204);
    });

    it('refuses to delete a node whose subtree a device still uses', async () => {
      const res = await t.delete(`/v4/api/dcim/device-roles/${root.id}/`);
      expectStatus(res, 409);
      expect(await read(`/v4/api/dcim/device-roles/${child.id}/`)).toMatchObject({ parent: { id: root.id } });
    });
  });
});
