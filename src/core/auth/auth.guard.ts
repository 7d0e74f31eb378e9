import { CanActivate, ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import * as ipaddr from 'ipaddr.js';
import { clientAddress } from '../http/client';
import { Clock } from '../clock';
import { AuthExtensions } from './auth-extensions';
import { TOKEN_PREFIX, hasTokenVersions, parseCredentials, secretMatches } from './tokens';
import { dialectOf } from '../dialect/registry';
import { APP_CONFIG, AppConfig } from '../config/config';
import { Database } from '../db/database';
import { PermissionDeniedError } from '../http/errors';
import { ModelDef, Row, registry } from '../model/model';
import { Scope } from '../query/constraints';
import { ModelQuery, q } from '../query/model-query';
import { PermissionService, actionOf } from './permissions';
import { PrereadVersions, ReadCache } from '../db/read-cache';
import { runRead } from '../db/read-batch';

export const MODEL_ROUTE = 'model-route';
export const PUBLIC_ROUTE = 'public-route';
/** Routes of a model: permissions are checked against it. */
export const ModelRoute = (model: ModelDef) => SetMetadata(MODEL_ROUTE, model);
/** Readable without credentials unless LOGIN_REQUIRED (root, status, schema). */
export const PublicRoute = () => SetMetadata(PUBLIC_ROUTE, true);
export const ROUTE_ACTION = 'route-action';
/** A model route that needs another action than its method's (`sync`, `run`), and NetBox's words when it is missing. */
export interface RouteActionSpec {
  action: string;
  denied: (model: ModelDef) => string;
}
export const RouteAction = (action: string, denied: (model: ModelDef) => string) => SetMetadata(ROUTE_ACTION, { action, denied } satisfies RouteActionSpec);
export const SUPERUSER_ROUTE = 'superuser-route';
/** Routes for active superusers only, OPTIONS too (NetBox's IsSuperuser: the background queues, workers and tasks). */
export const SuperuserRoute = () => SetMetadata(SUPERUSER_ROUTE, true);
export const SIGN_IN_ROUTE = 'sign-in-route';
/** Pages that check the session themselves (sign-in, own tokens): open even when LOGIN_REQUIRED. */
export const SignInRoute = () => SetMetadata(SIGN_IN_ROUTE, true);

/** Who makes a request: a user, through a token or (browser) a session. */
export interface Principal {
  user: Row;
  token: Row | null;
}

/** `readVersions`: the tables' write versions, read with the token, for the request's cached reads. */
export type AuthenticatedRequest = Request & { principal?: Principal; id?: string; scope?: Scope; readVersions?: PrereadVersions };

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Refusals of a token header in each generation's words: 3.5's DRF TokenAuthentication, 4.6's own. */
const V3_MESSAGES = {
  noCredentials: 'Invalid token header. No credentials provided.',
  spaces: 'Invalid token header. Token string should not contain spaces.',
  unparsable: 'Invalid token',
  invalid: () => 'Invalid token',
};
const V4_FORM = 'Invalid authorization header: Must be in the form "Bearer <key>.<token>" or "Token <token>"';
const V4_MESSAGES = {
  noCredentials: V4_FORM,
  spaces: V4_FORM,
  unparsable: "Invalid authorization header: Could not parse key from v2 token. Did you mean to use 'Token' instead of 'Bearer'?",
  invalid: (version: number) => `Invalid v${version} token`,
};
const USE_RECORD_INTERVAL_MS = 60_000;

/**
 * Token authentication, then the token's limits (client address, expiry, write_enabled),
 * then permissions. Every refusal is a 403, as in NetBox.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly extensions: AuthExtensions,
    private readonly permissions: PermissionService,
    private readonly cache: ReadCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The token statement, written on first use (the model registry is complete by then). */
  private tokenStatement?: ReturnType<AuthGuard['writeTokenStatement']>;

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const principal = await this.authenticate(req);
    req.principal = principal ?? undefined;
    const safe = SAFE.has(req.method);

    if (this.reflector.getAllAndOverride<boolean>(SIGN_IN_ROUTE, [context.getHandler(), context.getClass()])) return true;
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()])) {
      if (!principal && this.config.loginRequired) throw new PermissionDeniedError('Authentication credentials were not provided.');
      return true;
    }
    const model = this.reflector.getAllAndOverride<ModelDef>(MODEL_ROUTE, [context.getHandler(), context.getClass()]);
    if (!principal) {
      if (safe && model && this.exempt(model) && !this.config.loginRequired) {
        req.scope = 'all';
        return true;
      }
      throw new PermissionDeniedError('Authentication credentials were not provided.');
    }
    if (!safe && principal.token && !principal.token.write_enabled) throw new PermissionDeniedError();
    if (this.reflector.getAllAndOverride<boolean>(SUPERUSER_ROUTE, [context.getHandler(), context.getClass()])) {
      if (!principal.user.is_superuser) throw new PermissionDeniedError();
      return true;
    }
    // OPTIONS describes an endpoint: any signed-in user may ask, as in NetBox.
    if (!model || req.method === 'OPTIONS') return true;
    if (safe && this.exempt(model)) {
      req.scope = 'all';
      return true;
    }
    const routeAction = this.reflector.getAllAndOverride<RouteActionSpec | undefined>(ROUTE_ACTION, [context.getHandler(), context.getClass()]);
    const scope = await this.permissions.scopeFor(principal.user, model.label, routeAction?.action ?? actionOf(req.method));
    if (scope === null) throw new PermissionDeniedError(routeAction?.denied(model));
    req.scope = scope;
    return true;
  }

  private exempt(model: ModelDef): boolean {
    const exempt = this.config.exemptViewPermissions;
    return exempt === '*' || exempt.includes(model.label);
  }

  private async authenticate(req: AuthenticatedRequest): Promise<Principal | null> {
    const header = req.headers.authorization;
    if (!header) return this.extensions.authenticate(req);
    const words = header.trim().split(/\s+/);
    const versioned = hasTokenVersions(dialectOf(req));
    const keyword = words[0].toLowerCase();
    // 3.5 knows `Token` alone: there `Bearer` is another scheme, unless it carries a v2 token (which 3.5 never had).
    const bearer = keyword === 'bearer' && (versioned || !!words[1]?.startsWith(TOKEN_PREFIX));
    if (keyword !== 'token' && !bearer) return this.extensions.authenticate(req);
    const say = versioned ? V4_MESSAGES : V3_MESSAGES;
    if (words.length < 2) throw new PermissionDeniedError(say.noCredentials);
    if (words.length > 2) throw new PermissionDeniedError(say.spaces);

    const credentials = parseCredentials(words[1]);
    if (!credentials) throw new PermissionDeniedError(say.unparsable);
    const found = await this.tokenAndUser(credentials.key, credentials.version);
    // A known v2 key with the wrong secret is refused as an unknown one, and neither is logged.
    if (!found || (credentials.version === 2 && !this.secretMatches(found.token, credentials.secret))) {
      throw new PermissionDeniedError(say.invalid(credentials.version));
    }
    const { token, user, versions } = found;
    if (versions !== null) req.readVersions = versions;
    const allowed: string[] = Array.isArray(token.allowed_ips) ? token.allowed_ips : [];
    if (allowed.length) {
      const client = clientAddress(req);
      if (!allowed.some((net) => inNetwork(client, net))) throw new PermissionDeniedError(`Source IP ${client} is not permitted to authenticate using this token.`);
    }
    if (!token.enabled) throw new PermissionDeniedError('Token disabled');
    if (token.expires && token.expires.getTime() < this.clock.now().getTime()) throw new PermissionDeniedError('Token expired');
    if (!user.is_active) throw new PermissionDeniedError('User inactive');
    await this.recordUse(token);
    return { user, token };
  }

  private secretMatches(token: Row, secret: string): boolean {
    return secretMatches(this.config.apiTokenPeppers[token.pepper_id], secret, token.hmac_digest);
  }

  /** A token and its user, read in one statement with the tables' write versions: every authenticated request begins with it. */
  private async tokenAndUser(key: string, version: 1 | 2): Promise<{ token: Row; user: Row; versions: PrereadVersions | null } | null> {
    const statement = (this.tokenStatement ??= this.writeTokenStatement());
    // Counted before the statement is sent: a transaction this process ends meanwhile makes the versions stale.
    const transactionsEnded = this.db.transactionsEnded;
    const [raw] = await runRead<Record<string, unknown>>(this.db.manager, statement.sql, [key, version], 'token-and-user');
    if (!raw) return null;
    const part = (prefix: string, query: ModelQuery) => {
      const row: Row = {};
      for (const f of query.model.columns) row[f.column] = raw[`${prefix}${f.column}`];
      return query.fromDb(row);
    };
    return {
      token: part('t_', statement.tokens),
      user: part('u_', statement.users),
      versions: statement.readsVersions ? { text: String(raw.versions ?? ''), transactionsEnded } : null,
    };
  }

  private writeTokenStatement(): { sql: string; tokens: ModelQuery; users: ModelQuery; readsVersions: boolean } {
    const tokens = new ModelQuery(this.db.manager, registry.get('users.token')!, this.db.driver);
    const users = new ModelQuery(this.db.manager, registry.get('users.user')!, this.db.driver);
    tokens.join(`INNER JOIN ${q(users.model.table)} u ON u.id = t.user_id`).where(`t.key = ${tokens.param('')} AND t.version = ${tokens.param('')}`);
    const versions = this.cache.versionsExpression();
    const [sql] = tokens.selectStatement({
      ...Object.fromEntries(tokens.model.columns.map((f) => [`t_${f.column}`, `t.${q(f.column)}`])),
      ...Object.fromEntries(users.model.columns.map((f) => [`u_${f.column}`, `u.${q(f.column)}`])),
      ...(versions ? { versions: versions.sql } : {}),
    });
    return { sql, tokens, users, readsVersions: versions !== null };
  }

  /**
   * At most one write a minute per token, none in maintenance mode. The condition is in the
   * statement itself, so a burst of concurrent requests (on any replica) writes once.
   */
  private async recordUse(token: Row): Promise<void> {
    if (this.config.maintenanceMode) return;
    const now = this.clock.now();
    if (token.last_used && now.getTime() - token.last_used.getTime() <= USE_RECORD_INTERVAL_MS) return;
    const tokens = registry.get('users.token')!;
    const lastUsed = tokens.storedFields.last_used;
    const threshold = lastUsed.toParam(new Date(now.getTime() - USE_RECORD_INTERVAL_MS), this.db.driver);
    await this.db.transaction((em) =>
      em
        .createQueryBuilder()
        .update(tokens.table)
        .set({ last_used: now, last_updated: now })
        .where('id = :id', { id: token.id })
        .andWhere('(last_used IS NULL OR last_used < :threshold)', { threshold })
        .execute(),
    );
    token.last_used = now;
  }
}


function inNetwork(client: string, network: string): boolean {
  try {
    const addr = ipaddr.process(client);
    const [net, bits] = network.includes('/') ? ipaddr.parseCIDR(network) : [ipaddr.parse(network), ipaddr.parse(network).kind() === 'ipv4' ? 32 : 128];
    return addr.kind() === net.kind() && addr.match(net, bits as number);
  } catch {
    return false;
  }
}
