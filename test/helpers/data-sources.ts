import { Json, expectStatus, sleep } from './seed';
import { TestApp } from './test-app';

export const SOURCES = '/api/core/data-sources/';
export const FILES = '/api/core/data-files/';

/** Asks for a sync and reads the source until its job has ended. */
export async function syncedSource(t: TestApp, source: Json, token?: string): Promise<Json> {
  const asked = await t.post(`${SOURCES}${source.id}/sync/`, undefined, token);
  expectStatus(asked, 200);
  expect(['queued', 'syncing', 'completed', 'failed']).toContain(asked.body.status.value);
  for (let i = 0; i < 200; i++) {
    const res = await t.get(`${SOURCES}${source.id}/`);
    if (['completed', 'failed'].includes(res.body.status.value)) return res.body;
    await sleep(25);
  }
  throw new Error(`data source ${source.id} did not finish syncing`);
}

export async function filesOfSource(t: TestApp, source: Json): Promise<Json[]> {
  return (await t.get(`${FILES}?source_id=${source.id}&limit=0`).expect(200)).body.results;
}

/** The latest sync job of a source. */
export async function lastSyncJob(t: TestApp, source: Json): Promise<Json> {
  const jobs = (await t.get(`/api/core/jobs/?object_id=${source.id}`).expect(200)).body.results;
  return jobs.find((j: Json) => j.object_type === 'core.datasource');
}
