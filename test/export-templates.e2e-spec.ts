import { TestApp } from './helpers/test-app';

/** `GET <list>?export=<template name>`: export templates rendered over the filtered list. */
describe('Export templates', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start();
    const region = (await t.post('/api/dcim/regions/', { name: 'Europe', slug: 'europe' }).expect(201)).body;
    for (const [name, status] of [['Paris', 'active'], ['Lyon', 'planned'], ['Berlin', 'active']]) {
      await t.post('/api/dcim/sites/', { name, slug: name.toLowerCase(), status, region: region.id }).expect(201);
    }
  });
  afterAll(() => t?.close());

  it('renders the template over every object the filters select, as an attachment named as NetBox names it', async () => {
    await t
      .post('/api/extras/export-templates/', {
        name: 'Sites CSV',
        content_types: ['dcim.site'],
        template_code: 'name,status,region\r\n{% for s in queryset %}{{ s.name }},{{ s.status }},{{ s.region.name }}\r\n{% endfor %}',
        mime_type: 'text/csv',
        file_extension: 'csv',
      })
      .expect(201);
    const all = await t.get('/api/dcim/sites/?export=Sites%20CSV').expect(200);
    expect(all.headers['content-type']).toMatch(/^text\/csv/);
    expect(all.headers['content-disposition']).toBe('attachment; filename="netbox_sites.csv"');
    expect(all.text).toBe('name,status,region\nBerlin,active,Europe\nLyon,planned,Europe\nParis,active,Europe\n');
    // Filters and ordering apply; pagination does not.
    const active = await t.get('/api/dcim/sites/?export=Sites%20CSV&status=active&ordering=-name&limit=1').expect(200);
    expect(active.text).toBe('name,status,region\nParis,active,Europe\nBerlin,active,Europe\n');
  });

  it('answers inline as text/plain when the template says so, and 404 for a template of another type or none', async () => {
    await t.post('/api/extras/export-templates/', { name: 'Names', content_types: ['dcim.site'], template_code: '{{ queryset | length }} sites', as_attachment: false }).expect(201);
    const inline = await t.get('/api/dcim/sites/?export=Names').expect(200);
    expect(inline.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(inline.headers['content-disposition']).toBeUndefined();
    expect(inline.text).toBe('3 sites');
    expect((await t.get('/api/dcim/regions/?export=Names').expect(404)).body).toEqual({ detail: 'Not found.' });
    await t.get('/api/dcim/sites/?export=Nothing').expect(404);
  });

  it('shows only what the user may view', async () => {
    const { body: user } = await t.post('/api/users/users/', { username: 'viewer', password: 'viewer-password-1' }).expect(201);
    const { body: token } = await t.post('/api/users/tokens/', { user: user.id }).expect(201);
    await t.post('/api/users/permissions/', { name: 'Paris only', object_types: ['dcim.site'], actions: ['view'], constraints: { name: 'Paris' }, users: [user.id] }).expect(201);
    const res = await t.get('/api/dcim/sites/?export=Names', token.key).expect(200);
    expect(res.text).toBe('1 sites');
  });

  it('refuses a template that does not compile, and the reserved name "table"', async () => {
    const bad = await t.post('/api/extras/export-templates/', { name: 'Broken', content_types: ['dcim.site'], template_code: '{% for s in queryset %}' }).expect(400);
    expect(Object.keys(bad.body)).toEqual(['template_code']);
    const reserved = await t.post('/api/extras/export-templates/', { name: 'Table', content_types: ['dcim.site'], template_code: 'x' }).expect(400);
    expect(reserved.body).toEqual({ name: ['"Table" is a reserved name. Please choose a different name.'] });
  });

  it('cannot reach the process from a template', async () => {
    await t.post('/api/extras/export-templates/', { name: 'Escape', content_types: ['dcim.site'], template_code: '{{ queryset.constructor.constructor("return process")() }}' }).expect(201);
    const res = await t.get('/api/dcim/sites/?export=Escape');
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^An error occurred while rendering the template/);
  });
});
