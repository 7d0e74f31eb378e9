import type { Request } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DataSource, EntitySubscriberInterface } from 'typeorm';

/** A pool's connections, as pg's Pool counts them. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The route a request matched, as a template (`/api/dcim/devices/{id}/`), never its raw path; `unmatched` otherwise. */
export function routeTemplate(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (!route || typeof route.path !== 'string') return 'unmatched';
  const slashed = req.path.endsWith('/');
  let written = templates.get(route);
  if (!written) templates.set(route, (written = new Map()));
  const key = slashed ? `${req.baseUrl}/` : req.baseUrl;
  let template = written.get(key);
  if (template === undefined) {
    template = `${req.baseUrl}${route.path}`.replace(/:(\w+)(\([^)]*\))?\??/g, '{$1}');
    if (slashed && !template.endsWith('/')) template += '/';
    written.set(key, template);
  }
  return template;
}

/** Each route's templates, by the base it was reached under and whether the path ended with a slash. */
const templates = new WeakMap<object, Map<string, string>>();

/** One app's Prometheus metrics, in a registry of its own (several apps may share a process, as in tests). */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests by method, route template and status', labelNames: ['method', 'route', 'status'], registers: [this.registry] });
  private readonly latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route template and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  /** `cacheLookups`: each cache's hits and misses so far, read at every scrape. */
  constructor(dataSource: DataSource, cacheLookups?: () => Array<[string, { hits: number; misses: number }]>) {
    collectDefaultMetrics({ register: this.registry });
    if (cacheLookups) {
      // Totals kept by the caches themselves, so that a lookup costs no label resolution; the counters mirror them.
      const mirror = (name: string, help: string, pick: (t: { hits: number; misses: number }) => number) =>
        new Counter({
          name,
          help,
          labelNames: ['cache'],
          registers: [this.registry],
          collect() {
            this.reset();
            for (const [cache, tally] of cacheLookups()) this.inc({ cache }, pick(tally));
          },
        });
      mirror('read_cache_hits_total', 'Lookups a read cache answered, by cache', (t) => t.hits);
      mirror('read_cache_misses_total', 'Lookups a read cache could not answer, by cache', (t) => t.misses);
    }
    const statements = new Histogram({
      name: 'db_statement_duration_seconds',
      help: 'Database statement latency, by whether it succeeded',
      labelNames: ['success'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers: [this.registry],
    });
    // TypeORM tells its subscribers how long each statement took (whole milliseconds).
    const timing: EntitySubscriberInterface = {
      afterQuery(event) {
        statements.observe({ success: String(event.success) }, (event.executionTime ?? 0) / 1000);
      },
    };
    dataSource.subscribers.push(timing);
    const pool = () => (dataSource.driver as unknown as { master?: PoolCounts }).master;
    new Gauge({
      name: 'db_pool_connections_in_use',
      help: 'Database connections in use (the embedded database has one)',
      registers: [this.registry],
      collect() {
        const p = pool();
        this.set(p ? p.totalCount - p.idleCount : 1);
      },
    });
    new Gauge({
      name: 'db_pool_waiting_requests',
      help: 'Requests waiting for a database connection',
      registers: [this.registry],
      collect() {
        this.set(pool()?.waitingCount ?? 0);
      },
    });
  }

  observe(req: Request, status: number, seconds: number): void {
    const labels = { method: req.method, route: routeTemplate(req), status: String(status) };
    this.requests.inc(labels);
    this.latency.observe(labels, seconds);
  }
}
