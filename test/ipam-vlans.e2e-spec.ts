import { Json, createOne, expectStatus } from './helpers/seed';
import { TestApp } from './helpers/test-app';

const api = (plural: string) => `/api/ipam/${plural}/`;
const detail = (plural: string, id: number) => `/api/ipam/${plural}/${id}/`;
const TIMES = ['tags', 'custom_fields', 'created', 'last_updated'];

describe('ipam VLAN groups and VLANs', () => {
  let t: TestApp;
  let ams: Json;
  let rtm: Json;
  let tenant: Json;
  const make = (plural: string, body: Json) => createOne(t, api(plural), body);
  const vids = async (query: string) => (await t.get(`${api('vlans')}?${query}&limit=0`)).body.results.map((v: Json) => v.vid);

  beforeAll(async () => {
    t = await TestApp.start();
    ams = await createOne(t, '/api/dcim/sites/', { name: 'Amsterdam', slug: 'ams' });
    rtm = await createOne(t, '/api/dcim/sites/', { name: 'Rotterdam', slug: 'rtm' });
    tenant = await createOne(t, '/api/tenancy/tenants/', { name: 'Acme', slug: 'acme' });
  });
  afterAll(() => t.close());

  it('scopes VLAN groups to an object, bounds their VIDs and reports their use', async () => {
    const group = await make('vlan-groups', { name: 'AMS access', slug: 'ams-access', scope_type: 'dcim.site', scope_id: ams.id, min_vid: 100, max_vid: 199 });
    expect(Object.keys(group)).toEqual([
      'id', 'url', 'display', 'name', 'slug', 'scope_type', 'scope_id', 'scope', 'min_vid', 'max_vid', 'description', ...TIMES, 'vlan_count', 'utilization',
    ]);
    expect(group).toMatchObject({ scope_type: 'dcim.site', scope_id: ams.id, scope: { id: ams.id, slug: 'ams' }, vlan_count: 0, utilization: 0 });
    await make('vlans', { vid: 100, name: 'users', group: group.id, site: ams.id });
    const read = (await t.get(detail('vlan-groups', group.id))).body;
    expect(read).toMatchObject({ vlan_count: 1, utilization: 1 });
    expect((await t.get(`${detail('vlan-groups', group.id)}?brief=1`)).body).toEqual({
      id: group.id, url: group.url, display: 'AMS access', name: 'AMS access', slug: 'ams-access', vlan_count: 1,
    });
    expect((await t.post(api('vlan-groups'), { name: 'Bad', slug: 'bad', min_vid: 300, max_vid: 200 })).body).toEqual({
      max_vid: ['Maximum child VID must be greater than or equal to minimum child VID'],
    });
    expect((await t.post(api('vlan-groups'), { name: 'Bad', slug: 'bad', scope_id: ams.id })).body).toEqual({ __all__: ['Cannot set scope_id without scope_type.'] });
    expect((await t.post(api('vlan-groups'), { name: 'Bad', slug: 'bad', scope_type: 'dcim.device', scope_id: 1 })).status).toBe(400);
    // Names are unique within a scope, not across scopes.
    expect((await t.post(api('vlan-groups'), { name: 'AMS access', slug: 'ams-access-2', scope_type: 'dcim.site', scope_id: ams.id })).status).toBe(400);
    await make('vlan-groups', { name: 'AMS access', slug: 'ams-access', scope_type: 'dcim.site', scope_id: rtm.id });
  });

  it('reads VLANs with the spec\'s integer status and display_name, and writes status either way', async () => {
    const vlan = await make('vlans', { vid: 10, name: 'servers', site: ams.id, tenant: tenant.id, status: 'reserved' });
    expect(Object.keys(vlan)).toEqual([
      'id', 'url', 'display', 'site', 'group', 'vid', 'name', 'tenant', 'status', 'role', 'description', 'display_name', 'comments', 'l2vpn_termination',
      ...TIMES, 'prefix_count',
    ]);
    expect(vlan).toMatchObject({ display: 'servers (10)', display_name: 'servers (10)', status: { value: 2, label: 'Reserved' }, group: null });
    const patched = await t.patch(detail('vlans', vlan.id), { status: 3 });
    expect(patched.body.status).toEqual({ value: 3, label: 'Deprecated' });
    expect((await make('vlans', { vid: 11, name: 'default' })).status).toEqual({ value: 1, label: 'Active' });
    expect((await t.get(`${detail('vlans', vlan.id)}?brief=1`)).body).toEqual({
      id: vlan.id, url: vlan.url, display: 'servers (10)', vid: 10, name: 'servers', display_name: 'servers (10)',
    });
    expect((await t.post(api('vlans'), { vid: 4095, name: 'x' })).body).toEqual({ vid: ['Ensure this value is less than or equal to 4094.'] });
    expect((await t.post(api('vlans'), { vid: 0, name: 'x' })).body).toEqual({ vid: ['Ensure this value is greater than or equal to 1.'] });
    expect((await t.post(api('vlans'), { vid: 12, name: 'x', status: 'gone' })).body).toEqual({ status: ['"gone" is not a valid choice.'] });
    expect(await vids('status=deprecated')).toEqual([10]);
    expect(await vids('status=3')).toEqual([10]);
  });

  it('keeps a grouped VLAN inside its group\'s VIDs, scope and uniqueness', async () => {
    const group = await make('vlan-groups', { name: 'Core', slug: 'core', min_vid: 500, max_vid: 599 });
    expect((await t.post(api('vlans'), { vid: 600, name: 'x', group: group.id })).body).toEqual({ vid: ['VID must be between 500 and 599 for VLANs in group Core'] });
    expect((await t.post(api('vlans'), { vid: 500, name: 'x', group: group.id, site: ams.id })).body).toEqual({
      group: ['VLAN is assigned to group Core (scope: None); cannot also assign to site Amsterdam.'],
    });
    await make('vlans', { vid: 500, name: 'core-a', group: group.id });
    expect((await t.post(api('vlans'), { vid: 500, name: 'core-b', group: group.id })).body).toEqual({ __all__: ['VLAN with this Group and ID already exists.'] });
    expect((await t.post(api('vlans'), { vid: 501, name: 'core-a', group: group.id })).body).toEqual({ __all__: ['VLAN with this Group and Name already exists.'] });
    // Ungrouped VLANs may repeat a VID.
    await make('vlans', { vid: 500, name: 'loose-1' });
    await make('vlans', { vid: 500, name: 'loose-2' });
    expect(await vids(`group_id=${group.id}`)).toEqual([500]);
    expect(await vids('group=core')).toEqual([500]);
    expectStatus(await t.delete(detail('vlan-groups', group.id)).then((r) => r), 409);
  });

  it('filters VLANs by site, tenant, role and VID', async () => {
    const role = await make('roles', { name: 'Voice', slug: 'voice' });
    await make('vlans', { vid: 900, name: 'voice', site: rtm.id, role: role.id });
    expect(await vids('site=rtm')).toEqual([900]);
    expect(await vids(`site_id=${rtm.id}`)).toEqual([900]);
    expect(await vids('role=voice')).toEqual([900]);
    expect(await vids('tenant=acme')).toEqual([10]);
    expect(await vids('vid__gte=900')).toEqual([900]);
    expect(await vids('q=voice')).toEqual([900]);
    expect((await t.get(`${detail('roles', role.id)}`)).body.vlan_count).toBe(1);
    expect((await t.get(`/api/dcim/sites/${rtm.id}/`)).body.vlan_count).toBe(1);
  });

  it('gives interfaces VLANs of their device\'s site or global ones, as their mode allows', async () => {
    const maker = await createOne(t, '/api/dcim/manufacturers/', { name: 'Arista', slug: 'arista' });
    const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: '7050', slug: '7050' });
    const devRole = await createOne(t, '/api/dcim/device-roles/', { name: 'Leaf', slug: 'leaf' });
    const leaf = await createOne(t, '/api/dcim/devices/', { name: 'leaf1', device_type: type.id, device_role: devRole.id, site: ams.id });
    const local = await make('vlans', { vid: 20, name: 'local', site: ams.id });
    const global = await make('vlans', { vid: 30, name: 'global' });
    const remote = await make('vlans', { vid: 40, name: 'remote', site: rtm.id });
    const trunk = await createOne(t, '/api/dcim/interfaces/', {
      device: leaf.id, name: 'eth1', type: '10gbase-x-sfpp', mode: 'tagged', untagged_vlan: local.id, tagged_vlans: [local.id, global.id],
    });
    expect(trunk.untagged_vlan).toEqual({ id: local.id, url: local.url, display: 'local (20)', vid: 20, name: 'local', display_name: 'local (20)' });
    expect(trunk.tagged_vlans.map((v: Json) => v.vid)).toEqual([20, 30]);
    const other = await createOne(t, '/api/dcim/interfaces/', { device: leaf.id, name: 'eth2', type: '10gbase-x-sfpp', mode: 'access', untagged_vlan: global.id });
    const carrying = async (query: string) => (await t.get(`/api/dcim/interfaces/?${query}`)).body.results.map((i: Json) => i.name);
    expect(await carrying(`vlan_id=${global.id}`)).toEqual(['eth1', 'eth2']);
    expect(await carrying(`vlan_id=${local.id}`)).toEqual(['eth1']);
    expect(await carrying('vlan=30')).toEqual(['eth1', 'eth2']);
    expect((await t.get('/api/dcim/interfaces/?vlan_id=x')).status).toBe(400);
    expectStatus(await t.delete(`/api/dcim/interfaces/${other.id}/`), 204);
    const remoteTagged = await t.patch(`/api/dcim/interfaces/${trunk.id}/`, { tagged_vlans: [remote.id] });
    expect(remoteTagged.body).toEqual({ tagged_vlans: ["VLAN remote (40) must belong to the same site as the interface's parent device, or it must be global."] });
    const remoteUntagged = await t.patch(`/api/dcim/interfaces/${trunk.id}/`, { untagged_vlan: remote.id });
    expect(remoteUntagged.body).toEqual({
      untagged_vlan: ["The untagged VLAN (remote (40)) must belong to the same site as the interface's parent device, or it must be global."],
    });
    // Access mode keeps the untagged VLAN and drops the tagged ones; no mode drops both.
    const access = (await t.patch(`/api/dcim/interfaces/${trunk.id}/`, { mode: 'access' })).body;
    expect(access.untagged_vlan).toMatchObject({ id: local.id });
    expect(access.tagged_vlans).toEqual([]);
    const none = (await t.patch(`/api/dcim/interfaces/${trunk.id}/`, { mode: '' })).body;
    expect(none).toMatchObject({ mode: null, untagged_vlan: null, tagged_vlans: [] });
    // A VLAN in use by an interface can go: the interface only loses it.
    await t.patch(`/api/dcim/interfaces/${trunk.id}/`, { mode: 'access', untagged_vlan: global.id });
    expectStatus(await t.delete(detail('vlans', global.id)), 204);
    expect((await t.get(`/api/dcim/interfaces/${trunk.id}/`)).body.untagged_vlan).toBeNull();
  });
  it('offers a device the VLANs of groups scoped to it or above it, and filters groups by scope', async () => {
    const europe = await createOne(t, '/api/dcim/regions/', { name: 'Europe', slug: 'europe' });
    const nl = await createOne(t, '/api/dcim/regions/', { name: 'Netherlands', slug: 'nl', parent: europe.id });
    const utrecht = await createOne(t, '/api/dcim/sites/', { name: 'Utrecht', slug: 'utr', region: nl.id });
    const maker = await createOne(t, '/api/dcim/manufacturers/', { name: 'Juniper', slug: 'juniper' });
    const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: 'QFX', slug: 'qfx' });
    const role = await createOne(t, '/api/dcim/device-roles/', { name: 'Spine', slug: 'spine' });
    const spine = await createOne(t, '/api/dcim/devices/', { name: 'spine1', device_type: type.id, device_role: role.id, site: utrecht.id });
    const groups: Record<string, Json> = {};
    for (const [name, scope_type, scope_id] of [
      ['europe', 'dcim.region', europe.id],
      ['nl', 'dcim.region', nl.id],
      ['utrecht', 'dcim.site', utrecht.id],
      ['rotterdam', 'dcim.site', rtm.id],
      ['everywhere', null, null],
    ] as const) {
      groups[name] = await make('vlan-groups', { name, slug: name, scope_type, scope_id });
    }
    let vid = 3000;
    for (const group of Object.values(groups)) await make('vlans', { vid: vid++, name: `in ${group.name}`, group: group.id });
    await make('vlans', { vid: 3100, name: 'utrecht only', site: utrecht.id });
    await make('vlans', { vid: 3101, name: 'rotterdam only', site: rtm.id });
    await make('vlans', { vid: 3102, name: 'anywhere' });
    expect(await vids(`available_on_device=${spine.id}&vid__gte=3000`)).toEqual([3100, 3000, 3004, 3001, 3002, 3102]);
    expect((await t.get(`${api('vlans')}?available_on_device=99999`)).body).toEqual({
      available_on_device: ['Select a valid choice. That choice is not one of the available choices.'],
    });
    const groupNames = async (query: string) => (await t.get(`${api('vlan-groups')}?${query}`)).body.results.map((g: Json) => g.name);
    expect(await groupNames(`region=${nl.id}`)).toEqual(['nl']);
    expect(await groupNames(`site=${utrecht.id}`)).toEqual(['utrecht']);
    expect((await t.get(`${api('vlan-groups')}?site=x`)).body).toEqual({ site: ['Enter a number.'] });
    // `__n` of a filter along a path keeps the objects without a value.
    expect(await vids(`region_id__n=${europe.id}&vid__gte=3100`)).toEqual([3101, 3102]);
    expect(await vids(`region=nl&vid__gte=3100`)).toEqual([3100]);
  });
});
