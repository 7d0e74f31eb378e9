import { ASTVisitor, FragmentDefinitionNode, GraphQLError, Kind, SelectionSetNode, ValidationContext, ValidationRule } from 'graphql';

/** A relation costs this many fields: each one runs statements of its own. */
export const RELATION_COST = 10;

interface Measure {
  depth: number;
  cost: number;
}

/**
 * The depth (nesting of fields) and cost (a field 1, a field with a selection `RELATION_COST`) of a selection,
 * fragments expanded. Introspection (`__schema`, `__type`, `__typename`) reads no data and counts nothing.
 */
function measure(selections: SelectionSetNode, fragments: (name: string) => FragmentDefinitionNode | null | undefined, seen: Set<string>): Measure {
  let depth = 0;
  let cost = 0;
  for (const selection of selections.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value.startsWith('__')) continue;
      const inner = selection.selectionSet ? measure(selection.selectionSet, fragments, seen) : { depth: 0, cost: 0 };
      depth = Math.max(depth, 1 + inner.depth);
      cost += (selection.selectionSet ? RELATION_COST : 1) + inner.cost;
    } else {
      let set: SelectionSetNode | undefined;
      if (selection.kind === Kind.INLINE_FRAGMENT) set = selection.selectionSet;
      else {
        const name = selection.name.value;
        // A fragment that spreads itself is refused by the standard rules; here it just stops.
        if (seen.has(name)) continue;
        set = fragments(name)?.selectionSet;
        if (set) {
          const inner = measure(set, fragments, new Set([...seen, name]));
          depth = Math.max(depth, inner.depth);
          cost += inner.cost;
        }
        continue;
      }
      const inner = measure(set, fragments, seen);
      depth = Math.max(depth, inner.depth);
      cost += inner.cost;
    }
  }
  return { depth, cost };
}

/** Refuses, during validation and so before any statement runs, an operation deeper or costlier than allowed. */
export function queryLimits(maxDepth: number, maxComplexity: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(node) {
      const { depth, cost } = measure(node.selectionSet, (name) => context.getFragment(name), new Set());
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
