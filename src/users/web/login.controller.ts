import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { SignInRoute } from '../../core/auth/auth.guard';
import { clientAddress } from '../../core/http/client';
import { PermissionDeniedError } from '../../core/http/errors';
import { LoginThrottle, ThrottledError } from '../login-throttle';
import { CSRF_FAILED, localPath, readForm, redirect, sendPage } from './http';
import { loginPage } from './pages';
import { SessionService } from './session.service';

const BAD_CREDENTIALS = 'Please enter a correct username and password. Note that both fields may be case-sensitive.';
const AFTER_LOGIN = '/api/';

/** `/login/` and `/logout/`: the browsable API's session sign-in. */
@Controller()
@SignInRoute()
export class LoginController {
  constructor(
    private readonly sessions: SessionService,
    private readonly throttle: LoginThrottle,
  ) {}

  @Get('login')
  async form(@Req() req: Request, @Res() res: Response): Promise<void> {
    const signedIn = await this.sessions.signedIn(req);
    const csrf = signedIn ? signedIn.session.csrf : this.sessions.anonymousCsrf(req, res);
    sendPage(res, loginPage({ csrf, next: localPath(req.query.next, AFTER_LOGIN) }));
  }

  @Post('login')
  async signIn(@Req() req: Request, @Res() res: Response): Promise<void> {
    const form = await readForm(req, res);
    const signedIn = await this.sessions.signedIn(req);
    const csrfOk = signedIn ? this.sessions.csrfValid(signedIn, form.csrfmiddlewaretoken) : this.sessions.anonymousCsrfValid(req, form.csrfmiddlewaretoken);
    if (!csrfOk) throw new PermissionDeniedError(CSRF_FAILED);
    const next = localPath(form.next, AFTER_LOGIN);
    const address = clientAddress(req);
    const username = typeof form.username === 'string' ? form.username : '';
    try {
      await this.throttle.check(username, address, res);
    } catch (e) {
      if (!(e instanceof ThrottledError)) throw e;
      sendPage(res, loginPage({ csrf: form.csrfmiddlewaretoken, next, username, error: `Too many failed attempts. Try again in ${e.retryAfter} seconds.` }), 429);
      return;
    }
    const user = await this.sessions.checkCredentials(form.username, form.password);
    if (!user) {
      await this.throttle.failed(username, address);
      sendPage(res, loginPage({ csrf: form.csrfmiddlewaretoken, next, username: form.username, error: BAD_CREDENTIALS }));
      return;
    }
    if (signedIn) await this.sessions.signOut(req, res);
    await this.sessions.signIn(user, req, res);
    redirect(res, next);
  }

  // NetBox 3.5 signs out on a plain link; the page's own button posts with its CSRF token.
  @Get('logout')
  async signOutLink(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.sessions.signOut(req, res);
    redirect(res, '/login/');
  }

  @Post('logout')
  async signOut(@Req() req: Request, @Res() res: Response): Promise<void> {
    const form = await readForm(req, res);
    const signedIn = await this.sessions.signedIn(req);
    if (signedIn && !this.sessions.csrfValid(signedIn, form.csrfmiddlewaretoken)) throw new PermissionDeniedError(CSRF_FAILED);
    await this.sessions.signOut(req, res);
    redirect(res, '/login/');
  }
}
