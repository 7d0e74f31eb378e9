import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthExtensions } from './auth/auth-extensions';
import { AuthGuard } from './auth/auth.guard';
import { PermissionService } from './auth/permissions';
import { Clock } from './clock';
import { APP_CONFIG, AppConfig } from './config/config';
import { CoreController } from './core.controller';
import { CrudService } from './crud/crud.service';
import { ListExports } from './crud/list-exports';
import { dataSourceOptions } from './db/data-source';
import { Database } from './db/database';
import { ReadCache } from './db/read-cache';
import { ChangeEvents } from './events/change-events';
import { Outbox } from './events/outbox';
import { JobHandlers, Jobs } from './jobs/queue';
import { Shutdown } from './lifecycle/shutdown';
import { ApiExceptionFilter } from './http/exception.filter';
import { AllowHeader } from './http/allow';
import { registry } from './model/model';
import { TypeOrmLogger, createLogger } from './observability/logger';
import { OpenApiDocumentProvider, SchemaController } from './openapi/schema.controller';
import { Plugin } from './plugins/plugin';
import { INSTALLED_PLUGINS, PluginsController } from './plugins/plugins.controller';

/** The generic layer: configuration, database, guards, rendering, and the service endpoints. */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig, plugins: Plugin[] = []): DynamicModule {
    return {
      module: CoreModule,
      imports: [
        TypeOrmModule.forRoot({
          ...dataSourceOptions(config, registry.all(), plugins),
          migrationsRun: true,
          logging: ['error', 'warn', 'migration'],
          logger: new TypeOrmLogger(createLogger(config)),
        }),
      ],
      controllers: [CoreController, SchemaController, PluginsController],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: INSTALLED_PLUGINS, useValue: plugins },
        AuthExtensions,
        PermissionService,
        Clock,
        Database,
        ReadCache,
        CrudService,
        ListExports,
        ChangeEvents,
        Outbox,
        JobHandlers,
        Jobs,
        Shutdown,
        OpenApiDocumentProvider,
        { provide: APP_GUARD, useClass: AllowHeader },
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
      ],
      exports: [APP_CONFIG, INSTALLED_PLUGINS, AuthExtensions, PermissionService, Clock, Database, ReadCache, CrudService, ListExports, ChangeEvents, Outbox, JobHandlers, Jobs, Shutdown, OpenApiDocumentProvider],
    };
  }
}
