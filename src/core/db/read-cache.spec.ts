import type { Database } from './database';
import { ReadCache, Usefulness } from './read-cache';

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

describe('Usefulness', () => {
  /** Of `requests` more, how many would use the kind. */
  const used = (usefulness: Usefulness, kind: string, requests: number) => Array.from({ length: requests }, () => usefulness.worthUsing(kind)).filter(Boolean).length;

  it('trusts a kind until its lookups keep missing, then uses it for one request in sixteen', () => {
    const usefulness = new Usefulness();
    // An empty cache misses at first: a few requests' misses do not condemn it.
    for (let i = 0; i < 5; i++) usefulness.note('rows:ipam_ipaddress', 0, 50);
    expect(used(usefulness, 'rows:ipam_ipaddress', 16)).toBe(16);
    for (let i = 0; i < 30; i++) usefulness.note('rows:ipam_ipaddress', 1, 50);
    expect(used(usefulness, 'rows:ipam_ipaddress', 64)).toBe(4);
    // Other kinds are judged on their own.
    expect(used(usefulness, 'rows:dcim_site', 16)).toBe(16);
  });

  it('uses a kind again once its probes find what it remembers', () => {
    const usefulness = new Usefulness();
    for (let i = 0; i < 30; i++) usefulness.note('tags:dcim.device', 0, 50);
    expect(used(usefulness, 'tags:dcim.device', 16)).toBe(1);
    for (let i = 0; i < 10; i++) usefulness.note('tags:dcim.device', 40, 50);
    expect(used(usefulness, 'tags:dcim.device', 16)).toBe(16);
  });
});

describe('ReadCache representations', () => {
  /** A cache whose database answers each versions read with the next of `sums` (one table's version). */
  const cacheAnswering = (...sums: number[]) => {
    const db = { manager: { query: async () => [{ table_name: 'dcim_device', version: sums.shift() }] }, driver: 'postgres' };
    return new ReadCache(db as unknown as Database, { readCache: true });
  };
  const json = Buffer.from('{"id":1}');

  it('remembers a representation under the versions its request read', async () => {
    const cache = cacheAnswering(5, 5);
    await cache.reader().rememberRepresentations('dcim.device', 'dcim.device|full', [[1, json]]);
    expect(await cache.reader().representations('dcim.device', 'dcim.device|full', [1, 2])).toEqual([json, undefined]);
  });

  it('neither looks up nor remembers the representations of a list whose lookups mostly miss, but for a probe now and then', async () => {
    const cache = cacheAnswering(...Array<number>(200).fill(5));
    const lookedUp = () => {
      const counted = cache.lookups.entries().find(([name]) => name === 'representations')?.[1];
      return counted ? counted.hits + counted.misses : 0;
    };
    // Pages spread wider than the cache: every lookup misses.
    for (let i = 0; i < 20; i++) await cache.reader().representations('dcim.device', 'dcim.device|full', [1, 2, 3]);
    const before = lookedUp();
    const answers = [];
    for (let i = 0; i < 32; i++) answers.push(await cache.reader().representations('dcim.device', 'dcim.device|full', [1, 2, 3]));
    expect(lookedUp() - before).toBe(2 * 3);
    expect(answers.flat().every((bytes) => bytes === undefined)).toBe(true);
    // Its pages read their rows at once, probes too: their statements do not depend on whether they probe.
    expect(cache.pagesMostlyRemembered('dcim.device')).toBe(false);
    expect(cache.pagesMostlyRemembered('dcim.site')).toBe(true);
    // What a request that did not look up would remember is dropped; a probe's is kept, and the next probe finds it.
    const untilProbing = async (probing: boolean) => {
      for (;;) {
        const reader = cache.reader();
        const counted = lookedUp();
        const found = await reader.representations('dcim.device', 'dcim.device|full', [9]);
        if (lookedUp() > counted === probing) return { reader, found };
      }
    };
    const skipped = await untilProbing(false);
    await skipped.reader.rememberRepresentations('dcim.device', 'dcim.device|full', [[9, json]]);
    const probe = await untilProbing(true);
    expect(probe.found).toEqual([undefined]);
    await probe.reader.rememberRepresentations('dcim.device', 'dcim.device|full', [[9, json]]);
    expect((await untilProbing(true)).found).toEqual([json]);
    // Other lists are not affected.
    expect(await cache.reader().representations('dcim.site', 'dcim.site|full', [1])).toEqual([undefined]);
    expect(lookedUp()).toBeGreaterThan(0);
  });

  it('does not remember what was read under versions another request has already seen pass', async () => {
    const cache = cacheAnswering(5, 6, 5);
    const early = cache.reader();
    await early.prefetch();
    // A write committed meanwhile, and a later request read its version.
    await cache.reader().prefetch();
    await early.rememberRepresentations('dcim.device', 'dcim.device|full', [[1, json]]);
    // Only a reader of the older versions could have used it (none comes in practice: versions only grow).
    expect(await cache.reader().representations('dcim.device', 'dcim.device|full', [1])).toEqual([undefined]);
  });
});
