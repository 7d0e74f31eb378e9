#!/usr/bin/env node
// Writes src/import-netbox/netbox-schemas.json from a clone of netbox-community/netbox: for each schema NetBox's
// releases from 3.5.0 to 4.6.8 have, the releases that share it and the newest migration of each app; and every
// migration name those releases ship, by app. `import-netbox` compares them with a source's django_migrations.
// Usage: node scripts/reference/netbox-migration-states.js <clone> > src/import-netbox/netbox-schemas.json
const { execFileSync } = require('child_process');

const repo = process.argv[2];
if (!repo) throw new Error('usage: netbox-migration-states.js <clone of netbox-community/netbox>');
const git = (...args) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
const APPS = ['circuits', 'core', 'dcim', 'extras', 'ipam', 'tenancy', 'users', 'virtualization', 'vpn', 'wireless'];
const release = /^v(3\.[5-7]|4\.[0-6])\.(\d+)$/;
const order = (a, b) => a.split('.').map(Number).reduce((d, n, i) => d || n - Number(b.split('.')[i]), 0);
const tags = git('tag').split('\n').filter((t) => release.test(t)).map((t) => t.slice(1)).sort(order);

const known = Object.fromEntries(APPS.map((app) => [app, new Set()]));
const states = [];
for (const tag of tags) {
  const latest = {};
  for (const app of APPS) {
    const names = git('ls-tree', '--name-only', `v${tag}`, `netbox/${app}/migrations/`)
      .split('\n')
      .map((path) => /\/(\d{4}_[^/]+)\.py$/.exec(path)?.[1])
      .filter(Boolean)
      .sort();
    names.forEach((name) => known[app].add(name));
    if (names.length) latest[app] = names[names.length - 1];
  }
  const last = states[states.length - 1];
  if (last && JSON.stringify(last.latest) === JSON.stringify(latest)) last.releases.push(tag);
  else states.push({ releases: [tag], latest });
}
const out = {
  states: states.map((s) => ({ from: s.releases[0], to: s.releases[s.releases.length - 1], latest: s.latest })),
  known: Object.fromEntries(Object.entries(known).map(([app, names]) => [app, [...names].sort()])),
};
process.stdout.write(`${JSON.stringify(out, null, 1)}\n`);
