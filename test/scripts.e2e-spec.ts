import * as fs from 'fs';
import { Receiver } from './helpers/receiver';
import { REDIS_SERVER, RedisServer } from './helpers/redis-server';
import { createOne, expectStatus, Json } from './helpers/seed';
import { TestApp } from './helpers/test-app';
import { NOT_FOUND, baseUrl, grant, makeUserWithToken } from './helpers/users';

jest.setTimeout(120_000);

const SCRIPTS = '/api/extras/scripts/';
const REPORTS = '/api/extras/reports/';
const CREATE_SITE = `${SCRIPTS}dns.CreateSiteWithRacks/`;
const ADD_HOSTS = `${SCRIPTS}dns.AddHosts/`;
const ZONE_HEALTH = `${REPORTS}dns.ZoneHealth/`;
const TERMINAL = ['completed', 'errored', 'failed'];

/** Scripts and reports of the example plugin, run by the API process's own queue (no Redis). */
describe('scripts and reports', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await TestApp.start({ PLUGINS: 'dns' });
    base = baseUrl(t);
  });
  afterAll(() => t?.close());

  /** Reads the job until it has ended. */
  async function ended(job: Json, token?: string): Promise<Json> {
    const path = new URL(job.url).pathname;
    for (let i = 0; i < 200; i++) {
      const res = await t.get(path, token);
      expectStatus(res, 200);
      if (TERMINAL.includes(res.body.status.value)) return res.body;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`job ${job.url} did not end`);
  }

  async function run(path: string, body: Json, token?: string): Promise<Json> {
    const res = await t.post(path, body, token);
    expectStatus(res, 200);
    return res.body;
  }

  const count = async (path: string) => (await t.get(`${path}${path.includes('?') ? '&' : '?'}limit=1`)).body.count as number;

  describe('listings', () => {
    it('lists the installed scripts with their variables, as NetBox 3.5 shows them', async () => {
      const res = await t.get(SCRIPTS);
      expectStatus(res, 200);
      expect(res.body.map((s: Json) => s.id)).toEqual(['dns.AddHosts', 'dns.CreateSiteWithRacks']);
      const script = res.body.find((s: Json) => s.id === 'dns.CreateSiteWithRacks');
      expect(script).toEqual({
        url: `${base}${CREATE_SITE}`,
        id: 'dns.CreateSiteWithRacks',
        module: 'dns',
        name: 'Create a site with racks',
        description: 'Creates a planned site and its racks',
        vars: { site_name: 'StringVar', slug: 'StringVar', rack_count: 'IntegerVar' },
        result: null,
      });
      expect(Object.keys(script)).toEqual(['url', 'id', 'module', 'name', 'description', 'vars', 'result']);
      expect(res.body.find((s: Json) => s.id === 'dns.AddHosts').vars).toEqual({ zone: 'ObjectVar', hosts: 'TextVar' });
    });

    it('reads one script by <module>.<Name>, and answers 404 for one that is not installed', async () => {
      const res = await t.get(CREATE_SITE);
      expectStatus(res, 200);
      expect(res.body.id).toBe('dns.CreateSiteWithRacks');
      expect((await t.get(`${SCRIPTS}dns.NoSuchScript/`)).status).toBe(404);
      expect((await t.get(`${SCRIPTS}dns.NoSuchScript/`)).body).toEqual(NOT_FOUND);
      expect((await t.get(`${SCRIPTS}nomodule/`)).status).toBe(404);
      expect((await t.post(`${SCRIPTS}dns.NoSuchScript/`, { data: {}, commit: true })).status).toBe(404);
    });

    it('lists the reports with their test methods, in the order they run', async () => {
      const res = await t.get(REPORTS);
      expectStatus(res, 200);
      expect(res.body).toEqual([
        {
          url: `${base}${ZONE_HEALTH}`,
          id: 'dns.ZoneHealth',
          module: 'dns',
          name: 'ZoneHealth',
          description: 'Checks that zones have records and that A/AAAA records point at IP addresses',
          test_methods: ['test_address_records_point_at_addresses', 'test_zones_have_records'],
          result: null,
        },
      ]);
      expect((await t.get(`${REPORTS}dns.Nothing/`)).status).toBe(404);
    });

    it('names both in the extras API root and the OpenAPI document, and gives their modules content types', async () => {
      const root = (await t.get('/api/extras/')).body;
      expect(root.scripts).toBe(`${base}${SCRIPTS}`);
      expect(root.reports).toBe(`${base}${REPORTS}`);
      const paths = (await t.get('/api/schema/?format=json')).body.paths;
      expect(paths[SCRIPTS].get.operationId).toBe('extras_scripts_list');
      expect(paths[`${SCRIPTS}{id}/`].post.operationId).toBe('extras_scripts_create');
      expect(paths[`${REPORTS}{id}/run/`].post).toBeDefined();
      const types = (await t.get('/api/extras/content-types/?app_label=extras&limit=0')).body.results.map((c: Json) => c.model);
      expect(types).toEqual(expect.arrayContaining(['scriptmodule', 'reportmodule']));
    });

    it('lists scripts only to users who may view their module, as NetBox restricts the listing', async () => {
      const { user, key } = await makeUserWithToken(t, 'lister');
      expect((await t.get(SCRIPTS, key)).body).toEqual([]);
      expect((await t.get(CREATE_SITE, key)).status).toBe(200);
      await grant(t, { object_types: ['extras.scriptmodule'], actions: ['view'], users: [user.id] });
      expect((await t.get(SCRIPTS, key)).body.map((s: Json) => s.id)).toEqual(['dns.AddHosts', 'dns.CreateSiteWithRacks']);
      expect((await t.anon().get(SCRIPTS)).body).toEqual([]);
      // Constraints on the module narrow the listing.
      const other = await makeUserWithToken(t, 'constrained');
      await grant(t, { object_types: ['extras.scriptmodule'], actions: ['view'], constraints: { name: 'elsewhere' }, users: [other.user.id] });
      expect((await t.get(SCRIPTS, other.key)).body).toEqual([]);
    });
  });

  describe('running a script', () => {
    it('enqueues a pending job, then runs it: the site and its racks exist, recorded as the user’s changes', async () => {
      const detail = await run(CREATE_SITE, { data: { site_name: 'Lyon', rack_count: 3 }, commit: true });
      expect(detail.id).toBe('dns.CreateSiteWithRacks');
      const job = detail.result;
      expect(job).toMatchObject({
        url: expect.stringMatching(/\/api\/core\/jobs\/\d+\/$/),
        object_type: 'extras.scriptmodule',
        object_id: expect.any(Number),
        name: 'CreateSiteWithRacks',
        status: { value: 'pending', label: 'Pending' },
        scheduled: null,
        interval: null,
        started: null,
        completed: null,
        user: expect.objectContaining({ username: 'admin' }),
        data: null,
        job_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });

      const done = await ended(job);
      expect(done.status.value).toBe('completed');
      expect(done.started).not.toBeNull();
      expect(done.completed).not.toBeNull();
      expect(done.data).toEqual({
        log: [
          { status: 'success', message: 'Created site Lyon' },
          { status: 'info', message: 'Created 3 racks' },
        ],
        output: 'Lyon-R01\nLyon-R02\nLyon-R03',
      });

      const site = (await t.get('/api/dcim/sites/?slug=lyon')).body.results[0];
      expect(site).toMatchObject({ name: 'Lyon', status: { value: 'planned' } });
      const racks = (await t.get(`/api/dcim/racks/?site_id=${site.id}`)).body.results.map((r: Json) => r.name);
      expect(racks).toEqual(['Lyon-R01', 'Lyon-R02', 'Lyon-R03']);

      const changes = (await t.get(`/api/extras/object-changes/?changed_object_type=dcim.rack&changed_object_id=${(await t.get(`/api/dcim/racks/?name=Lyon-R01`)).body.results[0].id}`)).body.results;
      expect(changes).toHaveLength(1);
      expect(changes[0]).toMatchObject({ action: { value: 'create' }, user_name: 'admin', user: expect.objectContaining({ username: 'admin' }) });
      const siteChange = (await t.get(`/api/extras/object-changes/?changed_object_type=dcim.site&changed_object_id=${site.id}`)).body.results[0];
      // One run, one request: the site and its racks share the id of the request that ran the script.
      expect(siteChange.request_id).toBe(changes[0].request_id);

      // The script's latest result, nested in the list and whole in the detail.
      const listed = (await t.get(SCRIPTS)).body.find((s: Json) => s.id === 'dns.CreateSiteWithRacks');
      expect(listed.result).toEqual({ url: done.url, created: done.created, completed: done.completed, user: done.user, status: done.status });
      expect((await t.get(CREATE_SITE)).body.result).toEqual(done);
    });

    it('rolls a dry run back (commit=false): completed, logged, nothing written', async () => {
      const sites = await count('/api/dcim/sites/');
      const job = (await run(CREATE_SITE, { data: { site_name: 'Dry', slug: 'dry', rack_count: '2' }, commit: false })).result;
      const done = await ended(job);
      expect(done.status.value).toBe('completed');
      expect(done.data.output).toBe('Dry-R01\nDry-R02');
      expect(done.data.log.at(-1)).toEqual({ status: 'info', message: 'Database changes have been reverted automatically.' });
      expect(await count('/api/dcim/sites/')).toBe(sites);
      expect(await count('/api/dcim/racks/?name__isw=Dry')).toBe(0);
      expect(await count('/api/extras/object-changes/?changed_object_type=dcim.site&object_repr=Dry')).toBe(0);
    });

    it('refuses invalid data with a 400 keyed by variable, and creates no job', async () => {
      const jobs = await count('/api/core/jobs/');
      const missing = await t.post(CREATE_SITE, { data: { slug: 'not a slug' }, commit: true });
      expectStatus(missing, 400);
      expect(missing.body).toEqual({
        data: {
          site_name: ['This field is required.'],
          slug: ['Invalid value. Must match regex: ^[-a-zA-Z0-9_]+$'],
          rack_count: ['This field is required.'],
        },
      });
      const bounds = await t.post(CREATE_SITE, { data: { site_name: 'x'.repeat(101), rack_count: 0 }, commit: true });
      expect(bounds.body).toEqual({
        data: {
          site_name: ['Ensure this value has at most 100 characters (it has 101).'],
          rack_count: ['Ensure this value is greater than or equal to 1.'],
        },
      });
      const zone = await t.post(ADD_HOSTS, { data: { zone: 999999, hosts: 'www 192.0.2.1/24' }, commit: true });
      expect(zone.body).toEqual({ data: { zone: ['Select a valid choice. That choice is not one of the available choices.'] } });
      const body = await t.post(CREATE_SITE, { data: [], commit: 'maybe' });
      expect(body.body).toEqual({ data: ['Expected a dictionary of items but got type "list".'], commit: ['Must be a valid boolean.'] });
      expect((await t.post(CREATE_SITE, {})).body).toEqual({ data: ['This field is required.'], commit: ['This field is required.'] });
      expect(await count('/api/core/jobs/')).toBe(jobs);
    });

    it('refuses a schedule in the past, and schedules one in the future', async () => {
      const jobs = await count('/api/core/jobs/');
      const past = await t.post(CREATE_SITE, { data: { site_name: 'Past', rack_count: 1 }, commit: true, schedule_at: '2020-01-01T00:00:00Z' });
      expectStatus(past, 400);
      expect(past.body).toEqual({ schedule_at: ['Scheduled time must be in the future.'] });
      expect((await t.post(CREATE_SITE, { data: { site_name: 'Past', rack_count: 1 }, commit: true, interval: 0 })).body).toEqual({
        interval: ['Ensure this value is greater than or equal to 1.'],
      });
      expect(await count('/api/core/jobs/')).toBe(jobs);

      const at = new Date(Date.now() + 3600_000).toISOString();
      const job = (await run(CREATE_SITE, { data: { site_name: 'Later', rack_count: 1 }, commit: true, schedule_at: at })).result;
      expect(job.status.value).toBe('scheduled');
      expect(new Date(job.scheduled).getTime()).toBe(new Date(at).getTime());
    });

    it('runs a recurring script again: after each run, the next is scheduled an interval after this one', async () => {
      const at = new Date(Date.now() + 500);
      const first = (await run(CREATE_SITE, { data: { site_name: 'Every', rack_count: 1 }, commit: false, schedule_at: at.toISOString(), interval: 60 })).result;
      expect(first).toMatchObject({ status: { value: 'scheduled' }, interval: 60 });
      expect((await ended(first)).status.value).toBe('completed');
      const next = (await t.get(`/api/core/jobs/?name=CreateSiteWithRacks&status=scheduled&interval=60`)).body.results;
      expect(next).toHaveLength(1);
      expect(next[0]).toMatchObject({ object_type: 'extras.scriptmodule', object_id: first.object_id, user: first.user });
      expect(new Date(next[0].scheduled).getTime() - new Date(first.scheduled).getTime()).toBe(60 * 60_000);
      expect(next[0].job_id).not.toBe(first.job_id);
    });

    it('ends a script that throws errored, the error logged and everything it wrote undone', async () => {
      const zone = await createOne(t, '/api/plugins/dns/zones/', { name: 'hosts.example', soa_mname: 'ns1.example.net', soa_rname: 'hostmaster.example.net' });
      const job = (await run(ADD_HOSTS, { data: { zone: zone.id, hosts: 'www 192.0.2.10/24\nmail' }, commit: true })).result;
      const done = await ended(job);
      expect(done.status.value).toBe('errored');
      expect(done.data.output).toBeUndefined();
      expect(done.data.log[0]).toEqual({ status: 'success', message: 'www A 192.0.2.10 points at 192.0.2.10/24' });
      expect(done.data.log[1].status).toBe('failure');
      expect(done.data.log[1].message).toMatch(/^An exception occurred: `Error: line 2: expected "<name> <address>\/<mask length>", got "mail"`\n```\n/);
      expect(done.data.log[2]).toEqual({ status: 'info', message: 'Database changes have been reverted due to error.' });
      expect(await count('/api/ipam/ip-addresses/?address=192.0.2.10/24')).toBe(0);
      expect(await count(`/api/plugins/dns/records/?zone_id=${zone.id}`)).toBe(0);

      // A write the REST API refuses fails the script the same way, with the API's error.
      const refused = await ended((await run(ADD_HOSTS, { data: { zone: zone.id, hosts: 'www 192.0.2.10/24\ndb 192.0.2.300/24' }, commit: true })).result);
      expect(refused.status.value).toBe('errored');
      expect(refused.data.log[1].message).toMatch(/^An exception occurred: `ScriptWriteError: ipam.ipaddress: \{"address":/);
      expect(await count('/api/ipam/ip-addresses/?address=192.0.2.10/24')).toBe(0);

      const ok = await ended((await run(ADD_HOSTS, { data: { zone: String(zone.id), hosts: 'www 192.0.2.10/24\nv6 2001:db8::10/64' }, commit: true })).result);
      expect(ok.status.value).toBe('completed');
      expect(ok.data.output).toBe('www IN A 192.0.2.10\nv6 IN AAAA 2001:db8::10');
      expect(await count(`/api/plugins/dns/records/?zone_id=${zone.id}`)).toBe(2);
    });

    it('needs the run permission on extras.script, and writes nothing without it', async () => {
      const jobs = await count('/api/core/jobs/');
      const { key } = await makeUserWithToken(t, 'runner');
      const refused = await t.post(CREATE_SITE, { data: { site_name: 'Nope', rack_count: 1 }, commit: true }, key);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ detail: 'This user does not have permission to run scripts.' });
      expect((await t.anon().post(CREATE_SITE).send({ data: {}, commit: true })).status).toBe(403);
      expect(await count('/api/core/jobs/')).toBe(jobs);
    });

    it('runs for a user granted run on extras.script, an object type without a table, as NetBox’s', async () => {
      const { user, key } = await makeUserWithToken(t, 'grantedrunner');
      await grant(t, { object_types: ['extras.script'], actions: ['run'], users: [user.id] });
      const types = (await t.get('/api/extras/content-types/?app_label=extras&model=script')).body.results;
      expect(types.map((c: Json) => c.display)).toEqual(['Extras | script']);
      const job = (await run(CREATE_SITE, { data: { site_name: 'Granted', rack_count: 1 }, commit: true }, key)).result;
      expect((await ended(job)).status.value).toBe('completed');
      // Still no route of its own.
      expect((await t.get('/api/extras/script/')).status).toBe(404);
    });

    it('fires the job_start and job_end webhooks of the script module type', async () => {
      const receiver = await Receiver.start();
      try {
        const hook = await createOne(t, '/api/extras/webhooks/', {
          name: 'script jobs',
          content_types: ['extras.scriptmodule'],
          type_job_start: true,
          type_job_end: true,
          payload_url: `${receiver.url}/jobs`,
        });
        const done = await ended((await run(CREATE_SITE, { data: { site_name: 'Hooked', rack_count: 1 }, commit: true })).result);
        await receiver.until(2);
        const [start, end] = receiver.json().sort((a, b) => (a.event < b.event ? 1 : -1));
        expect(start).toMatchObject({ event: 'job_started', model: 'scriptmodule', username: 'admin', data: null });
        expect(end).toMatchObject({ event: 'job_ended', model: 'scriptmodule', username: 'admin', data: done.data });
        await t.delete(`/api/extras/webhooks/${hook.id}/`).expect(204);
      } finally {
        await receiver.close();
      }
    });
  });

  describe('running a report', () => {
    it('runs every test and keeps NetBox’s per-test results: completed, then failed once a test logs a failure', async () => {
      const zone = await createOne(t, '/api/plugins/dns/zones/', { name: 'report.example', soa_mname: 'ns1.example.net', soa_rname: 'hostmaster.example.net' });
      await createOne(t, '/api/plugins/dns/records/', { zone: zone.id, name: 'www', type: 'A', value: '198.51.100.1' });
      // Zones other tests left without records would fail the report.
      const empties = (await t.get('/api/plugins/dns/zones/?limit=0')).body.results.filter((z: Json) => z.record_count === 0);
      for (const empty of empties) await t.delete(`/api/plugins/dns/zones/${empty.id}/`).expect(204);

      const detail = await run(`${ZONE_HEALTH}run/`, {});
      expect(detail.result).toMatchObject({ object_type: 'extras.reportmodule', name: 'ZoneHealth', status: { value: 'pending' } });
      const done = await ended(detail.result);
      expect(done.status.value).toBe('completed');
      // Stored as jsonb on PostgreSQL, as NetBox stores it: its keys come back in jsonb's order, not the run's.
      expect(Object.keys(done.data).sort()).toEqual(['test_address_records_point_at_addresses', 'test_zones_have_records']);
      const linked = done.data.test_address_records_point_at_addresses;
      expect(linked).toMatchObject({ success: expect.any(Number), info: 0, failure: 0, warning: 1 });
      expect(linked.log).toEqual([[expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+\+00:00$/), 'warning', 'www A 198.51.100.1', expect.stringMatching(/\/api\/plugins\/dns\/records\/\d+\/$/), 'The record points at no IP address of the inventory']]);
      expect(done.data.test_zones_have_records).toMatchObject({ failure: 0, log: [] });

      await createOne(t, '/api/plugins/dns/zones/', { name: 'empty.example', soa_mname: 'ns1.example.net', soa_rname: 'hostmaster.example.net' });
      const failed = await ended((await run(`${ZONE_HEALTH}run/`, {})).result);
      expect(failed.status.value).toBe('failed');
      expect(failed.data.test_zones_have_records.failure).toBe(1);
      expect(failed.data.test_zones_have_records.log[0].slice(1)).toEqual(['failure', 'empty.example', expect.stringMatching(/\/api\/plugins\/dns\/zones\/\d+\/$/), 'The zone has no records']);

      const listed = (await t.get(REPORTS)).body[0].result;
      expect(listed).toEqual({ url: failed.url, created: failed.created, completed: failed.completed, user: failed.user, status: failed.status });
      expect((await t.get(ZONE_HEALTH)).body.result.data).toEqual(failed.data);
    });

    it('needs the run permission on extras.report and refuses a past schedule', async () => {
      const { key } = await makeUserWithToken(t, 'reporter');
      const refused = await t.post(`${ZONE_HEALTH}run/`, {}, key);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ detail: 'This user does not have permission to run reports.' });
      expect((await t.post(`${ZONE_HEALTH}run/`, { schedule_at: '2001-01-01T00:00:00Z' })).body).toEqual({ schedule_at: ['Scheduled time must be in the future.'] });
      expect((await t.post(`${REPORTS}dns.Nothing/run/`, {})).status).toBe(404);
      const { user, key: granted } = await makeUserWithToken(t, 'grantedreporter');
      await grant(t, { object_types: ['extras.report'], actions: ['run'], users: [user.id] });
      expect((await t.post(`${ZONE_HEALTH}run/`, {}, granted)).status).toBe(200);
    });
  });
});

const haveRedis = fs.existsSync(REDIS_SERVER);

/** With Redis but no worker consuming it, NetBox refuses to enqueue. */
(haveRedis ? describe : describe.skip)('scripts without a running worker', () => {
  let redis: RedisServer;
  let t: TestApp;

  beforeAll(async () => {
    redis = await RedisServer.start();
    t = await TestApp.start({ PLUGINS: 'dns', REDIS_URL: redis.url });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });

  it('answers 503 and creates no job', async () => {
    const res = await t.post(CREATE_SITE, { data: { site_name: 'Nowhere', rack_count: 1 }, commit: true });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ detail: 'Unable to process request: RQ worker process not running.' });
    expect((await t.post(`${ZONE_HEALTH}run/`, {})).status).toBe(503);
    expect((await t.get('/api/core/jobs/')).body.count).toBe(0);
  });
});
