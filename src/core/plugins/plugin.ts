import { DynamicModule, Module, Provider, Type } from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import * as path from 'path';
import { AppConfig } from '../config/config';
import { apiApp } from '../crud/api-app';
import { Driver, ForeignKeyField, ManyToManyField } from '../model/fields';
import { ModelDef, registry } from '../model/model';
import type { ReportClass } from '../../extras/scripts/report';
import type { ScriptClass } from '../../extras/scripts/script';
import type { GraphqlQueries } from '../../graphql/schema';

/** What a plugin declares about itself, as NetBox's `PluginConfig` does. */
export interface PluginSpec {
  /** The app label of its models (`dns`: content types `dns.zone`, tables `dns_zone`). */
  name: string;
  verboseName?: string;
  version: string;
  /** Its API lives under `/api/plugins/<base_url>/`; the name when not given. */
  baseUrl?: string;
  /** The service versions it supports, both inclusive. */
  minVersion?: string;
  maxVersion?: string;
  description?: string;
  author?: string;
  authorEmail?: string;
  /** NetBox 4.3's release track (`beta`, `rc`…), shown by /v4's installed plugins; a stable release has none. */
  releaseTrack?: string;
  /** Its models, each declared with `defineModel({ app: <name>, ... })`. */
  models?: ModelDef[];
  /** Its own routes, relative to `/api/plugins/<base_url>/`; they run behind the service's guards. */
  controllers?: Type<unknown>[];
  providers?: Provider[];
  imports?: DynamicModule[];
  /** A folder with `sqlite/` and `postgres/` migrations, applied with the service's; `migrations/` beside its entry when not given. */
  migrations?: string;
  /** Custom scripts (classes extending `Script`): `<name>.<ClassName>` in `/api/extras/scripts/`. */
  scripts?: ScriptClass[];
  /** Reports (classes extending `Report`): `<name>.<ClassName>` in `/api/extras/reports/`. */
  reports?: ReportClass[];
  /** Settings a deployment gives in `PLUGINS_CONFIG`: these must be there, these have defaults. */
  requiredSettings?: string[];
  /** Its own top-level GraphQL queries (NetBox's `graphql_schema`), beside those its models get by themselves. */
  graphqlSchema?: GraphqlQueries;
  defaultSettings?: Record<string, unknown>;
}

@Module({})
class PluginModule {}

const NAME = /^[a-z][a-z0-9_]*$/;
const BASE_URL = /^[a-z0-9][a-z0-9_-]*$/;
// The built-in apps and the URL segments the service keeps for itself under /api/plugins/.
const RESERVED_NAMES = ['circuits', 'core', 'dcim', 'extras', 'ipam', 'plugins', 'tenancy', 'users', 'virtualization', 'wireless', 'status'];
const RESERVED_URLS = ['installed-plugins'];

export class Plugin {
  readonly name: string;
  readonly verboseName: string;
  readonly version: string;
  readonly baseUrl: string;
  readonly models: ModelDef[];
  /** Its scripts and reports: the plugin is their module. */
  readonly scripts: ScriptClass[];
  readonly reports: ReportClass[];
  /** Where its entry was found: set by the loader. */
  entry = '';

  constructor(readonly spec: PluginSpec) {
    if (!NAME.test(spec.name ?? '')) throw new Error(`plugin name "${spec.name}" must be lower-case letters, digits and underscores`);
    if (RESERVED_NAMES.includes(spec.name)) throw new Error(`plugin name "${spec.name}" is taken by the service`);
    this.name = spec.name;
    this.verboseName = spec.verboseName ?? spec.name;
    if (!spec.version) throw new Error(`plugin ${spec.name} has no version`);
    this.version = spec.version;
    this.baseUrl = spec.baseUrl ?? spec.name.replace(/_/g, '-');
    if (!BASE_URL.test(this.baseUrl) || RESERVED_URLS.includes(this.baseUrl)) throw new Error(`plugin ${spec.name}: base_url "${this.baseUrl}" is not a usable URL segment`);
    this.models = spec.models ?? [];
    this.scripts = spec.scripts ?? [];
    this.reports = spec.reports ?? [];
    const foreign = this.models.filter((m) => m.app !== spec.name);
    if (foreign.length) throw new Error(`plugin ${spec.name} declares models of other apps: ${foreign.map((m) => m.label).join(', ')}`);
    registry.mountApp(spec.name, this.apiRoot);
  }

  /** `/api/plugins/<base_url>/`. */
  get apiRoot(): string {
    return `/api/plugins/${this.baseUrl}/`;
  }

  get migrationsDir(): string | null {
    return this.spec.migrations ?? (this.entry ? path.join(this.entry, 'migrations') : null);
  }

  migrationsGlob(driver: Driver): string | null {
    return this.migrationsDir && path.join(this.migrationsDir, driver, '*.{js,ts}');
  }

  /** Its settings in this deployment: its defaults under `PLUGINS_CONFIG[<name>]`; a missing required one names itself. */
  settings(config: Pick<AppConfig, 'pluginsConfig'>): Record<string, unknown> {
    const settings = { ...this.spec.defaultSettings, ...config.pluginsConfig[this.name] };
    const missing = (this.spec.requiredSettings ?? []).filter((name) => settings[name] === undefined);
    if (missing.length) throw new Error(`plugin ${this.name} requires the setting${missing.length > 1 ? 's' : ''} ${missing.join(', ')} in PLUGINS_CONFIG`);
    return settings;
  }

  /** What would install it wrongly: models it defines but leaves out (tables without routes), relations to models that do not exist. */
  check(): void {
    const undeclared = registry.all().filter((m) => m.app === this.name && !this.models.includes(m));
    if (undeclared.length) throw new Error(`plugin ${this.name} defines models it does not declare: ${undeclared.map((m) => m.label).join(', ')}`);
    for (const model of this.models) {
      for (const field of Object.values(model.fields)) {
        if (!(field instanceof ForeignKeyField || field instanceof ManyToManyField)) continue;
        try {
          void field.target;
        } catch (e) {
          throw new Error(`${model.label}.${field.name}: ${(e as Error).message}`);
        }
      }
    }
  }

  /** Its module: its API root and its models' generic routes, then its own routes below its root. */
  module(): DynamicModule {
    // Its own routes register first, so that `zones/<action>` wins over the generic `zones/<id>`.
    const imports: DynamicModule[] = [...(this.spec.imports ?? [])];
    if (this.spec.controllers?.length || this.spec.providers?.length) {
      // A module class of its own per plugin: RouterModule tells modules apart by class.
      @Module({})
      class PluginRoutesModule {}
      Object.defineProperty(PluginRoutesModule, 'name', { value: `${pascal(this.name)}PluginRoutesModule` });
      imports.push(
        { module: PluginRoutesModule, controllers: this.spec.controllers ?? [], providers: this.spec.providers ?? [] },
        RouterModule.register([{ path: this.apiRoot.slice(1, -1), module: PluginRoutesModule }]),
      );
    }
    return { module: PluginModule, imports: [...imports, apiApp(this.name, this.models)] };
  }
}

export function pascal(name: string): string {
  return name.replace(/(^|[_-])([a-z0-9])/g, (_m, _s, c: string) => c.toUpperCase());
}

const defined = new Map<string, Plugin>();

/** A plugin's declaration: export it as the default export of the plugin's entry module. */
export function definePlugin(spec: PluginSpec): Plugin {
  const plugin = new Plugin(spec);
  defined.set(plugin.name, plugin);
  return plugin;
}

/** A plugin's settings in this deployment, for its models' rules, which its declaration imports. */
export function pluginSettings(name: string, config: Pick<AppConfig, 'pluginsConfig'> | undefined): Record<string, unknown> {
  const plugin = defined.get(name);
  if (!plugin) throw new Error(`no plugin named ${name} is defined`);
  return plugin.settings(config ?? { pluginsConfig: {} });
}
