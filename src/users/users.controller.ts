import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { AuthenticatedRequest, PublicRoute } from '../core/auth/auth.guard';
import { CrudService } from '../core/crud/crud.service';
import { requestContext } from '../core/crud/model.controller';
import { clientAddress } from '../core/http/client';
import { PermissionDeniedError } from '../core/http/errors';
import { Allow, READ_METHODS } from '../core/http/allow';
import { LoginThrottle } from './login-throttle';
import { Token } from './models';
import { SessionService } from './web/session.service';

/** `POST /api/users/tokens/provision/`: a token from a username and password, with no token yet. */
@Controller('api/users/tokens/provision')
@PublicRoute()
export class TokenProvisionController {
  constructor(
    private readonly crud: CrudService,
    private readonly sessions: SessionService,
    private readonly throttle: LoginThrottle,
  ) {}

  @Post()
  @HttpCode(201)
  @Allow('POST, OPTIONS')
  async provision(@Req() req: Request, @Body() body: unknown) {
    const { username, password } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    if (typeof username !== 'string' || typeof password !== 'string' || !username || !password) {
      throw new PermissionDeniedError('Username and password must be provided to provision a token.');
    }
    const address = clientAddress(req);
    await this.throttle.check(username, address, req.res);
    const user = await this.sessions.checkCredentials(username, password);
    if (!user) {
      await this.throttle.failed(username, address);
      throw new PermissionDeniedError('Invalid username/password');
    }
    const ctx = { ...requestContext(req), user, scope: 'all' as const };
    return this.crud.create(Token, { user: user.id, write_enabled: true, ...pick(body as Record<string, unknown>, ['expires', 'description']) }, ctx);
  }
}

/** `GET /api/users/config/`: the requesting user's preferences. */
@Controller('api/users/config')
export class UserConfigController {
  @Get()
  @Allow(READ_METHODS)
  config(@Req() req: Request) {
    return (req as AuthenticatedRequest).principal?.user.config_data ?? {};
  }
}

function pick(body: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => k in body).map((k) => [k, body[k]]));
}
