#!/usr/bin/env node
// `npm run bench:import -- [--devices N] [--interfaces N] [--batch N] [--fresh]`, with DATABASE_URL=postgres://… (a
// server: the benchmark makes its own databases on it). Builds a NetBox 3.5 database of that size from the demo data
// (once: later runs reuse it), imports it with `import-netbox` into an empty database, then again (a re-run, which
// should write nothing), and writes the time, peak memory and report of each to bench/results/<date>-import-netbox.*.
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { Client } = require('pg');
const { buildIfNeeded } = require('../start');
const { scaledNetbox, databaseUrl } = require('./netbox-source');

const root = path.resolve(__dirname, '..', '..');
const SOURCE = 'inventory_bench_netbox_source';
const TARGET = 'inventory_bench_import';

function parseArgs(argv) {
  const opts = { devices: 100_000, interfaces: 1_000_000, batch: null, fresh: false };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i].replace(/^--/, '');
    if (key === 'fresh') opts.fresh = true;
    else if (['devices', 'interfaces', 'batch'].includes(key) && Number.isInteger(Number(argv[i + 1]))) opts[key] = Number(argv[++i]);
    else usage(`unknown or incomplete option: ${argv[i]}`);
  }
  if (!/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL || '')) usage('DATABASE_URL must name a PostgreSQL server (postgres://…)');
  return opts;
}

function usage(message) {
  console.error(`${message}\nusage: DATABASE_URL=postgres://… npm run bench:import -- [--devices N] [--interfaces N] [--batch N] [--fresh]`);
  process.exit(2);
}

/** Resident memory of a process in MiB, and its peak so far; null once it is gone. */
function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const mib = (field) => Number((status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm')) || [])[1]) / 1024;
    return { rss: mib('VmRSS'), peak: mib('VmHWM') };
  } catch {
    return null;
  }
}

/** One run of the import command: its wall time, peak resident memory (its own count and /proc's), and output. */
function importOnce(sourceUrl, targetUrl, batch) {
  const args = [path.join(root, 'dist', 'src', 'import-netbox.js'), sourceUrl, ...(batch ? ['--batch', String(batch)] : [])];
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, args, { env: { ...process.env, DATABASE_URL: targetUrl, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  const lines = [];
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => {
    for (const line of String(d).split('\n').filter(Boolean)) {
      lines.push(line);
      process.stderr.write(`  ${line}\n`);
    }
  });
  let sampledPeak = 0;
  const timer = setInterval(() => (sampledPeak = Math.max(sampledPeak, memoryOf(child.pid)?.peak ?? 0)), 100);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(timer);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const own = stdout.match(/peak memory (\d+(?:\.\d+)?) MiB/);
      if (code !== 0) return reject(new Error(`import-netbox exited with ${code}:\n${stdout}\n${lines.slice(-20).join('\n')}`));
      resolve({ seconds: +seconds.toFixed(1), peakMiB: own ? Number(own[1]) : +sampledPeak.toFixed(1), stdout, models: lines.map(tryJson).filter(Boolean) });
    });
  });
}

function tryJson(line) {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  buildIfNeeded();
  const server = process.env.DATABASE_URL;
  const began = Date.now();
  const source = await scaledNetbox(server, SOURCE, { devices: opts.devices, interfaces: opts.interfaces, fresh: opts.fresh });
  console.log(`source ${SOURCE}: ${JSON.stringify(source.counts)}${source.reused ? ' (reused)' : ` (made in ${((Date.now() - began) / 1000).toFixed(0)} s)`}`);
  const admin = new Client({ connectionString: server });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TARGET}`);
  await admin.query(`CREATE DATABASE ${TARGET}`);
  await admin.end();
  const target = databaseUrl(server, TARGET);
  console.log('first run: an empty target');
  const first = await importOnce(source.url, target, opts.batch);
  console.log(`  ${first.seconds} s, peak memory ${first.peakMiB} MiB`);
  console.log('second run: the same source again');
  const second = await importOnce(source.url, target, opts.batch);
  console.log(`  ${second.seconds} s, peak memory ${second.peakMiB} MiB`);
  const written = (run) => run.models.reduce((n, m) => n + (m.written ?? 0) + Object.values(m.alsoWritten ?? {}).reduce((a, b) => a + b, 0), 0);
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version, memoryGiB: Math.round(os.totalmem() / 2 ** 30) },
    source: source.counts,
    batch: opts.batch,
    runs: [
      { run: 'first', seconds: first.seconds, peakMiB: first.peakMiB, written: written(first), models: first.models },
      { run: 'second', seconds: second.seconds, peakMiB: second.peakMiB, written: written(second), models: second.models },
    ],
    firstReport: first.stdout,
  };
  const file = path.join(root, 'bench', 'results', `${report.date.slice(0, 10)}-import-netbox`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(`${file}.json`, JSON.stringify(report, null, 2) + '\n');
  fs.writeFileSync(`${file}.md`, markdown(report));
  console.log(`results: ${path.relative(root, file)}.md`);
}

/** The results as a page: both runs, the slowest models of the first, and its report. */
function markdown(report) {
  const slowest = [...report.runs[0].models].sort((a, b) => (b.seconds ?? 0) - (a.seconds ?? 0)).slice(0, 8);
  const md = [
    `# import-netbox, ${report.date.slice(0, 10)}`,
    '',
    `PostgreSQL to PostgreSQL on this machine (${report.machine.cpus} cores, ${report.machine.cpu}, Node ${report.machine.node}).`,
    `Source: NetBox 3.5's demo data scaled with SQL (\`scripts/bench/netbox-source.js\`): ${Object.entries(report.source).map(([k, v]) => `${v.toLocaleString('en')} ${k}`).join(', ')}.`,
    '',
    '| run | wall time | peak memory | rows written, with those their rules wrote |',
    '| --- | ---: | ---: | ---: |',
    ...report.runs.map((r) => `| ${r.run} | ${r.seconds} s | ${r.peakMiB} MiB | ${r.written.toLocaleString('en')} |`),
    '',
    'Slowest models of the first run:',
    '',
    '| model | rows read | seconds |',
    '| --- | ---: | ---: |',
    ...slowest.map((m) => `| ${m.model} | ${m.read} | ${m.seconds} |`),
    '',
    'The first run\'s report:',
    '',
    '```',
    report.firstReport.trim(),
    '```',
    '',
  ].join('\n');
  return md;
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

module.exports = { markdown };
