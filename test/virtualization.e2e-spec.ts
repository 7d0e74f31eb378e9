import { pageStatements } from './helpers/queries';
import { Json, bulkCreate, createOne } from './helpers/seed';
import { TestApp } from './helpers/test-app';

const api = (plural: string) => `/api/virtualization/${plural}/`;
const detail = (plural: string, id: number) => `/api/virtualization/${plural}/${id}/`;
const TIMES = ['tags', 'custom_fields', 'created', 'last_updated'];

describe('virtualization', () => {
  let t: TestApp;
  let ams: Json;
  let rtm: Json;
  let kvm: Json;
  let prod: Json;
  let cluster: Json;
  let host: Json;
  const make = (plural: string, body: Json) => createOne(t, api(plural), body);
  const refused = async (plural: string, body: Json) => {
    const res = await t.post(api(plural), body);
    expect(res.status).toBe(400);
    return res.body;
  };
  const names = async (plural: string, query: string) => (await t.get(`${api(plural)}?${query}&limit=0`)).body.results.map((o: Json) => o.name);

  beforeAll(async () => {
    t = await TestApp.start();
    const europe = await createOne(t, '/api/dcim/regions/', { name: 'Europe', slug: 'europe' });
    ams = await createOne(t, '/api/dcim/sites/', { name: 'Amsterdam', slug: 'ams', region: europe.id });
    rtm = await createOne(t, '/api/dcim/sites/', { name: 'Rotterdam', slug: 'rtm' });
    kvm = await make('cluster-types', { name: 'KVM', slug: 'kvm' });
    prod = await make('cluster-groups', { name: 'Production', slug: 'production' });
    cluster = await make('clusters', { name: 'ams-kvm-1', type: kvm.id, group: prod.id, site: ams.id });
    const maker = await createOne(t, '/api/dcim/manufacturers/', { name: 'Dell', slug: 'dell' });
    const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: 'R650', slug: 'r650' });
    const role = await createOne(t, '/api/dcim/device-roles/', { name: 'Hypervisor', slug: 'hypervisor' });
    host = await createOne(t, '/api/dcim/devices/', { name: 'hv1', device_type: type.id, device_role: role.id, site: ams.id, cluster: cluster.id });
  });
  afterAll(() => t.close());

  it('reads cluster types, groups and clusters with their counts', async () => {
    expect(Object.keys(kvm)).toEqual(['id', 'url', 'display', 'name', 'slug', 'description', ...TIMES, 'cluster_count']);
    expect(Object.keys(cluster)).toEqual([
      'id', 'url', 'display', 'name', 'type', 'group', 'status', 'tenant', 'site', 'description', 'comments', ...TIMES, 'device_count', 'virtualmachine_count',
    ]);
    expect(cluster).toMatchObject({ status: { value: 'active', label: 'Active' }, type: { id: kvm.id, slug: 'kvm' }, group: { id: prod.id } });
    // Nested, the type has no cluster_count: NetBox annotates it only on the cluster types' own endpoint.
    expect(cluster.type).not.toHaveProperty('cluster_count');
    expect((await t.get(`${detail('cluster-types', kvm.id)}?brief=1`)).body.cluster_count).toBe(1);
    expect((await t.get(detail('clusters', cluster.id))).body).toMatchObject({ device_count: 1, virtualmachine_count: 0 });
    expect((await t.get(`${detail('clusters', cluster.id)}?brief=1`)).body).toEqual({
      id: cluster.id, url: cluster.url, display: 'ams-kvm-1', name: 'ams-kvm-1', virtualmachine_count: 0,
    });
    expect((await t.get(`${detail('cluster-groups', prod.id)}?brief=1`)).body).toEqual({
      id: prod.id, url: prod.url, display: 'Production', name: 'Production', slug: 'production', cluster_count: 1,
    });
    expect(await refused('clusters', { name: 'ams-kvm-1', type: kvm.id, group: prod.id })).toEqual({
      __all__: ['Cluster with this Group and Name already exists.'],
    });
    expect((await t.patch(detail('clusters', cluster.id), { site: rtm.id })).body).toEqual({
      site: ['1 devices are assigned as hosts for this cluster but are not in site Rotterdam'],
    });
    expect(await names('clusters', 'region=europe')).toEqual(['ams-kvm-1']);
    expect(await names('clusters', 'type=kvm&group_id=' + prod.id)).toEqual(['ams-kvm-1']);
  });

  it('keeps a host device in its cluster\'s site', async () => {
    expect((await t.patch(`/api/dcim/devices/${host.id}/`, { site: rtm.id })).body).toEqual({ cluster: ['The assigned cluster belongs to a different site (Amsterdam)'] });
    expect((await t.get(`/api/dcim/devices/?cluster_id=${cluster.id}`)).body.results.map((d: Json) => d.name)).toEqual(['hv1']);
  });

  it('places virtual machines in a site and/or cluster, on a host of that cluster, uniquely named', async () => {
    const vm = await make('virtual-machines', { name: 'web01', cluster: cluster.id, device: host.id, vcpus: 2.5, memory: 4096, disk: 40 });
    expect(Object.keys(vm)).toEqual([
      'id', 'url', 'display', 'name', 'status', 'site', 'cluster', 'device', 'role', 'tenant', 'platform', 'primary_ip', 'primary_ip4', 'primary_ip6',
      'vcpus', 'memory', 'disk', 'description', 'comments', 'local_context_data', ...TIMES.slice(0, 2), 'config_context', ...TIMES.slice(2),
    ]);
    // The site comes from the cluster, as NetBox's save() sets it.
    expect(vm).toMatchObject({ site: { id: ams.id }, cluster: { id: cluster.id }, device: { id: host.id }, status: { value: 'active', label: 'Active' }, vcpus: 2.5 });
    expect((await t.get(`${detail('virtual-machines', vm.id)}?brief=1`)).body).toEqual({ id: vm.id, url: vm.url, display: 'web01', name: 'web01' });
    expect(await refused('virtual-machines', { name: 'x' })).toEqual({ cluster: ['A virtual machine must be assigned to a site and/or cluster.'] });
    expect(await refused('virtual-machines', { name: 'x', cluster: cluster.id, site: rtm.id })).toEqual({
      cluster: ['The selected cluster (ams-kvm-1) is not assigned to this site (Rotterdam).'],
    });
    expect(await refused('virtual-machines', { name: 'x', site: ams.id, device: host.id })).toEqual({ device: ['Must specify a cluster when assigning a host device.'] });
    const other = await make('clusters', { name: 'other', type: kvm.id });
    expect(await refused('virtual-machines', { name: 'x', cluster: other.id, device: host.id })).toEqual({
      device: ['The selected device (hv1) is not assigned to this cluster (other).'],
    });
    expect(await refused('virtual-machines', { name: 'WEB01', cluster: cluster.id })).toEqual({ __all__: ['Virtual machine name must be unique per cluster.'] });
    await make('virtual-machines', { name: 'web01', cluster: other.id });
    expect(await refused('virtual-machines', { name: 'x', site: ams.id, vcpus: 'many' })).toEqual({ vcpus: ['A valid number is required.'] });
    expect((await t.get(detail('clusters', cluster.id))).body.virtualmachine_count).toBe(1);
    expect((await t.get(`/api/dcim/sites/${ams.id}/`)).body.virtualmachine_count).toBe(1);
  });

  it('gives VM interfaces their VM\'s rules: parent and bridge on the same VM, VLANs of its site, normalised MACs', async () => {
    const vm = await make('virtual-machines', { name: 'db01', cluster: cluster.id });
    const other = await make('virtual-machines', { name: 'db02', cluster: cluster.id });
    const eth0 = await make('interfaces', { virtual_machine: vm.id, name: 'eth0', mac_address: '00-1a-2b-3c-4d-5e', mtu: 9000 });
    expect(Object.keys(eth0)).toEqual([
      'id', 'url', 'display', 'virtual_machine', 'name', 'enabled', 'parent', 'bridge', 'mtu', 'mac_address', 'description', 'mode', 'untagged_vlan',
      'tagged_vlans', 'vrf', 'l2vpn_termination', ...TIMES, 'count_ipaddresses', 'count_fhrp_groups',
    ]);
    expect(eth0).toMatchObject({ mac_address: '00:1A:2B:3C:4D:5E', enabled: true, mode: null, count_ipaddresses: 0, l2vpn_termination: null });
    expect((await t.get(`${detail('interfaces', eth0.id)}?brief=1`)).body).toEqual({
      id: eth0.id, url: eth0.url, display: 'eth0', virtual_machine: { id: vm.id, url: vm.url, display: 'db01', name: 'db01' }, name: 'eth0',
    });
    const foreign = await make('interfaces', { virtual_machine: other.id, name: 'eth0' });
    expect(await refused('interfaces', { virtual_machine: vm.id, name: 'eth0.10', parent: foreign.id })).toEqual({
      parent: ['The selected parent interface (eth0) belongs to a different virtual machine (db02).'],
    });
    expect(await refused('interfaces', { virtual_machine: vm.id, name: 'eth0' })).toEqual({ __all__: ['Interface with this Virtual machine and Name already exists.'] });
    expect(await refused('interfaces', { virtual_machine: vm.id, name: 'x', mac_address: 'nope' })).toEqual({ mac_address: ['Invalid MAC address format: nope'] });
    expect((await t.patch(detail('interfaces', eth0.id), { bridge: eth0.id })).body).toEqual({ bridge: ['An interface cannot be bridged to itself.'] });
    const remote = await createOne(t, '/api/ipam/vlans/', { vid: 10, name: 'remote', site: rtm.id });
    const local = await createOne(t, '/api/ipam/vlans/', { vid: 20, name: 'local', site: ams.id });
    expect((await t.patch(detail('interfaces', eth0.id), { mode: 'access', untagged_vlan: remote.id })).body).toEqual({
      untagged_vlan: ["The untagged VLAN (remote (10)) must belong to the same site as the interface's parent virtual machine, or it must be global."],
    });
    expect((await t.patch(detail('interfaces', eth0.id), { mode: 'tagged', tagged_vlans: [local.id, remote.id] })).body).toEqual({
      tagged_vlans: ["VLAN remote (10) must belong to the same site as the interface's parent virtual machine, or it must be global."],
    });
    const global = await createOne(t, '/api/ipam/vlans/', { vid: 5, name: 'global' });
    const trunk = await t.patch(detail('interfaces', eth0.id), { mode: 'tagged', untagged_vlan: local.id, tagged_vlans: [local.id, global.id] });
    // VLANs of a site first, then global ones, as VLANs sort.
    expect(trunk.body.tagged_vlans.map((v: Json) => v.vid)).toEqual([20, 5]);
    const plain = await t.patch(detail('interfaces', eth0.id), { mode: '' });
    expect(plain.body).toMatchObject({ mode: null, untagged_vlan: null, tagged_vlans: [] });
    expect((await t.get(`${api('interfaces')}?mac_address=001a.2b3c.4d5e`)).body.results.map((i: Json) => i.id)).toEqual([eth0.id]);
    expect((await t.get(`${api('interfaces')}?cluster=ams-kvm-1&virtual_machine_id=${vm.id}`)).body.results.map((i: Json) => i.name)).toEqual(['eth0']);
    expect(await names('virtual-machines', 'mac_address=00:1a:2b:3c:4d:5e')).toEqual(['db01']);
  });

  it('assigns addresses to VM interfaces and takes the VM\'s primary addresses from them', async () => {
    const vm = await make('virtual-machines', { name: 'app01', cluster: cluster.id });
    const stranger = await make('virtual-machines', { name: 'app02', cluster: cluster.id });
    const eth0 = await make('interfaces', { virtual_machine: vm.id, name: 'eth0' });
    const v4 = await createOne(t, '/api/ipam/ip-addresses/', { address: '10.10.0.5/24', assigned_object_type: 'virtualization.vminterface', assigned_object_id: eth0.id });
    const v6 = await createOne(t, '/api/ipam/ip-addresses/', { address: '2001:db8:10::5/64', assigned_object_type: 'virtualization.vminterface', assigned_object_id: eth0.id });
    expect(v4.assigned_object).toEqual({
      id: eth0.id, url: eth0.url, display: 'eth0', virtual_machine: { id: vm.id, url: vm.url, display: 'app01', name: 'app01' }, name: 'eth0',
    });
    expect((await t.get(detail('interfaces', eth0.id))).body.count_ipaddresses).toBe(2);
    expect((await t.patch(detail('virtual-machines', vm.id), { primary_ip4: v6.id })).body).toEqual({
      primary_ip4: ['Must be an IPv4 address. (2001:db8:10::5/64 is an IPv6 address.)'],
    });
    expect((await t.patch(detail('virtual-machines', stranger.id), { primary_ip4: v4.id })).body).toEqual({
      primary_ip4: ['The specified IP address (10.10.0.5/24) is not assigned to this VM.'],
    });
    const both = (await t.patch(detail('virtual-machines', vm.id), { primary_ip4: v4.id, primary_ip6: v6.id })).body;
    expect(both).toMatchObject({ primary_ip: { id: v6.id }, primary_ip4: { id: v4.id, family: 4 } });
    expect((await t.patch(`/api/ipam/ip-addresses/${v4.id}/`, { assigned_object_type: null, assigned_object_id: null })).body).toEqual({
      __all__: ['Cannot reassign IP address while it is designated as the primary IP for the parent object'],
    });
    const addresses = async (query: string) => (await t.get(`/api/ipam/ip-addresses/?${query}`)).body.results.map((a: Json) => a.address);
    expect(await addresses('virtual_machine=app01')).toEqual(['10.10.0.5/24', '2001:db8:10::5/64']);
    expect(await addresses(`virtual_machine_id=${vm.id}&family=4`)).toEqual(['10.10.0.5/24']);
    expect(await addresses(`vminterface_id=${eth0.id}`)).toEqual(['10.10.0.5/24', '2001:db8:10::5/64']);
    expect(await addresses('assigned_to_interface=true&parent=10.10.0.0/16')).toEqual(['10.10.0.5/24']);
    expect(await names('virtual-machines', `has_primary_ip=true&cluster_id=${cluster.id}`)).toEqual(['app01']);
    expect(await names('virtual-machines', 'q=2001:db8:10::')).toEqual(['app01']);
    // FHRP groups and L2VPNs reach VM interfaces too.
    const group = await createOne(t, '/api/ipam/fhrp-groups/', { protocol: 'vrrp2', group_id: 7 });
    const assignment = await createOne(t, '/api/ipam/fhrp-group-assignments/', { group: group.id, interface_type: 'virtualization.vminterface', interface_id: eth0.id, priority: 100 });
    expect(assignment.interface).toMatchObject({ id: eth0.id, name: 'eth0', virtual_machine: { id: vm.id } });
    expect((await t.get(`/api/ipam/fhrp-group-assignments/?virtual_machine=app01`)).body.results.map((a: Json) => a.id)).toEqual([assignment.id]);
    expect((await t.get(detail('interfaces', eth0.id))).body.count_fhrp_groups).toBe(1);
    const l2vpn = await createOne(t, '/api/ipam/l2vpns/', { name: 'Metro', slug: 'metro', type: 'vxlan', identifier: 5001 });
    const termination = await createOne(t, '/api/ipam/l2vpn-terminations/', { l2vpn: l2vpn.id, assigned_object_type: 'virtualization.vminterface', assigned_object_id: eth0.id });
    expect((await t.get(`/api/ipam/l2vpn-terminations/?virtual_machine_id=${vm.id}`)).body.results.map((x: Json) => x.id)).toEqual([termination.id]);
    expect((await t.get(`/api/ipam/l2vpn-terminations/?vminterface=eth0`)).body.results.map((x: Json) => x.id)).toEqual([termination.id]);
    expect((await t.get(detail('interfaces', eth0.id))).body.l2vpn_termination).toMatchObject({ id: termination.id });
    expect((await t.get(`${api('interfaces')}?l2vpn=5001`)).body.results.map((i: Json) => i.id)).toEqual([eth0.id]);
    // VLANs a VM may carry: its cluster's, its site's (and their groups'), and global ones.
    const scoped = await createOne(t, '/api/ipam/vlan-groups/', { name: 'kvm vlans', slug: 'kvm-vlans', scope_type: 'virtualization.cluster', scope_id: cluster.id });
    const elsewhere = await createOne(t, '/api/ipam/vlan-groups/', { name: 'rtm vlans', slug: 'rtm-vlans', scope_type: 'dcim.site', scope_id: rtm.id });
    await createOne(t, '/api/ipam/vlans/', { vid: 3001, name: 'cluster', group: scoped.id });
    await createOne(t, '/api/ipam/vlans/', { vid: 3002, name: 'rotterdam', group: elsewhere.id });
    await createOne(t, '/api/ipam/vlans/', { vid: 3003, name: 'amsterdam', site: ams.id });
    await createOne(t, '/api/ipam/vlans/', { vid: 3004, name: 'anywhere' });
    const vids = (await t.get(`/api/ipam/vlans/?available_on_virtualmachine=${vm.id}&vid__gte=3000`)).body.results.map((v: Json) => v.vid);
    expect(vids.sort()).toEqual([3001, 3003, 3004]);
  });

  it('renders config contexts chosen by cluster, and filters machines by cluster group, type, region and name', async () => {
    await createOne(t, '/api/extras/config-contexts/', { name: 'kvm-defaults', weight: 100, cluster_types: [kvm.id], data: { hypervisor: 'kvm' } });
    await createOne(t, '/api/extras/config-contexts/', { name: 'prod', weight: 200, cluster_groups: [prod.id], data: { tier: 'prod' } });
    const vm = await make('virtual-machines', { name: 'ctx01', cluster: cluster.id, local_context_data: { tier: 'local' } });
    expect(vm.config_context).toEqual({ hypervisor: 'kvm', tier: 'local' });
    expect(Object.keys((await t.get(`${detail('virtual-machines', vm.id)}?exclude=config_context`)).body)).not.toContain('config_context');
    expect(await names('virtual-machines', 'cluster_group=production&name=CTX01')).toEqual(['ctx01']);
    expect(await names('virtual-machines', 'cluster_type=kvm&q=ctx')).toEqual(['ctx01']);
    expect(await names('virtual-machines', 'region=europe&local_context_data=true')).toEqual(['ctx01']);
    expect((await t.get(`/api/dcim/devices/${host.id}/`)).body.config_context).toEqual({ hypervisor: 'kvm', tier: 'prod' });
  });

  it('lists many machines and interfaces in a fixed number of statements', async () => {
    const bulk = await make('clusters', { name: 'bulk', type: kvm.id, group: prod.id, site: ams.id });
    const vms = await bulkCreate(
      t,
      api('virtual-machines'),
      Array.from({ length: 60 }, (_, i) => ({ name: `bulk${String(i).padStart(2, '0')}`, cluster: bulk.id, status: 'planned', vcpus: 1 })),
    );
    await bulkCreate(t, api('interfaces'), vms.map((vm) => ({ virtual_machine: vm.id, name: 'eth0', mac_address: `00:00:00:00:00:${String(vm.id % 100).padStart(2, '0')}` })));
    const small = await pageStatements(t, () => t.get(`${api('virtual-machines')}?cluster_id=${bulk.id}&limit=2`));
    const all = await pageStatements(t, () => t.get(`${api('virtual-machines')}?cluster_id=${bulk.id}&limit=60`));
    expect(all).toBe(small);
    const smallIfaces = await pageStatements(t, () => t.get(`${api('interfaces')}?cluster_id=${bulk.id}&limit=2`));
    const allIfaces = await pageStatements(t, async () => expect((await t.get(`${api('interfaces')}?cluster_id=${bulk.id}&limit=60`)).body.results).toHaveLength(60));
    expect(allIfaces).toBe(smallIfaces);
  });
});
