import { createHmac } from 'crypto';
import { Receiver } from './helpers/receiver';
import { TestApp } from './helpers/test-app';

/** Webhooks without Redis: the API process runs the jobs itself. */
describe('Webhooks (in-process queue)', () => {
  let app: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    app = await TestApp.start({ RQ_RETRY_MAX: '2', RQ_RETRY_INTERVAL: '0.05' });
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });
  beforeEach(async () => {
    receiver.received.length = 0;
    receiver.answer = () => 200;
    const hooks = (await app.get('/api/extras/webhooks/?limit=0').expect(200)).body.results;
    if (hooks.length) await app.delete('/api/extras/webhooks/', hooks.map((h: { id: number }) => ({ id: h.id }))).expect(204);
  });

  const hook = (body: Record<string, unknown>) => app.post('/api/extras/webhooks/', { name: `hook ${Math.random()}`, payload_url: `${receiver.url}/hook`, ...body });

  describe('the model', () => {
    it('is created with NetBox defaults, read back in full and brief, and filtered', async () => {
      const created = await app
        .post('/api/extras/webhooks/', { name: 'Sites', content_types: ['dcim.site'], type_create: true, payload_url: 'https://example.com/hook' })
        .expect(201);
      expect(created.body).toMatchObject({
        name: 'Sites',
        display: 'Sites',
        url: expect.stringMatching(/\/api\/extras\/webhooks\/\d+\/$/),
        content_types: ['dcim.site'],
        type_create: true,
        type_update: false,
        type_delete: false,
        type_job_start: false,
        type_job_end: false,
        enabled: true,
        http_method: 'POST',
        http_content_type: 'application/json',
        additional_headers: '',
        body_template: '',
        secret: '',
        conditions: null,
        ssl_verification: true,
        ca_file_path: null,
      });
      const brief = await app.get(`/api/extras/webhooks/${created.body.id}/?brief=1`).expect(200);
      expect(Object.keys(brief.body).sort()).toEqual(['display', 'id', 'name', 'url']);
      expect((await app.get('/api/extras/webhooks/?type_create=true&content_types=dcim.site').expect(200)).body.count).toBe(1);
      expect((await app.get('/api/extras/webhooks/?type_update=true').expect(200)).body.count).toBe(0);
      expect((await app.get('/api/extras/webhooks/?http_method=GET').expect(200)).body.count).toBe(0);
      const options = await app.options('/api/extras/webhooks/').expect(200);
      expect(options.body.actions.POST.http_method.choices.map((c: { value: string }) => c.value)).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    });

    it.each([
      ['no event type', { type_create: false }, '__all__'],
      ['conditions that are not a condition set', { conditions: { and: [{ attr: 'status', op: 'near', value: 'x' }] } }, 'conditions'],
      ['conditions as a list', { conditions: [1] }, 'conditions'],
      ['a body template that does not compile', { body_template: '{% if data %}unclosed' }, 'body_template'],
      ['a header line without a colon', { additional_headers: 'X-Token secret' }, 'additional_headers'],
      ['a header template that does not compile', { additional_headers: 'X-Name: {{ data.name ' }, 'additional_headers'],
      ['a URL that is not http(s)', { payload_url: 'ftp://example.com/x' }, 'payload_url'],
      ['a URL that is no URL', { payload_url: 'not a url' }, 'payload_url'],
      ['an unknown method', { http_method: 'FETCH' }, 'http_method'],
      ['a CA file without SSL verification', { ssl_verification: false, ca_file_path: '/etc/ssl/ca.pem' }, 'ca_file_path'],
      ['an unknown object type', { content_types: ['dcim.nothing'] }, 'content_types'],
    ])('refuses %s with a 400 keyed by field, writing nothing', async (_what, body, key) => {
      const response = await hook({ content_types: ['dcim.site'], type_create: true, ...body }).expect(400);
      expect(Object.keys(response.body)).toContain(key);
      expect((await app.get('/api/extras/webhooks/').expect(200)).body.count).toBe(0);
    });

    it('is unique by URL and event types', async () => {
      const body = { content_types: ['dcim.site'], type_create: true, payload_url: 'https://example.com/same' };
      await app.post('/api/extras/webhooks/', { ...body, name: 'one' }).expect(201);
      const second = await app.post('/api/extras/webhooks/', { ...body, name: 'two' });
      expect(second.status).toBe(400);
      expect(second.body.__all__[0]).toBe('Webhook with this URL, Type create, Type update and Type delete already exists.');
    });
  });

  describe('delivery', () => {
    it('posts NetBox’s body for a create, an update and a delete, signed with the secret', async () => {
      await hook({ content_types: ['dcim.site'], type_create: true, type_update: true, type_delete: true, secret: 's3cret' }).expect(201);
      const created = await app.post('/api/dcim/sites/', { name: 'Hooked', slug: 'hooked' }).expect(201);
      const [first] = await receiver.until(1);
      expect(first.method).toBe('POST');
      expect(first.url).toBe('/hook');
      expect(first.headers['content-type']).toBe('application/json');
      expect(first.headers['x-hook-signature']).toBe(createHmac('sha512', 's3cret').update(first.body).digest('hex'));
      const body = JSON.parse(first.body);
      expect(Object.keys(body)).toEqual(['event', 'timestamp', 'model', 'username', 'request_id', 'data', 'snapshots']);
      expect(body).toMatchObject({ event: 'created', model: 'site', username: 'admin', request_id: created.headers['x-request-id'] });
      // Python's str() of a timestamp: microseconds unless there are none.
      expect(body.timestamp).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{6})?\+00:00$/);
      // The object's full representation, with URLs as NetBox renders them without a request.
      expect(body.data).toMatchObject({ id: created.body.id, name: 'Hooked', slug: 'hooked', url: `/api/dcim/sites/${created.body.id}/` });
      expect(body.data.status).toEqual({ value: 'active', label: 'Active' });
      expect(body.snapshots.prechange).toBeNull();
      expect(body.snapshots.postchange).toMatchObject({ name: 'Hooked', slug: 'hooked', status: 'active' });

      await app.patch(`/api/dcim/sites/${created.body.id}/`, { name: 'Renamed' }).expect(200);
      const update = JSON.parse((await receiver.until(2))[1].body);
      expect(update).toMatchObject({ event: 'updated', data: { name: 'Renamed' }, snapshots: { prechange: { name: 'Hooked' }, postchange: { name: 'Renamed' } } });

      await app.delete(`/api/dcim/sites/${created.body.id}/`).expect(204);
      const deletion = JSON.parse((await receiver.until(3))[2].body);
      expect(deletion).toMatchObject({ event: 'deleted', model: 'site', data: { id: created.body.id, name: 'Renamed' }, snapshots: { prechange: { name: 'Renamed' }, postchange: null } });
    });

    it('fires for each object of a bulk write and for cascaded deletes, and only for matching types and actions', async () => {
      await hook({ content_types: ['dcim.site'], type_create: true }).expect(201);
      await hook({ content_types: ['dcim.location'], type_delete: true }).expect(201);
      const sites = await app.post('/api/dcim/sites/', [1, 2, 3].map((n) => ({ name: `Bulk ${n}`, slug: `bulk-${n}` }))).expect(201);
      await receiver.until(3);
      const location = await app.post('/api/dcim/locations/', { name: 'Room', slug: 'room', site: sites.body[0].id }).expect(201);
      await app.patch(`/api/dcim/sites/${sites.body[1].id}/`, { description: 'not hooked' }).expect(200);
      await app.delete(`/api/dcim/sites/${sites.body[0].id}/`).expect(204);
      const bodies = (await receiver.until(4)).map((r) => JSON.parse(r.body));
      expect(bodies.slice(0, 3).map((b) => [b.event, b.model, b.data.name]).sort()).toEqual([
        ['created', 'site', 'Bulk 1'],
        ['created', 'site', 'Bulk 2'],
        ['created', 'site', 'Bulk 3'],
      ]);
      expect(bodies[3]).toMatchObject({ event: 'deleted', model: 'location', data: { id: location.body.id, name: 'Room' } });
      expect(receiver.received).toHaveLength(4);
    });

    it('delivers each of a bulk create of 100 objects once, after the commit', async () => {
      await hook({ content_types: ['ipam.ipaddress'], type_create: true }).expect(201);
      const created = await app.post('/api/ipam/ip-addresses/', Array.from({ length: 100 }, (_, i) => ({ address: `10.99.0.${i + 1}/24` }))).expect(201);
      await receiver.until(100);
      const delivered = receiver.json();
      expect(delivered.map((b) => b.data.id).sort((a, b) => a - b)).toEqual(created.body.map((a: { id: number }) => a.id).sort((a: number, b: number) => a - b));
      expect(new Set(delivered.map((b) => b.request_id))).toEqual(new Set([created.headers['x-request-id']]));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.received).toHaveLength(100);
    });

    it('sends nothing for a request that is rolled back', async () => {
      await hook({ content_types: ['dcim.site'], type_create: true }).expect(201);
      await app.post('/api/dcim/sites/', [{ name: 'Kept?', slug: 'kept' }, { name: 'Broken' }]).expect(400);
      // A later write's delivery arrives after any the failed one could have queued.
      await app.post('/api/dcim/sites/', { name: 'After', slug: 'after' }).expect(201);
      const [only] = await receiver.until(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.received).toHaveLength(1);
      expect(JSON.parse(only.body).data.name).toBe('After');
    });

    it('renders the body, headers and URL templates and honours method and content type', async () => {
      await hook({
        content_types: ['dcim.site'],
        type_create: true,
        http_method: 'PUT',
        http_content_type: 'text/plain',
        payload_url: `${receiver.url}/sites/{{ data.slug }}`,
        additional_headers: 'X-Site: {{ data.name }}\nX-Event: {{ event }}',
        body_template: '{{ model }} {{ data.name }} by {{ username }}{% if snapshots.prechange is none %} (new){% endif %}',
      }).expect(201);
      await app.post('/api/dcim/sites/', { name: 'Templated', slug: 'templated' }).expect(201);
      const [request] = await receiver.until(1);
      expect(request).toMatchObject({ method: 'PUT', url: '/sites/templated', body: 'site Templated by admin (new)' });
      expect(request.headers).toMatchObject({ 'content-type': 'text/plain', 'x-site': 'Templated', 'x-event': 'created' });
      expect(request.headers['x-hook-signature']).toBeUndefined();
    });

    it('evaluates conditions on the object’s data', async () => {
      await hook({ content_types: ['dcim.site'], type_create: true, conditions: { and: [{ attr: 'status.value', value: 'planned' }, { attr: 'name', op: 'contains', value: 'skip', negate: true }] } }).expect(201);
      await app.post('/api/dcim/sites/', { name: 'Active one', slug: 'active-one' }).expect(201);
      await app.post('/api/dcim/sites/', { name: 'Planned skip', slug: 'planned-skip', status: 'planned' }).expect(201);
      await app.post('/api/dcim/sites/', { name: 'Planned one', slug: 'planned-one', status: 'planned' }).expect(201);
      const [only] = await receiver.until(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.json().map((b) => b.data.name)).toEqual(['Planned one']);
      expect(JSON.parse(only.body).event).toBe('created');
    });

    it('ignores disabled webhooks', async () => {
      await hook({ content_types: ['dcim.site'], type_create: true, enabled: false }).expect(201);
      await hook({ content_types: ['dcim.region'], type_create: true, payload_url: `${receiver.url}/regions` }).expect(201);
      await app.post('/api/dcim/sites/', { name: 'Unheard', slug: 'unheard' }).expect(201);
      await app.post('/api/dcim/regions/', { name: 'Heard', slug: 'heard' }).expect(201);
      await receiver.until(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.json().map((b) => b.model)).toEqual(['region']);
    });

    it('retries a failed delivery with backoff, up to RQ_RETRY_MAX times', async () => {
      await hook({ content_types: ['dcim.site'], type_create: true }).expect(201);
      receiver.answer = (_request, index) => (index < 2 ? 500 : 200);
      await app.post('/api/dcim/sites/', { name: 'Flaky', slug: 'flaky' }).expect(201);
      const received = await receiver.until(3);
      expect(new Set(received.map((r) => r.body)).size).toBe(1);

      receiver.received.length = 0;
      receiver.answer = () => 500;
      await app.post('/api/dcim/sites/', { name: 'Down', slug: 'down' }).expect(201);
      await receiver.until(3);
      // Three attempts in all (the first and two retries), then it gives up.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(receiver.received).toHaveLength(3);
    });

    it('never holds up the request that triggered it', async () => {
      await hook({ content_types: ['dcim.site'], type_create: true }).expect(201);
      let release!: () => void;
      const held = new Promise<number>((resolve) => (release = () => resolve(200)));
      receiver.answer = () => held;
      await app.post('/api/dcim/sites/', { name: 'Fast', slug: 'fast' }).expect(201);
      await receiver.until(1);
      // The webhook's request is still open: the API answered without waiting for it.
      await app.get('/api/dcim/sites/?slug=fast').expect(200);
      release();
    });

    it('fires for a webhook on an unreachable target without failing the write', async () => {
      await hook({ content_types: ['dcim.site'], type_create: true, payload_url: 'http://127.0.0.1:9/unreachable' }).expect(201);
      const created = await app.post('/api/dcim/sites/', { name: 'Lonely', slug: 'lonely' }).expect(201);
      expect(created.body.name).toBe('Lonely');
    });
  });

  it('reports the in-process worker in /api/status/', async () => {
    const status = await app.get('/api/status/').expect(200);
    expect(status.body['rq-workers-running']).toBe(1);
  });
});

describe('Jobs API', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await TestApp.start();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is read-only, listed under /api/core/, and filtered as NetBox does', async () => {
    expect((await app.get('/api/').expect(200)).body.core).toMatch(/\/api\/core\/$/);
    expect(Object.keys((await app.get('/api/core/').expect(200)).body)).toEqual(['data-files', 'data-sources', 'jobs']);
    expect((await app.get('/api/core/jobs/').expect(200)).body).toEqual({ count: 0, next: null, previous: null, results: [] });
    await app.post('/api/core/jobs/', { name: 'x' }).expect(405);
    await app.get('/api/core/jobs/?status=running&created__after=2020-01-01T00:00:00Z&name__ic=x').expect(200);
    expect((await app.get('/api/core/jobs/?status=nonsense').expect(400)).body.status).toBeDefined();
  });
});
