import { EntityManager } from 'typeorm';
import { Driver, FieldError } from '../core/model/fields';
import { AfterWriteContext, ModelDef, Row } from '../core/model/model';
import { q } from '../core/query/model-query';

type Writes = AfterWriteContext['writer'];

/** A row a model's rules wrote into another model's table, and the imported row that caused it. */
export interface SideRow {
  model: ModelDef;
  row: Row;
  owner: number;
  /** Inserted at once (its owner was stored already), not with the batch. */
  inserted: boolean;
}

/**
 * Ids for the rows the rules create, past the highest each table held when the run first wrote into it: shared by the
 * batches a run writes at once, so that no two take the same.
 */
export class SideIds {
  private readonly next = new Map<ModelDef, Promise<{ id: number }>>();

  async take(em: EntityManager, model: ModelDef): Promise<number> {
    let counter = this.next.get(model);
    if (!counter) {
      counter = em.query(`SELECT COALESCE(MAX(id), 0) AS n FROM ${q(model.table)}`).then(([row]: Row[]) => ({ id: Number(row.n) + 1 }));
      this.next.set(model, counter);
    }
    const taken = await counter;
    return taken.id++;
  }
}

/**
 * The writer a model's `afterWrite` is given during an import: what it creates in other tables (a 3.5 interface's
 * `mac_address` becomes a MAC address object) is parsed by that model's fields and checked by its rules as a request's
 * would be, then kept to be inserted with the batch, in bulk, under ids past the highest its table holds. Updates and
 * deletions (an imported row the source changed since) are done at once.
 */
export class SideWrites implements Writes {
  /** Rows created since last taken: those waiting for their batch's insert, and those inserted at once. */
  private created: SideRow[] = [];
  /** Rows created, updated or deleted so far: whether a row's rules wrote anything. */
  writes = 0;
  private owner: Row = {};
  private em?: EntityManager;
  /** Whether the owner is stored already: then what its rules create is inserted at once, since they point it at that. */
  private stored = false;

  constructor(
    private readonly driver: Driver,
    private readonly ids: SideIds,
    private readonly insertNow: (em: EntityManager, model: ModelDef, rows: Row[]) => Promise<void>,
  ) {}

  /** The imported row whose rules write next, in the batch's transaction: its times are the new rows'. */
  for(em: EntityManager, owner: Row, stored: boolean): this {
    this.em = em;
    this.owner = owner;
    this.stored = stored;
    return this;
  }

  async create(model: ModelDef, input: unknown): Promise<number> {
    const em = this.em!;
    this.writes++;
    const row: Row = {};
    const given = this.parse(model, input);
    for (const field of model.columns) row[field.column] = field.column in given ? given[field.column] : field.defaultValue();
    await model.validate?.(row, null, { user: null, can: async () => false, em, driver: this.driver, input: given });
    // As NetBox 4.2's migration made them from 3.5's columns: with the times of the object they came from.
    if (model.features.created) row.created = this.owner.created ?? row.created;
    if (model.features.lastUpdated) row.last_updated = this.owner.last_updated ?? row.last_updated;
    row.id = await this.ids.take(em, model);
    if (this.stored) await this.insertNow(em, model, [row]);
    this.created.push({ model, row, owner: this.owner.id, inserted: this.stored });
    return row.id;
  }

  async update(model: ModelDef, id: number, input: unknown): Promise<void> {
    const set = this.parse(model, input);
    if (!Object.keys(set).length) return;
    this.writes++;
    await this.em!.createQueryBuilder().update(model.table).set(set).where('id = :id', { id }).execute();
  }

  async remove(model: ModelDef, id: number): Promise<void> {
    this.writes++;
    await this.em!.createQueryBuilder().delete().from(model.table).where('id = :id', { id }).execute();
  }

  /** The rows created since last taken. */
  take(): SideRow[] {
    const taken = this.created;
    this.created = [];
    return taken;
  }

  private parse(model: ModelDef, input: unknown): Row {
    const parsed: Row = {};
    const errors: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(input as Row)) {
      const field = model.fields[name];
      if (!field?.stored) continue;
      try {
        parsed[field.column] = field.parse(value);
      } catch (e) {
        if (!(e instanceof FieldError)) throw e;
        errors[name] = e.messages;
      }
    }
    if (Object.keys(errors).length) throw new FieldError(errors);
    return parsed;
  }

}
