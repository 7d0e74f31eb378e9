import { TestApp } from './helpers/test-app';
import { Json, createOne, listedIds } from './helpers/seed';

/** IPAM lists filter as NetBox 3.5.9's filter sets, and IPAM objects read as their __str__. */
describe('NetBox filter sets and strings of IPAM', () => {
  let t: TestApp;
  let device: Json;
  let iface: Json;
  const ids = (url: string) => listedIds(t, url);

  beforeAll(async () => {
    t = await TestApp.start();
    const site = await createOne(t, '/api/dcim/sites/', { name: 'IPAM site', slug: 'ipam-site' });
    const maker = await createOne(t, '/api/dcim/manufacturers/', { name: 'IPAM maker', slug: 'ipam-maker' });
    const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: 'IPAM box', slug: 'ipam-box' });
    const role = await createOne(t, '/api/dcim/device-roles/', { name: 'IPAM role', slug: 'ipam-role' });
    device = await createOne(t, '/api/dcim/devices/', { name: 'ipam-dev', device_type: type.id, device_role: role.id, site: site.id });
    iface = await createOne(t, '/api/dcim/interfaces/', { device: device.id, name: 'eth0', type: '1000base-t' });
  });
  afterAll(() => t?.close());

  it("ignores names NetBox's filter sets lack: comments, a role's weight, an address's assigned object id", async () => {
    const role = await createOne(t, '/api/ipam/roles/', { name: 'Weighty', slug: 'weighty', weight: 5 });
    expect(await ids(`/api/ipam/roles/?slug=weighty&weight=999&comments=x`)).toEqual([role.id]);
    const ip = await createOne(t, '/api/ipam/ip-addresses/', { address: '192.0.2.1/24', comments: 'kept', assigned_object_type: 'dcim.interface', assigned_object_id: iface.id });
    expect(await ids(`/api/ipam/ip-addresses/?address=192.0.2.1/24&comments=nothing&assigned_object_id=999`)).toEqual([ip.id]);
    const prefix = await createOne(t, '/api/ipam/prefixes/', { prefix: '192.0.2.0/24', comments: 'kept' });
    expect(await ids('/api/ipam/prefixes/?prefix=192.0.2.0/24&comments__ic=zzz')).toEqual([prefix.id]);
  });

  it('ip addresses: `assigned` (3.5.9) selects addresses assigned to anything, and its negation the rest', async () => {
    const loose = await createOne(t, '/api/ipam/ip-addresses/', { address: '198.51.100.9/24' });
    const bound = await createOne(t, '/api/ipam/ip-addresses/', { address: '198.51.100.10/24', assigned_object_type: 'dcim.interface', assigned_object_id: iface.id });
    expect(await ids('/api/ipam/ip-addresses/?parent=198.51.100.0/24&assigned=true')).toEqual([bound.id]);
    expect(await ids('/api/ipam/ip-addresses/?parent=198.51.100.0/24&assigned=false')).toEqual([loose.id]);
    expect(await ids('/api/ipam/ip-addresses/?parent=198.51.100.0/24&assigned=unknown')).toEqual([loose.id, bound.id]);
  });

  it('content type filters take `app.model` and `__n` only: VLAN group scopes, FHRP interfaces, L2VPN terminations', async () => {
    const site = (await t.get('/api/dcim/sites/?slug=ipam-site')).body.results[0];
    const scoped = await createOne(t, '/api/ipam/vlan-groups/', { name: 'Scoped', slug: 'scoped', scope_type: 'dcim.site', scope_id: site.id });
    const global = await createOne(t, '/api/ipam/vlan-groups/', { name: 'Global', slug: 'global' });
    expect(await ids('/api/ipam/vlan-groups/?scope_type=dcim.site')).toEqual([scoped.id]);
    expect(await ids(`/api/ipam/vlan-groups/?scope_id=${site.id}&slug__isw=scop`)).toEqual([scoped.id]);
    // A text lookup NetBox does not generate is ignored.
    expect((await ids('/api/ipam/vlan-groups/?scope_type__ic=zzz')).sort()).toEqual([scoped.id, global.id].sort());
    const group = await createOne(t, '/api/ipam/fhrp-groups/', { protocol: 'vrrp2', group_id: 10 });
    const assignment = await createOne(t, '/api/ipam/fhrp-group-assignments/', { group: group.id, interface_type: 'dcim.interface', interface_id: iface.id, priority: 100 });
    expect(await ids('/api/ipam/fhrp-group-assignments/?interface_type=dcim.interface')).toEqual([assignment.id]);
    expect(await ids(`/api/ipam/fhrp-group-assignments/?group_id=${group.id}&priority=100`)).toEqual([assignment.id]);
    expect(await ids('/api/ipam/fhrp-group-assignments/?interface_type=virtualization.vminterface')).toEqual([]);
  });

  it("labels FHRP groups by their first address, and their assignments by interface, group and priority", async () => {
    const group = await createOne(t, '/api/ipam/fhrp-groups/', { name: 'gw', protocol: 'hsrp', group_id: 20 });
    expect(group.display).toBe('gw HSRP: 20');
    await createOne(t, '/api/ipam/ip-addresses/', { address: '203.0.113.2/24', assigned_object_type: 'ipam.fhrpgroup', assigned_object_id: group.id });
    await createOne(t, '/api/ipam/ip-addresses/', { address: '203.0.113.1/24', assigned_object_type: 'ipam.fhrpgroup', assigned_object_id: group.id });
    expect((await t.get(`/api/ipam/fhrp-groups/${group.id}/`)).body.display).toBe('gw HSRP: 20 (203.0.113.1/24)');
    const assignment = await createOne(t, '/api/ipam/fhrp-group-assignments/', { group: group.id, interface_type: 'dcim.interface', interface_id: iface.id, priority: 50 });
    expect(assignment.display).toBe('eth0: gw HSRP: 20 (203.0.113.1/24) (50)');
    const change = (await t.get(`/api/extras/object-changes/?changed_object_type=ipam.fhrpgroupassignment&changed_object_id=${assignment.id}`)).body.results[0];
    expect(change.display).toBe('IPAM | FHRP group assignment eth0: gw HSRP: 20 (203.0.113.1/24) (50) created by admin');
  });

  it('labels an L2VPN termination by its object and L2VPN, and filters VLANs by the L2VPN identifier', async () => {
    const l2vpn = await createOne(t, '/api/ipam/l2vpns/', { name: 'Ring', slug: 'ring', type: 'vxlan', identifier: 7000 });
    const vlan = await createOne(t, '/api/ipam/vlans/', { vid: 70, name: 'ring-70' });
    const termination = await createOne(t, '/api/ipam/l2vpn-terminations/', { l2vpn: l2vpn.id, assigned_object_type: 'ipam.vlan', assigned_object_id: vlan.id });
    expect(termination.display).toBe('ring-70 (70) <> Ring (7000)');
    expect(await ids('/api/ipam/l2vpn-terminations/?assigned_object_type=ipam.vlan')).toEqual([termination.id]);
    expect(await ids('/api/ipam/vlans/?l2vpn=7000')).toEqual([vlan.id]);
  });

  it("words duplicates with NetBox's verbose names", async () => {
    const group = await createOne(t, '/api/ipam/vlan-groups/', { name: 'Dup', slug: 'dup' });
    await createOne(t, '/api/ipam/vlans/', { vid: 80, name: 'dup-80', group: group.id });
    expect((await t.post('/api/ipam/vlans/', { vid: 80, name: 'dup-80b', group: group.id })).body).toEqual({ __all__: ['VLAN with this Group and ID already exists.'] });
    await createOne(t, '/api/ipam/vrfs/', { name: 'Dup VRF', rd: '65000:80' });
    expect((await t.post('/api/ipam/vrfs/', { name: 'Dup VRF 2', rd: '65000:80' })).body).toEqual({ rd: ['VRF with this Route distinguisher already exists.'] });
    const rir = await createOne(t, '/api/ipam/rirs/', { name: 'Dup RIR', slug: 'dup-rir' });
    await createOne(t, '/api/ipam/asns/', { asn: 65080, rir: rir.id });
    expect((await t.post('/api/ipam/asns/', { asn: 65080, rir: rir.id })).body).toEqual({ asn: ['ASN with this ASN already exists.'] });
  });
});
