import { TestApp } from './test-app';
import { createOne, expectStatus, Json, TENANT_GROUPS, TENANTS } from './seed';

let sequence = 0;

/** A name no other test in the same app uses, readable in failure output: `Acme-7`. */
export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}-${sequence}`;
}

/** A slug from a name: lower case, runs of anything else than letters and digits as one hyphen. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The detail path of an object of the list path. */
export const detailPath = (list: string, id: number): string => `${list}${id}/`;

/** A tenant group with a unique name (from `prefix`) and its slug; `fields` may add or override any field. */
export async function makeGroup(t: TestApp, prefix = 'Customers', fields: Json = {}): Promise<Json> {
  const name = unique(prefix);
  return createOne(t, TENANT_GROUPS, { name, slug: slugify(name), ...fields });
}

/** A tenant with a unique name (from `prefix`) and its slug; `fields` may add or override any field. */
export async function makeTenant(t: TestApp, prefix = 'Acme', fields: Json = {}): Promise<Json> {
  const name = unique(prefix);
  return createOne(t, TENANTS, { name, slug: slugify(name), ...fields });
}

/** A region of customers three levels deep: `root` > `child` > `grandchild`. */
export async function makeGroupTree(t: TestApp, prefix = 'Region'): Promise<{ root: Json; child: Json; grandchild: Json }> {
  const root = await makeGroup(t, `${prefix} Europe`);
  const child = await makeGroup(t, `${prefix} Benelux`, { parent: root.id });
  const grandchild = await makeGroup(t, `${prefix} Amsterdam`, { parent: child.id });
  return { root, child, grandchild };
}

/** The object as a GET on its detail path reads it (200 asserted). */
export async function fetchOne(t: TestApp, list: string, id: number, query = ''): Promise<Json> {
  const res = await t.get(`${detailPath(list, id)}${query}`);
  expectStatus(res, 200);
  return res.body;
}

/** How many objects the list path holds. */
export async function countOf(t: TestApp, list: string): Promise<number> {
  const res = await t.get(`${list}?limit=1`);
  expectStatus(res, 200);
  return res.body.count;
}

/** Whether the detail path of the object answers 404. */
export async function isGone(t: TestApp, list: string, id: number): Promise<boolean> {
  const res = await t.get(detailPath(list, id));
  if (res.status !== 404 && res.status !== 200) expectStatus(res, 404);
  return res.status === 404;
}

/** Objects by id, for comparing answers whose order is not the request's. */
export function byId(objects: Json[]): Json[] {
  return [...objects].sort((a, b) => a.id - b.id);
}

/** A device (with its site, type and role) and a virtual machine (with its cluster), named as given: owners of interfaces. */
export async function makeDeviceAndMachine(t: TestApp, names: { device: string; machine: string }): Promise<{ device: Json; vm: Json }> {
  const site = await createOne(t, '/api/dcim/sites/', { name: unique('Site'), slug: slugify(unique('site')) });
  const maker = await createOne(t, '/api/dcim/manufacturers/', { name: unique('Maker'), slug: slugify(unique('maker')) });
  const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: unique('Model'), slug: slugify(unique('model')) });
  const role = await createOne(t, '/api/dcim/device-roles/', { name: unique('Role'), slug: slugify(unique('role')) });
  const device = await createOne(t, '/api/dcim/devices/', { name: names.device, device_type: type.id, device_role: role.id, site: site.id });
  const kind = await createOne(t, '/api/virtualization/cluster-types/', { name: unique('Hypervisor'), slug: slugify(unique('hypervisor')) });
  const cluster = await createOne(t, '/api/virtualization/clusters/', { name: unique('cluster'), type: kind.id });
  const vm = await createOne(t, '/api/virtualization/virtual-machines/', { name: names.machine, cluster: cluster.id });
  return { device, vm };
}
