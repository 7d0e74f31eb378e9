import { Controller, DynamicModule, Get, Module, Provider, Req, Type } from '@nestjs/common';
import type { Request } from 'express';
import { PublicRoute } from '../auth/auth.guard';
import { Allow, READ_METHODS } from '../http/render.interceptor';
import { ModelDef, registry } from '../model/model';
import { modelController, requestContext } from './model.controller';

/** `GET /api/<app>/`: the app's endpoints with absolute URLs. */
function appRootController(app: string): Type<unknown> {
  @Controller(registry.appRoot(app).slice(1, -1))
  @PublicRoute()
  class AppRootController {
    @Get()
    @Allow(READ_METHODS)
    root(@Req() req: Request) {
      const { baseUrl } = requestContext(req);
      const models = registry.byApp(app).sort((a, b) => a.plural.localeCompare(b.plural));
      return Object.fromEntries(models.map((m) => [m.plural, `${baseUrl}${m.path}`]));
    }
  }
  Object.defineProperty(AppRootController, 'name', { value: `${app[0].toUpperCase()}${app.slice(1)}RootController` });
  return AppRootController;
}

@Module({})
class ApiAppModule {}

/**
 * One application's module: its root and the generic routes of its models.
 * `controllers` come first so that a model's own routes win over the generic ones.
 */
export function apiApp(app: string, models: ModelDef[], extra: { controllers?: Type<unknown>[]; providers?: Provider[]; imports?: DynamicModule[] } = {}): DynamicModule {
  return {
    module: ApiAppModule,
    imports: extra.imports,
    controllers: [...(extra.controllers ?? []), appRootController(app), ...models.map(modelController)],
    providers: extra.providers ?? [],
  };
}
