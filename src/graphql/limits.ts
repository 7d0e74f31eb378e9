import {
  ASTVisitor,
  FieldNode,
  FragmentDefinitionNode,
  GraphQLCompositeType,
  GraphQLError,
  GraphQLSchema,
  Kind,
  SelectionSetNode,
  ValidationContext,
  ValidationRule,
  getNamedType,
  getNullableType,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
} from 'graphql';

/** A relation costs this many fields: each one runs statements of its own. */
export const RELATION_COST = 10;
/** The objects a list is assumed to hold when its `limit` does not say. */
export const LIST_SIZE = 10;

interface Measure {
  depth: number;
  cost: number;
}

interface Walk {
  schema: GraphQLSchema;
  fragment(name: string): FragmentDefinitionNode | null | undefined;
}

/**
 * The depth (nesting of fields) and cost of a selection, fragments expanded: a field costs 1, a relation
 * RELATION_COST plus what it selects, and a list relation what it selects times its `limit` (LIST_SIZE when it
 * has none). Introspection (`__schema`, `__type`, `__typename`) reads no data and counts nothing.
 */
function measure(walk: Walk, selections: SelectionSetNode, parent: GraphQLCompositeType | undefined, seen: ReadonlySet<string>): Measure {
  let depth = 0;
  let cost = 0;
  const add = (inner: Measure) => {
    depth = Math.max(depth, inner.depth);
    cost += inner.cost;
  };
  for (const selection of selections.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value.startsWith('__')) continue;
      add(measureField(walk, selection, parent, seen));
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      add(measure(walk, selection.selectionSet, typeNamed(walk, selection.typeCondition?.name.value) ?? parent, seen));
    } else {
      const name = selection.name.value;
      const fragment = walk.fragment(name);
      // A fragment that spreads itself is refused by the standard rules; here it just stops.
      if (!fragment || seen.has(name)) continue;
      add(measure(walk, fragment.selectionSet, typeNamed(walk, fragment.typeCondition.name.value), new Set([...seen, name])));
    }
  }
  return { depth, cost };
}

function measureField(walk: Walk, field: FieldNode, parent: GraphQLCompositeType | undefined, seen: ReadonlySet<string>): Measure {
  if (!field.selectionSet) return { depth: 1, cost: 1 };
  const definition = parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[field.name.value] : undefined;
  const named = definition ? getNamedType(definition.type) : undefined;
  const inner = measure(walk, field.selectionSet, isCompositeType(named) ? named : undefined, seen);
  const list = definition ? isListType(getNullableType(definition.type)) : false;
  return { depth: 1 + inner.depth, cost: RELATION_COST + inner.cost * (list ? listSize(field) : 1) };
}

/** A list's `limit` given as a literal (3.5's argument, or 4.x's `pagination: {limit}`), else LIST_SIZE. */
function listSize(field: FieldNode): number {
  const pagination = field.arguments?.find((a) => a.name.value === 'pagination')?.value;
  const paged = pagination?.kind === Kind.OBJECT ? pagination.fields.find((f) => f.name.value === 'limit')?.value : undefined;
  const limit = paged ?? field.arguments?.find((a) => a.name.value === 'limit')?.value;
  return limit?.kind === Kind.INT ? Math.max(1, Math.min(Number(limit.value), Number.MAX_SAFE_INTEGER)) : LIST_SIZE;
}

function typeNamed(walk: Walk, name: string | undefined): GraphQLCompositeType | undefined {
  const type = name ? walk.schema.getType(name) : undefined;
  return isCompositeType(type) ? type : undefined;
}

/** Refuses, during validation and so before any statement runs, an operation deeper or costlier than allowed. */
export function queryLimits(maxDepth: number, maxComplexity: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(node) {
      const schema = context.getSchema();
      const root = node.operation === 'query' ? schema.getQueryType() : undefined;
      const { depth, cost } = measure({ schema, fragment: (name) => context.getFragment(name) }, node.selectionSet, root ?? undefined, new Set());
      if (depth > maxDepth) {
        context.reportError(new GraphQLError(`Query depth ${depth} exceeds the maximum of ${maxDepth} (GRAPHQL_MAX_DEPTH).`, { nodes: [node], extensions: { code: 'DEPTH_LIMIT' } }));
      }
      if (cost > maxComplexity) {
        context.reportError(
          new GraphQLError(`Query complexity ${cost} exceeds the maximum of ${maxComplexity} (GRAPHQL_MAX_COMPLEXITY).`, { nodes: [node], extensions: { code: 'COMPLEXITY_LIMIT' } }),
        );
      }
    },
  });
}
