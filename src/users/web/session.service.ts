import { Injectable, OnModuleInit } from '@nestjs/common';
import { createHash } from 'crypto';
import type { CookieOptions, Request, Response } from 'express';
import { AuthExtensions } from '../../core/auth/auth-extensions';
import type { Principal } from '../../core/auth/auth.guard';
import { hashPassword, isForeignHash, verifyPassword } from '../../core/auth/passwords';
import { Clock } from '../../core/clock';
import { Database } from '../../core/db/database';
import type { Row } from '../../core/model/model';
import { ModelQuery } from '../../core/query/model-query';
import { Writer } from '../../core/write/writer';
import { User } from '../models';
import { cookiesOf, randomSecret, sameSecret } from './http';
import { Session } from './session.model';

export const SESSION_COOKIE = 'sessionid';
/** Django's name: scripts in a signed-in page read it to send `X-CSRFToken`. */
export const CSRF_COOKIE = 'csrftoken';
const SESSION_AGE_MS = 14 * 24 * 60 * 60 * 1000;
const CSRF_COOKIE_AGE_MS = 365 * 24 * 60 * 60 * 1000;
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);
const SECRET = /^[0-9a-f]{64}$/;

export interface SignedIn {
  session: Row;
  user: Row;
}

/** The session's secret is never stored: a database dump hands out no sign-ins. */
function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The CSRF token a request carries: Django's header, or its form field in a parsed body. */
function csrfOf(req: Request): unknown {
  const header = req.headers['x-csrftoken'];
  if (typeof header === 'string') return header;
  const body = req.body as Record<string, unknown> | undefined;
  return body && typeof body === 'object' && !Array.isArray(body) ? body.csrfmiddlewaretoken : undefined;
}

/** Browser sign-in: sessions behind an HttpOnly cookie, with Django's CSRF rules for unsafe requests. */
@Injectable()
export class SessionService implements OnModuleInit {
  // The guard and a page may both ask about one request: look the session up once.
  private readonly lookups = new WeakMap<Request, Promise<SignedIn | null>>();
  private decoyHash?: Promise<string>;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly extensions: AuthExtensions,
  ) {}

  onModuleInit(): void {
    this.extensions.add((req) => this.authenticate(req));
  }

  /** The API's authenticator: an unsafe request counts as signed in only with the session's CSRF token. */
  async authenticate(req: Request): Promise<Principal | null> {
    const signedIn = await this.signedIn(req);
    if (!signedIn) return null;
    if (!SAFE.has(req.method) && !this.csrfValid(signedIn, csrfOf(req))) return null;
    return { user: signedIn.user, token: null };
  }

  /** The live session and active user behind a request's cookie. */
  signedIn(req: Request): Promise<SignedIn | null> {
    let lookup = this.lookups.get(req);
    if (!lookup) {
      lookup = this.lookup(req);
      this.lookups.set(req, lookup);
    }
    return lookup;
  }

  private async lookup(req: Request): Promise<SignedIn | null> {
    const secret = cookiesOf(req)[SESSION_COOKIE];
    if (!secret || !SECRET.test(secret)) return null;
    const em = this.db.manager;
    const [session] = await new ModelQuery(em, Session, this.db.driver).where('t.key = :key', { key: digest(secret) }).rows({ order: ['id'] });
    if (!session || session.expires.getTime() <= this.clock.now().getTime()) return null;
    const [user] = await new ModelQuery(em, User, this.db.driver).whereIdIn([session.user_id]).rows({ order: ['id'] });
    if (!user || !user.is_active) return null;
    return { session, user };
  }

  csrfValid(signedIn: SignedIn, given: unknown): boolean {
    return sameSecret(signedIn.session.csrf, given);
  }

  /** The active user with these credentials, or null. */
  async checkCredentials(username: unknown, password: unknown): Promise<Row | null> {
    if (typeof username !== 'string' || typeof password !== 'string' || !username || !password) return null;
    const [user] = await new ModelQuery(this.db.manager, User, this.db.driver).where('t.username = :u', { u: username }).rows({ order: ['id'] });
    // An unknown name costs a hash as a wrong password does: timing tells no one which names exist.
    const stored = user ? user.password : await (this.decoyHash ??= hashPassword(randomSecret()));
    const valid = await verifyPassword(password, stored).catch(() => false);
    if (!valid || !user || !user.is_active) return null;
    // A NetBox user's Django hash is replaced by this service's own once its password is known.
    if (isForeignHash(stored)) {
      await this.db.manager.createQueryBuilder().update(User.table).set({ password: await hashPassword(password) }).where('id = :id', { id: user.id }).execute();
    }
    return user;
  }

  /** A new session for the user, with a fresh CSRF token (Django rotates it at sign-in), and the time as the user's last login. */
  async signIn(user: Row, req: Request, res: Response): Promise<void> {
    const secret = randomSecret();
    const csrf = randomSecret();
    const now = this.clock.now();
    const expires = new Date(now.getTime() + SESSION_AGE_MS);
    await this.db.transaction(async (em) => {
      // Expired sessions are swept as new ones begin; nothing else reads them.
      await em
        .createQueryBuilder()
        .delete()
        .from(Session.table)
        .where('expires <= :now', { now: Session.fields.expires.toParam(now, this.db.driver) })
        .execute();
      await new Writer(em, this.db.driver).create(Session, { key: digest(secret), user: user.id, csrf, expires: expires.toISOString() });
      // Django's user_logged_in signal: the sign-in is the user's last login.
      await em.createQueryBuilder().update(User.table).set({ last_login: User.fields.last_login.toParam(now, this.db.driver) }).where('id = :id', { id: user.id }).execute();
    });
    this.lookups.delete(req);
    res.cookie(SESSION_COOKIE, secret, { ...cookieOptions(req), httpOnly: true, maxAge: SESSION_AGE_MS });
    res.cookie(CSRF_COOKIE, csrf, { ...cookieOptions(req), maxAge: CSRF_COOKIE_AGE_MS });
  }

  async signOut(req: Request, res: Response): Promise<void> {
    const signedIn = await this.signedIn(req);
    if (signedIn) {
      await this.db.transaction((em) => em.createQueryBuilder().delete().from(Session.table).where('id = :id', { id: signedIn.session.id }).execute());
    }
    this.lookups.delete(req);
    res.clearCookie(SESSION_COOKIE, cookieOptions(req));
  }

  /** Before sign-in there is no session: the login form's token is checked against the CSRF cookie (double submit). */
  anonymousCsrf(req: Request, res: Response): string {
    const current = cookiesOf(req)[CSRF_COOKIE];
    if (current && SECRET.test(current)) return current;
    const csrf = randomSecret();
    res.cookie(CSRF_COOKIE, csrf, { ...cookieOptions(req), maxAge: CSRF_COOKIE_AGE_MS });
    return csrf;
  }

  anonymousCsrfValid(req: Request, given: unknown): boolean {
    const cookie = cookiesOf(req)[CSRF_COOKIE];
    return !!cookie && SECRET.test(cookie) && sameSecret(cookie, given);
  }
}

function cookieOptions(req: Request): CookieOptions {
  return { path: '/', sameSite: 'lax', secure: req.secure };
}
