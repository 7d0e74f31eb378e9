import { execFileSync, spawn } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import type { AddressInfo } from 'net';
import * as os from 'os';
import * as path from 'path';

const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 't@example.com', GIT_CONFIG_NOSYSTEM: '1' };

/** A git repository in a temporary directory, with files committed on branches of our choosing. */
export class GitRepo {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'git-repo-'));

  constructor() {
    this.git('init', '--quiet', '--initial-branch=main');
  }

  git(...args: string[]): string {
    return execFileSync('git', args, { cwd: this.dir, env: GIT_ENV }).toString();
  }

  /** Writes the files (null removes one) and commits them on `branch`, creating it from the current one if needed. */
  commit(files: Record<string, string | null>, branch = 'main'): void {
    const branches = this.git('branch', '--list', branch).trim();
    if (this.git('symbolic-ref', '--short', 'HEAD').trim() !== branch) this.git('checkout', '--quiet', ...(branches ? [] : ['-b']), branch);
    for (const [name, content] of Object.entries(files)) {
      const file = path.join(this.dir, name);
      if (content === null) fs.rmSync(file);
      else {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, content);
      }
    }
    this.git('add', '--all');
    this.git('commit', '--quiet', '-m', 'change');
  }

  remove(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * The repository served over git's smart HTTP protocol by `git http-backend`, behind HTTP basic
 * authentication with one username and password. Answers `{ url, close }`.
 */
export async function serveOverHttp(repo: GitRepo, username: string, password: string): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests++;
    if (req.headers.authorization !== expected) {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"' }).end();
      return;
    }
    const url = new URL(req.url!, 'http://localhost');
    const cgi = spawn('git', ['http-backend'], {
      env: {
        ...GIT_ENV,
        GIT_PROJECT_ROOT: path.dirname(repo.dir),
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: url.pathname.replace(/^\/repo/, `/${path.basename(repo.dir)}`),
        QUERY_STRING: url.search.slice(1),
        REQUEST_METHOD: req.method,
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        REMOTE_USER: username,
        REMOTE_ADDR: '127.0.0.1',
      },
    });
    req.pipe(cgi.stdin);
    let head = Buffer.alloc(0);
    let sent = false;
    cgi.stdout.on('data', (chunk: Buffer) => {
      if (sent) return void res.write(chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) return;
      const headers: Record<string, string> = {};
      let status = 200;
      for (const line of head.subarray(0, end).toString().split('\r\n')) {
        const [name, ...value] = line.split(':');
        if (name.toLowerCase() === 'status') status = parseInt(value.join(':').trim(), 10);
        else headers[name] = value.join(':').trim();
      }
      res.writeHead(status, headers);
      sent = true;
      res.write(head.subarray(end + 4));
    });
    cgi.on('close', () => res.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/repo`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
