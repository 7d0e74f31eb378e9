import { All, Controller, Inject, Logger, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { pipeline } from 'stream';
import { GraphQLError, GraphQLSchema } from 'graphql';
import { Handler, createHandler } from 'graphql-http';
import { AuthenticatedRequest, PublicRoute } from '../core/auth/auth.guard';
import { APP_CONFIG, AppConfig } from '../core/config/config';
import { CrudService } from '../core/crud/crud.service';
import { Database } from '../core/db/database';
import { ApiError } from '../core/http/errors';
import { wantsHtml } from '../core/http/render';
import { INSTALLED_PLUGINS } from '../core/plugins/plugins.controller';
import { Plugin } from '../core/plugins/plugin';
import { GraphqlContext } from './context';
import { graphiqlPage } from './graphiql';
import { queryLimits } from './limits';
import { Semaphore } from '../core/util/semaphore';
import { buildSchema, speaksStrawberry } from './schema';
import { SqliteFunctions, registerSqliteRegexp } from './lookup-sql';
import type { Dialect } from '../core/dialect/dialect';
import { dialectOf } from '../core/dialect/registry';
import { executeOperation } from './stream';

/**
 * Operations executed at once; the others wait their turn. Every object a query completes is live until its
 * answer is written, so many at once only give the collector more to mark: on PostgreSQL with the large data
 * set, 32 clients of a 1,050-object query got 48.9 answers a second (p97.5 1.9 s, 205 MiB) unbounded and 56.8
 * (1.5 s, 190 MiB) four at a time.
 */
const EXECUTING = 4;

/**
 * `/graphql/` and `/v4/graphql/` (routed here with its dialect): NetBox's read-only GraphQL API over the
 * GraphQL-over-HTTP transport (graphql-http), behind the same authentication as REST (tokens, sessions,
 * LOGIN_REQUIRED); a browser is given a query page.
 */
@Controller('graphql')
@PublicRoute()
export class GraphqlController {
  private readonly logger = new Logger('GraphQL');
  /** Each dialect's schema, built at its first request: every plugin's models are declared by then. */
  private readonly schemas = new Map<Dialect, GraphQLSchema>();
  private handler?: Handler<Request, undefined>;
  private readonly contexts = new WeakMap<Request, GraphqlContext>();
  private readonly executing = new Semaphore(EXECUTING);

  constructor(
    private readonly crud: CrudService,
    private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(INSTALLED_PLUGINS) private readonly plugins: Plugin[],
  ) {}

  @All()
  async serve(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (!this.config.graphql.enabled) throw new ApiError(404, { detail: 'The GraphQL API is not enabled.' });
    if (req.method === 'GET' && wantsHtml(req)) {
      res.type('html').send(graphiqlPage());
      return;
    }
    const [body, init] = await this.handle(req);
    res.status(init.status);
    for (const [name, value] of Object.entries(init.headers ?? {})) res.setHeader(name, value);
    const answer = this.contexts.get(req)?.answer ?? body ?? '';
    if (typeof answer === 'string') return void res.send(answer);
    // A failure half way destroys the response: the client sees it cut short, never a whole that is wrong.
    pipeline(answer, res, (e) => {
      if (e && (e as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') this.logger.error(`Streaming a response: ${e.stack ?? e.message}`);
    });
  }

  private async handle(req: Request) {
    this.handler ??= createHandler<Request, undefined, any>({
      schema: (request: { raw: Request }) => this.schemaOf(dialectOf(request.raw)),
      context: (request: { raw: Request }) => {
        const context = new GraphqlContext((request.raw as AuthenticatedRequest).principal?.user ?? null, this.crud, this.db, this.config);
        this.contexts.set(request.raw, context);
        return context as never;
      },
      execute: (args) => executeOperation(args, (err) => this.formatError(err)),
      // graphql-http runs the specified rules before these.
      validationRules: [queryLimits(this.config.graphql.maxDepth, this.config.graphql.maxComplexity)],
      // An operation that could not start (its variables did not coerce) has no data: a request error, 400 under the spec's media type.
      onOperation: (_req, _args, result) => ('data' in result ? undefined : (result.errors as never)),
      formatError: (err) => this.formatError(err),
    });
    // Read first: a body over the limit is a 413, as everywhere else, not the transport's 400.
    const body = await readBody(req, this.config.maxRequestSize);
    return this.executing.run(() =>
      this.handler!({
        method: req.method,
        url: req.originalUrl,
        headers: { get: (name: string) => headerOf(req, name) },
        body,
        raw: req,
        context: undefined,
      }),
    );
  }

  /**
   * The schema a request's dialect speaks: `/graphql/` NetBox 3.5's (or the one `/api/` is configured to speak),
   * `/v4/graphql/` 4.6's, both over the same models.
   */
  private schemaOf(dialect: Dialect): GraphQLSchema {
    let schema = this.schemas.get(dialect);
    if (!schema) {
      const extra = this.plugins.flatMap((p) => (p.spec.graphqlSchema ? [p.spec.graphqlSchema] : []));
      schema = buildSchema(extra, dialect, { maxPageSize: this.config.maxPageSize });
      if (speaksStrawberry(dialect) && this.db.driver === 'sqlite') registerSqliteRegexp((this.db.dataSource.driver as unknown as { databaseConnection: SqliteFunctions }).databaseConnection);
      this.schemas.set(dialect, schema);
    }
    return schema;
  }

  /** Errors of the query itself are the client's to read; anything else is logged and named only as internal. */
  private formatError(err: Readonly<GraphQLError | Error>): GraphQLError | Error {
    if (!(err instanceof GraphQLError) || !err.originalError || err.originalError instanceof GraphQLError) return err as GraphQLError;
    this.logger.error(err.originalError.stack ?? err.originalError.message);
    return new GraphQLError('Internal server error', { nodes: err.nodes, path: err.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
  }
}

function headerOf(req: Request, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value ?? null;
}

/** The raw body as text, refused past `limit` bytes as every other body is. */
function readBody(req: Request, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const collect = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      // The rest is read and dropped, so that the 413 reaches the client rather than a reset connection.
      req.off('data', collect);
      req.resume();
      reject(new ApiError(413, { detail: `Request body too large: the limit is ${limit} bytes.` }));
    };
    req.on('data', collect);
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
