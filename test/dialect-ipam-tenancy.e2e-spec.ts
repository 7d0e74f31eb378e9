import { createOne, expectStatus, Json } from './helpers/seed';
import { slugify, unique } from './helpers/fixtures';
import { pageStatements } from './helpers/queries';
import { TestApp } from './helpers/test-app';

/** Service parents, contact groups, VLAN group ranges and VLAN status: what each API generation writes, the other reads in its own words. */
describe('IPAM and tenancy across API generations', () => {
  let t: TestApp;
  let site: Json;
  let device: Json;
  let vm: Json;

  beforeAll(async () => {
    t = await TestApp.start();
    site = await named('/api/dcim/sites/', 'Amsterdam');
    const manufacturer = await named('/api/dcim/manufacturers/', 'Acme');
    const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: manufacturer.id, model: 'Switch', slug: 'switch' });
    const role = await named('/api/dcim/device-roles/', 'Leaf');
    device = await createOne(t, '/api/dcim/devices/', { name: 'leaf1', device_type: type.id, device_role: role.id, site: site.id });
    const clusterType = await named('/api/virtualization/cluster-types/', 'KVM');
    const cluster = await createOne(t, '/api/virtualization/clusters/', { name: 'Compute', type: clusterType.id });
    vm = await createOne(t, '/api/virtualization/virtual-machines/', { name: 'vm1', cluster: cluster.id });
  });
  afterAll(() => t.close());

  async function named(path: string, prefix: string, fields: Json = {}): Promise<Json> {
    const name = unique(prefix);
    return createOne(t, path, { name, slug: slugify(name), ...fields });
  }
  async function refused(method: 'post' | 'patch', path: string, body: Json): Promise<Json> {
    const res = await t[method](path, body);
    expectStatus(res, 400);
    return res.body;
  }
  const read = async (path: string) => (await t.get(path).expect(200)).body;
  const ids = async (path: string) => (await read(path)).results.map((o: Json) => o.id);
  const count = async (path: string) => (await read(path)).count;

  describe('VLAN groups', () => {
    it('writes ranges through 4.x and reads their outer bounds through 3.5, each filtering in its own words', async () => {
      const tenant = await named('/api/tenancy/tenants/', 'Carrier');
      const created = await t.post('/v4/api/ipam/vlan-groups/', { ...slugged('Campus'), vid_ranges: [[100, 199], [300, 300]], tenant: tenant.id });
      expectStatus(created, 201);
      const group = created.body;
      expect(Object.keys(group)).toEqual([
        'id', 'url', 'display_url', 'display', 'name', 'slug', 'scope_type', 'scope_id', 'scope', 'vid_ranges', 'total_vlan_ids', 'tenant', 'description', 'owner',
        'comments', 'tags', 'custom_fields', 'created', 'last_updated', 'vlan_count', 'utilization',
      ]);
      expect(group).toMatchObject({ vid_ranges: [[100, 199], [300, 300]], total_vlan_ids: 101, tenant: { id: tenant.id }, utilization: '0.0' });
      const old = await read(`/api/ipam/vlan-groups/${group.id}/`);
      expect(old).toMatchObject({ min_vid: 100, max_vid: 300, utilization: 0 });
      for (const key of ['vid_ranges', 'total_vlan_ids', 'tenant']) expect(old).not.toHaveProperty(key);
      expect(await ids(`/v4/api/ipam/vlan-groups/?contains_vid=300`)).toContain(group.id);
      expect(await ids(`/v4/api/ipam/vlan-groups/?contains_vid=250&id=${group.id}`)).toEqual([]);
      expect(await ids(`/v4/api/ipam/vlan-groups/?tenant_id=${tenant.id}`)).toEqual([group.id]);
      expect(await ids(`/v4/api/ipam/vlan-groups/?total_vlan_ids=101`)).toEqual([group.id]);
      expect(await ids(`/api/ipam/vlan-groups/?min_vid=100&max_vid=300`)).toEqual([group.id]);
      // Each generation ignores the other's filters, as NetBox ignores unknown ones.
      expect(await count(`/api/ipam/vlan-groups/?contains_vid=250`)).toBe(await count('/api/ipam/vlan-groups/'));
      expect(await count(`/v4/api/ipam/vlan-groups/?min_vid=4000`)).toBe(await count('/v4/api/ipam/vlan-groups/'));
      // A number no group holds finds none; one that is no number is refused.
      expect(await ids('/v4/api/ipam/vlan-groups/?contains_vid=99999999999')).toEqual([]);
      expect(await ids('/api/ipam/vlan-groups/?site=99999999999')).toEqual([]);
      expect((await t.get('/v4/api/ipam/vlan-groups/?contains_vid=x')).body).toEqual({ contains_vid: ['Enter a number.'] });
      await createOne(t, '/api/ipam/vlans/', { vid: 100, name: 'users', group: group.id });
      expect((await read(`/v4/api/ipam/vlan-groups/${group.id}/`)).utilization).toBe('0.99');
    });

    it('writes 3.5 bounds as one range, and keeps the ranges a 3.5 client writes back as it read them', async () => {
      const group = await createOne(t, '/v4/api/ipam/vlan-groups/', { ...slugged('Edge'), vid_ranges: [[10, 19], [30, 39]] });
      const old = await read(`/api/ipam/vlan-groups/${group.id}/`);
      expectStatus(await t.put(`/api/ipam/vlan-groups/${group.id}/`, { name: old.name, slug: old.slug, min_vid: old.min_vid, max_vid: old.max_vid }), 200);
      expect((await read(`/v4/api/ipam/vlan-groups/${group.id}/`)).vid_ranges).toEqual([[10, 19], [30, 39]]);
      expectStatus(await t.patch(`/api/ipam/vlan-groups/${group.id}/`, { max_vid: 50 }), 200);
      expect(await read(`/v4/api/ipam/vlan-groups/${group.id}/`)).toMatchObject({ vid_ranges: [[10, 50]], total_vlan_ids: 41 });
      const legacy = await createOne(t, '/api/ipam/vlan-groups/', { ...slugged('Legacy'), min_vid: 200, max_vid: 299 });
      expect(await read(`/v4/api/ipam/vlan-groups/${legacy.id}/`)).toMatchObject({ vid_ranges: [[200, 299]], total_vlan_ids: 100 });
      expect((await read(`/v4/api/ipam/vlan-groups/${(await createOne(t, '/api/ipam/vlan-groups/', slugged('Default'))).id}/`)).vid_ranges).toEqual([[1, 4094]]);
    });

    it('refuses ranges NetBox refuses, field by field, writing nothing', async () => {
      const group = await createOne(t, '/v4/api/ipam/vlan-groups/', { ...slugged('Kept'), vid_ranges: [[5, 9]] });
      const before = await count('/api/ipam/vlan-groups/');
      const body = (vid_ranges: unknown) => ({ ...slugged('Bad'), vid_ranges });
      expect(await refused('post', '/v4/api/ipam/vlan-groups/', body([[1, 10], [5, 20]]))).toEqual({ vid_ranges: ['Ranges cannot overlap.'] });
      expect(await refused('post', '/v4/api/ipam/vlan-groups/', body([[20, 10]]))).toEqual({
        vid_ranges: ['Ending VLAN ID in range must be greater than or equal to the starting VLAN ID (20-10)'],
      });
      expect(await refused('post', '/v4/api/ipam/vlan-groups/', body([[0, 10]]))).toEqual({ vid_ranges: ['Starting VLAN ID in range (0) cannot be less than 1'] });
      expect(await refused('post', '/v4/api/ipam/vlan-groups/', body([[1, 4095]]))).toEqual({ vid_ranges: ['Ending VLAN ID in range (4095) cannot exceed 4094'] });
      expect(await refused('post', '/v4/api/ipam/vlan-groups/', body([]))).toEqual({ vid_ranges: ['This field cannot be blank.'] });
      expect(await refused('post', '/v4/api/ipam/vlan-groups/', body([[1, 2], [3]]))).toEqual({
        vid_ranges: [{}, { non_field_errors: ['Ranges must be specified in the form (lower, upper).'] }],
      });
      expect(await refused('post', '/v4/api/ipam/vlan-groups/', body([[1, 'x']]))).toEqual({ vid_ranges: [{ non_field_errors: ['Range boundaries must be defined as integers.'] }] });
      expect(await refused('post', '/v4/api/ipam/vlan-groups/', body(5))).toEqual({ vid_ranges: { non_field_errors: ['Expected a list of items but got type "int".'] } });
      expect(await refused('patch', `/v4/api/ipam/vlan-groups/${group.id}/`, { vid_ranges: [[9, 5]] })).toEqual({
        vid_ranges: ['Ending VLAN ID in range must be greater than or equal to the starting VLAN ID (9-5)'],
      });
      expect(await refused('post', '/api/ipam/vlan-groups/', { ...slugged('Bad'), min_vid: 300, max_vid: 200 })).toEqual({
        max_vid: ['Maximum child VID must be greater than or equal to minimum child VID'],
      });
      expect(await refused('patch', `/api/ipam/vlan-groups/${group.id}/`, { min_vid: 0 })).toEqual({ min_vid: ['Ensure this value is greater than or equal to 1.'] });
      expect(await count('/api/ipam/vlan-groups/')).toBe(before);
      expect(await read(`/v4/api/ipam/vlan-groups/${group.id}/`)).toMatchObject({ vid_ranges: [[5, 9]], total_vlan_ids: 5 });
    });

    it("keeps a VLAN's VID in one of its group's ranges, in each generation's words, and offers the ranges' free VIDs", async () => {
      const split = await createOne(t, '/v4/api/ipam/vlan-groups/', { ...slugged('Split'), vid_ranges: [[100, 102], [300, 300]] });
      const single = await createOne(t, '/api/ipam/vlan-groups/', { ...slugged('Single'), min_vid: 10, max_vid: 20 });
      const before = await count('/api/ipam/vlans/');
      const splitMessage = `VID must be in ranges 100-102,300 for VLANs in group ${split.name}`;
      expect(await refused('post', '/v4/api/ipam/vlans/', { vid: 250, name: 'gap', group: split.id })).toEqual({ vid: [splitMessage] });
      expect(await refused('post', '/api/ipam/vlans/', { vid: 250, name: 'gap', group: split.id })).toEqual({ vid: [splitMessage] });
      expect(await refused('post', '/api/ipam/vlans/', { vid: 30, name: 'out', group: single.id })).toEqual({ vid: [`VID must be between 10 and 20 for VLANs in group ${single.name}`] });
      expect(await refused('post', '/v4/api/ipam/vlans/', { vid: 30, name: 'out', group: single.id })).toEqual({ vid: [`VID must be in ranges 10-20 for VLANs in group ${single.name}`] });
      expect(await count('/api/ipam/vlans/')).toBe(before);
      await createOne(t, '/v4/api/ipam/vlans/', { vid: 300, name: 'top', group: split.id });
      await createOne(t, '/api/ipam/vlans/', { vid: 101, name: 'mid', group: split.id });
      expect((await read(`/api/ipam/vlan-groups/${split.id}/available-vlans/`)).map((v: Json) => v.vid)).toEqual([100, 102]);
      const taken = await t.post(`/v4/api/ipam/vlan-groups/${split.id}/available-vlans/`, [{ name: 'next', status: 'reserved' }]);
      expectStatus(taken, 201);
      expect(taken.body.map((v: Json) => [v.vid, v.status.value])).toEqual([[100, 'reserved']]);
      expect(await refused('post', `/v4/api/ipam/vlan-groups/${split.id}/available-vlans/`, [{ name: 'int', status: 2 }])).toEqual({ status: ['"2" is not a valid choice.'] });
      // Narrowing the ranges under a VLAN is NetBox's business, not refused; a new VLAN follows the new ranges.
      expectStatus(await t.patch(`/v4/api/ipam/vlan-groups/${split.id}/`, { vid_ranges: [[100, 199]] }), 200);
      await createOne(t, '/api/ipam/vlans/', { vid: 150, name: 'now-in', group: split.id });
    });
  });

  describe('VLAN status', () => {
    it("reads and writes 4.x's string choice on /v4 and the spec's integers on /api/", async () => {
      const reserved = await t.post('/v4/api/ipam/vlans/', { vid: 700, name: 'reserved', status: 'reserved' });
      expectStatus(reserved, 201);
      expect(reserved.body.status).toEqual({ value: 'reserved', label: 'Reserved' });
      expect((await read(`/api/ipam/vlans/${reserved.body.id}/`)).status).toEqual({ value: 2, label: 'Reserved' });
      const created = `object-changes/?changed_object_type=ipam.vlan&changed_object_id=${reserved.body.id}`;
      expect((await read(`/v4/api/core/${created}`)).results[0].postchange_data.status).toBe('reserved');
      expect((await read(`/api/extras/${created}`)).results[0].postchange_data.status).toBe(2);
      const old = await createOne(t, '/api/ipam/vlans/', { vid: 701, name: 'old', status: 3 });
      expect((await read(`/v4/api/ipam/vlans/${old.id}/`)).status).toEqual({ value: 'deprecated', label: 'Deprecated' });
      expect((await read(`/v4/api/ipam/vlans/?vid=701`)).results[0].status.value).toBe('deprecated');
      expect((await createOne(t, '/v4/api/ipam/vlans/', { vid: 702, name: 'default' })).status).toEqual({ value: 'active', label: 'Active' });
      expect(await ids('/v4/api/ipam/vlans/?status=reserved&vid__gte=700')).toEqual([reserved.body.id]);
      expect(await ids('/v4/api/ipam/vlans/?status__n=active&vid__gte=700')).toEqual([reserved.body.id, old.id]);
      expect(await ids('/api/ipam/vlans/?status=2&vid__gte=700')).toEqual([reserved.body.id]);
      expect(await ids('/api/ipam/vlans/?status=reserved&vid__gte=700')).toEqual([reserved.body.id]);
    });

    it("describes the status with each generation's values in its schema and OPTIONS", async () => {
      const choices = async (base: string) => (await t.options(`${base}/ipam/vlans/`).expect(200)).body.actions.POST.status.choices.map((c: Json) => c.value);
      expect(await choices('/v4/api')).toEqual(['active', 'reserved', 'deprecated']);
      expect(await choices('/api')).toEqual([1, 2, 3]);
      const schema = await read('/v4/api/schema/?format=json');
      expect(schema.components.schemas.WritableVLANRequest.properties.status.enum).toEqual(['active', 'reserved', 'deprecated']);
      expect(schema.components.schemas.VLAN.properties.status.properties.value.enum).toEqual(['active', 'reserved', 'deprecated']);
      const filter = schema.paths['/v4/api/ipam/vlans/'].get.parameters.find((p: Json) => p.name === 'status');
      expect(filter.schema.items.enum).toEqual(['active', 'reserved', 'deprecated']);
      expect((await read('/api/schema/?format=json')).components.schemas.WritableVLANRequest.properties.status.enum).toEqual([1, 2, 3]);
    });

    it("refuses the spec's integers on /v4 as NetBox 4.6 refuses an unknown choice, writing nothing", async () => {
      const before = await count('/api/ipam/vlans/');
      expect(await refused('post', '/v4/api/ipam/vlans/', { vid: 710, name: 'int', status: 2 })).toEqual({ status: ['"2" is not a valid choice.'] });
      expect(await refused('post', '/v4/api/ipam/vlans/', { vid: 710, name: 'bad', status: 'gone' })).toEqual({ status: ['"gone" is not a valid choice.'] });
      expect(await count('/api/ipam/vlans/')).toBe(before);
      const res = await t.get('/v4/api/ipam/vlans/?status=2');
      expectStatus(res, 400);
      expect(res.body).toEqual({ status: ['Select a valid choice. 2 is not one of the available choices.'] });
      const vlan = await createOne(t, '/api/ipam/vlans/', { vid: 711, name: 'kept', status: 1 });
      expect(await refused('patch', `/v4/api/ipam/vlans/${vlan.id}/`, { status: 3 })).toEqual({ status: ['"3" is not a valid choice.'] });
      expect((await read(`/api/ipam/vlans/${vlan.id}/`)).status.value).toBe(1);
    });
  });

  describe('service parents', () => {
    it("writes a parent through 4.x and reads 3.5's device or virtual machine, and back", async () => {
      const created = await t.post('/v4/api/ipam/services/', { parent_object_type: 'dcim.device', parent_object_id: device.id, name: 'SSH', ports: [22], protocol: 'tcp' });
      expectStatus(created, 201);
      expect(Object.keys(created.body)).toEqual([
        'id', 'url', 'display_url', 'display', 'parent_object_type', 'parent_object_id', 'parent', 'name', 'protocol', 'ports', 'ipaddresses', 'description', 'owner',
        'comments', 'tags', 'custom_fields', 'created', 'last_updated',
      ]);
      expect(created.body).toMatchObject({ display: 'SSH (TCP/22)', parent_object_type: 'dcim.device', parent_object_id: device.id, parent: { id: device.id, name: 'leaf1' } });
      const old = await read(`/api/ipam/services/${created.body.id}/`);
      expect(old).toMatchObject({ device: { id: device.id, name: 'leaf1' }, virtual_machine: null });
      for (const key of ['parent_object_type', 'parent_object_id', 'parent']) expect(old).not.toHaveProperty(key);
      const dns = await createOne(t, '/api/ipam/services/', { virtual_machine: vm.id, name: 'DNS', ports: [53], protocol: 'udp' });
      expect(await read(`/v4/api/ipam/services/${dns.id}/`)).toMatchObject({
        parent_object_type: 'virtualization.virtualmachine', parent_object_id: vm.id, parent: { id: vm.id, name: 'vm1' },
      });
      // Moved by 3.5 to the device, it is the device's in 4.x.
      expectStatus(await t.patch(`/api/ipam/services/${dns.id}/`, { virtual_machine: null, device: device.id }), 200);
      expect(await read(`/v4/api/ipam/services/${dns.id}/`)).toMatchObject({ parent_object_type: 'dcim.device', parent_object_id: device.id });
      // Its change record, in each generation's words.
      const changes = `object-changes/?changed_object_type=ipam.service&changed_object_id=${dns.id}&action=update`;
      const [old35] = (await read(`/api/extras/${changes}`)).results;
      expect(old35.prechange_data).toMatchObject({ device: null, virtual_machine: vm.id });
      expect(old35.postchange_data).toMatchObject({ device: device.id, virtual_machine: null });
      const [new46] = (await read(`/v4/api/core/${changes}`)).results;
      expect(new46.postchange_data).toMatchObject({ parent_object_type: 'dcim.device', parent_object_id: device.id });
      expect(new46.postchange_data).not.toHaveProperty('device');
    });

    it("keeps an FHRP group's service (4.6) when 3.5 writes back the nothing it reads, and filters parents in each generation's words", async () => {
      const fhrp = await createOne(t, '/api/ipam/fhrp-groups/', { protocol: 'vrrp2', group_id: 7, name: 'gateway' });
      const vrrp = await createOne(t, '/v4/api/ipam/services/', { parent_object_type: 'ipam.fhrpgroup', parent_object_id: fhrp.id, name: 'VRRP', ports: [112], protocol: 'udp' });
      const old = await read(`/api/ipam/services/${vrrp.id}/`);
      expect(old).toMatchObject({ device: null, virtual_machine: null });
      expectStatus(await t.put(`/api/ipam/services/${vrrp.id}/`, { device: null, virtual_machine: null, name: 'VRRP', ports: [112], protocol: 'udp' }), 200);
      expect((await read(`/v4/api/ipam/services/${vrrp.id}/`)).parent).toMatchObject({ id: fhrp.id, group_id: 7 });
      expect(await ids(`/v4/api/ipam/services/?fhrpgroup_id=${fhrp.id}`)).toEqual([vrrp.id]);
      expect(await ids(`/v4/api/ipam/services/?fhrpgroup=gateway`)).toEqual([vrrp.id]);
      expect(await ids(`/v4/api/ipam/services/?parent_object_type=ipam.fhrpgroup`)).toEqual([vrrp.id]);
      expect(await ids(`/v4/api/ipam/services/?device_id=${device.id}&name=VRRP`)).toEqual([]);
      expect(await ids(`/api/ipam/services/?device_id=null&virtual_machine_id=null`)).toEqual([vrrp.id]);
      // 3.5 refuses a name that is no device's; 4.6 finds nothing.
      expect((await t.get('/api/ipam/services/?device=nowhere')).status).toBe(400);
      expect(await ids('/v4/api/ipam/services/?device=nowhere')).toEqual([]);
      expect(await ids('/v4/api/ipam/services/?device_id=99999999999')).toEqual([]);
      expect((await t.get('/api/ipam/services/?device_id=99999999999')).body).toEqual({ device_id: ['Select a valid choice. 99999999999 is not one of the available choices.'] });
      const ip = await createOne(t, '/api/ipam/ip-addresses/', { address: '192.0.2.112/24' });
      expectStatus(await t.patch(`/v4/api/ipam/services/${vrrp.id}/`, { ipaddresses: [ip.id] }), 200);
      expect(await ids(`/v4/api/ipam/services/?ip_address_id=${ip.id}`)).toEqual([vrrp.id]);
      expect(await ids(`/api/ipam/services/?ipaddress_id=${ip.id}`)).toEqual([vrrp.id]);
      expectStatus(await t.delete(`/api/ipam/fhrp-groups/${fhrp.id}/`), 204);
      expect((await t.get(`/api/ipam/services/${vrrp.id}/`)).status).toBe(404);
    });

    it('refuses a parent of a type services do not take, or none, in each generation\'s words, writing nothing', async () => {
      const before = await count('/api/ipam/services/');
      const http = { name: 'HTTP', ports: [80], protocol: 'tcp' };
      expect(await refused('post', '/v4/api/ipam/services/', { ...http, parent_object_type: 'dcim.site', parent_object_id: site.id })).toEqual({
        parent_object_type: ['Invalid content type: dcim.site'],
      });
      expect(await refused('post', '/v4/api/ipam/services/', http)).toEqual({
        parent_object_type: ['This field is required.'],
        parent_object_id: ['This field is required.'],
      });
      expect(await refused('post', '/v4/api/ipam/services/', { ...http, parent_object_type: 'dcim.device', parent_object_id: 999999 })).toEqual({
        non_field_errors: ['Invalid parent: dcim.device ID 999999'],
      });
      expect(await refused('post', '/api/ipam/services/', { ...http, device: device.id, virtual_machine: vm.id })).toEqual({
        __all__: ['A service cannot be associated with both a device and a virtual machine.'],
      });
      expect(await refused('post', '/api/ipam/services/', http)).toEqual({ __all__: ['A service must be associated with either a device or a virtual machine.'] });
      expect(await refused('post', '/api/ipam/services/', { ...http, device: { name: 'nowhere' } })).toEqual({
        device: ["Related object not found using the provided attributes: {'name': 'nowhere'}"],
      });
      expect(await count('/api/ipam/services/')).toBe(before);
      const byName = await createOne(t, '/api/ipam/services/', { ...http, device: { name: 'leaf1' } });
      expect(byName.device).toMatchObject({ id: device.id });
    });

    it('lists services with their parents in as many statements for a long page as for a short one', async () => {
      const bodies = Array.from({ length: 30 }, (_, i) => ({ [i % 2 ? 'device' : 'virtual_machine']: i % 2 ? device.id : vm.id, name: `svc-${i}`, ports: [2000 + i], protocol: 'tcp' }));
      expectStatus(await t.post('/api/ipam/services/', bodies), 201);
      for (const base of ['/api', '/v4/api']) {
        const few = await pageStatements(t, () => t.get(`${base}/ipam/services/?limit=2`).expect(200));
        const many = await pageStatements(t, () => t.get(`${base}/ipam/services/?limit=30`).expect(200));
        expect(many).toBe(few);
      }
    });
  });

  describe('contact groups', () => {
    let noc: Json;
    let apac: Json;
    let emea: Json;

    beforeAll(async () => {
      noc = await named('/api/tenancy/contact-groups/', 'NOC');
      emea = await createOne(t, '/api/tenancy/contact-groups/', { name: 'EMEA', slug: 'emea', parent: noc.id });
      apac = await createOne(t, '/api/tenancy/contact-groups/', { name: 'APAC', slug: 'apac', parent: noc.id });
    });

    it("writes groups through 4.x and reads the first, as NetBox lists them, as 3.5's group", async () => {
      const created = await t.post('/v4/api/tenancy/contacts/', { name: 'Alice', groups: [emea.id, apac.id] });
      expectStatus(created, 201);
      expect(created.body.groups.map((g: Json) => g.name)).toEqual(['APAC', 'EMEA']);
      expect(created.body).not.toHaveProperty('group');
      const old = await read(`/api/tenancy/contacts/${created.body.id}/`);
      expect(old.group).toMatchObject({ id: apac.id, name: 'APAC', _depth: 1 });
      expect(old).not.toHaveProperty('groups');
      // 3.5 filters by its group, the first; 4.3 by any of them; both take the groups below one named.
      expect(await ids(`/api/tenancy/contacts/?group=apac`)).toEqual([created.body.id]);
      expect(await ids(`/api/tenancy/contacts/?group=emea`)).toEqual([]);
      expect(await ids(`/api/tenancy/contacts/?group_id=${noc.id}`)).toEqual([created.body.id]);
      const unknown = ['Select a valid choice. 99999999999 is not one of the available choices.'];
      expect((await t.get('/api/tenancy/contacts/?group_id=99999999999')).body).toEqual({ group_id: unknown });
      const v4 = await t.get('/v4/api/tenancy/contacts/?group_id=99999999999');
      expectStatus(v4, 400);
      expect(Object.values(v4.body)).toEqual([unknown]);
      expect((await t.get('/api/dcim/sites/?contact_group=99999999999')).status).toBe(400);
      expect(await ids(`/v4/api/tenancy/contacts/?group=emea`)).toEqual([created.body.id]);
      expect(await ids(`/v4/api/tenancy/contacts/?group_id=${noc.id}`)).toEqual([created.body.id]);
      // 4.x filters contacts by description; 3.5 ignores the filter.
      expectStatus(await t.patch(`/v4/api/tenancy/contacts/${created.body.id}/`, { description: 'on call' }), 200);
      expect(await ids('/v4/api/tenancy/contacts/?description__ic=call')).toEqual([created.body.id]);
      expect(await count('/api/tenancy/contacts/?description__ic=call')).toBe(await count('/api/tenancy/contacts/'));
      expect((await read(`/api/tenancy/contact-groups/${noc.id}/`)).contact_count).toBe(1);
      expect((await read(`/v4/api/tenancy/contact-groups/${emea.id}/`)).contact_count).toBe(1);
    });

    it("writes 3.5's group as the only group (unless it is the first, written back as read), and records both forms", async () => {
      const contact = await createOne(t, '/v4/api/tenancy/contacts/', { name: 'Bob', groups: [emea.id, apac.id] });
      expectStatus(await t.put(`/api/tenancy/contacts/${contact.id}/`, { name: 'Bob', group: apac.id }), 200);
      expect((await read(`/v4/api/tenancy/contacts/${contact.id}/`)).groups.map((g: Json) => g.id)).toEqual([apac.id, emea.id]);
      expectStatus(await t.patch(`/api/tenancy/contacts/${contact.id}/`, { group: emea.id }), 200);
      expect((await read(`/v4/api/tenancy/contacts/${contact.id}/`)).groups.map((g: Json) => g.id)).toEqual([emea.id]);
      const changes = `object-changes/?changed_object_type=tenancy.contact&changed_object_id=${contact.id}&action=update&limit=1`;
      const [old35] = (await read(`/api/extras/${changes}`)).results;
      expect([old35.prechange_data.group, old35.postchange_data.group]).toEqual([apac.id, emea.id]);
      const [new46] = (await read(`/v4/api/core/${changes}`)).results;
      expect([new46.prechange_data.groups, new46.postchange_data.groups]).toEqual([[emea.id, apac.id].sort((a, b) => a - b), [emea.id]]);
      expectStatus(await t.patch(`/api/tenancy/contacts/${contact.id}/`, { group: null }), 200);
      expect((await read(`/v4/api/tenancy/contacts/${contact.id}/`)).groups).toEqual([]);
      expect(await ids(`/api/tenancy/contacts/?group_id=null&id=${contact.id}`)).toEqual([contact.id]);
      const carol = await createOne(t, '/api/tenancy/contacts/', { name: 'Carol', group: { slug: 'apac' } });
      expect((await read(`/v4/api/tenancy/contacts/${carol.id}/`)).groups.map((g: Json) => g.id)).toEqual([apac.id]);
    });

    it("refuses a group that is not there, and 3.5's second contact of a name in a group, writing nothing", async () => {
      const before = await count('/api/tenancy/contacts/');
      expect(await refused('post', '/api/tenancy/contacts/', { name: 'Dave', group: 999999 })).toEqual({ group: ['Related object not found using the provided numeric ID: 999999'] });
      expect(await refused('post', '/api/tenancy/contacts/', { name: 'Dave', group: 99999999999 })).toEqual({ group: ['Related object not found using the provided numeric ID: 99999999999'] });
      expect(await refused('post', '/v4/api/tenancy/contacts/', { name: 'Dave', groups: [999999] })).toEqual({ groups: ['Related object not found using the provided numeric ID: 999999'] });
      await createOne(t, '/api/tenancy/contacts/', { name: 'Erin', group: emea.id });
      expect(await refused('post', '/api/tenancy/contacts/', { name: 'Erin', group: emea.id })).toEqual({ __all__: ['Contact with this Group and Name already exists.'] });
      expect(await count('/api/tenancy/contacts/')).toBe(before + 1);
      // 4.3 dropped the rule with the single group.
      await createOne(t, '/v4/api/tenancy/contacts/', { name: 'Erin', groups: [emea.id] });
    });

    it('lists contacts with their groups in as many statements for a long page as for a short one', async () => {
      const groups = [noc.id, emea.id, apac.id];
      expectStatus(await t.post('/v4/api/tenancy/contacts/', Array.from({ length: 20 }, (_, i) => ({ name: `bulk-${i}`, groups: [groups[i % 3]] }))), 201);
      for (const base of ['/api', '/v4/api']) {
        const few = await pageStatements(t, () => t.get(`${base}/tenancy/contacts/?limit=2`).expect(200));
        const many = await pageStatements(t, () => t.get(`${base}/tenancy/contacts/?limit=20`).expect(200));
        expect(many).toBe(few);
      }
    });
  });

  it("answers 3.5's GraphQL with a service's device and a contact's group as objects", async () => {
    const group = await named('/api/tenancy/contact-groups/', 'Graph');
    const contact = await createOne(t, '/v4/api/tenancy/contacts/', { name: 'Grace', groups: [group.id] });
    const service = await createOne(t, '/v4/api/ipam/services/', { parent_object_type: 'dcim.device', parent_object_id: device.id, name: 'NTP', ports: [123], protocol: 'udp' });
    const query = `{ contact(id: ${contact.id}) { group { name } } contact_group(id: ${group.id}) { contacts { name } } service(id: ${service.id}) { device { name } virtual_machine { name } } }`;
    const res = await t.post('/graphql/', { query });
    expectStatus(res, 200);
    expect(res.body).toEqual({
      data: { contact: { group: { name: group.name } }, contact_group: { contacts: [{ name: 'Grace' }] }, service: { device: { name: 'leaf1' }, virtual_machine: null } },
    });
    expect((await t.post('/graphql/', { query: `{ device(id: ${device.id}) { services { name } } }` })).body.data.device.services.map((s: Json) => s.name)).toContain('NTP');
  });
});

function slugged(prefix: string): Json {
  const name = unique(prefix);
  return { name, slug: slugify(name) };
}
