import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { Response } from 'express';
import type IORedis from 'ioredis';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { APP_CONFIG, AppConfig } from '../core/config/config';
import { ApiError } from '../core/http/errors';
import { REDIS_PREFIX, redisConnection } from '../core/redis';

/** A refused attempt: 429, as DRF's throttles word it, with the seconds to wait. */
export class ThrottledError extends ApiError {
  constructor(readonly retryAfter: number) {
    super(429, { detail: `Request was throttled. Expected available in ${retryAfter} seconds.` });
  }
}

/** How long a count may wait on Redis before this process counts on its own. */
const REDIS_TIMEOUT_MS = 1000;

/** A count fails at once while Redis is away (no queue of commands, no retries), and the insurance limiter takes it. */
const SHARED = { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: REDIS_TIMEOUT_MS, connectTimeout: REDIS_TIMEOUT_MS };

/**
 * Failed password checks, counted per username and per client address: once either has used its attempts of the
 * window, further checks are refused until it ends. Successes cost nothing. With REDIS_URL the counts live in Redis,
 * shared by every replica; while Redis is unreachable, and without it, each process counts on its own.
 */
@Injectable()
export class LoginThrottle implements OnApplicationShutdown {
  private readonly logger = new Logger('LoginThrottle');
  private readonly limiters: { byUser: RateLimiterAbstract; byAddress: RateLimiterAbstract } | null = null;
  private readonly redis: IORedis | null = null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const { attempts, seconds } = config.loginRateLimit;
    if (!attempts) return;
    const limits = { points: attempts, duration: seconds };
    const redis = config.redisUrl ? redisConnection(config.redisUrl, this.logger, 'failed sign-ins are counted by each process until it returns', SHARED, 'warn') : null;
    const limiter = (kind: string): RateLimiterAbstract =>
      redis
        ? new RateLimiterRedis({
            ...limits,
            storeClient: redis,
            keyPrefix: `${REDIS_PREFIX}:login-${kind}`,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(limits),
          })
        : new RateLimiterMemory(limits);
    this.redis = redis;
    this.limiters = { byUser: limiter('user'), byAddress: limiter('address') };
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

  /** Drops the connection without waiting on Redis, which may be gone. */
  onApplicationShutdown(): void {
    this.redis?.disconnect();
  }
}
