import { TestApp } from './helpers/test-app';

describe('saved filters and export templates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  it('saves a filter for some object types and finds it by object type', async () => {
    const res = await t.post('/api/extras/saved-filters/', {
      name: 'Acme tenants',
      slug: 'acme-tenants',
      content_types: ['tenancy.tenant'],
      parameters: { name__ic: ['acme'] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ content_types: ['tenancy.tenant'], user: null, weight: 100, enabled: true, shared: true, parameters: { name__ic: ['acme'] } });
    expect((await t.get('/api/extras/saved-filters/?content_types=tenancy.tenant')).body.count).toBe(1);
    expect((await t.get('/api/extras/saved-filters/?content_types=tenancy.tenantgroup')).body.count).toBe(0);
  });

  it('refuses unknown object types and a missing list', async () => {
    const res = await t.post('/api/extras/saved-filters/', { name: 'Bad', slug: 'bad', content_types: ['tenancy.tenant', 'nope.nothing'], parameters: {} });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ content_types: ['Invalid content type: nope.nothing'] });
    const empty = await t.post('/api/extras/saved-filters/', { name: 'Empty', slug: 'empty', content_types: [], parameters: {} });
    expect(empty.body).toEqual({ content_types: ['This list may not be empty.'] });
  });

  it('keeps export templates with their code', async () => {
    const res = await t.post('/api/extras/export-templates/', { name: 'CSV', content_types: ['tenancy.tenant'], template_code: '{% for t in queryset %}{{ t.name }}\n{% endfor %}' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual([
      'id', 'url', 'display', 'content_types', 'name', 'description', 'template_code', 'mime_type', 'file_extension', 'as_attachment',
      'data_source', 'data_path', 'data_file', 'data_synced', 'created', 'last_updated',
    ]);
    expect(res.body.as_attachment).toBe(true);
  });
});
