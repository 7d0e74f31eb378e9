import { statementsDuring } from './helpers/queries';
import { Json, bulkCreate, createOne, expectStatus } from './helpers/seed';
import { TestApp } from './helpers/test-app';

jest.setTimeout(120_000);

const dcim = (plural: string) => `/api/dcim/${plural}/`;
const ipam = (plural: string) => `/api/ipam/${plural}/`;
const virtualization = (plural: string) => `/api/virtualization/${plural}/`;
const DEVICES = dcim('devices');
const INTERFACES = dcim('interfaces');
const ADDRESSES = ipam('ip-addresses');
const PREFIXES = ipam('prefixes');
const VLANS = ipam('vlans');

const SITES = 9;
const DEVICES_PER_SITE = 12;
const DEVICE_COUNT = SITES * DEVICES_PER_SITE;
const RACKS_PER_SITE = 3;
const VLAN_VIDS = [10, 20, 30, 40];
const VM_INTERFACES = 6;

const distinct = (values: unknown[]) => new Set(values).size;
const addresses = (body: Json[]) => body.map((a) => a.address);

// The lists a benchmark drives, over a data set where every row, the small page's as well as the large page's, has each
// kind of nested relation populated: a statement run per row shows as a difference, a batch skipped for lack of ids does not.
describe('scenario query counts', () => {
  let t: TestApp;
  let tags: Json[];
  let tenants: Json[];
  let blue: Json;
  let devices: Json[];
  // dev-000 has 20 interfaces and dev-001 2; the other devices of sites 0 and 1 have 4, the rest 1.
  let big: Json;
  let small: Json;
  let crowded: Json;
  let sparse: Json;

  /** The statements of a GET whose answer passes `check`. */
  // Afresh (READ_CACHE off): what a page costs when nothing is remembered. test/counts.e2e-spec.ts covers what remembering saves.
  const cost = async <Body = Json>(url: string, check: (body: Body) => void) => {
    return statementsDuring(t, async () => {
      const res = await t.get(url);
      expectStatus(res, 200);
      check(res.body);
    });
  };
  const results = (length: number) => (body: Json) => expect(body.results).toHaveLength(length);

  beforeAll(async () => {
    t = await TestApp.start({ READ_CACHE: 'false' });
    tags = await bulkCreate(t, '/api/extras/tags/', [
      { name: 'Production', slug: 'production' },
      { name: 'Monitored', slug: 'monitored' },
      { name: 'Core', slug: 'core' },
    ]);
    const tagged = (n: number) => [tags[n % 3].id, tags[(n + 1) % 3].id];
    tenants = await bulkCreate(
      t,
      '/api/tenancy/tenants/',
      ['Acme', 'Globex', 'Initech', 'Umbrella'].map((name) => ({ name, slug: name.toLowerCase() })),
    );
    const tenant = (n: number) => tenants[n % tenants.length].id;

    const regions = await bulkCreate(t, dcim('regions'), [
      { name: 'Europe', slug: 'europe' },
      { name: 'America', slug: 'america' },
    ]);
    const siteGroup = await createOne(t, dcim('site-groups'), { name: 'Edge', slug: 'edge' });
    const rir = await createOne(t, ipam('rirs'), { name: 'RIPE', slug: 'ripe' });
    const asns = await bulkCreate(t, ipam('asns'), [
      { asn: 65001, rir: rir.id },
      { asn: 65002, rir: rir.id },
    ]);
    const sites = await bulkCreate(
      t,
      dcim('sites'),
      Array.from({ length: SITES }, (_, s) => ({
        name: `Site ${s}`,
        slug: `site-${s}`,
        region: regions[s % 2].id,
        group: siteGroup.id,
        tenant: tenant(s),
        asns: [asns[s % 2].id],
        tags: tagged(s),
      })),
    );
    const locations = await bulkCreate(
      t,
      dcim('locations'),
      sites.map((site, s) => ({ name: `Hall ${s}`, slug: `hall-${s}`, site: site.id, tenant: tenant(s) })),
    );
    const rackRole = await createOne(t, dcim('rack-roles'), { name: 'Compute', slug: 'compute' });
    const racks = await bulkCreate(
      t,
      dcim('racks'),
      Array.from({ length: SITES * RACKS_PER_SITE }, (_, r) => {
        const s = Math.floor(r / RACKS_PER_SITE);
        return { name: `R${s}-${r % RACKS_PER_SITE}`, site: sites[s].id, location: locations[s].id, tenant: tenant(r), role: rackRole.id, tags: tagged(r) };
      }),
    );
    const makers = await bulkCreate(t, dcim('manufacturers'), [
      { name: 'Arista', slug: 'arista' },
      { name: 'Juniper', slug: 'juniper' },
    ]);
    const types = await bulkCreate(t, dcim('device-types'), [
      { manufacturer: makers[0].id, model: 'DCS-7050', slug: 'dcs-7050' },
      { manufacturer: makers[0].id, model: 'DCS-7280', slug: 'dcs-7280' },
      { manufacturer: makers[1].id, model: 'QFX5100', slug: 'qfx5100' },
    ]);
    const roles = await bulkCreate(t, dcim('device-roles'), [
      { name: 'Leaf', slug: 'leaf' },
      { name: 'Spine', slug: 'spine' },
      { name: 'Server', slug: 'server', vm_role: true },
    ]);
    const platforms = await bulkCreate(t, dcim('platforms'), [
      { name: 'EOS', slug: 'eos', manufacturer: makers[0].id },
      { name: 'Junos', slug: 'junos', manufacturer: makers[1].id },
    ]);
    const clusterType = await createOne(t, virtualization('cluster-types'), { name: 'KVM', slug: 'kvm' });
    const cluster = await createOne(t, virtualization('clusters'), { name: 'Compute 0', type: clusterType.id, site: sites[0].id, tenant: tenant(0) });

    devices = await bulkCreate(
      t,
      DEVICES,
      Array.from({ length: DEVICE_COUNT }, (_, i) => {
        const s = Math.floor(i / DEVICES_PER_SITE);
        const k = i % DEVICES_PER_SITE;
        return {
          name: `dev-${String(i).padStart(3, '0')}`,
          device_type: types[i % 3].id,
          device_role: roles[i % 3].id,
          platform: platforms[i % 3 === 2 ? 1 : 0].id,
          tenant: tenant(i),
          site: sites[s].id,
          location: locations[s].id,
          rack: racks[s * RACKS_PER_SITE + Math.floor(k / 4)].id,
          position: (k % 4) * 2 + 1,
          face: 'front',
          serial: `SN${i}`,
          ...(s === 0 ? { cluster: cluster.id } : {}),
          tags: tagged(i),
        };
      }),
    );
    [big, small] = devices;

    const ipamRoles = await bulkCreate(t, ipam('roles'), [
      { name: 'Production', slug: 'production' },
      { name: 'Management', slug: 'management' },
    ]);
    const vlanGroups = await bulkCreate(
      t,
      ipam('vlan-groups'),
      sites.map((site, s) => ({ name: `VLANs ${s}`, slug: `vlans-${s}`, scope_type: 'dcim.site', scope_id: site.id, tags: tagged(s) })),
    );
    const vlans = await bulkCreate(
      t,
      VLANS,
      sites.flatMap((site, s) =>
        VLAN_VIDS.map((vid, v) => ({
          vid,
          name: `vlan-${s}-${vid}`,
          site: site.id,
          group: vlanGroups[s].id,
          tenant: tenant(s + v),
          role: ipamRoles[v % 2].id,
          tags: tagged(v),
        })),
      ),
    );
    const vlanOf = (s: number, v: number) => vlans[s * VLAN_VIDS.length + (v % VLAN_VIDS.length)].id;
    const l2vpn = await createOne(t, ipam('l2vpns'), { name: 'Fabric', slug: 'fabric', type: 'vxlan', tenant: tenant(0) });
    await bulkCreate(
      t,
      ipam('l2vpn-terminations'),
      vlans.map((vlan) => ({ l2vpn: l2vpn.id, assigned_object_type: 'ipam.vlan', assigned_object_id: vlan.id })),
    );
    const vrfs = await bulkCreate(t, ipam('vrfs'), [
      { name: 'Blue', rd: '65001:1', tenant: tenant(0), tags: tagged(0) },
      { name: 'Red', rd: '65001:2', tenant: tenant(1) },
    ]);
    [blue] = vrfs;

    // Sites 0 and 1, whose addresses the /16's first page holds, get LAGs, trunks and three addresses a device;
    // the other sites' devices an access port and a primary address.
    const full = devices.slice(0, 2 * DEVICES_PER_SITE);
    // LAGs first, as their members name them; `po` sorts after `eth`, so a device's first interfaces are populated members.
    const lags = await bulkCreate(
      t,
      INTERFACES,
      full.flatMap((d, i) => (i === 0 ? ['po1', 'po2'] : i === 1 ? [] : ['po1']).map((name) => ({ device: d.id, name, type: 'lag', tags: tagged(i) }))),
    );
    const lagOf = (deviceId: number, name: string) => lags.find((l) => l.device.id === deviceId && l.name === name)!.id;
    const access = (s: number, n: number) => ({ mode: 'access', untagged_vlan: vlanOf(s, n) });
    const trunk = (s: number, n: number) => ({
      mode: 'tagged',
      untagged_vlan: vlanOf(s, n),
      tagged_vlans: [vlanOf(s, n + 1), vlanOf(s, n + 2)],
      vrf: vrfs[n % 2].id,
    });
    const physical = devices.flatMap((d, i) => {
      const s = Math.floor(i / DEVICES_PER_SITE);
      const eth = (n: number, fields: Json) => ({ device: d.id, name: `eth${n}`, type: '10gbase-x-sfpp', tags: tagged(i + n), ...fields });
      if (i === 0) {
        return Array.from({ length: 18 }, (_, k) => {
          const n = k + 1;
          const lag = n <= 8 ? { lag: lagOf(d.id, n <= 4 ? 'po1' : 'po2') } : {};
          return eth(n, { ...lag, ...(n % 2 ? access(s, n) : trunk(s, n)) });
        });
      }
      if (i === 1) return [eth(1, access(s, 1)), eth(2, trunk(s, 2))];
      if (i < full.length) return [eth(1, { lag: lagOf(d.id, 'po1') }), eth(2, access(s, i)), eth(3, trunk(s, i))];
      return [eth(1, access(s, i))];
    });
    const interfaces = [...lags, ...(await bulkCreate(t, INTERFACES, physical))];
    const ifaceOf = (deviceId: number, name: string) => interfaces.find((f) => f.device.id === deviceId && f.name === name)!.id;
    await bulkCreate(
      t,
      dcim('cables'),
      [
        [ifaceOf(big.id, 'eth1'), ifaceOf(devices[2].id, 'eth1')],
        [ifaceOf(big.id, 'eth2'), ifaceOf(devices[3].id, 'eth1')],
      ].map(([a, b]) => ({
        a_terminations: [{ object_type: 'dcim.interface', object_id: a }],
        b_terminations: [{ object_type: 'dcim.interface', object_id: b }],
        tenant: tenant(0),
        tags: tagged(0),
      })),
    );

    const onInterface = (id: number) => ({ assigned_object_type: 'dcim.interface', assigned_object_id: id });
    const net = (i: number, host: number) => `10.0.${Math.floor(i / DEVICES_PER_SITE)}.${host + (i % DEVICES_PER_SITE)}/24`;
    const accessOf = (i: number) => (i <= 1 || i >= full.length ? 'eth1' : 'eth2');
    const trunkOf = (i: number) => (i <= 1 ? 'eth2' : 'eth3');
    const primaries = await bulkCreate(
      t,
      ADDRESSES,
      devices.map((d, i) => ({ address: net(i, 20), tenant: tenant(i), tags: tagged(i), dns_name: `${d.name}.example.net`, ...onInterface(ifaceOf(d.id, accessOf(i))) })),
    );
    const blues = await bulkCreate(
      t,
      ADDRESSES,
      full.map((d, i) => ({ address: net(i, 100), vrf: blue.id, tenant: tenant(i + 1), role: 'secondary', tags: tagged(i + 1), ...onInterface(ifaceOf(d.id, trunkOf(i))) })),
    );
    await bulkCreate(t, ADDRESSES, [
      // A global address NATed to each Blue one.
      ...full.map((d, i) => ({ address: net(i, 150), tenant: tenant(i + 2), tags: tagged(i + 2), nat_inside: blues[i].id, ...onInterface(ifaceOf(d.id, trunkOf(i))) })),
      // Two on each of the big device's interfaces.
      ...Array.from({ length: 18 }, (_, k) => k + 1).flatMap((n) => [
        { address: `10.0.0.${40 + n}/24`, tenant: tenant(n), tags: tagged(n), ...onInterface(ifaceOf(big.id, `eth${n}`)) },
        { address: `10.0.0.${60 + n}/24`, vrf: vrfs[1].id, tenant: tenant(n + 1), tags: tagged(n), nat_inside: primaries[0].id, ...onInterface(ifaceOf(big.id, `eth${n}`)) },
      ]),
    ]);
    // On the big device's cabled eth1, second in the /16.
    const second = await createOne(t, ADDRESSES, { address: '10.0.0.2/24', vrf: blue.id, tenant: tenant(0), tags: tagged(0), nat_inside: blues[0].id, ...onInterface(ifaceOf(big.id, 'eth1')) });
    expectStatus(await t.patch(DEVICES, devices.map((d, i) => ({ id: d.id, primary_ip4: primaries[i].id }))), 200);

    const vms = await bulkCreate(
      t,
      virtualization('virtual-machines'),
      [0, 1, 2].map((n) => ({ name: `vm-${n}`, cluster: cluster.id, role: roles[2].id, tenant: tenant(n), platform: platforms[n % 2].id, tags: tagged(n) })),
    );
    const vmInterfaces = await bulkCreate(
      t,
      virtualization('interfaces'),
      vms.flatMap((vm, n) => [1, 2].map((e) => ({ virtual_machine: vm.id, name: `eth${e}`, mode: 'access', untagged_vlan: vlanOf(0, e), vrf: vrfs[e % 2].id, tags: tagged(n + e) }))),
    );
    const onVm = (f: Json) => ({ assigned_object_type: 'virtualization.vminterface', assigned_object_id: f.id });
    const vmAddresses = await bulkCreate(t, ADDRESSES, [
      // 10.0.0.1, first in the /16: in Red, NATed to 10.0.0.2.
      ...vmInterfaces.map((f, n) => ({
        address: `10.0.0.${2 * n + 1}/24`,
        ...(n === 0 ? { vrf: vrfs[1].id, nat_inside: second.id } : { nat_inside: blues[n].id }),
        tenant: tenant(n),
        tags: tagged(n),
        ...onVm(f),
      })),
      ...[1, 2].map((n) => ({ address: `10.0.250.${n}/24`, tenant: tenant(n), tags: tagged(n), ...onVm(vmInterfaces[n]) })),
    ]);
    expectStatus(await t.patch(virtualization('virtual-machines'), vms.map((vm, n) => ({ id: vm.id, primary_ip4: vmAddresses[2 * n].id }))), 200);

    // A /16 container; a global /24 per site with a /25 and /28 at site 0, /26s at sites 0 and 1, a /24 in Blue for five sites.
    const prefix = (network: string, s: number, n: number, fields: Json = {}) => ({
      prefix: network,
      site: sites[s].id,
      vlan: vlanOf(s, n),
      tenant: tenant(s + n),
      role: ipamRoles[n % 2].id,
      tags: tagged(n),
      ...fields,
    });
    await createOne(t, PREFIXES, { prefix: '10.0.0.0/16', status: 'container', tenant: tenant(0), role: ipamRoles[0].id, tags: tagged(0) });
    const siteNets = await bulkCreate(t, PREFIXES, sites.map((_, s) => prefix(`10.0.${s}.0/24`, s, 0)));
    crowded = siteNets[0];
    await bulkCreate(t, PREFIXES, [
      prefix('10.0.0.0/25', 0, 2),
      prefix('10.0.0.0/28', 0, 3),
      ...[0, 1].flatMap((s) => [0, 64, 128, 192].map((offset, n) => prefix(`10.0.${s}.${offset}/26`, s, n))),
      ...[0, 1, 2, 3, 4].map((s) => prefix(`10.0.${s}.0/24`, s, 1, { vrf: blue.id })),
    ]);
    sparse = await createOne(t, PREFIXES, prefix('10.0.250.0/24', 0, 3));
  });
  afterAll(() => t.close());

  it('lists devices with every relation in the same number of statements for a page of 2 as of 100, in full and brief', async () => {
    const two = await cost(`${DEVICES}?limit=2`, (body) => {
      expect(body.count).toBe(DEVICE_COUNT);
      expect(body.results.map((d: Json) => d.name)).toEqual(['dev-000', 'dev-001']);
    });
    const hundred = await cost(`${DEVICES}?limit=100`, (body) => {
      expect(body.results).toHaveLength(100);
      for (const d of body.results) {
        expect(d).toMatchObject({ rack: { id: expect.any(Number) }, platform: { id: expect.any(Number) }, tenant: { id: expect.any(Number) } });
        expect(d.primary_ip4.address).toMatch(/^10\.0\.\d\.\d+\/24$/);
        expect(d.tags).toHaveLength(2);
      }
      expect(distinct(body.results.map((d: Json) => d.site.id))).toBe(Math.ceil(100 / DEVICES_PER_SITE));
      expect(distinct(body.results.map((d: Json) => d.rack.id))).toBe(100 / 4);
      expect(body.results[99]).toMatchObject({ name: 'dev-099', position: 7, face: { value: 'front' }, primary_ip4: { address: '10.0.8.23/24' } });
    });
    expect(hundred).toBe(two);
    const briefTwo = await cost(`${DEVICES}?limit=2&brief=1`, results(2));
    const briefHundred = await cost(`${DEVICES}?limit=100&brief=1`, results(100));
    expect(briefHundred).toBe(briefTwo);
  });

  it('reads a device with 20 interfaces in the same number of statements as one with 2', async () => {
    expect((await t.get(`${INTERFACES}?device_id=${big.id}&limit=1`)).body.count).toBe(20);
    expect((await t.get(`${INTERFACES}?device_id=${small.id}&limit=1`)).body.count).toBe(2);
    const few = await cost(`${DEVICES}${small.id}/`, (body) => expect(body).toMatchObject({ name: 'dev-001', primary_ip4: { address: '10.0.0.21/24' } }));
    const many = await cost(`${DEVICES}${big.id}/`, (body) =>
      expect(body).toMatchObject({ name: 'dev-000', rack: { name: 'R0-0' }, platform: { slug: 'eos' }, cluster: { name: 'Compute 0' }, primary_ip4: { address: '10.0.0.20/24' } }),
    );
    expect(many).toBe(few);
  });

  it("lists a device's interfaces, with LAGs, VLANs, VRFs, cables and addresses, in the same number of statements for 2 as for 20", async () => {
    const url = `${INTERFACES}?device_id=${big.id}`;
    const two = await cost(`${url}&limit=2`, (body) => {
      expect(body.results.map((f: Json) => f.name)).toEqual(['eth1', 'eth2']);
      expect(body.results[1]).toMatchObject({ lag: { name: 'po1' }, cable: { id: expect.any(Number) }, vrf: { name: 'Blue' }, untagged_vlan: { vid: 30 } });
      expect(body.results[1].tagged_vlans).toHaveLength(2);
    });
    const twenty = await cost(`${url}&limit=20`, (body) => {
      expect(body.results).toHaveLength(20);
      const named = Object.fromEntries(body.results.map((f: Json) => [f.name, f]));
      expect(named.eth1).toMatchObject({ lag: { name: 'po1' }, link_peers: [{ device: { name: 'dev-002' }, name: 'eth1' }], count_ipaddresses: 4 });
      expect(named.eth6).toMatchObject({ lag: { name: 'po2' } });
      expect(named.eth10).toMatchObject({ mode: { value: 'tagged' }, untagged_vlan: { vid: 30 }, vrf: { name: 'Blue' }, count_ipaddresses: 2 });
      expect(named.eth10.tagged_vlans.map((v: Json) => v.vid)).toEqual([10, 40]);
      expect(body.results.filter((f: Json) => f.tags.length === 2)).toHaveLength(20);
    });
    expect(twenty).toBe(two);
    const briefTwo = await cost(`${url}&limit=2&brief=1`, results(2));
    const briefTwenty = await cost(`${url}&limit=20&brief=1`, results(20));
    expect(briefTwenty).toBe(briefTwo);
  });

  it('lists the addresses in a /16, on many devices and on VMs, in the same number of statements for 2 as for 100', async () => {
    const url = `${ADDRESSES}?parent=10.0.0.0/16`;
    const two = await cost(`${url}&limit=2`, (body) => {
      // The primaries, the Blue and NAT pairs of sites 0 and 1, the big device's 36, 10.0.0.2 and the VMs' 8.
      expect(body.count).toBe(DEVICE_COUNT + 2 * 2 * DEVICES_PER_SITE + 2 * 18 + 1 + VM_INTERFACES + 2);
      expect(body.results).toMatchObject([
        { address: '10.0.0.1/24', vrf: { name: 'Red' }, nat_inside: { address: '10.0.0.2/24' }, assigned_object: { virtual_machine: { name: 'vm-0' } } },
        { address: '10.0.0.2/24', vrf: { name: 'Blue' }, nat_outside: [{ address: '10.0.0.1/24' }], assigned_object: { device: { name: 'dev-000' }, cable: { id: expect.any(Number) } } },
      ]);
    });
    const hundred = await cost(`${url}&limit=100`, (body) => {
      expect(body.results).toHaveLength(100);
      const onDevices = body.results.filter((a: Json) => a.assigned_object_type === 'dcim.interface');
      const onVms = body.results.filter((a: Json) => a.assigned_object_type === 'virtualization.vminterface');
      expect(addresses(onVms)).toEqual(['10.0.0.1/24', '10.0.0.3/24', '10.0.0.5/24', '10.0.0.7/24', '10.0.0.9/24', '10.0.0.11/24']);
      expect(distinct(onDevices.map((a: Json) => a.assigned_object.device.id))).toBe(2 * DEVICES_PER_SITE);
      expect(body.results.filter((a: Json) => a.nat_inside !== null)).toHaveLength(VM_INTERFACES + 1 + 18 + DEVICES_PER_SITE);
      // 10.0.0.1 and .2, the big device's 18 in Red, site 0's 12 in Blue and the first 9 of site 1's.
      expect(body.results.filter((a: Json) => a.vrf !== null)).toHaveLength(1 + 1 + 18 + DEVICES_PER_SITE + 9);
      expect(body.results.every((a: Json) => a.tenant !== null && a.tags.length === 2)).toBe(true);
    });
    expect(hundred).toBe(two);
    const briefTwo = await cost(`${url}&limit=2&brief=1`, results(2));
    const briefHundred = await cost(`${url}&limit=100&brief=1`, results(100));
    expect(briefHundred).toBe(briefTwo);
  });

  it('finds the prefixes containing an address in the same number of statements whether three or six match', async () => {
    const three = await cost(`${PREFIXES}?contains=10.0.4.200`, (body) =>
      expect(body.results.map((p: Json) => [p.prefix, p.vrf?.name ?? null])).toEqual([
        ['10.0.0.0/16', null],
        ['10.0.4.0/24', null],
        ['10.0.4.0/24', 'Blue'],
      ]),
    );
    const six = await cost(`${PREFIXES}?contains=10.0.0.5`, (body) =>
      expect(body.results.map((p: Json) => [p.prefix, p.vrf?.name ?? null, p._depth])).toEqual([
        ['10.0.0.0/16', null, 0],
        ['10.0.0.0/24', null, 1],
        ['10.0.0.0/25', null, 2],
        ['10.0.0.0/26', null, 3],
        ['10.0.0.0/28', null, 4],
        ['10.0.0.0/24', 'Blue', 0],
      ]),
    );
    expect(six).toBe(three);
  });

  it('lists prefixes in the same number of statements for a page of 2 as for all of them, in full and brief', async () => {
    const global = 1 + SITES + 2 + 8 + 1;
    const all = global + 5;
    // The page of 2 straddles the last global prefix and the first in Blue, so that it holds a VRF too.
    const straddling = `${PREFIXES}?limit=2&offset=${global - 1}`;
    const two = await cost(straddling, (body) => {
      expect(body.count).toBe(all);
      expect(body.results.map((p: Json) => [p.prefix, p.vrf?.name ?? null])).toEqual([
        ['10.0.250.0/24', null],
        ['10.0.0.0/24', 'Blue'],
      ]);
    });
    const every = await cost(`${PREFIXES}?limit=${all}`, (body) => {
      expect(body.results).toHaveLength(all);
      expect(body.results.filter((p: Json) => p.site && p.vlan && p.tenant && p.role && p.tags.length === 2)).toHaveLength(all - 1);
      expect(body.results[0]).toMatchObject({ prefix: '10.0.0.0/16', children: global - 1, _depth: 0 });
    });
    expect(every).toBe(two);
    const briefTwo = await cost(`${straddling}&brief=1`, results(2));
    const briefEvery = await cost(`${PREFIXES}?limit=${all}&brief=1`, results(all));
    expect(briefEvery).toBe(briefTwo);
  });

  it('lists the available addresses of a prefix in the same number of statements whether few or many are used, and whatever the page', async () => {
    const available = (prefix: Json, limit: number) => `${PREFIXES}${prefix.id}/available-ips/?limit=${limit}`;
    const fewUsed = await cost<Json[]>(available(sparse, 100), (body) => {
      expect(body).toHaveLength(100);
      expect(addresses(body.slice(0, 2))).toEqual(['10.0.250.3/24', '10.0.250.4/24']);
    });
    const manyUsed = await cost<Json[]>(available(crowded, 100), (body) => {
      expect(body).toHaveLength(100);
      // 10.0.0.1 (Red) and .2 (Blue) are not the global prefix's; the VMs hold the odd ones up to .11, primaries .20-.31.
      expect(addresses(body.slice(0, 8))).toEqual(['10.0.0.1/24', '10.0.0.2/24', '10.0.0.4/24', '10.0.0.6/24', '10.0.0.8/24', '10.0.0.10/24', '10.0.0.12/24', '10.0.0.13/24']);
      expect(addresses(body)).not.toContain('10.0.0.20/24');
    });
    expect(manyUsed).toBe(fewUsed);
    // The token, the prefix, then its addresses and ranges together.
    expect(fewUsed).toBe(3);
    const manyUsedTwo = await cost<Json[]>(available(crowded, 2), (body) => expect(body).toHaveLength(2));
    expect(manyUsedTwo).toBe(manyUsed);
  });

  it('lists VLANs with site, group, tenant, role and termination in the same number of statements for 2 as for all, in full and brief', async () => {
    const all = SITES * VLAN_VIDS.length;
    const two = await cost(`${VLANS}?limit=2`, (body) => {
      expect(body.count).toBe(all);
      expect(body.results).toHaveLength(2);
    });
    const every = await cost(`${VLANS}?limit=${all}`, (body) => {
      expect(body.results).toHaveLength(all);
      for (const v of body.results) {
        expect(v).toMatchObject({
          site: { id: expect.any(Number) },
          group: { slug: expect.stringMatching(/^vlans-\d$/) },
          tenant: { id: expect.any(Number) },
          role: { id: expect.any(Number) },
          l2vpn_termination: { l2vpn: { name: 'Fabric' } },
        });
      }
      expect(body.results.find((v: Json) => v.name === 'vlan-0-10')).toMatchObject({ prefix_count: 2 });
    });
    expect(every).toBe(two);
    const briefTwo = await cost(`${VLANS}?limit=2&brief=1`, results(2));
    const briefEvery = await cost(`${VLANS}?limit=${all}&brief=1`, results(all));
    expect(briefEvery).toBe(briefTwo);
  });

  it('lists sites and racks with their counts in the same number of statements for 2 as for all, in full and brief', async () => {
    const siteTwo = await cost(`${dcim('sites')}?limit=2`, results(2));
    const siteAll = await cost(`${dcim('sites')}?limit=${SITES}`, (body) => {
      expect(body.results).toHaveLength(SITES);
      for (const s of body.results) {
        expect(s).toMatchObject({
          region: { id: expect.any(Number) },
          group: { slug: 'edge' },
          tenant: { id: expect.any(Number) },
          asns: [{ id: expect.any(Number) }],
          device_count: DEVICES_PER_SITE,
          rack_count: RACKS_PER_SITE,
        });
      }
    });
    expect(siteAll).toBe(siteTwo);
    expect(await cost(`${dcim('sites')}?limit=${SITES}&brief=1`, results(SITES))).toBe(await cost(`${dcim('sites')}?limit=2&brief=1`, results(2)));

    const racks = SITES * RACKS_PER_SITE;
    const rackTwo = await cost(`${dcim('racks')}?limit=2`, results(2));
    const rackAll = await cost(`${dcim('racks')}?limit=${racks}`, (body) => {
      expect(body.results).toHaveLength(racks);
      for (const r of body.results) {
        expect(r).toMatchObject({ location: { id: expect.any(Number) }, role: { slug: 'compute' }, tenant: { id: expect.any(Number) }, device_count: 4 });
      }
    });
    expect(rackAll).toBe(rackTwo);
    expect(await cost(`${dcim('racks')}?limit=${racks}&brief=1`, results(racks))).toBe(await cost(`${dcim('racks')}?limit=2&brief=1`, results(2)));
  });

  it('creates addresses in bulk at a fixed cost per object: the cost of 50 is what 5 and 10 predict', async () => {
    // The access ports of the devices past sites 0 and 1, none cabled: each object of every batch has the same shape.
    const ports = (await t.get(`${INTERFACES}?name=eth1&limit=0`)).body.results.slice(2 * DEVICES_PER_SITE);
    expect(ports).toHaveLength(DEVICE_COUNT - 2 * DEVICES_PER_SITE);
    expect(ports[0]).toMatchObject({ device: { name: 'dev-024' }, cable: null, mode: { value: 'access' } });
    let next = 0;
    const create = (size: number) => {
      const body = Array.from({ length: size }, () => {
        const n = next++;
        return {
          address: `10.9.0.${n + 1}/24`,
          vrf: blue.id,
          tenant: tenants[n % tenants.length].id,
          tags: [tags[n % tags.length].id],
          description: `bulk ${n}`,
          assigned_object_type: 'dcim.interface',
          assigned_object_id: ports[n].id,
        };
      });
      return statementsDuring(t, async () => {
        const res = await t.post(ADDRESSES, body);
        expectStatus(res, 201);
        expect(res.body).toHaveLength(size);
        expect(res.body[size - 1]).toMatchObject({ description: body[size - 1].description, vrf: { name: 'Blue' }, assigned_object: { name: 'eth1' } });
      });
    };
    const five = await create(5);
    const ten = await create(10);
    const perObject = (ten - five) / 5;
    expect(Number.isInteger(perObject)).toBe(true);
    expect(perObject).toBeGreaterThan(0);
    expect(await create(50)).toBe(five + 45 * perObject);
  });
});
