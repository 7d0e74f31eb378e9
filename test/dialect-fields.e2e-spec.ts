import { createOne, expectStatus, Json } from './helpers/seed';
import { slugify, unique } from './helpers/fixtures';
import { TestApp } from './helpers/test-app';

/** A 1×1 GIF, for an image attachment. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** Fields NetBox 4.x added to models 3.5 had: written and read through /v4, neither shown nor taken by /api/. */
describe('4.x fields of 3.5 models', () => {
  let t: TestApp;
  let site: Json;
  let tenant: Json;
  let role: Json;

  beforeAll(async () => {
    t = await TestApp.start();
    site = await named('dcim/sites', 'Site');
    tenant = await named('tenancy/tenants', 'Tenant');
    role = await named('ipam/roles', 'Peering');
  });
  afterAll(() => t.close());

  async function named(path: string, prefix: string, fields: Json = {}): Promise<Json> {
    const name = unique(prefix);
    return createOne(t, `/api/${path}/`, { name, slug: slugify(name), ...fields });
  }

  async function device(type: Json, deviceRole: Json): Promise<Json> {
    return createOne(t, '/api/dcim/devices/', { name: unique('ap'), device_type: type.id, device_role: deviceRole.id, site: site.id });
  }

  async function someDevice(): Promise<Json> {
    const manufacturer = await named('dcim/manufacturers', 'Vendor');
    const model = unique('AP');
    const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: manufacturer.id, model, slug: slugify(model) });
    return device(type, await named('dcim/device-roles', 'Radio'));
  }

  async function wirelessLink(): Promise<Json> {
    const radio = async () => createOne(t, '/api/dcim/interfaces/', { device: (await someDevice()).id, name: 'wlan0', type: 'ieee802.11ac' });
    return createOne(t, '/api/wireless/wireless-links/', { interface_a: (await radio()).id, interface_b: (await radio()).id, ssid: 'bridge' });
  }

  /** An object made through /api/, where its 4.x fields live, what /v4 writes to them, and a /v4 filter that finds it by one. */
  interface Case {
    path: string;
    v4?: string;
    make(): Promise<Json>;
    fields: Json;
    /** Its placeholders TENANT and ROLE stand for the ids of those made first. */
    filter?: string;
  }

  const cases: Record<string, Case> = {
    region: { path: 'dcim/regions', make: () => named('dcim/regions', 'Region'), fields: { comments: 'North' } },
    'site group': { path: 'dcim/site-groups', make: () => named('dcim/site-groups', 'Group'), fields: { comments: 'Edge sites' } },
    location: {
      path: 'dcim/locations',
      make: () => named('dcim/locations', 'Hall', { site: site.id }),
      fields: { facility: 'MDF-2', comments: 'Second floor' },
      filter: 'facility=MDF-2',
    },
    manufacturer: { path: 'dcim/manufacturers', make: () => named('dcim/manufacturers', 'Maker'), fields: { comments: 'OEM' } },
    'rack role': { path: 'dcim/rack-roles', make: () => named('dcim/rack-roles', 'Core'), fields: { comments: 'Spines' } },
    rack: {
      path: 'dcim/racks',
      make: () => createOne(t, '/api/dcim/racks/', { name: unique('R'), site: site.id }),
      fields: { starting_unit: 5, outer_height: 2000, outer_unit: { value: 'mm', label: 'Millimeters' }, airflow: { value: 'rear-to-front', label: 'Rear to front' } },
      filter: 'airflow=rear-to-front',
    },
    'rack reservation': {
      path: 'dcim/rack-reservations',
      make: async () => {
        const rack = await createOne(t, '/api/dcim/racks/', { name: unique('R'), site: site.id });
        return createOne(t, '/api/dcim/rack-reservations/', { rack: rack.id, units: [1], user: 1, description: 'held' });
      },
      fields: { status: { value: 'stale', label: 'Stale' } },
      filter: 'status=stale',
    },
    'module type': {
      path: 'dcim/module-types',
      make: async () => createOne(t, '/api/dcim/module-types/', { manufacturer: (await named('dcim/manufacturers', 'Maker')).id, model: unique('Card') }),
      fields: { airflow: { value: 'passive', label: 'Passive' } },
      filter: 'airflow=passive',
    },
    'device type': {
      path: 'dcim/device-types',
      make: async () => {
        const model = unique('Chassis');
        return createOne(t, '/api/dcim/device-types/', { manufacturer: (await named('dcim/manufacturers', 'Maker')).id, model, slug: slugify(model) });
      },
      fields: { exclude_from_utilization: true },
      filter: 'exclude_from_utilization=true',
    },
    device: {
      path: 'dcim/devices',
      make: someDevice,
      fields: { latitude: 52.370216, longitude: -4.895168 },
      filter: 'latitude__gte=52',
    },
    'power feed': {
      path: 'dcim/power-feeds',
      make: async () => {
        const panel = await createOne(t, '/api/dcim/power-panels/', { site: site.id, name: unique('Panel') });
        return createOne(t, '/api/dcim/power-feeds/', { power_panel: panel.id, name: unique('Feed') });
      },
      fields: { tenant: () => ({ id: tenant.id }) },
      filter: 'tenant_id=TENANT',
    },
    RIR: { path: 'ipam/rirs', make: () => named('ipam/rirs', 'RIR'), fields: { comments: 'Registry' } },
    'IPAM role': { path: 'ipam/roles', make: () => named('ipam/roles', 'Role'), fields: { comments: 'Loopbacks' } },
    'ASN range': {
      path: 'ipam/asn-ranges',
      make: async () => named('ipam/asn-ranges', 'Private', { rir: (await named('ipam/rirs', 'RIR')).id, start: 64512, end: 64520 }),
      fields: { comments: 'Private ASNs' },
    },
    ASN: {
      path: 'ipam/asns',
      make: async () => createOne(t, '/api/ipam/asns/', { asn: 4200000000 + Math.floor(Math.random() * 90000000), rir: (await named('ipam/rirs', 'RIR')).id }),
      fields: { role: () => ({ id: role.id }) },
      filter: 'role_id=ROLE',
    },
    'IP range': {
      path: 'ipam/ip-ranges',
      make: () => createOne(t, '/api/ipam/ip-ranges/', { start_address: '10.250.0.10/24', end_address: '10.250.0.20/24' }),
      fields: { mark_populated: true },
      filter: 'mark_populated=true',
    },
    L2VPN: {
      path: 'ipam/l2vpns',
      v4: 'vpn/l2vpns',
      make: () => named('ipam/l2vpns', 'VPN', { type: 'vxlan' }),
      fields: { status: { value: 'planned', label: 'Planned' } },
      filter: 'status=planned',
    },
    'tenant group': { path: 'tenancy/tenant-groups', make: () => named('tenancy/tenant-groups', 'Customers'), fields: { comments: 'Paying' } },
    'users group': {
      path: 'users/groups',
      make: () => createOne(t, '/api/users/groups/', { name: unique('Operators') }),
      fields: { description: 'Night shift' },
      filter: 'description=Night%20shift',
    },
    'circuit type': { path: 'circuits/circuit-types', make: () => named('circuits/circuit-types', 'Transit'), fields: { color: 'aa1409' }, filter: 'color=aa1409' },
    circuit: {
      path: 'circuits/circuits',
      make: async () => {
        const provider = await named('circuits/providers', 'Carrier');
        const type = await named('circuits/circuit-types', 'Transit');
        return createOne(t, '/api/circuits/circuits/', { cid: unique('CID'), provider: provider.id, type: type.id });
      },
      fields: { distance: 12.5, distance_unit: { value: 'km', label: 'Kilometers' } },
      filter: 'distance_unit=km',
    },
    'wireless link': {
      path: 'wireless/wireless-links',
      make: wirelessLink,
      fields: { distance: 3, distance_unit: { value: 'mi', label: 'Miles' } },
      filter: 'distance=3',
    },
    tag: { path: 'extras/tags', make: () => named('extras/tags', 'Tag'), fields: { weight: 10 }, filter: 'weight=10' },
    'custom field': {
      path: 'extras/custom-fields',
      make: () => createOne(t, '/api/extras/custom-fields/', { name: unique('cf').replace(/\W/g, '_'), type: 'object', object_type: 'dcim.site', content_types: ['dcim.device'] }),
      fields: { unique: true, related_object_filter: { status: 'active' }, comments: 'Where it is' },
      filter: 'unique=true',
    },
    'export template': {
      path: 'extras/export-templates',
      make: () => createOne(t, '/api/extras/export-templates/', { name: unique('Export'), content_types: ['dcim.site'], template_code: '{{ queryset | length }}' }),
      fields: { environment_params: { trim_blocks: true }, file_name: 'inventory' },
      filter: 'file_name=inventory',
    },
    'config template': {
      path: 'extras/config-templates',
      make: () => createOne(t, '/api/extras/config-templates/', { name: unique('Config'), template_code: 'hostname {{ name }}' }),
      fields: { mime_type: 'text/x-config', file_name: 'router', file_extension: 'cfg', as_attachment: false },
      filter: 'file_extension=cfg',
    },
    'image attachment': {
      path: 'extras/image-attachments',
      make: async () => {
        const res = await t.post('/api/extras/image-attachments/').field('content_type', 'dcim.site').field('object_id', String(site.id)).attach('image', GIF, 'front.gif');
        expectStatus(res, 201);
        return res.body;
      },
      fields: { description: 'Front view' },
      filter: 'description=Front%20view',
    },
    'data source': {
      path: 'core/data-sources',
      make: () => createOne(t, '/api/core/data-sources/', { name: unique('Source'), type: 'local', source_url: 'file:///tmp' }),
      fields: { sync_interval: { value: 60, label: 'Hourly' } },
    },
  };

  /** A field's value as written: a choice by its value, a relation by its id. */
  const written = (value: unknown): unknown => {
    if (typeof value === 'function') return (value() as Json).id;
    if (value && typeof value === 'object' && 'value' in value) return (value as Json).value;
    return value;
  };
  const read = (value: unknown): unknown => (typeof value === 'function' ? expect.objectContaining(value()) : value);

  for (const [title, c] of Object.entries(cases)) {
    it(`${title}: ${Object.keys(c.fields).join(', ')} written and read on /v4, absent from /api/, untouched by its writes`, async () => {
      const object = await c.make();
      const v4 = `/v4/api/${c.v4 ?? c.path}/${object.id}/`;
      const v3 = `/api/${c.path}/${object.id}/`;
      const body = Object.fromEntries(Object.entries(c.fields).map(([k, v]) => [k, written(v)]));
      const expected = Object.fromEntries(Object.entries(c.fields).map(([k, v]) => [k, read(v)]));
      const patched = await t.patch(v4, body);
      expectStatus(patched, 200);
      expect(patched.body).toMatchObject(expected);
      expect((await t.get(v4).expect(200)).body).toMatchObject(expected);

      const added = Object.keys(c.fields).filter((k) => k !== 'outer_unit');
      const old = (await t.get(v3).expect(200)).body;
      for (const key of added) expect(old).not.toHaveProperty(key);
      // Whatever /api/ is sent for them, even what /v4 would refuse, is ignored.
      expectStatus(await t.patch(v3, Object.fromEntries(added.map((k) => [k, 'x']))), 200);
      expect((await t.get(v4).expect(200)).body).toMatchObject(expected);

      if (c.filter) {
        const query = c.filter.replace('TENANT', String(tenant.id)).replace('ROLE', String(role.id));
        const found = (await t.get(`/v4/api/${c.v4 ?? c.path}/?${query}&id=${object.id}`).expect(200)).body;
        expect(found.count).toBe(1);
        // /api/ has no such filter: it is ignored, and the object is listed whatever the value.
        const unfiltered = (await t.get(`/api/${c.path}/?${query.replace(/=.*/, '=nothing')}&id=${object.id}`).expect(200)).body;
        expect(unfiltered.count).toBe(1);
      }
    });
  }

  it('creates objects through /v4 with 4.x fields and their defaults; /api/ creations get the defaults', async () => {
    const name = unique('Cage');
    const created = await t.post('/v4/api/dcim/racks/', { name, site: site.id, airflow: 'front-to-rear' });
    expectStatus(created, 201);
    expect(created.body).toMatchObject({ starting_unit: 1, outer_height: null, airflow: { value: 'front-to-rear' } });
    const old = await createOne(t, '/api/ipam/l2vpns/', { name: unique('VPN'), slug: unique('vpn'), type: 'vpls' });
    expect((await t.get(`/v4/api/vpn/l2vpns/${old.id}/`).expect(200)).body.status).toEqual({ value: 'active', label: 'Active' });
    const tag = await named('extras/tags', 'Plain');
    expect((await t.get(`/v4/api/extras/tags/${tag.id}/`).expect(200)).body.weight).toBe(1000);
  });

  it('refuses bad 4.x values on /v4 with field-keyed 400s', async () => {
    const rack = await createOne(t, '/api/dcim/racks/', { name: unique('R'), site: site.id });
    const refusals: Array<[string, Json, string, string]> = [
      [`/v4/api/dcim/racks/${rack.id}/`, { airflow: 'sideways' }, 'airflow', '"sideways" is not a valid choice.'],
      [`/v4/api/dcim/racks/${rack.id}/`, { starting_unit: 0 }, 'starting_unit', 'Ensure this value is greater than or equal to 1.'],
      [`/v4/api/dcim/devices/${(await someDevice()).id}/`, { latitude: 91 }, 'latitude', 'Ensure this value is less than or equal to 90.0.'],
      [`/v4/api/dcim/devices/${(await someDevice()).id}/`, { longitude: -180.5 }, 'longitude', 'Ensure this value is greater than or equal to -180.0.'],
      [`/v4/api/dcim/locations/${(await named('dcim/locations', 'Hall', { site: site.id })).id}/`, { facility: 'x'.repeat(51) }, 'facility', 'Ensure this field has no more than 50 characters.'],
      [`/v4/api/circuits/circuit-types/${(await named('circuits/circuit-types', 'Type')).id}/`, { color: 'red' }, 'color', 'Enter a valid hexadecimal RGB color code.'],
      [`/v4/api/extras/tags/${(await named('extras/tags', 'Tag')).id}/`, { weight: -1 }, 'weight', 'Ensure this value is greater than or equal to 0.'],
      [`/v4/api/vpn/l2vpns/${(await named('ipam/l2vpns', 'VPN', { type: 'vxlan' })).id}/`, { status: 'gone' }, 'status', '"gone" is not a valid choice.'],
    ];
    for (const [url, body, field, message] of refusals) {
      const res = await t.patch(url, body);
      expectStatus(res, 400);
      expect(res.body).toEqual({ [field]: [message] });
    }
    const circuit = await cases.circuit.make();
    const distance = await t.patch(`/v4/api/circuits/circuits/${circuit.id}/`, { distance: 5 });
    expectStatus(distance, 400);
    expect(distance.body).toEqual({ distance_unit: ['Must specify a unit when setting a distance'] });
  });

  it('checks a custom field\'s 4.x settings against its type', async () => {
    const create = (body: Json) => t.post('/v4/api/extras/custom-fields/', { name: unique('cf').replace(/\W/g, '_'), object_types: ['dcim.site'], ...body });
    const refusals: Array<[Json, string, string]> = [
      [{ type: 'boolean', unique: true }, 'unique', 'Uniqueness cannot be enforced for boolean fields'],
      [{ type: 'text', validation_schema: { type: 'string' } }, 'validation_schema', 'JSON schema validation is supported only for JSON fields'],
      [{ type: 'json', validation_schema: [1] }, 'validation_schema', 'Invalid JSON schema definition'],
      [{ type: 'text', related_object_filter: { status: 'active' } }, 'related_object_filter', 'A related object filter can be defined only for object fields.'],
      [{ type: 'object', related_object_type: 'dcim.site', related_object_filter: ['active'] }, 'related_object_filter', 'Filter must be defined as a dictionary mapping attributes to values.'],
      [{ type: 'text', ui_visible: 'sometimes' }, 'ui_visible', '"sometimes" is not a valid choice.'],
    ];
    for (const [body, field, message] of refusals) {
      const res = await create(body);
      expectStatus(res, 400);
      expect(res.body).toEqual({ [field]: [message] });
    }
    const json = await create({ type: 'json', validation_schema: { type: 'object' } });
    expectStatus(json, 201);
    expect(json.body.validation_schema).toEqual({ type: 'object' });
  });

  it("keeps 3.5's ui_visibility and 4.x's ui_visible and ui_editable in step, whichever is written", async () => {
    const cf = await createOne(t, '/api/extras/custom-fields/', { name: unique('cf').replace(/\W/g, '_'), type: 'text', content_types: ['dcim.site'], ui_visibility: 'read-only' });
    const v4 = `/v4/api/extras/custom-fields/${cf.id}/`;
    const shown = (await t.get(v4).expect(200)).body;
    expect(shown).toMatchObject({ ui_visible: { value: 'always', label: 'Always' }, ui_editable: { value: 'no', label: 'No' } });
    expect(shown).not.toHaveProperty('ui_visibility');
    expectStatus(await t.patch(v4, { ui_editable: 'hidden', ui_visibility: 'read-write' }), 200);
    expect((await t.get(`/api/extras/custom-fields/${cf.id}/`).expect(200)).body.ui_visibility).toEqual({ value: 'hidden', label: 'Hidden' });
    expect((await t.get(`/v4/api/extras/custom-fields/?ui_editable=hidden&id=${cf.id}`).expect(200)).body.count).toBe(1);
    expectStatus(await t.patch(v4, { ui_visible: 'if-set', ui_editable: 'no' }), 200);
    expect((await t.get(`/api/extras/custom-fields/${cf.id}/`).expect(200)).body.ui_visibility.value).toBe('read-only');
    // A 3.5 write that leaves ui_visibility as it was keeps 4.x's finer pair.
    expectStatus(await t.patch(`/api/extras/custom-fields/${cf.id}/`, { description: 'kept' }), 200);
    expect((await t.get(v4).expect(200)).body).toMatchObject({ ui_visible: { value: 'if-set' }, ui_editable: { value: 'no' } });
    expectStatus(await t.patch(`/api/extras/custom-fields/${cf.id}/`, { ui_visibility: 'read-write' }), 200);
    expect((await t.get(v4).expect(200)).body).toMatchObject({ ui_visible: { value: 'always' }, ui_editable: { value: 'yes' } });
  });

  it('counts prefixes in a region, site group and location by their cached place, on /v4 only', async () => {
    const region = await named('dcim/regions', 'Region');
    const group = await named('dcim/site-groups', 'Group');
    const placed = await named('dcim/sites', 'Site', { region: region.id, group: group.id });
    const location = await named('dcim/locations', 'Room', { site: placed.id });
    await createOne(t, '/api/ipam/prefixes/', { prefix: '10.251.0.0/24', site: placed.id });
    expectStatus(await t.post('/v4/api/ipam/prefixes/', { prefix: '10.251.1.0/24', scope_type: 'dcim.location', scope_id: location.id }), 201);
    // A child region's prefixes are its own: NetBox counts the cached region, not down the tree.
    const child = await named('dcim/regions', 'Child', { parent: region.id });
    expectStatus(await t.post('/v4/api/ipam/prefixes/', { prefix: '10.251.2.0/24', scope_type: 'dcim.region', scope_id: child.id }), 201);
    const counted: Array<[string, number, number]> = [
      ['dcim/regions', region.id, 2],
      ['dcim/site-groups', group.id, 2],
      ['dcim/locations', location.id, 1],
    ];
    for (const [path, id, count] of counted) {
      expect((await t.get(`/v4/api/${path}/${id}/`).expect(200)).body.prefix_count).toBe(count);
      expect((await t.get(`/v4/api/${path}/?id=${id}`).expect(200)).body.results[0].prefix_count).toBe(count);
      expect((await t.get(`/api/${path}/${id}/`).expect(200)).body).not.toHaveProperty('prefix_count');
    }
  });

  it("counts a manufacturer's module types, a module type's modules and an IPAM role's ASNs, on /v4 only", async () => {
    const maker = await named('dcim/manufacturers', 'Maker');
    const card = await createOne(t, '/api/dcim/module-types/', { manufacturer: maker.id, model: unique('Line card') });
    const bay = await createOne(t, '/api/dcim/module-bays/', { device: (await someDevice()).id, name: 'Slot 1' });
    await createOne(t, '/api/dcim/modules/', { device: bay.device.id, module_bay: bay.id, module_type: card.id });
    const peering = await named('ipam/roles', 'Transit');
    expectStatus(await t.post('/v4/api/ipam/asns/', { asn: 4100000000 + Math.floor(Math.random() * 90000000), rir: (await named('ipam/rirs', 'RIR')).id, role: peering.id }), 201);
    const counted: Array<[string, number, string]> = [
      ['dcim/manufacturers', maker.id, 'moduletype_count'],
      ['dcim/module-types', card.id, 'module_count'],
      ['ipam/roles', peering.id, 'asn_count'],
    ];
    for (const [path, id, key] of counted) {
      expect((await t.get(`/v4/api/${path}/${id}/`).expect(200)).body[key]).toBe(1);
      expect((await t.get(`/api/${path}/${id}/`).expect(200)).body).not.toHaveProperty(key);
    }
  });

  it("renders an export template with its environment parameters", async () => {
    const name = unique('Trimmed');
    const code = '{% for s in queryset %}\n{{ s.name }}\n{% endfor %}';
    expectStatus(await t.post('/v4/api/extras/export-templates/', { name, object_types: ['dcim.site'], template_code: code, environment_params: { trim_blocks: true } }), 201);
    const res = await t.get(`/api/dcim/sites/?export=${encodeURIComponent(name)}&id=${site.id}`).expect(200);
    expect(res.text).toBe(`${site.name}\n`);
    const bad = await t.post('/v4/api/extras/export-templates/', { name: unique('Bad'), object_types: ['dcim.site'], template_code: 'x', environment_params: [1] });
    expectStatus(bad, 400);
    expect(bad.body).toEqual({ environment_params: ['Environment parameters must be a JSON object.'] });
  });

  it("names an export template's download by its file name", async () => {
    const name = unique('Inventory');
    expectStatus(await t.post('/v4/api/extras/export-templates/', { name, object_types: ['dcim.site'], template_code: 'sites', file_name: 'inventory', file_extension: 'txt' }), 201);
    const res = await t.get(`/api/dcim/sites/?export=${encodeURIComponent(name)}`).expect(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="inventory.txt"');
  });
});
