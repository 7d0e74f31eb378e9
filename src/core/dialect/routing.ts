import type { NextFunction, Request, Response } from 'express';
import { ApiError } from '../http/errors';
import { renderBody } from '../http/render';
import { Dialect } from './dialect';
import { allDialects, setDialect } from './registry';

/**
 * Routes each request to its dialect: below a dialect's base (`/v4/api/...`) to that one, elsewhere to the one `/api/`
 * serves. The base is taken off the path and a moved route (`/api/vpn/l2vpns/` in 4.x) is sent to its stored one, so
 * every dialect reaches the same handlers; the original URL stays for links. A model the dialect lacks is not found.
 */
export function dialectRouting(served: Dialect) {
  const explicit = allDialects();
  const lacked = new Map<Dialect, string[]>();
  // Worked out at the first request, once every model (plugins' too) is registered.
  const lacks = (dialect: Dialect, path: string) => {
    let paths = lacked.get(dialect);
    if (!paths) lacked.set(dialect, (paths = dialect.lackedPaths()));
    return paths.some((p) => path === p.slice(0, -1) || path.startsWith(p));
  };
  return (req: Request, res: Response, next: NextFunction) => {
    let dialect = served;
    let base = '';
    let url = req.url;
    for (const candidate of explicit) {
      if (url === candidate.base || url.startsWith(`${candidate.base}/`) || url.startsWith(`${candidate.base}?`)) {
        dialect = candidate;
        base = candidate.base;
        url = url.slice(candidate.base.length);
        if (!url.startsWith('/')) url = `/${url}`;
        break;
      }
    }
    setDialect(req, dialect, base);
    res.setHeader('API-Version', dialect.version);
    const [path, query] = url.split(/\?(.*)/s, 2);
    const stored = path.startsWith('/api/') ? dialect.routeIn(path) : path;
    if (stored === null || lacks(dialect, stored)) {
      res.status(404).send(renderBody(req, res, new ApiError(404, { detail: 'Not found.' }).body));
      return;
    }
    req.url = query === undefined ? stored : `${stored}?${query}`;
    next();
  };
}
