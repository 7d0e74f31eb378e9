import { TestApp } from './helpers/test-app';
import { Json, createOne, listedIds, refusedList } from './helpers/seed';

/** Filters of the dcim lists whose NetBox 3.5.9 filter sets declare method filters or leave fields out. */
describe('NetBox filter sets of sites, racks, types, devices and power', () => {
  let t: TestApp;
  const ids = (url: string) => listedIds(t, url);
  const error = (url: string) => refusedList(t, url);
  let manufacturer: Json;
  let site: Json;
  let role: Json;
  let bare: Json;
  let withPorts: Json;
  let frontOnly: Json;
  let device: Json;

  beforeAll(async () => {
    t = await TestApp.start();
    manufacturer = await createOne(t, '/api/dcim/manufacturers/', { name: 'Maker', slug: 'maker' });
    site = await createOne(t, '/api/dcim/sites/', { name: 'Site F', slug: 'site-f' });
    role = await createOne(t, '/api/dcim/device-roles/', { name: 'Role F', slug: 'role-f' });
    const type = (model: string, extra: Json = {}) => createOne(t, '/api/dcim/device-types/', { manufacturer: manufacturer.id, model, slug: model, ...extra });
    bare = await type('bare', { subdevice_role: 'parent' });
    withPorts = await type('with-ports');
    frontOnly = await type('front-only');
    await createOne(t, '/api/dcim/interface-templates/', { device_type: withPorts.id, name: 'eth0', type: '1000base-t' });
    await createOne(t, '/api/dcim/console-port-templates/', { device_type: withPorts.id, name: 'con0' });
    await createOne(t, '/api/dcim/rear-port-templates/', { device_type: withPorts.id, name: 'rear0', type: '8p8c', positions: 1 });
    const rear = await createOne(t, '/api/dcim/rear-port-templates/', { device_type: frontOnly.id, name: 'rear1', type: '8p8c', positions: 1 });
    await createOne(t, '/api/dcim/front-port-templates/', { device_type: frontOnly.id, name: 'front1', type: '8p8c', rear_port: rear.id });
    await createOne(t, '/api/dcim/device-bay-templates/', { device_type: bare.id, name: 'bay1' });
    device = await createOne(t, '/api/dcim/devices/', { name: 'dev-f', device_type: withPorts.id, device_role: role.id, site: site.id });
  });
  afterAll(() => t?.close());

  it("device types: whether they have each kind of template, with NetBox's reading of pass-through ports", async () => {
    // In id order, not the list's (manufacturer, model).
    const ours = (list: number[]) => list.filter((id) => [bare.id, withPorts.id, frontOnly.id].includes(id)).sort((a, b) => a - b);
    expect(ours(await ids('/api/dcim/device-types/?interfaces=true'))).toEqual([withPorts.id]);
    expect(ours(await ids('/api/dcim/device-types/?interfaces=false'))).toEqual([bare.id, frontOnly.id]);
    expect(ours(await ids('/api/dcim/device-types/?console_ports=True'))).toEqual([withPorts.id]);
    expect(ours(await ids('/api/dcim/device-types/?device_bays=1'))).toEqual([bare.id]);
    expect(ours(await ids('/api/dcim/device-types/?pass_through_ports=true'))).toEqual([withPorts.id, frontOnly.id]);
    // Without: lacking front ports or rear ports (NetBox excludes types that have both).
    expect(ours(await ids('/api/dcim/device-types/?pass_through_ports=false'))).toEqual([bare.id, withPorts.id]);
    expect(ours(await ids('/api/dcim/device-types/?inventory_items=true'))).toEqual([]);
    // No image is stored: none has one.
    expect(ours(await ids('/api/dcim/device-types/?has_front_image=true'))).toEqual([]);
    expect(ours(await ids('/api/dcim/device-types/?has_rear_image=false'))).toEqual([bare.id, withPorts.id, frontOnly.id]);
    expect(ours(await ids('/api/dcim/device-types/?interfaces=perhaps'))).toEqual([bare.id, withPorts.id, frontOnly.id]);
    expect(ours(await ids(`/api/dcim/device-types/?manufacturer=maker&model__ic=PORTS`))).toEqual([withPorts.id]);
    // `comments` and `description` are not device-type filters.
    expect(ours(await ids('/api/dcim/device-types/?comments=x&description=y'))).toEqual([bare.id, withPorts.id, frontOnly.id]);
  });

  it('module types: the same template filters, by module type', async () => {
    const empty = await createOne(t, '/api/dcim/module-types/', { manufacturer: manufacturer.id, model: 'Line card' });
    const ported = await createOne(t, '/api/dcim/module-types/', { manufacturer: manufacturer.id, model: 'Uplink card' });
    await createOne(t, '/api/dcim/power-port-templates/', { module_type: ported.id, name: 'psu' });
    const ours = (list: number[]) => list.filter((id) => [empty.id, ported.id].includes(id));
    expect(ours(await ids('/api/dcim/module-types/?power_ports=true'))).toEqual([ported.id]);
    expect(ours(await ids('/api/dcim/module-types/?power_ports=false'))).toEqual([empty.id]);
    expect(ours(await ids('/api/dcim/module-types/?interfaces=true'))).toEqual([]);
  });

  it('platforms and device roles: config_template_id refuses every id while none exists; platforms filter napalm_driver', async () => {
    const platform = await createOne(t, '/api/dcim/platforms/', { name: 'EOS F', slug: 'eos-f', napalm_driver: 'eos' });
    expect(await ids('/api/dcim/platforms/?napalm_driver__ic=EO')).toEqual([platform.id]);
    expect(await ids('/api/dcim/platforms/?config_template_id=null')).toEqual([platform.id]);
    expect(await ids('/api/dcim/platforms/?config_template_id__n=null')).toEqual([]);
    expect(await error('/api/dcim/platforms/?config_template_id=3')).toEqual({ config_template_id: ['Select a valid choice. 3 is not one of the available choices.'] });
    expect(await error('/api/dcim/device-roles/?config_template_id=3')).toEqual({ config_template_id: ['Select a valid choice. 3 is not one of the available choices.'] });
    expect(await ids(`/api/dcim/device-roles/?id=${role.id}&config_template_id=null`)).toEqual([role.id]);
  });

  it('virtual device contexts: has_primary_ip, device by id, and a search that matches the identifier', async () => {
    const vdc = await createOne(t, '/api/dcim/virtual-device-contexts/', { name: 'ctx-a', device: device.id, identifier: 7, status: 'active' });
    const other = await createOne(t, '/api/dcim/virtual-device-contexts/', { name: 'ctx-b', device: device.id, identifier: 8, status: 'active' });
    const iface = (await t.get(`/api/dcim/interfaces/?device_id=${device.id}`)).body.results[0];
    const ip = await createOne(t, '/api/ipam/ip-addresses/', { address: '192.0.2.7/24', assigned_object_type: 'dcim.interface', assigned_object_id: iface.id });
    expect((await t.patch(`/api/dcim/virtual-device-contexts/${vdc.id}/`, { primary_ip4: ip.id })).status).toBe(200);
    expect(await ids('/api/dcim/virtual-device-contexts/?has_primary_ip=true')).toEqual([vdc.id]);
    expect(await ids('/api/dcim/virtual-device-contexts/?has_primary_ip=false')).toEqual([other.id]);
    expect(await ids(`/api/dcim/virtual-device-contexts/?device=${device.id}&q=8`)).toEqual([other.id]);
    expect(await ids('/api/dcim/virtual-device-contexts/?q=ctx')).toEqual([vdc.id, other.id]);
    // Neither `identifier` nor `primary_ip4_id` is a filter of NetBox's.
    expect(await ids(`/api/dcim/virtual-device-contexts/?identifier=7&primary_ip4_id=${ip.id}`)).toEqual([vdc.id, other.id]);
  });

  it('power feeds: power_panel_id filters, power_panel is ignored (as the Ansible collection sends it)', async () => {
    const panel = await createOne(t, '/api/dcim/power-panels/', { site: site.id, name: 'Panel F' });
    const other = await createOne(t, '/api/dcim/power-panels/', { site: site.id, name: 'Panel G' });
    const feed = await createOne(t, '/api/dcim/power-feeds/', { power_panel: panel.id, name: 'Feed F' });
    await createOne(t, '/api/dcim/power-feeds/', { power_panel: other.id, name: 'Feed G' });
    expect(await ids(`/api/dcim/power-feeds/?name=Feed+F&power_panel=${panel.id}`)).toEqual([feed.id]);
    expect(await ids(`/api/dcim/power-feeds/?power_panel=${other.id}&name=Feed+F`)).toEqual([feed.id]);
    expect(await ids(`/api/dcim/power-feeds/?power_panel_id=${panel.id}`)).toEqual([feed.id]);
    expect(await ids(`/api/dcim/power-feeds/?site=site-f&voltage__gte=120&cabled=false`)).toHaveLength(2);
    expect(await ids(`/api/dcim/power-panels/?location=nowhere&name=Panel+F`)).toEqual([panel.id]);
  });

  it("racks: serial ignores case, comments and description are not filters; reservations by the user's name", async () => {
    const rack = await createOne(t, '/api/dcim/racks/', { site: site.id, name: 'R-F', serial: 'SN-Abc', description: 'x' });
    expect(await ids('/api/dcim/racks/?serial=sn-abc')).toEqual([rack.id]);
    expect(await ids('/api/dcim/racks/?serial__ic=ABC')).toEqual([rack.id]);
    expect(await ids('/api/dcim/racks/?name=R-F&description=nothing&comments=nothing')).toEqual([rack.id]);
    const reservation = await createOne(t, '/api/dcim/rack-reservations/', { rack: rack.id, units: [1], user: 1, description: 'held' });
    expect(await ids('/api/dcim/rack-reservations/?user=admin&description__ic=HEL')).toEqual([reservation.id]);
    expect(await error('/api/dcim/rack-reservations/?user=nobody')).toEqual({ user: ['Select a valid choice. nobody is not one of the available choices.'] });
  });

  it('sites: time_zone, addresses and comments are not filters; latitude takes number lookups', async () => {
    const placed = await createOne(t, '/api/dcim/sites/', { name: 'Site L', slug: 'site-l', latitude: 51.5, physical_address: 'Here' });
    expect(await ids('/api/dcim/sites/?latitude__gte=50')).toEqual([placed.id]);
    expect(await ids('/api/dcim/sites/?slug=site-l&physical_address=elsewhere&time_zone=UTC')).toEqual([placed.id]);
  });
});
