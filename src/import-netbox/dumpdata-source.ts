import { createReadStream } from 'fs';
import { open } from 'fs/promises';
import { StringDecoder } from 'string_decoder';
import { createGunzip } from 'zlib';
import relations from './netbox-relations.json';
import { NetboxSchema, detectSchema, earliestSchemaWith, releasesOf } from './schema-version';
import { NetboxSource, SourceRow } from './source';

/** What a record of a model does not say about its table (scripts/reference/netbox-model-relations.py). */
interface ModelRelations {
  table?: string;
  pk?: string;
  created?: string;
  fk?: Record<string, string[]>;
  /** A field → its through table, its column for this model, its column for the target, the target model. */
  m2m?: Record<string, [string, string, string, string]>;
  datetime?: string[];
  array?: string[];
}
const RELATIONS = relations as unknown as Record<string, ModelRelations>;

type Fields = Record<string, unknown>;

/** Django's natural keys, for records dumped with `--natural-primary` (no pk) and references with `--natural-foreign`. */
const NATURAL_KEYS: Record<string, (fields: Fields) => unknown[]> = {
  'contenttypes.contenttype': (f) => [f.app_label, f.model],
  'auth.permission': (f) => [f.codename, ...(Array.isArray(f.content_type) ? f.content_type : [f.content_type])],
  'auth.user': (f) => [f.username],
  'users.user': (f) => [f.username],
  'auth.group': (f) => [f.name],
  'users.group': (f) => [f.name],
};
/** 4.x's object types are content types: their natural keys and ids are the content types'. */
const NATURAL_KEY_MODEL: Record<string, string> = { 'core.objecttype': 'contenttypes.contenttype' };
const CONTENT_TYPE = 'contenttypes.contenttype';

interface ModelRecords {
  label: string;
  table: string;
  pkColumn: string;
  relations: ModelRelations;
  ids: Array<number | string>;
  maxId: number;
  /** Each record's fields as compact JSON: one string a record, parsed again batch by batch. */
  fields: string[];
  columns: string[];
  /** The model's many-to-many fields present in its records, with how many rows each through table has. */
  through: Map<string, { field: string; columns: [string, string]; target: string; count: number }>;
}

/**
 * A NetBox `manage.py dumpdata` file (plain or gzip), read as the tables of the database it was dumped from: a record is
 * a row of its model's table, a foreign key `site` the column `site_id`, a many-to-many list the rows of Django's
 * through table, natural keys the ids they name. The file is read once, in a stream, and kept as one compact JSON string
 * a record; a model no record has is not a table here (the dump does not say its columns).
 */
export class DumpdataSource implements NetboxSource {
  readonly description: string;
  private indexed?: Promise<void>;
  private readonly models = new Map<string, ModelRecords>();
  private readonly tableOwner = new Map<string, { model: ModelRecords; through?: string }>();
  private readonly naturalIds = new Map<string, Map<string, number>>();

  constructor(private readonly path: string) {
    this.description = path;
  }

  async schema(): Promise<NetboxSchema> {
    await this.index();
    if (this.models.has('migrations.migration')) {
      const applied: Array<{ app: string; name: string }> = [];
      for await (const batch of this.rows('django_migrations', 10_000)) applied.push(...(batch as Array<{ app: string; name: string }>));
      return detectSchema(applied);
    }
    // dumpdata leaves django_migrations out: the models present (content types name the empty ones too) date the dump.
    const labels = new Set([...this.models.keys(), ...(await this.contentTypes()).values()]);
    const created = [...labels].flatMap((label) => {
      const name = RELATIONS[label]?.created;
      return name ? [{ app: label.split('.')[0], name }] : [];
    });
    const schema = earliestSchemaWith(created);
    return { ...schema, inferred: `${this.description} has no django_migrations: read as ${releasesOf(schema)}, the earliest release with all of its models` };
  }

  async tables(): Promise<Map<string, string[]>> {
    await this.index();
    const tables = new Map<string, string[]>();
    for (const model of this.models.values()) {
      tables.set(model.table, model.columns);
      for (const [table, through] of model.through) tables.set(table, ['id', ...through.columns]);
    }
    return tables;
  }

  async contentTypes(): Promise<Map<number, string>> {
    await this.index();
    const types = new Map<number, string>();
    for await (const batch of this.rows('django_content_type', 10_000)) {
      for (const row of batch) types.set(row.id as number, `${row.app_label}.${row.model}`);
    }
    return types;
  }

  async count(table: string): Promise<number> {
    await this.index();
    const owner = this.tableOwner.get(table);
    if (!owner) return 0;
    return owner.through ? owner.model.through.get(owner.through)!.count : owner.model.ids.length;
  }

  async *rows(table: string, batchSize: number): AsyncIterable<SourceRow[]> {
    await this.index();
    const owner = this.tableOwner.get(table);
    if (!owner) return;
    const { model } = owner;
    const through = owner.through ? model.through.get(owner.through)! : undefined;
    let batch: SourceRow[] = [];
    let throughId = 0;
    for (let i = 0; i < model.ids.length; i++) {
      const fields = JSON.parse(model.fields[i]) as Fields;
      const context = `${model.label} ${JSON.stringify(model.ids[i])}`;
      if (!through) {
        batch.push(this.row(model, model.ids[i], fields, context));
      } else {
        const targets = fields[through.field];
        if (!Array.isArray(targets)) continue;
        for (const target of targets) {
          batch.push({ id: ++throughId, [through.columns[0]]: model.ids[i], [through.columns[1]]: this.resolve([through.target], target, `${context} ${through.field}`) });
        }
      }
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  }

  async close(): Promise<void> {
    this.models.clear();
    this.tableOwner.clear();
    this.naturalIds.clear();
  }

  private row(model: ModelRecords, id: number | string, fields: Fields, context: string): SourceRow {
    const { fk = {}, m2m = {}, datetime = [], array = [] } = model.relations;
    const row: SourceRow = { [model.pkColumn]: id };
    for (const [field, value] of Object.entries(fields)) {
      if (m2m[field]) continue;
      if (fk[field]) row[`${field}_id`] = this.resolve(fk[field], value, `${context} ${field}`);
      // Django's timestamps as pg reads timestamptz: a Date, to the millisecond dumpdata keeps.
      else if (datetime.includes(field) && typeof value === 'string') row[field] = new Date(value);
      // An ArrayField dumpdata wrote as its JSON text.
      else if (array.includes(field) && typeof value === 'string') row[field] = JSON.parse(value);
      else row[field] = value;
    }
    return row;
  }

  /** A reference's id: as it is, or the id of the record its natural key names. */
  private resolve(targets: string[], value: unknown, context: string): unknown {
    if (!Array.isArray(value)) return value;
    const key = JSON.stringify(value);
    for (const target of targets) {
      const id = this.naturalIds.get(NATURAL_KEY_MODEL[target] ?? target)?.get(key);
      if (id !== undefined) return id;
    }
    throw new Error(`${this.description}: ${context} names ${targets.join(' or ')} ${key}, which the dump does not have.`);
  }

  private index(): Promise<void> {
    return (this.indexed ??= this.read());
  }

  private async read(): Promise<void> {
    const referencedContentTypes = new Map<string, unknown[]>();
    for await (const text of jsonArrayElements(this.path)) {
      const record = JSON.parse(text) as { model?: string; pk?: number | string; fields?: Fields };
      if (!record.model || !record.fields) throw new Error(`${this.description} is not a dumpdata file: a record without model or fields: ${text.slice(0, 200)}`);
      const model = this.modelOf(record.model, record.fields);
      // A field the model's first record lacked (a dump merged from two releases) is a column all the same.
      for (const field of Object.keys(record.fields)) {
        const column = model.relations.fk?.[field] ? `${field}_id` : field;
        if (!model.relations.m2m?.[field] && !model.columns.includes(column)) model.columns.push(column);
      }
      const id = record.pk ?? model.maxId + 1;
      if (NATURAL_KEYS[model.label]) this.naturalIdsOf(model.label).set(JSON.stringify(NATURAL_KEYS[model.label](record.fields)), id as number);
      add(model, id, record.fields);
      for (const [field, value] of Object.entries(record.fields)) {
        const m2m = model.relations.m2m?.[field];
        if (m2m && Array.isArray(value)) model.through.get(m2m[0])!.count += value.length;
        const targets = m2m ? [m2m[3]] : model.relations.fk?.[field];
        if (!targets?.some((target) => (NATURAL_KEY_MODEL[target] ?? target) === CONTENT_TYPE)) continue;
        for (const key of m2m && Array.isArray(value) ? value : [value]) {
          if (Array.isArray(key)) referencedContentTypes.set(JSON.stringify(key), key);
        }
      }
    }
    // A content type named by natural key whose record the dump lacks gets an id of its own, and a row, like the others.
    for (const [key, [appLabel, name]] of referencedContentTypes) {
      if (this.naturalIdsOf(CONTENT_TYPE).has(key)) continue;
      const fields = { app_label: appLabel, model: name };
      const contentTypes = this.modelOf(CONTENT_TYPE, fields);
      const id = contentTypes.maxId + 1;
      this.naturalIdsOf(CONTENT_TYPE).set(key, id);
      add(contentTypes, id, fields);
    }
    for (const model of this.models.values()) sortById(model);
  }

  private modelOf(label: string, fields: Fields): ModelRecords {
    const known = this.models.get(label);
    if (known) return known;
    const relations = RELATIONS[label] ?? {};
    const table = relations.table ?? label.replace('.', '_');
    const pkColumn = relations.pk ?? 'id';
    const columns = [pkColumn];
    const through = new Map<string, { field: string; columns: [string, string]; target: string; count: number }>();
    for (const field of Object.keys(fields)) {
      const m2m = relations.m2m?.[field];
      if (m2m) through.set(m2m[0], { field, columns: [m2m[1], m2m[2]], target: m2m[3], count: 0 });
      else columns.push(relations.fk?.[field] ? `${field}_id` : field);
    }
    const model: ModelRecords = { label, table, pkColumn, relations, ids: [], maxId: 0, fields: [], columns, through };
    this.models.set(label, model);
    this.tableOwner.set(table, { model });
    for (const throughTable of through.keys()) this.tableOwner.set(throughTable, { model, through: throughTable });
    return model;
  }

  private naturalIdsOf(label: string): Map<string, number> {
    if (!this.naturalIds.has(label)) this.naturalIds.set(label, new Map());
    return this.naturalIds.get(label)!;
  }
}

/** A record dumped without its pk (a natural primary key) gets the id after the model's others: dumpdata writes by pk. */
function add(model: ModelRecords, id: number | string, fields: Fields): void {
  model.ids.push(id);
  model.fields.push(JSON.stringify(fields));
  if (typeof id === 'number' && id > model.maxId) model.maxId = id;
}

function sortById(model: ModelRecords): void {
  const sorted = model.ids.every((id, i) => i === 0 || compareIds(model.ids[i - 1], id) < 0);
  if (sorted) return;
  const order = model.ids.map((_, i) => i).sort((a, b) => compareIds(model.ids[a], model.ids[b]));
  model.ids = order.map((i) => model.ids[i]);
  model.fields = order.map((i) => model.fields[i]);
}

const compareIds = (a: number | string, b: number | string) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0);

/** The text of each element of a top-level JSON array, read from a file (gzip or not) in a stream. */
async function* jsonArrayElements(path: string): AsyncIterable<string> {
  const input = createReadStream(path);
  const stream = (await isGzip(path)) ? input.pipe(createGunzip()) : input;
  const decoder = new StringDecoder('utf8');
  let depth = 0;
  let inString = false;
  let escaped = false;
  // The element being read, from its first character, carried over from the chunks before.
  let pending = '';
  let reading = false;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const text = pending + decoder.write(chunk);
    let start: number = reading ? 0 : -1;
    for (let i = pending.length; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 0x5c) escaped = true;
        else if (c === 0x22) inString = false;
        continue;
      }
      if (c === 0x22) inString = true;
      else if (c === 0x5b || c === 0x7b) {
        if (depth === 1 && start < 0) start = i;
        depth++;
      } else if (c === 0x5d || c === 0x7d) {
        depth--;
        if (depth === 1 && start >= 0) {
          yield text.slice(start, i + 1);
          start = -1;
        }
      }
    }
    reading = start >= 0;
    pending = reading ? text.slice(start) : '';
  }
  if (depth !== 0 || reading) throw new Error(`${path} ends in the middle of its JSON.`);
}

async function isGzip(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await file.close();
  }
}
