import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { syncedSource } from './helpers/data-sources';
import { createOne, expectStatus, Json } from './helpers/seed';
import { slugify, unique } from './helpers/fixtures';
import { pageStatements } from './helpers/queries';
import { TestApp } from './helpers/test-app';

/**
 * NetBox 4.x's fields of models 3.5 had, beyond the plain ones: written and read through /v4, filtered there as 4.6's
 * filter sets declare, absent from /api/ (3.5 neither shows nor takes them), and refused with NetBox's messages.
 */
describe("NetBox 4.x's further fields of 3.5's models", () => {
  let t: TestApp;
  let site: Json;
  let device: Json;
  let cluster: Json;
  let vm: Json;

  beforeAll(async () => {
    // The dns plugin ships scripts, whose jobs log.
    t = await TestApp.start({ PLUGINS: 'dns' });
    site = await named('/api/dcim/sites/', 'Rotterdam');
    const manufacturer = await named('/api/dcim/manufacturers/', 'Maker');
    const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: manufacturer.id, model: unique('Switch'), slug: slugify(unique('switch')) });
    const role = await named('/api/dcim/device-roles/', 'Core');
    device = await createOne(t, '/api/dcim/devices/', { name: unique('core'), device_type: type.id, device_role: role.id, site: site.id });
    const clusterType = await named('/api/virtualization/cluster-types/', 'Hypervisor');
    cluster = await createOne(t, '/api/virtualization/clusters/', { name: unique('Pool'), type: clusterType.id });
    vm = await createOne(t, '/api/virtualization/virtual-machines/', { name: unique('vm'), cluster: cluster.id });
  });
  afterAll(() => t.close());

  async function named(path: string, prefix: string, fields: Json = {}): Promise<Json> {
    const name = unique(prefix);
    return createOne(t, path, { name, slug: slugify(name), ...fields });
  }
  async function refused(method: 'post' | 'patch' | 'put', path: string, body: Json): Promise<Json> {
    const res = await t[method](path, body);
    expectStatus(res, 400);
    return res.body;
  }
  const read = async (path: string) => (await t.get(path).expect(200)).body;
  const ids = async (path: string) => (await read(path)).results.map((o: Json) => o.id);
  const count = async (path: string) => (await read(path)).count;

  describe('comments of organisational models', () => {
    const paths = [
      '/ipam/vlan-groups/',
      '/virtualization/cluster-types/',
      '/virtualization/cluster-groups/',
      '/tenancy/contact-groups/',
      '/tenancy/contact-roles/',
      '/circuits/circuit-types/',
      '/wireless/wireless-lan-groups/',
    ];

    it.each(paths)('%s: written and read through /v4, neither shown nor taken by /api/', async (path) => {
      const created = await named(`/v4/api${path}`, 'Commented', { comments: 'Kept **here**' });
      expect(created.comments).toBe('Kept **here**');
      expect((await read(`/v4/api${path}${created.id}/`)).comments).toBe('Kept **here**');
      const old = await read(`/api${path}${created.id}/`);
      expect(old).not.toHaveProperty('comments');
      // 3.5 ignores the key, as NetBox ignores fields it does not know.
      expectStatus(await t.patch(`/api${path}${created.id}/`, { comments: 'changed by 3.5' }), 200);
      expect((await read(`/v4/api${path}${created.id}/`)).comments).toBe('Kept **here**');
      const plain = await named(`/api${path}`, 'Plain');
      expect((await read(`/v4/api${path}${plain.id}/`)).comments).toBe('');
      expect(await refused('patch', `/v4/api${path}${created.id}/`, { comments: ['no'] })).toEqual({ comments: ['Not a valid string.'] });
    });

    it('searches the comments of nested groups, as 4.6', async () => {
      const group = await named('/v4/api/tenancy/contact-groups/', 'Searched', { comments: 'findable-needle' });
      expect(await ids('/v4/api/tenancy/contact-groups/?q=findable-needle')).toEqual([group.id]);
      const lans = await named('/v4/api/wireless/wireless-lan-groups/', 'Searched', { comments: 'lan-needle' });
      expect(await ids('/v4/api/wireless/wireless-lan-groups/?q=lan-needle')).toEqual([lans.id]);
    });
  });

  describe('Q-in-Q', () => {
    it("writes a VLAN's role and service VLAN through /v4, filters by them there, and hides them from /api/", async () => {
      const svlan = await createOne(t, '/v4/api/ipam/vlans/', { vid: 1000, name: unique('svlan'), qinq_role: 'svlan' });
      expect(svlan).toMatchObject({ qinq_role: { value: 'svlan', label: 'Service' }, qinq_svlan: null });
      const cvlan = await createOne(t, '/v4/api/ipam/vlans/', { vid: 10, name: unique('cvlan'), qinq_role: 'cvlan', qinq_svlan: svlan.id });
      expect(cvlan).toMatchObject({ qinq_role: { value: 'cvlan', label: 'Customer' }, qinq_svlan: { id: svlan.id, vid: 1000 } });
      const keys = Object.keys(cvlan);
      expect(keys.slice(keys.indexOf('description'), keys.indexOf('comments') + 1)).toEqual(['description', 'qinq_role', 'qinq_svlan', 'owner', 'comments']);
      const old = await read(`/api/ipam/vlans/${cvlan.id}/`);
      expect(old).not.toHaveProperty('qinq_role');
      expect(old).not.toHaveProperty('qinq_svlan');
      expect(await ids('/v4/api/ipam/vlans/?qinq_role=cvlan')).toEqual([cvlan.id]);
      expect(await ids(`/v4/api/ipam/vlans/?qinq_svlan_id=${svlan.id}`)).toEqual([cvlan.id]);
      expect(await ids('/v4/api/ipam/vlans/?qinq_svlan_vid=1000')).toEqual([cvlan.id]);
      expect(await ids(`/v4/api/ipam/vlans/?qinq_svlan_vid__gte=999&id=${cvlan.id}`)).toEqual([cvlan.id]);
      expect(await ids(`/v4/api/ipam/vlans/?qinq_role__n=cvlan&id=${cvlan.id}`)).toEqual([]);
      // /api/ ignores 4.x's filters.
      expect(await count('/api/ipam/vlans/?qinq_role=cvlan')).toBe(await count('/api/ipam/vlans/'));
      // 3.5 writing the VLAN back keeps what it cannot see.
      expectStatus(await t.put(`/api/ipam/vlans/${cvlan.id}/`, { vid: old.vid, name: old.name, status: old.status.value, qinq_role: null }), 200);
      expect(await read(`/v4/api/ipam/vlans/${cvlan.id}/`)).toMatchObject({ qinq_role: { value: 'cvlan' }, qinq_svlan: { id: svlan.id } });
      // A service VLAN with customer VLANs is protected.
      expectStatus(await t.delete(`/v4/api/ipam/vlans/${svlan.id}/`), 409);
    });

    it("refuses what NetBox's VLAN refuses, keyed by field, writing nothing", async () => {
      const svlan = await createOne(t, '/v4/api/ipam/vlans/', { vid: 2000, name: unique('svlan'), qinq_role: 'svlan' });
      const before = await count('/api/ipam/vlans/');
      expect(await refused('post', '/v4/api/ipam/vlans/', { vid: 5, name: unique('x'), qinq_role: 'cvlan' })).toEqual({
        qinq_role: ['A Q-in-Q customer VLAN must be assigned to a service VLAN.'],
      });
      expect(await refused('post', '/v4/api/ipam/vlans/', { vid: 5, name: unique('x'), qinq_svlan: svlan.id })).toEqual({
        qinq_svlan: ['Only Q-in-Q customer VLANs maybe assigned to a service VLAN.'],
      });
      expect(await refused('post', '/v4/api/ipam/vlans/', { vid: 5, name: unique('x'), qinq_role: 'outer' })).toEqual({ qinq_role: ['"outer" is not a valid choice.'] });
      expect(await refused('post', '/v4/api/ipam/vlans/', { vid: 5, name: unique('x'), qinq_role: 'cvlan', qinq_svlan: 999999 })).toEqual({
        qinq_svlan: ['Related object not found using the provided numeric ID: 999999'],
      });
      const name = unique('c');
      await createOne(t, '/v4/api/ipam/vlans/', { vid: 7, name, qinq_role: 'cvlan', qinq_svlan: svlan.id });
      expect(await refused('post', '/v4/api/ipam/vlans/', { vid: 7, name: unique('c'), qinq_role: 'cvlan', qinq_svlan: svlan.id })).toEqual({
        __all__: ['VLAN with this Qinq svlan and VLAN ID already exists.'],
      });
      expect(await refused('post', '/v4/api/ipam/vlans/', { vid: 8, name, qinq_role: 'cvlan', qinq_svlan: svlan.id })).toEqual({
        __all__: ['VLAN with this Qinq svlan and Name already exists.'],
      });
      expect(await count('/api/ipam/vlans/')).toBe(before + 1);
      expect((await t.get('/v4/api/ipam/vlans/?qinq_role=outer')).body).toEqual({ qinq_role: ['Select a valid choice. outer is not one of the available choices.'] });
    });

    it("gives Q-in-Q interfaces a service VLAN on /v4, which 3.5's mode and filters do not know", async () => {
      const svlan = await createOne(t, '/v4/api/ipam/vlans/', { vid: 3000, name: unique('svlan'), qinq_role: 'svlan' });
      const iface = await createOne(t, '/v4/api/dcim/interfaces/', { device: device.id, name: unique('eth'), type: '1000base-t', mode: 'q-in-q', qinq_svlan: svlan.id });
      expect(iface).toMatchObject({ mode: { value: 'q-in-q', label: 'Q-in-Q (802.1ad)' }, qinq_svlan: { id: svlan.id } });
      const vmIface = await createOne(t, '/v4/api/virtualization/interfaces/', { virtual_machine: vm.id, name: unique('eth'), mode: 'q-in-q', qinq_svlan: svlan.id });
      expect(vmIface).toMatchObject({ mode: { value: 'q-in-q' }, qinq_svlan: { id: svlan.id } });
      for (const path of [`/api/dcim/interfaces/${iface.id}/`, `/api/virtualization/interfaces/${vmIface.id}/`]) {
        const old = await read(path);
        expect(old).not.toHaveProperty('qinq_svlan');
        // What 3.5 reads is stored: the mode shows as it is.
        expect(old.mode.value).toBe('q-in-q');
      }
      expect(await ids(`/v4/api/dcim/interfaces/?vlan_id=${svlan.id}`)).toEqual([iface.id]);
      expect(await ids('/v4/api/dcim/interfaces/?vlan=3000')).toEqual([iface.id]);
      expect(await ids(`/v4/api/virtualization/interfaces/?vlan_id=${svlan.id}`)).toEqual([vmIface.id]);
      expect(await ids(`/api/dcim/interfaces/?vlan_id=${svlan.id}`)).toEqual([]);
      expect(await ids(`/api/virtualization/interfaces/?vlan=3000`)).toEqual([]);
      expect(await ids('/v4/api/dcim/interfaces/?mode=q-in-q')).toEqual([iface.id]);
      // A number no column holds names no VLAN, in either generation.
      expect(await ids('/v4/api/dcim/interfaces/?vlan_id=99999999999')).toEqual([]);
      expect(await ids('/api/virtualization/interfaces/?vlan=99999999999')).toEqual([]);
      // 3.5 had no Q-in-Q mode: refused in its bodies and filters, left out of its choices; written back as read, it is kept.
      const plain = await createOne(t, '/api/dcim/interfaces/', { device: device.id, name: unique('eth'), type: '1000base-t' });
      expect(await refused('patch', `/api/dcim/interfaces/${plain.id}/`, { mode: 'q-in-q' })).toEqual({ mode: ['"q-in-q" is not a valid choice.'] });
      expect(await refused('post', '/api/virtualization/interfaces/', { virtual_machine: vm.id, name: unique('eth'), mode: 'q-in-q' })).toEqual({
        mode: ['"q-in-q" is not a valid choice.'],
      });
      expectStatus(await t.patch(`/api/dcim/interfaces/${iface.id}/`, { mode: 'q-in-q', description: 'written back by 3.5' }), 200);
      expect(await read(`/v4/api/dcim/interfaces/${iface.id}/`)).toMatchObject({ mode: { value: 'q-in-q' }, qinq_svlan: { id: svlan.id }, description: 'written back by 3.5' });
      // 3.5 cannot clear the service VLAN it does not see: leaving the mode drops it.
      for (const path of [`/api/dcim/interfaces/${iface.id}/`, `/api/virtualization/interfaces/${vmIface.id}/`]) {
        expectStatus(await t.patch(path, { mode: 'access' }), 200);
        expect((await read(path.replace('/api/', '/v4/api/'))).qinq_svlan).toBeNull();
      }
      expect((await t.get('/api/virtualization/interfaces/?mode=q-in-q')).body).toEqual({ mode: ['Select a valid choice. q-in-q is not one of the available choices.'] });
      const options = (await t.options('/api/dcim/interfaces/').expect(200)).body;
      expect(options.actions.POST.mode.choices.map((c: Json) => c.value)).toEqual(['access', 'tagged', 'tagged-all']);
      const v4Options = (await t.options('/v4/api/dcim/interfaces/').expect(200)).body;
      expect(v4Options.actions.POST.mode.choices.map((c: Json) => c.value)).toContain('q-in-q');
    });

    it('refuses a service VLAN on an interface of another mode, keyed by field', async () => {
      const svlan = await createOne(t, '/v4/api/ipam/vlans/', { vid: 3001, name: unique('svlan'), qinq_role: 'svlan' });
      expect(await refused('post', '/v4/api/dcim/interfaces/', { device: device.id, name: unique('eth'), type: '1000base-t', mode: 'access', qinq_svlan: svlan.id })).toEqual({
        qinq_svlan: ['Interface mode does not support q-in-q service vlan'],
      });
      expect(await refused('post', '/v4/api/virtualization/interfaces/', { virtual_machine: vm.id, name: unique('eth'), qinq_svlan: svlan.id })).toEqual({
        qinq_svlan: ['Only Q-in-Q interfaces may specify a service VLAN.'],
      });
      const iface = await createOne(t, '/v4/api/dcim/interfaces/', { device: device.id, name: unique('eth'), type: '1000base-t', mode: 'q-in-q', qinq_svlan: svlan.id });
      expect(await refused('patch', `/v4/api/dcim/interfaces/${iface.id}/`, { mode: 'tagged' })).toEqual({ qinq_svlan: ['Interface mode does not support q-in-q service vlan'] });
      expectStatus(await t.patch(`/v4/api/dcim/interfaces/${iface.id}/`, { mode: 'tagged', qinq_svlan: null }), 200);
    });
  });

  describe("a cluster's allocated resources", () => {
    it("sums its machines' vCPUs, memory and disk on /v4, none without machines, and /api/ shows none of them", async () => {
      const type = await named('/api/virtualization/cluster-types/', 'Sums');
      const busy = await createOne(t, '/api/virtualization/clusters/', { name: unique('busy'), type: type.id });
      const empty = await createOne(t, '/api/virtualization/clusters/', { name: unique('empty'), type: type.id });
      await createOne(t, '/v4/api/virtualization/virtual-machines/', { name: unique('a'), cluster: busy.id, vcpus: 1.5, memory: 1024, disk: 20000 });
      await createOne(t, '/v4/api/virtualization/virtual-machines/', { name: unique('b'), cluster: busy.id, vcpus: 2.25, memory: 2048, disk: 500 });
      await createOne(t, '/v4/api/virtualization/virtual-machines/', { name: unique('c'), cluster: busy.id });
      const sums = await read(`/v4/api/virtualization/clusters/${busy.id}/`);
      expect(sums).toMatchObject({ virtualmachine_count: 3, allocated_vcpus: 3.75, allocated_memory: 3072, allocated_disk: 20500 });
      expect(Object.keys(sums).slice(-5)).toEqual(['device_count', 'virtualmachine_count', 'allocated_vcpus', 'allocated_memory', 'allocated_disk']);
      expect(await read(`/v4/api/virtualization/clusters/${empty.id}/`)).toMatchObject({ allocated_vcpus: null, allocated_memory: null, allocated_disk: null });
      const old = await read(`/api/virtualization/clusters/${busy.id}/`);
      for (const key of ['allocated_vcpus', 'allocated_memory', 'allocated_disk']) expect(old).not.toHaveProperty(key);
      // Read-only: a body's sums are ignored.
      expectStatus(await t.patch(`/v4/api/virtualization/clusters/${busy.id}/`, { allocated_vcpus: 99 }), 200);
      expect((await read(`/v4/api/virtualization/clusters/${busy.id}/`)).allocated_vcpus).toBe(3.75);
      // Brief forms carry no sums.
      expect((await read(`/v4/api/virtualization/clusters/?id=${busy.id}&brief=1`)).results[0]).not.toHaveProperty('allocated_vcpus');
    });

    it('costs a page the same statements whatever its size', async () => {
      const type = await named('/api/virtualization/cluster-types/', 'Paged');
      for (let i = 0; i < 6; i++) {
        const c = await createOne(t, '/api/virtualization/clusters/', { name: unique('paged'), type: type.id });
        await createOne(t, '/v4/api/virtualization/virtual-machines/', { name: unique('m'), cluster: c.id, vcpus: i + 1 });
      }
      const few = await pageStatements(t, () => t.get(`/v4/api/virtualization/clusters/?type_id=${type.id}&limit=2`).expect(200));
      const many = await pageStatements(t, () => t.get(`/v4/api/virtualization/clusters/?type_id=${type.id}&limit=6`).expect(200));
      expect(many).toBe(few);
      expect((await read(`/v4/api/virtualization/clusters/?type_id=${type.id}&ordering=name`)).results.map((c: Json) => c.allocated_vcpus).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    });
  });

  describe('tags and custom fields of contact assignments and webhooks', () => {
    let tag: Json;

    beforeAll(async () => {
      tag = await named('/api/extras/tags/', 'Marked');
      await createOne(t, '/v4/api/extras/custom-fields/', {
        name: 'ticket',
        type: 'text',
        object_types: ['tenancy.contactassignment', 'extras.webhook'],
        validation_regex: '^T-\\d+$',
      });
    });

    it('tags a contact assignment and gives it custom fields on /v4; /api/ neither shows, takes nor filters them', async () => {
      const contact = await createOne(t, '/api/tenancy/contacts/', { name: unique('Ops') });
      const role = await named('/api/tenancy/contact-roles/', 'Owner');
      const made = await createOne(t, '/v4/api/tenancy/contact-assignments/', {
        object_type: 'dcim.site', object_id: site.id, contact: contact.id, role: role.id, tags: [tag.id], custom_fields: { ticket: 'T-1' },
      });
      expect(made).toMatchObject({ tags: [{ id: tag.id }], custom_fields: { ticket: 'T-1' } });
      expect(Object.keys(made).slice(-4)).toEqual(['tags', 'custom_fields', 'created', 'last_updated']);
      expect(await ids(`/v4/api/tenancy/contact-assignments/?tag=${tag.slug}`)).toEqual([made.id]);
      expect(await ids(`/v4/api/tenancy/contact-assignments/?tag_id=${tag.id}`)).toEqual([made.id]);
      expect(await ids('/v4/api/tenancy/contact-assignments/?cf_ticket=T-1')).toEqual([made.id]);
      const old = await read(`/api/tenancy/contact-assignments/${made.id}/`);
      expect(old).not.toHaveProperty('tags');
      expect(old).not.toHaveProperty('custom_fields');
      expect(await count('/api/tenancy/contact-assignments/?cf_ticket=T-2')).toBe(await count('/api/tenancy/contact-assignments/'));
      expectStatus(await t.patch(`/api/tenancy/contact-assignments/${made.id}/`, { tags: [], custom_fields: { ticket: 'T-9' } }), 200);
      expect(await read(`/v4/api/tenancy/contact-assignments/${made.id}/`)).toMatchObject({ tags: [{ id: tag.id }], custom_fields: { ticket: 'T-1' } });
      expect(await refused('patch', `/v4/api/tenancy/contact-assignments/${made.id}/`, { custom_fields: { ticket: 'nope' } })).toEqual({
        custom_fields: ["Invalid value for custom field 'ticket': Value must match regex '^T-\\d+$'"],
      });
      expect(await refused('patch', `/v4/api/tenancy/contact-assignments/${made.id}/`, { tags: [999999] })).toEqual({
        tags: ['Related object not found using the provided numeric ID: 999999'],
      });
      expect((await read(`/v4/api/tenancy/contact-assignments/${made.id}/`)).custom_fields).toEqual({ ticket: 'T-1' });
    });

    it("gives a webhook 4.x's description, tags and custom fields on /v4, none of which 3.5's webhook had", async () => {
      // What fires it is an event rule's on /v4 (test/event-rules.e2e-spec.ts).
      const hook = await createOne(t, '/v4/api/extras/webhooks/', {
        name: unique('Notify'), payload_url: 'https://hooks.example.com/in',
        description: 'Pages the on-call', tags: [tag.id], custom_fields: { ticket: 'T-7' },
      });
      expect(hook).toMatchObject({ description: 'Pages the on-call', tags: [{ id: tag.id }], custom_fields: { ticket: 'T-7' } });
      expect(await ids('/v4/api/extras/webhooks/?description=Pages the on-call')).toEqual([hook.id]);
      expect(await ids(`/v4/api/extras/webhooks/?tag=${tag.slug}`)).toEqual([hook.id]);
      expect(await ids(`/v4/api/extras/webhooks/?tag_id=${tag.id}`)).toEqual([hook.id]);
      expect(await ids('/v4/api/extras/webhooks/?q=on-call')).toEqual([hook.id]);
      const old = await read(`/api/extras/webhooks/${hook.id}/`);
      for (const key of ['description', 'tags', 'custom_fields']) expect(old).not.toHaveProperty(key);
      expect(await count(`/api/extras/webhooks/?description=nothing`)).toBe(await count('/api/extras/webhooks/'));
      expectStatus(await t.patch(`/api/extras/webhooks/${hook.id}/`, { description: 'by 3.5' }), 200);
      expect((await read(`/v4/api/extras/webhooks/${hook.id}/`)).description).toBe('Pages the on-call');
      expect(await refused('patch', `/v4/api/extras/webhooks/${hook.id}/`, { description: 'x'.repeat(201) })).toEqual({
        description: ['Ensure this field has no more than 200 characters.'],
      });
    });
  });

  describe('users: last login and object permissions', () => {
    /** Signs in through the login page as a browser does. */
    async function signIn(username: string, password: string): Promise<void> {
      const page = await t.anon().get('/login/').set('Accept', 'text/html').expect(200);
      const csrf = /name="csrfmiddlewaretoken" value="([0-9a-f]{64})"/.exec(page.text)![1];
      const cookies = ([] as string[]).concat(page.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
      const res = await t.anon().post('/login/').set('Cookie', cookies).set('Content-Type', 'application/x-www-form-urlencoded')
        .send(new URLSearchParams({ csrfmiddlewaretoken: csrf, username, password }).toString());
      expectStatus(res, 302);
    }

    it('records a sign-in as the last login, shown and filtered on /v4 only', async () => {
      const username = unique('signer').toLowerCase();
      const user = await createOne(t, '/v4/api/users/users/', { username, password: `${username}-Secret!9` });
      expect(user.last_login).toBeNull();
      const before = Date.now();
      await signIn(username, `${username}-Secret!9`);
      const last = (await read(`/v4/api/users/users/${user.id}/`)).last_login;
      expect(new Date(last).getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(await ids(`/v4/api/users/users/?last_login__gte=${new Date(before - 1000).toISOString()}&id=${user.id}`)).toEqual([user.id]);
      expect(await ids(`/v4/api/users/users/?last_login__empty=true&id=${user.id}`)).toEqual([]);
      expect(await read(`/api/users/users/${user.id}/`)).not.toHaveProperty('last_login');
      expect(await refused('patch', `/v4/api/users/users/${user.id}/`, { last_login: 'yesterday' })).toEqual({
        last_login: ['Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].'],
      });
    });

    it("lists a user's and a group's object permissions nested on /v4 and sets them by id", async () => {
      const group = await createOne(t, '/api/users/groups/', { name: unique('Readers') });
      const username = unique('granted').toLowerCase();
      const user = await createOne(t, '/api/users/users/', { username, password: `${username}-Secret!9` });
      const view = await createOne(t, '/api/users/permissions/', { name: unique('View'), object_types: ['dcim.site'], actions: ['view'], users: [user.id] });
      const change = await createOne(t, '/api/users/permissions/', { name: unique('Change'), object_types: ['dcim.site'], actions: ['change'] });
      const listed = await read(`/v4/api/users/users/${user.id}/`);
      expect(listed.permissions).toEqual([
        expect.objectContaining({ id: view.id, name: view.name, description: '', enabled: true, object_types: ['dcim.site'], actions: ['view'] }),
      ]);
      expect(Object.keys(listed.permissions[0])).toEqual(['id', 'url', 'display', 'name', 'description', 'enabled', 'object_types', 'actions']);
      expect(Object.keys(listed).slice(-3)).toEqual(['last_login', 'groups', 'permissions']);
      const updated = await t.patch(`/v4/api/users/users/${user.id}/`, { permissions: [change.id, view.id] });
      expectStatus(updated, 200);
      expect(updated.body.permissions.map((p: Json) => p.id).sort()).toEqual([view.id, change.id].sort());
      expect((await read(`/api/users/permissions/${change.id}/`)).users.map((u: Json) => u.id)).toEqual([user.id]);
      expectStatus(await t.patch(`/v4/api/users/groups/${group.id}/`, { permissions: [change.id] }), 200);
      expect((await read(`/v4/api/users/groups/${group.id}/`)).permissions.map((p: Json) => p.id)).toEqual([change.id]);
      expect((await read(`/api/users/permissions/${change.id}/`)).groups.map((g: Json) => g.id)).toEqual([group.id]);
      expect(await ids(`/v4/api/users/users/?permission_id=${change.id}`)).toEqual([user.id]);
      // 3.5 shows neither and ignores them when written.
      expect(await read(`/api/users/users/${user.id}/`)).not.toHaveProperty('permissions');
      expect(await read(`/api/users/groups/${group.id}/`)).not.toHaveProperty('permissions');
      expectStatus(await t.patch(`/api/users/users/${user.id}/`, { permissions: [] }), 200);
      expect((await read(`/v4/api/users/users/${user.id}/`)).permissions).toHaveLength(2);
      // Emptied from the user's side, the permission keeps its groups.
      expectStatus(await t.patch(`/v4/api/users/users/${user.id}/`, { permissions: [] }), 200);
      expect(await read(`/api/users/permissions/${change.id}/`)).toMatchObject({ users: [], groups: [{ id: group.id }] });
      expect(await refused('patch', `/v4/api/users/users/${user.id}/`, { permissions: [999999] })).toEqual({
        permissions: ['Related object not found using the provided numeric ID: 999999'],
      });
      expect(await refused('patch', `/v4/api/users/groups/${group.id}/`, { permissions: 5 })).toEqual({ permissions: ['Expected a list of items but got type "int".'] });
      expect((await read(`/v4/api/users/groups/${group.id}/`)).permissions.map((p: Json) => p.id)).toEqual([change.id]);
    });
  });

  describe("an ASN's sites", () => {
    it('lists the sites an ASN is assigned to on /v4, sets them from its side, and /api/ shows the count only', async () => {
      const rir = await named('/api/ipam/rirs/', 'Registry');
      const asn = await createOne(t, '/api/ipam/asns/', { asn: 64512 + Math.floor(Math.random() * 1000), rir: rir.id });
      const other = await named('/api/dcim/sites/', 'Utrecht');
      await t.patch(`/api/dcim/sites/${site.id}/`, { asns: [asn.id] }).expect(200);
      const listed = await read(`/v4/api/ipam/asns/${asn.id}/`);
      expect(listed.sites).toEqual([expect.objectContaining({ id: site.id, name: site.name, slug: site.slug })]);
      expect(Object.keys(listed.sites[0])).toEqual(['id', 'url', 'display', 'name', 'slug', 'description']);
      expect(Object.keys(listed).slice(-3)).toEqual(['site_count', 'provider_count', 'sites']);
      expectStatus(await t.patch(`/v4/api/ipam/asns/${asn.id}/`, { sites: [site.id, other.id] }), 200);
      expect((await read(`/api/dcim/sites/${other.id}/`)).asns.map((a: Json) => a.id)).toEqual([asn.id]);
      expect(await read(`/api/ipam/asns/${asn.id}/`)).toMatchObject({ site_count: 2 });
      expect(await read(`/api/ipam/asns/${asn.id}/`)).not.toHaveProperty('sites');
      expectStatus(await t.patch(`/api/ipam/asns/${asn.id}/`, { sites: [] }), 200);
      expect((await read(`/v4/api/ipam/asns/${asn.id}/`)).sites).toHaveLength(2);
      expect(await refused('patch', `/v4/api/ipam/asns/${asn.id}/`, { sites: [999999] })).toEqual({ sites: ['Related object not found using the provided numeric ID: 999999'] });
      expectStatus(await t.patch(`/v4/api/ipam/asns/${asn.id}/`, { sites: [other.id] }), 200);
      expect((await read(`/api/dcim/sites/${site.id}/`)).asns).toEqual([]);
      // Deleting the ASN leaves its sites without it.
      expectStatus(await t.delete(`/v4/api/ipam/asns/${asn.id}/`), 204);
      expect((await read(`/api/dcim/sites/${other.id}/`)).asns).toEqual([]);
    });
  });

  describe("an image attachment's size", () => {
    /** A 1×1 GIF. */
    const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

    it('keeps the size in bytes of the file stored, read-only, shown and filtered on /v4 only', async () => {
      const made = await createOne(t, '/v4/api/extras/image-attachments/', {
        object_type: 'dcim.site', object_id: site.id, name: unique('pic'), image: `data:image/gif;base64,${GIF.toString('base64')}`, image_size: 1,
      });
      expect(made).toMatchObject({ image_width: 1, image_height: 1, image_size: GIF.length });
      expect(Object.keys(made).slice(-5)).toEqual(['image_height', 'image_width', 'image_size', 'created', 'last_updated']);
      expect(await ids(`/v4/api/extras/image-attachments/?image_size=${GIF.length}&id=${made.id}`)).toEqual([made.id]);
      expect(await ids(`/v4/api/extras/image-attachments/?image_size__gt=${GIF.length}&id=${made.id}`)).toEqual([]);
      expect(await read(`/api/extras/image-attachments/${made.id}/`)).not.toHaveProperty('image_size');
      expect(await count(`/api/extras/image-attachments/?image_size=1`)).toBe(await count('/api/extras/image-attachments/'));
      expectStatus(await t.patch(`/v4/api/extras/image-attachments/${made.id}/`, { image_size: 5 }), 200);
      expect((await read(`/v4/api/extras/image-attachments/${made.id}/`)).image_size).toBe(GIF.length);
      expect((await t.get('/v4/api/extras/image-attachments/?image_size=big')).body).toEqual({ image_size: ['Enter a whole number.'] });
    });
  });

  describe("a config template's debug and auto sync", () => {
    it('stores both, off by default, filtered on /v4; auto sync only with a data file; /api/ shows neither', async () => {
      const plain = await createOne(t, '/v4/api/extras/config-templates/', { name: unique('Plain'), template_code: 'plain' });
      expect(plain).toMatchObject({ debug: false, auto_sync_enabled: false });
      const keys = Object.keys(plain);
      expect(keys.slice(keys.indexOf('as_attachment'), keys.indexOf('data_synced') + 1)).toEqual([
        'as_attachment', 'debug', 'data_source', 'data_path', 'data_file', 'auto_sync_enabled', 'data_synced',
      ]);
      const debugged = await createOne(t, '/v4/api/extras/config-templates/', { name: unique('Debug'), template_code: 'debugged', debug: true, auto_sync_enabled: true });
      // Without a data file there is nothing to sync, as NetBox's clean() has it.
      expect(debugged).toMatchObject({ debug: true, auto_sync_enabled: false });
      expect(await ids(`/v4/api/extras/config-templates/?debug=true&id=${debugged.id}&id=${plain.id}`)).toEqual([debugged.id]);
      expect(await ids(`/v4/api/extras/config-templates/?auto_sync_enabled=false&id=${debugged.id}`)).toEqual([debugged.id]);
      const old = await read(`/api/extras/config-templates/${debugged.id}/`);
      expect(old).not.toHaveProperty('debug');
      expect(old).not.toHaveProperty('auto_sync_enabled');
      expectStatus(await t.patch(`/api/extras/config-templates/${debugged.id}/`, { debug: false }), 200);
      expect((await read(`/v4/api/extras/config-templates/${debugged.id}/`)).debug).toBe(true);
      expect(await refused('patch', `/v4/api/extras/config-templates/${debugged.id}/`, { debug: 'sometimes' })).toEqual({ debug: ['Must be a valid boolean.'] });

      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'more-fields-'));
      fs.writeFileSync(path.join(dir, 'host.j2'), 'hostname {{ name }}');
      const source = await syncedSource(t, await createOne(t, '/api/core/data-sources/', { name: unique('Templates'), source_url: `file://${dir}` }));
      const [file] = (await read(`/api/core/data-files/?source_id=${source.id}`)).results;
      const synced = await createOne(t, '/v4/api/extras/config-templates/', { name: unique('Synced'), template_code: 'from the file', data_file: file.id, auto_sync_enabled: true });
      expect(synced).toMatchObject({ auto_sync_enabled: true, template_code: 'hostname {{ name }}' });
      expect(await ids(`/v4/api/extras/config-templates/?auto_sync_enabled=true&id=${synced.id}`)).toEqual([synced.id]);
      expect((await t.patch(`/v4/api/extras/config-templates/${synced.id}/`, { data_file: null }).expect(200)).body.auto_sync_enabled).toBe(false);
      fs.rmSync(dir, { recursive: true, force: true });
    });
  });

  describe("a data source's custom fields", () => {
    it('shows them on /v4, as 4.x does; /api/ left them out of its data sources', async () => {
      await createOne(t, '/api/extras/custom-fields/', { name: 'owner_team', type: 'text', content_types: ['core.datasource'] });
      const source = await createOne(t, '/v4/api/core/data-sources/', { name: unique('Repo'), source_url: '/srv/x', custom_fields: { owner_team: 'netops' } });
      expect(source.custom_fields).toEqual({ owner_team: 'netops' });
      const keys = Object.keys(await read(`/v4/api/core/data-sources/${source.id}/`));
      expect(keys.slice(keys.indexOf('comments'), keys.indexOf('created') + 1)).toEqual(['comments', 'custom_fields', 'created']);
      expect(await read(`/api/core/data-sources/${source.id}/`)).not.toHaveProperty('custom_fields');
      expect(await ids(`/v4/api/core/data-sources/?cf_owner_team=netops`)).toEqual([source.id]);
      expect(await refused('patch', `/v4/api/core/data-sources/${source.id}/`, { custom_fields: { owner_team: ['x'] } })).toEqual({
        custom_fields: ["Invalid value for custom field 'owner_team': Value must be a string."],
      });
    });
  });

  describe("a job's object, error, queue, notifications and log", () => {
    it("shows a sync job's data source, its queue and its log on /v4; /api/ shows 3.5's keys only", async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'more-fields-'));
      fs.writeFileSync(path.join(dir, 'a.txt'), 'a');
      const source = await syncedSource(t, await createOne(t, '/api/core/data-sources/', { name: unique('Jobbed'), source_url: `file://${dir}` }));
      const jobsOf = async (filters = '') => (await read(`/v4/api/core/jobs/?object_type=core.datasource&object_id=${source.id}${filters}`)).results;
      const [listed] = await jobsOf();
      expect(listed).toMatchObject({
        object_type: 'core.datasource', object_id: source.id, object: { id: source.id, name: source.name }, status: { value: 'completed' },
        error: '', queue_name: 'default', notifications: { value: 'always', label: 'Always' },
      });
      expect(Object.keys(listed).slice(-5)).toEqual(['error', 'job_id', 'queue_name', 'notifications', 'log_entries']);
      expect(listed.log_entries.map((e: Json) => [e.level, e.message])).toEqual([
        ['debug', `Found DataSource ID ${source.id}`],
        ['info', `Syncing data source ${source.name}`],
        ['info', 'Syncing completed successfully'],
      ]);
      expect(listed.log_entries[0].timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
      expect(await ids(`/v4/api/core/jobs/?queue_name=default&id=${listed.id}`)).toEqual([listed.id]);
      expect(await ids(`/v4/api/core/jobs/?notifications=never&id=${listed.id}`)).toEqual([]);
      const old = await read(`/api/core/jobs/${listed.id}/`);
      for (const key of ['object', 'error', 'queue_name', 'notifications', 'log_entries']) expect(old).not.toHaveProperty(key);
      expect(await count(`/api/core/jobs/?queue_name=nowhere`)).toBe(await count('/api/core/jobs/'));
      expect((await t.get('/v4/api/core/jobs/?notifications=sometimes')).body).toEqual({ notifications: ['Select a valid choice. sometimes is not one of the available choices.'] });

      // A failed sync keeps its error as NetBox does, Python's repr of what was raised.
      fs.rmSync(dir, { recursive: true, force: true });
      await syncedSource(t, source);
      const [failed] = await jobsOf('&status=errored');
      expect(failed.error).toMatch(/^\w+\('.+'\)$/);
      expect(failed.log_entries.at(-1)).toMatchObject({ level: 'error', message: expect.stringMatching(/^Error syncing data source: /) });
    });

    it("shows a script job's module, its log as NetBox's ScriptJob writes it, and the error of a failed run", async () => {
      const [script] = (await read('/v4/api/extras/scripts/?name=CreateSiteWithRacks')).results;
      /** Runs the script and waits for its job to end. */
      const run = async (siteName: string): Promise<Json> => {
        const res = await t.post(`/v4/api/extras/scripts/${script.id}/`, { data: { site_name: siteName, rack_count: 1 }, commit: true });
        expectStatus(res, 200);
        const jobPath = new URL(res.body.result.url).pathname;
        let job: Json = {};
        for (let i = 0; i < 200 && !['completed', 'errored', 'failed'].includes(job.status?.value); i++) {
          job = await read(jobPath);
          await new Promise((r) => setTimeout(r, 25));
        }
        return job;
      };
      const name = unique('Porto');
      const done = await run(name);
      expect(done).toMatchObject({ status: { value: 'completed' }, object: { id: script.module, display: 'dns' }, error: '', queue_name: 'default' });
      expect(done.log_entries.map((e: Json) => [e.level, e.message])).toEqual([
        ['debug', 'Loaded script CreateSiteWithRacks'],
        ['debug', expect.stringMatching(/^Request ID: /)],
        ['info', 'Executing script (commit enabled)'],
      ]);
      // The same site again: its write is refused, and the job errors with it.
      const failed = await run(name);
      expect(failed.status.value).toBe('errored');
      expect(failed.error).toMatch(/^\w+\('.*'\)$/);
      expect(failed.log_entries.slice(-2).map((e: Json) => e.level)).toEqual(['error', 'info']);
      expect(failed.log_entries.at(-1).message).toBe('Database changes have been reverted due to error.');
    });
  });
});
