import { ChildProcess, spawn } from 'child_process';
import * as net from 'net';
import * as path from 'path';

export const PROCESS_TOKEN = 'fedcba9876543210fedcba9876543210fedcba98';
const root = path.resolve(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { buildIfNeeded, entry } = require('../../scripts/start.js') as { buildIfNeeded: () => void; entry: string };

export { buildIfNeeded };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServiceProcess {
  url: string;
  proc: ChildProcess;
  /** What the process wrote to stderr so far. */
  errors(): string;
}

/** The built service as a process of its own (`node dist/src/main.js`), answering once it has started. */
export async function startServiceProcess(env: { DATA_DIR: string; DATABASE_URL?: string } & Record<string, string>): Promise<ServiceProcess> {
  const port = await freePort();
  const proc = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SUPERUSER_NAME: 'admin', SUPERUSER_PASSWORD: 'admin-password', SUPERUSER_API_TOKEN: PROCESS_TOKEN, LOG_LEVEL: 'error', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  proc.stderr?.on('data', (chunk) => (errors += chunk));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`service exited with ${proc.exitCode}: ${errors}`);
    try {
      if ((await fetch(`${url}/api/status/`)).ok) return { url, proc, errors: () => errors };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill();
  throw new Error(`service did not start: ${errors}`);
}

/** Resolves once the process has exited, with how it ended. */
export function exited(proc: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve({ code: proc.exitCode, signal: proc.signalCode });
  return new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
}

export interface WorkerProcess {
  proc: ChildProcess;
  /** Its /healthz and /readyz. */
  healthUrl: string;
  output(): string;
  /** SIGTERM, then waits for it to end. */
  stop(): Promise<void>;
}

/** A job worker (`node dist/src/worker.js`), answering once its queues are connected. */
export async function startWorkerProcess(env: Record<string, string>): Promise<WorkerProcess> {
  const port = await freePort();
  const proc = spawn(process.execPath, [path.join(root, 'dist', 'src', 'worker.js')], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'log', LOG_FORMAT: 'json', DATABASE_URL: '', ...env, WORKER_HEALTH_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout?.on('data', (chunk) => (output += chunk));
  proc.stderr?.on('data', (chunk) => (output += chunk));
  const healthUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
    await exited(proc);
  };
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`worker exited with ${proc.exitCode}: ${output}`);
    try {
      if ((await fetch(`${healthUrl}/readyz`)).ok) return { proc, healthUrl, output: () => output, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`worker did not start: ${output}`);
}
