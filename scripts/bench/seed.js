// The benchmark's data set, written straight into a migrated, empty database with the service's
// own drivers: a million rows through the API would take hours. Rows get every stored field's
// default from the service's model registry, and derived columns from the service's own functions
// (IP keys, natural sort keys), so that they read back exactly as rows the API wrote.
const path = require('path');

const dist = path.resolve(__dirname, '..', '..', 'dist', 'src');
require(path.join(dist, 'models'));
const { registry } = require(path.join(dist, 'core', 'model', 'model'));
const { parseInterface, parsePrefix } = require(path.join(dist, 'ipam', 'ip'));
const { setNetworkColumns } = require(path.join(dist, 'ipam', 'networks'));
const { naturalize } = require(path.join(dist, 'dcim', 'naturalize'));
const { naturalizeInterface } = require(path.join(dist, 'dcim', 'components.models'));

const SCALES = {
  small: { sites: 10, racksPerSite: 20, devicesPerRack: 5, interfacesPerDevice: 10, prefixes: 1000, vlansPerSite: 10 },
  large: { sites: 1000, racksPerSite: 20, devicesPerRack: 5, interfacesPerDevice: 10, prefixes: 100_000, vlansPerSite: 10 },
};
const TENANTS = 100;
const DEVICE_TYPES = 10;
const ROLES = 5;
const PLATFORMS = 5;
/** Addresses per /24: .1 to .250, so that a /24 is busy but not full. */
const HOSTS_PER_BLOCK = 250;
const TEN = 10 * 2 ** 24;
/**
 * What the data set holds, recorded with it: a data set seeded by an older seeder (another version) is seeded again.
 * 2: each site's VLANs in a VLAN group scoped to that site.
 */
const SEED_VERSION = 2;

function sizes(scale) {
  const s = SCALES[scale];
  const racks = s.sites * s.racksPerSite;
  const devices = racks * s.devicesPerRack;
  const interfaces = devices * s.interfacesPerDevice;
  return { ...s, racks, devices, interfaces, addresses: interfaces, vlanGroups: s.sites, vlans: s.sites * s.vlansPerSite };
}

const dotted = (v) => [24, 16, 8, 0].map((s) => (v >>> s) & 255).join('.');
/** The n-th seeded address: one per interface, in consecutive /24s of 10.0.0.0/8. */
const addressOf = (n) => dotted(TEN + Math.floor(n / HOSTS_PER_BLOCK) * 256 + (n % HOSTS_PER_BLOCK) + 1);
const pad = (n, width) => String(n).padStart(width, '0');

/** Values the drivers take: SQLite has no booleans, dates or JSON. */
function storable(driver, value) {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return driver === 'sqlite' ? Number(value) : value;
  if (value instanceof Date) return driver === 'sqlite' ? value.toISOString().replace('T', ' ').replace('Z', '') : value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

/** A table's rows in batches, each one statement: multi-row VALUES on PostgreSQL, a prepared INSERT in one transaction on SQLite. */
class TableWriter {
  constructor(db, label) {
    this.db = db;
    this.model = registry.get(label);
    if (!this.model) throw new Error(`no model ${label}`);
    this.columns = this.model.columns.map((f) => f.column);
    this.known = new Set(this.columns);
    const now = new Date();
    this.defaults = {};
    for (const f of this.model.columns) this.defaults[f.column] = f.defaultValue();
    if (this.model.features.customFields) this.defaults.custom_field_data = {};
    if (this.model.features.created) this.defaults.created = now.toISOString().slice(0, 10);
    if (this.model.features.lastUpdated) this.defaults.last_updated = now;
    this.count = 0;
  }

  values(row) {
    for (const key of Object.keys(row)) if (!this.known.has(key)) throw new Error(`${this.model.table} has no column ${key}`);
    return this.columns.map((c) => storable(this.db.driver, c in row ? row[c] : this.defaults[c]));
  }

  async write(rows) {
    const perStatement = Math.floor(30_000 / this.columns.length);
    let batch = [];
    for (const row of rows) {
      batch.push(this.values(row));
      if (batch.length === perStatement) {
        await this.db.insert(this.model.table, this.columns, batch);
        this.count += batch.length;
        batch = [];
      }
    }
    if (batch.length) await this.db.insert(this.model.table, this.columns, batch);
    this.count += batch.length;
    await this.db.resetSequence(this.model.table);
    return this.count;
  }
}

const quote = (name) => `"${name}"`;

function postgres(client) {
  return {
    driver: 'postgres',
    async insert(table, columns, batch) {
      const params = [];
      const tuples = batch.map((values) => `(${values.map((v) => (params.push(v), `$${params.length}`)).join(',')})`);
      await client.query(`INSERT INTO ${quote(table)} (${columns.map(quote).join(',')}) VALUES ${tuples.join(',')}`, params);
    },
    async resetSequence(table) {
      await client.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), GREATEST((SELECT MAX(id) FROM ${quote(table)}), 1))`, [table]);
    },
    async isEmpty(table) {
      return (await client.query(`SELECT 1 FROM ${quote(table)} LIMIT 1`)).rowCount === 0;
    },
    exec: (sql) => client.query(sql),
    close: () => client.end(),
    begin: () => client.query('BEGIN'),
    commit: () => client.query('COMMIT'),
    // VACUUM too: after a bulk load, only a fresh visibility map lets counts use index-only scans.
    analyze: () => client.query('VACUUM ANALYZE'),
  };
}

function sqlite(db) {
  const statements = new Map();
  return {
    driver: 'sqlite',
    async insert(table, columns, batch) {
      let insert = statements.get(table);
      if (!insert) {
        insert = db.prepare(`INSERT INTO ${quote(table)} (${columns.map(quote).join(',')}) VALUES (${columns.map(() => '?').join(',')})`);
        statements.set(table, insert);
      }
      for (const values of batch) insert.run(values);
    },
    // AUTOINCREMENT keeps its high-water mark in sqlite_sequence by itself.
    async resetSequence() {},
    async isEmpty(table) {
      return !db.prepare(`SELECT 1 FROM ${quote(table)} LIMIT 1`).get();
    },
    exec: async (sql) => db.exec(sql),
    close: async () => db.close(),
    begin: async () => db.exec('BEGIN'),
    commit: async () => db.exec('COMMIT'),
    analyze: async () => db.exec('ANALYZE'),
  };
}

function* range(count, make) {
  for (let i = 0; i < count; i++) yield make(i);
}

/** 10.0.0.0/8, its /16s, then /24s and /25s in address order until the count is reached, with NetBox's depth and child counts. */
function prefixPlan(count, sites) {
  const twentyFours = Math.min(65_536, Math.max(0, count - 257));
  const twentyFives = Math.max(0, count - 257 - twentyFours);
  const plan = [{ text: '10.0.0.0/8', depth: 0, children: count - 1, status: 'container' }];
  for (let k = 0; k < 256; k++) {
    const first = k * 256;
    const last = Math.min(twentyFours, first + 256);
    const own = Math.max(0, last - first) + Math.max(0, Math.min(twentyFives, first + 256) - first);
    plan.push({ text: `10.${k}.0.0/16`, depth: 1, children: own, status: 'container' });
  }
  for (let m = 0; m < twentyFours; m++) {
    plan.push({ text: `10.${m >> 8}.${m & 255}.0/24`, depth: 2, children: m < twentyFives ? 1 : 0, status: 'active', site: (m % sites) + 1 });
  }
  for (let m = 0; m < twentyFives; m++) {
    plan.push({ text: `10.${m >> 8}.${m & 255}.0/25`, depth: 3, children: 0, status: 'reserved', site: (m % sites) + 1 });
  }
  return plan.slice(0, count);
}

/**
 * Seeds the scale's data set; refuses a database that already holds devices or addresses.
 * Returns what was written and how long each table took.
 */
async function seed(db, scale, log = () => undefined) {
  const n = sizes(scale);
  for (const table of ['dcim_device', 'ipam_ipaddress', 'ipam_prefix']) {
    if (!(await db.isEmpty(table))) throw new Error(`${table} is not empty: the benchmark seeds a database of its own`);
  }
  const started = process.hrtime.bigint();
  const tables = [];
  const write = async (label, count, make) => {
    const t0 = process.hrtime.bigint();
    await db.begin();
    const written = await new TableWriter(db, label).write(range(count, make));
    await db.commit();
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    tables.push({ table: registry.get(label).table, rows: written, seconds: +seconds.toFixed(2) });
    log(`  ${label}: ${written} rows in ${seconds.toFixed(1)} s`);
  };

  await write('tenancy.tenant', TENANTS, (i) => ({ id: i + 1, name: `Tenant ${pad(i + 1, 3)}`, slug: `tenant-${pad(i + 1, 3)}` }));
  await write('dcim.manufacturer', 2, (i) => ({ id: i + 1, name: ['Juniper', 'Arista'][i], slug: ['juniper', 'arista'][i] }));
  await write('dcim.devicetype', DEVICE_TYPES, (i) => ({ id: i + 1, manufacturer_id: (i % 2) + 1, model: `Switch ${i + 1}`, slug: `switch-${i + 1}`, u_height: 1 }));
  await write('dcim.devicerole', ROLES, (i) => ({ id: i + 1, name: `Role ${i + 1}`, slug: `role-${i + 1}`, color: 'aa1409' }));
  await write('dcim.platform', PLATFORMS, (i) => ({ id: i + 1, name: `Platform ${i + 1}`, slug: `platform-${i + 1}` }));
  await write('dcim.site', n.sites, (i) => ({
    id: i + 1,
    name: `Site ${pad(i + 1, 4)}`,
    slug: `site-${pad(i + 1, 4)}`,
    status: 'active',
    tenant_id: (i % TENANTS) + 1,
    facility: `DC${i + 1}`,
  }));
  await write('dcim.rack', n.racks, (i) => ({
    id: i + 1,
    name: `R${pad((i % n.racksPerSite) + 1, 2)}`,
    site_id: Math.floor(i / n.racksPerSite) + 1,
    status: 'active',
  }));
  await write('dcim.device', n.devices, (d) => {
    const name = `dev-${pad(d + 1, 6)}`;
    return {
      id: d + 1,
      name,
      _name: naturalize(name),
      device_type_id: (d % DEVICE_TYPES) + 1,
      device_role_id: (d % ROLES) + 1,
      platform_id: (d % PLATFORMS) + 1,
      tenant_id: d % 2 ? null : (d % TENANTS) + 1,
      serial: `SN${pad(d + 1, 8)}`,
      site_id: Math.floor(d / (n.racksPerSite * n.devicesPerRack)) + 1,
      rack_id: Math.floor(d / n.devicesPerRack) + 1,
      position: (d % n.devicesPerRack) * 2 + 1,
      face: 'front',
      status: 'active',
    };
  });
  await write('dcim.interface', n.interfaces, (i) => {
    const name = `xe-0/0/${i % n.interfacesPerDevice}`;
    return { id: i + 1, device_id: Math.floor(i / n.interfacesPerDevice) + 1, name, _name: naturalizeInterface(name), type: '10gbase-x-sfpp', enabled: true };
  });
  await write('ipam.ipaddress', n.addresses, (i) => {
    const row = { id: i + 1, address: `${addressOf(i)}/24`, status: 'active', assigned_object_type: 'dcim.interface', assigned_object_id: i + 1 };
    setNetworkColumns(row, parseInterface(row.address));
    row.address = parseInterface(row.address).text;
    return row;
  });
  // Each device's first address is its primary one; set once the addresses exist.
  await db.exec(`UPDATE "dcim_device" SET primary_ip4_id = (id - 1) * ${n.interfacesPerDevice} + 1`);
  const plan = prefixPlan(n.prefixes, n.sites);
  await write('ipam.prefix', plan.length, (i) => {
    const p = plan[i];
    const net = parsePrefix(p.text);
    const row = { id: i + 1, prefix: net.text, status: p.status, site_id: p.site ?? null, tenant_id: p.site ? (i % TENANTS) + 1 : null, _depth: p.depth, _children: p.children };
    setNetworkColumns(row, net, net, true);
    return row;
  });
  // One group per site, scoped to it, holding that site's VLANs.
  await write('ipam.vlangroup', n.vlanGroups, (i) => ({
    id: i + 1,
    name: `Site ${pad(i + 1, 4)} VLANs`,
    slug: `site-${pad(i + 1, 4)}-vlans`,
    scope_type: 'dcim.site',
    scope_id: i + 1,
  }));
  await write('ipam.vlan', n.vlans, (i) => ({
    id: i + 1,
    site_id: Math.floor(i / n.vlansPerSite) + 1,
    group_id: Math.floor(i / n.vlansPerSite) + 1,
    vid: 100 + (i % n.vlansPerSite),
    name: `vlan-${100 + (i % n.vlansPerSite)}`,
    status: 1,
    tenant_id: (i % TENANTS) + 1,
  }));
  await db.analyze();
  return { version: SEED_VERSION, scale, sizes: n, tables, seconds: +(Number(process.hrtime.bigint() - started) / 1e9).toFixed(2) };
}

module.exports = { seed, postgres, sqlite, SEED_VERSION };
