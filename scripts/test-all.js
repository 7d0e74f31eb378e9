#!/usr/bin/env node
// `npm run test:all`: every suite, the browser and client ones included, on the embedded database and on
// PostgreSQL side by side. It fails at once, naming what to install, when a tool the suites need is missing.
const { spawn, spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { buildIfNeeded } = require('./start.js');

const root = path.resolve(__dirname, '..');
const postgresUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const python = process.env.CLIENTS_PYTHON || (fs.existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function missingTools() {
  const missing = [];
  if (!fs.existsSync(chromium)) missing.push(`Chromium at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  if (spawnSync(python, ['-c', 'import pynetbox']).status !== 0) missing.push(`pynetbox for ${python} (apt-get install -y python3-pynetbox)`);
  const redis = process.env.REDIS_SERVER || '/usr/bin/redis-server';
  if (!fs.existsSync(redis)) missing.push(`redis-server at ${redis} (apt-get install -y redis-server, or set REDIS_SERVER)`);
  if (spawnSync('git', ['--version']).status !== 0) missing.push('git (apt-get install -y git)');
  if (spawnSync('psql', ['--version']).status !== 0) missing.push('psql, to load NetBox dumps (apt-get install -y postgresql-client)');
  if (!fs.existsSync('/usr/bin/ansible-playbook') || !fs.existsSync('/usr/bin/ansible-inventory')) missing.push('Ansible (apt-get install -y ansible)');
  const pgBin = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql') : [];
  if (!pgBin.some((v) => fs.existsSync(path.join('/usr/lib/postgresql', v, 'bin', 'initdb')))) missing.push("PostgreSQL's initdb and pg_ctl (apt-get install -y postgresql)");
  const probe = spawnSync(process.execPath, ['-e', `new (require('pg').Client)(${JSON.stringify(postgresUrl)}).connect().then(() => process.exit(0), () => process.exit(1))`], { cwd: root, timeout: 15_000 });
  if (probe.status !== 0) missing.push(`a PostgreSQL server at ${postgresUrl} whose role may create databases (set TEST_DATABASE_URL)`);
  return missing;
}

/** One whole jest run, its output kept in a file so that the two runs do not interleave. */
function run(name, env, args = []) {
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'inventory-tests-')), `${name}.log`);
  const out = fs.openSync(log, 'w');
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--runInBand', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
  });
  console.log(`${name}: running (output in ${log})`);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      fs.closeSync(out);
      resolve({ name, code, log, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

async function main() {
  const missing = missingTools();
  if (missing.length) {
    console.error(`test:all needs:\n${missing.map((m) => `  - ${m}`).join('\n')}`);
    process.exit(1);
  }
  // Suites that start the built service would otherwise both build it at once.
  buildIfNeeded();
  // TEST_ALL_EMBEDDED_PROJECTS=tools: only those projects on the embedded database, where `npm test` has just run the others.
  const embedded = (process.env.TEST_ALL_EMBEDDED_PROJECTS || '').split(',').filter(Boolean);
  const results = await Promise.all([
    run(embedded.length ? `embedded database (${embedded.join(', ')})` : 'embedded database', { TEST_DATABASE_URL: '' }, embedded.length ? ['--selectProjects', ...embedded] : []),
    run('PostgreSQL', { TEST_DATABASE_URL: postgresUrl }),
  ]);
  for (const result of results) {
    console.log(`\n=== ${result.name}: ${result.code === 0 ? 'passed' : 'FAILED'} in ${result.seconds} s ===`);
    process.stdout.write(fs.readFileSync(result.log, 'utf8'));
  }
  const failed = results.filter((r) => r.code !== 0);
  console.log(failed.length ? `\nFAILED: ${failed.map((r) => r.name).join(', ')}` : '\nAll suites passed on both databases.');
  process.exit(failed.length ? 1 : 0);
}

main();
