import { TestApp } from './helpers/test-app';

describe('Custom links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t?.close());

  it('are created with NetBox defaults, read in full and brief, and filtered', async () => {
    const created = await t
      .post('/api/extras/custom-links/', { name: 'Monitoring', content_types: ['dcim.device'], link_text: 'Graphs of {{ object.name }}', link_url: 'https://nms.example.com/?host={{ object.name }}' })
      .expect(201);
    expect(created.body).toMatchObject({
      display: 'Monitoring',
      content_types: ['dcim.device'],
      enabled: true,
      weight: 100,
      group_name: '',
      button_class: 'outline-dark',
      new_window: false,
    });
    expect(Object.keys(created.body)).toEqual([
      'id', 'url', 'display', 'content_types', 'name', 'enabled', 'link_text', 'link_url', 'weight', 'group_name', 'button_class', 'new_window', 'created', 'last_updated',
    ]);
    const brief = await t.get(`/api/extras/custom-links/${created.body.id}/?brief=1`).expect(200);
    expect(Object.keys(brief.body).sort()).toEqual(['display', 'id', 'name', 'url']);
    await t.post('/api/extras/custom-links/', { name: 'Docs', content_types: ['dcim.site'], link_text: 'Docs', link_url: 'https://docs.example.com/', group_name: 'Help', button_class: 'ghost-dark', weight: 10 }).expect(201);
    const names = async (query: string) => (await t.get(`/api/extras/custom-links/?${query}`).expect(200)).body.results.map((l: { name: string }) => l.name);
    // NetBox's order: group name, weight, name.
    expect(await names('')).toEqual(['Monitoring', 'Docs']);
    expect(await names('content_types=dcim.site')).toEqual(['Docs']);
    expect(await names('link_url__ic=nms')).toEqual(['Monitoring']);
    expect(await names('weight__lt=50')).toEqual(['Docs']);
    expect(await names('q=docs')).toEqual(['Docs']);
    expect(await names('group_name__empty=true')).toEqual(['Monitoring']);
  });

  it('refuses templates that do not compile, unknown button classes and object types, with field-keyed errors', async () => {
    const base = { name: 'Bad', content_types: ['dcim.device'], link_text: 'x', link_url: 'https://x' };
    expect(Object.keys((await t.post('/api/extras/custom-links/', { ...base, link_url: '{{ object.name ' }).expect(400)).body)).toEqual(['link_url']);
    expect(Object.keys((await t.post('/api/extras/custom-links/', { ...base, link_text: '{% if %}' }).expect(400)).body)).toEqual(['link_text']);
    expect(Object.keys((await t.post('/api/extras/custom-links/', { ...base, button_class: 'neon' }).expect(400)).body)).toEqual(['button_class']);
    expect(Object.keys((await t.post('/api/extras/custom-links/', { ...base, content_types: ['dcim.nothing'] }).expect(400)).body)).toEqual(['content_types']);
    expect(Object.keys((await t.post('/api/extras/custom-links/', { name: 'Missing' }).expect(400)).body).sort()).toEqual(['content_types', 'link_text', 'link_url']);
  });
});
