#!/usr/bin/env node
// Validates Kubernetes manifests against the Kubernetes schemas (kubernetes-models):
// `node scripts/validate-manifests.mjs [dir]`, deploy/kubernetes by default. Exits 1 naming each invalid document.
import * as fs from 'fs';
import * as yaml from 'js-yaml';
import * as path from 'path';
import { fileURLToPath } from 'url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.resolve(process.argv[2] ?? path.join(root, 'deploy', 'kubernetes'));

/** `apps/v1` → the kubernetes-models module of that group and version. */
async function modelFor(apiVersion, kind) {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const module = group ? `kubernetes-models/${group}/${version}` : `kubernetes-models/${version}`;
  try {
    return (await import(module))[kind];
  } catch {
    return undefined;
  }
}

let failures = 0;
let checked = 0;
for (const file of fs.readdirSync(dir).filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml').sort()) {
  for (const doc of yaml.loadAll(fs.readFileSync(path.join(dir, file), 'utf8'))) {
    if (!doc) continue;
    const Model = await modelFor(String(doc.apiVersion), String(doc.kind));
    if (!Model) {
      console.error(`${file}: ${doc.apiVersion} ${doc.kind} is not a known Kubernetes kind`);
      failures++;
      continue;
    }
    try {
      new Model(doc).validate();
      checked++;
    } catch (e) {
      console.error(`${file}: ${doc.kind} ${doc.metadata?.name ?? ''} is invalid: ${e.message}`);
      failures++;
    }
  }
}
if (failures) process.exit(1);
console.log(`${checked} manifests valid`);
