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

type RoutedRequest = Request & { dialect?: Dialect; dialectBase?: string };

/** The dialect a request was routed to (its base path, or the one `/api/` serves). */
export function dialectOf(req: Request): Dialect {
  return (req as RoutedRequest).dialect ?? nativeDialect();
}

/** The base path the request named its dialect by (`/v4`), or `''` below `/api/`: links in the answer keep it. */
export function basePathOf(req: Request): string {
  return (req as RoutedRequest).dialectBase ?? '';
}

export function setDialect(req: Request, dialect: Dialect, base: string): void {
  (req as RoutedRequest).dialect = dialect;
  (req as RoutedRequest).dialectBase = base;
}
