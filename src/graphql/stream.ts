import { Readable } from 'stream';
import { ExecutionArgs, ExecutionResult, FragmentDefinitionNode, GraphQLError, Kind, execute, getOperationAST, getVariableValues } from 'graphql';
import { collectFields } from 'graphql/execution/collectFields';
import { releasingText } from '../core/crud/stream';
import type { SnapshotRead } from '../core/db/snapshot-read';
import type { ModelDef, Row } from '../core/model/model';
import type { ModelQuery } from '../core/query/model-query';
import { selectedColumns } from './columns';
import { GraphqlContext, GraphqlRow, MAX_BATCH } from './context';

/**
 * Objects of an unbounded top-level list read and answered at a time. As many as a level reads in one
 * statement: a list of a chunk costs what it cost before, and a longer one a chunk's statements per chunk.
 */
export const graphqlStreaming = { chunkSize: MAX_BATCH };

/**
 * The rows of an operation's one list without `limit`, a chunk at a time. A list of at most a chunk is read
 * as any other; a longer one is read again from one snapshot, so that its chunks are consistent.
 */
export class ChunkedList {
  private read?: SnapshotRead;
  private rows?: AsyncGenerator<Row[]>;
  private toRow: (raw: Row) => GraphqlRow = (raw) => raw;
  private pending: GraphqlRow[] = [];
  private closed?: Promise<void>;
  /** Whether the rows taken so far are all there are. */
  done = true;

  constructor(private readonly size: number) {}

  /** The first chunk, at the first call; afterwards, the chunk `advance` read. */
  async take(ctx: GraphqlContext, model: ModelDef, narrow: (query: ModelQuery) => void | Promise<void>, offset?: number): Promise<GraphqlRow[]> {
    if (this.rows) return this.pending;
    const query = await ctx.visible(model);
    if (!query) return [];
    await narrow(query);
    const select = { order: query.defaultOrder(), offset, columns: ctx.columnsOf(model) };
    const probe = await query.rows({ ...select, limit: this.size + 1 });
    if (probe.length <= this.size) return ctx.marked(model, probe);
    this.done = false;
    const read = query.reader(select);
    this.toRow = (raw) => ctx.marked(model, [read(raw)])[0];
    this.read = await ctx.snapshot();
    this.rows = this.read.chunks(query.rowsStatement(select), this.size);
    await this.advance();
    return this.pending;
  }

  /** Reads the next chunk; false when there is none. */
  async advance(): Promise<boolean> {
    if (!this.rows || this.done) return false;
    const next = await this.rows.next();
    this.pending = next.done ? [] : next.value.map(this.toRow);
    if (next.done || this.pending.length < this.size) this.done = true;
    return this.pending.length > 0;
  }

  /** Ends the read, once however often it is called. */
  close(): Promise<void> {
    this.done = true;
    return (this.closed ??= (async () => {
      await this.rows?.return(undefined);
      await this.read?.close();
    })());
  }
}

/**
 * Runs an operation, reading only the columns its fields need. What it answers is left on the context
 * (`ctx.answer`), so that the transport sends it as it is and the result returned stands only for the
 * response's status: JSON text, or, for an operation whose only field is a list without `limit` longer than a
 * chunk, a stream, the list executed a chunk at a time, each chunk's objects and what they nest sent and
 * forgotten before the next is read. An operation that could not start (no `data`) is the transport's to answer.
 */
export async function executeOperation(args: ExecutionArgs, formatError: (error: GraphQLError) => GraphQLError | Error): Promise<ExecutionResult> {
  const ctx = args.contextValue as GraphqlContext;
  ctx.columns = selectedColumns(args.schema, args.document);
  const key = soleField(args);
  const list = key === null ? null : (ctx.streaming = new ChunkedList(graphqlStreaming.chunkSize));
  try {
    const result = await execute(args);
    if (!('data' in result)) return result;
    const items = key === null ? null : result.data?.[key];
    if (list && !list.done && Array.isArray(items)) {
      ctx.answer = chunkedResponse(args, key!, items, result.errors ?? [], list, formatError);
    } else {
      // graphql-http would write it with a replacer called for every value, which costs more than the rest of the text.
      ctx.answer = JSON.stringify(result.errors ? { ...result, errors: result.errors.map(formatError) } : result);
    }
    return { data: {} };
  } finally {
    if (list && !(ctx.answer instanceof Readable)) await list.close();
  }
}

/** The response key of the operation's only top-level field, if it has one only. */
function soleField(args: ExecutionArgs): string | null {
  const operation = getOperationAST(args.document, args.operationName);
  const type = args.schema.getQueryType();
  if (operation?.operation !== 'query' || !type) return null;
  // Variables that do not coerce are the operation's error to report, as it runs whole.
  const { coerced } = getVariableValues(args.schema, operation.variableDefinitions ?? [], args.variableValues ?? {});
  if (!coerced) return null;
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of args.document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  const fields = collectFields(args.schema, fragments, coerced, type, operation.selectionSet);
  return fields.size === 1 ? [...fields.keys()][0] : null;
}

/** `{"data":{key:[...]}}` a chunk at a time, then the errors of every chunk at their place in the whole list. */
function chunkedResponse(
  args: ExecutionArgs,
  key: string,
  firstItems: unknown[],
  firstErrors: readonly GraphQLError[],
  list: ChunkedList,
  formatError: (error: GraphQLError) => GraphQLError | Error,
): Readable {
  const ctx = args.contextValue as GraphqlContext;
  const json = (items: unknown[]) => items.map((item) => JSON.stringify(item)).join(',');
  async function* text() {
    const errors = [...firstErrors];
    let base = firstItems.length;
    yield `{"data":{${JSON.stringify(key)}:[${json(firstItems)}`;
    while (await list.advance()) {
      const result = await execute({ ...args, contextValue: ctx.forNextChunk() });
      const items = result.data?.[key];
      // The list itself failed (a null its type refuses): the response already begun cannot say so.
      if (!Array.isArray(items)) throw new Error(`A chunk of ${key} failed: ${(result.errors ?? []).map((e) => e.message).join('; ')}`);
      if (items.length) yield `,${json(items)}`;
      errors.push(...(result.errors ?? []).map((error) => shifted(error, base)));
      base += items.length;
    }
    yield `]}${errors.length ? `,"errors":${JSON.stringify(errors.map(formatError))}` : ''}}`;
  }
  return releasingText(text(), () => list.close());
}

/** An error of a chunk, its path pointing into the whole list. */
function shifted(error: GraphQLError, base: number): GraphQLError {
  const path = error.path ? [error.path[0], typeof error.path[1] === 'number' ? error.path[1] + base : error.path[1], ...error.path.slice(2)] : undefined;
  return new GraphQLError(error.message, { nodes: error.nodes, source: error.source, positions: error.positions, path, originalError: error.originalError, extensions: error.extensions });
}
