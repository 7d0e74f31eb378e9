import { Controller, DynamicModule, Get, Module, Provider, Req, Type } from '@nestjs/common';
import type { Request } from 'express';
import { PublicRoute } from '../auth/auth.guard';
import { Allow, READ_METHODS } from '../http/allow';
import { ModelDef, registry } from '../model/model';
import { modelController, requestContext } from './model.controller';

/** `GET /api/<app>/`: the app's endpoints with absolute URLs, its models' and the extra routes it names (`rootEntries`). */
function appRootController(app: string, rootEntries: Record<string, string>): Type<unknown> {
  @Controller(registry.appRoot(app).slice(1, -1))
  @PublicRoute()
  class AppRootController {
    @Get()
    @Allow(READ_METHODS)
    root(@Req() req: Request) {
      const { baseUrl } = requestContext(req);
      const entries = [...registry.byApp(app).map((m) => [m.plural, m.path]), ...Object.entries(rootEntries)];
      return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)).map(([name, path]) => [name, `${baseUrl}${path}`]));
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
export function apiApp(
  app: string,
  models: ModelDef[],
  extra: { controllers?: Type<unknown>[]; providers?: Provider[]; exports?: Provider[]; imports?: DynamicModule[]; rootEntries?: Record<string, string> } = {},
): DynamicModule {
  return {
    module: ApiAppModule,
    imports: extra.imports,
    controllers: [...(extra.controllers ?? []), appRootController(app, extra.rootEntries ?? {}), ...models.map(modelController)],
    providers: extra.providers ?? [],
    exports: extra.exports ?? [],
  };
}
