import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';

export const ALLOW = 'allow-methods';
/** The methods a path answers, sent as `Allow`. */
export const Allow = (methods: string) => SetMetadata(ALLOW, methods);
export const LIST_METHODS = 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS';
export const DETAIL_METHODS = 'GET, PUT, PATCH, DELETE, HEAD, OPTIONS';
export const READ_METHODS = 'GET, HEAD, OPTIONS';

/**
 * Sends a route's `Allow` on every answer it gives, refusals and errors included, as DRF does. A guard in form
 * only (it refuses nothing): the cheapest of Nest's hooks that knows the route.
 */
@Injectable()
export class AllowHeader implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const allow = this.reflector.getAllAndOverride<string | undefined>(ALLOW, [context.getHandler(), context.getClass()]);
    if (allow) context.switchToHttp().getResponse<Response>().setHeader('Allow', allow);
    return true;
  }
}
