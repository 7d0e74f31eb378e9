import { execFileSync, spawnSync } from 'child_process';
import { createHmac } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { loadConfig } from '../src/core/config/config';
import { standaloneDataSource } from '../src/core/db/standalone';
import { registry } from '../src/core/model/model';
import { ImportProgress, ImportRefusedError, ImportReport, Importer } from '../src/import-netbox/importer';
import { DumpdataSource } from '../src/import-netbox/dumpdata-source';
import { formatReport } from '../src/import-netbox/report';
import { PostgresSource } from '../src/import-netbox/source';
import schemas from '../src/import-netbox/netbox-schemas.json';
import { adminQuery } from './helpers/scratch-database';
import { expectStatus, Json } from './helpers/seed';
import { TestApp, migratedCopyOf } from './helpers/test-app';

jest.setTimeout(600_000);

const DUMP = path.join(__dirname, 'fixtures', 'netbox-demo', 'netbox-demo-v3.5.sql.gz');
/** The newest 4.x dump of the demo data: a 4.2 pre-release. */
const DUMP_4X = path.join(__dirname, 'fixtures', 'netbox-demo', 'netbox-demo-v4.2.sql.gz');
/** The demo data as `manage.py dumpdata` wrote it (an older snapshot than the 3.5 SQL dump). */
const DUMPDATA = path.join(__dirname, 'fixtures', 'netbox-demo', 'netbox-demo-v3.5.json.gz');
/** The PostgreSQL server the NetBox source database is made on: the tests' own, or (the embedded run's) the local one. */
const SERVER = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** A 3.5 key the dump's admin is given: the demo data has no token. */
const DEMO_TOKEN = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** The files the 3.5 source's rows name: the attachment's is in the media directory, `GONE` is not. */
const ATTACHED = 'image-attachments/site_1_front.png';
const GONE = 'image-attachments/site_1_gone.png';
const FRONT_IMAGE = 'devicetype-images/mx480_front.png';

/** A copy of NetBox's MEDIA_ROOT with the attachment's and the device type's files (not `GONE`). */
function mediaDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'netbox-media-'));
  for (const file of [ATTACHED, FRONT_IMAGE]) {
    fs.mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), PNG);
  }
  return dir;
}

/** A connection to a database on SERVER. */
async function connectTo(name: string): Promise<{ url: string; client: Client; query(sql: string): Promise<Json[]> }> {
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  return { url: url.toString(), client, query: async (sql: string) => (await client.query(sql)).rows as Json[] };
}

/**
 * Each dump loaded once a run into a template database, which each source copies: psql takes seconds to load one, and
 * PostgreSQL copies a database in a fraction of one. Dropped after the last test.
 */
const templates = new Map<string, Promise<string>>();
afterAll(async () => {
  for (const template of templates.values()) {
    const name = await template.catch(() => undefined);
    if (name) await adminQuery(SERVER, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
});

function templateOf(dump: string): Promise<string> {
  let template = templates.get(dump);
  if (!template) {
    template = loadTemplate(dump, `netbox_template_${process.pid}_${templates.size}`);
    templates.set(dump, template);
  }
  return template;
}

/**
 * NetBox's demo database, loaded with psql into a database of its own, plus what the demo lacks: a token, an assigned
 * address, MAC addresses on interfaces and a VM interface (in the notations PostgreSQL's `macaddr` takes).
 */
async function loadTemplate(dump: string, name: string): Promise<string> {
  await adminQuery(SERVER, `CREATE DATABASE ${name}`);
  try {
    await completeTemplate(dump, name);
  } catch (e) {
    await adminQuery(SERVER, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw e;
  }
  return name;
}

async function completeTemplate(dump: string, name: string): Promise<void> {
  const { url, client, query } = await connectTo(name);
  try {
    // The dump names its owner role, which need not exist here: those statements fail alone.
    execFileSync('sh', ['-c', `gunzip -c "${dump}" | psql -q "${url}" >/dev/null 2>&1 || true`]);
    const [interfaceType] = await query("SELECT id FROM django_content_type WHERE app_label = 'dcim' AND model = 'interface'");
    await query(`INSERT INTO users_token (created, expires, key, write_enabled, description, user_id, allowed_ips, last_used) VALUES (now(), NULL, '${DEMO_TOKEN}', true, 'demo', 1, '{}', NULL)`);
    await query(`UPDATE ipam_ipaddress SET assigned_object_type_id = ${interfaceType.id}, assigned_object_id = 1 WHERE id = 1`);
    await query('UPDATE dcim_device SET primary_ip4_id = 1 WHERE id = 1');
    if ((await query("SELECT 1 FROM information_schema.columns WHERE table_name = 'extras_imageattachment' AND column_name = 'content_type_id'")).length) {
      const [siteType] = await query("SELECT id FROM django_content_type WHERE app_label = 'dcim' AND model = 'site'");
      await query(
        `INSERT INTO extras_imageattachment (id, object_id, image, image_height, image_width, name, created, content_type_id, last_updated) VALUES (1, 1, '${ATTACHED}', 1, 1, 'Front', now(), ${siteType.id}, now()), (2, 1, '${GONE}', 1, 1, 'Gone', now(), ${siteType.id}, now())`,
      );
      await query(`UPDATE dcim_devicetype SET front_image = '${FRONT_IMAGE}' WHERE id = 1`);
    }
    if ((await query("SELECT 1 FROM information_schema.columns WHERE table_name = 'dcim_interface' AND column_name = 'mac_address'")).length) {
      await query("UPDATE dcim_interface SET mac_address = '00:1a:2b:3c:4d:5e' WHERE id = 1");
      await query("UPDATE dcim_interface SET mac_address = '00-1A-2B-3C-4D-5F' WHERE id = 2");
      await query("UPDATE virtualization_vminterface SET mac_address = '525400123456' WHERE id = (SELECT MIN(id) FROM virtualization_vminterface)");
    }
  } finally {
    // A database is copied only while nobody is connected to it.
    await client.end();
  }
}

/** A database of its own holding a dump (NetBox 3.5's demo unless told), as `loadTemplate` completes it. */
async function netboxSource(dump = DUMP): Promise<{ url: string; query(sql: string): Promise<Json[]>; drop(): Promise<void> }> {
  const name = `netbox_source_${process.pid}_${Date.now()}`;
  await adminQuery(SERVER, `CREATE DATABASE ${name} TEMPLATE ${await templateOf(dump)}`);
  const { url, client, query } = await connectTo(name);
  return {
    url,
    query,
    drop: async () => {
      await client.end();
      await adminQuery(SERVER, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A target database of this service's, migrated: PostgreSQL on TEST_DATABASE_URL's server, else SQLite in a directory.
 * A copy of one migrated once for the file: SQLite's migrations take seconds each time.
 */
async function target(): Promise<{ env: Record<string, string>; dataSource: DataSource; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-target-'));
  const database = await migratedCopyOf('', dataDir);
  const env: Record<string, string> = database.url ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir };
  const dataSource = standaloneDataSource(loadConfig(env));
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'all' });
  return {
    env,
    dataSource,
    drop: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function importInto(dataSource: DataSource, url: string, options: ConstructorParameters<typeof Importer>[2] = {}): Promise<ImportReport> {
  const source = new PostgresSource(url);
  try {
    return await new Importer(dataSource, source, options).run();
  } finally {
    await source.close();
  }
}

async function count(dataSource: DataSource, table: string): Promise<number> {
  const [row] = await dataSource.query(`SELECT COUNT(*) AS n FROM "${table}"`);
  return Number(row.n);
}

/** Every imported table's rows, in id order: what two databases must both hold to be the same. */
async function contents(dataSource: DataSource, report: ImportReport): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  // With the rows the models' rules wrote into other tables (a 3.5 interface's MAC address objects).
  for (const model of new Set(report.models.flatMap((m) => [m.model, ...Object.keys(m.alsoWritten)]))) {
    const table = registry.get(model)!.table;
    out[table] = await dataSource.query(`SELECT * FROM "${table}" ORDER BY id`);
  }
  return out;
}

describe('import-netbox from NetBox 3.5', () => {
  let source: Awaited<ReturnType<typeof netboxSource>>;
  let into: Awaited<ReturnType<typeof target>>;
  let report: ImportReport;
  let t: TestApp;
  let media: { from: string; root: string };

  beforeAll(async () => {
    source = await netboxSource();
    into = await target();
    media = { from: mediaDir(), root: fs.mkdtempSync(path.join(os.tmpdir(), 'import-media-root-')) };
    report = await importInto(into.dataSource, source.url, { media });
    // Another superuser than the dump's admin: its password stays NetBox's.
    t = await TestApp.start({ ...into.env, SUPERUSER_NAME: 'service-admin', MEDIA_ROOT: media.root });
  });
  afterAll(async () => {
    await t?.close();
    await into?.drop();
    await source?.drop();
    for (const dir of Object.values(media ?? {})) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('brings every row of the demo data it has a model for, refusing none, and says what it does not bring', async () => {
    expect(report.models.flatMap((m) => m.refusals)).toEqual([]);
    expect(report.totals.refused).toBe(0);
    for (const m of report.models) {
      const [row] = await source.query(`SELECT COUNT(*) AS n FROM "${m.table}"`);
      expect({ model: m.model, read: m.read, written: m.written }).toEqual({ model: m.model, read: Number(row.n), written: Number(row.n) });
    }
    expect(report.notBrought).toEqual(
      expect.arrayContaining([
        { table: 'dcim_cablepath', rows: 154, reason: expect.any(String) },
        { table: 'extras_cachedvalue', rows: 13652, reason: expect.any(String) },
      ]),
    );
    expect(report.models.find((m) => m.model === 'circuits.circuit')!.columnsNotBrought).toEqual({ termination_a_id: 16, termination_z_id: 29 });
  });

  it('serves as many objects of each model as the source has', async () => {
    for (const m of report.models) {
      const model = registry.get(m.model)!;
      if (model.internal || !m.read) continue;
      // What NetBox 3.5 serves on /api/, the rest on /v4/api/ (tagged objects).
      const served = await t.get(`${model.path}?limit=1`);
      const res = served.status === 404 ? await t.get(`/v4${model.path}?limit=1`) : served;
      expectStatus(res, 200);
      // Tokens are listed with the service's own superuser's.
      const own = model.label === 'users.token' ? 1 : model.label === 'users.user' ? 1 : 0;
      expect({ model: m.model, count: res.body.count }).toEqual({ model: m.model, count: m.read + own });
    }
  });

  it('keeps the values NetBox had: a site, a device with its interfaces, an address and its interface, a prefix, a cable, tags, custom fields', async () => {
    const site = (await t.get('/api/dcim/sites/1/')).body;
    expect(site).toMatchObject({ id: 1, name: 'DM-NYC', slug: 'dm-nyc', status: { value: 'active' }, region: { id: 43 } });
    const device = (await t.get('/api/dcim/devices/1/')).body;
    expect(device).toMatchObject({ name: 'dmi01-akron-rtr01', primary_ip4: { id: 1 }, primary_ip: { id: 1 } });
    const interfaces = (await t.get('/api/dcim/interfaces/?device_id=1&limit=0')).body;
    expect(interfaces.count).toBe(14);
    expect(interfaces.results.find((i: Json) => i.id === 1).name).toBe('GigabitEthernet0/0/0');
    const address = (await t.get('/api/ipam/ip-addresses/1/')).body;
    expect(address).toMatchObject({ address: '192.168.0.1/22', assigned_object_type: 'dcim.interface', assigned_object_id: 1, assigned_object: { id: 1, name: 'GigabitEthernet0/0/0' } });
    const prefix = (await t.get('/api/ipam/prefixes/8/')).body;
    expect(prefix).toMatchObject({ prefix: '10.112.129.0/24', site: { id: 2 }, vlan: { id: 1 }, status: { value: 'active' } });
    const [cableEnds] = await source.query(
      "SELECT string_agg(CASE WHEN cable_end = 'A' THEN termination_id::text END, ',' ORDER BY termination_id) AS a, string_agg(CASE WHEN cable_end = 'B' THEN termination_id::text END, ',' ORDER BY termination_id) AS b FROM dcim_cabletermination WHERE cable_id = 1",
    );
    const cable = (await t.get('/api/dcim/cables/1/')).body;
    expect(cable).toMatchObject({ type: 'smf', status: { value: 'connected' } });
    const ends = (terminations: Json[]) => terminations.map((x) => x.object_id as number).sort((a, b) => a - b).join(',');
    expect([ends(cable.a_terminations), ends(cable.b_terminations)]).toEqual([cableEnds.a, cableEnds.b]);
    const tagged = await source.query(
      "SELECT g.slug FROM extras_taggeditem x JOIN extras_tag g ON g.id = x.tag_id JOIN django_content_type c ON c.id = x.content_type_id WHERE c.model = 'site' AND x.object_id = 24 ORDER BY g.slug",
    );
    expect(tagged.length).toBeGreaterThan(0);
    expect(((await t.get('/api/dcim/sites/24/')).body.tags as Json[]).map((g) => g.slug).sort()).toEqual(tagged.map((g) => g.slug));
    expect((await t.get('/api/tenancy/tenants/1/')).body.custom_fields).toEqual({ cust_id: 'INI04' });
    expect((await t.get('/api/extras/custom-fields/1/')).body.content_types).toEqual(['tenancy.tenant']);
  });

  it("makes 3.5's interface MAC addresses MAC address objects, each its interface's primary, as a 3.5 client's write would", async () => {
    const [macs] = await source.query(
      "SELECT (SELECT COUNT(*) FROM dcim_interface WHERE mac_address IS NOT NULL) + (SELECT COUNT(*) FROM virtualization_vminterface WHERE mac_address IS NOT NULL) AS n",
    );
    expect(Number(macs.n)).toBe(3);
    expect(await count(into.dataSource, 'dcim_macaddress')).toBe(Number(macs.n));
    const [withMac] = await source.query('SELECT id, mac_address::text AS mac FROM dcim_interface WHERE mac_address IS NOT NULL ORDER BY id LIMIT 1');
    const mac = String(withMac.mac).toUpperCase();
    expect((await t.get(`/api/dcim/interfaces/${withMac.id}/`)).body.mac_address).toBe(mac);
    const v4 = (await t.get(`/v4/api/dcim/interfaces/${withMac.id}/`)).body;
    expect(v4.primary_mac_address).toMatchObject({ mac_address: mac });
    const objects = (await t.get(`/v4/api/dcim/mac-addresses/?mac_address=${mac}`)).body;
    expect(objects.results).toEqual([
      expect.objectContaining({ id: v4.primary_mac_address.id, mac_address: mac, assigned_object_type: 'dcim.interface', assigned_object_id: withMac.id }),
    ]);
    const [vmWithMac] = await source.query('SELECT id FROM virtualization_vminterface WHERE mac_address IS NOT NULL');
    expect((await t.get(`/api/virtualization/interfaces/${vmWithMac.id}/`)).body.mac_address).toBe('52:54:00:12:34:56');
    expect(report.models.find((m) => m.model === 'dcim.interface')!.alsoWritten).toEqual({ 'dcim.macaddress': 2 });
    expect(report.models.find((m) => m.model === 'virtualization.vminterface')!.alsoWritten).toEqual({ 'dcim.macaddress': 1 });
    expect(report.models.find((m) => m.model === 'dcim.interface')!.columnsNotBrought).toEqual({});
    // A new MAC address object takes an id past those the import made.
    const created = await t.post('/v4/api/dcim/mac-addresses/', { mac_address: '02:00:00:00:00:01' });
    expectStatus(created, 201);
    expect(created.body.id).toBeGreaterThan(Number(macs.n));
  });

  it("copies the files of the image attachments it brought from the media directory, and reports one it lacks", async () => {
    const attachments = report.models.find((m) => m.model === 'extras.imageattachment')!;
    expect(attachments).toMatchObject({ written: 2, refused: 0, media: { copied: 1, present: 0, missing: [GONE], kept: [] } });
    const attachment = (await t.get('/api/extras/image-attachments/1/')).body;
    expect(attachment).toMatchObject({ name: 'Front', image: expect.stringMatching(new RegExp(`/media/${ATTACHED}$`)) });
    const served = await t.anon().get(new URL(attachment.image).pathname).buffer(true);
    expectStatus(served, 200);
    expect(Buffer.compare(served.body, PNG)).toBe(0);
    // Brought without its file, which NetBox's media lacked too.
    expectStatus(await t.get('/api/extras/image-attachments/2/'), 200);
    expect(formatReport(report)).toContain(`missing: ${GONE}`);
    // This service keeps no device type images: the path is reported as not brought, and its file is not copied.
    expect(report.models.find((m) => m.model === 'dcim.devicetype')).toMatchObject({ columnsNotBrought: { front_image: 1 } });
    expect(report.models.find((m) => m.model === 'dcim.devicetype')!.media).toBeUndefined();
    expect(fs.readdirSync(media.root)).toEqual(['image-attachments']);
  });

  it('places trees as NetBox had them', async () => {
    const region = (await t.get('/api/dcim/regions/32/')).body;
    expect(region).toMatchObject({ name: 'Washington', parent: { id: 7 }, _depth: 2 });
    const children = (await t.get('/api/dcim/regions/?parent_id=7&limit=0')).body.count;
    const [expected] = await source.query('SELECT COUNT(*) AS n FROM dcim_region WHERE parent_id = 7');
    expect(children).toBe(Number(expected.n));
  });

  it('traces the imported cables, and computes what NetBox computed: paths, prefix depth and children, tree levels', async () => {
    expect(report.differences).toEqual([]);
    const [netbox] = await source.query('SELECT COUNT(*) AS n FROM dcim_interface WHERE _path_id IS NOT NULL');
    const [ours] = await into.dataSource.query('SELECT COUNT(*) AS n FROM dcim_interface WHERE _path_id IS NOT NULL');
    expect(Number(ours.n)).toBe(Number(netbox.n));
    const [{ connected_endpoints_reachable }] = (await t.get('/api/dcim/interfaces/?cabled=true&limit=1')).body.results;
    expect(typeof connected_endpoints_reachable).toBe('boolean');
  });

  it("signs the dump's users in with their NetBox passwords, and its tokens authenticate", async () => {
    const provisioned = await t.anon().post('/api/users/tokens/provision/').send({ username: 'admin', password: 'admin' });
    expectStatus(provisioned, 201);
    // Rehashed with the service's own scheme at that sign-in: the same password still works.
    const [admin] = await into.dataSource.query("SELECT password FROM users_user WHERE username = 'admin'");
    expect(admin.password).toMatch(/^scrypt\$/);
    expectStatus(await t.anon().post('/api/users/tokens/provision/').send({ username: 'admin', password: 'admin' }), 201);
    expectStatus(await t.anon().post('/api/users/tokens/provision/').send({ username: 'admin', password: 'wrong' }), 403);
    const res = await t.get('/api/dcim/sites/?limit=1', DEMO_TOKEN);
    expectStatus(res, 200);
    expect(res.body.count).toBe(24);
  });

  it('creates new objects past the imported ids', async () => {
    const res = await t.post('/api/tenancy/tenants/', { name: 'After the import', slug: 'after-the-import' });
    expectStatus(res, 201);
    expect(res.body.id).toBeGreaterThan(11);
  });

  it('writes nothing when run again', async () => {
    const again = await importInto(into.dataSource, source.url);
    expect(again.totals).toEqual({ read: report.totals.read, written: 0, skipped: report.totals.read, refused: 0 });
  });

  it("copies again, run again, the files of rows already there that MEDIA_ROOT lacks, and leaves those it holds", async () => {
    fs.rmSync(path.join(media.root, ATTACHED));
    const again = await importInto(into.dataSource, source.url, { media });
    expect(again.totals).toMatchObject({ written: 0, refused: 0 });
    expect(again.models.find((m) => m.model === 'extras.imageattachment')!.media).toEqual({ copied: 1, present: 0, missing: [GONE], kept: [] });
    expect(Buffer.compare(fs.readFileSync(path.join(media.root, ATTACHED)), PNG)).toBe(0);
    const third = await importInto(into.dataSource, source.url, { media });
    expect(third.models.find((m) => m.model === 'extras.imageattachment')!.media).toEqual({ copied: 0, present: 1, missing: [GONE], kept: [] });
  });

  it("rewrites an interface's MAC address object where the source changed its mac_address since, and deletes it where cleared", async () => {
    const [before] = await into.dataSource.query('SELECT primary_mac_address_id AS id FROM dcim_interface WHERE id = 1');
    await source.query("UPDATE dcim_interface SET mac_address = '00:1a:2b:3c:4d:99', last_updated = now() WHERE id = 1");
    await source.query('UPDATE virtualization_vminterface SET mac_address = NULL, last_updated = now() WHERE mac_address IS NOT NULL');
    const again = await importInto(into.dataSource, source.url);
    expect(again.totals).toMatchObject({ written: 2, refused: 0 });
    const updated = (await t.get('/v4/api/dcim/interfaces/1/')).body;
    expect(updated.primary_mac_address).toMatchObject({ id: Number(before.id), mac_address: '00:1A:2B:3C:4D:99' });
    // The two interfaces' and the one made through the API above.
    expect(await count(into.dataSource, 'dcim_macaddress')).toBe(3);
    expect((await t.get('/v4/api/dcim/mac-addresses/?assigned_object_type=virtualization.vminterface')).body.count).toBe(0);
  });
});

describe('import-netbox compares what NetBox computed', () => {
  let source: Awaited<ReturnType<typeof netboxSource>>;
  let into: Awaited<ReturnType<typeof target>>;
  afterAll(async () => {
    await into?.drop();
    await source?.drop();
  });

  it("lists exactly the values the source holds otherwise: a path's destination, a circuit's A side, a range's size, a prefix's depth", async () => {
    source = await netboxSource();
    into = await target();
    await source.query('UPDATE ipam_prefix SET _depth = _depth + 1 WHERE id = 8');
    const [interfaceType] = await source.query("SELECT id FROM django_content_type WHERE app_label = 'dcim' AND model = 'interface'");
    // A path from one interface over one cable to one other: its destination moved to another interface.
    const [path] = await source.query(
      'SELECT id, path::text AS path FROM dcim_cablepath WHERE is_complete AND jsonb_array_length(path) = 3 AND jsonb_array_length(path->0) = 1 AND jsonb_array_length(path->2) = 1 ORDER BY id LIMIT 1',
    );
    const [[origin], cable, [destination]] = JSON.parse(path.path) as string[][];
    const [originId, destinationId] = [origin, destination].map((node) => Number(node.split(':')[1]));
    const [other] = await source.query(`SELECT id FROM dcim_interface WHERE id <> ${destinationId} ORDER BY id DESC LIMIT 1`);
    const altered = JSON.stringify([[origin], cable, [`${interfaceType.id}:${other.id}`]]);
    await source.query(`UPDATE dcim_cablepath SET path = '${altered}'::jsonb WHERE id = ${path.id}`);
    const [prefix] = await source.query('SELECT _depth, _children FROM ipam_prefix WHERE id = 8');
    const [range] = await source.query('UPDATE ipam_iprange SET size = size + 1 WHERE id = 1 RETURNING size');
    const [circuit] = await source.query('SELECT termination_a_id FROM circuits_circuit WHERE id = 1');
    await source.query('UPDATE circuits_circuit SET termination_a_id = NULL WHERE id = 1');
    const report = await importInto(into.dataSource, source.url);
    expect(report.differences).toEqual([
      { model: 'circuits.circuit', id: 1, value: 'termination_a', netbox: null, ours: circuit.termination_a_id },
      { model: 'dcim.interface', id: originId, value: 'path', netbox: `complete, active → dcim.interface:${other.id}`, ours: `complete, active → dcim.interface:${destinationId}` },
      { model: 'ipam.iprange', id: 1, value: 'size', netbox: range.size, ours: range.size - 1 },
      { model: 'ipam.prefix', id: 8, value: '_depth', netbox: prefix._depth, ours: prefix._depth - 1 },
    ]);
    expect(formatReport(report)).toContain(`ipam.prefix 8 _depth: ${prefix._depth} → ${prefix._depth - 1}`);
  });
});

describe('import-netbox from the newest 4.x dump', () => {
  let source: Awaited<ReturnType<typeof netboxSource>>;
  let into: Awaited<ReturnType<typeof target>>;
  let report: ImportReport;
  let t: TestApp;

  beforeAll(async () => {
    source = await netboxSource(DUMP_4X);
    // The demo has no MAC address object: one, with an id of its own, its interface's primary.
    const [interfaceType] = await source.query("SELECT id FROM django_content_type WHERE app_label = 'dcim' AND model = 'interface'");
    await source.query(
      `INSERT INTO dcim_macaddress (id, created, last_updated, custom_field_data, description, comments, mac_address, assigned_object_id, assigned_object_type_id) VALUES (7, now(), now(), '{}', '', '', '00:1a:2b:3c:4d:60', 3, ${interfaceType.id})`,
    );
    await source.query('UPDATE dcim_interface SET primary_mac_address_id = 7 WHERE id = 3');
    into = await target();
    report = await importInto(into.dataSource, source.url);
    t = await TestApp.start({ ...into.env, SUPERUSER_NAME: 'service-admin' });
  });
  afterAll(async () => {
    await t?.close();
    await into?.drop();
    await source?.drop();
  });

  it('brings every row it has a model for, refusing none, reading the columns 4.x renamed', async () => {
    expect(report.schema).toMatch(/4\.2\.0/);
    expect(report.models.flatMap((m) => m.refusals)).toEqual([]);
    expect(report.differences).toEqual([]);
    for (const m of report.models) {
      const [row] = await source.query(`SELECT COUNT(*) AS n FROM "${m.table}"`);
      expect({ model: m.model, written: m.written }).toEqual({ model: m.model, written: Number(row.n) });
    }
    const [device] = await source.query('SELECT role_id FROM dcim_device WHERE id = 1');
    expect((await t.get('/v4/api/dcim/devices/1/')).body.role.id).toBe(device.role_id);
    const [rack] = await source.query('SELECT form_factor FROM dcim_rack WHERE id = 1');
    expect((await t.get('/v4/api/dcim/racks/1/')).body.form_factor?.value ?? '').toBe(rack.form_factor);
    expect((await t.get('/v4/api/ipam/vlan-groups/2/')).body.vid_ranges).toEqual([[1, 4094]]);
    expect((await t.get('/v4/api/extras/custom-fields/1/')).body.object_types).toEqual(['tenancy.tenant']);
  });

  it("brings a 4.2+ source's MAC address objects as they are, their ids kept, and makes none from interfaces", async () => {
    expect(report.models.filter((m) => Object.keys(m.alsoWritten).length)).toEqual([]);
    expect(await count(into.dataSource, 'dcim_macaddress')).toBe(1);
    expect((await t.get('/v4/api/dcim/interfaces/3/')).body.primary_mac_address).toMatchObject({ id: 7, mac_address: '00:1A:2B:3C:4D:60' });
    expect((await t.get('/api/dcim/interfaces/3/')).body.mac_address).toBe('00:1A:2B:3C:4D:60');
  });
});

describe('import-netbox from a dumpdata file', () => {
  let into: Awaited<ReturnType<typeof target>>;
  let report: ImportReport;
  let source: DumpdataSource;
  let t: TestApp;

  beforeAll(async () => {
    into = await target();
    source = new DumpdataSource(DUMPDATA);
    try {
      report = await new Importer(into.dataSource, source, {}).run();
    } finally {
      await source.close();
    }
    t = await TestApp.start({ ...into.env, SUPERUSER_NAME: 'service-admin' });
  });
  afterAll(async () => {
    await t?.close();
    await into?.drop();
  });

  it('brings every row it has a model for, refusing none, and serves them', async () => {
    expect(report.models.flatMap((m) => m.refusals)).toEqual([]);
    // The older release that wrote this file held incomplete paths inactive; 3.5 (and this service) holds them active
    // while every cable on them is connected. The comparison lists those, and nothing else.
    expect(report.differences.length).toBeGreaterThan(0);
    for (const d of report.differences) expect(d).toMatchObject({ model: 'dcim.interface', value: 'path', netbox: 'incomplete, inactive', ours: 'incomplete, active' });
    const reread = new DumpdataSource(DUMPDATA);
    try {
      for (const m of report.models) expect({ model: m.model, written: m.written }).toEqual({ model: m.model, written: await reread.count(m.table) });
    } finally {
      await reread.close();
    }
    const sites = report.models.find((m) => m.model === 'dcim.site')!;
    expect(sites.written).toBeGreaterThan(0);
    expectStatus(await t.get('/api/dcim/sites/?limit=1'), 200);
    expect((await t.get('/api/dcim/sites/?limit=1')).body.count).toBe(sites.written);
    const interfaces = report.models.find((m) => m.model === 'dcim.interface')!;
    expect((await t.get('/api/dcim/interfaces/?limit=1')).body.count).toBe(interfaces.written);
  });
});

describe('import-netbox from a NetBox 4.5+ dumpdata file', () => {
  const PEPPER = 'a pepper of fifty characters or more, as NetBox requires';
  /** A v2 token as NetBox 4.6 stores it: its id, the pepper's id, HMAC-SHA256 of its secret keyed by the pepper. */
  const V2_KEY = 'Ab3dEf7hIj1L';
  const V2_SECRET = 'Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0FeDcBa9876';
  const V1_KEY = '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c';
  let dir: string;
  let into: Awaited<ReturnType<typeof target>>;
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
    await into?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('brings v2 tokens as NetBox hashed them, which authenticate on /v4/api/ with the same pepper, and v1 tokens from `plaintext`', async () => {
    const newest = schemas.states[schemas.states.length - 1];
    const migrations = Object.entries(newest.latest).map(([app, name], i) => ({ model: 'migrations.migration', pk: i + 1, fields: { app, name, applied: '2026-01-01T00:00:00Z' } }));
    const token = { user: 1, description: '', created: '2026-01-01T00:00:00Z', expires: null, last_used: null, enabled: true, write_enabled: true, allowed_ips: null };
    const records = [
      ...migrations,
      { model: 'users.user', pk: 1, fields: { username: 'netbox', password: '!', is_superuser: true, is_active: true, first_name: '', last_name: '', email: '', date_joined: '2026-01-01T00:00:00Z', last_login: null } },
      { model: 'users.token', pk: 1, fields: { ...token, description: 'v2', version: 2, plaintext: null, key: V2_KEY, pepper_id: 1, hmac_digest: createHmac('sha256', PEPPER).update(V2_SECRET).digest('hex') } },
      { model: 'users.token', pk: 2, fields: { ...token, description: 'v1', version: 1, plaintext: V1_KEY, key: null, pepper_id: null, hmac_digest: null } },
    ];
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'netbox-4.6-dump-'));
    const file = path.join(dir, 'netbox-4.6.json');
    fs.writeFileSync(file, JSON.stringify(records));
    into = await target();
    const source = new DumpdataSource(file);
    let report: ImportReport;
    try {
      report = await new Importer(into.dataSource, source, {}).run();
    } finally {
      await source.close();
    }
    expect(report.schema).toBe(`NetBox ${newest.from}`);
    expect(report.models.find((m) => m.model === 'users.token')).toMatchObject({ read: 2, written: 2, refused: 0, columnsNotBrought: {} });
    t = await TestApp.start({ ...into.env, SUPERUSER_NAME: 'service-admin', API_TOKEN_PEPPERS: JSON.stringify({ 1: PEPPER }) });
    const bearer = (value: string) => t.anon().get('/v4/api/users/tokens/?description=v2').set('Authorization', `Bearer ${value}`);
    const res = await bearer(`nbt_${V2_KEY}.${V2_SECRET}`);
    expectStatus(res, 200);
    expect(res.body.results).toEqual([expect.objectContaining({ id: 1, version: 2, key: V2_KEY, enabled: true, write_enabled: true })]);
    expectStatus(await bearer(`nbt_${V2_KEY}.${V2_SECRET.slice(1)}x`), 403);
    // The v1 token kept its secret, as 3.5 and 4.6 clients give it.
    expectStatus(await t.anon().get('/api/dcim/sites/').set('Authorization', `Token ${V1_KEY}`), 200);
    expectStatus(await t.anon().get('/v4/api/dcim/sites/').set('Authorization', `Token ${V1_KEY}`), 200);
    expect((await t.get('/v4/api/users/tokens/2/')).body).toMatchObject({ version: 1, key: null, description: 'v1' });
  });
});

describe('import-netbox runs', () => {
  let source: Awaited<ReturnType<typeof netboxSource>>;

  beforeAll(async () => {
    source = await netboxSource();
  });
  afterAll(() => source?.drop());

  it('writes nothing on a dry run, and reports what it would', async () => {
    const into = await target();
    const media = { from: mediaDir(), root: path.join(os.tmpdir(), `import-media-root-${process.pid}-${Date.now()}`) };
    try {
      const report = await importInto(into.dataSource, source.url, { dryRun: true, media });
      expect(report.totals.refused).toBe(0);
      expect(report.totals.written).toBe(report.totals.read);
      for (const table of ['dcim_site', 'dcim_interface', 'users_user', 'core_importrun']) expect(await count(into.dataSource, table)).toBe(0);
      expect(report.models.find((m) => m.model === 'extras.imageattachment')!.media).toEqual({ copied: 1, present: 0, missing: [GONE], kept: [] });
      expect(formatReport(report)).toMatch(/extras\.imageattachment: 1 to copy, 0 already there, 1 missing/);
      expect(fs.existsSync(media.root)).toBe(false);
    } finally {
      await into.drop();
      fs.rmSync(media.from, { recursive: true, force: true });
    }
  });

  it('refuses a target with objects of its own unless merging, and then reports each id collision without overwriting', async () => {
    const into = await target();
    try {
      const now = into.dataSource.options.type === 'postgres' ? 'now()' : 'CURRENT_TIMESTAMP';
      await into.dataSource.query(
        `INSERT INTO tenancy_tenant (id, name, slug, description, comments, custom_field_data, created, last_updated) VALUES (1, 'Ours', 'ours', '', '', '{}', ${now}, ${now})`,
      );
      await expect(importInto(into.dataSource, source.url)).rejects.toThrow(ImportRefusedError);
      expect(await count(into.dataSource, 'dcim_site')).toBe(0);
      const report = await importInto(into.dataSource, source.url, { merge: true });
      const tenants = report.models.find((m) => m.model === 'tenancy.tenant')!;
      expect(tenants.refusals).toEqual([{ id: 1, reason: 'id 1 is taken in the target by another tenant: not overwritten' }]);
      const [ours] = await into.dataSource.query('SELECT name FROM tenancy_tenant WHERE id = 1');
      expect(ours.name).toBe('Ours');
      expect(await count(into.dataSource, 'tenancy_tenant')).toBe(11);
    } finally {
      await into.drop();
    }
  });

  it('ends a run stopped midway, run again, with the same database as one whole run', async () => {
    const whole = await target();
    const stopped = await target();
    try {
      const report = await importInto(whole.dataSource, source.url);
      let models = 0;
      const stopping: ImportProgress = {
        start() {},
        advance() {},
        finish() {
          if (++models === 60) throw new Error('killed');
        },
      };
      await expect(importInto(stopped.dataSource, source.url, { progress: stopping, batchSize: 100 })).rejects.toThrow('killed');
      const rerun = await importInto(stopped.dataSource, source.url, { batchSize: 100 });
      expect(rerun.totals.refused).toBe(0);
      expect(rerun.totals.skipped).toBeGreaterThan(0);
      expect(await contents(stopped.dataSource, report)).toEqual(await contents(whole.dataSource, report));
    } finally {
      await whole.drop();
      await stopped.drop();
    }
  });

  it('runs as a command, a JSON line per model off a terminal', async () => {
    const into = await target();
    await into.dataSource.destroy();
    const media = { from: mediaDir(), root: fs.mkdtempSync(path.join(os.tmpdir(), 'import-media-root-')) };
    try {
      const cli = spawnSync(
        process.execPath,
        ['-r', 'ts-node/register/transpile-only', '-e', "require('./src/import-netbox').cli(process.argv.slice(1))", source.url, '--batch', '500', '--media', media.from],
        { cwd: path.join(__dirname, '..'), env: { ...process.env, ...into.env, MEDIA_ROOT: media.root, LOG_LEVEL: 'error' }, encoding: 'utf8' },
      );
      expect({ status: cli.status, stderr: cli.stderr.split('\n').filter((l) => !l.startsWith('{')).join('\n') }).toEqual({ status: 0, stderr: '' });
      const lines = cli.stderr.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
      expect(lines.find((l) => l.model === 'dcim.interface')).toMatchObject({ read: 1586, written: 1586, refused: 0 });
      expect(cli.stdout).toMatch(/^total\s+\d+\s+\d+\s+0\s+0$/m);
      expect(lines.find((l) => l.model === 'extras.imageattachment')).toMatchObject({ written: 2, media: { copied: 1, present: 0, missing: 1, kept: 0 } });
      expect(cli.stdout).toContain(`missing: ${GONE}`);
      expect(Buffer.compare(fs.readFileSync(path.join(media.root, ATTACHED)), PNG)).toBe(0);
      const usage = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', "require('./src/import-netbox').cli(process.argv.slice(1))", 'nowhere'], {
        cwd: path.join(__dirname, '..'),
        env: { ...process.env, ...into.env },
        encoding: 'utf8',
      });
      expect(usage.status).toBe(2);
      expect(usage.stderr).toMatch(/Not a source: nowhere/);
    } finally {
      await into.drop();
      for (const dir of Object.values(media)) fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('PostgresSource', () => {
  let source: Awaited<ReturnType<typeof netboxSource>>;

  beforeAll(async () => {
    source = await netboxSource();
  });
  afterAll(() => source?.drop());

  it("reads a NetBox database's schema, tables, content types and rows in batches by id, as of one moment, writing nothing", async () => {
    const reader = new PostgresSource(source.url.replace('postgres://postgres@', 'postgres://postgres:secret@'));
    try {
      expect(reader.description).not.toContain('secret');
      expect((await reader.schema()).from).toMatch(/^3\.5\./);
      expect((await reader.tables()).get('dcim_site')).toEqual(expect.arrayContaining(['id', 'name', 'slug', 'custom_field_data']));
      const types = await reader.contentTypes();
      expect([...types.values()]).toEqual(expect.arrayContaining(['dcim.site', 'dcim.interface', 'ipam.ipaddress']));
      expect(await reader.count('dcim_interface')).toBe(1586);
      const batches: number[][] = [];
      for await (const rows of reader.rows('dcim_interface', 500)) batches.push(rows.map((r) => Number(r.id)));
      expect(batches.map((b) => b.length)).toEqual([500, 500, 500, 86]);
      const ids = batches.flat();
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      // Rows written after the first read are not seen: one snapshot for the whole run.
      await source.query("INSERT INTO tenancy_tenantgroup (created, last_updated, custom_field_data, name, slug, description, lft, rght, tree_id, level) VALUES (now(), now(), '{}', 'Later', 'later', '', 1, 2, 99, 0)");
      expect(await reader.count('tenancy_tenantgroup')).toBe(1);
      const [site] = (await reader.rows('dcim_site', 1)[Symbol.asyncIterator]().next()).value;
      expect(site.created).toBeInstanceOf(Date);
      await expect((reader as unknown as { query(sql: string): Promise<unknown> }).query("UPDATE dcim_site SET name = 'x'")).rejects.toThrow(/read-only/);
    } finally {
      await reader.close();
    }
  });

  it('closes without having opened', async () => {
    await new PostgresSource(source.url).close();
  });
});
