import { createOne, expectStatus, Json } from './helpers/seed';
import { slugify, unique } from './helpers/fixtures';
import { TestApp } from './helpers/test-app';

/** Object types of models 4.x moved to another app (`ipam.l2vpn` is `vpn.l2vpn`): each generation names them its own way. */
describe('Object types across API generations', () => {
  let t: TestApp;
  let l2vpn: Json;

  beforeAll(async () => {
    t = await TestApp.start();
    const name = unique('Backbone');
    l2vpn = await createOne(t, '/api/ipam/l2vpns/', { name, slug: slugify(name), type: 'vxlan' });
  });
  afterAll(() => t.close());

  const read = async (path: string) => (await t.get(path).expect(200)).body;
  const ids = async (path: string) => (await read(path)).results.map((o: Json) => o.id);

  it('writes a custom field for vpn.l2vpn through 4.x and reads it as ipam.l2vpn through 3.5, filters included', async () => {
    const name = unique('circuit_ref').toLowerCase().replace(/-/g, '_');
    const created = await t.post('/v4/api/extras/custom-fields/', { name, type: 'text', object_types: ['vpn.l2vpn', 'dcim.site'] });
    expectStatus(created, 201);
    expect(created.body.object_types).toEqual(['vpn.l2vpn', 'dcim.site']);
    expect((await read(`/api/extras/custom-fields/${created.body.id}/`)).content_types).toEqual(['ipam.l2vpn', 'dcim.site']);
    expect(await ids(`/v4/api/extras/custom-fields/?object_type=vpn.l2vpn`)).toContain(created.body.id);
    expect(await ids(`/api/extras/custom-fields/?content_types=ipam.l2vpn`)).toContain(created.body.id);
    // The other generation's label is no object type: it matches nothing and is refused in a body.
    expect(await ids(`/v4/api/extras/custom-fields/?object_type=ipam.l2vpn`)).toEqual([]);
    expect(await ids(`/api/extras/custom-fields/?content_types=vpn.l2vpn`)).toEqual([]);
    // An object field pointing at L2VPNs, filtered by 4.x's label (converted once, not twice).
    const pointer = await t.post('/v4/api/extras/custom-fields/', { name: `${name}_vpn`, type: 'object', object_types: ['dcim.site'], related_object_type: 'vpn.l2vpn' });
    expectStatus(pointer, 201);
    expect(pointer.body.related_object_type).toBe('vpn.l2vpn');
    expect(await ids(`/v4/api/extras/custom-fields/?related_object_type=vpn.l2vpn`)).toEqual([pointer.body.id]);
    expect((await read(`/api/extras/custom-fields/${pointer.body.id}/`)).object_type).toBe('ipam.l2vpn');
    const refused = await t.patch(`/v4/api/extras/custom-fields/${created.body.id}/`, { object_types: ['ipam.l2vpn'] });
    expectStatus(refused, 400);
    expect(refused.body).toEqual({ object_types: ['Invalid content type: ipam.l2vpn'] });
    const old = await t.patch(`/api/extras/custom-fields/${created.body.id}/`, { content_types: ['vpn.l2vpn'] });
    expectStatus(old, 400);
    expect(old.body).toEqual({ content_types: ['Invalid content type: vpn.l2vpn'] });
    expect((await read(`/api/extras/custom-fields/${created.body.id}/`)).content_types).toEqual(['ipam.l2vpn', 'dcim.site']);
  });

  it("names an L2VPN's journal entries and change records by 4.x's label on /v4", async () => {
    const entry = await t.post('/v4/api/extras/journal-entries/', { assigned_object_type: 'vpn.l2vpn', assigned_object_id: l2vpn.id, comments: 'Provisioned' });
    expectStatus(entry, 201);
    expect(entry.body.assigned_object_type).toBe('vpn.l2vpn');
    expect((await read(`/api/extras/journal-entries/${entry.body.id}/`)).assigned_object_type).toBe('ipam.l2vpn');
    expect(await ids(`/v4/api/extras/journal-entries/?assigned_object_type=vpn.l2vpn`)).toContain(entry.body.id);
    const changes = await read(`/v4/api/core/object-changes/?changed_object_id=${l2vpn.id}&action=create`);
    const created = changes.results.find((c: Json) => c.changed_object_type === 'vpn.l2vpn');
    expect(created).toBeDefined();
    const old = await read(`/api/extras/object-changes/?changed_object_id=${l2vpn.id}&action=create`);
    expect(old.results.map((c: Json) => c.changed_object_type)).toContain('ipam.l2vpn');
    expect(old.results.map((c: Json) => c.changed_object_type)).not.toContain('vpn.l2vpn');
  });

  it("lists object types as 4.4 does on /v4 and as 3.5's content types on /api/", async () => {
    const v4 = await read('/v4/api/core/object-types/?app_label=dcim&model=site');
    expect(v4.count).toBe(1);
    const site = v4.results[0];
    expect(Object.keys(site)).toEqual([
      'id', 'url', 'display', 'app_label', 'app_name', 'model', 'model_name', 'model_name_plural', 'public', 'features', 'is_plugin_model', 'rest_api_endpoint', 'description',
    ]);
    expect(site).toMatchObject({
      url: expect.stringMatching(/\/v4\/api\/core\/object-types\/\d+\/$/),
      display: 'DCIM | site',
      app_label: 'dcim',
      app_name: 'DCIM',
      model: 'site',
      model_name: 'site',
      model_name_plural: 'sites',
      public: true,
      is_plugin_model: false,
      rest_api_endpoint: '/v4/api/dcim/sites/',
    });
    expect(site.features).toEqual(expect.arrayContaining(['change_logging', 'custom_fields', 'tags', 'contacts', 'image_attachments']));
    const old = await read(`/api/extras/content-types/${site.id}/`);
    expect(Object.keys(old)).toEqual(['id', 'url', 'display', 'app_label', 'model']);

    const moved = await read('/api/extras/content-types/?app_label=ipam&model=l2vpn');
    expect(moved.count).toBe(1);
    const l2vpnType = await read(`/v4/api/core/object-types/${moved.results[0].id}/`);
    expect(l2vpnType).toMatchObject({ display: 'VPN | L2VPN', app_label: 'vpn', app_name: 'VPN', model: 'l2vpn', rest_api_endpoint: '/v4/api/vpn/l2vpns/' });

    // 4.4's filters of what the object types know: public, and a substring of their features.
    const journaled = await read('/v4/api/core/object-types/?features=journaling&limit=1000');
    expect(journaled.results.map((o: Json) => `${o.app_label}.${o.model}`)).toEqual(expect.arrayContaining(['dcim.site', 'vpn.l2vpn']));
    expect(journaled.results.every((o: Json) => o.features.includes('journaling'))).toBe(true);
    expect(journaled.results.map((o: Json) => `${o.app_label}.${o.model}`)).not.toContain('extras.tag');
    const hidden = await read('/v4/api/core/object-types/?public=false&limit=1000');
    expect(hidden.results.every((o: Json) => o.public === false)).toBe(true);
    const all = await read('/v4/api/core/object-types/?limit=1');
    expect((await read('/v4/api/core/object-types/?public=true&limit=1')).count + hidden.count).toBe(all.count);
    expect((await read('/v4/api/core/object-types/?features=no-such-feature')).count).toBe(0);
    // A label from the other generation names nothing in 4.x's type filters.
    expect((await read('/v4/api/core/object-changes/?changed_object_type=ipam.l2vpn')).count).toBe(0);
  });
});
