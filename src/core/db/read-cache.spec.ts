import type { Database } from './database';
import { ReadCache } from './read-cache';

/** A reader of a cache whose database answers the versions read with `versions`. */
const readerOf = (versions: () => Promise<unknown[]>) =>
  new ReadCache({ manager: { query: versions }, driver: 'postgres' } as unknown as Database, { readCache: true }).reader();

/** The rejections left unhandled while `work` runs, and a moment after. */
async function unhandledDuring(work: () => void): Promise<unknown[]> {
  const unhandled: unknown[] = [];
  const note = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', note);
  try {
    work();
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    process.off('unhandledRejection', note);
  }
  return unhandled;
}

const lost = () => Promise.reject(new Error('Connection terminated unexpectedly'));

describe('ReadCache reader', () => {
  it('settles versions it was offered after it had read its own, so that their failure crashes nothing', async () => {
    const reader = readerOf(async () => [{ table_name: 'dcim_site', version: 3 }]);
    await reader.prefetch();
    // A write's answer read, failing after the commit when the database went away.
    expect(await unhandledDuring(() => reader.supply(lost()))).toEqual([]);
  });

  it('keeps versions offered before it read its own without a rejection left unhandled when nothing reads them', async () => {
    const reader = readerOf(lost);
    // The answer read fails, and so does reading the versions afresh; the request has failed and reads nothing more.
    expect(await unhandledDuring(() => reader.supply(lost()))).toEqual([]);
    // A read that does come still hears of the failure.
    await expect(reader.prefetch()).rejects.toThrow('Connection terminated unexpectedly');
  });
});
