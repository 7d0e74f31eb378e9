#!/usr/bin/env node
// `npm run bench -- [--db sqlite|postgres] [--scale small|large] [--duration S] [--connections 1,8,32] [--only text] [--fresh]
//   [--record-baseline] [--before COMMIT] [--label TEXT]`
// Seeds a data set of the chosen scale (once: later runs reuse it), drives the service with wrk at each
// concurrency (with the read cache on, and off for the headline lists), measures the same pages from a bare ceiling
// server and, with --before, from the service built at an earlier commit, and writes
// bench/results/<date>-<db>-<scale>[-label].json and .md. See docs/bench.md.
const { spawn, fork, execFileSync } = require('child_process');
const fs = require('fs');
const http = require('http');
const net = require('net');
const os = require('os');
const path = require('path');
const { buildIfNeeded } = require('./start');
const { findWrk, runWrk, INSTALL_HINT } = require('./bench/wrk');
const { startWriter } = require('./bench/writer');

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist', 'src');
const TOKEN = '0123456789abcdef0123456789abcdef01234567';
const RATIO_FLOOR = 0.25;
/** Distinct pages per spread scenario, and how many of them the ceiling replays (recording each takes two requests). */
const SPREAD_PAGES = 1000;
const SPREAD_RECORDED = 200;
/** The mixed scenarios' writer: PATCHes a second, on a fixed schedule. */
const WRITES_PER_SECOND = 20;

function parseArgs(argv) {
  const opts = { db: 'sqlite', scale: 'small', duration: 5, connections: [1, 8, 32], only: null, fresh: false, recordBaseline: false, redis: null, before: null, label: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.split('=', 2);
    const key = flag.replace(/^--/, '');
    if (key === 'fresh' || key === 'record-baseline') {
      opts[key === 'fresh' ? 'fresh' : 'recordBaseline'] = true;
      continue;
    }
    const value = inline ?? argv[++i];
    if (!flag.startsWith('--') || !(key in opts) || value === undefined) usage(`unknown or incomplete option: ${arg}`);
    if (key === 'db' && !['sqlite', 'postgres'].includes(value)) usage('--db must be sqlite or postgres');
    if (key === 'scale' && !['small', 'large'].includes(value)) usage('--scale must be small or large');
    if (key === 'label' && !/^[\w.-]+$/.test(value)) usage('--label takes letters, digits, dots and dashes');
    if (key === 'duration') {
      opts.duration = Number(value);
      if (!Number.isInteger(opts.duration) || opts.duration < 1) usage('--duration must be a positive integer');
    } else if (key === 'connections') {
      opts.connections = value.split(',').map(Number);
      if (!opts.connections.every((c) => Number.isInteger(c) && c > 0)) usage('--connections must be positive integers, comma separated');
    } else {
      opts[key] = value;
    }
  }
  if (opts.db === 'postgres' && !/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL || '')) {
    usage('--db postgres needs DATABASE_URL=postgres://user:pass@host:port/db (the benchmark creates its own database beside that one)');
  }
  return opts;
}

function usage(message) {
  console.error(`${message}\nusage: npm run bench -- [--db sqlite|postgres] [--scale small|large] [--duration S] [--connections 1,8,32] [--only text] [--fresh] [--record-baseline] [--redis redis://host:port] [--before COMMIT] [--label TEXT]`);
  process.exit(2);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const seconds = (since) => Number(process.hrtime.bigint() - since) / 1e9;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process in MiB: now (`VmRSS`) and its peak so far (`VmHWM`); null without /proc. */
function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const mib = (field) => +(Number((status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm')) || [])[1]) / 1024).toFixed(1);
    return { rss: mib('VmRSS'), peak: mib('VmHWM') };
  } catch {
    return null;
  }
}

/** The highest resident memory of a process while `work` runs, sampled every 50 ms. */
async function peakDuring(pid, work) {
  let peak = memoryOf(pid)?.rss ?? null;
  const timer = setInterval(() => {
    const m = memoryOf(pid);
    if (m && (peak === null || m.rss > peak)) peak = m.rss;
  }, 50);
  try {
    const result = await work();
    return { result, peakRssMiB: peak };
  } finally {
    clearInterval(timer);
  }
}

// ---------------------------------------------------------------------------------------------
// The database: a data directory or a PostgreSQL database of the benchmark's own, seeded once.

class BenchDatabase {
  constructor(opts) {
    this.opts = opts;
    if (opts.db === 'sqlite') {
      this.dataDir = path.join(root, 'bench', '.data', `sqlite-${opts.scale}`);
      this.env = { DATA_DIR: this.dataDir };
      this.file = path.join(this.dataDir, 'inventory.sqlite');
    } else {
      const admin = new URL(process.env.DATABASE_URL);
      this.adminUrl = admin.toString();
      this.name = `inventory_bench_${opts.scale}`;
      const url = new URL(this.adminUrl);
      url.pathname = `/${this.name}`;
      this.url = url.toString();
      this.env = { DATABASE_URL: this.url };
    }
  }

  async admin(work) {
    const { Client } = require('pg');
    const client = new Client({ connectionString: this.adminUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  /** What the last seeding recorded, if it completed: a file beside the SQLite database, or the PostgreSQL database's comment. */
  async seeded() {
    if (this.opts.db === 'sqlite') {
      const marker = path.join(this.dataDir, 'seeded.json');
      return fs.existsSync(marker) && fs.existsSync(this.file) ? JSON.parse(fs.readFileSync(marker, 'utf8')) : null;
    }
    const comment = await this.admin(async (c) => {
      const r = await c.query(`SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`, [this.name]);
      return r.rows[0]?.comment;
    });
    return comment ? JSON.parse(comment) : null;
  }

  async recreate() {
    if (this.opts.db === 'sqlite') {
      fs.rmSync(this.dataDir, { recursive: true, force: true });
      fs.mkdirSync(this.dataDir, { recursive: true });
      return;
    }
    await this.admin(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS "${this.name}" WITH (FORCE)`);
      await c.query(`CREATE DATABASE "${this.name}"`);
    });
  }

  migrate() {
    execFileSync(process.execPath, [path.join(dist, 'migrate.js')], { cwd: root, env: { ...cleanEnv(), ...this.env }, stdio: ['ignore', 'ignore', 'inherit'] });
  }

  /** A connection with the service's own driver, for seeding and clean-up. */
  async connect() {
    const { postgres, sqlite } = require('./bench/seed');
    if (this.opts.db === 'sqlite') {
      const Database = require('better-sqlite3');
      const db = new Database(this.file);
      db.pragma('journal_mode = WAL');
      return sqlite(db);
    }
    const { Client } = require('pg');
    const client = new Client({ connectionString: this.url });
    await client.connect();
    return postgres(client);
  }

  async markSeeded(result) {
    if (this.opts.db === 'sqlite') {
      fs.writeFileSync(path.join(this.dataDir, 'seeded.json'), JSON.stringify(result, null, 2));
      return;
    }
    const text = JSON.stringify(result).replace(/'/g, "''");
    await this.admin((c) => c.query(`COMMENT ON DATABASE "${this.name}" IS '${text}'`));
  }

  /** Removes what earlier runs' write scenarios added, so that every run measures the same data. */
  async cleanUp(seeded) {
    const db = await this.connect();
    try {
      await db.exec(`DELETE FROM "ipam_ipaddress" WHERE id > ${Number(seeded.sizes.addresses)}`);
      await db.exec(`DELETE FROM "extras_objectchange"`);
      await db.exec(`UPDATE "dcim_device" SET description = '' WHERE description <> ''`);
    } finally {
      await db.close();
    }
  }

  ceilingConfig() {
    return this.opts.db === 'sqlite' ? { driver: 'sqlite', file: this.file } : { driver: 'postgres', url: this.url };
  }
}

/** The environment without the caller's database settings: each child is told its own. */
function cleanEnv() {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  return env;
}

async function prepareDatabase(database, opts) {
  const { SEED_VERSION } = require('./bench/seed');
  let seeded = opts.fresh ? null : await database.seeded();
  if (seeded && seeded.version !== SEED_VERSION) {
    console.log(`The ${opts.scale} data set was seeded by an older seeder (version ${seeded.version ?? 1}, now ${SEED_VERSION}): seeding it again.`);
    seeded = null;
  }
  if (seeded) {
    console.log(`Reusing the ${opts.scale} data set seeded on ${seeded.date} in ${seeded.seconds} s (--fresh seeds again).`);
    return { seeded, reused: true };
  }
  const { seed } = require('./bench/seed');
  console.log(`Creating and migrating the ${opts.db} database...`);
  await database.recreate();
  database.migrate();
  console.log(`Seeding the ${opts.scale} data set...`);
  const db = await database.connect();
  try {
    seeded = { ...(await seed(db, opts.scale, (line) => console.log(line))), date: new Date().toISOString() };
  } finally {
    await db.close();
  }
  console.log(`Seeded in ${seeded.seconds} s.`);
  await database.markSeeded(seeded);
  return { seeded, reused: false };
}

// ---------------------------------------------------------------------------------------------
// The scenarios.

/** The create-address body in wrk's Lua, as `body()` makes it: `address` there is the same function as here. */
const LUA_ADDRESS = `local b = '{"address":"' .. address(n) .. '","status":"active","description":"bench"}'; n = n + 1; return b`;

function scenarioList(ids, counter) {
  const address = (n) => `100.${64 + ((n >> 16) & 63)}.${(n >> 8) & 255}.${n & 255}/32`;
  return [
    { name: 'device list limit=50', method: 'GET', path: '/api/dcim/devices/?limit=50', list: true, uncached: true },
    { name: 'device list limit=1000', method: 'GET', path: '/api/dcim/devices/?limit=1000', list: true },
    { name: 'device list brief limit=50', method: 'GET', path: '/api/dcim/devices/?brief=1&limit=50', list: true },
    { name: 'device detail', method: 'GET', path: `/api/dcim/devices/${ids.device}/` },
    { name: 'interfaces by device_id', method: 'GET', path: `/api/dcim/interfaces/?device_id=${ids.device}`, list: true },
    { name: 'interface list limit=50', method: 'GET', path: '/api/dcim/interfaces/?limit=50', list: true },
    { name: 'interface list limit=1000', method: 'GET', path: '/api/dcim/interfaces/?limit=1000', list: true },
    { name: 'addresses q=ip', method: 'GET', path: '/api/ipam/ip-addresses/?q=10.0.5.17', list: true },
    { name: 'devices q=name', method: 'GET', path: '/api/dcim/devices/?q=dev-0005', list: true },
    { name: 'addresses deep offset', method: 'GET', path: `/api/ipam/ip-addresses/?limit=50&offset=${ids.deepOffset}`, list: true },
    // The same page as the deep offset, by cursor (`start`, an extension ahead of NetBox 3.5).
    { name: 'addresses deep cursor', method: 'GET', path: `/api/ipam/ip-addresses/?limit=50&start=${ids.deepAddress}`, list: true },
    { name: 'addresses by parent /16', method: 'GET', path: '/api/ipam/ip-addresses/?parent=10.0.0.0/16', list: true },
    { name: 'prefixes contains ip', method: 'GET', path: '/api/ipam/prefixes/?contains=10.0.5.17', list: true },
    { name: 'available-ips busy prefix', method: 'GET', path: `/api/ipam/prefixes/${ids.busyPrefix}/available-ips/`, list: true },
    {
      name: 'create address',
      method: 'POST',
      path: '/api/ipam/ip-addresses/',
      write: true,
      body: () => ({ address: address(counter.next++), status: 'active', description: 'bench' }),
      counter,
      luaBody: LUA_ADDRESS,
    },
    {
      // The same write with one enabled webhook that matches it: what queuing its delivery costs the request.
      name: 'create address with a webhook',
      method: 'POST',
      path: '/api/ipam/ip-addresses/',
      write: true,
      body: () => ({ address: address(counter.next++), status: 'active', description: 'bench' }),
      counter,
      luaBody: LUA_ADDRESS,
      setup: withWebhook,
    },
    {
      name: 'bulk create 100 addresses',
      method: 'POST',
      path: '/api/ipam/ip-addresses/',
      write: true,
      body: () => Array.from({ length: 100 }, () => ({ address: address(counter.next++), status: 'active' })),
      counter,
      luaBody: `local items = {}; for i = 1, 100 do items[i] = '{"address":"' .. address(n) .. '","status":"active"}'; n = n + 1 end; return '[' .. table.concat(items, ',') .. ']'`,
    },
    {
      name: 'patch device',
      method: 'PATCH',
      path: `/api/dcim/devices/${ids.device}/`,
      write: true,
      body: () => ({ description: `bench ${counter.next++}` }),
      counter,
      luaBody: `local b = '{"description":"bench ' .. n .. '"}'; n = n + 1; return b`,
    },
    { name: 'status', method: 'GET', path: '/api/status/' },
    // 50 devices with their interfaces and addresses: one GraphQL query, or three REST lists (devices, then by their ids).
    {
      name: 'graphql 50 devices, interfaces, addresses',
      method: 'POST',
      path: '/graphql/',
      body: () => ({ query: '{ device_list(limit: 50) { id name interfaces { id name ip_addresses { id address } } } }' }),
    },
    { name: 'rest 50 devices: interfaces', method: 'GET', path: `/api/dcim/interfaces/?limit=0&${ids.firstDevices.map((id) => `device_id=${id}`).join('&')}`, list: true },
    { name: 'rest 50 devices: addresses', method: 'GET', path: `/api/ipam/ip-addresses/?limit=0&${ids.firstDevices.map((id) => `device_id=${id}`).join('&')}`, list: true },
    ...spreadScenarios(ids),
  ];
}

/**
 * Reads spread over many distinct pages, a random one per request, alone and beside a writer that PATCHes random
 * devices at a fixed rate; and the writer's latency while readers of every kind run. A kind the data set lacks is left
 * out, with a message.
 */
function spreadScenarios(ids) {
  const writes = (n) => {
    const device = 1 + Math.floor(Math.random() * ids.devices);
    return { method: 'PATCH', path: `/api/dcim/devices/${device}/`, body: { description: `bench ${n}` } };
  };
  const scenarios = [];
  const every = [];
  for (const kind of SPREAD_KINDS) {
    const paths = ids.spread[kind.key];
    if (!paths.length) {
      if (!spreadScenarios.warned?.has(kind.key)) console.log(`Skipping "${kind.name}": the data set has no such pages (seed it again with --fresh).`);
      (spreadScenarios.warned ??= new Set()).add(kind.key);
      continue;
    }
    every.push(...paths);
    scenarios.push({ name: kind.name, method: 'GET', path: paths[0], paths, list: true, uncached: kind.uncached });
    scenarios.push({ name: `${kind.name} with ${WRITES_PER_SECOND} writes/s`, method: 'GET', path: paths[0], paths, list: true, writer: writes });
  }
  // The writer is the headline here: what an automation job waits while people read.
  if (every.length) scenarios.push({ name: 'writes while spread readers run', method: 'GET', path: every[0], paths: every, list: true, writer: writes, writerHeadline: true });
  return scenarios;
}

/** The far end of the webhook scenario: answers every delivery at once, and counts them. */
const webhookTarget = { server: null, url: null, received: 0 };

async function startWebhookTarget() {
  webhookTarget.server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      webhookTarget.received++;
      res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => webhookTarget.server.listen(0, '127.0.0.1', resolve));
  webhookTarget.url = `http://127.0.0.1:${webhookTarget.server.address().port}/hook`;
}

/** Creates a webhook on new addresses for the scenario's length; answers how to remove it. */
async function withWebhook(base) {
  const res = await fetch(`${base}/api/extras/webhooks/`, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify({ name: 'bench', content_types: ['ipam.ipaddress'], type_create: true, payload_url: webhookTarget.url }),
  });
  if (!res.ok) throw new Error(`creating the bench webhook answered ${res.status}: ${await res.text()}`);
  const { id } = await res.json();
  return async () => {
    const gone = await fetch(`${base}/api/extras/webhooks/${id}/`, { method: 'DELETE', headers: HEADERS });
    if (!gone.ok) throw new Error(`deleting the bench webhook answered ${gone.status}`);
  };
}

/** The ids the scenarios name, looked up through the API. */
async function scenarioIds(base) {
  const get = async (p) => {
    const res = await fetch(base + p, { headers: { Authorization: `Token ${TOKEN}`, Accept: 'application/json' } });
    if (!res.ok) throw new Error(`GET ${p} answered ${res.status}`);
    return res.json();
  };
  const devices = await get('/api/dcim/devices/?brief=1&limit=1&offset=0');
  const middle = await get(`/api/dcim/devices/?brief=1&limit=1&offset=${Math.floor(devices.count / 2)}`);
  const busy = await get('/api/ipam/prefixes/?prefix=10.0.5.0/24&brief=1');
  const addresses = await get('/api/ipam/ip-addresses/?brief=1&limit=1');
  const deepOffset = Math.floor(addresses.count * 0.9);
  const deep = await get(`/api/ipam/ip-addresses/?brief=1&limit=1&offset=${deepOffset}`);
  if (!middle.results.length || busy.results.length !== 1 || !deep.results.length) throw new Error('the data set lacks the scenarios\' device, prefix or addresses');
  // The devices of the first page of 50: what the GraphQL scenario reads, and the REST ones read by id.
  const firstDevices = (await get('/api/dcim/devices/?brief=1&limit=50')).results.map((d) => d.id);
  const spread = await spreadPages(get, devices.count);
  return { device: middle.results[0].id, busyPrefix: busy.results[0].id, deepOffset, deepAddress: deep.results[0].id, firstDevices, devices: devices.count, spread };
}

/** The same numbers every run (mulberry32), so that every run reads the same pages. */
function seededRandom(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled(items, random) {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/**
 * Up to SPREAD_PAGES distinct filtered pages of each kind, picked through the API: devices by site, interfaces by
 * device, addresses by a /24 that holds some, VLANs by group. Fewer where the data set has fewer (10 sites when small).
 */
async function spreadPages(get, deviceCount) {
  const random = seededRandom(36);
  const all = async (listPath) => (await get(`${listPath}brief=1&limit=${SPREAD_PAGES}`)).results;
  const sites = await all('/api/dcim/sites/?');
  // Devices in pages of 50 at offsets spread evenly over them all.
  const deviceIds = [];
  const pages = Math.ceil(Math.min(SPREAD_PAGES, deviceCount) / 50);
  for (let k = 0; k < pages; k++) {
    const offset = Math.floor((k * deviceCount) / pages);
    deviceIds.push(...(await get(`/api/dcim/devices/?brief=1&limit=50&offset=${offset}`)).results.map((d) => d.id));
  }
  // The first /24s in address order, those that hold addresses.
  const candidates = (await all('/api/ipam/prefixes/?mask_length=24&')).map((p) => p.prefix);
  const prefixes = [];
  for (let i = 0; i < candidates.length; i += 8) {
    const batch = candidates.slice(i, i + 8);
    const counts = await Promise.all(batch.map(async (p) => (await get(`/api/ipam/ip-addresses/?parent=${p}&brief=1&limit=1`)).count));
    prefixes.push(...batch.filter((_, j) => counts[j] > 0));
  }
  const groups = await all('/api/ipam/vlan-groups/?');
  const pick = (values, toPath) => shuffled([...new Set(values)], random).slice(0, SPREAD_PAGES).map(toPath);
  return {
    devicesBySite: pick(sites.map((x) => x.id), (id) => `/api/dcim/devices/?site_id=${id}&limit=50`),
    interfacesByDevice: pick(deviceIds, (id) => `/api/dcim/interfaces/?device_id=${id}`),
    addressesByPrefix: pick(prefixes, (p) => `/api/ipam/ip-addresses/?parent=${p}`),
    vlansByGroup: pick(groups.map((x) => x.id), (id) => `/api/ipam/vlans/?group_id=${id}`),
  };
}

/** The spread scenarios: one per kind of filtered page. */
const SPREAD_KINDS = [
  { name: 'spread device pages', key: 'devicesBySite', uncached: true },
  { name: 'spread interface pages', key: 'interfacesByDevice' },
  { name: 'spread address pages', key: 'addressesByPrefix' },
  { name: 'spread VLAN pages', key: 'vlansByGroup' },
];

const HEADERS = { Authorization: `Token ${TOKEN}`, Accept: 'application/json', 'Content-Type': 'application/json' };

/**
 * Runs each scenario once in a service inside this process, recording the SQL statements it ran
 * (with their parameters), its status and body: what the ceiling replays. A spread scenario records the first
 * SPREAD_RECORDED of its pages, each at its first visit; the writer scenarios record nothing (the ceiling
 * has no writer beside it). `extraEnv` configures the service (`READ_CACHE=false`), `wanted` picks the scenarios recorded.
 */
async function capture(database, extraEnv = {}, wanted = () => true) {
  const { createApp } = require(path.join(dist, 'app.factory'));
  const { loadConfig } = require(path.join(dist, 'core', 'config', 'config'));
  const { DataSource } = require('typeorm');
  const dataDir = database.env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'inventory-bench-'));
  const config = loadConfig({ ...cleanEnv(), ...database.env, DATA_DIR: dataDir, SUPERUSER_NAME: 'bench', SUPERUSER_PASSWORD: 'bench-password', SUPERUSER_API_TOKEN: TOKEN, LOG_LEVEL: 'error', MAX_PAGE_SIZE: '1000', ...extraEnv });
  const app = await createApp(config, { logger: false });
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  const ds = app.get(DataSource);
  const original = ds.logger;
  try {
    const ids = await scenarioIds(base);
    const counter = { next: 0 };
    const list = scenarioList(ids, counter);
    const captured = [];
    for (const s of list) {
      if (!wanted(s) || s.writer) {
        captured.push({ name: s.name, status: 200, body: '', statements: [], variants: [], write: false });
        continue;
      }
      if (s.paths) {
        const variants = [];
        for (const pagePath of s.paths.slice(0, SPREAD_RECORDED)) variants.push(await record(base, ds, { ...s, path: pagePath, firstVisit: true }));
        captured.push({ name: s.name, statements: variants[0].statements, variants, write: false });
        continue;
      }
      captured.push({ name: s.name, ...(await record(base, ds, s)), write: !!s.write });
    }
    return { ids, counterStart: counter.next, captured };
  } finally {
    Object.assign(ds, { logger: original });
    await app.close();
    if (!database.env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One request's statements, status and body, recorded through the data source's query logger. */
async function record(base, ds, s) {
  const original = ds.logger;
  const teardown = s.setup ? await s.setup(base) : null;
  try {
    // A read is recorded as it runs under load: a repeated one after a first request, with what that request let the
    // service remember; a spread page as a first visit, since under load most of its objects are not remembered.
    if (!s.write && !s.firstVisit) await (await fetch(base + s.path, { method: s.method, headers: HEADERS, body: s.body ? JSON.stringify(s.body()) : undefined })).text();
    const statements = [];
    Object.assign(ds, {
      logger: {
        logQuery: (sql, params) => statements.push({ sql, params: params ?? [] }),
        logQueryError: () => undefined,
        logQuerySlow: () => undefined,
        logSchemaBuild: () => undefined,
        logMigration: () => undefined,
        log: () => undefined,
      },
    });
    const res = await fetch(base + s.path, { method: s.method, headers: HEADERS, body: s.body ? JSON.stringify(s.body()) : undefined });
    const body = await res.text();
    if (!res.ok) throw new Error(`${s.method} ${s.path} answered ${res.status}: ${body.slice(0, 500)}`);
    // What the service prepares, the ceiling prepares under the same name: the same SQL, run the same way.
    const { preparedName } = require(path.join(dist, 'core', 'db', 'read-batch'));
    for (const statement of statements) {
      const name = preparedName(statement.sql);
      if (name) statement.prepared = name;
    }
    return { status: res.status, body, statements };
  } finally {
    Object.assign(ds, { logger: original });
    await teardown?.();
  }
}

// ---------------------------------------------------------------------------------------------
/** Whether `--only` picks a scenario: its name contains one of the `|`-separated texts. */
function chosen(opts, name) {
  return !opts.only || opts.only.split('|').some((text) => name.includes(text));
}

// Processes under load: the service and the ceiling.

class Service {
  /** `checkout`: the source tree whose build runs (another commit's, for --before). */
  constructor(database, extraEnv = {}, checkout = root) {
    this.database = database;
    this.extraEnv = extraEnv;
    this.checkout = checkout;
    this.log = [];
  }

  async start() {
    this.port = await freePort();
    this.base = `http://127.0.0.1:${this.port}`;
    const env = {
      ...cleanEnv(),
      ...this.database.env,
      NODE_ENV: 'production',
      PORT: String(this.port),
      HOST: '127.0.0.1',
      SUPERUSER_NAME: 'bench',
      SUPERUSER_PASSWORD: 'bench-password',
      SUPERUSER_EMAIL: 'bench@example.com',
      SUPERUSER_API_TOKEN: TOKEN,
      LOG_LEVEL: 'warn',
      MAX_PAGE_SIZE: '1000',
      // For the caches' hit rates; every service measured has them on, so that all pay the same.
      METRICS_ENABLED: 'true',
      ...this.extraEnv,
    };
    if (!env.DATA_DIR) env.DATA_DIR = (this.tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'inventory-bench-')));
    this.child = spawn(process.execPath, [path.join(this.checkout, 'dist', 'src', 'main.js')], { cwd: this.checkout, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk) => {
      this.log.push(chunk.toString());
      if (this.log.length > 200) this.log.shift();
    };
    this.child.stdout.on('data', keep);
    this.child.stderr.on('data', keep);
    this.exited = new Promise((resolve) => this.child.on('exit', (code, signal) => resolve({ code, signal })));
    let gone = null;
    this.exited.then((e) => (gone = e));
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      if (gone) throw new Error(`the service exited (${gone.code ?? gone.signal}) before it was ready:\n${this.log.join('')}`);
      try {
        if ((await fetch(`${this.base}/api/status/`, { headers: HEADERS })).status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(200);
    }
    throw new Error(`the service did not answer on /api/status/ within 180 s:\n${this.log.join('')}`);
  }

  get pid() {
    return this.child.pid;
  }

  async stop() {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
      await this.exited;
      clearTimeout(timer);
    }
    if (this.tmp) fs.rmSync(this.tmp, { recursive: true, force: true });
  }
}

/** A job worker beside the service (`--redis`): it delivers the webhook scenario's requests, as in production. */
class JobWorker {
  constructor(database, redisUrl) {
    this.database = database;
    this.redisUrl = redisUrl;
    this.log = [];
  }

  async start() {
    const port = await freePort();
    const env = { ...cleanEnv(), ...this.database.env, NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'warn', REDIS_URL: this.redisUrl, WORKER_HEALTH_PORT: String(port) };
    this.child = spawn(process.execPath, [path.join(dist, 'worker.js')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk) => this.log.push(chunk.toString());
    this.child.stdout.on('data', keep);
    this.child.stderr.on('data', keep);
    this.exited = new Promise((resolve) => this.child.on('exit', resolve));
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`the worker exited before it was ready:\n${this.log.join('')}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await sleep(200);
    }
    throw new Error(`the worker did not get ready:\n${this.log.join('')}`);
  }

  async stop() {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGTERM');
      await this.exited;
    }
  }
}

class Ceiling {
  async start(database, captured, duration) {
    this.planFile = path.join(os.tmpdir(), `inventory-bench-ceiling-${process.pid}.json`);
    fs.writeFileSync(this.planFile, JSON.stringify({ db: database.ceilingConfig(), scenarios: captured, statementTimeout: duration * 1000 }));
    this.child = fork(path.join(__dirname, 'bench', 'ceiling.js'), [this.planFile], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const { port } = await new Promise((resolve, reject) => {
      this.child.once('message', resolve);
      this.child.once('exit', (code) => reject(new Error(`the ceiling server exited (${code})`)));
    });
    this.base = `http://127.0.0.1:${port}`;
    this.pid = this.child.pid;
  }

  async stop() {
    if (this.child?.exitCode === null) {
      this.child.kill('SIGTERM');
      await new Promise((r) => this.child.once('exit', r));
    }
    if (this.planFile) fs.rmSync(this.planFile, { force: true });
  }
}

/**
 * Waits until the requests a run left behind are done: wrk stops sending when its time is up, but the
 * service and the database finish what they were given (seconds, for a deep offset), and that would weigh on the
 * next run. PostgreSQL: until no statement runs on the benchmark's database; both: until the service answers
 * its status promptly.
 */
async function settle(database, base) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    let busy = 0;
    if (database.opts.db === 'postgres') {
      busy = await database.admin(async (c) => {
        const r = await c.query(`SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = $1 AND state = 'active' AND pid <> pg_backend_pid()`, [database.name]);
        return Number(r.rows[0].n);
      });
    }
    const started = Date.now();
    await fetch(`${base}/api/status/`, { headers: HEADERS }).then((r) => r.text()).catch(() => undefined);
    if (busy === 0 && Date.now() - started < 50) return;
    await sleep(200);
  }
}

/** The load generator. */
const WRK = findWrk();

/**
 * One run of a scenario at `base`: a fixed path, or a random one of its `paths` per request. With `writerBase`, a
 * scenario's writer sends its PATCHes there at a fixed rate meanwhile, and the result carries the writer's numbers.
 */
async function measure(base, pid, scenario, connections, duration, writerBase = null) {
  const writer = writerBase && scenario.writer ? startWriter({ base: writerBase, rate: WRITES_PER_SECOND, headers: HEADERS, request: scenario.writer }) : null;
  let writes = null;
  const { method, path: urlPath, paths, body, luaBody, counter } = scenario;
  const { result, peakRssMiB } = await peakDuring(pid, async () => {
    try {
      return await runWrk(WRK, {
        base,
        method,
        path: paths ? undefined : urlPath,
        paths,
        ...(luaBody ? { luaBody, counter: counter.next } : { body: body ? JSON.stringify(body()) : undefined }),
        headers: HEADERS,
        connections,
        duration,
      });
    } finally {
      writes = (await writer?.stop()) ?? null;
    }
  });
  // The next run's bodies start where this one's ended: each address is new.
  if (luaBody) counter.next = result.counter;
  return { ...result, peakRssMiB, writer: writes };
}

/** `limit=0` over every address with no page maximum: one request, its time, size and the service's memory. */
async function streamAll(database, seeded) {
  const service = new Service(database, { MAX_PAGE_SIZE: '0' });
  await service.start();
  try {
    const before = memoryOf(service.pid);
    const started = process.hrtime.bigint();
    // Resident memory against bytes sent, every 5 s: flat while the body grows is what bounded means.
    const timeline = [];
    let sent = 0;
    const sampler = setInterval(() => timeline.push({ seconds: Math.round(seconds(started)), megabytesSent: +(sent / 2 ** 20).toFixed(1), rssMiB: memoryOf(service.pid)?.rss ?? null }), 5000);
    const { result, peakRssMiB } = await peakDuring(service.pid, async () => {
      const res = await fetch(`${service.base}/api/ipam/ip-addresses/?limit=0`, { headers: HEADERS });
      let bytes = 0;
      let head = '';
      let tail = '';
      for await (const chunk of res.body) {
        bytes += chunk.length;
        sent = bytes;
        if (head.length < 200) head += Buffer.from(chunk).toString('utf8', 0, 200);
        tail = (tail + Buffer.from(chunk).toString('utf8')).slice(-20);
      }
      return { status: res.status, bytes, head, tail };
    }).finally(() => clearInterval(sampler));
    const count = Number((/^\{"count":(\d+)/.exec(result.head) || [])[1]);
    const complete = result.status === 200 && result.tail.endsWith(']}') && count >= seeded.sizes.addresses;
    return {
      path: '/api/ipam/ip-addresses/?limit=0 (MAX_PAGE_SIZE=0)',
      status: result.status,
      count,
      complete,
      seconds: +seconds(started).toFixed(2),
      megabytes: +(result.bytes / 2 ** 20).toFixed(1),
      rssBeforeMiB: before?.rss ?? null,
      peakRssMiB,
      timeline,
    };
  } finally {
    await service.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// The report.

function markdown(report) {
  const lines = [];
  const s = report.seeding;
  lines.push(`# Benchmark: ${report.db}, ${report.scale} data set`);
  lines.push('');
  lines.push(`${report.date} · commit ${report.commit ?? '?'} · ${report.node} · ${report.platform} · ${report.options.duration} s per run`);
  lines.push('');
  lines.push(`Data set: ${Object.entries(s.sizes).filter(([k]) => !/Per/.test(k)).map(([k, v]) => `${v.toLocaleString('en')} ${k}`).join(', ')}.`);
  lines.push(`Seeding: ${s.seconds} s${report.seedingReused ? ' (seeded by an earlier run and reused)' : ''}.`);
  lines.push('');
  lines.push(`Load generator: ${report.loadGenerator}.`);
  lines.push('');
  lines.push('Ratio: the service\'s requests per second over the ceiling\'s, a bare Node server that runs the same SQL with the same driver and answers the same bytes from memory (for a spread scenario, those of a random one of its recorded pages). "baseline" is the same server running the statements an earlier commit ran for the scenario (`bench/baseline/`), "vs baseline" the service over it. "memory req/s" is the same server answering without SQL. "before" is the service built at the commit `--before` names, running beside it and measured right after it, scenario by scenario. "cache hits": each read cache\'s hit rate during the run (from `/metrics`), with the lookups it counted.');
  lines.push('');
  const header = ['scenario', 'conns', 'SQL', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'peak RSS MiB', 'ceiling req/s', 'ratio', 'baseline SQL', 'baseline req/s', 'vs baseline', 'memory req/s', 'before req/s', '× before', 'errors', 'cache hits'];
  lines.push(`| ${header.join(' | ')} |`);
  lines.push(`| ${header.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`);
  for (const r of report.results) {
    const flag = r.ratio !== null && r.ratio < RATIO_FLOOR ? ' ⚠' : '';
    lines.push(
      `| ${[r.scenario, r.connections, r.statements, r.reqPerSec, r.p50, r.p95, r.p99, r.peakRssMiB, r.ceilingReqPerSec, r.ratio === null ? '-' : `${r.ratio.toFixed(2)}${flag}`, r.baselineStatements, r.baselineReqPerSec, r.baselineRatio?.toFixed(2), r.memoryReqPerSec, r.beforeReqPerSec, r.timesBefore?.toFixed(2), r.non2xx + r.errors, hitRateText(r.cacheHitRates)]
        .map((v) => String(v ?? '-'))
        .join(' | ')} |`,
    );
  }
  const written = report.results.filter((r) => r.writer);
  if (written.length) {
    lines.push('');
    lines.push(`Writers: beside the readers above, the benchmark PATCHes a random device's description ${report.writesPerSecond} times a second on a fixed schedule (each latency counted from when its request was due), on keep-alive connections of its own. In "writes while spread readers run" (readers on every spread kind's pages) the writer is the headline.`);
    lines.push('');
    const columns = ['scenario', 'conns', 'readers req/s', 'readers p95 ms', 'writes/s', 'write p50 ms', 'write p95 ms', 'write p99 ms', 'write errors', 'before write p95 ms'];
    lines.push(`| ${columns.join(' | ')} |`);
    lines.push(`| ${columns.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`);
    for (const r of written) {
      const w = r.writer;
      lines.push(`| ${[r.scenario, r.connections, r.reqPerSec, r.p95, w.reqPerSec, w.p50, w.p95, w.p99, w.errors, r.beforeWriter?.p95].map((v) => String(v ?? '-')).join(' | ')} |`);
    }
  }
  const hooked = report.results.filter((r) => r.webhookDeliveries !== undefined);
  if (hooked.length) {
    lines.push('');
    const how = report.options.redis ? 'a worker process delivers them through Redis' : 'the service delivers them itself, without Redis';
    lines.push(`Webhook deliveries received during the run (${how}): ${hooked.map((r) => `${r.scenario}, ${r.connections} connections: ${r.webhookDeliveries}`).join('; ')}.`);
  }
  lines.push('');
  const m = report.memory;
  lines.push(`Service memory: ${m.afterStart} MiB after start, peak ${m.peak} MiB over the run (VmHWM).`);
  if (report.stream) {
    const st = report.stream;
    lines.push('');
    lines.push(`Streaming: \`${st.path}\` answered ${st.status} with ${st.count.toLocaleString('en')} addresses (${st.megabytes} MiB) in ${st.seconds} s; service RSS ${st.rssBeforeMiB} MiB before, peak ${st.peakRssMiB} MiB during${st.complete ? '' : ' — INCOMPLETE'}.`);
    if (st.timeline.length) lines.push(`RSS while streaming (MiB sent → MiB resident): ${st.timeline.map((p) => `${p.megabytesSent} → ${p.rssMiB}`).join(', ')}.`);
  }
  return lines.join('\n') + '\n';
}

/** `representations 98% of 12k, counts 100% of 300`: each cache looked up during the run. */
function hitRateText(rates) {
  if (!rates) return '-';
  const short = (n) => (n >= 10_000 ? `${Math.round(n / 1000)}k` : String(n));
  const text = Object.entries(rates).map(([cache, r]) => `${cache} ${Math.round(r.hitRate * 100)}% of ${short(r.lookups)}`);
  return text.length ? text.join(', ') : 'none looked up';
}

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return null;
  }
}

/** Each read cache's hits and misses so far, from the service's /metrics; null where it reports none (an older commit). */
async function cacheLookups(base) {
  try {
    const res = await fetch(`${base}/metrics`);
    if (!res.ok) return null;
    const tally = {};
    for (const [, kind, cache, value] of (await res.text()).matchAll(/^read_cache_(hits|misses)_total\{cache="(\w+)"\} (\S+)$/gm)) {
      (tally[cache] ??= { hits: 0, misses: 0 })[kind] = Number(value);
    }
    return Object.keys(tally).length ? tally : null;
  } catch {
    return null;
  }
}

/** Each cache's hit rate between two readings, for the caches looked up in between. */
function hitRates(before, after) {
  if (!before || !after) return null;
  const rates = {};
  for (const [cache, t] of Object.entries(after)) {
    const hits = t.hits - (before[cache]?.hits ?? 0);
    const lookups = hits + t.misses - (before[cache]?.misses ?? 0);
    if (lookups > 0) rates[cache] = { hitRate: +(hits / lookups).toFixed(3), lookups };
  }
  return rates;
}

/**
 * `--before COMMIT`: that commit built in a temporary worktree beside this checkout, with this checkout's
 * node_modules; answers its directory and how to remove it.
 */
function buildBefore(commit) {
  const sha = execFileSync('git', ['rev-parse', '--verify', `${commit}^{commit}`], { cwd: root }).toString().trim();
  const dir = path.join(os.tmpdir(), `inventory-bench-before-${sha.slice(0, 12)}-${process.pid}`);
  const remove = () => {
    try {
      execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: root, stdio: 'ignore' });
    } catch {
      fs.rmSync(dir, { recursive: true, force: true });
      execFileSync('git', ['worktree', 'prune'], { cwd: root, stdio: 'ignore' });
    }
  };
  console.log(`Building commit ${sha.slice(0, 12)} (--before) in ${dir}...`);
  execFileSync('git', ['worktree', 'add', '--detach', dir, sha], { cwd: root, stdio: 'ignore' });
  try {
    fs.symlinkSync(fs.realpathSync(path.join(root, 'node_modules')), path.join(dir, 'node_modules'), 'dir');
    execFileSync(path.join(root, 'node_modules', '.bin', 'nest'), ['build'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (e) {
    remove();
    throw new Error(`building ${commit} failed: ${e.message}`);
  }
  return { commit: sha.slice(0, 12), dir, remove };
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  buildIfNeeded();
  if (!WRK) {
    console.error(`The benchmark drives the service with wrk, which is not installed: ${INSTALL_HINT}.`);
    process.exit(2);
  }
  const database = new BenchDatabase(opts);
  const { seeded, reused } = await prepareDatabase(database, opts);
  await database.cleanUp(seeded);

  await startWebhookTarget();
  console.log('Recording each scenario\'s statements and answer...');
  const { ids, counterStart, captured } = await capture(database);
  const baselineFile = path.join(root, 'bench', 'baseline', `${opts.db}-${opts.scale}.json`);
  if (opts.recordBaseline) {
    await database.cleanUp(seeded);
    const baseline = { date: new Date().toISOString(), commit: gitCommit(), scenarios: captured.filter((c) => !c.variants).map((c) => ({ name: c.name, statements: c.statements })) };
    fs.mkdirSync(path.dirname(baselineFile), { recursive: true });
    fs.writeFileSync(baselineFile, JSON.stringify(baseline, null, 1) + '\n');
    console.log(`Baseline statements of commit ${baseline.commit} written to ${path.relative(root, baselineFile)}`);
    webhookTarget.server.close();
    return;
  }
  // The statements an earlier commit ran for each scenario, replayed as a second ceiling: a gain shows within one run.
  const baseline = fs.existsSync(baselineFile) ? JSON.parse(fs.readFileSync(baselineFile, 'utf8')) : null;
  for (const c of captured) c.baseline = baseline?.scenarios.find((b) => b.name === c.name)?.statements ?? null;
  const counter = { next: counterStart };
  const scenarios = scenarioList(ids, counter)
    .map((s, index) => ({ ...s, index, captured: captured[index] }))
    .filter((s) => chosen(opts, s.name));
  // The headline lists again with the read cache off, each against the statements it then runs.
  const uncachedScenarios = scenarios.filter((s) => s.uncached);
  let uncachedCaptured = [];
  if (uncachedScenarios.length) {
    console.log('Recording the statements of the headline lists with READ_CACHE=false...');
    const names = new Set(uncachedScenarios.map((s) => s.name));
    uncachedCaptured = (await capture(database, { READ_CACHE: 'false' }, (s) => names.has(s.name))).captured;
  }
  const uncachedOf = (s) => ({ ...s, index: captured.length + s.index, captured: { ...uncachedCaptured[s.index], baseline: null } });
  const before = opts.before ? buildBefore(opts.before) : null;
  await database.cleanUp(seeded);

  // A phase: one service configuration and the rows it is measured for.
  const rows = [
    ...scenarios.flatMap((s) => opts.connections.map((connections) => ({ s, connections, uncached: false }))),
    ...uncachedScenarios.flatMap((s) => opts.connections.map((connections) => ({ s: uncachedOf(s), connections, uncached: true }))),
  ];
  // A phase: one service configuration, with the build of --before beside it under the same configuration. Each row
  // is measured on the one, then at once on the other: the machine's drift over minutes falls on both alike.
  const phases = [
    { uncached: false, env: {}, main: true },
    { uncached: true, env: { READ_CACHE: 'false' } },
  ].filter((phase) => rows.some((r) => r.uncached === phase.uncached));

  const ceiling = new Ceiling();
  const results = new Map();
  let afterStart = null;
  let peak = null;
  let service = null;
  let older = null;
  let worker = null;
  const shutdown = async () => {
    await Promise.allSettled([service?.stop(), older?.stop(), ceiling.stop(), worker?.stop()]);
    before?.remove();
    process.exit(130);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  try {
    await ceiling.start(database, [...captured, ...uncachedCaptured], opts.duration);
    for (const phase of phases) {
      const env = { ...(opts.redis ? { REDIS_URL: opts.redis } : {}), ...phase.env };
      console.log(`Starting the service${phase.uncached ? ' with READ_CACHE=false' : ''} on ${opts.db}...`);
      service = new Service(database, env, root);
      worker = opts.redis ? new JobWorker(database, opts.redis) : null;
      await service.start();
      await worker?.start();
      if (phase.main) afterStart = memoryOf(service.pid)?.rss ?? null;
      if (before) {
        console.log(`Starting commit ${before.commit} beside it...`);
        older = new Service(database, env, before.dir);
        try {
          await older.start();
        } catch (e) {
          console.log(`Commit ${before.commit} did not start on this data set: its columns read "-".\n${e.message.slice(0, 2000)}`);
          older = null;
        }
      }
      const phaseRows = rows.filter((r) => r.uncached === phase.uncached);
      const withCeiling = phase.main || phase.uncached;
      // Warm-up: JIT, caches and the database's buffers, for the services and the ceiling alike.
      for (const s of [...new Set(phaseRows.map((r) => r.s))]) {
        for (const svc of [service, older].filter(Boolean)) {
          const teardown = s.setup ? await s.setup(svc.base) : null;
          await measure(svc.base, svc.pid, s, 2, 1).catch(() => undefined);
          await teardown?.();
        }
        if (!withCeiling || s.writer || !s.captured.statements) continue;
        await measure(ceiling.base, ceiling.pid, { ...s, path: `/sql/${s.index}`, paths: undefined }, 2, 1);
        if (s.captured.baseline) {
          // Statements recorded on an older schema may no longer run: the scenario then has no baseline, not 0 req/s.
          const probe = await fetch(`${ceiling.base}/baseline/${s.index}`);
          const answer = await probe.text();
          if (probe.ok) await measure(ceiling.base, ceiling.pid, { ...s, path: `/baseline/${s.index}`, paths: undefined }, 2, 1);
          else {
            console.log(`${s.name}: the baseline's statements fail on this schema (${answer.slice(0, 100)}): no baseline for it`);
            s.captured.baseline = null;
          }
        }
      }
      for (const { s, connections } of phaseRows) {
        const name = `${s.name}${phase.uncached ? ' (READ_CACHE=false)' : ''}`;
        const key = `${name}\u0000${connections}`;
        process.stdout.write(`${name}, ${connections} connections: `);
        const run = async (base, pid, scenario, writerBase) => {
          const result = await measure(base, pid, scenario, connections, opts.duration, writerBase);
          await settle(database, service.base);
          return result;
        };
        await settle(database, service.base);
        const teardown = s.setup ? await s.setup(service.base) : null;
        const deliveredBefore = webhookTarget.received;
        const lookupsBefore = await cacheLookups(service.base);
        let own;
        try {
          own = await run(service.base, service.pid, s, service.base);
        } finally {
          await teardown?.();
        }
        const cacheHitRates = hitRates(lookupsBefore, await cacheLookups(service.base));
        const deliveries = s.setup ? webhookTarget.received - deliveredBefore : null;
        const ceilingRuns = withCeiling && !s.writer && s.captured.statements;
        const sql = ceilingRuns ? await run(ceiling.base, ceiling.pid, { ...s, path: `/sql/${s.index}`, paths: undefined }) : null;
        const memory = ceilingRuns ? await run(ceiling.base, ceiling.pid, { ...s, path: `/memory/${s.index}`, paths: undefined }) : null;
        const base = ceilingRuns && s.captured.baseline ? await run(ceiling.base, ceiling.pid, { ...s, path: `/baseline/${s.index}`, paths: undefined }) : null;
        const ratio = sql?.reqPerSec ? +(own.reqPerSec / sql.reqPerSec).toFixed(3) : null;
        const baselineRatio = base?.reqPerSec ? +(own.reqPerSec / base.reqPerSec).toFixed(3) : null;
        const variants = s.captured.variants;
        const statements = variants?.length ? +(variants.reduce((n, v) => n + v.statements.length, 0) / variants.length).toFixed(1) : s.writer ? null : s.captured.statements.length;
        const writes = own.writer ? `; writer ${own.writer.reqPerSec} writes/s, p95 ${own.writer.p95} ms, ${own.writer.errors} errors` : '';
        console.log(`${own.reqPerSec} req/s, p95 ${own.p95} ms, ceiling ${sql?.reqPerSec ?? '-'} req/s, ratio ${ratio ?? '-'}, baseline ${base?.reqPerSec ?? '-'} req/s, ratio ${baselineRatio ?? '-'}${writes}`);
        const row = {
          scenario: name,
          method: s.method,
          path: s.paths ? `${s.paths.length} distinct pages, e.g. ${s.paths[0]}` : s.path,
          ...(s.paths ? { distinctPages: s.paths.length, recordedPages: variants?.length ?? 0 } : {}),
          readCache: !phase.uncached,
          connections,
          statements,
          reqPerSec: own.reqPerSec,
          p50: own.p50,
          p95: own.p95,
          p99: own.p99,
          requests: own.requests,
          non2xx: own.non2xx,
          errors: own.errors,
          peakRssMiB: own.peakRssMiB,
          writer: own.writer,
          writerHeadline: !!s.writerHeadline,
          cacheHitRates,
          ceilingReqPerSec: sql?.reqPerSec ?? null,
          ceilingP95: sql?.p95 ?? null,
          ratio,
          baselineStatements: s.captured.baseline?.length ?? null,
          baselineReqPerSec: base?.reqPerSec ?? null,
          baselineP95: base?.p95 ?? null,
          baselineRatio,
          memoryReqPerSec: memory?.reqPerSec ?? null,
          beforeReqPerSec: null,
          timesBefore: null,
          ...(deliveries === null ? {} : { webhookDeliveries: deliveries }),
        };
        results.set(key, row);
        if (!older) continue;

        process.stdout.write(`[${before.commit}] ${name}, ${connections} connections: `);
        await settle(database, service.base);
        const olderTeardown = s.setup ? await s.setup(older.base) : null;
        let then;
        try {
          then = await run(older.base, older.pid, s, older.base);
        } catch (e) {
          console.log(`failed: ${e.message}`);
          continue;
        } finally {
          await olderTeardown?.();
        }
        // A row the older commit answered with errors has no "before".
        const usable = then.non2xx + then.errors === 0;
        Object.assign(row, {
          beforeReqPerSec: usable ? then.reqPerSec : null,
          beforeP95: usable ? then.p95 : null,
          beforeWriter: usable ? then.writer : null,
          timesBefore: usable && then.reqPerSec ? +(row.reqPerSec / then.reqPerSec).toFixed(2) : null,
        });
        if (row.writer && then.writer && usable) row.writerTimesBefore = then.writer.p95 ? +(then.writer.p95 / row.writer.p95).toFixed(2) : null;
        console.log(`${then.reqPerSec} req/s, p95 ${then.p95} ms${usable ? '' : ` (${then.non2xx + then.errors} errors: not counted)`}`);
      }
      if (phase.main) peak = memoryOf(service.pid)?.peak ?? null;
      await Promise.all([service.stop(), older?.stop()]);
      await worker?.stop();
      service = null;
      older = null;
      worker = null;
    }
  } finally {
    await ceiling.stop();
    await service?.stop();
    await older?.stop();
    await worker?.stop();
    webhookTarget.server?.close();
    before?.remove();
  }
  await database.cleanUp(seeded);

  let stream = null;
  if (chosen(opts, 'streaming')) {
    console.log('Streaming every address with limit=0 and no page maximum...');
    stream = await streamAll(database, seeded);
  }

  const measured = [...results.values()];
  const report = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}, ${os.cpus().length} CPUs`,
    db: opts.db,
    scale: opts.scale,
    options: { duration: opts.duration, connections: opts.connections, only: opts.only, redis: !!opts.redis, before: before?.commit ?? null, label: opts.label },
    loadGenerator: `wrk (${WRK})`,
    writesPerSecond: WRITES_PER_SECOND,
    seeding: seeded,
    seedingReused: reused,
    memory: { afterStart, peak: Math.max(peak ?? 0, ...measured.filter((r) => r.readCache).map((r) => r.peakRssMiB ?? 0)) },
    results: measured,
    stream,
  };
  const summary = markdown(report);
  console.log(`\n${summary}`);
  const file = path.join(root, 'bench', 'results', `${report.date.slice(0, 10)}-${opts.db}-${opts.scale}${opts.label ? `-${opts.label}` : ''}`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(`${file}.json`, JSON.stringify(report, null, 2) + '\n');
  fs.writeFileSync(`${file}.md`, summary);
  console.log(`Results written to ${path.relative(root, file)}.json and .md`);
}

main().catch((e) => {
  console.error(e.stack || String(e));
  process.exit(1);
});
