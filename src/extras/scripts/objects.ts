import { EntityManager } from 'typeorm';
import { AppConfig } from '../../core/config/config';
import { ApiError } from '../../core/http/errors';
import { Driver } from '../../core/model/fields';
import { ModelDef, registry } from '../../core/model/model';
import { QueryParams, applyFilters } from '../../core/query/filters';
import { ModelQuery } from '../../core/query/model-query';
import { RenderContext, Representation, countsFor, represent, representByIds } from '../../core/serialize/serializer';
import { Writer } from '../../core/write/writer';
import { ObjectReader, ScriptWriteError } from './script';
import { VariableContext } from './variables';

function modelOf(label: string): ModelDef {
  const model = registry.get(label);
  if (!model || model.internal) throw new Error(`there is no model "${label}"`);
  return model;
}

/**
 * Objects as scripts and reports see them: the REST API's representations (with relative URLs, as
 * NetBox renders outside a request) and filters, read in `em` (a run's transaction, when it writes).
 */
export class ObjectAccess implements ObjectReader, VariableContext {
  private readonly render: RenderContext;

  constructor(
    private readonly em: EntityManager,
    private readonly driver: Driver,
    config: AppConfig,
  ) {
    this.render = { em, driver, baseUrl: '', exclude: new Set(), config };
  }

  async get(label: string, id: number): Promise<Representation | null> {
    const [object] = await this.load(label, [id]);
    return object ?? null;
  }

  async filter(label: string, params: QueryParams = {}): Promise<Representation[]> {
    const model = modelOf(label);
    const query = new ModelQuery(this.em, model, this.driver);
    await refused(label, () => applyFilters(query, params));
    const rows = await query.rows({ counts: countsFor(model, 'full'), order: query.defaultOrder() });
    return represent(this.render, model, rows, 'full');
  }

  async existing(label: string, ids: number[]): Promise<Set<number>> {
    const rows = await new ModelQuery(this.em, modelOf(label), this.driver).whereIdIn(ids).select({ id: 't.id' });
    return new Set(rows.map((r) => Number(r.id)));
  }

  load(label: string, ids: number[]): Promise<Representation[]> {
    return representByIds({ ...this.render, fresh: true }, modelOf(label), ids, 'full');
  }
}

/** Writes of a script: the REST API's validation and change records, in the run's transaction. */
export class ObjectWrites extends ObjectAccess {
  constructor(
    private readonly writer: Writer,
    em: EntityManager,
    driver: Driver,
    config: AppConfig,
  ) {
    super(em, driver, config);
  }

  async create(label: string, body: Record<string, unknown>): Promise<Representation> {
    const id = await refused(label, () => this.writer.create(modelOf(label), body));
    return (await this.get(label, id))!;
  }

  async update(label: string, id: number, body: Record<string, unknown>): Promise<Representation> {
    await refused(label, () => this.writer.update(modelOf(label), id, body, true));
    return (await this.get(label, id))!;
  }

  async delete(label: string, id: number): Promise<void> {
    await refused(label, () => this.writer.remove(modelOf(label), id));
  }
}

/** What the API would have answered with an error status, as an error that says what and why. */
async function refused<T>(label: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (e instanceof ApiError) throw new ScriptWriteError(label, e.status, e.body);
    throw e;
  }
}
