import { createHash } from 'crypto';
import { EntitySchema, EntitySchemaColumnOptions, EntitySchemaIndexOptions, EntitySchemaRelationOptions } from 'typeorm';
import { Driver, ForeignKeyField, ManyToManyField } from '../model/fields';
import { ModelDef } from '../model/model';

/** The TypeORM entities of a model (its table and its through tables): what migrations are generated from and checked against. */
export function entitySchemasFor(model: ModelDef, driver: Driver): EntitySchema[] {
  return [tableSchema(model, driver), ...model.manyToMany.filter((f) => f.ownsTable).map(throughSchema)];
}

function throughSchema(field: ManyToManyField): EntitySchema {
  const table = field.throughTable;
  return new EntitySchema({
    name: table,
    tableName: table,
    columns: {
      [field.sourceColumn]: { type: 'integer', primary: true },
      [field.targetColumn]: { type: 'integer', primary: true },
    },
    relations: {
      source_fk: { type: 'many-to-one', target: field.model.table, joinColumn: { name: field.sourceColumn }, onDelete: 'CASCADE' },
      target_fk: { type: 'many-to-one', target: field.target.table, joinColumn: { name: field.targetColumn }, onDelete: 'CASCADE' },
    },
    indices: [{ name: `idx_${table}_${field.targetColumn}`, columns: [field.targetColumn] }],
  });
}

function tableSchema(model: ModelDef, driver: Driver): EntitySchema {
  const columns: Record<string, EntitySchemaColumnOptions> = {};
  const relations: Record<string, EntitySchemaRelationOptions> = {};
  const indices: EntitySchemaIndexOptions[] = [];

  for (const field of model.columns) {
    if (field.name === 'id') {
      columns.id = { type: 'integer', primary: true, generated: 'increment' };
      continue;
    }
    const spec = field.columnSpec(driver);
    columns[field.column] = {
      type: spec.type as EntitySchemaColumnOptions['type'],
      length: spec.length,
      precision: spec.precision,
      scale: spec.scale,
      nullable: field.nullable,
      unique: !!field.opts.unique,
    };
    if (field instanceof ForeignKeyField) {
      relations[`${field.name}_fk`] = {
        type: 'many-to-one',
        target: field.target.table,
        joinColumn: { name: field.column },
        // PROTECT is checked by the writer first; the constraint is the last line of defence.
        onDelete: field.onDelete === 'PROTECT' ? 'RESTRICT' : field.onDelete,
      };
      indices.push({ name: `idx_${model.table}_${field.column}`, columns: [field.column] });
    } else if (field.opts.index) {
      indices.push({ name: `idx_${model.table}_${field.column}`, columns: [field.column] });
    }
  }
  for (const c of model.constraints) {
    const columns = c.fields.map((f) => model.storedFields[f].column);
    const when = Object.keys(c.when ?? {}).map((f) => `"${model.storedFields[f].column}" IS NULL`);
    indices.push({
      name: c.name ?? `uniq_${model.table}_${columns.join('_')}`,
      columns,
      unique: true,
      where: when.length ? when.join(' AND ') : undefined,
    });
  }
  for (const fields of model.indexes) {
    const columns = fields.map((f) => model.storedFields[f].column);
    indices.push({ name: `idx_${model.table}_${columns.join('_')}`, columns });
  }
  if (model.tree) indices.push({ name: `idx_${model.table}_tree_path`, columns: ['tree_path'] });
  // A field that sorts as another column (a service's ports) is indexed as that column.
  for (const col of model.ordering.map((o) => o.replace(/^-/, '')).flatMap((name) => (model.sortAs[name] && model.sortAs[name].length === 1 ? model.sortAs[name] : [name]))) {
    const field = model.storedFields[col];
    if (field && field.name !== 'id' && !field.opts.unique && !(field instanceof ForeignKeyField) && !indices.some((i) => i.columns?.toString() === field.column)) {
      indices.push({ name: `idx_${model.table}_${field.column}`, columns: [field.column] });
    }
  }
  // Known to TypeORM so that it keeps them, and left to migrations: it cannot write a GIN index over an expression.
  if (driver === 'postgres') {
    for (const name of model.substringIndexes) indices.push({ name: substringIndexName(model, name), columns: [model.storedFields[name].column], synchronize: false });
    for (const name of model.startsWithIndexes) indices.push({ name: startsWithIndexName(model, name), columns: [model.storedFields[name].column], synchronize: false });
    for (const fields of model.caseInsensitiveIndexes) {
      indices.push({ name: caseInsensitiveIndexName(model, fields), columns: fields.map((f) => model.storedFields[f].column), synchronize: false });
    }
  }
  return new EntitySchema({ name: model.table, tableName: model.table, columns, relations, indices: indices.map((i) => ({ ...i, name: i.name && identifier(i.name) })) });
}

/** PostgreSQL's identifiers are 63 bytes: a longer name keeps its start and a hash of the whole, so that it stays unique and the same. */
export function identifier(name: string): string {
  if (name.length <= 63) return name;
  return `${name.slice(0, 54)}_${createHash('sha1').update(name).digest('hex').slice(0, 8)}`;
}

/** The trigram index (PostgreSQL's pg_trgm) over `LOWER(column)` that serves substring searches of a field. */
export function substringIndexName(model: ModelDef, field: string): string {
  return `trgm_${model.table}_${model.storedFields[field].column}`;
}

/** The B-tree index over `LOWER(first column)` and the other columns that serves comparisons ignoring case. */
export function caseInsensitiveIndexName(model: ModelDef, fields: string[]): string {
  return `lower_${model.table}_${fields.map((f) => model.storedFields[f].column).join('_')}`;
}

/** The B-tree index over `LOWER(column) text_pattern_ops` that serves searches of a field by its beginning. */
export function startsWithIndexName(model: ModelDef, field: string): string {
  return `like_${model.table}_${model.storedFields[field].column}`;
}
