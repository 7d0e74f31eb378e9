import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { TestApp } from './helpers/test-app';
import { baseUrl } from './helpers/users';
import { Json } from './helpers/seed';

jest.setTimeout(300_000);

const ROOT = path.resolve(__dirname, '..');
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

// Debian's client packages are built for Debian's Python, which another python3 on PATH may not be.
const PYTHON = process.env.CLIENTS_PYTHON ?? (fs.existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');

/** Runs a client's own test program against the service; its whole output explains a failure. */
function runClient(command: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    proc.stdout.on('data', (chunk) => (output += chunk));
    proc.stderr.on('data', (chunk) => (output += chunk));
    proc.on('error', reject);
    proc.on('exit', (code) => resolve({ code, output }));
  });
}

describe('real NetBox clients against the service', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t?.close());

  it('runs a pynetbox script unchanged', async () => {
    const probe = await runClient(PYTHON, ['-c', 'import pynetbox; print(pynetbox.__version__)'], {});
    if (probe.code !== 0) throw new Error(`pynetbox is not installed: apt-get install -y python3-pynetbox\n${probe.output}`);
    const { code, output } = await runClient(PYTHON, ['test/clients/pynetbox/test_pynetbox.py'], { NETBOX_URL: baseUrl(t), NETBOX_TOKEN: t.token });
    if (code !== 0) throw new Error(`pynetbox ${probe.output.trim()} failed:\n${output}`);
    expect(output).toMatch(/^OK$/m);
  });

  it('builds a site with the Ansible collection netbox.netbox, idempotently, and lists it with nb_inventory', async () => {
    const playbook = '/usr/bin/ansible-playbook';
    if (!fs.existsSync(playbook)) throw new Error('Ansible is not installed: apt-get install -y ansible (it bundles the netbox.netbox collection)');
    const dir = path.join(__dirname, 'clients', 'ansible');
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'ansible-'));
    const env = {
      NETBOX_URL: baseUrl(t),
      NETBOX_API: baseUrl(t),
      NETBOX_TOKEN: t.token,
      // Its own home: nb_inventory caches the API's schema there.
      ANSIBLE_HOME: home,
      ANSIBLE_LOCAL_TEMP: path.join(home, 'tmp'),
      ANSIBLE_NOCOLOR: '1',
      ANSIBLE_PYTHON_INTERPRETER: PYTHON,
    };
    try {
      const recap = async () => {
        const run = await runClient(playbook, ['-i', 'localhost,', path.join(dir, 'site.yml')], env);
        const line = /^localhost\s+:\s+(.*)$/m.exec(run.output);
        if (run.code !== 0 || !line) throw new Error(`ansible-playbook failed:\n${run.output}`);
        return Object.fromEntries(line[1].trim().split(/\s+/).map((kv) => kv.split('=')).map(([k, v]) => [k, Number(v)]));
      };
      // All 26 tasks end ok: the duplicate asset tag fails (ignored, which Ansible also counts as ok) on both runs,
      // and the assertion on its message passes; the other 24 change the first time and nothing the second.
      expect(await recap()).toMatchObject({ ok: 26, changed: 24, failed: 0, ignored: 1 });
      expect(await recap()).toMatchObject({ ok: 26, changed: 0, failed: 0, ignored: 1 });

      const device = (await t.get('/api/dcim/devices/?name=leaf-01')).body.results[0];
      expect(device).toMatchObject({ site: { name: 'Ansible Site' }, device_type: { model: 'AX-48' }, tenant: { name: 'Ansible Tenant' } });
      const address = (await t.get('/api/ipam/ip-addresses/?address=10.200.0.10/24')).body.results[0];
      expect(address.assigned_object).toMatchObject({ name: 'eth0', device: { name: 'leaf-01' } });
      expect((await t.get('/api/ipam/prefixes/?prefix=10.200.0.0/24')).body.results[0].vlan).toMatchObject({ vid: 100 });
      const front = (await t.get(`/api/dcim/front-ports/?device_id=${device.id}`)).body.results;
      expect(front.map((p: Json) => [p.name, p.rear_port.name, p.rear_port_position])).toEqual([['Front Port', 'Rear Port', 1]]);
      const templates = `devicetype_id=${device.device_type.id}`;
      expect((await t.get(`/api/dcim/front-port-templates/?${templates}`)).body.results.map((p: Json) => p.rear_port.name)).toEqual(['Rear Port Template']);
      expect((await t.get(`/api/dcim/power-outlet-templates/?${templates}`)).body.results.map((p: Json) => p.name)).toEqual(['Power Outlet Template']);
      const feeds = (await t.get('/api/dcim/power-feeds/?name=Power+Feed')).body.results;
      expect(feeds.map((f: Json) => [f.power_panel.name, f.voltage, f.amperage])).toEqual([['Panel A', 230, 16]]);
      expect((await t.get('/api/dcim/racks/?asset_tag=ANS-RACK-1')).body.results.map((r: Json) => r.name)).toEqual(['Rack 1']);

      const inventory = await runClient('/usr/bin/ansible-inventory', ['-i', path.join(dir, 'netbox_inventory.yml'), '--list'], env);
      if (inventory.code !== 0) throw new Error(`ansible-inventory failed:\n${inventory.output}`);
      const listed = JSON.parse(inventory.output.slice(inventory.output.indexOf('{')));
      expect(listed.device_roles_leaf).toEqual({ hosts: ['leaf-01'] });
      expect(listed['sites_ansible-site'].hosts.sort()).toEqual(['ansible-vm-01', 'leaf-01']);
      expect(listed['tenants_ansible-tenant']).toEqual({ hosts: ['leaf-01'] });
      expect(listed._meta.hostvars['leaf-01']).toMatchObject({ device_types: ['ax-48'], manufacturers: ['ansible-networks'], is_virtual: false });
      expect(listed._meta.hostvars['ansible-vm-01']).toMatchObject({ cluster: 'ansible-cluster', vcpus: 2, memory: 2048, is_virtual: true });
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  it('generates a typed client from /api/schema/ that compiles, creates and lists', async () => {
    // A copy of the client per run: test:all runs this suite on both databases at once.
    const source = path.join(__dirname, 'clients', 'openapi');
    const dir = path.join(source, `.run-${process.pid}`);
    const generated = path.join(dir, '.generated');
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(generated, { recursive: true });
    for (const file of ['client.mts', 'tsconfig.json']) fs.copyFileSync(path.join(source, file), path.join(dir, file));
    const schema = await t.get('/api/schema/?format=json');
    fs.writeFileSync(path.join(generated, 'openapi.json'), schema.text);

    const steps: Array<[string, string[], Record<string, string>]> = [
      [bin('openapi-typescript'), [path.join(generated, 'openapi.json'), '--output', path.join(generated, 'schema.d.ts')], {}],
      [bin('tsc'), ['-p', path.join(dir, 'tsconfig.json')], {}],
      [process.execPath, [path.join(generated, 'client.mjs')], { INVENTORY_URL: baseUrl(t), INVENTORY_TOKEN: t.token }],
    ];
    let output = '';
    try {
      for (const [command, args, env] of steps) {
        const step = await runClient(command, args, env);
        if (step.code !== 0) throw new Error(`${path.basename(command)} failed:\n${step.output}`);
        output = step.output;
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(JSON.parse(output)).toEqual({
      id: expect.any(Number),
      groupName: 'Generated group',
      count: 1,
      names: ['Generated'],
      refusedStatus: 400,
      refused: { __all__: ['Tenant with this Group and Name already exists.'] },
    });
  });
});
