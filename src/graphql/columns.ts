import { DocumentNode, GraphQLSchema, TypeInfo, visit, visitWithTypeInfo } from 'graphql';
import type { ModelDef } from '../core/model/model';

/** A field's resolver reads only these stored columns of its row; a field that does not say may read any. */
export function reads(...columns: string[]): { extensions: { columns: readonly string[] } } {
  return { extensions: { columns } };
}

/** For each model a query selects fields of, the columns those fields read; null where one may read any. */
export type SelectedColumns = Map<ModelDef, Set<string> | null>;

/** The columns each model's rows must carry for `document`: a list of interfaces' names need not read forty columns. */
export function selectedColumns(schema: GraphQLSchema, document: DocumentNode): SelectedColumns {
  const typeInfo = new TypeInfo(schema);
  const selected: SelectedColumns = new Map();
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const model = typeInfo.getParentType()?.extensions?.model as ModelDef | undefined;
        const field = typeInfo.getFieldDef();
        if (!model || !field || node.name.value.startsWith('__')) return;
        let columns = selected.get(model);
        if (columns === null) return;
        const needs = field.extensions?.columns as readonly string[] | undefined;
        if (!needs) return void selected.set(model, null);
        if (!columns) selected.set(model, (columns = new Set(['id'])));
        for (const column of needs) columns.add(column);
      },
    }),
  );
  return selected;
}
