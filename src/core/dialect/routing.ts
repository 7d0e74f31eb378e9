import type { NextFunction, Request, Response } from 'express';
import { ApiError } from '../http/errors';
import { renderBody } from '../http/render';
import { Dialect } from './dialect';
import { DialectRoute, allDialects, setDialect } from './registry';

/**
 * Routes each request to its dialect: below a dialect's base (`/v4/api/...`) to that one, elsewhere to the one `/api/`
 * serves. The base is taken off the path and a moved route (`/api/vpn/l2vpns/` in 4.x) is sent to its stored one, so
 * every dialect reaches the same handlers; the original URL stays for links. A model the dialect lacks is not found.
 */
export function dialectRouting(served: Dialect) {
  const explicit: DialectRoute[] = allDialects().map((dialect) => ({ dialect, base: dialect.base }));
  const implicit: DialectRoute = { dialect: served, base: '' };
  const lacked = new Map<Dialect, Array<[slashed: string, bare: string]>>();
  // Worked out at the first request, once every model (plugins' too) is registered.
  const lacks = (dialect: Dialect, path: string) => {
    let paths = lacked.get(dialect);
    if (!paths) lacked.set(dialect, (paths = dialect.lackedPaths().map((p) => [p, p.slice(0, -1)])));
    for (const [slashed, bare] of paths) if (path === bare || path.startsWith(slashed)) return true;
    return false;
  };
  // Every request passes here: no allocation beyond what a routed one needs.
  return (req: Request, res: Response, next: NextFunction) => {
    let route = implicit;
    let url = req.url;
    if (url.startsWith('/v')) {
      for (const candidate of explicit) {
        const rest = url.charAt(candidate.base.length);
        if (url.startsWith(candidate.base) && (rest === '' || rest === '/' || rest === '?')) {
          route = candidate;
          url = rest === '/' ? url.slice(route.base.length) : `/${url.slice(route.base.length)}`;
          break;
        }
      }
    }
    const { dialect, base } = route;
    setDialect(req, route);
    res.setHeader('API-Version', dialect.version);
    if (!url.startsWith('/api')) {
      if (base) req.url = url;
      return next();
    }
    const mark = url.indexOf('?');
    const path = mark < 0 ? url : url.slice(0, mark);
    const stored = path.startsWith('/api/') ? dialect.routeIn(path) : path;
    if (stored === null || lacks(dialect, stored)) {
      res.status(404).send(renderBody(req, res, new ApiError(404, { detail: 'Not found.' }).body));
      return;
    }
    if (base || stored !== path) req.url = mark < 0 ? stored : stored + url.slice(mark);
    next();
  };
}
