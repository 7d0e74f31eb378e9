import { spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { TestApp } from './helpers/test-app';
import { baseUrl } from './helpers/users';

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

  it('generates a typed client from /api/schema/ that compiles, creates and lists', async () => {
    const dir = path.join(__dirname, 'clients', 'openapi');
    const generated = path.join(dir, '.generated');
    fs.rmSync(generated, { recursive: true, force: true });
    fs.mkdirSync(generated);
    const schema = await t.get('/api/schema/?format=json');
    fs.writeFileSync(path.join(generated, 'openapi.json'), schema.text);

    const steps: Array<[string, string[], Record<string, string>]> = [
      [bin('openapi-typescript'), [path.join(generated, 'openapi.json'), '--output', path.join(generated, 'schema.d.ts')], {}],
      [bin('tsc'), ['-p', path.join(dir, 'tsconfig.json')], {}],
      [process.execPath, [path.join(generated, 'client.mjs')], { INVENTORY_URL: baseUrl(t), INVENTORY_TOKEN: t.token }],
    ];
    let output = '';
    for (const [command, args, env] of steps) {
      const step = await runClient(command, args, env);
      if (step.code !== 0) throw new Error(`${path.basename(command)} failed:\n${step.output}`);
      output = step.output;
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
