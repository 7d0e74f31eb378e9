import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { AuthenticatedRequest } from '../auth/auth.guard';
import { clientAddress } from '../http/client';
import type { Metrics } from './metrics';

/**
 * One log line and one metrics sample per request, when its response is done: who asked what, the answer's status,
 * size and time. Headers and bodies are never logged, and of a token only its id.
 */
export function requestLog(logger: Logger, metrics: Metrics | null) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    // Below LOG_LEVEL=log the line is not written, so its size is not counted either.
    const logged = logger.isLevelEnabled('info');
    let bytes = 0;
    if (logged) {
      const { write, end } = res;
      res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
        bytes += byteLength(chunk);
        return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
      } as Response['write'];
      res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
        if (chunk !== undefined && typeof chunk !== 'function') bytes += byteLength(chunk);
        return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
      } as Response['end'];
    }
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const status = res.writableFinished ? res.statusCode : 499;
      metrics?.observe(req, status, seconds);
      if (!logged) return;
      const { principal, id } = req as AuthenticatedRequest;
      logger.info(
        {
          method: req.method,
          path: req.originalUrl,
          status,
          duration_ms: Math.round(seconds * 1e4) / 10,
          bytes,
          user: principal?.user.username ?? null,
          token_id: principal?.token?.id ?? null,
          client: clientAddress(req),
          request_id: id ?? null,
        },
        'request',
      );
    };
    res.on('finish', finish);
    res.on('close', finish);
    next();
  };
}

function byteLength(chunk: unknown): number {
  if (typeof chunk === 'string') return Buffer.byteLength(chunk);
  if (chunk instanceof Uint8Array) return chunk.byteLength;
  return 0;
}
