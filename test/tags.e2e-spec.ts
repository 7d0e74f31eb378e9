import { TestApp } from './helpers/test-app';

const TAGS = '/api/extras/tags/';
const TENANTS = '/api/tenancy/tenants/';
const CHANGES = '/api/extras/object-changes/';

type Json = Record<string, any>;

describe('tags', () => {
  let t: TestApp;
  let core: Json;
  let edge: Json;

  beforeAll(async () => {
    t = await TestApp.start();
    const res = await t.post(TAGS, [
      { name: 'Core', slug: 'core', color: 'ff0000' },
      { name: 'Edge', slug: 'edge' },
    ]);
    expect(res.status).toBe(201);
    [core, edge] = res.body;
  });
  afterAll(() => t.close());

  it('creates tags with NetBox fields and a default colour', () => {
    expect(Object.keys(core)).toEqual(['id', 'url', 'display', 'name', 'slug', 'color', 'description', 'object_types', 'tagged_items', 'created', 'last_updated']);
    expect(edge).toMatchObject({ display: 'Edge', color: '9e9e9e', tagged_items: 0 });
  });

  it('rejects a colour that is not six hex digits', async () => {
    const res = await t.post(TAGS, { name: 'Bad', slug: 'bad', color: 'red' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ color: ['Enter a valid hexadecimal RGB color code.'] });
  });

  it('tags an object by id, by name and by slug, and reads the tags nested and by name', async () => {
    const res = await t.post(TENANTS, { name: 'Tagged', slug: 'tagged', tags: [edge.id, { name: 'Core' }] });
    expect(res.status).toBe(201);
    expect(res.body.tags.map((g: Json) => g.name)).toEqual(['Core', 'Edge']);
    expect(Object.keys(res.body.tags[0])).toEqual(['id', 'url', 'display', 'name', 'slug', 'color']);
    const again = await t.patch(`${TENANTS}${res.body.id}/`, { tags: [{ slug: 'edge' }] });
    expect(again.body.tags.map((g: Json) => g.slug)).toEqual(['edge']);
    const cleared = await t.patch(`${TENANTS}${res.body.id}/`, { tags: [] });
    expect(cleared.body.tags).toEqual([]);
  });

  it('rejects an unknown tag with 400 under tags and writes nothing', async () => {
    const res = await t.post(TENANTS, { name: 'Nope', slug: 'nope', tags: [{ name: 'Missing' }] });
    expect(res.status).toBe(400);
    expect(res.body.tags[0]).toMatch(/^Related object not found using the provided attributes/);
    expect((await t.get(`${TENANTS}?slug=nope`)).body.count).toBe(0);
  });

  it('refuses a tag id that names no tag, or a value that is no reference, reporting the first bad one', async () => {
    const refused = async (tags: unknown[]) => {
      const res = await t.post(TENANTS, { name: 'Nope', slug: 'nope', tags });
      expect(res.status).toBe(400);
      return res.body;
    };
    expect(await refused([core.id, 999999])).toEqual({ tags: ['Related object not found using the provided numeric ID: 999999'] });
    expect(await refused([String(edge.id), '999998'])).toEqual({ tags: ['Related object not found using the provided numeric ID: 999998'] });
    expect(await refused([999997, 'abc'])).toEqual({ tags: ['Related object not found using the provided numeric ID: 999997'] });
    expect(await refused([core.id, 1.5])).toEqual({
      tags: ['Related objects must be referenced by numeric ID or by dictionary of attributes. Received an unrecognized value: 1.5'],
    });
    expect((await t.get(`${TENANTS}?slug=nope`)).body.count).toBe(0);
    const byStrings = await t.post(TENANTS, { name: 'By strings', slug: 'by-strings', tags: [String(edge.id), String(core.id), core.id] });
    expect(byStrings.status).toBe(201);
    expect(byStrings.body.tags.map((g: Json) => g.slug)).toEqual(['core', 'edge']);
    expect((await t.delete(`${TENANTS}${byStrings.body.id}/`)).status).toBe(204);
  });

  it('filters by tag (every tag named) and tag__n, and counts tagged items', async () => {
    await t.post(TENANTS, [
      { name: 'Both', slug: 'both', tags: [core.id, edge.id] },
      { name: 'Only core', slug: 'only-core', tags: [core.id] },
      { name: 'None', slug: 'none' },
    ]);
    const names = async (q: string) => (await t.get(`${TENANTS}?${q}`)).body.results.map((o: Json) => o.name);
    expect(await names('tag=core')).toEqual(['Both', 'Only core']);
    expect(await names('tag=core&tag=edge')).toEqual(['Both']);
    expect(await names('tag__n=core&slug__isw=n')).toEqual(['None']);
    const bad = await t.get(`${TENANTS}?tag=unknown`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ tag: ['Select a valid choice. unknown is not one of the available choices.'] });
    expect((await t.get(`${TAGS}${core.id}/`)).body.tagged_items).toBe(2);
  });

  it('keeps tag names in change records and drops tagged items with their object', async () => {
    const res = await t.post(TENANTS, { name: 'Logged', slug: 'logged', tags: [edge.id, core.id] });
    const [record] = (await t.get(`${CHANGES}?request_id=${res.headers['x-request-id']}`)).body.results;
    expect(record.postchange_data.tags).toEqual(['Core', 'Edge']);
    const before = (await t.get(`${TAGS}${edge.id}/`)).body.tagged_items;
    expect((await t.delete(`${TENANTS}${res.body.id}/`)).status).toBe(204);
    expect((await t.get(`${TAGS}${edge.id}/`)).body.tagged_items).toBe(before - 1);
  });

  it('untags every object when a tag is deleted', async () => {
    const temp = (await t.post(TAGS, { name: 'Temp', slug: 'temp' })).body;
    const tenant = (await t.post(TENANTS, { name: 'Temp holder', slug: 'temp-holder', tags: [temp.id] })).body;
    expect((await t.delete(`${TAGS}${temp.id}/`)).status).toBe(204);
    expect((await t.get(`${TENANTS}${tenant.id}/`)).body.tags).toEqual([]);
  });
});

describe('tags limited to some object types', () => {
  it('applies a tag only to the object types it names', async () => {
    const t = await TestApp.start();
    try {
      const res = await t.post(TAGS, { name: 'Groups only', slug: 'groups-only', object_types: ['tenancy.tenantgroup'] });
      expect(res.status).toBe(201);
      expect(res.body.object_types).toEqual(['tenancy.tenantgroup']);
      const group = await t.post('/api/tenancy/tenant-groups/', { name: 'G', slug: 'g', tags: [res.body.id] });
      expect(group.status).toBe(201);
      const tenant = await t.post(TENANTS, { name: 'T', slug: 't', tags: [res.body.id] });
      expect(tenant.status).toBe(400);
      expect(tenant.body).toEqual({ tags: ['Tag "Groups only" cannot be applied to tenants.'] });
      const bad = await t.post(TAGS, { name: 'Bad types', slug: 'bad-types', object_types: ['no.such'] });
      expect(bad.body).toEqual({ object_types: ['Invalid content type: no.such'] });
    } finally {
      await t.close();
    }
  });
});
