import type { Database } from './database';
import { ReadCache } from './read-cache';

describe('ReadCache reader', () => {
  it('settles versions it was offered after it had read its own, so that their failure crashes nothing', async () => {
    const db = { manager: { query: async () => [{ table_name: 'dcim_site', version: 3 }] }, driver: 'postgres' } as unknown as Database;
    const reader = new ReadCache(db, { readCache: true }).reader();
    await reader.prefetch();
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', note);
    try {
      // A write's answer read, failing after the commit when the database went away.
      reader.supply(Promise.reject(new Error('Connection terminated unexpectedly')));
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('unhandledRejection', note);
    }
    expect(unhandled).toEqual([]);
  });

  it('keeps versions offered before it read its own without a rejection left unhandled when nothing reads them', async () => {
    const db = { manager: { query: async () => Promise.reject(new Error('Connection terminated unexpectedly')) }, driver: 'postgres' } as unknown as Database;
    const reader = new ReadCache(db, { readCache: true }).reader();
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', note);
    try {
      // The answer read fails, and so does reading the versions afresh; the request has failed and reads nothing more.
      reader.supply(Promise.reject(new Error('Connection terminated unexpectedly')));
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('unhandledRejection', note);
    }
    expect(unhandled).toEqual([]);
    // A read that does come still hears of the failure.
    await expect(reader.prefetch()).rejects.toThrow('Connection terminated unexpectedly');
  });
});
