#!/usr/bin/env node
// `npm start`: builds when the compiled service is missing or older than its sources, then runs it.
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const entry = path.join(root, 'dist', 'src', 'main.js');

function newestSource(dir) {
  let newest = 0;
  for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, item.name);
    newest = Math.max(newest, item.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function buildIfNeeded() {
  const sources = Math.max(newestSource(path.join(root, 'src')), newestSource(path.join(root, 'plugins')), fs.statSync(path.join(root, 'ormconfig.ts')).mtimeMs);
  if (fs.existsSync(entry) && fs.statSync(entry).mtimeMs >= sources) return;
  console.log('Building the service...');
  try {
    execFileSync(path.join(root, 'node_modules', '.bin', 'nest'), ['build'], { cwd: root, stdio: 'inherit' });
  } catch (e) {
    // tsc emits even when it reports errors: drop the entry so that the next start builds again.
    fs.rmSync(entry, { force: true });
    console.error('Build failed.');
    process.exit(typeof e.status === 'number' && e.status !== 0 ? e.status : 1);
  }
}

module.exports = { buildIfNeeded, entry };

if (require.main === module) {
  buildIfNeeded();
  require(entry);
}
