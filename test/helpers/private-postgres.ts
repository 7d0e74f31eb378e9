import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { freePort } from './ports';

/** Debian's PostgreSQL programs, newest version first. */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((v) => path.join(root, v, 'bin')).find((dir) => fs.existsSync(path.join(dir, 'initdb')));
  if (!bin) throw new Error('initdb is not installed: apt-get install -y postgresql');
  return bin;
}

/** A PostgreSQL server of the test's own, in a temporary directory, that it may stop and start. */
export class PrivatePostgres {
  private readonly bin = postgresBin();
  private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inventory-pg-'));
  // initdb refuses to run as root: the server then runs as Debian's postgres user.
  private readonly asRoot = process.getuid?.() === 0;
  constructor(readonly port: number) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private run(program: string, args: string[]): void {
    const command = path.join(this.bin, program);
    if (this.asRoot) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
    else execFileSync(command, args, { stdio: 'pipe' });
  }

  init(): void {
    if (this.asRoot) execFileSync('chown', ['-R', 'postgres', this.dir]);
    this.run('initdb', ['-D', path.join(this.dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
  }

  start(): void {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-o', options, '-l', path.join(this.dir, 'server.log'), '-w', 'start']);
  }

  /** `immediate` drops every connection at once, as a crash does; `fast` ends them first. */
  stop(mode: 'fast' | 'immediate' = 'fast'): void {
    this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', mode, '-w', 'stop']);
  }

  remove(): void {
    try {
      this.stop();
    } catch {
      // already stopped
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** `run` with a PostgreSQL server of its own, started on a free port and removed after, whatever happens. */
export async function withPrivatePostgres<T>(run: (pg: PrivatePostgres) => Promise<T>): Promise<T> {
  const pg = new PrivatePostgres(await freePort());
  try {
    pg.init();
    pg.start();
    return await run(pg);
  } finally {
    pg.remove();
  }
}
