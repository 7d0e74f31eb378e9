import express, { NextFunction, Request, Response } from 'express';

/** Express's own layer, as much of it as the index reads. */
interface Layer {
  route?: { path: unknown; methods: Record<string, boolean> };
  regexp: RegExp;
  match(path: string): boolean;
}

interface ExpressRouter {
  stack: Layer[];
  handle(req: Request, res: Response, next: NextFunction): void;
}

/** Routes of a run replaced by one layer, and the literal path they all begin with. */
interface Group {
  prefix: string;
  routes: Layer[];
  /** The group's router: its routes, in order. */
  inner: ExpressRouter;
}

/** The groups each index layer stands for, in the order the application had them. */
const indexes = new WeakMap<Layer, Group[]>();

/** Leading whole segments a route's path states literally (at most three), lower-cased as Express matches them. */
function literalPrefix(path: unknown): string | null {
  if (typeof path !== 'string') return null;
  const literal: string[] = [];
  for (const segment of path.split('/').slice(1, 4)) {
    if (!/^[a-z0-9_-]+$/i.test(segment)) break;
    literal.push(segment.toLowerCase());
  }
  return literal.length ? `/${literal.join('/')}` : null;
}

/** Whether a request's path is at or below `prefix`: a route under it can match nothing else. */
function isUnder(path: string, prefix: string): boolean {
  const lower = path.length >= prefix.length ? path.slice(0, prefix.length + 1).toLowerCase() : '';
  return lower === prefix || lower === `${prefix}/`;
}

const REACHABLE_KEPT = 10_000;

/** Where the `n`th slash of a path is, or -1. */
function nthSlash(path: string, n: number): number {
  let at = -1;
  for (let i = 0; i < n; i++) {
    at = path.indexOf('/', at + 1);
    if (at < 0) return -1;
  }
  return at;
}

/** The literal prefixes (one to three whole segments, lower-cased) a path is at or below. */
function prefixesOf(path: string): string[] {
  const out: string[] = [];
  let end = 0;
  for (let i = 0; i < 3; i++) {
    const next = path.indexOf('/', end + 1);
    const prefix = (next < 0 ? path : path.slice(0, next)).toLowerCase();
    if (prefix.length > 1 && prefix !== out[out.length - 1]) out.push(prefix);
    if (next < 0) break;
    end = next;
  }
  return out;
}

/**
 * Express tries an application's layers one by one, and Nest registers a layer per route and method: well over a
 * thousand, so routing cost a request about 100 µs before any of its own code ran. Each run of consecutive routes
 * under one literal path becomes a group, and each run of consecutive groups one layer that finds the groups a path
 * can reach by its prefixes, in a map. Order is kept, so every request reaches the same handler as before.
 */
export function indexRoutes(server: express.Express): void {
  const router = (server as unknown as { _router?: ExpressRouter })._router;
  if (!router) return;
  const stack: Layer[] = [];
  let groups: Group[] = [];
  const flush = () => {
    if (groups.length) stack.push(indexLayer(groups));
    groups = [];
  };
  for (const layer of router.stack) {
    const prefix = layer.route ? literalPrefix(layer.route.path) : null;
    const last = groups[groups.length - 1];
    if (prefix && last?.prefix === prefix) last.routes.push(layer);
    else if (prefix) groups.push({ prefix, routes: [layer], inner: undefined as unknown as ExpressRouter });
    else {
      flush();
      stack.push(layer);
    }
  }
  flush();
  router.stack = stack;
}

function indexLayer(groups: Group[]): Layer {
  const byPrefix = new Map<string, Array<[order: number, group: Group]>>();
  groups.forEach((group, order) => {
    group.inner = express.Router() as unknown as ExpressRouter;
    group.inner.stack = group.routes;
    const listed = byPrefix.get(group.prefix) ?? [];
    listed.push([order, group]);
    byPrefix.set(group.prefix, listed);
  });
  // The groups a path reaches depend on its first three segments alone: worked out once per such beginning (a bounded
  // number of them kept, as clients may send any path).
  const reachableBy = new Map<string, Group[]>();
  const reachableFrom = (path: string): Group[] => {
    const cut = nthSlash(path, 4);
    const key = cut < 0 ? path : path.slice(0, cut);
    let reachable = reachableBy.get(key);
    if (!reachable) {
      const found: Array<[number, Group]> = [];
      for (const prefix of prefixesOf(key)) found.push(...(byPrefix.get(prefix) ?? []));
      reachable = found.sort((a, b) => a[0] - b[0]).map(([, group]) => group);
      if (reachableBy.size >= REACHABLE_KEPT) reachableBy.clear();
      reachableBy.set(key, reachable);
    }
    return reachable;
  };
  const holder = express.Router() as unknown as ExpressRouter & { use(fn: express.RequestHandler): void };
  holder.use((req, res, next) => {
    const path = req.path;
    const reachable = reachableFrom(path);
    let i = 0;
    const tryNext = (err?: unknown): void => {
      if (err) return next(err);
      const group = reachable[i++];
      if (!group) return next();
      // A router answers OPTIONS by itself when a path matches routes without that method; the application did not.
      if (req.method === 'OPTIONS' && !group.routes.some((l) => (l.route!.methods.options || l.route!.methods._all) && l.match(path))) return tryNext();
      group.inner.handle(req, res, tryNext);
    };
    tryNext();
  });
  const layer = holder.stack[0];
  indexes.set(layer, groups);
  return layer;
}

/** Whether a route of the application matches `path`, indexed or not. */
export function routeExists(server: express.Express, path: string): boolean {
  const stack = (server as unknown as { _router?: ExpressRouter })._router?.stack ?? [];
  return stack.some((layer) => {
    const groups = indexes.get(layer);
    if (groups) return groups.some((group) => isUnder(path, group.prefix) && group.routes.some((route) => route.regexp.test(path)));
    return layer.route !== undefined && layer.regexp.test(path);
  });
}
