import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'crypto';
import { promises as fs } from 'fs';
import * as path from 'path';
import { APP_CONFIG, AppConfig } from '../../core/config/config';
import { MAX_PATH_LENGTH } from './images';

/** Most file systems' limit on one name, in bytes. */
const MAX_NAME_BYTES = 255;
const ALTERNATIVE_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Django's get_random_string(7): what an alternative name adds to the name taken. */
function randomSuffix(): string {
  return [...randomBytes(7)].map((b) => ALTERNATIVE_CHARS[b % ALTERNATIVE_CHARS.length]).join('');
}

/**
 * Uploaded files below MEDIA_ROOT, by their path relative to it (`image-attachments/site_1_rack.png`), as
 * Django's FileSystemStorage keeps them: a file is never overwritten, a name taken gets a random suffix.
 */
@Injectable()
export class MediaStore {
  private readonly logger = new Logger('Media');
  readonly root: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.root = config.mediaRoot;
  }

  /**
   * Writes `bytes` as `<dir>/<filename>`, or under an alternative name if that one is taken or too long, and
   * answers the path it took. The file is created exclusively: concurrent writers (other replicas too) never
   * share a name.
   */
  async save(dir: string, filename: string, bytes: Buffer): Promise<string> {
    await fs.mkdir(path.join(this.root, dir), { recursive: true });
    const extension = filename.includes('.', 1) ? filename.slice(filename.indexOf('.', 1)) : '';
    const stem = filename.slice(0, filename.length - extension.length);
    for (let attempt = 0; ; attempt++) {
      const candidate = attempt === 0 ? filename : `${stem}_${randomSuffix()}${extension}`;
      const name = this.fitted(dir, candidate, stem, extension);
      try {
        await fs.writeFile(path.join(this.root, dir, name), bytes, { flag: 'wx' });
        return `${dir}/${name}`;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 100) throw e;
      }
    }
  }

  /** A name within MAX_PATH_LENGTH for the whole path, as Django truncates it: the stem shortened, a suffix added. */
  private fitted(dir: string, candidate: string, stem: string, extension: string): string {
    const fits = (name: string) => `${dir}/${name}`.length <= MAX_PATH_LENGTH && Buffer.byteLength(name) <= MAX_NAME_BYTES;
    if (fits(candidate)) return candidate;
    let shorter = stem;
    let name = `${shorter}_${randomSuffix()}${extension}`;
    while (!fits(name) && shorter.length > 1) {
      shorter = [...shorter].slice(0, -1).join('');
      name = `${shorter}_${randomSuffix()}${extension}`;
    }
    return name;
  }

  /** Removes a stored file; one already gone is no error. */
  async remove(relative: string): Promise<void> {
    const file = this.resolve(relative);
    if (!file) return;
    try {
      await fs.unlink(file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') this.logger.warn(`could not remove ${relative}: ${(e as Error).message}`);
    }
  }

  /** The absolute path of a stored file, or null for a path that would leave MEDIA_ROOT or names no file. */
  resolve(relative: string): string | null {
    return resolveBelow(this.root, relative);
  }

  /** The stored file at `relative` if it is a regular file inside MEDIA_ROOT (links out of it are not followed). */
  file(relative: string): Promise<{ path: string; size: number } | null> {
    return fileBelow(this.root, relative);
  }
}

/** The absolute path of `relative` below `root`, or null for a path that would leave it or names no file. */
export function resolveBelow(root: string, relative: string): string | null {
  const segments = relative.split('/');
  if (!relative || segments.some((s) => s === '' || s === '.' || s === '..' || s.includes('\\') || s.includes('\0'))) return null;
  const file = path.join(root, ...segments);
  return file.startsWith(root + path.sep) ? file : null;
}

/** The file at `relative` if it is a regular file inside `root` (links out of it are not followed). */
export async function fileBelow(root: string, relative: string): Promise<{ path: string; size: number } | null> {
  const file = resolveBelow(root, relative);
  if (!file) return null;
  try {
    const [real, realRoot] = await Promise.all([fs.realpath(file), fs.realpath(root)]);
    if (!real.startsWith(realRoot + path.sep)) return null;
    const stat = await fs.stat(real);
    return stat.isFile() ? { path: real, size: stat.size } : null;
  } catch {
    return null;
  }
}
