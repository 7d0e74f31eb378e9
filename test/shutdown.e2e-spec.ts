import * as fs from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import { scratchDatabase } from './helpers/scratch-database';
import { PROCESS_TOKEN, ServiceProcess, buildIfNeeded, exited, startServiceProcess } from './helpers/service-process';

jest.setTimeout(300_000);

const TENANTS = '/api/tenancy/tenants/';
const HEADERS = { Authorization: `Token ${PROCESS_TOKEN}`, 'Content-Type': 'application/json', Accept: 'application/json' };

/** A POST whose `sent` settles once the whole body has left, and `answer` with the response. */
function postInFlight(url: string, body: unknown): { sent: Promise<void>; answer: Promise<{ status: number; body: any }> } {
  let markSent!: () => void;
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: HEADERS }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body), markSent);
  });
  return { sent, answer };
}

describe('graceful shutdown', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inventory-shutdown-'));
  let database: { url: string | undefined; drop(): Promise<void> };
  let databaseEnv: { DATABASE_URL?: string };
  let service: ServiceProcess;

  beforeAll(async () => {
    buildIfNeeded();
    database = await scratchDatabase();
    databaseEnv = database.url ? { DATABASE_URL: database.url } : {};
    service = await startServiceProcess({ DATA_DIR: dataDir, ...databaseEnv });
  });

  afterAll(async () => {
    if (service.proc.exitCode === null && service.proc.signalCode === null) service.proc.kill('SIGKILL');
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM finishes the request in flight, refuses new connections, closes the database and exits', async () => {
    const tenants = Array.from({ length: 2000 }, (_, i) => ({ name: `Shutdown ${i}`, slug: `shutdown-${i}` }));
    const request = postInFlight(`${service.url}${TENANTS}`, tenants);
    await request.sent;
    // Long enough for the server to have read the request; the bulk create itself takes far longer.
    await new Promise((r) => setTimeout(r, 100));
    service.proc.kill('SIGTERM');

    const answer = await request.answer;
    expect(answer.status).toBe(201);
    expect(answer.body).toHaveLength(2000);
    const end = await exited(service.proc);
    expect(end).toEqual({ code: 0, signal: null });
    expect(service.errors()).toBe('');
    await expect(fetch(`${service.url}/api/status/`)).rejects.toThrow();

    // The bulk request was committed whole: a new process on the same database sees every tenant.
    const next = await startServiceProcess({ DATA_DIR: dataDir, ...databaseEnv });
    try {
      const res = await fetch(`${next.url}${TENANTS}?limit=1&slug__isw=shutdown-`, { headers: HEADERS });
      expect((await res.json()).count).toBe(2000);
    } finally {
      next.proc.kill('SIGTERM');
      await exited(next.proc);
    }
    service = next;
  });
});
