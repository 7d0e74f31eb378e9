import { constants, promises as fs } from 'fs';
import * as path from 'path';
import { fileBelow, resolveBelow } from '../extras/image-attachments/media-store';

/** What the files a model's rows name came to. */
export interface MediaStats {
  /** Copied into MEDIA_ROOT (on a dry run: that would be). */
  copied: number;
  /** Already in MEDIA_ROOT with the same bytes. */
  present: number;
  /** Paths the source's media directory does not hold as a file within it: the rows are brought without them. */
  missing: string[];
  /** Paths where MEDIA_ROOT holds something else (another file, a link out of it): left as it is. */
  kept: string[];
}

export function noMedia(): MediaStats {
  return { copied: 0, present: 0, missing: [], kept: [] };
}

/**
 * Copies files named by imported rows from a copy of NetBox's MEDIA_ROOT into ours, at the same relative paths, with
 * media-store's checks on both sides: nothing is read from outside the source directory nor written outside MEDIA_ROOT,
 * and no file there is overwritten.
 */
export class MediaCopier {
  private readonly seen = new Set<string>();

  constructor(
    private readonly from: string,
    private readonly root: string,
    private readonly dryRun: boolean,
  ) {}

  async copy(relative: string, stats: MediaStats): Promise<void> {
    // Rows that share a file (and a re-read batch) count it once.
    if (this.seen.has(relative)) return;
    this.seen.add(relative);
    const source = await fileBelow(this.from, relative);
    const target = resolveBelow(this.root, relative);
    if (!source || !target) {
      stats.missing.push(relative);
      return;
    }
    const there = await fileBelow(this.root, relative);
    if (there) {
      if (await sameBytes(source.path, there.path, source.size, there.size)) stats.present++;
      else stats.kept.push(relative);
      return;
    }
    if (this.dryRun) {
      stats.copied++;
      return;
    }
    await fs.mkdir(path.dirname(target), { recursive: true });
    if (!(await inside(path.dirname(target), this.root))) {
      stats.kept.push(relative);
      return;
    }
    try {
      await fs.copyFile(source.path, target, constants.COPYFILE_EXCL);
      stats.copied++;
    } catch (e) {
      // Something is there that is not a file of ours (a link, a directory): not replaced.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      stats.kept.push(relative);
    }
  }
}

/** Whether a directory, its links resolved, is `root` or below it. */
async function inside(dir: string, root: string): Promise<boolean> {
  const [real, realRoot] = await Promise.all([fs.realpath(dir), fs.realpath(root)]);
  return real === realRoot || real.startsWith(realRoot + path.sep);
}

async function sameBytes(a: string, b: string, sizeA: number, sizeB: number): Promise<boolean> {
  if (sizeA !== sizeB) return false;
  const [x, y] = await Promise.all([fs.readFile(a), fs.readFile(b)]);
  return x.equals(y);
}
