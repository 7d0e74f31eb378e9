import { TestApp } from './helpers/test-app';

type Json = Record<string, any>;

describe('dcim organisation: regions, site groups, sites, locations', () => {
  let t: TestApp;
  let europe: Json;
  let france: Json;
  let paris: Json;
  let tenant: Json;

  beforeAll(async () => {
    t = await TestApp.start();
    europe = (await t.post('/api/dcim/regions/', { name: 'Europe', slug: 'europe' })).body;
    france = (await t.post('/api/dcim/regions/', { name: 'France', slug: 'france', parent: europe.id })).body;
    const group = (await t.post('/api/tenancy/tenant-groups/', { name: 'Customers', slug: 'customers' })).body;
    tenant = (await t.post('/api/tenancy/tenants/', { name: 'Acme', slug: 'acme', group: group.id })).body;
    const res = await t.post('/api/dcim/sites/', {
      name: 'Paris 1',
      slug: 'paris-1',
      region: { slug: 'france' },
      tenant: tenant.id,
      time_zone: 'Europe/Paris',
      latitude: 48.8566,
      longitude: '2.352200',
    });
    expect(res.status).toBe(201);
    paris = res.body;
  });
  afterAll(() => t.close());

  it('reads a site with NetBox fields in order, choices as value and label, coordinates as numbers', () => {
    // Count fields (rack_count, device_count...) follow, joining as their models are installed.
    const counts = Object.keys(paris).filter((k) => k.endsWith('_count'));
    expect(counts).toEqual(['circuit_count', 'device_count', 'prefix_count', 'rack_count', 'virtualmachine_count', 'vlan_count'].filter((k) => counts.includes(k)));
    expect(counts).toContain('rack_count');
    expect(Object.keys(paris).filter((k) => !k.endsWith('_count'))).toEqual([
      'id', 'url', 'display', 'name', 'slug', 'status', 'region', 'group', 'tenant', 'facility', 'time_zone', 'description',
      'physical_address', 'shipping_address', 'latitude', 'longitude', 'comments', 'asns', 'tags', 'custom_fields', 'created', 'last_updated',
    ]);
    expect(paris).toMatchObject({ status: { value: 'active', label: 'Active' }, latitude: 48.8566, longitude: 2.3522, asns: [], time_zone: 'Europe/Paris' });
    // Nested regions carry no site_count: NetBox annotates it only on the regions' own endpoint.
    expect(Object.keys(paris.region)).toEqual(['id', 'url', 'display', 'name', 'slug', '_depth']);
    expect(Object.keys(paris.tenant)).toEqual(['id', 'url', 'display', 'name', 'slug']);
  });

  it('counts sites in regions cumulatively and shows the site count on tenants', async () => {
    const regions = (await t.get('/api/dcim/regions/')).body.results.map((r: Json) => [r.name, r.site_count, r._depth]);
    expect(regions).toEqual([
      ['Europe', 1, 0],
      ['France', 1, 1],
    ]);
    expect((await t.get(`/api/tenancy/tenants/${tenant.id}/`)).body.site_count).toBe(1);
  });

  it('filters sites by region (with descendants), status and the tenancy filters', async () => {
    const count = async (q: string) => (await t.get(`/api/dcim/sites/?${q}`)).body.count;
    expect(await count('region=europe')).toBe(1);
    expect(await count(`region_id=${france.id}`)).toBe(1);
    expect(await count('status=planned')).toBe(0);
    expect(await count('tenant=acme')).toBe(1);
    expect(await count('tenant_group=customers')).toBe(1);
    const bad = await t.get('/api/dcim/sites/?tenant_group=nope');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ tenant_group: ['Select a valid choice. nope is not one of the available choices.'] });
  });

  it('refuses an unknown time zone and a tenant still used by a site', async () => {
    const res = await t.post('/api/dcim/sites/', { name: 'Nowhere', slug: 'nowhere', time_zone: 'Mars/Olympus' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ time_zone: ['A valid timezone is required.'] });
    const del = await t.delete(`/api/tenancy/tenants/${tenant.id}/`);
    expect(del.status).toBe(409);
    expect(del.body.detail).toBe(`Unable to delete object. 1 dependent objects were found: Paris 1 (${paris.id})`);
  });

  it('keeps locations inside one site, unique per parent, and filters them by region', async () => {
    const floor = await t.post('/api/dcim/locations/', { name: 'Floor 1', slug: 'floor-1', site: paris.id });
    expect(floor.status).toBe(201);
    expect(floor.body).toMatchObject({ _depth: 0, status: { value: 'active', label: 'Active' } });
    const room = await t.post('/api/dcim/locations/', { name: 'Room A', slug: 'room-a', site: paris.id, parent: floor.body.id });
    expect(room.body._depth).toBe(1);
    const lyon = (await t.post('/api/dcim/sites/', { name: 'Lyon', slug: 'lyon' })).body;
    const elsewhere = await t.post('/api/dcim/locations/', { name: 'Cage', slug: 'cage', site: lyon.id, parent: floor.body.id });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toEqual({ __all__: ['Parent location (Floor 1) must belong to the same site (Lyon).'] });
    const twin = await t.post('/api/dcim/locations/', { name: 'Floor 1', slug: 'floor-1-bis', site: paris.id });
    expect(twin.status).toBe(400);
    expect(twin.body).toEqual({ __all__: ['Constraint “dcim_location_name” is violated.'] });
    expect((await t.post('/api/dcim/locations/', { name: 'Floor 1', slug: 'floor-1', site: lyon.id })).status).toBe(201);
    expect((await t.get('/api/dcim/locations/?region=europe')).body.count).toBe(2);
    expect((await t.get(`/api/dcim/locations/?site_id=${lyon.id}`)).body.count).toBe(1);
  });

  it('lets config contexts name regions, sites and locations now that they exist', async () => {
    const res = await t.post('/api/extras/config-contexts/', { name: 'EU', regions: [europe.id], sites: [paris.id], data: { eu: true } });
    expect(res.status).toBe(201);
    expect(res.body.regions.map((r: Json) => r.slug)).toEqual(['europe']);
    expect(res.body.sites.map((s: Json) => s.slug)).toEqual(['paris-1']);
  });
});
