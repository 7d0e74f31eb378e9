import { Json, createOne } from './helpers/seed';
import { TestApp } from './helpers/test-app';
import { grant, makeUserWithToken } from './helpers/users';

describe('Config templates and render-config', () => {
  let t: TestApp;
  let site: Json;
  let type: Json;
  let role: Json;
  let platform: Json;

  beforeAll(async () => {
    t = await TestApp.start();
    site = await createOne(t, '/api/dcim/sites/', { name: 'Paris', slug: 'paris' });
    const maker = await createOne(t, '/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' });
    type = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: 'Router', slug: 'router' });
    role = await createOne(t, '/api/dcim/device-roles/', { name: 'Edge', slug: 'edge' });
    platform = await createOne(t, '/api/dcim/platforms/', { name: 'EOS', slug: 'eos' });
    await createOne(t, '/api/extras/config-contexts/', { name: 'NTP', data: { ntp: ['10.0.0.1', '10.0.0.2'] } });
  });
  afterAll(() => t?.close());

  const device = (name: string, extra: Json = {}) => createOne(t, '/api/dcim/devices/', { name, device_type: type.id, device_role: role.id, site: site.id, ...extra });

  it('are NetBox’s model: fields, brief form, filters and template checks', async () => {
    const created = await createOne(t, '/api/extras/config-templates/', { name: 'Base', template_code: 'hostname {{ device.name }}', environment_params: { trim_blocks: true } });
    expect(Object.keys(created)).toEqual([
      'id', 'url', 'display', 'name', 'description', 'environment_params', 'template_code', 'data_source', 'data_path', 'data_file', 'data_synced',
      'tags', 'created', 'last_updated',
    ]);
    expect(created).toMatchObject({ display: 'Base', environment_params: { trim_blocks: true }, data_source: null, data_path: '', data_file: null, data_synced: null, tags: [] });
    const brief = await t.get(`/api/extras/config-templates/${created.id}/?brief=1`).expect(200);
    expect(Object.keys(brief.body).sort()).toEqual(['display', 'id', 'name', 'url']);
    expect((await t.get('/api/extras/config-templates/?name__ic=bas').expect(200)).body.count).toBe(1);
    expect(Object.keys((await t.post('/api/extras/config-templates/', { name: 'Broken', template_code: '{% for x in y %}' }).expect(400)).body)).toEqual(['template_code']);
    expect(Object.keys((await t.post('/api/extras/config-templates/', { name: 'Bad env', template_code: 'x', environment_params: [1] }).expect(400)).body)).toEqual(['environment_params']);
    // Devices, roles and platforms filter by their template.
    await device('by-filter', { config_template: created.id });
    expect((await t.get(`/api/dcim/devices/?config_template_id=${created.id}`).expect(200)).body.results.map((d: Json) => d.name)).toEqual(['by-filter']);
  });

  it('render with the posted context, as JSON or as text', async () => {
    const template = await createOne(t, '/api/extras/config-templates/', {
      name: 'Loop',
      // Jinja2's trim_blocks and lstrip_blocks: the block tags' lines leave nothing behind.
      template_code: '{% for s in servers %}\n  server {{ s }}\n  {% endfor %}\n',
      environment_params: { trim_blocks: true, lstrip_blocks: true },
    });
    const rendered = await t.post(`/api/extras/config-templates/${template.id}/render/`, { servers: ['a', 'b'] }).expect(200);
    expect(rendered.body).toEqual({ configtemplate: { id: template.id, url: template.url, display: 'Loop', name: 'Loop' }, content: '  server a\n  server b\n' });
    const text = await t.post(`/api/extras/config-templates/${template.id}/render/?format=txt`, { servers: ['c'] }).expect(200);
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.text).toBe('  server c\n');
    const accepted = await t.post(`/api/extras/config-templates/${template.id}/render/`, { servers: [] }).set('Accept', 'text/plain').expect(200);
    expect(accepted.text).toBe('');
    await t.post('/api/extras/config-templates/999999/render/', {}).expect(404);
    expect((await t.post(`/api/extras/config-templates/${template.id}/render/`, [1]).expect(400)).body).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
  });

  it('render a device’s template (its own, else its role’s, else its platform’s) with its config context and the posted data', async () => {
    const own = await createOne(t, '/api/extras/config-templates/', { name: 'Own', template_code: 'own {{ device.name }} {{ device.status }} {{ device.site.name }} ntp={{ ntp | join(",") }} extra={{ extra }}' });
    const byRole = await createOne(t, '/api/extras/config-templates/', { name: 'Role', template_code: 'role {{ device.device_role.name }}' });
    const byPlatform = await createOne(t, '/api/extras/config-templates/', { name: 'Platform', template_code: 'platform {{ device.platform.name }}' });
    const mine = await device('r1', { config_template: own.id });
    const rendered = await t.post(`/api/dcim/devices/${mine.id}/render-config/`, { extra: 42 }).expect(200);
    expect(rendered.body).toEqual({ configtemplate: expect.objectContaining({ id: own.id, name: 'Own' }), content: 'own r1 active Paris ntp=10.0.0.1,10.0.0.2 extra=42' });

    const other = await device('r2', { platform: platform.id });
    expect((await t.post(`/api/dcim/devices/${other.id}/render-config/`, {}).expect(400)).body).toEqual({ error: 'No config template found for this device.' });
    await t.patch(`/api/dcim/platforms/${platform.id}/`, { config_template: byPlatform.id }).expect(200);
    expect((await t.post(`/api/dcim/devices/${other.id}/render-config/?format=txt`, {}).expect(200)).text).toBe('platform EOS');
    await t.patch(`/api/dcim/device-roles/${role.id}/`, { config_template: byRole.id }).expect(200);
    expect((await t.post(`/api/dcim/devices/${other.id}/render-config/`, {}).expect(200)).body.content).toBe('role Edge');
    await t.patch(`/api/dcim/device-roles/${role.id}/`, { config_template: null }).expect(200);
  });

  it('answer a template’s failure with NetBox’s 500 and a detail, and need permission', async () => {
    const failing = await createOne(t, '/api/extras/config-templates/', { name: 'Failing', template_code: '{{ device.constructor }}' });
    const res = await t.post(`/api/extras/config-templates/${failing.id}/render/`, {});
    expect(res.status).toBe(500);
    expect(res.body.detail).toMatch(/^An error occurred while rendering the template/);

    const { user, key } = await makeUserWithToken(t, 'renderer');
    await t.post(`/api/extras/config-templates/${failing.id}/render/`, {}, key).expect(403);
    await grant(t, { object_types: ['extras.configtemplate'], actions: ['view', 'add'], users: [user.id] });
    await t.post(`/api/extras/config-templates/${failing.id}/render/`, {}, key).expect(500);
  });
});
