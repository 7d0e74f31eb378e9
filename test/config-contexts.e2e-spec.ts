import { DataSource } from 'typeorm';
import { apiApp } from '../src/core/crud/api-app';
import { foreignKey, json, text } from '../src/core/model/fields';
import { defineModel } from '../src/core/model/model';
import { TestApp } from './helpers/test-app';

const CONTEXTS = '/api/extras/config-contexts/';

describe('config contexts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  it('stores data with criteria and reads criteria tags as slugs, in NetBox order of fields', async () => {
    const tenant = (await t.post('/api/tenancy/tenants/', { name: 'Ctx tenant', slug: 'ctx-tenant' })).body;
    const tag = (await t.post('/api/extras/tags/', { name: 'Ctx', slug: 'ctx' })).body;
    const res = await t.post(CONTEXTS, { name: 'NTP', weight: 2000, tenants: [tenant.id], tags: [tag.id], data: { ntp: ['10.0.0.1'] } });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual([
      'id', 'url', 'display', 'name', 'weight', 'description', 'is_active', 'regions', 'site_groups', 'sites', 'locations', 'device_types',
      'roles', 'platforms', 'cluster_types', 'cluster_groups', 'clusters', 'tenant_groups', 'tenants', 'tags', 'data_source', 'data_path', 'data_file',
      'data_synced', 'data', 'created', 'last_updated',
    ]);
    expect(res.body).toMatchObject({ is_active: true, regions: [], sites: [], tags: ['ctx'], data: { ntp: ['10.0.0.1'] } });
    expect(res.body.tenants.map((x: { id: number }) => x.id)).toEqual([tenant.id]);
    expect((await t.get(`${CONTEXTS}?tenant_id=${tenant.id}`)).body.count).toBe(1);
    expect((await t.get(`${CONTEXTS}?tag=ctx`)).body.count).toBe(1);
  });

  it('defaults the weight and orders by weight then name', async () => {
    await t.post(CONTEXTS, [
      { name: 'zeta', data: {} },
      { name: 'alpha', weight: 5000, data: {} },
    ]);
    const names = (await t.get(CONTEXTS)).body.results.map((c: { name: string; weight: number }) => `${c.weight}:${c.name}`);
    expect(names).toEqual(['1000:zeta', '2000:NTP', '5000:alpha']);
  });

  it('refuses data that is not an object and criteria that do not exist', async () => {
    const list = await t.post(CONTEXTS, { name: 'bad', data: [1, 2] });
    expect(list.status).toBe(400);
    expect(list.body).toEqual({ data: ['JSON data must be in object form. Example: {"foo": 123}'] });
    const site = await t.post(CONTEXTS, { name: 'bad', data: {}, sites: [1] });
    expect(site.status).toBe(400);
    expect(site.body).toEqual({ sites: ['Related object not found using the provided numeric ID: 1'] });
  });
});

describe('config_context on objects that declare it', () => {
  // Devices and virtual machines declare their criteria this way; a test model stands in for them here.
  const Appliance = defineModel({
    app: 'testkit',
    name: 'appliance',
    plural: 'appliances',
    fields: {
      name: text({ max: 50 }),
      tenant: foreignKey('tenancy.tenant', { nullable: true }),
      local_context_data: json({ nullable: true }),
    },
    full: ['id', 'url', 'display', 'name', 'tenant', 'config_context', 'local_context_data', 'tags', 'custom_fields', 'created', 'last_updated'],
    brief: ['id', 'url', 'display', 'name'],
    configContext: { criteria: { tenants: 'tenant', tenant_groups: 'tenant.group', tags: '@tags' }, local: 'local_context_data' },
  });
  let t: TestApp;
  const APPLIANCES = '/api/testkit/appliances/';

  beforeAll(async () => {
    t = await TestApp.start({}, [apiApp('testkit', [Appliance])]);
    await t.app.get(DataSource).synchronize();
  });
  afterAll(() => t.close());

  it('merges the matching active contexts by weight, then local data, and leaves out what does not match', async () => {
    const region = (await t.post('/api/tenancy/tenant-groups/', { name: 'Europe', slug: 'europe' })).body;
    const country = (await t.post('/api/tenancy/tenant-groups/', { name: 'France', slug: 'france', parent: region.id })).body;
    const tenant = (await t.post('/api/tenancy/tenants/', { name: 'Paris DC', slug: 'paris-dc', group: country.id })).body;
    const other = (await t.post('/api/tenancy/tenants/', { name: 'Other', slug: 'other' })).body;
    const edge = (await t.post('/api/extras/tags/', { name: 'Edge', slug: 'edge' })).body;
    await t.post(CONTEXTS, [
      { name: 'global', weight: 1000, data: { ntp: ['10.0.0.1'], snmp: { community: 'public', location: 'world' } } },
      // A tenant group matches exactly, not through its parent, as in NetBox 3.5.
      { name: 'france', weight: 2000, tenant_groups: [country.id], data: { snmp: { location: 'eu' } } },
      { name: 'europe', weight: 2500, tenant_groups: [region.id], data: { snmp: { location: 'continent' } } },
      { name: 'edge only', weight: 3000, tags: [edge.id], data: { role: 'edge' } },
      { name: 'other tenant', weight: 4000, tenants: [other.id], data: { ntp: ['192.0.2.1'] } },
      { name: 'inactive', weight: 9000, is_active: false, data: { ntp: ['never'] } },
    ]);
    const res = await t.post(APPLIANCES, { name: 'fw1', tenant: tenant.id, tags: [edge.id], local_context_data: { snmp: { community: 'secret' } } });
    expect(res.status).toBe(201);
    expect(res.body.config_context).toEqual({ ntp: ['10.0.0.1'], snmp: { community: 'secret', location: 'eu' }, role: 'edge' });

    const plain = await t.post(APPLIANCES, { name: 'sw1' });
    expect(plain.body.config_context).toEqual({ ntp: ['10.0.0.1'], snmp: { community: 'public', location: 'world' } });
  });

  it("follows changes to a context's criteria, and to the objects an appliance reaches them through, at the next read", async () => {
    const group = (await t.post('/api/tenancy/tenant-groups/', { name: 'Asia', slug: 'asia' })).body;
    const moved = (await t.post('/api/tenancy/tenants/', { name: 'Tokyo DC', slug: 'tokyo-dc' })).body;
    const context = (await t.post(CONTEXTS, { name: 'asia', weight: 5000, data: { region: 'asia' } })).body;
    const appliance = (await t.post(APPLIANCES, { name: 'fw-asia', tenant: moved.id })).body;
    const read = async () => (await t.get(`${APPLIANCES}${appliance.id}/`)).body.config_context.region;
    expect(await read()).toBe('asia');
    // Named by group, the context no longer matches a tenant outside it.
    expect((await t.patch(`${CONTEXTS}${context.id}/`, { tenant_groups: [group.id] })).status).toBe(200);
    expect(await read()).toBeUndefined();
    // The tenant joins the group: the context matches again.
    expect((await t.patch(`/api/tenancy/tenants/${moved.id}/`, { group: group.id })).status).toBe(200);
    expect(await read()).toBe('asia');
    expect((await t.patch(`${CONTEXTS}${context.id}/`, { is_active: false })).status).toBe(200);
    expect(await read()).toBeUndefined();
  });

  it('leaves config_context out with exclude=config_context, in lists and details', async () => {
    const list = await t.get(`${APPLIANCES}?exclude=config_context`);
    expect(list.body.results[0]).not.toHaveProperty('config_context');
    expect(list.body.results[0]).toHaveProperty('local_context_data');
    const [first] = list.body.results;
    expect((await t.get(`${APPLIANCES}${first.id}/?exclude=config_context`)).body).not.toHaveProperty('config_context');
    expect((await t.get(`${APPLIANCES}${first.id}/`)).body).toHaveProperty('config_context');
  });
});
