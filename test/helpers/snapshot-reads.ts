import * as http from 'http';
import { DataSource } from 'typeorm';
import type { Pool } from 'pg';
import { Database } from '../../src/core/db/database';
import { SnapshotRead } from '../../src/core/db/snapshot-read';
import { sleep } from './seed';
import { TestApp } from './test-app';
import { baseUrl } from './users';

/**
 * Watches the service's snapshot reads: how many opened and closed, and the chunks read. Each read
 * waits after its first chunk until `resume`; with `failAfter`, it fails after that many chunks.
 */
export function watchReads(t: TestApp, failAfter?: number) {
  const db = t.app.get(Database);
  const snapshot = db.snapshot.bind(db);
  let resume!: () => void;
  const resumed = new Promise<void>((resolve) => (resume = resolve));
  const seen = { opened: 0, closed: 0, chunks: 0, resume };
  jest.spyOn(db, 'snapshot').mockImplementation(async (): Promise<SnapshotRead> => {
    const read = await snapshot();
    seen.opened++;
    return {
      ...read,
      async *chunks(statement, size) {
        let taken = 0;
        for await (const rows of read.chunks(statement, size)) {
          if (taken++ === failAfter) throw new Error('the disk is on fire');
          seen.chunks++;
          yield rows;
          await resumed;
        }
      },
      async close() {
        seen.closed++;
        await read.close();
      },
    };
  });
  return seen;
}

/** PostgreSQL connections checked out of the service's pool; SQLite has one, always held. */
export function connectionsInUse(t: TestApp): number {
  const ds = t.app.get(DataSource);
  if (ds.options.type !== 'postgres') return 0;
  const pool = (ds.driver as unknown as { master: Pool }).master;
  return pool.totalCount - pool.idleCount;
}

export async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i++) await sleep(20);
  expect(condition()).toBe(true);
}

/** A GET as a bare client sees it: the status, whether the body arrived whole, and what arrived. */
export function rawGet(t: TestApp, path: string): Promise<{ status: number; complete: boolean; body: string }> {
  return new Promise((resolve) => {
    const req = http.get(`${baseUrl(t)}${path}`, { headers: { Authorization: `Token ${t.token}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('error', () => undefined);
      res.on('close', () => resolve({ status: res.statusCode ?? 0, complete: res.complete, body }));
    });
    req.on('error', () => undefined);
  });
}

/** A GET the client gives up on once its first bytes arrive; the watched read then goes on, as the service sees the client gone. */
export async function abandonAfterFirstBytes(t: TestApp, path: string, reads: { resume(): void }): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const req = http.get(`${baseUrl(t)}${path}`, { headers: { Authorization: `Token ${t.token}` } }, (res) => {
      res.once('data', () => {
        req.destroy();
        resolve();
      });
    });
    req.on('error', (e) => (req.destroyed ? undefined : reject(e)));
  });
  // The read waits after its first chunk until the service has seen the client go.
  await sleep(200);
  reads.resume();
}
