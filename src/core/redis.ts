import type { Logger } from '@nestjs/common';
import type IORedis from 'ioredis';
import type { RedisOptions } from 'ioredis';

/** The prefix of every key the service keeps in Redis, so that it may share a server. */
export const REDIS_PREFIX = 'inventory';

/**
 * A Redis connection that keeps retrying and says once when Redis goes away (`whileDown`: what that means
 * to its user) and once when it returns. `options` are ioredis' own, for what the user needs of it.
 */
export function redisConnection(url: string, logger: Logger, whileDown: string, options: RedisOptions = {}, level: 'error' | 'warn' = 'error'): IORedis {
  const connection = new (redisClient())(url, { retryStrategy: (times) => Math.min(times * 200, 5000), ...options });
  let down = false;
  connection.on('error', (e: Error) => {
    if (down) return;
    down = true;
    logger[level](`Redis is unreachable (${e.message}); ${whileDown}`);
  });
  connection.on('ready', () => {
    if (!down) return;
    down = false;
    logger.log('Redis is reachable again');
  });
  return connection;
}

/** ioredis, loaded when a connection is first made: a process without REDIS_URL never pays for it. */
export function redisClient(): typeof IORedis {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('ioredis') as { default: typeof IORedis }).default;
}
