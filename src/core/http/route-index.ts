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
}

const groups = new WeakMap<Layer, Group>();

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

/**
 * Express tries an application's layers one by one, and Nest registers a layer per route and method: well over a
 * thousand, so routing cost a request about 100 µs before any of its own code ran. Each run of consecutive routes
 * under one literal path becomes a single layer that a string comparison passes over; order is kept, so every
 * request reaches the same handler as before.
 */
export function indexRoutes(server: express.Express): void {
  const router = (server as unknown as { _router?: ExpressRouter })._router;
  if (!router) return;
  const stack: Layer[] = [];
  let run = null as Group | null;
  for (const layer of router.stack) {
    const prefix = layer.route ? literalPrefix(layer.route.path) : null;
    if (prefix && run?.prefix === prefix) {
      run.routes.push(layer);
      continue;
    }
    run = prefix ? { prefix, routes: [layer] } : null;
    stack.push(run ? groupLayer(run) : layer);
  }
  router.stack = stack;
}

function groupLayer(group: Group): Layer {
  const inner = express.Router() as unknown as ExpressRouter;
  inner.stack = group.routes;
  const holder = express.Router() as unknown as ExpressRouter & { use(fn: express.RequestHandler): void };
  holder.use((req, res, next) => {
    if (!isUnder(req.path, group.prefix)) return next();
    // A router answers OPTIONS by itself when a path matches routes without that method; the application did not.
    if (req.method === 'OPTIONS' && !group.routes.some((l) => (l.route!.methods.options || l.route!.methods._all) && l.match(req.path))) return next();
    inner.handle(req, res, next);
  });
  const layer = holder.stack[0];
  groups.set(layer, group);
  return layer;
}

/** Whether a route of the application matches `path`, indexed or not. */
export function routeExists(server: express.Express, path: string): boolean {
  const stack = (server as unknown as { _router?: ExpressRouter })._router?.stack ?? [];
  return stack.some((layer) => {
    const group = groups.get(layer);
    if (group) return isUnder(path, group.prefix) && group.routes.some((route) => route.regexp.test(path));
    return layer.route !== undefined && layer.regexp.test(path);
  });
}
