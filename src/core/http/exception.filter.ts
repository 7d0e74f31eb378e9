import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { databaseUnavailable } from '../db/unavailable';
import { titleCase } from '../model/fields';
import { documentedMethods } from '../openapi/openapi';
import { FilterError } from '../query/filters';
import { ApiError } from './errors';
import { renderBody } from './render';

/** Turns every error into NetBox's status and body; unexpected ones into a logged 500. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('API');

  catch(exception: unknown, host: ArgumentsHost) {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request>();
    const res = ctx.getResponse<Response>();
    const { status, body } = this.describe(exception, req);
    if (exception instanceof ApiError) for (const [name, value] of Object.entries(exception.headers)) res.setHeader(name, value);
    res.status(status).send(renderBody(req, res, body));
  }

  private describe(exception: unknown, req: Request): { status: number; body: unknown } {
    if (exception instanceof ApiError) return { status: exception.status, body: exception.body };
    if (exception instanceof FilterError) return { status: 400, body: exception.errors };
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === 404) return unroutedAnswer(req);
      if (status === 405) return { status, body: { detail: `Method "${req.method}" not allowed.` } };
      const response = exception.getResponse();
      const detail = typeof response === 'string' ? response : (response as { message?: unknown }).message ?? exception.message;
      return { status, body: { detail: Array.isArray(detail) ? detail.join(' ') : detail } };
    }
    if (exception instanceof QueryFailedError && isUniqueViolation(exception)) {
      // A concurrent write won the race past the uniqueness check: still the client's conflict, not ours.
      return { status: 400, body: { non_field_errors: ['An object with these unique values already exists.'] } };
    }
    const unavailable = databaseUnavailable(exception);
    if (unavailable) {
      this.logger.warn(`503: ${exception instanceof Error ? exception.message : String(exception)}`);
      req.res?.setHeader('Retry-After', '1');
      return { status: 503, body: { detail: unavailable } };
    }
    this.logger.error(exception instanceof Error ? exception.stack ?? exception.message : String(exception));
    return { status: 500, body: { error: 'Internal server error', exception: exception instanceof Error ? exception.name : 'Error' } };
  }
}

/**
 * A request no handler took. On a route of an app's own (a `sync/`, a `trace/`) it is a method the route does
 * not take: 405, or for OPTIONS DRF's description of the route; anywhere else, 404.
 */
function unroutedAnswer(req: Request): { status: number; body: unknown } {
  const methods = documentedMethods(req.path);
  if (!methods) return { status: 404, body: { detail: 'Not found.' } };
  req.res?.setHeader('Allow', [...methods, 'OPTIONS'].join(', '));
  if (req.method !== 'OPTIONS') return { status: 405, body: { detail: `Method "${req.method}" not allowed.` } };
  const name = titleCase((req.path.split('/').filter(Boolean).pop() ?? '').replace(/-/g, ' '));
  return { status: 200, body: { name, description: '', renders: ['application/json', 'text/html'], parses: ['application/json'] } };
}

function isUniqueViolation(e: QueryFailedError): boolean {
  const err = e.driverError as { code?: string };
  return err?.code === '23505' || err?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}
