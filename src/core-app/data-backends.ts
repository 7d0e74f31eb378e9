import { execFile } from 'child_process';
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { promisify } from 'util';
import { Row } from '../core/model/model';
import { urlScheme } from './data-sources.model';

const run = promisify(execFile);

/** A sync that cannot go on, with a message for the job's data and the log. */
export class SyncError extends Error {}

/** A data source's files on this machine, for as long as a sync reads them. */
export interface Fetched {
  root: string;
  cleanup(): Promise<void>;
}

/** How long a clone may take before the sync fails. */
export interface FetchOptions {
  timeoutMs: number;
}

/** The source's files: a local directory as it is, a git repository cloned into a temporary directory. */
export async function fetchSource(source: Row, opts: FetchOptions): Promise<Fetched> {
  switch (source.type) {
    case 'local':
      return { root: localPath(String(source.source_url)), cleanup: async () => undefined };
    case 'git':
      return cloneGit(String(source.source_url), (source.parameters ?? {}) as Record<string, unknown>, opts);
    default:
      throw new SyncError(`Data sources of type ${source.type} are not supported by this server.`);
  }
}

/** A `file://` URL or a bare path, as NetBox's local backend reads it. */
function localPath(url: string): string {
  return urlScheme(url) === 'file' ? decodeURIComponent(new URL(url).pathname) : url;
}

/**
 * A shallow clone with the `git` program. Credentials go to git through its environment, as an HTTP
 * header, so that they are neither in the process list nor in the URL that git may print.
 */
async function cloneGit(url: string, params: Record<string, unknown>, opts: FetchOptions): Promise<Fetched> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'datasource-'));
  const cleanup = () => fs.rm(dir, { recursive: true, force: true });
  const args = ['clone', '--quiet', '--depth', '1', '--single-branch'];
  if (params.branch) args.push('--branch', String(params.branch));
  args.push('--', url, dir);
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_ASKPASS: 'echo', GIT_CONFIG_NOSYSTEM: '1' };
  if (['http', 'https'].includes(urlScheme(url)) && params.username) {
    const basic = Buffer.from(`${params.username}:${params.password ?? ''}`).toString('base64');
    Object.assign(env, { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'http.extraHeader', GIT_CONFIG_VALUE_0: `Authorization: Basic ${basic}` });
  }
  try {
    await run('git', args, { env, timeout: opts.timeoutMs, maxBuffer: 1 << 20 });
  } catch (e) {
    await cleanup();
    const error = e as NodeJS.ErrnoException & { stderr?: string };
    if (error.code === 'ENOENT') throw new SyncError('Fetching remote data failed: the git program is not installed.');
    const detail = (error.stderr || error.message).trim().split('\n').pop();
    throw new SyncError(`Fetching remote data failed: ${detail}`);
  }
  return { root: dir, cleanup };
}

/** Python's fnmatch.fnmatchcase: `*`, `?`, `[seq]` and `[!seq]` over a whole name. */
export function fnmatch(name: string, pattern: string): boolean {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*') re += '.*';
    else if (c === '?') re += '.';
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end === -1) {
        re += '\\[';
        continue;
      }
      let set = pattern.slice(i + 1, end).replace(/\\/g, '\\\\');
      if (set[0] === '!') set = `^${set.slice(1)}`;
      else if (set[0] === '^') set = `\\${set}`;
      re += `[${set}]`;
      i = end;
    } else re += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, 's').test(name);
}

/**
 * Every file below `root` a sync takes, by path relative to it: not hidden, not in a hidden
 * directory (a clone's `.git`), and matching none of the ignore rules (one pattern a line, over file names).
 */
export async function walkFiles(root: string, ignoreRules: string): Promise<string[]> {
  const rules = ignoreRules.split(/\r?\n/).filter((r) => r.length);
  const found: string[] = [];
  const visit = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await fs.readdir(path.join(root, dir), { withFileTypes: true });
    } catch (e) {
      if (dir === '') throw new SyncError(`The data source's directory cannot be read: ${(e as Error).message}`);
      throw e;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await visit(relative);
      else if (entry.isFile() && !rules.some((rule) => fnmatch(entry.name, rule))) found.push(relative);
    }
  };
  await visit('');
  return found.sort();
}
