import { Controller, DynamicModule, Get, Module, Provider, Req, Type } from '@nestjs/common';
import type { Request } from 'express';
import { PublicRoute } from '../auth/auth.guard';
import { allDialects, nativeDialect } from '../dialect/registry';
import { Allow, READ_METHODS } from '../http/allow';
import { NotFoundError } from '../http/errors';
import { ModelDef, registry } from '../model/model';
import { modelController, requestContext } from './model.controller';

/**
 * `GET /api/<app>/`: the app's endpoints with absolute URLs, as the request's dialect routes them: the models it serves
 * there (a 4.x `vpn` holds L2VPNs stored under ipam) and the extra routes the app names (`rootEntries`). An app only some
 * dialects have is not found in the others: one with no models stored (`own` false), or one whose every model a dialect
 * lacks (`vpn` in 3.5).
 */
export function appRootController(app: string, rootEntries: Record<string, string> = {}, own = true): Type<unknown> {
  const root = registry.appRoot(app);
  @Controller(root.slice(1, -1))
  @PublicRoute()
  class AppRootController {
    @Get()
    @Allow(READ_METHODS)
    root(@Req() req: Request) {
      const { baseUrl, dialect = nativeDialect() } = requestContext(req);
      const models = registry.served().filter((m) => dialect.serves(m) && dialect.pathOf(m).startsWith(root));
      const stored = registry.byApp(app);
      if (!models.length && (!own || (stored.length && !stored.some((m) => dialect.serves(m))))) throw new NotFoundError();
      const routes = Object.entries(rootEntries).filter(([, path]) => !dialect.lacksPath(path));
      const entries = [...models.map((m) => [dialect.pathOf(m).slice(root.length, -1), dialect.pathOf(m)]), ...routes];
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

/** The roots of apps that only some dialects have (4.x's `vpn`), found from the dialects' moved routes. */
export function dialectApps(): DynamicModule {
  const stored = new Set(registry.all().map((m) => m.app));
  const apps = [...new Set(allDialects().flatMap((d) => d.extraApps()))].filter((app) => !stored.has(app));
  return { module: ApiAppModule, controllers: apps.map((app) => appRootController(app, {}, false)) };
}
