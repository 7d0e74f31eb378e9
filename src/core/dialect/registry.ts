import type { Request } from 'express';
import { Dialect } from './dialect';

const dialects = new Map<string, Dialect>();
let storedAs: Dialect | undefined;

/** Makes a dialect servable; `native` marks the one whose names the models are stored under (no renames). */
export function registerDialect(dialect: Dialect, opts: { native?: boolean } = {}): Dialect {
  const known = dialects.get(dialect.version);
  if (known && known !== dialect) throw new Error(`API dialect ${dialect.version} is declared twice`);
  dialects.set(dialect.version, dialect);
  if (opts.native) {
    storedAs = dialect;
    dialect.isNative = true;
  }
  return dialect;
}

export function dialectOfVersion(version: string): Dialect {
  const dialect = dialects.get(version);
  if (!dialect) throw new Error(`No API dialect ${version}; known: ${[...dialects.keys()].join(', ')}`);
  return dialect;
}

export function allDialects(): Dialect[] {
  return [...dialects.values()];
}

/** What is spoken where no request says otherwise: outbound events, scripts, GraphQL's 3.5 API. */
export function nativeDialect(): Dialect {
  if (!storedAs) throw new Error('No native API dialect registered');
  return storedAs;
}

/** A dialect as a request reached it: by its base path (`/v4`), or as the one `/api/` serves (base `''`). */
export interface DialectRoute {
  readonly dialect: Dialect;
  readonly base: string;
}

// One property, set to a route made once: every request is routed, and a second key on it cost measurably.
type RoutedRequest = Request & { dialectRoute?: DialectRoute };

/** The dialect a request was routed to (its base path, or the one `/api/` serves). */
export function dialectOf(req: Request): Dialect {
  return (req as RoutedRequest).dialectRoute?.dialect ?? nativeDialect();
}

/** The base path the request named its dialect by (`/v4`), or `''` below `/api/`: links in the answer keep it. */
export function basePathOf(req: Request): string {
  return (req as RoutedRequest).dialectRoute?.base ?? '';
}

export function setDialect(req: Request, route: DialectRoute): void {
  (req as RoutedRequest).dialectRoute = route;
}
