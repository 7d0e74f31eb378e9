import { Json, listedIds, refusedList } from './helpers/seed';
import { TestApp } from './helpers/test-app';

/** Filters of the extras, users, tenancy, circuits and virtualization lists that NetBox 3.5.9's filter sets declare. */
describe('NetBox filter sets of extras, users, tenancy, circuits and virtualization', () => {
  let t: TestApp;
  const ids = (url: string) => listedIds(t, url);
  const error = (url: string) => refusedList(t, url);
  const contentTypeId = async (app: string, model: string) => (await t.get(`/api/extras/content-types/?app_label=${app}&model=${model}`)).body.results[0].id;

  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  describe('extras', () => {
    it('content types: each field exact and without lookups, displayed as Django prints them', async () => {
      const deviceType = await contentTypeId('dcim', 'devicetype');
      const res = await t.get(`/api/extras/content-types/?id=${deviceType}`);
      expect(res.body.results.map((c: Json) => c.display)).toEqual(['DCIM | device type']);
      const all = (await t.get('/api/extras/content-types/?limit=1')).body.count;
      expect((await t.get(`/api/extras/content-types/?id__gt=${deviceType}&app_label__ic=dc&limit=1`)).body.count).toBe(all);
      expect((await t.get('/api/extras/content-types/?app_label=DCIM')).body.count).toBe(0);
    });

    it('custom fields: content_types by label (lookups as exact) and content_type_id with numeric lookups', async () => {
      const tenantType = await contentTypeId('tenancy', 'tenant');
      const siteType = await contentTypeId('dcim', 'site');
      const onTenants = (await t.post('/api/extras/custom-fields/', { name: 'cf_filter_tenant', type: 'text', content_types: ['tenancy.tenant'] })).body;
      const onSites = (await t.post('/api/extras/custom-fields/', { name: 'cf_filter_site', type: 'integer', content_types: ['dcim.site'] })).body;
      const ours = (list: number[]) => list.filter((id) => [onTenants.id, onSites.id].includes(id));
      expect(ours(await ids(`/api/extras/custom-fields/?content_type_id=${tenantType}`))).toEqual([onTenants.id]);
      expect(ours(await ids(`/api/extras/custom-fields/?content_type_id__n=${tenantType}`))).toEqual([onSites.id]);
      expect(ours(await ids(`/api/extras/custom-fields/?content_type_id__lte=${Math.min(tenantType, siteType)}`))).toEqual([
        tenantType < siteType ? onTenants.id : onSites.id,
      ]);
      expect(await error('/api/extras/custom-fields/?content_type_id=x')).toEqual({ content_type_id: ['Enter a whole number.'] });
      expect(ours(await ids('/api/extras/custom-fields/?content_types=dcim.site'))).toEqual([onSites.id]);
      // NetBox's ContentTypeFilter ignores its lookup: `__n` and `__ic` match as the plain filter does.
      expect(ours(await ids('/api/extras/custom-fields/?content_types__n=dcim.site'))).toEqual([onSites.id]);
      expect(ours(await ids('/api/extras/custom-fields/?content_types__ic=dcim'))).toEqual([]);
      expect(ours(await ids('/api/extras/custom-fields/?type=integer&label__ic=x'))).toEqual([onSites.id]);
    });

    it('saved filters: usable by the requesting user, content_type_id, and a search that skips the slug', async () => {
      const tenantType = await contentTypeId('tenancy', 'tenant');
      const saved = async (body: Json) => (await t.post('/api/extras/saved-filters/', { content_types: ['tenancy.tenant'], parameters: {}, ...body })).body.id;
      const shared = await saved({ name: 'Shared one', slug: 'shared-one' });
      const mine = await saved({ name: 'Mine', slug: 'mine', shared: false, user: 1 });
      const others = await saved({ name: 'Unshared', slug: 'unshared-x', shared: false });
      const disabled = await saved({ name: 'Off', slug: 'off', enabled: false });
      expect((await ids('/api/extras/saved-filters/?usable=true')).sort()).toEqual([shared, mine].sort());
      expect((await ids('/api/extras/saved-filters/?usable=false')).sort()).toEqual([others, disabled].sort());
      expect((await ids(`/api/extras/saved-filters/?content_type_id=${tenantType}`)).length).toBe(4);
      expect(await ids('/api/extras/saved-filters/?q=unshared-x')).toEqual([]);
      expect(await ids('/api/extras/saved-filters/?user=admin')).toEqual([mine]);
    });

    it('config contexts and export templates: no data source is a valid choice, and nothing has been synced', async () => {
      const context = (await t.post('/api/extras/config-contexts/', { name: 'Synced?', data: { ntp: 'pool.example.org' } })).body;
      const template = (await t.post('/api/extras/export-templates/', { name: 'Plain', content_types: ['tenancy.tenant'], template_code: 'x' })).body;
      for (const list of ['/api/extras/config-contexts/', '/api/extras/export-templates/']) {
        expect(await error(`${list}?data_source_id=1`)).toEqual({ data_source_id: ['Select a valid choice. 1 is not one of the available choices.'] });
        expect(await error(`${list}?data_file_id=x`)).toEqual({ data_file_id: ['“x” is not a valid value.'] });
        expect(await ids(`${list}?data_synced__gte=2020-01-01`)).toEqual([]);
        expect(await ids(`${list}?data_synced__empty=false`)).toEqual([]);
        expect(await error(`${list}?data_synced=yesterday`)).toEqual({ data_synced: ['Enter a valid date/time.'] });
      }
      expect(await ids('/api/extras/config-contexts/?data_synced__n=2020-01-01T00:00:00Z')).toContain(context.id);
      expect(await ids('/api/extras/export-templates/?data_synced__empty=true')).toContain(template.id);
      // NetBox's search reads the data too.
      expect(await ids('/api/extras/config-contexts/?q=pool.example')).toEqual([context.id]);
    });

    it('tags: by the types of the objects they are applied to', async () => {
      const tag = (await t.post('/api/extras/tags/', { name: 'On tenants', slug: 'on-tenants' })).body;
      const idle = (await t.post('/api/extras/tags/', { name: 'Idle', slug: 'idle', object_types: ['tenancy.tenant'] })).body;
      await t.post('/api/tenancy/tenants/', { name: 'Tagged tenant', slug: 'tagged-tenant', tags: [tag.id] });
      expect(await ids('/api/extras/tags/?content_type=tenancy.tenant')).toEqual([tag.id]);
      expect(await ids(`/api/extras/tags/?content_type_id=${await contentTypeId('tenancy', 'tenant')}`)).toEqual([tag.id]);
      expect(await ids('/api/extras/tags/?content_type=dcim.site')).toEqual([]);
      // `object_types` is no filter of NetBox's.
      expect(await ids('/api/extras/tags/?object_types=tenancy.tenant')).toEqual(expect.arrayContaining([tag.id, idle.id]));
    });

    it('change records: by time range, request id, content type (its `__n` as exact) and content type id; displayed as NetBox', async () => {
      const res = await t.post('/api/tenancy/tenant-groups/', { name: 'Recorded', slug: 'recorded' });
      const request = res.headers['x-request-id'];
      const [record] = (await t.get(`/api/extras/object-changes/?request_id=${request}`)).body.results;
      expect(record.display).toBe('Tenancy | tenant group Recorded created by admin');
      expect(await ids(`/api/extras/object-changes/?request_id=${request.replace(/-/g, '').toUpperCase()}`)).toEqual([record.id]);
      expect(await error('/api/extras/object-changes/?request_id=nope')).toEqual({ request_id: ['Enter a valid UUID.'] });
      const recent = await ids(`/api/extras/object-changes/?time_after=${record.time}&changed_object_type=tenancy.tenantgroup`);
      expect(recent).toEqual([record.id]);
      expect(await ids(`/api/extras/object-changes/?time_before=2000-01-01&changed_object_type=tenancy.tenantgroup`)).toEqual([]);
      expect(await ids('/api/extras/object-changes/?changed_object_type__n=tenancy.tenantgroup')).toEqual(await ids('/api/extras/object-changes/?changed_object_type=tenancy.tenantgroup'));
      const groupType = await contentTypeId('tenancy', 'tenantgroup');
      expect(await ids(`/api/extras/object-changes/?changed_object_type_id__n=${groupType}&request_id=${request}`)).toEqual([]);
      expect(await error('/api/extras/object-changes/?changed_object_type_id=999999')).toEqual({
        changed_object_type_id: ['Select a valid choice. 999999 is not one of the available choices.'],
      });
    });

    it('journal entries: the minute of creation in the display, created_after and the object type', async () => {
      const tenant = (await t.post('/api/tenancy/tenants/', { name: 'Noted', slug: 'noted' })).body;
      const entry = (await t.post('/api/extras/journal-entries/', { assigned_object_type: 'tenancy.tenant', assigned_object_id: tenant.id, comments: 'Hello', kind: 'warning' })).body;
      const [change] = (await t.get(`/api/extras/object-changes/?changed_object_type=extras.journalentry&changed_object_id=${entry.id}`)).body.results;
      expect((await t.get(`/api/extras/journal-entries/${entry.id}/`)).body.display).toBe(`${change.time.slice(0, 10)} ${change.time.slice(11, 16)} (Warning)`);
      expect(await ids(`/api/extras/journal-entries/?created_after=${entry.created}T00:00:00Z`)).toContain(entry.id);
      expect(await ids('/api/extras/journal-entries/?created_before=2000-01-01T00:00:00Z')).toEqual([]);
      expect(await ids('/api/extras/journal-entries/?assigned_object_type=tenancy.tenant&kind__n=info')).toEqual([entry.id]);
    });
  });

  describe('users', () => {
    it('permissions by object type id, users and groups by name; tokens by time and by their user in a search', async () => {
      const siteType = await contentTypeId('dcim', 'site');
      const group = (await t.post('/api/users/groups/', { name: 'Auditors' })).body;
      const user = (await t.post('/api/users/users/', { username: 'auditor', password: 'x-secret-1', groups: [group.id] })).body;
      const perm = (await t.post('/api/users/permissions/', { name: 'See sites', object_types: ['dcim.site'], actions: ['view'], groups: [group.id] })).body;
      expect(await ids(`/api/users/permissions/?object_types=${siteType}`)).toEqual([perm.id]);
      expect(await error('/api/users/permissions/?object_types=dcim.site')).toEqual({ object_types: ['“dcim.site” is not a valid value.'] });
      expect(await ids('/api/users/permissions/?group=Auditors')).toEqual([perm.id]);
      expect(await ids('/api/users/users/?group=Auditors')).toEqual([user.id]);
      const token = (await t.post('/api/users/tokens/', { user: user.id, expires: '2030-01-01T00:00:00Z', description: 'ci' })).body;
      expect(await ids('/api/users/tokens/?q=auditor')).toEqual([token.id]);
      expect(await ids('/api/users/tokens/?expires=2030-01-01T00:00:00Z')).toEqual([token.id]);
      expect(await ids('/api/users/tokens/?expires__lte=2029-12-31T23:59:59Z&user=auditor')).toEqual([]);
      expect(await ids(`/api/users/tokens/?created__gte=${token.created}`)).toContain(token.id);
      expect(await error('/api/users/tokens/?expires=soon')).toEqual({ expires: ['Enter a valid date/time.'] });
    });
  });

  describe('tenancy', () => {
    it('contact assignments: search by contact or role, content type and role; contact filters of other models check the ids', async () => {
      const tenant = (await t.post('/api/tenancy/tenants/', { name: 'Contacted', slug: 'contacted' })).body;
      const contact = (await t.post('/api/tenancy/contacts/', { name: 'Grace Hopper', description: 'not searched' })).body;
      const role = (await t.post('/api/tenancy/contact-roles/', { name: 'Admiral', slug: 'admiral' })).body;
      const assignment = (await t.post('/api/tenancy/contact-assignments/', { content_type: 'tenancy.tenant', object_id: tenant.id, contact: contact.id, role: role.id })).body;
      expect(await ids('/api/tenancy/contact-assignments/?q=hopper')).toEqual([assignment.id]);
      expect(await ids('/api/tenancy/contact-assignments/?q=admir&content_type=tenancy.tenant&role=admiral')).toEqual([assignment.id]);
      expect(await ids('/api/tenancy/contacts/?q=not searched')).toEqual([]);
      expect(await ids(`/api/tenancy/tenants/?contact=${contact.id}`)).toEqual([tenant.id]);
      expect(await error('/api/tenancy/tenants/?contact_role=999999')).toEqual({ contact_role: ['Select a valid choice. 999999 is not one of the available choices.'] });
    });
  });

  describe('circuits and virtualization', () => {
    it('circuits by provider network, terminations by cable end; provider accounts take no contact filter', async () => {
      const provider = (await t.post('/api/circuits/providers/', { name: 'Carrier', slug: 'carrier' })).body;
      const type = (await t.post('/api/circuits/circuit-types/', { name: 'Transit', slug: 'transit' })).body;
      const network = (await t.post('/api/circuits/provider-networks/', { provider: provider.id, name: 'Backbone' })).body;
      const circuit = (await t.post('/api/circuits/circuits/', { cid: 'C-1', provider: provider.id, type: type.id })).body;
      const term = (await t.post('/api/circuits/circuit-terminations/', { circuit: circuit.id, term_side: 'A', provider_network: network.id })).body;
      expect(await ids(`/api/circuits/circuits/?provider_network_id=${network.id}`)).toEqual([circuit.id]);
      expect(await error('/api/circuits/circuits/?provider_network_id=999999')).toEqual({
        provider_network_id: ['Select a valid choice. 999999 is not one of the available choices.'],
      });
      expect(await ids(`/api/circuits/circuit-terminations/?cable_end__n=A&circuit_id=${circuit.id}`)).toEqual([term.id]);
      expect(await error('/api/circuits/circuit-terminations/?cable_end=C')).toEqual({ cable_end: ['Select a valid choice. C is not one of the available choices.'] });
      expect((await t.get('/api/circuits/provider-accounts/?contact=999999')).status).toBe(200);
    });

    it('VMs and their interfaces by MAC address lookups, interfaces by VLAN and VRF (by route distinguisher)', async () => {
      const type = (await t.post('/api/virtualization/cluster-types/', { name: 'KVM', slug: 'kvm' })).body;
      const cluster = (await t.post('/api/virtualization/clusters/', { name: 'Farm', type: type.id })).body;
      const vm = (await t.post('/api/virtualization/virtual-machines/', { name: 'App01', cluster: cluster.id })).body;
      const other = (await t.post('/api/virtualization/virtual-machines/', { name: 'App02', cluster: cluster.id })).body;
      const vlan = (await t.post('/api/ipam/vlans/', { vid: 42, name: 'Apps' })).body;
      const vrf = (await t.post('/api/ipam/vrfs/', { name: 'Blue', rd: '65000:1' })).body;
      const eth0 = (await t.post('/api/virtualization/interfaces/', { virtual_machine: vm.id, name: 'eth0', mac_address: 'aa:bb:cc:00:11:22', mode: 'access', untagged_vlan: vlan.id, vrf: vrf.id })).body;
      const eth1 = (await t.post('/api/virtualization/interfaces/', { virtual_machine: other.id, name: 'eth1' })).body;
      expect(await ids('/api/virtualization/virtual-machines/?mac_address__ic=CC:00')).toEqual([vm.id]);
      expect(await ids(`/api/virtualization/virtual-machines/?mac_address__n=AA-BB-CC-00-11-22&cluster=Farm`)).toEqual([other.id]);
      expect(await ids('/api/virtualization/virtual-machines/?name=app01')).toEqual([vm.id]);
      expect(await ids('/api/virtualization/interfaces/?mac_address__isw=aa:bb')).toEqual([eth0.id]);
      expect(await ids(`/api/virtualization/interfaces/?mac_address__nic=aa&cluster_id=${cluster.id}`)).toEqual([eth1.id]);
      expect((await t.get('/api/virtualization/interfaces/?mac_address__empty=true')).body.count).toBeGreaterThan(1);
      expect(await ids('/api/virtualization/interfaces/?vlan=42')).toEqual([eth0.id]);
      expect(await ids(`/api/virtualization/interfaces/?vlan_id=${vlan.id}`)).toEqual([eth0.id]);
      expect(await ids('/api/virtualization/interfaces/?vrf=65000:1')).toEqual([eth0.id]);
      expect(await ids(`/api/virtualization/interfaces/?virtual_machine=App02`)).toEqual([eth1.id]);
    });
  });
});
