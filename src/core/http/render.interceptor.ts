import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata, StreamableFile } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { Observable, map } from 'rxjs';
import { renderResponse } from './render';

export const ALLOW = 'allow-methods';
/** The methods a path answers, sent as `Allow`. */
export const Allow = (methods: string) => SetMetadata(ALLOW, methods);
export const LIST_METHODS = 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS';
export const DETAIL_METHODS = 'GET, PUT, PATCH, DELETE, HEAD, OPTIONS';
export const READ_METHODS = 'GET, HEAD, OPTIONS';

/** Sets `Allow` and renders bodies as JSON (indented on request) or as the browsable page; streamed bodies pass as they are. */
@Injectable()
export class RenderInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const allow = this.reflector.getAllAndOverride<string>(ALLOW, [context.getHandler(), context.getClass()]);
    if (allow) res.setHeader('Allow', allow);
    // A streamed body (a list without a page limit) is already JSON: Nest pipes it out as it comes.
    return next.handle().pipe(map((body) => (body === undefined || body instanceof StreamableFile || res.headersSent ? body : renderResponse(req, res, body))));
  }
}
