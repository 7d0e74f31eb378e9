import { TestApp } from './helpers/test-app';

type Json = Record<string, any>;

describe('dcim racks: roles, racks, reservations', () => {
  let t: TestApp;
  let site: Json;
  let role: Json;
  beforeAll(async () => {
    t = await TestApp.start();
    await t.post('/api/dcim/regions/', { name: 'Europe', slug: 'europe' });
    site = (await t.post('/api/dcim/sites/', { name: 'Paris', slug: 'paris', region: { slug: 'europe' } })).body;
    role = (await t.post('/api/dcim/rack-roles/', { name: 'Compute', slug: 'compute', color: '00ff00' })).body;
  });
  afterAll(() => t.close());

  it('creates a rack with NetBox defaults and choices read as value and label', async () => {
    const res = await t.post('/api/dcim/racks/', { name: 'R1', site: site.id, role: { slug: 'compute' }, type: '4-post-cabinet' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: { value: 'active', label: 'Active' },
      width: { value: 19, label: '19 inches' },
      type: { value: '4-post-cabinet', label: '4-post cabinet' },
      u_height: 42,
      desc_units: false,
      weight_unit: null,
      outer_unit: null,
      facility_id: null,
      asset_tag: null,
    });
    // Nested, the role has no rack_count: NetBox annotates it only on the rack roles' own endpoint.
    expect(Object.keys(res.body.role)).toEqual(['id', 'url', 'display', 'name', 'slug']);
    expect((await t.get(`/api/dcim/rack-roles/${role.id}/`)).body.rack_count).toBe(1);
    expect((await t.get('/api/dcim/racks/?region=europe&role=compute')).body.count).toBe(1);
    expect((await t.get(`/api/dcim/sites/${site.id}/`)).body.rack_count).toBe(1);
  });

  it('validates units, heights and locations from another site', async () => {
    const tall = await t.post('/api/dcim/racks/', { name: 'R2', site: site.id, u_height: 101, width: 20 });
    expect(tall.status).toBe(400);
    expect(tall.body).toEqual({ u_height: ['Ensure this value is less than or equal to 100.'], width: ['"20" is not a valid choice.'] });
    const noUnit = await t.post('/api/dcim/racks/', { name: 'R2', site: site.id, outer_width: 600 });
    expect(noUnit.body).toEqual({ outer_unit: ['Must specify a unit when setting an outer width/depth'] });
    const lyon = (await t.post('/api/dcim/sites/', { name: 'Lyon', slug: 'lyon' })).body;
    const room = (await t.post('/api/dcim/locations/', { name: 'Room', slug: 'room', site: lyon.id })).body;
    const wrong = await t.post('/api/dcim/racks/', { name: 'R2', site: site.id, location: room.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ location: ['Location must be from the same site, Paris.'] });
  });

  it("moves a rack's devices with it to another site and location, and a location's racks and devices with it to another site, as NetBox's signals do", async () => {
    const lille = (await t.post('/api/dcim/sites/', { name: 'Lille', slug: 'lille' })).body;
    const nice = (await t.post('/api/dcim/sites/', { name: 'Nice', slug: 'nice' })).body;
    const hall = (await t.post('/api/dcim/locations/', { name: 'Hall', slug: 'hall', site: lille.id })).body;
    const cage = (await t.post('/api/dcim/locations/', { name: 'Cage', slug: 'cage', site: lille.id, parent: hall.id })).body;
    const rack = (await t.post('/api/dcim/racks/', { name: 'Moving', site: lille.id, location: cage.id })).body;
    const maker = (await t.post('/api/dcim/manufacturers/', { name: 'Maker', slug: 'maker' })).body;
    const type = (await t.post('/api/dcim/device-types/', { model: 'Box', slug: 'box', manufacturer: maker.id })).body;
    const devRole = (await t.post('/api/dcim/device-roles/', { name: 'Leaf', slug: 'leaf' })).body;
    const device = (await t.post('/api/dcim/devices/', { name: 'racked', device_type: type.id, device_role: devRole.id, site: lille.id, rack: rack.id, position: 1, face: 'front' })).body;
    expect(device.location.id).toBe(cage.id);
    const placement = async () => {
      const d = (await t.get(`/api/dcim/devices/${device.id}/`)).body;
      return [d.site.slug, d.location?.slug ?? null];
    };
    // The hall and what is in it go to Nice.
    expect((await t.patch(`/api/dcim/locations/${hall.id}/`, { site: nice.id })).status).toBe(200);
    expect((await t.get(`/api/dcim/locations/${cage.id}/`)).body.site.slug).toBe('nice');
    expect((await t.get(`/api/dcim/racks/${rack.id}/`)).body.site.slug).toBe('nice');
    expect(await placement()).toEqual(['nice', 'cage']);
    // The rack alone goes back to Lille, out of any location.
    expect((await t.patch(`/api/dcim/racks/${rack.id}/`, { site: lille.id, location: null })).status).toBe(200);
    expect(await placement()).toEqual(['lille', null]);
    // Queryset updates, as NetBox's: no change record for the device.
    const changes = (await t.get(`/api/extras/object-changes/?changed_object_type=dcim.device&changed_object_id=${device.id}`)).body;
    expect(changes.results.map((c: Json) => c.action.value)).toEqual(['create']);
  });

  it('reserves units that exist and are free', async () => {
    const rack = (await t.post('/api/dcim/racks/', { name: 'R3', site: site.id, u_height: 10 })).body;
    const ok = await t.post('/api/dcim/rack-reservations/', { rack: rack.id, units: [3, 1, 2], user: 1, description: 'Customer A' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ units: [1, 2, 3], user: { username: 'admin' } });
    const overlap = await t.post('/api/dcim/rack-reservations/', { rack: rack.id, units: [3, 4], user: 1, description: 'Customer B' });
    expect(overlap.status).toBe(400);
    expect(overlap.body).toEqual({ units: ['The following units have already been reserved: 3'] });
    const outside = await t.post('/api/dcim/rack-reservations/', { rack: rack.id, units: [11], user: 1, description: 'Customer C' });
    expect(outside.body).toEqual({ units: ['Invalid unit(s) for 10U rack: 11'] });
    expect((await t.get(`/api/dcim/rack-reservations/?site=paris`)).body.count).toBe(1);
  });
  it("labels racks and reservations as NetBox's __str__: the facility id after the name", async () => {
    const rack = (await t.post('/api/dcim/racks/', { name: 'R-Label', facility_id: 'FAC-7', site: site.id })).body;
    expect(rack.display).toBe('R-Label (FAC-7)');
    const plain = (await t.post('/api/dcim/racks/', { name: 'R-Plain', site: site.id })).body;
    expect(plain.display).toBe('R-Plain');
    const reservation = (await t.post('/api/dcim/rack-reservations/', { rack: rack.id, units: [1], user: 1, description: 'Label' })).body;
    expect(reservation.display).toBe('Reservation for rack R-Label (FAC-7)');
    const listed = (await t.get(`/api/dcim/rack-reservations/?id=${reservation.id}&brief=1`)).body.results[0];
    expect(listed.display).toBe('Reservation for rack R-Label (FAC-7)');
    const device = (await t.get(`/api/dcim/racks/${rack.id}/?brief=1`)).body;
    expect(device.display).toBe('R-Label (FAC-7)');
  });

  it("words duplicate asset tags and facility ids with NetBox's verbose names", async () => {
    const room = (await t.post('/api/dcim/locations/', { name: 'Tag room', slug: 'tag-room', site: site.id })).body;
    await t.post('/api/dcim/racks/', { name: 'R-Tag', site: site.id, location: room.id, asset_tag: 'TAG-1', facility_id: 'F-1' });
    const tag = await t.post('/api/dcim/racks/', { name: 'R-Tag2', site: site.id, asset_tag: 'TAG-1' });
    expect(tag.status).toBe(400);
    expect(tag.body).toEqual({ asset_tag: ['rack with this Asset tag already exists.'] });
    // Without a location the constraint does not hold, as in SQL and NetBox.
    expect((await t.post('/api/dcim/racks/', { name: 'R-Tag3', site: site.id, facility_id: 'F-1' })).status).toBe(201);
    const facility = await t.post('/api/dcim/racks/', { name: 'R-Tag4', site: site.id, location: room.id, facility_id: 'F-1' });
    expect(facility.status).toBe(400);
    expect(facility.body).toEqual({ __all__: ['Rack with this Location and Facility ID already exists.'] });
    const options = (await t.options('/api/dcim/racks/')).body;
    expect(options.actions.POST.facility_id.label).toBe('Facility ID');
    expect(options.actions.POST.asset_tag.label).toBe('Asset tag');
  });
});
