import { Receiver } from './helpers/receiver';
import { pageStatements } from './helpers/queries';
import { createOne, expectStatus, Json, sleep } from './helpers/seed';
import { slugify, unique } from './helpers/fixtures';
import { TestApp } from './helpers/test-app';
import { makeUserGroup, makeUserWithToken } from './helpers/users';

jest.setTimeout(120_000);

const RULES = '/v4/api/extras/event-rules/';
const HOOKS_V4 = '/v4/api/extras/webhooks/';
const HOOKS_V3 = '/api/extras/webhooks/';
const GROUPS = '/v4/api/extras/notification-groups/';
const NOTIFICATIONS = '/v4/api/extras/notifications/';
const SUBSCRIPTIONS = '/v4/api/extras/subscriptions/';

/** NetBox 3.7's event rules and 3.5's webhooks as a view of a webhook and its own rule, written and fired from either generation. */
describe('event rules and webhooks across API generations', () => {
  let t: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await TestApp.start({ PLUGINS: 'dns' });
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });

  const read = async (path: string) => (await t.get(path).expect(200)).body;
  const ids = async (path: string) => (await read(path)).results.map((o: Json) => o.id);
  const count = async (path: string) => (await read(path)).count as number;
  async function refused(method: 'post' | 'patch' | 'put', path: string, body: unknown): Promise<Json> {
    const res = await t[method](path, body as Json);
    expectStatus(res, 400);
    return res.body;
  }
  const webhook = (fields: Json = {}) => createOne(t, HOOKS_V4, { name: unique('Hook'), payload_url: `${receiver.url}/in`, ...fields });
  const rule = (fields: Json) => createOne(t, RULES, { name: unique('Rule'), object_types: ['dcim.site'], event_types: ['object_created'], action_type: 'webhook', action_object_type: 'extras.webhook', ...fields });
  const site = (name = unique('Site')) => createOne(t, '/api/dcim/sites/', { name, slug: slugify(name) });
  /** Waits a moment for deliveries, then answers the bodies received at a path. */
  async function receivedAt(path: string): Promise<Json[]> {
    await sleep(300);
    return receiver.received.filter((r) => r.url === path).map((r) => JSON.parse(r.body));
  }

  describe('event rules on /v4', () => {
    it('creates a rule with 4.6’s fields, reads it full and brief, and shows its webhook', async () => {
      const hook = await webhook();
      const made = await rule({ action_object_id: hook.id, conditions: { and: [{ attr: 'status.value', value: 'active' }] }, description: 'Sites to the hook', action_data: { origin: 'netbox' } });
      expect(Object.keys(made)).toEqual([
        'id', 'url', 'display_url', 'display', 'object_types', 'name', 'enabled', 'event_types', 'conditions', 'action_type', 'action_object_type',
        'action_object_id', 'action_object', 'description', 'custom_fields', 'owner', 'tags', 'created', 'last_updated',
      ]);
      expect(made).toMatchObject({
        display: made.name,
        object_types: ['dcim.site'],
        enabled: true,
        event_types: ['object_created'],
        action_type: { value: 'webhook', label: 'Webhook' },
        action_object_type: 'extras.webhook',
        action_object_id: hook.id,
        action_object: { id: hook.id, name: hook.name, display: hook.name },
        description: 'Sites to the hook',
        url: expect.stringMatching(new RegExp(`/v4/api/extras/event-rules/${made.id}/$`)),
      });
      const brief = await read(`${RULES}${made.id}/?brief=1`);
      expect(Object.keys(brief)).toEqual(['id', 'url', 'display', 'name', 'description']);
      // 4.6's action data is not in its serializer: stored, used when firing, never shown.
      expect(made).not.toHaveProperty('action_data');
      // Tagged, with custom fields, as any of 4.x's NetBox models.
      const tag = await createOne(t, '/api/extras/tags/', { name: unique('Rule tag'), slug: unique('rule-tag') });
      await createOne(t, '/v4/api/extras/custom-fields/', { name: 'runbook', type: 'text', object_types: ['extras.eventrule'] });
      const tagged = await t.patch(`${RULES}${made.id}/`, { tags: [tag.id], custom_fields: { runbook: 'RB-1' } });
      expectStatus(tagged, 200);
      expect(tagged.body).toMatchObject({ tags: [{ id: tag.id }], custom_fields: { runbook: 'RB-1' } });
      expect(await ids(`${RULES}?tag=${tag.slug}`)).toEqual([made.id]);
      expect(await ids(`${RULES}?cf_runbook=RB-1`)).toEqual([made.id]);
    });

    it('filters as 4.6 declares', async () => {
      const hook = await webhook();
      const a = await rule({ action_object_id: hook.id, object_types: ['dcim.region', 'dcim.site'], event_types: ['object_updated', 'object_deleted'], description: 'alpha' });
      const b = await rule({ action_object_id: hook.id, object_types: ['ipam.prefix'], event_types: ['job_started'], enabled: false, comments: 'bravo notes' });
      const mine = async (query: string) => (await ids(`${RULES}?id=${a.id}&id=${b.id}&${query}`)).sort((x: number, y: number) => x - y);
      expect(await mine('object_type=dcim.region')).toEqual([a.id]);
      expect(await mine('object_type=ipam.prefix&object_type=dcim.site')).toEqual([a.id, b.id]);
      const prefixType = (await read('/v4/api/core/object-types/?app_label=ipam&model=prefix')).results[0];
      expect(await mine(`object_type_id=${prefixType.id}`)).toEqual([b.id]);
      expect(await mine('event_type=object_deleted')).toEqual([a.id]);
      expect(await mine('event_type=job_started&event_type=object_updated')).toEqual([a.id, b.id]);
      expect(await mine('enabled=false')).toEqual([b.id]);
      expect(await mine('action_type=webhook')).toHaveLength(2);
      expect(await mine('action_type=script')).toEqual([]);
      expect(await mine('action_object_type=extras.webhook')).toHaveLength(2);
      expect(await mine(`action_object_id=${hook.id}`)).toHaveLength(2);
      expect(await mine('description=alpha')).toEqual([a.id]);
      expect(await mine('q=bravo')).toEqual([b.id]);
      expect(await mine(`name=${encodeURIComponent(b.name)}`)).toEqual([b.id]);
      expect((await t.get(`${RULES}?action_type=nonsense`)).status).toBe(400);
    });

    it('changes and deletes a rule; deleting its webhook deletes it', async () => {
      const hook = await webhook();
      const made = await rule({ action_object_id: hook.id });
      const changed = await t.patch(`${RULES}${made.id}/`, { event_types: ['object_created', 'object_updated'], enabled: false });
      expectStatus(changed, 200);
      expect(changed.body).toMatchObject({ event_types: ['object_created', 'object_updated'], enabled: false });
      await t.delete(`${RULES}${made.id}/`).expect(204);
      await t.get(`${RULES}${made.id}/`).expect(404);
      const other = await rule({ action_object_id: hook.id });
      await t.delete(`${HOOKS_V4}${hook.id}/`).expect(204);
      await t.get(`${RULES}${other.id}/`).expect(404);
    });

    it.each([
      ['a webhook that does not exist', { action_object_id: 999999 }, 'action_object_id'],
      ['no action object', { action_object_id: null }, 'action_object_id'],
      ['an action object of another type than its action', { action_type: 'script' }, 'action_object_type'],
      ['an action object type that names no action', { action_object_type: 'dcim.site' }, 'action_object_type'],
      ['conditions that do not parse', { conditions: { and: [{ attr: 'name', op: 'near', value: 'x' }] } }, 'conditions'],
      ['action data that is not an object', { action_data: [1, 2] }, 'action_data'],
      ['no event types', { event_types: [] }, 'event_types'],
      ['an unknown event type', { event_types: ['object_created', 'object_exploded'] }, 'event_types'],
      ['an unknown object type', { object_types: ['dcim.nothing'] }, 'object_types'],
      ['an unknown action type', { action_type: 'email' }, 'action_type'],
      ['a name another rule has', { name: 'Taken rule' }, 'name'],
    ])('refuses %s with a 400 keyed by field, writing nothing', async (_what, body, key) => {
      const hook = await webhook();
      if (key === 'name') await rule({ name: 'Taken rule', action_object_id: hook.id }).catch(() => undefined);
      const before = await count(RULES);
      const errors = await refused('post', RULES, {
        name: unique('Bad'), object_types: ['dcim.site'], event_types: ['object_created'], action_type: 'webhook', action_object_type: 'extras.webhook', action_object_id: hook.id, ...body,
      });
      expect(Object.keys(errors)).toEqual([key]);
      expect(await count(RULES)).toBe(before);
    });

    it('refuses a notification group or script that does not exist', async () => {
      expect(await refused('post', RULES, { name: unique('Bad'), object_types: ['dcim.site'], event_types: ['object_created'], action_type: 'script', action_object_type: 'extras.script', action_object_id: 999999 })).toEqual({
        action_object_id: ['Related object not found using the provided numeric ID: 999999'],
      });
    });

    it('reads a page of rules in a fixed number of statements', async () => {
      const hook = await webhook();
      await rule({ action_object_id: hook.id });
      const few = await pageStatements(t, () => t.get(`${RULES}?limit=2`).expect(200));
      for (let i = 0; i < 4; i++) await rule({ action_object_id: (await webhook()).id });
      const many = await pageStatements(t, () => t.get(`${RULES}?limit=50`).expect(200));
      expect(many).toBe(few);
    });

    it('filters webhooks as 4.6 declares: any part of the URL, and not by what fires them', async () => {
      const hook = await webhook({ payload_url: `${receiver.url}/Filtered/Path`, http_method: 'PATCH', description: 'found' });
      expect(await ids(`${HOOKS_V4}?payload_url=filtered/p`)).toEqual([hook.id]);
      expect(await ids(`${HOOKS_V4}?payload_url=${encodeURIComponent(hook.payload_url)}&http_method=PATCH`)).toEqual([hook.id]);
      expect(await ids(`${HOOKS_V4}?payload_url__n=${encodeURIComponent(hook.payload_url)}&id=${hook.id}`)).toEqual([]);
      expect(await ids(`${HOOKS_V4}?description=found&ssl_verification=true`)).toEqual([hook.id]);
      // 3.5 matched the whole URL.
      expect(await ids(`${HOOKS_V3}?payload_url=filtered/p`)).toEqual([]);
      expect(await ids(`${HOOKS_V3}?payload_url=${encodeURIComponent(hook.payload_url)}`)).toEqual([hook.id]);
    });

    it('is not on /api/, nor in its root or schema', async () => {
      expect((await t.get('/api/extras/event-rules/')).status).toBe(404);
      expect(await read('/api/extras/')).not.toHaveProperty('event-rules');
      expect(await read('/v4/api/extras/')).toHaveProperty('event-rules');
    });
  });

  describe('3.5’s webhook as a view of the webhook and its own rule', () => {
    it('makes a rule named as the webhook for a 3.5 create, and /v4 shows the webhook without triggers', async () => {
      const name = unique('Old hook');
      const made = await createOne(t, HOOKS_V3, { name, content_types: ['dcim.site', 'dcim.region'], type_create: true, type_job_end: true, payload_url: `${receiver.url}/old`, conditions: { and: [{ attr: 'name', value: 'x' }] } });
      expect(made).toMatchObject({ content_types: ['dcim.site', 'dcim.region'], type_create: true, type_update: false, type_job_end: true, enabled: true, conditions: { and: [{ attr: 'name', value: 'x' }] } });
      const [own] = (await read(`${RULES}?action_object_id=${made.id}&action_object_type=extras.webhook`)).results;
      expect(own).toMatchObject({
        name,
        object_types: ['dcim.site', 'dcim.region'],
        event_types: ['object_created', 'job_completed', 'job_errored', 'job_failed'],
        enabled: true,
        conditions: { and: [{ attr: 'name', value: 'x' }] },
        action_object: { id: made.id },
      });
      const now = await read(`${HOOKS_V4}${made.id}/`);
      expect(Object.keys(now)).toEqual([
        'id', 'url', 'display_url', 'display', 'name', 'description', 'payload_url', 'http_method', 'http_content_type', 'additional_headers', 'body_template',
        'secret', 'ssl_verification', 'ca_file_path', 'custom_fields', 'owner', 'tags', 'created', 'last_updated',
      ]);
    });

    it('reads triggers a rule edited on /v4 sets, and a 3.5 update changes the rule', async () => {
      const made = await createOne(t, HOOKS_V3, { name: unique('Mixed'), content_types: ['dcim.site'], type_create: true, payload_url: `${receiver.url}/mixed` });
      const [own] = (await read(`${RULES}?action_object_id=${made.id}`)).results;
      // 4.x's rule keeps one of a job's ends: 3.5 reads it as its job end, and keeps it when rewriting the same.
      expectStatus(await t.patch(`${RULES}${own.id}/`, { event_types: ['object_updated', 'job_failed'], enabled: false, object_types: ['ipam.prefix'] }), 200);
      expect(await read(`${HOOKS_V3}${made.id}/`)).toMatchObject({ content_types: ['ipam.prefix'], type_create: false, type_update: true, type_job_end: true, enabled: false });
      expectStatus(await t.patch(`${HOOKS_V3}${made.id}/`, { type_delete: true, type_job_end: true, enabled: true }), 200);
      expect(await read(`${RULES}${own.id}/`)).toMatchObject({ event_types: ['object_updated', 'job_failed', 'object_deleted'], enabled: true, object_types: ['ipam.prefix'] });
      // A rename renames the rule named as the webhook.
      const renamed = unique('Renamed');
      expectStatus(await t.patch(`${HOOKS_V3}${made.id}/`, { name: renamed }), 200);
      expect((await read(`${RULES}${own.id}/`)).name).toBe(renamed);
      // A PUT as 3.5 writes it, every field given.
      const put = await t.put(`${HOOKS_V3}${made.id}/`, { name: renamed, content_types: ['dcim.device'], type_create: true, type_update: false, type_delete: false, type_job_start: false, type_job_end: false, payload_url: `${receiver.url}/put`, enabled: true });
      expectStatus(put, 200);
      expect(await read(`${RULES}${own.id}/`)).toMatchObject({ object_types: ['dcim.device'], event_types: ['object_created'] });
    });

    it('reads a webhook without a rule as 3.5 reads one that fires on nothing; a 3.5 write of triggers gives it one', async () => {
      const bare = await webhook({ name: unique('Bare') });
      expect(await read(`${HOOKS_V3}${bare.id}/`)).toMatchObject({
        content_types: [], type_create: false, type_update: false, type_delete: false, type_job_start: false, type_job_end: false, enabled: true, conditions: null,
      });
      // 3.5 renames it without triggers, as it reads it.
      expectStatus(await t.patch(`${HOOKS_V3}${bare.id}/`, { http_method: 'PUT' }), 200);
      expect(await count(`${RULES}?action_object_id=${bare.id}&action_object_type=extras.webhook`)).toBe(0);
      // Triggers without object types are no 3.5 webhook.
      expect(await refused('patch', `${HOOKS_V3}${bare.id}/`, { type_update: true })).toEqual({ content_types: ['This field is required.'] });
      expectStatus(await t.patch(`${HOOKS_V3}${bare.id}/`, { type_update: true, content_types: ['dcim.site'] }), 200);
      expect((await read(`${RULES}?action_object_id=${bare.id}&action_object_type=extras.webhook`)).results[0]).toMatchObject({ name: bare.name, event_types: ['object_updated'] });
    });

    it('reads the triggers from the lowest-id rule of the webhook, and filters by them', async () => {
      const hook = await webhook({ name: unique('Two rules') });
      const first = await rule({ action_object_id: hook.id, object_types: ['dcim.rack'], event_types: ['object_deleted'] });
      await rule({ action_object_id: hook.id, object_types: ['dcim.site'], event_types: ['object_created'] });
      expect(await read(`${HOOKS_V3}${hook.id}/`)).toMatchObject({ content_types: ['dcim.rack'], type_delete: true, type_create: false });
      expect(await ids(`${HOOKS_V3}?type_delete=true&content_types=dcim.rack&id=${hook.id}`)).toEqual([hook.id]);
      expect(await ids(`${HOOKS_V3}?type_create=true&id=${hook.id}`)).toEqual([]);
      const rackType = (await read('/api/extras/content-types/?app_label=dcim&model=rack')).results[0];
      expect(await ids(`${HOOKS_V3}?content_type_id=${rackType.id}&id=${hook.id}`)).toEqual([hook.id]);
      await t.delete(`${RULES}${first.id}/`).expect(204);
      expect(await read(`${HOOKS_V3}${hook.id}/`)).toMatchObject({ content_types: ['dcim.site'], type_create: true, type_delete: false });
      // /v4 neither takes nor filters them.
      expect(await count(`${HOOKS_V4}?type_create=false`)).toBe(await count(HOOKS_V4));
    });

    it('reads a page of 3.5 webhooks in a fixed number of statements', async () => {
      await createOne(t, HOOKS_V3, { name: unique('Paged'), content_types: ['dcim.site'], type_create: true, payload_url: `${receiver.url}/p0` });
      const few = await pageStatements(t, () => t.get(`${HOOKS_V3}?limit=2`).expect(200));
      for (let i = 1; i < 5; i++) await createOne(t, HOOKS_V3, { name: unique('Paged'), content_types: ['dcim.site'], type_update: true, payload_url: `${receiver.url}/p${i}` });
      const many = await pageStatements(t, () => t.get(`${HOOKS_V3}?limit=50`).expect(200));
      expect(many).toBe(few);
    });

    it('deletes the rules of a webhook deleted through 3.5', async () => {
      const made = await createOne(t, HOOKS_V3, { name: unique('Gone'), content_types: ['dcim.site'], type_create: true, payload_url: `${receiver.url}/gone` });
      const extra = await rule({ action_object_id: made.id });
      await t.delete(`${HOOKS_V3}${made.id}/`).expect(204);
      expect(await count(`${RULES}?action_object_id=${made.id}&action_object_type=extras.webhook`)).toBe(0);
      await t.get(`${RULES}${extra.id}/`).expect(404);
    });
  });

  describe('firing', () => {
    it('fires a webhook defined through /api/ from a rule edited through /v4', async () => {
      const made = await createOne(t, HOOKS_V3, { name: unique('Legacy'), content_types: ['dcim.region'], type_create: true, payload_url: `${receiver.url}/legacy` });
      const [own] = (await read(`${RULES}?action_object_id=${made.id}`)).results;
      expectStatus(await t.patch(`${RULES}${own.id}/`, { object_types: ['dcim.site'], conditions: { and: [{ attr: 'name', op: 'contains', value: 'fire' }] } }), 200);
      await site(unique('Quiet'));
      const fired = await site(unique('fire me'));
      const bodies = await receivedAt('/legacy');
      expect(bodies.map((b) => b.data.id)).toEqual([fired.id]);
      expect(bodies[0]).toMatchObject({ event: 'created', model: 'site', username: 'admin', data: { name: fired.name } });
      await t.delete(`${HOOKS_V3}${made.id}/`).expect(204);
    });

    it('fires a webhook defined through /v4 from a rule edited through /api/, with the rule’s data first', async () => {
      const hook = await webhook({ payload_url: `${receiver.url}/modern` });
      await rule({ action_object_id: hook.id, object_types: ['dcim.region'], event_types: ['object_updated'], action_data: { ticket: 'T-1', name: 'overridden' } });
      // 3.5 sees the rule as the webhook's triggers, and changes them.
      expectStatus(await t.patch(`${HOOKS_V3}${hook.id}/`, { content_types: ['tenancy.tenant'], type_create: true, type_update: false }), 200);
      const tenant = await createOne(t, '/api/tenancy/tenants/', { name: unique('Hooked tenant'), slug: unique('hooked-tenant') });
      const region = await createOne(t, '/api/dcim/regions/', { name: unique('Silent region'), slug: unique('silent-region') });
      expectStatus(await t.patch(`/api/dcim/regions/${region.id}/`, { description: 'no longer watched' }), 200);
      const modern = await receivedAt('/modern');
      expect(modern).toHaveLength(1);
      // Made through /v4, it is sent 4.6's payload, whoever edits its rule.
      expect(modern[0]).toMatchObject({ event: 'created', object_type: 'tenancy.tenant', data: { id: tenant.id, name: tenant.name, ticket: 'T-1' } });
      await t.delete(`${HOOKS_V4}${hook.id}/`).expect(204);
    });

    it("sends each webhook the payload of the API it was made through: 3.5's, or 4.6's with the object in 4.6's words and the request", async () => {
      const modern = await webhook({ payload_url: `${receiver.url}/payload-v4` });
      await rule({ action_object_id: modern.id, object_types: ['dcim.device', 'vpn.l2vpn'], event_types: ['object_created', 'object_deleted'] });
      const legacy = await createOne(t, HOOKS_V3, { name: unique('Legacy'), content_types: ['dcim.device', 'ipam.l2vpn'], type_create: true, type_delete: true, payload_url: `${receiver.url}/payload-v3` });
      const where = await site(unique('Payload site'));
      const maker = await createOne(t, '/api/dcim/manufacturers/', { name: unique('Maker'), slug: unique('maker') });
      const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: unique('Model'), slug: unique('model') });
      const role = await createOne(t, '/api/dcim/device-roles/', { name: unique('Role'), slug: unique('role') });
      const device = await createOne(t, '/v4/api/dcim/devices/', { name: unique('payload-dev'), device_type: type.id, role: role.id, site: where.id });
      const l2vpn = await createOne(t, '/api/ipam/l2vpns/', { name: unique('Payload VPN'), slug: unique('payload-vpn'), type: 'vxlan' });
      await t.delete(`/api/dcim/devices/${device.id}/`).expect(204);

      const v3 = await receivedAt('/payload-v3');
      const v4 = await receivedAt('/payload-v4');
      expect(v3.map((b) => [b.event, b.model])).toEqual([['created', 'device'], ['created', 'l2vpn'], ['deleted', 'device']]);
      expect(v4.map((b) => [b.event, b.object_type])).toEqual([['created', 'dcim.device'], ['created', 'vpn.l2vpn'], ['deleted', 'dcim.device']]);
      expect(Object.keys(v3[0])).toEqual(['event', 'timestamp', 'model', 'username', 'request_id', 'data', 'snapshots']);
      expect(Object.keys(v4[0])).toEqual(['event', 'timestamp', 'object_type', 'username', 'request_id', 'data', 'request', 'snapshots']);
      // 3.5's words and links for the one, 4.6's for the other: a device's role, a moved model's path.
      expect(v3[0].data).toMatchObject({ id: device.id, url: `/api/dcim/devices/${device.id}/`, device_role: { id: role.id } });
      expect(v3[0].data).not.toHaveProperty('role');
      expect(v4[0].data).toMatchObject({ id: device.id, url: `/v4/api/dcim/devices/${device.id}/`, role: { id: role.id } });
      expect(v4[0].data).not.toHaveProperty('device_role');
      expect(v4[1].data.url).toBe(`/v4/api/vpn/l2vpns/${l2vpn.id}/`);
      expect(v4[0].request).toEqual({ id: v4[0].request_id, method: 'POST', path: '/v4/api/dcim/devices/', user: 'admin' });
      expect(v4[2].request).toMatchObject({ method: 'DELETE', path: `/api/dcim/devices/${device.id}/` });
      // A deleted object as it was, in each one's words.
      expect(v3[2].data).toMatchObject({ id: device.id, device_role: { id: role.id } });
      expect(v4[2].data).toMatchObject({ id: device.id, role: { id: role.id } });
      await t.delete(`${HOOKS_V4}${modern.id}/`).expect(204);
      await t.delete(`${HOOKS_V3}${legacy.id}/`).expect(204);
    });

    it('fires disabled rules never, and a delete event with the object as it was', async () => {
      const hook = await webhook({ payload_url: `${receiver.url}/deletes` });
      await rule({ action_object_id: hook.id, object_types: ['dcim.site'], event_types: ['object_deleted'] });
      await rule({ action_object_id: hook.id, object_types: ['dcim.site'], event_types: ['object_created'], enabled: false });
      const gone = await site(unique('Doomed'));
      await t.delete(`/api/dcim/sites/${gone.id}/`).expect(204);
      const deletes = await receivedAt('/deletes');
      expect(deletes.map((b) => b.event)).toEqual(['deleted']);
      expect(deletes[0].data.name).toBe(gone.name);
      await t.delete(`${HOOKS_V4}${hook.id}/`).expect(204);
    });

    it('fires a job’s end by how it ended, and its start', async () => {
      const hook = await webhook({ payload_url: `${receiver.url}/jobs` });
      const failures = await webhook({ payload_url: `${receiver.url}/failures` });
      const made = [
        await rule({ action_object_id: hook.id, object_types: ['extras.scriptmodule'], event_types: ['job_started', 'job_completed'] }),
        await rule({ action_object_id: failures.id, object_types: ['extras.scriptmodule'], event_types: ['job_failed', 'job_errored'] }),
      ];
      const run = await t.post('/api/extras/scripts/dns.CreateSiteWithRacks/', { data: { site_name: unique('Jobbed'), rack_count: 1 }, commit: true });
      expectStatus(run, 200);
      for (let i = 0; i < 100 && receiver.received.filter((r) => r.url === '/jobs').length < 2; i++) await sleep(50);
      const jobs = await receivedAt('/jobs');
      expect(jobs.map((b) => b.event).sort()).toEqual(['job_ended', 'job_started']);
      expect(jobs.find((b) => b.event === 'job_ended')).toMatchObject({ object_type: 'extras.scriptmodule', username: 'admin', data: { log: expect.any(Array) } });
      expect(await receivedAt('/failures')).toEqual([]);
      for (const r of made) await t.delete(`${RULES}${r.id}/`).expect(204);
    });

    it('runs a rule’s script as a job with the event’s data, the rule’s first', async () => {
      const script = (await read('/v4/api/extras/scripts/?name=CreateSiteWithRacks')).results[0];
      const made = await rule({ object_types: ['dcim.region'], event_types: ['object_created'], action_type: 'script', action_object_type: 'extras.script', action_object_id: script.id, action_data: { site_name: 'Evented', rack_count: 2 } });
      expect(made.action_object).toMatchObject({ id: script.id, name: 'CreateSiteWithRacks' });
      const slug = unique('evented-region');
      await createOne(t, '/api/dcim/regions/', { name: unique('Evented region'), slug });
      let sites: Json[] = [];
      for (let i = 0; i < 100 && !sites.length; i++) {
        sites = (await read('/api/dcim/sites/?name=Evented')).results;
        if (!sites.length) await sleep(50);
      }
      // The region's own data wins over the rule's where both name a key: its slug names the site.
      expect(sites).toMatchObject([{ name: 'Evented', slug, status: { value: 'planned' } }]);
      expect(await count(`/api/dcim/racks/?site_id=${sites[0].id}`)).toBe(2);
      await t.delete(`${RULES}${made.id}/`).expect(204);
    });
  });

  describe('notifications (4.1, /v4 only)', () => {
    /** Reads `path` until `done` holds of its results, as a user (their token) or the superuser. */
    async function until(path: string, done: (results: Json[]) => boolean, token?: string): Promise<Json[]> {
      for (let i = 0; i < 100; i++) {
        const res = await t.get(path, token);
        expectStatus(res, 200);
        if (done(res.body.results)) return res.body.results;
        await sleep(50);
      }
      throw new Error(`${path}: not as awaited`);
    }

    it('keeps notification groups of users and groups, filtered as 4.6 declares, and refuses a user that does not exist', async () => {
      const { user } = await makeUserWithToken(t, 'grouped');
      const team = await makeUserGroup(t, 'Team');
      const made = await createOne(t, GROUPS, { name: unique('On call'), description: 'Pager', users: [user.id], groups: [team.id] });
      expect(Object.keys(made)).toEqual(['id', 'url', 'display', 'display_url', 'name', 'description', 'groups', 'users']);
      expect(made).toMatchObject({ users: [{ id: user.id, username: user.username }], groups: [{ id: team.id, name: team.name }] });
      expect(Object.keys(await read(`${GROUPS}${made.id}/?brief=1`))).toEqual(['id', 'url', 'display', 'name', 'description']);
      expect(await ids(`${GROUPS}?user_id=${user.id}`)).toEqual([made.id]);
      expect(await ids(`${GROUPS}?user=${user.username}`)).toEqual([made.id]);
      expect(await ids(`${GROUPS}?group_id=${team.id}`)).toEqual([made.id]);
      expect(await ids(`${GROUPS}?group=${encodeURIComponent(team.name)}`)).toEqual([made.id]);
      expect(await ids(`${GROUPS}?q=pager`)).toEqual([made.id]);
      expect(await ids(`/v4/api/users/users/?notification_group_id=${made.id}`)).toEqual([user.id]);
      expect(await ids(`/v4/api/users/groups/?notification_group_id=${made.id}`)).toEqual([team.id]);
      const before = await count(GROUPS);
      expect(await refused('post', GROUPS, { name: unique('Nobody'), users: [999999] })).toEqual({ users: ['Related object not found using the provided numeric ID: 999999'] });
      expect(await refused('post', GROUPS, { name: made.name })).toEqual({ name: ['notification group with this name already exists.'] });
      expect(await count(GROUPS)).toBe(before);
      expectStatus(await t.patch(`${GROUPS}${made.id}/`, { users: [] }), 200);
      expect((await read(`${GROUPS}${made.id}/`)).users).toEqual([]);
      await t.delete(`${GROUPS}${made.id}/`).expect(204);
      for (const path of ['notification-groups', 'notifications', 'subscriptions']) expect((await t.get(`/api/extras/${path}/`)).status).toBe(404);
    });

    it("notifies each user of a rule's group, directly or through their groups, one notification per object; each sees and marks only their own", async () => {
      const direct = await makeUserWithToken(t, 'direct');
      const member = await makeUserWithToken(t, 'member');
      const outsider = await makeUserWithToken(t, 'outsider');
      const team = await makeUserGroup(t, 'Responders');
      expectStatus(await t.patch(`/api/users/users/${member.user.id}/`, { groups: [team.id] }), 200);
      const group = await createOne(t, GROUPS, { name: unique('Responders'), users: [direct.user.id], groups: [team.id] });
      const made = await rule({ object_types: ['tenancy.tenant'], event_types: ['object_created', 'object_updated'], action_type: 'notification', action_object_type: 'extras.notificationgroup', action_object_id: group.id });
      expect(made.action_object).toMatchObject({ id: group.id, name: group.name });
      const tenant = await createOne(t, '/api/tenancy/tenants/', { name: unique('Noticed'), slug: unique('noticed') });
      const mine = `${NOTIFICATIONS}?limit=100`;
      const [told] = await until(mine, (r) => r.length === 1, direct.key);
      expect(Object.keys(told)).toEqual(['id', 'url', 'display', 'object_type', 'object_id', 'object', 'user', 'created', 'read', 'event_type']);
      expect(told).toMatchObject({ display: tenant.name, object_type: 'tenancy.tenant', object_id: tenant.id, object: { id: tenant.id }, user: { id: direct.user.id }, read: null, event_type: 'object_created' });
      await until(mine, (r) => r.length === 1 && r[0].user.id === member.user.id, member.key);
      expect((await t.get(mine, outsider.key).expect(200)).body.results).toEqual([]);
      // The superuser sees everyone's; a user cannot read another's.
      expect((await read(`${NOTIFICATIONS}?limit=1000`)).results.filter((n: Json) => n.object_id === tenant.id && n.object_type === 'tenancy.tenant')).toHaveLength(2);
      expect((await t.get(`${NOTIFICATIONS}${told.id}/`, member.key)).status).toBe(404);
      // Marked read by its user.
      const at = new Date().toISOString();
      const marked = await t.patch(`${NOTIFICATIONS}${told.id}/`, { read: at }, direct.key);
      expectStatus(marked, 200);
      expect(new Date(marked.body.read).getTime()).toBe(new Date(at).getTime());
      expect((await t.patch(`${NOTIFICATIONS}${told.id}/`, { read: 'yesterday' }, direct.key)).status).toBe(400);
      // A later event of the same object says so in the same notification.
      expectStatus(await t.patch(`/api/tenancy/tenants/${tenant.id}/`, { description: 'changed' }), 200);
      const [again] = await until(mine, (r) => r[0]?.event_type === 'object_updated', direct.key);
      expect(again.id).toBe(told.id);
      await t.delete(`${RULES}${made.id}/`).expect(204);
    });

    it('tells subscribers of changes to and deletion of what they subscribed to, and nobody of its creation', async () => {
      const watcher = await makeUserWithToken(t, 'watcher');
      const other = await makeUserWithToken(t, 'other');
      const watched = await site(unique('Watched'));
      const sub = await t.post(SUBSCRIPTIONS, { object_type: 'dcim.site', object_id: watched.id, user: watcher.user.id }, watcher.key);
      expectStatus(sub, 201);
      expect(Object.keys(sub.body)).toEqual(['id', 'url', 'display', 'object_type', 'object_id', 'object', 'user', 'created']);
      expect(sub.body).toMatchObject({ display: watched.name, object: { id: watched.id }, user: { id: watcher.user.id } });
      expect(Object.keys(await read(`${SUBSCRIPTIONS}${sub.body.id}/?brief=1`))).toEqual(['id', 'url', 'display', 'object_type', 'object_id', 'user']);
      // Once per object and user; not for another user; not of a type that takes no notifications.
      expect(await refused('post', SUBSCRIPTIONS, { object_type: 'dcim.site', object_id: watched.id, user: watcher.user.id })).toEqual({
        __all__: ['Subscription with this Object type, Object id and User already exists.'],
      });
      const elsewhere = await site(unique('Elsewhere'));
      expectStatus(await t.post(SUBSCRIPTIONS, { object_type: 'dcim.site', object_id: elsewhere.id, user: watcher.user.id }, other.key), 403);
      expect(Object.keys(await refused('post', SUBSCRIPTIONS, { object_type: 'extras.tag', object_id: 1, user: watcher.user.id }))).toEqual(['object_type']);
      expect(await refused('post', SUBSCRIPTIONS, { object_type: 'dcim.site', object_id: 999999, user: other.user.id })).toEqual({ object_id: ['Related object not found using the provided numeric ID: 999999'] });
      expect((await t.get(SUBSCRIPTIONS, other.key).expect(200)).body.results).toEqual([]);

      expectStatus(await t.patch(`/api/dcim/sites/${watched.id}/`, { description: 'moved' }), 200);
      const mine = `${NOTIFICATIONS}?limit=100`;
      const [changed] = await until(mine, (r) => r.length === 1, watcher.key);
      expect(changed).toMatchObject({ object_type: 'dcim.site', object_id: watched.id, event_type: 'object_updated', display: watched.name, read: null });
      await t.delete(`/api/dcim/sites/${watched.id}/`).expect(204);
      const [gone] = await until(mine, (r) => r[0]?.event_type === 'object_deleted', watcher.key);
      expect(gone).toMatchObject({ object_id: watched.id, display: watched.name, object: null });
      // The subscription went with its object.
      await until(SUBSCRIPTIONS, (r) => r.length === 0, watcher.key);
      expect((await t.get(mine, other.key).expect(200)).body.results).toEqual([]);
    });
  });
});
