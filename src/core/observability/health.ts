import type { Request, Response } from 'express';
import type { DataSource } from 'typeorm';
import { redisClient } from '../redis';
import { deadline } from '../util/timeout';

/** How long a dependency has to answer a readiness check. */
const CHECK_TIMEOUT_MS = 2000;

function within<T>(work: Promise<T>, what: string): Promise<T> {
  return deadline(work, CHECK_TIMEOUT_MS, () => {
    throw new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`);
  });
}

async function redisAnswers(url: string): Promise<void> {
  const client = new (redisClient())(url, { lazyConnect: true, connectTimeout: CHECK_TIMEOUT_MS, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } finally {
    client.disconnect();
  }
}

/** `/healthz`: the process answers. A liveness probe: nothing outside the process is asked. */
export function liveness(_req: Request, res: Response): void {
  res.status(200).json({ status: 'ok' });
}

/**
 * `/readyz`: the database answers within a short time and has every migration. Redis, when configured, is
 * reported but does not decide: without it the API keeps serving, and jobs wait for its return.
 * A readiness probe: a pod that fails it leaves the Service without being restarted.
 */
export function readiness(dataSource: DataSource, redisUrl: string | null) {
  return async (_req: Request, res: Response): Promise<void> => {
    const checks: Record<string, string> = {};
    try {
      await within(dataSource.query('SELECT 1'), 'the database');
      checks.database = 'ok';
      checks.migrations = (await within(dataSource.showMigrations(), 'the database')) ? 'pending' : 'ok';
    } catch (e) {
      checks.database = e instanceof Error ? e.message : String(e);
    }
    if (redisUrl) {
      try {
        await within(redisAnswers(redisUrl), 'Redis');
        checks.redis = 'ok';
      } catch (e) {
        checks.redis = e instanceof Error ? e.message : String(e);
      }
    }
    const ready = checks.database === 'ok' && checks.migrations === 'ok';
    const degraded = ready && Object.values(checks).some((v) => v !== 'ok');
    res.status(ready ? 200 : 503).json({ status: degraded ? 'degraded' : ready ? 'ok' : 'unavailable', checks });
  };
}
