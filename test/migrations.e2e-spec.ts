import { DataSource } from 'typeorm';
import { TestApp } from './helpers/test-app';
import { substringIndexName } from '../src/core/db/schema';
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
    const declared = registry.all().flatMap((m) => m.substringIndexes.map((f) => substringIndexName(m, f)));
    expect(declared.length).toBeGreaterThanOrEqual(10);
    const rows: Array<{ indexname: string; indexdef: string }> = await ds.query(`SELECT indexname, indexdef FROM pg_indexes WHERE indexname LIKE 'trgm\\_%'`);
    expect(rows.map((r) => r.indexname).sort()).toEqual([...declared].sort());
    for (const r of rows) expect(r.indexdef).toMatch(/USING gin \(lower\(.*gin_trgm_ops\)$/);
  });

  it('have all been applied on start', async () => {
    const ds = t.app.get(DataSource);
    expect(await ds.showMigrations()).toBe(false);
  });
});
