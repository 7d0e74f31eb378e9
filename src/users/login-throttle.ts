import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { APP_CONFIG, AppConfig } from '../core/config/config';
import { ApiError } from '../core/http/errors';

/** A refused attempt: 429, as DRF's throttles word it, with the seconds to wait. */
export class ThrottledError extends ApiError {
  constructor(readonly retryAfter: number) {
    super(429, { detail: `Request was throttled. Expected available in ${retryAfter} seconds.` });
  }
}

/**
 * Failed password checks, counted per username and per client address: once either has used its attempts of the
 * window, further checks are refused until it ends. Successes cost nothing. Counts live in this process.
 */
@Injectable()
export class LoginThrottle {
  private readonly limiters: { byUser: RateLimiterMemory; byAddress: RateLimiterMemory } | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const { attempts, seconds } = config.loginRateLimit;
    this.limiters = attempts
      ? { byUser: new RateLimiterMemory({ points: attempts, duration: seconds }), byAddress: new RateLimiterMemory({ points: attempts, duration: seconds }) }
      : null;
  }

  /** Throws ThrottledError while this username or address may not try again, telling `res` when to retry. */
  async check(username: string, address: string, res?: Response): Promise<void> {
    if (!this.limiters) return;
    const [user, client] = await Promise.all([this.limiters.byUser.get(username.toLowerCase()), this.limiters.byAddress.get(address)]);
    const spent = [user, client].filter((r) => r && r.remainingPoints <= 0);
    if (!spent.length) return;
    const error = new ThrottledError(Math.max(1, Math.ceil(Math.max(...spent.map((r) => r!.msBeforeNext)) / 1000)));
    res?.setHeader('Retry-After', String(error.retryAfter));
    throw error;
  }

  /** Counts a failed attempt against both. */
  async failed(username: string, address: string): Promise<void> {
    if (!this.limiters) return;
    // A consume past the limit rejects; the count is what matters here.
    await Promise.allSettled([this.limiters.byUser.consume(username.toLowerCase()), this.limiters.byAddress.consume(address)]);
  }
}
