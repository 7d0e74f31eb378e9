import { join } from 'path';
import { DumpdataSource } from './dumpdata-source';
import { SourceRow } from './source';

const DEMO = join(__dirname, '../../test/fixtures/netbox-demo/netbox-demo-v3.5.json.gz');

async function allRows(source: DumpdataSource, table: string, batchSize = 100): Promise<SourceRow[]> {
  const rows: SourceRow[] = [];
  for await (const batch of source.rows(table, batchSize)) rows.push(...batch);
  return rows;
}

describe('DumpdataSource over the demo data', () => {
  const source = new DumpdataSource(DEMO);
  afterAll(() => source.close());

  it('presents each model as its table, with foreign keys as <field>_id and through tables for many-to-many fields', async () => {
    const tables = await source.tables();
    expect(tables.get('dcim_site')).toEqual(expect.arrayContaining(['id', 'region_id', 'group_id', 'tenant_id', 'name', '_name', 'custom_field_data']));
    expect(tables.get('dcim_site')).not.toContain('asns');
    expect(tables.get('dcim_site_asns')).toEqual(['id', 'site_id', 'asn_id']);
    expect(tables.get('extras_customfield_content_types')).toEqual(['id', 'customfield_id', 'contenttype_id']);
    expect(tables.get('auth_user_groups')).toEqual(['id', 'user_id', 'group_id']);
    expect(tables.get('django_content_type')).toEqual(['id', 'app_label', 'model']);
    expect(tables.get('django_session')?.[0]).toBe('session_key');
    expect(tables.get('dcim_region')).toContain('parent_id');
    expect(tables.has('vpn_tunnel')).toBe(false);
  });

  it('counts rows', async () => {
    expect(await source.count('dcim_interface')).toBe(1586);
    expect(await source.count('dcim_site')).toBe(24);
    expect(await source.count('django_content_type')).toBe(119);
    expect(await source.count('extras_customfield_content_types')).toBe(1);
    expect(await source.count('nothing_here')).toBe(0);
  });

  it('gives a site with its values as PostgreSQL would', async () => {
    const [site] = await allRows(source, 'dcim_site', 1);
    expect(site).toEqual({
      id: 1,
      created: new Date('2020-12-19T00:00:00Z'),
      last_updated: new Date('2021-12-30T15:45:37.458Z'),
      custom_field_data: {},
      description: '',
      comments: '',
      name: 'DM-NYC',
      _name: 'DM-NYC',
      slug: 'dm-nyc',
      status: 'active',
      region_id: 43,
      group_id: 3,
      tenant_id: 5,
      facility: '',
      time_zone: null,
      physical_address: '',
      shipping_address: '',
      latitude: null,
      longitude: null,
    });
  });

  it('gives rows in batches ordered by id', async () => {
    const batches: number[] = [];
    let last = 0;
    for await (const batch of source.rows('dcim_interface', 500)) {
      batches.push(batch.length);
      for (const row of batch) {
        expect(row.id as number).toBeGreaterThan(last);
        last = row.id as number;
      }
    }
    expect(batches).toEqual([500, 500, 500, 86]);
    const [first] = (await allRows(source, 'dcim_interface', 1)).filter((row) => row.id === 1);
    expect(first).toMatchObject({ device_id: 1, name: 'GigabitEthernet0/0/0', _name: '0000000099999999GigabitEthernet000000............', cable_id: 7, _path_id: 1, lag_id: null, mtu: null });
    expect(first).not.toHaveProperty('tagged_vlans');
  });

  it('resolves natural keys: content types, users and a custom field through its content types', async () => {
    const types = await source.contentTypes();
    expect(types.get(1)).toBe('admin.logentry');
    const tenant = [...types].find(([, label]) => label === 'tenancy.tenant')![0];
    const site = [...types].find(([, label]) => label === 'dcim.site')![0];
    expect(await allRows(source, 'extras_customfield_content_types')).toEqual([{ id: 1, customfield_id: 1, contenttype_id: tenant }]);
    const users = await allRows(source, 'auth_user');
    expect(users.map((u) => [u.id, u.username])).toEqual([[1, 'admin'], [2, 'alice'], [3, 'bob'], [4, 'charlie'], [5, 'danielle'], [6, 'edward']]);
    const [reservation] = await allRows(source, 'dcim_rackreservation', 1);
    expect(reservation).toMatchObject({ id: 1, rack_id: 39, user_id: 2, units: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
    const tagged = await allRows(source, 'extras_taggeditem');
    expect(tagged).toHaveLength(72);
    expect(tagged[0]).toEqual({ id: 1, content_type_id: site, object_id: 24, tag_id: 24 });
  });

  it('parses an ArrayField dumpdata wrote as JSON text', async () => {
    const [path] = await allRows(source, 'dcim_cablepath', 1);
    expect(path).toEqual({ id: 1, path: [['32:1'], ['19:7'], ['15:1'], ['15:48'], ['18:1']], is_active: true, is_complete: true, is_split: false, _nodes: ['32:1', '19:7', '15:1', '15:48', '18:1'] });
  });

  it('dates the dump by its models, saying so', async () => {
    const schema = await source.schema();
    expect(schema.from).toBe('3.5.0');
    expect(schema.inferred).toMatch(/has no django_migrations/);
  });
});
