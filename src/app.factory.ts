import 'reflect-metadata';
import { DynamicModule, INestApplication, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import express from 'express';
import { AppModule } from './app.module';
import { ensureSuperuser } from './core/auth/superuser';
import { AppConfig } from './core/config/config';
import { Database } from './core/db/database';
import { appendSlash, jsonBody, responseHeaders } from './core/http/middleware';
import { OpenApiDocumentProvider, setupSwaggerUi } from './core/openapi/schema.controller';
import { loadPlugins } from './core/plugins/loader';
import { serviceVersion } from './core/version';

const LEVELS: Record<AppConfig['logLevel'], LogLevel[]> = {
  error: ['error', 'fatal'],
  warn: ['error', 'fatal', 'warn'],
  log: ['error', 'fatal', 'warn', 'log'],
  debug: ['error', 'fatal', 'warn', 'log', 'debug', 'verbose'],
};

/** The application, initialised: migrations applied and the bootstrap superuser in place. */
export async function createApp(config: AppConfig, opts: { logger?: false; modules?: DynamicModule[] } = {}): Promise<INestApplication> {
  const server = express();
  // Repeated parameters become arrays; no nested objects from `a[b]=c`.
  server.set('query parser', 'simple');
  server.disable('x-powered-by');
  server.set('trust proxy', config.trustedProxies);
  server.set('etag', false);
  const plugins = loadPlugins(config.plugins, serviceVersion(), config.pluginsConfig);
  const app = await NestFactory.create(AppModule.forRoot(config, plugins, opts.modules), new ExpressAdapter(server), {
    bodyParser: false,
    logger: opts.logger === false ? false : LEVELS[config.logLevel],
  });
  app.use(responseHeaders(serviceVersion()));
  app.use(appendSlash(server));
  app.use(jsonBody(config.maxRequestSize));
  setupSwaggerUi(app, app.get(OpenApiDocumentProvider).document());
  app.enableShutdownHooks();
  await app.init();
  await ensureSuperuser(app.get(Database), config);
  return app;
}
