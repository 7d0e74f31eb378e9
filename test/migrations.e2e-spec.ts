import { DataSource } from 'typeorm';
import { TestApp } from './helpers/test-app';
import { startsWithIndexName, substringIndexName } from '../src/core/db/schema';
import { registry } from '../src/core/model/model';

describe('migrations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  it('leave no difference between the schema and the entities', async () => {
    const ds = t.app.get(DataSource);
    const pending = await ds.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it("create every model's substring indexes on PostgreSQL", async () => {
    const ds = t.app.get(DataSource);
    if (ds.options.type !== 'postgres') return;
    const substring = registry.all().flatMap((m) => m.substringIndexes.map((f) => substringIndexName(m, f)));
    const startsWith = registry.all().flatMap((m) => m.startsWithIndexes.map((f) => startsWithIndexName(m, f)));
    expect(substring.length).toBeGreaterThanOrEqual(9);
    expect(startsWith.length).toBeGreaterThanOrEqual(1);
    const indexes = async (prefix: string): Promise<Array<{ indexname: string; indexdef: string }>> =>
      ds.query(`SELECT indexname, indexdef FROM pg_indexes WHERE indexname LIKE $1 ORDER BY indexname`, [`${prefix}\\_%`]);
    const trigram = await indexes('trgm');
    expect(trigram.map((r) => r.indexname)).toEqual([...substring].sort());
    for (const r of trigram) expect(r.indexdef).toMatch(/USING gin \(lower\(.*gin_trgm_ops\)$/);
    const pattern = await indexes('like');
    expect(pattern.map((r) => r.indexname)).toEqual([...startsWith].sort());
    for (const r of pattern) expect(r.indexdef).toMatch(/USING btree \(lower\(.*text_pattern_ops\)$/);
  });

  it('have all been applied on start', async () => {
    const ds = t.app.get(DataSource);
    expect(await ds.showMigrations()).toBe(false);
  });
});
