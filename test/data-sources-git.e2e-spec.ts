import { Json, createOne } from './helpers/seed';
import { GitRepo, serveOverHttp } from './helpers/git-repo';
import { SOURCES, filesOfSource, lastSyncJob, syncedSource } from './helpers/data-sources';
import { TestApp } from './helpers/test-app';

// Drives Debian's git (clones, and a repository served by git http-backend); CI installs it (.ci/run).
describe('Data sources of type git', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t?.close());

  const synced = (source: Json) => syncedSource(t, source);
  const filesOf = (source: Json) => filesOfSource(t, source);
  const lastJob = (source: Json) => lastSyncJob(t, source);

  it('sync a git repository: a branch of a local clone, and over HTTP with credentials', async () => {
    const repo = new GitRepo();
    try {
      repo.commit({ 'main.txt': 'on main' });
      repo.commit({ 'other.txt': 'on other', 'dir/deep.txt': 'deep' }, 'other');
      const local = await createOne(t, SOURCES, { name: 'Git local', type: 'git', source_url: `file://${repo.dir}`, parameters: { branch: 'other' } });
      expect((await synced(local)).status.value).toBe('completed');
      expect((await filesOf(local)).map((f) => f.path)).toEqual(['dir/deep.txt', 'main.txt', 'other.txt']);

      const served = await serveOverHttp(repo, 'alice', 's3cret');
      try {
        const remote = await createOne(t, SOURCES, { name: 'Git http', type: 'git', source_url: served.url, parameters: { username: 'alice', password: 's3cret', branch: 'main' } });
        expect((await synced(remote)).status.value).toBe('completed');
        expect((await filesOf(remote)).map((f) => f.path)).toEqual(['main.txt']);
        expect(served.requests()).toBeGreaterThan(0);

        const wrong = await createOne(t, SOURCES, { name: 'Git wrong', type: 'git', source_url: served.url, parameters: { username: 'alice', password: 'nope' } });
        expect((await synced(wrong)).status.value).toBe('failed');
        const job = await lastJob(wrong);
        expect(job.data.error).toMatch(/^Fetching remote data failed/);
        expect(JSON.stringify(job.data)).not.toContain('nope');
      } finally {
        await served.close();
      }
    } finally {
      repo.remove();
    }
  });

});
