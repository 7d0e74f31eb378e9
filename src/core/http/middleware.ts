import { randomUUID } from 'crypto';
import express, { NextFunction, Request, Response } from 'express';
import { ApiError } from './errors';
import { renderBody } from './render';
import { routeExists } from './route-index';

/** Headers every response carries, errors and redirects included; `API-Version` is the request's dialect's (`dialectRouting`). */
export function responseHeaders() {
  return (req: Request, res: Response, next: NextFunction) => {
    const id = randomUUID();
    (req as Request & { id: string }).id = id;
    res.setHeader('X-Request-ID', id);
    res.setHeader('Vary', 'Accept');
    next();
  };
}

/** NetBox's paths end with a slash; without it, a redirect to the same path with it, if that path exists. */
export function appendSlash(server: express.Express) {
  return (req: Request, res: Response, next: NextFunction) => {
    const [path, query] = req.originalUrl.split(/\?(.*)/s, 2);
    // The route as stored (`req.path`, below any dialect's base) is what exists; the redirect keeps the client's path.
    const routed = req.path;
    // A last segment with an extension is a file (the sandbox UI's assets), never a slashed path.
    if (routed.startsWith('/api') && !path.endsWith('/') && !/\.[a-z0-9]+$/i.test(path) && routeExists(server, `${routed}/`)) {
      res.status(302).location(`${path}/${query !== undefined ? `?${query}` : ''}`).end();
      return;
    }
    next();
  };
}

function sendError(req: Request, res: Response, error: ApiError) {
  res.status(error.status).send(renderBody(req, res, error.body));
}

/** Deeper JSON than any NetBox body needs; deeper still could exhaust the stack of code that walks it. */
export const MAX_JSON_DEPTH = 64;

/** Whether a parsed JSON value nests arrays and objects deeper than `limit`, found without recursion. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/** Paths (prefixes) whose writes may also be `multipart/form-data`, which their own routes read (file uploads). */
const multipartPaths = new Set<string>();

/** Lets writes below `path` be `multipart/form-data` as well as JSON: the route reads the form itself. */
export function acceptMultipart(path: string): void {
  multipartPaths.add(path);
}

/** Paths whose routes read and answer bodies themselves (GraphQL, whose transport spec decides its own statuses). */
const ownBodyPaths = new Set<string>();

/** Leaves the body of requests to `path` (exactly, with or without its trailing slash) unread for its route. */
export function readsOwnBody(path: string): void {
  ownBodyPaths.add(path.replace(/\/$/, ''));
}

/**
 * Writes take JSON only: 415 for another type, 400 for malformed or too deeply nested JSON, 413 for a body over
 * `maxBytes`. Outside the API, HTML forms (the sign-in pages) are left for their routes to read, and so are
 * multipart forms where `acceptMultipart` allows them.
 */
export function jsonBody(maxBytes: number) {
  const parseJson = express.json({ type: () => true, strict: false, limit: maxBytes });
  return (req: Request, res: Response, next: NextFunction) => {
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (!hasBody || ownBodyPaths.has(req.path.replace(/\/$/, ''))) return next();
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type && type !== 'application/json' && !/^application\/[\w.+-]*\+json$/.test(type)) {
      if (['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return next();
      if (type === 'multipart/form-data' && [...multipartPaths].some((path) => req.path.startsWith(path))) return next();
      if (type === 'application/x-www-form-urlencoded' && !/^\/api(\/|$)/i.test(req.path)) return next();
      return sendError(req, res, new ApiError(415, { detail: `Unsupported media type "${type}" in request.` }));
    }
    parseJson(req, res, (err?: unknown) => {
      if (err) {
        const message = err instanceof Error ? err.message : String(err);
        const status = (err as { status?: number }).status === 413 ? 413 : 400;
        return sendError(req, res, new ApiError(status, { detail: status === 413 ? `Request body too large: the limit is ${maxBytes} bytes.` : `JSON parse error - ${message}` }));
      }
      if (nestsDeeperThan(req.body, MAX_JSON_DEPTH)) {
        return sendError(req, res, new ApiError(400, { detail: `JSON parse error - nested deeper than ${MAX_JSON_DEPTH} levels` }));
      }
      next();
    });
  };
}
