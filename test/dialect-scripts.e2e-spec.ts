import { expectStatus, Json } from './helpers/seed';
import { TestApp } from './helpers/test-app';
import { baseUrl, grant, makeUserWithToken } from './helpers/users';

jest.setTimeout(120_000);

const SCRIPTS = '/v4/api/extras/scripts/';

/** NetBox 4's scripts: objects with ids over the same installed classes 3.5 lists by name. */
describe('scripts as NetBox 4.6 lists them', () => {
  let t: TestApp;
  let base: string;
  let scripts: Json[];

  beforeAll(async () => {
    t = await TestApp.start({ PLUGINS: 'dns' });
    base = baseUrl(t);
    scripts = (await t.get(SCRIPTS).expect(200)).body.results;
  });
  afterAll(() => t?.close());

  const named = (name: string) => scripts.find((s) => s.name === name)!;

  it('lists each installed script class as an object with an id, paginated', async () => {
    const page = (await t.get(SCRIPTS).expect(200)).body;
    expect(page.count).toBe(2);
    const create = named('CreateSiteWithRacks');
    expect(create).toEqual({
      id: expect.any(Number),
      url: `${base}${SCRIPTS}${create.id}/`,
      display_url: `${base}/v4/extras/scripts/${create.id}/`,
      module: expect.any(Number),
      name: 'CreateSiteWithRacks',
      description: 'Creates a planned site and its racks',
      vars: { site_name: 'StringVar', slug: 'StringVar', rack_count: 'IntegerVar' },
      result: null,
      display: 'CreateSiteWithRacks (dns)',
      is_executable: true,
    });
    expect((await t.get(`${SCRIPTS}?name=AddHosts`).expect(200)).body.results.map((s: Json) => s.name)).toEqual(['AddHosts']);
    expect((await t.get(`${SCRIPTS}?module_id=${create.module}`).expect(200)).body.count).toBe(2);
    expect((await t.get(`${SCRIPTS}?brief=1&name=AddHosts`).expect(200)).body.results[0]).toEqual({
      id: named('AddHosts').id,
      url: named('AddHosts').url,
      display: 'AddHosts (dns)',
      name: 'AddHosts',
      description: expect.any(String),
    });
  });

  it('reads one by id or by <module>.<ClassName>, and keeps 3.5 listing classes by name', async () => {
    const create = named('CreateSiteWithRacks');
    expect((await t.get(`${SCRIPTS}${create.id}/`).expect(200)).body.id).toBe(create.id);
    expect((await t.get(`${SCRIPTS}dns.CreateSiteWithRacks/`).expect(200)).body.id).toBe(create.id);
    expect((await t.get(`${SCRIPTS}999999/`)).status).toBe(404);
    expect((await t.get(`${SCRIPTS}dns.Nothing/`)).status).toBe(404);
    const old = (await t.get('/api/extras/scripts/').expect(200)).body;
    expect(old.map((s: Json) => s.id)).toEqual(['dns.AddHosts', 'dns.CreateSiteWithRacks']);
    expect((await t.get('/v4/api/extras/reports/')).status).toBe(404);
    expect((await t.get('/api/extras/reports/')).status).toBe(200);
  });

  it('runs one by id and answers its detail with the pending job, whose result the detail then shows', async () => {
    const create = named('CreateSiteWithRacks');
    const res = await t.post(`${SCRIPTS}${create.id}/`, { data: { site_name: 'Porto', rack_count: 1 }, commit: true });
    expectStatus(res, 200);
    expect(res.body.id).toBe(create.id);
    expect(res.body.result).toMatchObject({ name: 'CreateSiteWithRacks', status: { value: 'pending' } });
    const jobPath = new URL(res.body.result.url).pathname;
    expect(jobPath).toMatch(/^\/v4\/api\/core\/jobs\/\d+\/$/);
    let job: Json = {};
    for (let i = 0; i < 200 && !['completed', 'errored', 'failed'].includes(job.status?.value); i++) {
      job = (await t.get(jobPath).expect(200)).body;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(job.status.value).toBe('completed');
    expect((await t.get('/api/dcim/sites/?name=Porto').expect(200)).body.count).toBe(1);
    const detail = (await t.get(`${SCRIPTS}${create.id}/`).expect(200)).body;
    expect(detail.result.id).toBe(job.id);
    expect(detail.result.data.output).toBe('Porto-R01');
    const listed = (await t.get(`${SCRIPTS}?name=CreateSiteWithRacks`).expect(200)).body.results[0];
    expect(listed.result).toEqual({ url: job.url, status: job.status, created: job.created, completed: job.completed, user: job.user });
    expect(Object.keys(listed.result)).not.toContain('data');
  });

  it('refuses bad input and those who may not run scripts', async () => {
    const create = named('CreateSiteWithRacks');
    const bad = await t.post(`${SCRIPTS}${create.id}/`, { data: { rack_count: 'many' }, commit: true });
    expectStatus(bad, 400);
    expect(Object.keys(bad.body)).toEqual(['data']);
    const { user, key } = await makeUserWithToken(t, 'runner');
    expect((await t.get(SCRIPTS, key).expect(200)).body.count).toBe(0);
    await grant(t, { object_types: ['extras.script'], actions: ['view'], users: [user.id] });
    expect((await t.get(SCRIPTS, key).expect(200)).body.count).toBe(2);
    const denied = await t.post(`${SCRIPTS}${create.id}/`, { data: { site_name: 'Nope', rack_count: 1 }, commit: true }, key);
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ detail: 'This user does not have permission to run this script.' });
  });
});
