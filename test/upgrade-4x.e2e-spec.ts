import { Receiver } from './helpers/receiver';
import { Json } from './helpers/seed';
import { insertRow, upgradedFrom } from './helpers/upgrade';

jest.setTimeout(120_000);

/**
 * A database the 3.5-only release wrote, upgraded through every migration that stores models as NetBox 4.6 does:
 * each object reads back on /api/ as it was, and on /v4 in 4.x's words.
 */
describe('upgrading a 3.5 database to 4.x storage', () => {
  it('keeps every object whose storage changed, as 3.5 showed it', async () => {
    await upgradedFrom(
      'ScopedModels',
      async (db) => {
        const region = await insertRow(db, 'dcim_region', { name: 'Europe', slug: 'europe', tree_path: '0000000001', tree_sort: 'Europe' });
        const site = await insertRow(db, 'dcim_site', { name: 'Lyon', slug: 'lyon', status: 'active', region_id: region });
        const maker = await insertRow(db, 'dcim_manufacturer', { name: 'Acme', slug: 'acme' });
        const type = await insertRow(db, 'dcim_devicetype', { manufacturer_id: maker, model: 'Box', slug: 'box' });
        const role = await insertRow(db, 'dcim_devicerole', { name: 'Edge', slug: 'edge', color: '00ff00' });
        const device = await insertRow(db, 'dcim_device', { name: 'edge1', _name: 'edge1', site_id: site, device_type_id: type, device_role_id: role, status: 'active' });
        const rear = await insertRow(db, 'dcim_rearport', { device_id: device, name: 'R1', _name: 'R1', type: '8p8c', positions: 2 });
        const front = await insertRow(db, 'dcim_frontport', { device_id: device, name: 'F1', _name: 'F1', type: '8p8c', rear_port_id: rear, rear_port_position: 2 });
        const prefix = await insertRow(db, 'ipam_prefix', { prefix: '10.0.0.0/8', site_id: site, status: 'active', family: 4, mask_length: 8 });
        const group = await insertRow(db, 'ipam_vlangroup', { name: 'Campus', slug: 'campus', min_vid: 100, max_vid: 200 });
        const vlan = await insertRow(db, 'ipam_vlan', { vid: 150, name: 'users', group_id: group, status: 1 });
        const clusterType = await insertRow(db, 'virtualization_clustertype', { name: 'KVM', slug: 'kvm' });
        const cluster = await insertRow(db, 'virtualization_cluster', { name: 'Farm', type_id: clusterType, site_id: site, status: 'active' });
        const machine = await insertRow(db, 'virtualization_virtualmachine', { name: 'app', _name: 'app', cluster_id: cluster, site_id: site, disk: 40, status: 'active' });
        const onDevice = await insertRow(db, 'ipam_service', { device_id: device, name: 'ssh', ports: '[22]', protocol: 'tcp' });
        const onMachine = await insertRow(db, 'ipam_service', { virtual_machine_id: machine, name: 'http', ports: '[80]', protocol: 'tcp' });
        const provider = await insertRow(db, 'circuits_provider', { name: 'Carrier', slug: 'carrier' });
        const network = await insertRow(db, 'circuits_providernetwork', { name: 'MPLS', provider_id: provider });
        const circuitType = await insertRow(db, 'circuits_circuittype', { name: 'Transit', slug: 'transit' });
        const circuit = await insertRow(db, 'circuits_circuit', { cid: 'C-1', provider_id: provider, type_id: circuitType, status: 'active' });
        const termA = await insertRow(db, 'circuits_circuittermination', { circuit_id: circuit, term_side: 'A', site_id: site });
        const termZ = await insertRow(db, 'circuits_circuittermination', { circuit_id: circuit, term_side: 'Z', provider_network_id: network });
        const contactGroup = await insertRow(db, 'tenancy_contactgroup', { name: 'NOC', slug: 'noc', tree_path: '0000000001', tree_sort: 'NOC' });
        const contact = await insertRow(db, 'tenancy_contact', { name: 'Ann', group_id: contactGroup });
        return { region, site, role, device, rear, front, prefix, group, vlan, cluster, machine, onDevice, onMachine, network, termA, termZ, contactGroup, contact };
      },
      async (t, ids: Json) => {
        const get = async (path: string) => (await t.get(path).expect(200)).body;
        expect((await get(`/api/dcim/devices/${ids.device}/`)).device_role.id).toBe(ids.role);
        expect((await get(`/v4/api/dcim/devices/${ids.device}/`)).role.id).toBe(ids.role);
        expect(await get(`/api/dcim/front-ports/${ids.front}/`)).toMatchObject({ rear_port: { id: ids.rear }, rear_port_position: 2 });
        expect((await get(`/v4/api/dcim/front-ports/${ids.front}/`)).rear_ports).toEqual([{ position: 1, rear_port: ids.rear, rear_port_position: 2 }]);
        expect((await get(`/api/ipam/prefixes/${ids.prefix}/`)).site.id).toBe(ids.site);
        expect(await get(`/v4/api/ipam/prefixes/${ids.prefix}/`)).toMatchObject({ scope_type: 'dcim.site', scope_id: ids.site });
        expect((await get(`/v4/api/ipam/prefixes/?region_id=${ids.region}`)).count).toBe(1);
        expect(await get(`/api/ipam/vlan-groups/${ids.group}/`)).toMatchObject({ min_vid: 100, max_vid: 200 });
        expect((await get(`/v4/api/ipam/vlan-groups/${ids.group}/`)).vid_ranges).toEqual([[100, 200]]);
        expect((await get(`/api/ipam/vlans/${ids.vlan}/`)).status.value).toBe(1);
        expect((await get(`/v4/api/ipam/vlans/${ids.vlan}/`)).status.value).toBe('active');
        expect((await get(`/api/virtualization/clusters/${ids.cluster}/`)).site.id).toBe(ids.site);
        expect((await get(`/v4/api/virtualization/clusters/${ids.cluster}/`)).scope_type).toBe('dcim.site');
        expect((await get(`/api/virtualization/virtual-machines/${ids.machine}/`)).disk).toBe(40);
        expect((await get(`/v4/api/virtualization/virtual-machines/${ids.machine}/`)).disk).toBe(40000);
        expect((await get(`/api/ipam/services/${ids.onDevice}/`)).device.id).toBe(ids.device);
        expect((await get(`/api/ipam/services/${ids.onMachine}/`)).virtual_machine.id).toBe(ids.machine);
        expect(await get(`/v4/api/ipam/services/${ids.onDevice}/`)).toMatchObject({ parent_object_type: 'dcim.device', parent_object_id: ids.device });
        expect((await get(`/api/circuits/circuit-terminations/${ids.termA}/`)).site.id).toBe(ids.site);
        expect((await get(`/api/circuits/circuit-terminations/${ids.termZ}/`)).provider_network.id).toBe(ids.network);
        expect(await get(`/v4/api/circuits/circuit-terminations/${ids.termZ}/`)).toMatchObject({ termination_type: 'circuits.providernetwork', termination_id: ids.network });
        expect((await get(`/api/tenancy/contacts/${ids.contact}/`)).group.id).toBe(ids.contactGroup);
        expect((await get(`/v4/api/tenancy/contacts/${ids.contact}/`)).groups.map((g: Json) => g.id)).toEqual([ids.contactGroup]);
      },
    );
  });

  it("turns each selection field's choices into its own choice set, read on /api/ as the list it was", async () => {
    await upgradedFrom(
      'ExtrasChoiceSetsProfilesBookmarks',
      async (db) => {
        const field = (name: string, type: string, choices: string | null) =>
          insertRow(db, 'extras_customfield', { name, type, choices, content_types: '["tenancy.tenant"]', label: '', group_name: '', description: '', validation_regex: '', comments: '', filter_logic: 'loose', ui_visibility: 'read-write', ui_visible: 'always', ui_editable: 'yes' });
        const tier = await field('tier', 'select', '["gold", "silver", "bronze"]');
        const regions = await field('regions', 'multiselect', '["eu", "us"]');
        const note = await field('note', 'text', null);
        const customer = await insertRow(db, 'tenancy_tenant', { name: 'Acme', slug: 'acme', custom_field_data: '{"tier": "silver", "regions": ["eu"], "note": null}' });
        const context = await insertRow(db, 'extras_configcontext', { name: 'Base', data: '{"ntp": []}' });
        return { tier, regions, note, customer, context };
      },
      async (t, ids: Json) => {
        const get = async (path: string) => (await t.get(path).expect(200)).body;
        expect((await get(`/api/extras/custom-fields/${ids.tier}/`)).choices).toEqual(['gold', 'silver', 'bronze']);
        expect((await get(`/api/extras/custom-fields/${ids.regions}/`)).choices).toEqual(['eu', 'us']);
        expect((await get(`/api/extras/custom-fields/${ids.note}/`)).choices).toBeNull();
        const tier = await get(`/v4/api/extras/custom-fields/${ids.tier}/`);
        expect(tier.choice_set).toMatchObject({ name: 'tier Choices', choices_count: 3 });
        expect((await get(`/v4/api/extras/custom-field-choice-sets/${tier.choice_set.id}/`)).extra_choices).toEqual([['gold', 'gold'], ['silver', 'silver'], ['bronze', 'bronze']]);
        expect((await get(`/v4/api/extras/custom-fields/${ids.note}/`)).choice_set).toBeNull();
        expect((await get('/v4/api/extras/custom-field-choice-sets/')).count).toBe(2);
        // The values stored still are choices; others still are not.
        expect((await t.patch(`/v4/api/tenancy/tenants/${ids.customer}/`, { custom_fields: { tier: 'gold', regions: ['eu', 'us'] } }).expect(200)).body.custom_fields).toMatchObject({ tier: 'gold', regions: ['eu', 'us'] });
        expect((await t.patch(`/api/tenancy/tenants/${ids.customer}/`, { custom_fields: { tier: 'tin' } }).expect(400)).body).toEqual({
          custom_fields: ["Invalid value for custom field 'tier': Invalid choice (tin). Available choices are: gold, silver, bronze"],
        });
        expect((await get(`/v4/api/extras/config-contexts/${ids.context}/`)).profile).toBeNull();
      },
    );
  });

  it('keeps every platform and device role, each a root of its own tree, read on /api/ as before', async () => {
    await upgradedFrom(
      'NestedPlatformsAndRoles',
      async (db) => {
        const maker = await insertRow(db, 'dcim_manufacturer', { name: 'Acme', slug: 'acme', comments: '' });
        // Names whose order by name differs from their order by id.
        const platforms = [];
        for (const [name, manufacturer] of [['linux', null], ['IOS', maker], ['Junos', null], ['eos', maker]] as const) {
          platforms.push(await insertRow(db, 'dcim_platform', { name, slug: name.toLowerCase(), manufacturer_id: manufacturer, napalm_driver: '' }));
        }
        const roles = [];
        for (const name of ['Spine', 'access', 'Core']) roles.push(await insertRow(db, 'dcim_devicerole', { name, slug: name.toLowerCase(), color: '00ff00' }));
        const site = await insertRow(db, 'dcim_site', { name: 'Lyon', slug: 'lyon', status: 'active' });
        const type = await insertRow(db, 'dcim_devicetype', { manufacturer_id: maker, model: 'Box', slug: 'box' });
        const device = await insertRow(db, 'dcim_device', { name: 'edge1', _name: 'edge1', site_id: site, device_type_id: type, device_role_id: roles[0], platform_id: platforms[1], status: 'active' });
        return { platforms, roles, device };
      },
      async (t, ids: Json) => {
        const get = async (path: string) => (await t.get(path).expect(200)).body;
        const keys35: Record<string, string[]> = {
          platforms: [
            'id', 'url', 'display', 'name', 'slug', 'manufacturer', 'config_template', 'napalm_driver', 'napalm_args', 'description', 'tags', 'custom_fields',
            'created', 'last_updated', 'device_count', 'virtualmachine_count',
          ],
          'device-roles': [
            'id', 'url', 'display', 'name', 'slug', 'color', 'vm_role', 'config_template', 'description', 'tags', 'custom_fields', 'created', 'last_updated',
            'device_count', 'virtualmachine_count',
          ],
        };
        for (const [path, stored] of [['platforms', ids.platforms], ['device-roles', ids.roles]] as Array<[string, number[]]>) {
          const old = (await get(`/api/dcim/${path}/?limit=100`)).results;
          for (const o of old) expect(Object.keys(o)).toEqual(keys35[path]);
          // 3.5's order: by name, as the strings compare.
          const byName = [...old].sort((a: Json, b: Json) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
          expect(old.map((o: Json) => o.id)).toEqual(byName.map((o: Json) => o.id));
          expect(old.map((o: Json) => o.id).sort()).toEqual([...stored].sort());
          const now = (await get(`/v4/api/dcim/${path}/?limit=100`)).results;
          expect(now.map((o: Json) => o.id)).toEqual(old.map((o: Json) => o.id));
          for (const o of now) expect(o).toMatchObject({ parent: null, _depth: 0, comments: '' });
          // Each upgraded root takes children, found below it.
          const root = now[0];
          const child = (await t.post(`/v4/api/dcim/${path}/`, { name: 'Child', slug: 'child', parent: root.id }).expect(201)).body;
          expect(child._depth).toBe(1);
          expect((await get(`/v4/api/dcim/${path}/?ancestor_id=${root.id}`)).results.map((o: Json) => o.id)).toEqual([child.id]);
          expect((await get(`/v4/api/dcim/${path}/?limit=100`)).results.map((o: Json) => o.id)).toEqual([root.id, child.id, ...now.slice(1).map((o: Json) => o.id)]);
        }
        expect(await get(`/api/dcim/devices/${ids.device}/`)).toMatchObject({ device_role: { id: ids.roles[0] }, platform: { id: ids.platforms[1] } });
        expect((await get(`/v4/api/dcim/device-roles/${ids.roles[0]}/`)).device_count).toBe(1);
        expect((await get(`/v4/api/dcim/platforms/${ids.platforms[1]}/`)).device_count).toBe(1);
      },
    );
  });

  it("gives existing objects NetBox's defaults for 4.x's further fields", async () => {
    await upgradedFrom(
      'NetBox4Comments',
      async (db) => {
        const site = await insertRow(db, 'dcim_site', { name: 'Gent', slug: 'gent', status: 'active' });
        const group = await insertRow(db, 'ipam_vlangroup', { name: 'Core', slug: 'core', min_vid: 1, max_vid: 4094, vid_ranges: '[[1,4094]]', total_vlan_ids: 4094 });
        const vlan = await insertRow(db, 'ipam_vlan', { vid: 10, name: 'ten', group_id: group, status: 1 });
        const contact = await insertRow(db, 'tenancy_contact', { name: 'Bo' });
        const role = await insertRow(db, 'tenancy_contactrole', { name: 'Admin', slug: 'admin' });
        const assignment = await insertRow(db, 'tenancy_contactassignment', { content_type: 'dcim.site', object_id: site, contact_id: contact, role_id: role });
        const yes = db.options.type === 'postgres' ? true : 1;
        const webhook = await insertRow(db, 'extras_webhook', { name: 'Hook', payload_url: 'https://example.com/', content_types: '["dcim.site"]', type_create: yes });
        const template = await insertRow(db, 'extras_configtemplate', { name: 'Base', template_code: 'x', environment_params: '{}' });
        const attachment = await insertRow(db, 'extras_imageattachment', { content_type: 'dcim.site', object_id: site, image: 'image-attachments/x.png', image_height: 1, image_width: 1 });
        const job = await insertRow(db, 'core_job', { object_type: 'dcim.site', object_id: site, name: 'Old', status: 'completed', created: '2024-01-01T00:00:00Z', job_id: '00000000-0000-0000-0000-000000000001' });
        const user = await insertRow(db, 'users_user', { username: 'olduser', password: 'x', date_joined: '2024-01-01T00:00:00Z', config_data: '{}' });
        return { group, vlan, assignment, webhook, template, attachment, job, user };
      },
      async (t, ids: Json) => {
        const get = async (path: string) => (await t.get(path).expect(200)).body;
        expect((await get(`/v4/api/ipam/vlan-groups/${ids.group}/`)).comments).toBe('');
        expect(await get(`/v4/api/ipam/vlans/${ids.vlan}/`)).toMatchObject({ qinq_role: null, qinq_svlan: null });
        expect(await get(`/v4/api/tenancy/contact-assignments/${ids.assignment}/`)).toMatchObject({ tags: [], custom_fields: {} });
        expect(await get(`/v4/api/extras/webhooks/${ids.webhook}/`)).toMatchObject({ description: '', tags: [], custom_fields: {} });
        expect(await get(`/v4/api/extras/config-templates/${ids.template}/`)).toMatchObject({ debug: false, auto_sync_enabled: false });
        expect((await get(`/v4/api/extras/image-attachments/${ids.attachment}/`)).image_size).toBeNull();
        expect(await get(`/v4/api/core/jobs/${ids.job}/`)).toMatchObject({ error: '', queue_name: '', notifications: { value: 'always' }, log_entries: [], object: { id: expect.any(Number) } });
        expect(await get(`/v4/api/users/users/${ids.user}/`)).toMatchObject({ last_login: null, permissions: [] });
      },
    );
  });
  it('moves what fires each webhook to an event rule named as it, which 3.5 still reads on the webhook', async () => {
    await upgradedFrom(
      'EventRules',
      async (db) => {
        const [yes, no] = db.options.type === 'postgres' ? [true, false] : [1, 0];
        const conditions = '{"and": [{"attr": "status.value", "value": "active"}]}';
        const sites = await insertRow(db, 'extras_webhook', {
          name: 'Sites', payload_url: 'https://example.com/sites', content_types: '["dcim.site", "dcim.region"]', type_create: yes, type_update: yes, type_delete: no,
          type_job_start: no, type_job_end: no, enabled: yes, conditions, http_method: 'POST', http_content_type: 'application/json', ssl_verification: yes,
        });
        const jobs = await insertRow(db, 'extras_webhook', {
          name: 'Jobs', payload_url: 'https://example.com/jobs', content_types: '["extras.scriptmodule"]', type_create: no, type_update: no, type_delete: no,
          type_job_start: yes, type_job_end: yes, enabled: no, http_method: 'PUT', http_content_type: 'application/json', ssl_verification: yes,
        });
        return { sites, jobs, conditions: JSON.parse(conditions) };
      },
      async (t, { sites, jobs, conditions }: Json) => {
        const get = async (path: string) => (await t.get(path).expect(200)).body;
        expect(await get(`/api/extras/webhooks/${sites}/`)).toMatchObject({
          name: 'Sites', content_types: ['dcim.site', 'dcim.region'], type_create: true, type_update: true, type_delete: false, type_job_start: false, type_job_end: false,
          enabled: true, conditions, payload_url: 'https://example.com/sites',
        });
        expect(await get(`/api/extras/webhooks/${jobs}/`)).toMatchObject({
          name: 'Jobs', content_types: ['extras.scriptmodule'], type_create: false, type_job_start: true, type_job_end: true, enabled: false, conditions: null, http_method: 'PUT',
        });
        const hook = await get(`/v4/api/extras/webhooks/${sites}/`);
        expect(hook).toMatchObject({ name: 'Sites', payload_url: 'https://example.com/sites', description: '' });
        expect(hook).not.toHaveProperty('content_types');
        const rules = (await get('/v4/api/extras/event-rules/?ordering=name')).results;
        expect(rules).toMatchObject([
          {
            name: 'Jobs', object_types: ['extras.scriptmodule'], event_types: ['job_started', 'job_completed', 'job_errored', 'job_failed'], enabled: false, conditions: null,
            action_type: { value: 'webhook' }, action_object_type: 'extras.webhook', action_object_id: jobs, action_object: { id: jobs, name: 'Jobs' }, description: '',
          },
          {
            name: 'Sites', object_types: ['dcim.site', 'dcim.region'], event_types: ['object_created', 'object_updated'], enabled: true, conditions,
            action_object_id: sites, action_object: { id: sites, name: 'Sites' },
          },
        ]);
        // The upgraded rule is one like any other: 3.5 changes it through its webhook.
        await t.patch(`/api/extras/webhooks/${sites}/`, { type_delete: true }).expect(200);
        expect((await get(`/v4/api/extras/event-rules/${rules[1].id}/`)).event_types).toEqual(['object_created', 'object_updated', 'object_deleted']);
      },
    );
  });

  it('keeps racks, module types, cables, circuits and machines through the migrations of 4.x\'s further models, which they then have none of', async () => {
    await upgradedFrom(
      'VirtualMachineTypes',
      async (db) => {
        const site = await insertRow(db, 'dcim_site', { name: 'Turku', slug: 'turku', status: 'active' });
        const maker = await insertRow(db, 'dcim_manufacturer', { name: 'Rittal', slug: 'rittal' });
        const rack = await insertRow(db, 'dcim_rack', { name: 'R1', site_id: site, status: 'active', u_height: 47, width: 19, type: '4-post-cabinet', outer_width: 800, outer_unit: 'mm' });
        const moduleType = await insertRow(db, 'dcim_moduletype', { manufacturer_id: maker, model: 'Line card', part_number: 'LC-1' });
        const cable = await insertRow(db, 'dcim_cable', { status: 'connected', label: 'C-9', color: 'ff0000' });
        const provider = await insertRow(db, 'circuits_provider', { name: 'Elisa', slug: 'elisa' });
        const circuitType = await insertRow(db, 'circuits_circuittype', { name: 'Fibre', slug: 'fibre' });
        const circuit = await insertRow(db, 'circuits_circuit', { cid: 'E-1', provider_id: provider, type_id: circuitType, status: 'active' });
        const clusterType = await insertRow(db, 'virtualization_clustertype', { name: 'ESXi', slug: 'esxi' });
        const cluster = await insertRow(db, 'virtualization_cluster', { name: 'Farm', type_id: clusterType, status: 'active' });
        const machine = await insertRow(db, 'virtualization_virtualmachine', { name: 'db1', _name: 'db1', cluster_id: cluster, status: 'active', vcpus: 4, memory: 8192 });
        return { rack, moduleType, cable, circuit, machine };
      },
      async (t, ids: Json) => {
        const get = async (path: string) => (await t.get(path).expect(200)).body;
        expect(await get(`/v4/api/dcim/racks/${ids.rack}/`)).toMatchObject({
          name: 'R1', group: null, rack_type: null, u_height: 47, form_factor: { value: '4-post-cabinet' }, outer_width: 800, outer_unit: { value: 'mm' },
        });
        expect(await get(`/api/dcim/racks/${ids.rack}/`)).toMatchObject({ name: 'R1', type: { value: '4-post-cabinet' }, u_height: 47 });
        expect(await get(`/api/dcim/racks/${ids.rack}/`)).not.toHaveProperty('rack_type');
        expect(await get(`/v4/api/dcim/module-types/${ids.moduleType}/`)).toMatchObject({ model: 'Line card', part_number: 'LC-1', profile: null, attributes: null });
        expect(await get(`/v4/api/dcim/cables/${ids.cable}/`)).toMatchObject({ label: 'C-9', color: 'ff0000', bundle: null });
        expect(await get(`/v4/api/circuits/circuits/${ids.circuit}/`)).toMatchObject({ cid: 'E-1', assignments: [] });
        expect(await get(`/v4/api/virtualization/virtual-machines/${ids.machine}/`)).toMatchObject({ name: 'db1', virtual_machine_type: null, vcpus: 4, memory: 8192 });
        // Each is written to again as before, and takes the new relations.
        const group = (await t.post('/v4/api/dcim/rack-groups/', { name: 'Row 1', slug: 'row-1' }).expect(201)).body;
        expect((await t.patch(`/v4/api/dcim/racks/${ids.rack}/`, { group: group.id }).expect(200)).body.group.id).toBe(group.id);
        for (const route of ['dcim/rack-types', 'dcim/module-type-profiles', 'dcim/cable-bundles', 'circuits/virtual-circuits', 'virtualization/virtual-machine-types']) {
          expect((await get(`/v4/api/${route}/`)).count).toBe(0);
        }
      },
    );
  });
  it("keeps the plugins' script modules, their scripts and jobs, which 4.5.7's uploads then sit beside", async () => {
    await upgradedFrom(
      'UploadedScriptModules',
      async (db) => {
        const module = await insertRow(db, 'extras_scriptmodule', { name: 'dns' });
        const yes = db.options.type === 'postgres' ? true : 1;
        const script = await insertRow(db, 'extras_script', { module_id: module, name: 'CreateSiteWithRacks', is_executable: yes });
        // A class the plugin no longer ships: only the row itself tells of it.
        const gone = await insertRow(db, 'extras_script', { module_id: module, name: 'Gone', is_executable: yes });
        const job = await insertRow(db, 'core_job', { object_type: 'extras.scriptmodule', object_id: module, name: 'CreateSiteWithRacks', status: 'completed', created: '2024-01-01T00:00:00Z', job_id: '00000000-0000-0000-0000-000000000002', log_entries: '[]' });
        return { module, script, gone, job };
      },
      async (t, ids: Json) => {
        const get = async (path: string) => (await t.get(path).expect(200)).body;
        expect(await get(`/v4/api/extras/scripts/${ids.script}/`)).toMatchObject({ id: ids.script, module: ids.module, name: 'CreateSiteWithRacks', is_executable: true, result: { id: ids.job } });
        expect(await get(`/v4/api/extras/scripts/${ids.gone}/`)).toMatchObject({ module: ids.module, name: 'Gone', is_executable: false });
        expect((await get(`/v4/api/core/jobs/${ids.job}/`)).object).toEqual({ id: ids.module, display: 'dns' });
        expect((await get('/api/extras/scripts/dns.CreateSiteWithRacks/')).result).toMatchObject({ id: ids.job });
        // A plugin's module has no file: its name is not an upload's to take.
        const upload = await t.post('/v4/api/extras/scripts/upload/').attach('file', Buffer.from('module.exports = {};\n'), 'dns.js');
        expect(upload.status).toBe(400);
      },
      { PLUGINS: 'dns' },
    );
  });

  it("keeps interfaces and VM interfaces through 4.2's VLAN translation, which they then apply none of", async () => {
    await upgradedFrom(
      'VlanTranslation',
      async (db) => {
        const site = await insertRow(db, 'dcim_site', { name: 'Oulu', slug: 'oulu', status: 'active' });
        const maker = await insertRow(db, 'dcim_manufacturer', { name: 'Nokia', slug: 'nokia' });
        const type = await insertRow(db, 'dcim_devicetype', { manufacturer_id: maker, model: '7750', slug: '7750' });
        const role = await insertRow(db, 'dcim_devicerole', { name: 'PE', slug: 'pe', color: '0000ff' });
        const device = await insertRow(db, 'dcim_device', { name: 'pe1', _name: 'pe1', site_id: site, device_type_id: type, device_role_id: role, status: 'active' });
        const iface = await insertRow(db, 'dcim_interface', { device_id: device, name: 'to-core', _name: 'to-core', type: '10gbase-x-sfpp', mode: 'tagged', mtu: 9000 });
        const clusterType = await insertRow(db, 'virtualization_clustertype', { name: 'Xen', slug: 'xen' });
        const cluster = await insertRow(db, 'virtualization_cluster', { name: 'Pool', type_id: clusterType, status: 'active' });
        const machine = await insertRow(db, 'virtualization_virtualmachine', { name: 'fw', _name: 'fw', cluster_id: cluster, status: 'active' });
        const vmIface = await insertRow(db, 'virtualization_vminterface', { virtual_machine_id: machine, name: 'eth0', _name: 'eth0', mtu: 1500 });
        return { iface, vmIface };
      },
      async (t, ids: Json) => {
        const get = async (path: string) => (await t.get(path).expect(200)).body;
        expect(await get(`/v4/api/dcim/interfaces/${ids.iface}/`)).toMatchObject({ name: 'to-core', mode: { value: 'tagged' }, mtu: 9000, vlan_translation_policy: null });
        expect(await get(`/v4/api/virtualization/interfaces/${ids.vmIface}/`)).toMatchObject({ name: 'eth0', mtu: 1500, vlan_translation_policy: null });
        expect(await get(`/api/dcim/interfaces/${ids.iface}/`)).toMatchObject({ name: 'to-core', mtu: 9000 });
        expect(await get(`/api/dcim/interfaces/${ids.iface}/`)).not.toHaveProperty('vlan_translation_policy');
        expect((await get('/v4/api/ipam/vlan-translation-policies/')).count).toBe(0);
        // Each takes a policy as a new one would.
        const policy = (await t.post('/v4/api/ipam/vlan-translation-policies/', { name: 'Metro' }).expect(201)).body;
        await t.post('/v4/api/ipam/vlan-translation-rules/', { policy: policy.id, local_vid: 10, remote_vid: 20 }).expect(201);
        for (const path of [`/v4/api/dcim/interfaces/${ids.iface}/`, `/v4/api/virtualization/interfaces/${ids.vmIface}/`]) {
          expect((await t.patch(path, { vlan_translation_policy: policy.id }).expect(200)).body.vlan_translation_policy.id).toBe(policy.id);
        }
      },
    );
  });

  it("keeps sites, devices and interfaces through the owner columns' migration, which they then have no owner of", async () => {
    await upgradedFrom(
      'OwnerColumns',
      async (db) => {
        const tenant = await insertRow(db, 'tenancy_tenant', { name: 'Acme', slug: 'acme' });
        const site = await insertRow(db, 'dcim_site', { name: 'Oslo', slug: 'oslo', status: 'active', tenant_id: tenant, facility: 'OSL1', description: 'HQ', custom_field_data: '{}' });
        const maker = await insertRow(db, 'dcim_manufacturer', { name: 'Arista', slug: 'arista' });
        const type = await insertRow(db, 'dcim_devicetype', { manufacturer_id: maker, model: '7050', slug: '7050' });
        const role = await insertRow(db, 'dcim_devicerole', { name: 'Leaf', slug: 'leaf', color: '0000ff', tree_path: '0000000001', tree_sort: 'Leaf' });
        const device = await insertRow(db, 'dcim_device', { name: 'leaf1', _name: 'leaf1', site_id: site, device_type_id: type, device_role_id: role, status: 'active', serial: 'SN-1' });
        const iface = await insertRow(db, 'dcim_interface', { device_id: device, name: 'Ethernet1', _name: 'Ethernet1', type: '10gbase-x-sfpp', mtu: 9000, description: 'uplink' });
        return { tenant, site, device, iface };
      },
      async (t, ids: Json) => {
        const get = async (path: string) => (await t.get(path).expect(200)).body;
        expect(await get(`/v4/api/dcim/sites/${ids.site}/`)).toMatchObject({ name: 'Oslo', facility: 'OSL1', description: 'HQ', tenant: { id: ids.tenant }, owner: null });
        expect(await get(`/api/dcim/sites/${ids.site}/`)).toMatchObject({ name: 'Oslo', facility: 'OSL1', tenant: { id: ids.tenant } });
        expect(await get(`/api/dcim/sites/${ids.site}/`)).not.toHaveProperty('owner');
        expect(await get(`/v4/api/dcim/devices/${ids.device}/`)).toMatchObject({ name: 'leaf1', serial: 'SN-1', site: { id: ids.site }, role: { id: expect.any(Number) }, owner: null });
        expect(await get(`/api/dcim/devices/${ids.device}/`)).toMatchObject({ name: 'leaf1', serial: 'SN-1', device_role: { slug: 'leaf' } });
        expect(await get(`/v4/api/dcim/interfaces/${ids.iface}/`)).toMatchObject({ name: 'Ethernet1', mtu: 9000, description: 'uplink', device: { id: ids.device }, owner: null });
        expect(await get(`/api/dcim/interfaces/${ids.iface}/`)).toMatchObject({ name: 'Ethernet1', mtu: 9000, description: 'uplink' });
        // The new column takes an owner, which then protects it.
        const owner = (await t.post('/v4/api/users/owners/', { name: 'Ops' }).expect(201)).body;
        for (const path of [`dcim/sites/${ids.site}`, `dcim/devices/${ids.device}`, `dcim/interfaces/${ids.iface}`]) {
          expect((await t.patch(`/v4/api/${path}/`, { owner: owner.id }).expect(200)).body.owner.id).toBe(owner.id);
        }
        expect((await get(`/v4/api/dcim/interfaces/?owner_id=${owner.id}`)).count).toBe(1);
        await t.delete(`/v4/api/users/owners/${owner.id}/`).expect(409);
      },
    );
  });
  it("keeps sending 3.5's payload to the webhooks made before a webhook knew the API it was made through", async () => {
    const receiver = await Receiver.start();
    try {
      await upgradedFrom(
        'WebhookPayloadDialect',
        async (db) => {
          const yes = db.options.type === 'postgres' ? true : 1;
          const hook = await insertRow(db, 'extras_webhook', {
            name: 'Tenants', payload_url: `${receiver.url}/tenants`, http_method: 'POST', http_content_type: 'application/json', ssl_verification: yes, custom_field_data: '{}',
          });
          await insertRow(db, 'extras_eventrule', {
            name: 'Tenants', object_types: '["tenancy.tenant"]', event_types: '["object_created"]', enabled: yes, action_type: 'webhook',
            action_object_type: 'extras.webhook', action_object_id: hook, custom_field_data: '{}',
          });
          return { hook };
        },
        async (t, { hook }: Json) => {
          expect((await t.get(`/v4/api/extras/webhooks/${hook}/`).expect(200)).body).toMatchObject({ name: 'Tenants', payload_url: `${receiver.url}/tenants` });
          const made = (await t.post('/v4/api/tenancy/tenants/', { name: 'Acme', slug: 'acme' }).expect(201)).body;
          const [body] = (await receiver.until(1)).map((r) => JSON.parse(r.body));
          expect(body).toMatchObject({ event: 'created', model: 'tenant', data: { id: made.id, url: `/api/tenancy/tenants/${made.id}/` } });
          expect(body).not.toHaveProperty('object_type');
        },
      );
    } finally {
      await receiver.close();
    }
  });
});
