import { Client } from 'pg';
import { QueryFailedError } from 'typeorm';
import { Database } from '../src/core/db/database';
import { registry } from '../src/core/model/model';
import { Writer } from '../src/core/write/writer';
import { statementsOf } from './helpers/queries';
import { Json, TENANTS, expectStatus } from './helpers/seed';
import { TestApp } from './helpers/test-app';

jest.setTimeout(60_000);

/**
 * On PostgreSQL an update or delete of an object's row waits for its change record and goes in the same statement.
 * What it holds must never be lost, reordered or sent into a transaction that has failed.
 */
const originalQuery = Client.prototype.query;

describe('writes held for their change records', () => {
  let t: TestApp;
  let db: Database;
  const postgres = !!process.env.TEST_DATABASE_URL;

  beforeAll(async () => {
    t = await TestApp.start();
    db = t.app.get(Database);
  });
  afterAll(() => t.close());

  const tenant = async (slug: string): Promise<Json> => (await t.post(TENANTS, { name: slug, slug }).expect(201)).body;
  const writerIn = (em: Parameters<Parameters<Database['transaction']>[0]>[0]) => {
    const writer = new Writer(em, db.driver);
    writer.deferChangeRecords();
    return writer;
  };
  const changesOf = async (id: number) => (await t.get(`/api/extras/object-changes/?changed_object_type=tenancy.tenant&changed_object_id=${id}`)).body.results.map((c: Json) => c.action.value);

  it('sends the update with its change record in one statement, the change record as written', async () => {
    const before = await tenant('held-one');
    const statements = await statementsOf(t, () => t.patch(`${TENANTS}${before.id}/`, { description: 'changed' }).expect(200));
    const together = statements.filter((s) => /^WITH held AS \(UPDATE "tenancy_tenant"/.test(s));
    expect(together).toHaveLength(postgres ? 1 : 0);
    const [change] = (await t.get(`/api/extras/object-changes/?changed_object_id=${before.id}&action=update`)).body.results;
    expect(change).toMatchObject({ changed_object_id: before.id, prechange_data: { description: '' }, postchange_data: { description: 'changed' } });
  });

  it('sends what it holds before any other statement of the transaction, in order', async () => {
    const [first, second] = [await tenant('held-order-1'), await tenant('held-order-2')];
    const model = registry.get('tenancy.tenant')!;
    const seen = await db.transaction(async (em) => {
      const writer = writerIn(em);
      await writer.update(model, first.id, { description: 'first' }, true);
      await writer.remove(model, second.id);
      // Read inside the transaction: both writes are there.
      const rows: Array<{ id: number; description: string }> = await em.query(
        `SELECT id, description FROM tenancy_tenant WHERE id IN (${db.driver === 'postgres' ? '$1, $2' : '?, ?'}) ORDER BY id`,
        [first.id, second.id],
      );
      await writer.flushChangeRecords();
      return rows;
    });
    expect(seen).toEqual([{ id: first.id, description: 'first' }]);
    expect((await t.get(`${TENANTS}${first.id}/`)).body.description).toBe('first');
    expectStatus(await t.get(`${TENANTS}${second.id}/`), 404);
    expect(await changesOf(first.id)).toEqual(['update', 'create']);
    expect(await changesOf(second.id)).toEqual(['delete', 'create']);
  });

  it('drops what it holds when the transaction fails, and the connection serves the next one', async () => {
    const kept = await tenant('held-kept');
    const model = registry.get('tenancy.tenant')!;
    let failure: unknown;
    const statements = await statementsOf(t, () =>
      db
        .transaction(async (em) => {
          await writerIn(em).update(model, kept.id, { description: 'never' }, true);
          throw new Error('the work failed after holding its write');
        })
        .catch((e) => (failure = e)),
    );
    expect(String(failure)).toContain('the work failed after holding its write');
    // On PostgreSQL the update was still held: it is never sent.
    expect(statements.filter((s) => /^(WITH|UPDATE)/.test(s))).toHaveLength(postgres ? 0 : 1);
    expect(statements[statements.length - 1]).toMatch(/^ROLLBACK/);
    // Every pooled connection is clean: more requests than connections, all answered.
    const answers = await Promise.all(Array.from({ length: 24 }, () => t.get(`${TENANTS}${kept.id}/`)));
    expect(answers.map((a) => [a.status, a.body.description])).toEqual(answers.map(() => [200, '']));
    expect(await changesOf(kept.id)).toEqual(['create']);
  });

  it('records a change a webhook wants in the outbox inside its transaction, and nothing for one no rule wants', async () => {
    const insertsIntoOutbox = (statements: string[]) => {
      const commit = statements.indexOf('COMMIT');
      return statements.filter((s, i) => /^INSERT INTO "core_outbox"/.test(s) && (commit < 0 || i < commit)).length;
    };
    expect(insertsIntoOutbox(await statementsOf(t, () => t.post(TENANTS, { name: 'unwatched', slug: 'unwatched' }).expect(201)))).toBe(0);
    const hook = (await t.post('/api/extras/webhooks/', { name: 'outbox', content_types: ['tenancy.tenant'], type_create: true, payload_url: 'http://127.0.0.1:9/' }).expect(201)).body;
    try {
      const statements = await statementsOf(t, () => t.post(TENANTS, { name: 'watched', slug: 'watched' }).expect(201));
      expect(statements).toContain('COMMIT');
      expect(insertsIntoOutbox(statements)).toBe(1);
      // Updates are not watched: nothing recorded.
      const watched = (await t.get(`${TENANTS}?slug=watched`)).body.results[0];
      expect(insertsIntoOutbox(await statementsOf(t, () => t.patch(`${TENANTS}${watched.id}/`, { description: 'x' }).expect(200)))).toBe(0);
    } finally {
      await t.delete(`/api/extras/webhooks/${hook.id}/`).expect(204);
    }
  });

  it('deletes an object that nothing points at without a statement per relation that could', async () => {
    const [address, warm] = [
      (await t.post('/api/ipam/ip-addresses/', { address: '192.0.2.200/32' }).expect(201)).body,
      (await t.post('/api/ipam/ip-addresses/', { address: '192.0.2.199/32' }).expect(201)).body,
    ];
    expectStatus(await t.delete(`/api/ipam/ip-addresses/${warm.id}/`), 204);
    const statements = await statementsOf(t, () => t.delete(`/api/ipam/ip-addresses/${address.id}/`).expect(204));
    // Token and versions, the transaction, the row with its tags, whether anything points at it (one statement for
    // every relation), the delete and its change record (one statement on PostgreSQL), the commit. Whether an event
    // rule wants deleted addresses is remembered; none does, so nothing is recorded for the outbox, nor read after.
    expect(statements).toHaveLength(postgres ? 6 : 7);
    expect(statements.filter((s) => s.includes('FROM "extras_webhook"') || s.includes('FROM "extras_eventrule" "t"'))).toEqual([]);
    expect(statements.filter((s) => /^DELETE FROM "(extras_taggeditem|ipam_service_ipaddresses)"/.test(s))).toEqual([]);
  });

  it('deletes an object with what points at it as before: links, tags, nulled references and held objects', async () => {
    const red = (await t.post('/api/extras/tags/', { name: 'Held red', slug: 'held-red' }).expect(201)).body;
    const inside = (await t.post('/api/ipam/ip-addresses/', { address: '192.0.2.201/32', tags: [red.id] }).expect(201)).body;
    const outside = (await t.post('/api/ipam/ip-addresses/', { address: '198.51.100.201/32', nat_inside: inside.id }).expect(201)).body;
    const site = (await t.post('/api/dcim/sites/', { name: 'Held site', slug: 'held-site' }).expect(201)).body;
    const maker = (await t.post('/api/dcim/manufacturers/', { name: 'Held maker', slug: 'held-maker' }).expect(201)).body;
    const type = (await t.post('/api/dcim/device-types/', { manufacturer: maker.id, model: 'Held type', slug: 'held-type' }).expect(201)).body;
    const role = (await t.post('/api/dcim/device-roles/', { name: 'Held role', slug: 'held-role' }).expect(201)).body;
    const device = (await t.post('/api/dcim/devices/', { name: 'held', site: site.id, device_type: type.id, device_role: role.id }).expect(201)).body;
    const service = (await t.post('/api/ipam/services/', { device: device.id, name: 'ssh', protocol: 'tcp', ports: [22], ipaddresses: [inside.id] }).expect(201)).body;
    const entry = (await t.post('/api/extras/journal-entries/', { assigned_object_type: 'ipam.ipaddress', assigned_object_id: inside.id, comments: 'held' }).expect(201)).body;

    expectStatus(await t.delete(`/api/ipam/ip-addresses/${inside.id}/`), 204);
    expect((await t.get(`/api/ipam/ip-addresses/${outside.id}/`)).body.nat_inside).toBeNull();
    expect((await t.get(`/api/ipam/services/${service.id}/`)).body.ipaddresses).toEqual([]);
    expectStatus(await t.get(`/api/extras/journal-entries/${entry.id}/`), 404);
    expect((await t.get(`/api/extras/tags/${red.id}/`)).body.tagged_items).toBe(0);
  });

  it('sends the held write, then reads what it answers with, in its COMMIT\'s message on PostgreSQL: its row lock lasts one round trip', async () => {
    const before = await tenant('answered-with-commit');
    const sent: string[] = [];
    const senders: Client[] = [];
    const clientQuery = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
      if (typeof args[0] === 'string') {
        sent.push(args[0]);
        senders.push(this);
      }
      return originalQuery.apply(this, args as never);
    } as never);
    try {
      const answer = (await t.patch(`${TENANTS}${before.id}/`, { description: 'answered' }).expect(200)).body;
      expect(answer).toMatchObject({ id: before.id, description: 'answered' });
    } finally {
      clientQuery.mockRestore();
    }
    const commits = sent.filter((text) => /\bCOMMIT\s*$/.test(text));
    expect(commits.map((text) => /^WITH held AS \(UPDATE "tenancy_tenant" .*\) INSERT INTO "extras_objectchange".*;\nSELECT .* FROM "tenancy_tenant".*;\nCOMMIT$/s.test(text))).toEqual(
      postgres ? [true] : [],
    );
    // Nothing else wrote the tenant's row.
    expect(sent.filter((text) => /UPDATE "tenancy_tenant"/.test(text))).toHaveLength(postgres ? 1 : 0);
    // The transaction began in the message of its first statement, which read the row: two messages in all on its
    // connection (the process's upkeep, an outbox sweep, may use another meanwhile).
    const begun = sent.findIndex((text) => /^START TRANSACTION\b/.test(text));
    if (postgres) {
      expect(sent[begun]).toMatch(/^START TRANSACTION;\nSELECT .* FROM "tenancy_tenant"/s);
      expect(sent.slice(begun).filter((_, i) => senders[begun + i] === senders[begun])).toHaveLength(2);
    }
    expect((await t.get(`${TENANTS}${before.id}/`)).body.description).toBe('answered');
    const [change] = (await t.get(`/api/extras/object-changes/?changed_object_id=${before.id}&action=update`)).body.results;
    expect(change).toMatchObject({ prechange_data: { description: '' }, postchange_data: { description: 'answered' } });
  });

  it('commits nothing when the read sent with the COMMIT fails, and all of it otherwise', async () => {
    const model = registry.get('tenancy.tenant')!;
    const [kept, undone] = [await tenant('ending-read-ok'), await tenant('ending-read-fails')];
    const ending = (id: number, last: string) =>
      db.transactionEndingWith(
        async (em) => {
          const writer = writerIn(em);
          await writer.update(model, id, { description: 'written' }, true);
          await writer.flushChangeRecords();
          return id;
        },
        () => [last, []],
      );
    const { value, rows } = await ending(kept.id, 'SELECT 41 + 1 AS "answer"');
    expect(value).toBe(kept.id);
    // On SQLite nothing shares the COMMIT: the caller reads after it.
    expect(rows).toEqual(postgres ? [{ answer: 42 }] : null);
    expect((await t.get(`${TENANTS}${kept.id}/`)).body.description).toBe('written');
    if (!postgres) return;
    const failed = await ending(undone.id, 'SELECT 1 / 0 AS "answer"').catch((e: unknown) => e);
    // As any failed statement: the exception filter answers a unique violation there as the client's conflict.
    expect(failed).toBeInstanceOf(QueryFailedError);
    expect(String(failed)).toMatch(/division by zero/);
    expect((await t.get(`${TENANTS}${undone.id}/`)).body.description).toBe('');
    // The connection went back to the pool out of any transaction.
    expect((await t.patch(`${TENANTS}${undone.id}/`, { description: 'later' }).expect(200)).body.description).toBe('later');
  });
});
