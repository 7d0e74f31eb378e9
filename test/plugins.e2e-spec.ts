import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DataSource } from 'typeorm';
import { TestApp } from './helpers/test-app';
import { pageStatements } from './helpers/queries';
import { createOne, expectStatus, Json } from './helpers/seed';
import { NO_PERMISSION, NOT_PROVIDED, baseUrl, grant, makeUserWithToken } from './helpers/users';

jest.setTimeout(180_000);

const ZONES = '/api/plugins/dns/zones/';
const RECORDS = '/api/plugins/dns/records/';
const ADDRESSES = '/api/ipam/ip-addresses/';
const CHANGES = '/api/extras/object-changes/';
const ZONE = { soa_mname: 'ns1.example.net', soa_rname: 'hostmaster.example.net' };
const TOO_NEW = 'test/fixtures/plugins/too-new';
const GREETER = 'test/fixtures/plugins/greeter';

describe('plugins', () => {
  let t: TestApp;
  let base: string;
  let tenant: Json;
  let example: Json;
  let www: Json;
  let v4: Json;
  let v6: Json;

  beforeAll(async () => {
    t = await TestApp.start({
      PLUGINS: `dns,${GREETER}`,
      PLUGINS_CONFIG: JSON.stringify({ dns: { default_ttl: 600 }, greeter: { greeting: 'Hello' } }),
    });
    base = baseUrl(t);
    tenant = await createOne(t, '/api/tenancy/tenants/', { name: 'Acme', slug: 'acme' });
    [v4, v6] = await Promise.all([createOne(t, ADDRESSES, { address: '192.0.2.10/24' }), createOne(t, ADDRESSES, { address: '2001:db8::10/64' })]);
    example = await createOne(t, ZONES, { name: 'Example.COM.', tenant: { slug: 'acme' }, ...ZONE });
    www = await createOne(t, RECORDS, { zone: example.id, name: 'www', type: 'A', ip_address: v4.id });
  });
  afterAll(() => t?.close());

  describe('listings', () => {
    it('lists the installed plugins’ API roots under /api/plugins/', async () => {
      const res = await t.get('/api/plugins/');
      expectStatus(res, 200);
      expect(res.body).toEqual({
        'installed-plugins': `${base}/api/plugins/installed-plugins/`,
        dns: `${base}/api/plugins/dns/`,
        hello: `${base}/api/plugins/hello/`,
      });
      expect((await t.get('/api/plugins/dns/')).body).toEqual({ records: `${base}${RECORDS}`, zones: `${base}${ZONES}` });
    });

    it('names each plugin with its version in the status', async () => {
      const res = await t.anon().get('/api/status/');
      expect(res.body.plugins).toEqual({ dns: '1.0.0', greeter: '0.1.0' });
    });

    it('describes installed plugins to staff only', async () => {
      const res = await t.get('/api/plugins/installed-plugins/');
      expectStatus(res, 200);
      expect(res.body).toEqual([
        { name: 'DNS', package: 'dns', author: 'The inventory service authors', author_email: '', description: 'DNS zones and records, tied to IP addresses', version: '1.0.0' },
        { name: 'greeter', package: 'greeter', author: '', author_email: '', description: '', version: '0.1.0' },
      ]);
      const { key } = await makeUserWithToken(t, 'viewer');
      const refused = await t.get('/api/plugins/installed-plugins/', key);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(NO_PERMISSION);
    });

    it('describes them on /v4 as 4.6 does: superusers only, each with its release track', async () => {
      const res = await t.get('/v4/api/plugins/installed-plugins/');
      expectStatus(res, 200);
      expect(res.body.map((p: Json) => [p.package, p.release_track])).toEqual([['dns', ''], ['greeter', 'beta']]);
      expect(Object.keys(res.body[0])).toEqual(['name', 'package', 'author', 'author_email', 'description', 'version', 'release_track']);
      const { key } = await makeUserWithToken(t, 'staff', { is_staff: true });
      expectStatus(await t.get('/api/plugins/installed-plugins/', key), 200);
      const refused = await t.get('/v4/api/plugins/installed-plugins/', key);
      expect(refused.status).toBe(403);
    });

    it('gives plugin models content types and OpenAPI operations', async () => {
      const types = await t.get('/api/extras/content-types/?app_label=dns&ordering=model');
      expect(types.body.results.map((c: Json) => `${c.app_label}.${c.model}`)).toEqual(['dns.record', 'dns.zone']);
      const schema = await t.get('/api/schema/?format=json');
      expect(schema.body.paths[ZONES].get.operationId).toBe('plugins_dns_zones_list');
      expect(schema.body.paths[`${RECORDS}{id}/`].patch.tags).toEqual(['plugins']);
      expect(schema.body.paths['/api/plugins/dns/zones/{id}/zone-file/'].get.operationId).toBe('plugins_dns_zones_zone_file_retrieve');
      expect(schema.body.components.schemas.WritableRecordRequest.properties.ip_address).toBeDefined();
    });
  });

  describe('CRUD on plugin models', () => {
    it('creates a zone with its rules: a normalised name, the default TTL from PLUGINS_CONFIG, a tenant by slug', () => {
      expect(example).toMatchObject({
        url: `${base}${ZONES}${example.id}/`,
        display: 'example.com',
        name: 'example.com',
        status: { value: 'active', label: 'Active' },
        default_ttl: 600,
        soa_serial: 1,
        soa_refresh: 43200,
        tenant: { id: tenant.id, slug: 'acme' },
        tags: [],
        custom_fields: {},
      });
    });

    it('nests the zone and the IP address in a record, and fills the value from the address', async () => {
      const res = await t.get(`${RECORDS}${www.id}/`);
      expect(res.body).toEqual({
        id: www.id,
        url: `${base}${RECORDS}${www.id}/`,
        display: 'www A 192.0.2.10',
        zone: { id: example.id, url: `${base}${ZONES}${example.id}/`, display: 'example.com', name: 'example.com', status: { value: 'active', label: 'Active' } },
        name: 'www',
        type: { value: 'A', label: 'A' },
        value: '192.0.2.10',
        ttl: null,
        ip_address: { id: v4.id, url: `${base}${ADDRESSES}${v4.id}/`, display: '192.0.2.10/24', family: 4, address: '192.0.2.10/24' },
        status: { value: 'active', label: 'Active' },
        description: '',
        tags: [],
        custom_fields: {},
        created: expect.any(String),
        last_updated: expect.any(String),
      });
      const brief = await t.get(`${RECORDS}${www.id}/?brief=1`);
      expect(brief.body).toEqual({ id: www.id, url: `${base}${RECORDS}${www.id}/`, display: 'www A 192.0.2.10', name: 'www', type: { value: 'A', label: 'A' }, value: '192.0.2.10' });
    });

    it('lists a core object’s records in its full form, as the plugin declares, in a fixed number of queries', async () => {
      const address = await t.get(`${ADDRESSES}${v4.id}/`);
      expect(address.body.dns_records).toEqual([{ id: www.id, url: `${base}${RECORDS}${www.id}/`, display: 'www A 192.0.2.10', name: 'www', type: { value: 'A', label: 'A' }, value: '192.0.2.10' }]);
      expect(Object.keys(address.body).slice(-2)).toEqual(['last_updated', 'dns_records']);
      expect((await t.get(`${ADDRESSES}${v4.id}/?brief=1`)).body).not.toHaveProperty('dns_records');
      const page = async (limit: number) => pageStatements(t, async () => expectStatus(await t.get(`${ADDRESSES}?limit=${limit}`), 200));
      await createOne(t, RECORDS, { zone: example.id, name: 'v6', type: 'AAAA', ip_address: v6.id });
      const few = await page(1);
      for (let i = 0; i < 6; i++) await createOne(t, ADDRESSES, { address: `192.0.2.${50 + i}/24` });
      expect(await page(50)).toBe(few);
      const schema = (await t.get('/api/schema/?format=json')).body.components.schemas.IPAddress.properties.dns_records;
      expect(schema).toEqual({ type: 'array', items: { $ref: '#/components/schemas/NestedRecord' }, readOnly: true });
    });

    it('raises the zone serial on every change of its records and counts them', async () => {
      const zone = await createOne(t, ZONES, { name: 'serial.test', ...ZONE });
      const record = await createOne(t, RECORDS, { zone: zone.id, name: 'txt', type: 'TXT', value: 'v=spf1 -all' });
      expectStatus(await t.patch(`${RECORDS}${record.id}/`, { ttl: 300 }), 200);
      const read = await t.get(`${ZONES}${zone.id}/`);
      expect(read.body).toMatchObject({ soa_serial: 3, record_count: 1 });
      expectStatus(await t.delete(`${RECORDS}${record.id}/`), 204);
      expect((await t.get(`${ZONES}${zone.id}/`)).body).toMatchObject({ soa_serial: 4, record_count: 0 });
    });

    it('updates and deletes zones, their records going with them', async () => {
      const zone = await createOne(t, ZONES, { name: 'gone.test', ...ZONE });
      const record = await createOne(t, RECORDS, { zone: zone.id, name: 'mail', type: 'MX', value: '10 mx.gone.test.' });
      const patched = await t.patch(`${ZONES}${zone.id}/`, { description: 'Lab', status: 'deprecated' });
      expect(patched.body).toMatchObject({ description: 'Lab', status: { value: 'deprecated', label: 'Deprecated' } });
      expectStatus(await t.delete(`${ZONES}${zone.id}/`), 204);
      expect((await t.get(`${RECORDS}${record.id}/`)).status).toBe(404);
    });

    it('keeps a record when its IP address is deleted, without the address', async () => {
      const address = await createOne(t, ADDRESSES, { address: '198.51.100.7/24' });
      const record = await createOne(t, RECORDS, { zone: example.id, name: 'old', type: 'A', ip_address: address.id });
      expectStatus(await t.delete(`${ADDRESSES}${address.id}/`), 204);
      expect((await t.get(`${RECORDS}${record.id}/`)).body).toMatchObject({ ip_address: null, value: '198.51.100.7' });
    });

    it('protects a tenant that a zone uses', async () => {
      const res = await t.delete(`/api/tenancy/tenants/${tenant.id}/`);
      expect(res.status).toBe(409);
    });
  });

  describe('bad input', () => {
    it('answers field-keyed errors for invalid names, types and values', async () => {
      const bad = await t.post(ZONES, { name: 'bad name!', ...ZONE });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ name: ['bad name! is not a valid DNS name.'] });
      // NetBox's order: a taken unique field (DRF's validator) stops before the model's rules run.
      const taken = await t.post(ZONES, { ...ZONE, name: 'example.com', soa_rname: 'not an email!' });
      expect(taken.body).toEqual({ name: ['zone with this name already exists.'] });
      const missing = await t.post(ZONES, { name: 'missing.test' });
      expect(missing.body).toEqual({ soa_mname: ['This field is required.'], soa_rname: ['This field is required.'] });
      const type = await t.post(RECORDS, { zone: example.id, name: 'x', type: 'WKS', value: 'x' });
      expect(type.body).toEqual({ type: ['"WKS" is not a valid choice.'] });
      const notV4 = await t.post(RECORDS, { zone: example.id, name: 'x', type: 'A', value: '2001:db8::1' });
      expect(notV4.body).toEqual({ value: ['2001:db8::1 is not an IPv4 address.'] });
      const family = await t.post(RECORDS, { zone: example.id, name: 'x', type: 'AAAA', ip_address: v4.id });
      expect(family.body).toEqual({ ip_address: ['An IPv4 address makes an A record, not AAAA.'] });
      const ttl = await t.post(RECORDS, { zone: example.id, name: 'x', type: 'TXT', value: 'x', ttl: 'soon' });
      expect(ttl.body).toEqual({ ttl: ['A valid integer is required.'] });
    });

    it('refuses unknown and ambiguous related objects', async () => {
      const unknown = await t.post(RECORDS, { zone: 99999, name: 'x', type: 'TXT', value: 'x' });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({ zone: ['Related object not found using the provided numeric ID: 99999'] });
      await createOne(t, ADDRESSES, { address: '203.0.113.1/24', description: 'twin' });
      await createOne(t, ADDRESSES, { address: '203.0.113.2/24', description: 'twin' });
      const ambiguous = await t.post(RECORDS, { zone: example.id, name: 'x', type: 'A', ip_address: { description: 'twin' } });
      expect(ambiguous.status).toBe(400);
      expect(ambiguous.body.ip_address[0]).toMatch(/Multiple objects match/);
    });

    it('refuses malformed JSON and duplicates, and writes nothing of a bulk request that fails', async () => {
      const malformed = await t.post(RECORDS).set('Content-Type', 'application/json').send('{"zone": ');
      expect(malformed.status).toBe(400);
      const duplicate = await t.post(RECORDS, { zone: example.id, name: 'www', type: 'A', value: '192.0.2.10' });
      expect(duplicate.status).toBe(400);
      expect(duplicate.body).toEqual({ __all__: ['Record with this Zone, Name, Type and Value already exists.'] });
      const before = (await t.get(`${RECORDS}?limit=1`)).body.count;
      const bulk = await t.post(RECORDS, [
        { zone: example.id, name: 'a1', type: 'A', value: '192.0.2.21' },
        { zone: example.id, name: 'a2', type: 'A', value: 'not-an-address' },
      ]);
      expect(bulk.status).toBe(400);
      expect(bulk.body).toEqual([{}, { value: ['not-an-address is not an IPv4 address.'] }]);
      expect((await t.get(`${RECORDS}?limit=1`)).body.count).toBe(before);
    });
  });

  describe('filters', () => {
    beforeAll(async () => {
      const other = await createOne(t, ZONES, { name: 'other.test', ...ZONE });
      await createOne(t, ADDRESSES, { address: '192.0.2.99/24', description: 'no name' });
      await t.post(RECORDS, [
        { zone: example.id, name: '@', type: 'MX', value: '10 mail.example.com.' },
        { zone: other.id, name: 'www', type: 'CNAME', value: 'www.example.com.' },
      ]);
    });
    const names = async (query: string) => (await t.get(`${RECORDS}?${query}`)).body.results.map((r: Json) => `${r.name}/${r.type.value}`);

    it('filters records by zone, type, name, address and search', async () => {
      expect(await names('zone=other.test')).toEqual(['www/CNAME']);
      expect(await names(`zone_id=${example.id}&type=AAAA`)).toEqual(['v6/AAAA']);
      expect(await names('name=www&ordering=type')).toEqual(['www/A', 'www/CNAME']);
      expect(await names(`ip_address_id=${v6.id}`)).toEqual(['v6/AAAA']);
      expect(await names('q=other.te')).toEqual(['www/CNAME']);
      expect(await names('type__n=A&type__n=AAAA&zone=example.com')).toEqual(['@/MX']);
      const unknown = await t.get(`${RECORDS}?zone=nowhere.test`);
      expect(unknown.status).toBe(400);
    });

    it('filters zones by tenant and status', async () => {
      const res = await t.get(`${ZONES}?tenant=acme`);
      expect(res.body.results.map((z: Json) => z.name)).toEqual(['example.com']);
      expect((await t.get(`${ZONES}?status=reserved`)).body.count).toBe(0);
    });

    it('gives IP addresses a filter by the zones of their records', async () => {
      const byZone = await t.get(`${ADDRESSES}?dns_zone=example.com`);
      expect(byZone.body.results.map((a: Json) => a.address)).toEqual(['192.0.2.10/24', '2001:db8::10/64']);
      const byId = await t.get(`${ADDRESSES}?dns_zone_id=${example.id}&family=6`);
      expect(byId.body.results.map((a: Json) => a.address)).toEqual(['2001:db8::10/64']);
      const without = await t.get(`${ADDRESSES}?dns_zone__n=example.com`);
      expect(without.body.results.map((a: Json) => a.address)).toContain('192.0.2.99/24');
      expect(without.body.results.map((a: Json) => a.address)).not.toContain('192.0.2.10/24');
    });
  });

  describe('permissions', () => {
    it('holds plugin object types to object permissions, with constraints', async () => {
      const { user, key } = await makeUserWithToken(t, 'dnsviewer');
      expect((await t.get(ZONES, key)).status).toBe(403);
      await grant(t, { object_types: ['dns.zone', 'dns.record'], actions: ['view'], constraints: { name: 'example.com' }, users: [user.id] });
      const zones = await t.get(ZONES, key);
      expect(zones.body.results.map((z: Json) => z.name)).toEqual(['example.com']);
      const records = await t.get(RECORDS, key);
      expect(records.body.count).toBe(0);
      const denied = await t.post(ZONES, { name: 'mine.test', ...ZONE }, key);
      expect(denied.status).toBe(403);
      expect(denied.body).toEqual(NO_PERMISSION);
      expect((await t.anon().get(ZONES)).body).toEqual(NOT_PROVIDED);
    });

    it('keeps a plugin route within the permissions of the user', async () => {
      const { user, key } = await makeUserWithToken(t, 'zonefile');
      expect((await t.get(`${ZONES}${example.id}/zone-file/`, key)).status).toBe(403);
      await grant(t, { object_types: ['dns.zone'], actions: ['view'], users: [user.id] });
      await grant(t, { object_types: ['dns.record'], actions: ['view'], constraints: { type: 'A' }, users: [user.id] });
      const res = await t.get(`${ZONES}${example.id}/zone-file/`, key);
      expectStatus(res, 200);
      const zone = (await t.get(`${ZONES}${example.id}/`)).body;
      expect(res.body).toEqual({
        zone: 'example.com',
        serial: zone.soa_serial,
        text: [
          '$ORIGIN example.com.',
          '$TTL 600',
          `@ IN SOA ns1.example.net. hostmaster.example.net. ${zone.soa_serial} 43200 7200 2419200 3600`,
          'old IN A 198.51.100.7',
          'www IN A 192.0.2.10',
          '',
        ].join('\n'),
      });
      expect((await t.get(`${ZONES}99999/zone-file/`)).status).toBe(404);
    });

    it('runs routes of plugins without a model behind authentication, with their settings', async () => {
      const res = await t.get('/api/plugins/hello/greeting/');
      expect(res.body).toEqual({ greeting: 'Hello, admin' });
      expect((await t.anon().get('/api/plugins/hello/greeting/')).body).toEqual(NOT_PROVIDED);
    });
  });

  describe('the generic layer', () => {
    it('records changes to plugin objects, naming the zone as related object', async () => {
      const record = await createOne(t, RECORDS, { zone: example.id, name: 'ftp', type: 'CNAME', value: 'www' });
      const res = await t.get(`${CHANGES}?changed_object_type=dns.record&changed_object_id=${record.id}`);
      expect(res.body.results).toHaveLength(1);
      expect(res.body.results[0]).toMatchObject({
        action: { value: 'create', label: 'Created' },
        changed_object_type: 'dns.record',
        changed_object: { id: record.id, display: 'ftp CNAME www' },
        related_object: { id: example.id, name: 'example.com' },
        postchange_data: { name: 'ftp', type: 'CNAME', value: 'www', zone: example.id },
      });
    });

    it('tags plugin objects and gives them custom fields, and core objects custom fields pointing at plugin objects', async () => {
      const tag = await createOne(t, '/api/extras/tags/', { name: 'Public', slug: 'public' });
      await createOne(t, '/api/extras/custom-fields/', { name: 'registrar', content_types: ['dns.zone'] });
      await createOne(t, '/api/extras/custom-fields/', { name: 'reverse_zone', type: 'object', object_type: 'dns.zone', content_types: ['ipam.ipaddress'] });
      const zone = await t.patch(`${ZONES}${example.id}/`, { tags: [{ slug: 'public' }], custom_fields: { registrar: 'Gandi' } });
      expectStatus(zone, 200);
      expect(zone.body.tags).toEqual([expect.objectContaining({ id: tag.id, slug: 'public' })]);
      expect(zone.body.custom_fields).toEqual({ registrar: 'Gandi' });
      expect((await t.get(`${ZONES}?tag=public&cf_registrar=Gandi`)).body.count).toBe(1);
      const address = await t.patch(`${ADDRESSES}${v4.id}/`, { custom_fields: { reverse_zone: example.id } });
      expectStatus(address, 200);
      expect(address.body.custom_fields.reverse_zone).toEqual({ id: example.id, url: `${base}${ZONES}${example.id}/`, display: 'example.com', name: 'example.com', status: { value: 'active', label: 'Active' } });
    });

    it('takes journal entries on plugin objects', async () => {
      const entry = await createOne(t, '/api/extras/journal-entries/', { assigned_object_type: 'dns.zone', assigned_object_id: example.id, comments: 'Transferred' });
      expect(entry).toMatchObject({ assigned_object_type: 'dns.zone', assigned_object: { id: example.id, name: 'example.com' } });
    });
  });

  describe('migrations', () => {
    it('leave no difference between the schema and the entities with the plugin installed', async () => {
      const ds = t.app.get(DataSource);
      const pending = await ds.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((q) => q.query)).toEqual([]);
      expect(await ds.showMigrations()).toBe(false);
      const applied = (await ds.query('SELECT name FROM migrations')).map((m: Json) => m.name);
      expect(applied.filter((name: string) => name.startsWith('Dns'))).toEqual([expect.stringMatching(/^DnsInitial\d{13}$/)]);
    });
  });
});

describe('plugins that cannot be installed', () => {
  it('stops the start when the service is outside the plugin’s version range', async () => {
    await expect(TestApp.start({ PLUGINS: TOO_NEW })).rejects.toThrow(`plugin "${TOO_NEW}" cannot be installed: it requires service version 9.0.0 or later; this is 3.5.0`);
  });

  it('stops the start for a plugin that is not there or lacks a required setting', async () => {
    await expect(TestApp.start({ PLUGINS: 'no_such_plugin' })).rejects.toThrow('plugin "no_such_plugin" cannot be installed: there is no plugins/no_such_plugin folder and no package named no_such_plugin');
    await expect(TestApp.start({ PLUGINS: GREETER })).rejects.toThrow(`plugin "${GREETER}" cannot be installed: plugin greeter requires the setting greeting in PLUGINS_CONFIG`);
    await expect(TestApp.start({ PLUGINS: 'dns', PLUGINS_CONFIG: '{"dsn": {}}' })).rejects.toThrow('PLUGINS_CONFIG names plugins that are not installed: dsn');
  });

  it('exits the service process with the plugin named', async () => {
    // eslint-disable-next-line @typescript-eslint/no-var-requires
    const { buildIfNeeded, entry } = require('../scripts/start.js') as { buildIfNeeded: () => void; entry: string };
    buildIfNeeded();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plugin-refused-'));
    const proc: ChildProcess = spawn(process.execPath, [entry], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', PLUGINS: TOO_NEW },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    proc.stderr!.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => proc.on('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(2);
    expect(stderr.trim()).toBe(`Configuration error: plugin "${TOO_NEW}" cannot be installed: it requires service version 9.0.0 or later; this is 3.5.0`);
  });
});
