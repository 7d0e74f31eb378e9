#!/usr/bin/env node
// Generates a migration for each database from the difference between the entities and the
// schema that the existing migrations build: `npm run migration:generate -- <Name>`.
// With `--plugin <entry>` (as PLUGINS names it), the plugin's models are loaded too and the
// migration goes to the plugin's own folder, named after the plugin so that it never clashes.
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { Client } = require('pg');

const args = process.argv.slice(2);
const pluginAt = args.indexOf('--plugin');
const pluginEntry = pluginAt >= 0 ? args.splice(pluginAt, 2)[1] : null;
let name = args[0];
if (!name || !/^[A-Za-z][A-Za-z0-9]*$/.test(name) || (pluginAt >= 0 && !pluginEntry)) {
  console.error('usage: npm run migration:generate -- <Name> [--plugin <entry>]');
  process.exit(2);
}
const root = path.resolve(__dirname, '..');
const cli = path.join(root, 'node_modules', '.bin', 'typeorm-ts-node-commonjs');

/** Where the migrations go: the core's folder, or the plugin's with its name in front. */
function target() {
  if (!pluginEntry) return path.join(root, 'src', 'migrations');
  require('reflect-metadata');
  require('ts-node').register({ transpileOnly: true, project: path.join(root, 'tsconfig.json') });
  const { loadConfig } = require(path.join(root, 'src', 'core', 'config', 'config'));
  const { loadPlugins } = require(path.join(root, 'src', 'core', 'plugins', 'loader'));
  const { pascal } = require(path.join(root, 'src', 'core', 'plugins', 'plugin'));
  // With the plugins PLUGINS already installs, and their settings from PLUGINS_CONFIG.
  const config = loadConfig();
  const plugins = loadPlugins(entries, require(path.join(root, 'package.json')).version, config.pluginsConfig);
  const plugin = plugins[entries.indexOf(pluginEntry)];
  const prefix = pascal(plugin.name);
  if (!name.startsWith(prefix)) name = `${prefix}${name}`;
  return plugin.migrationsDir;
}
const entries = [...new Set([...(process.env.PLUGINS || '').split(',').map((s) => s.trim()).filter(Boolean), ...(pluginEntry ? [pluginEntry] : [])])];
const dir = target();
const plugins = entries.join(',');

function typeorm(env, ...args) {
  execFileSync(cli, [...args, '-d', 'ormconfig.ts'], { cwd: root, stdio: 'inherit', env: { ...process.env, PLUGINS: plugins, ...env } });
}

function generate(env, driver) {
  typeorm(env, 'migration:run');
  try {
    typeorm(env, 'migration:generate', path.join(dir, driver, name));
  } catch (e) {
    if (e.status !== 1) throw e; // exit 1: no changes for this database
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'migration-'));
  generate({ DATA_DIR: dataDir, DATABASE_URL: '' }, 'sqlite');
  fs.rmSync(dataDir, { recursive: true, force: true });

  const adminUrl = process.env.MIGRATION_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const db = `migration_${Date.now()}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${db}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${db}`;
    generate({ DATABASE_URL: url.toString() }, 'postgres');
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
