import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { freePort } from './ports';

/** Debian's redis-server, or REDIS_SERVER when set. */
export const REDIS_SERVER = process.env.REDIS_SERVER || '/usr/bin/redis-server';

/**
 * A Redis server of the test's own, on a free port, that keeps what it holds on disk (append-only file):
 * stopped and started again, it still has the queued jobs, as a production Redis with persistence does.
 */
export class RedisServer {
  private proc: ChildProcess | null = null;
  private constructor(
    readonly port: number,
    private readonly dir: string,
    private readonly persistent: boolean,
  ) {}

  /** `persistent: false`: nothing on disk, so that a restart loses every job, as a Redis without persistence does. */
  static async start(opts: { persistent?: boolean } = {}): Promise<RedisServer> {
    const server = new RedisServer(await freePort(), fs.mkdtempSync(path.join(os.tmpdir(), 'inventory-redis-')), opts.persistent ?? true);
    await server.resume();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts it (again), on the same port and files. */
  async resume(): Promise<void> {
    this.proc = spawn(REDIS_SERVER, ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, ...(this.persistent ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no']), '--save', '', '--maxmemory-policy', 'noeviction'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100; i++) {
      if (await answers(this.port)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`redis-server did not start on port ${this.port}`);
  }

  /** Stops it as an outage would, keeping its files. */
  async pause(): Promise<void> {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
    this.proc = null;
  }

  async stop(): Promise<void> {
    await this.pause();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.write('PING\r\n');
      socket.once('data', (d) => {
        socket.destroy();
        resolve(d.toString().startsWith('+PONG'));
      });
    });
    socket.once('error', () => resolve(false));
  });
}
