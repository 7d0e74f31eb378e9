// First: before the heap grows.
import './core/observability/heap';
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import * as http from 'http';
import { AppModule } from './app.module';
import { ConfigError, loadConfig } from './core/config/config';
import { Jobs } from './core/jobs/queue';
import { exitOnSignal } from './core/lifecycle/shutdown';
import { NestLogger, createLogger } from './core/observability/logger';
import { loadPlugins } from './core/plugins/loader';
import { serviceVersion } from './core/version';

/**
 * `npm run worker` (in the image, `node dist/src/worker.js`): consumes the job queues in Redis
 * (webhooks, scripts, reports) until SIGTERM, letting running jobs finish within SHUTDOWN_TIMEOUT. On WORKER_HEALTH_PORT,
 * `GET /healthz` answers while the process runs and `GET /readyz` while every queue's connection is up.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.redisUrl) throw new ConfigError('REDIS_URL must be set: a worker consumes the job queues in Redis (without it, the API process runs jobs itself)');
  const plugins = loadPlugins(config.plugins, serviceVersion(), config.pluginsConfig);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, plugins), { logger: new NestLogger(createLogger(config)) });
  const worker = app.get(Jobs).startWorker();
  const health = http.createServer((req, res) => {
    // Alive while the process runs; ready while every queue's connection to Redis is up.
    const path = req.url?.split('?')[0];
    const ok = path === '/healthz' || (path === '/readyz' && worker.connected);
    res.writeHead(path === '/healthz' || path === '/readyz' ? (ok ? 200 : 503) : 404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ status: ok ? 'ok' : 'unavailable', worker: worker.name }));
  });
  health.listen(config.jobs.workerHealthPort, config.host);
  exitOnSignal(app, { 'worker health': health });
}

main().catch((e) => {
  if (e instanceof ConfigError) {
    console.error(`Configuration error: ${e.message}`);
    process.exit(2);
  }
  console.error(e);
  process.exit(1);
});
