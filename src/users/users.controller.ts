import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { AuthenticatedRequest, PublicRoute } from '../core/auth/auth.guard';
import { CrudService } from '../core/crud/crud.service';
import { requestContext } from '../core/crud/model.controller';
import { hasTokenVersions } from '../core/auth/tokens';
import { dialectOf } from '../core/dialect/registry';
import { clientAddress } from '../core/http/client';
import { PermissionDeniedError, ValidationError } from '../core/http/errors';
import { Allow, READ_METHODS } from '../core/http/allow';
import { documentRoute, json } from '../core/openapi/openapi';
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
    const sent = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const versioned = hasTokenVersions(dialectOf(req));
    if (versioned) requireCredentials(sent);
    const { username, password } = sent;
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
    if (!versioned) return this.crud.create(Token, { user: user.id, write_enabled: true, ...pick(sent, ['expires', 'description']) }, ctx);
    const created = (await this.crud.create(Token, { ...pick(sent, PROVISION_WRITABLE), user: user.id }, ctx)) as Record<string, unknown>;
    return pick(created, PROVISION_FIELDS);
  }
}

/** 4.5's TokenProvisionSerializer: what it takes beside the credentials, and what it answers, in its order (no `pepper_id`). */
const PROVISION_WRITABLE = ['version', 'expires', 'enabled', 'write_enabled', 'description', 'allowed_ips', 'token'];
const PROVISION_FIELDS = ['id', 'url', 'display_url', 'display', 'version', 'user', 'key', 'created', 'expires', 'last_used', 'enabled', 'write_enabled', 'description', 'allowed_ips', 'token'];

/** 4.5's serializer requires the credentials as fields: their absence is a 400 keyed by field, not 3.5's 403. */
function requireCredentials(body: Record<string, unknown>): void {
  const errors: Record<string, string[]> = {};
  for (const name of ['username', 'password']) {
    const value = body[name];
    if (value === undefined) errors[name] = ['This field is required.'];
    else if (value === null) errors[name] = ['This field may not be null.'];
    else if (typeof value !== 'string') errors[name] = ['Not a valid string.'];
    else if (!value.trim()) errors[name] = ['This field may not be blank.'];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

documentRoute('/api/users/config/', {
  get: {
    operationId: 'users_config_retrieve',
    description: "The requesting user's preferences.",
    tags: ['users'],
    responses: { 200: { description: '', ...json({ type: 'object', additionalProperties: {} }) } },
  },
}, { standalone: true });

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
