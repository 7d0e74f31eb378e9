import 'reflect-metadata';
import { DynamicModule, INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import express from 'express';
import * as http from 'http';
import { AddressInfo } from 'net';
import { AppModule } from './app.module';
import { ensureSuperuser } from './core/auth/superuser';
import { AppConfig } from './core/config/config';
import { Database } from './core/db/database';
import { ReadCache } from './core/db/read-cache';
import { Outbox } from './core/events/outbox';
import { dialectRouting } from './core/dialect/routing';
import { dialectOfVersion } from './core/dialect/registry';
import { appendSlash, jsonBody, responseHeaders } from './core/http/middleware';
import { RenderingExpressAdapter } from './core/http/rendering-adapter';
import { requestClasses } from './core/http/request-classes';
import { indexRoutes } from './core/http/route-index';
import { OpenApiDocumentProvider, setupSwaggerUi } from './core/openapi/schema.controller';
import { liveness, readiness } from './core/observability/health';
import { NestLogger, createLogger } from './core/observability/logger';
import { Metrics } from './core/observability/metrics';
import { requestLog } from './core/observability/request-log';
import { loadPlugins } from './core/plugins/loader';
import { serviceVersion } from './core/version';

/** Servers of `/metrics` on their own port (METRICS_PORT), by app: closed with it. */
const metricsServers = new WeakMap<INestApplication, http.Server>();

/** Where an app serves `/metrics` on its own port, once listening. */
export function metricsAddress(app: INestApplication): AddressInfo | null {
  return (metricsServers.get(app)?.address() as AddressInfo | null) ?? null;
}

/** The application, initialised: migrations applied and the bootstrap superuser in place. */
export async function createApp(config: AppConfig, opts: { logger?: false; modules?: DynamicModule[] } = {}): Promise<INestApplication> {
  const logger = createLogger(config);
  const server = express();
  // Repeated parameters become arrays; no nested objects from `a[b]=c`.
  server.set('query parser', 'simple');
  server.disable('x-powered-by');
  server.set('trust proxy', config.trustedProxies);
  server.set('etag', false);
  const plugins = loadPlugins(config.plugins, serviceVersion(), config.pluginsConfig);
  const app = await NestFactory.create(AppModule.forRoot(config, plugins, opts.modules), new RenderingExpressAdapter(server), {
    bodyParser: false,
    logger: opts.logger === false ? false : new NestLogger(logger),
  });
  const dataSource = app.get(Database).dataSource;
  const readCache = app.get(ReadCache);
  const metrics = config.metricsEnabled ? new Metrics(dataSource, () => readCache.lookups.entries()) : null;
  if (metrics) app.get(Outbox).registerMetrics(metrics.registry);
  app.use(dialectRouting(dialectOfVersion(config.apiDialect)));
  app.use(responseHeaders());
  app.use(requestLog(logger, metrics));
  // Probes and metrics answer before authentication, rendering and the database's permissions.
  server.get('/healthz', liveness);
  server.get('/readyz', readiness(dataSource, config.redisUrl));
  if (metrics) {
    const scrape = async (_req: express.Request, res: express.Response) => {
      res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    };
    if (config.metricsPort === null) server.get('/metrics', scrape);
    else {
      const own = express().get('/metrics', scrape);
      const listening = http.createServer(requestClasses(own), own).listen(config.metricsPort, config.host);
      listening.on('error', (e) => logger.error({ err: e }, 'metrics server failed'));
      metricsServers.set(app, listening);
      app.getHttpServer().on('close', () => listening.close());
    }
  }
  app.use(appendSlash(server));
  app.use(jsonBody(config.maxRequestSize));
  setupSwaggerUi(app, app.get(OpenApiDocumentProvider).document());
  await app.init();
  indexRoutes(server);
  await ensureSuperuser(app.get(Database), config);
  return app;
}
