import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { scratchDatabase } from './helpers/scratch-database';
import { PROCESS_TOKEN as TOKEN, ServiceProcess, buildIfNeeded, exited, startServiceProcess } from './helpers/service-process';

const adminUrl = process.env.TEST_DATABASE_URL;

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) });

// Allocation is decided in PostgreSQL (an advisory lock), so two processes on one database must agree.
(adminUrl ? describe : describe.skip)('allocation from one prefix by two service processes on one PostgreSQL database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inventory-procs-'));
  const services: ServiceProcess[] = [];
  let database: { url: string | undefined; drop(): Promise<void> };

  beforeAll(async () => {
    buildIfNeeded();
    database = await scratchDatabase();
    // The first applies the migrations; the second starts on the migrated database.
    services.push(await startServiceProcess({ DATABASE_URL: database.url!, DATA_DIR: dataDir }));
    services.push(await startServiceProcess({ DATABASE_URL: database.url!, DATA_DIR: dataDir }));
  }, 300_000);

  afterAll(async () => {
    for (const s of services) s.proc.kill();
    await Promise.all(services.map((s) => exited(s.proc)));
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives 200 parallel requests 200 distinct addresses, then refuses only for want of space', async () => {
    const prefix = await (await post(`${services[0].url}/api/ipam/prefixes/`, { prefix: '100.80.0.0/24' })).json();
    const burst = async (n: number) =>
      Promise.all(
        Array.from({ length: n }, async (_, i) => {
          const res = await post(`${services[i % 2].url}/api/ipam/prefixes/${prefix.id}/available-ips/`, { description: `request ${i}` });
          return { status: res.status, body: await res.json() };
        }),
      );
    const first = await burst(200);
    expect(first.filter((r) => r.status !== 201)).toEqual([]);
    const addresses = first.map((r) => r.body.address);
    expect(new Set(addresses).size).toBe(200);

    // 54 of the /24's 254 usable addresses are left: the rest of a second burst is refused with NetBox's 409.
    const second = await burst(100);
    const created = second.filter((r) => r.status === 201);
    expect(created).toHaveLength(54);
    expect(second.filter((r) => r.status !== 201).every((r) => r.status === 409 && /^An insufficient number of IP addresses are available within 100\.80\.0\.0\/24 \(1 requested, 0 available\)$/.test(r.body.detail))).toBe(true);
    expect(new Set([...addresses, ...created.map((r) => r.body.address)]).size).toBe(254);
  }, 120_000);
});
