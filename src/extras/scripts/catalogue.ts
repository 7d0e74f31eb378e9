import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import * as vm from 'vm';
import { Database } from '../../core/db/database';
import { ModelDef, Row, registry } from '../../core/model/model';
import { PluginError } from '../../core/plugins/loader';
import { Plugin } from '../../core/plugins/plugin';
import { INSTALLED_PLUGINS } from '../../core/plugins/plugins.controller';
import { ModelQuery } from '../../core/query/model-query';
import { ReportModule, Script as ScriptRow, ScriptModule, installedScripts, uploadedScripts } from './modules.model';
import { Report, ReportClass } from './report';
import { Script, ScriptClass } from './script';
import { MultiObjectVar, ObjectVar, ScriptVariable } from './variables';

/** A script or report as installed: `<module>.<ClassName>`, NetBox's full name. */
export interface Installed<C> {
  module: string;
  className: string;
  fullName: string;
  cls: C;
}

/** What the API shows as a script's or report's `name`. */
export const displayNameOf = (installed: Installed<ScriptClass | ReportClass>) => installed.cls.displayName ?? installed.className;

function extendsClass(cls: unknown, base: Function): boolean {
  return typeof cls === 'function' && cls.prototype instanceof base;
}

/** The one module an uploaded script module may require: the plugin API, named as the service's package exports it. */
export const PLUGIN_API_MODULE = 'inventory-service/plugin-api';

/** Why an uploaded module cannot be loaded: NetBox's "Error loading script: …" follows. */
export class ScriptLoadError extends Error {}

/**
 * An uploaded module's script classes, checked as a plugin's are: its CommonJS source run as Node runs a module,
 * with a `require` that gives the plugin API only. Its exports that extend Script are its scripts, as NetBox takes
 * a module's Script subclasses. This is no sandbox: as NetBox runs uploaded Python, the code runs with the service's rights.
 */
export function loadScriptModule(fileName: string, source: string): ScriptClass[] {
  // Required when a module is loaded: the plugin API imports every model, this file among them.
  const pluginApi: unknown = require('../../plugin-api');
  const requireApi = (id: string) => {
    if (id === PLUGIN_API_MODULE) return pluginApi;
    throw new ScriptLoadError(`Cannot require "${id}": an uploaded script module may require only "${PLUGIN_API_MODULE}"`);
  };
  const module = { exports: {} as unknown };
  try {
    const run = vm.compileFunction(source, ['exports', 'require', 'module', '__filename', '__dirname'], { filename: fileName });
    run.call(module.exports, module.exports, requireApi, module, fileName, '.');
  } catch (e) {
    throw new ScriptLoadError(describeLoadError(e, fileName));
  }
  const exported = module.exports as Record<string, unknown> | Function;
  const candidates = [exported, ...(typeof exported === 'object' || typeof exported === 'function' ? Object.values(exported ?? {}) : [])];
  const classes = [...new Set(candidates.filter((value): value is ScriptClass => extendsClass(value, Script)))];
  try {
    classes.forEach(checkScript);
  } catch (e) {
    throw new ScriptLoadError((e as Error).message);
  }
  const twice = classes.find((cls, i) => classes.findIndex((other) => other.name === cls.name) !== i);
  if (twice) throw new ScriptLoadError(`two of its scripts are named ${twice.name}`);
  return classes;
}

/**
 * An error thrown while a module loads, with its place as Python names a syntax error's: `<message> (<file>, line <n>)`.
 * Read by its name, not its class: the module's code may throw another realm's errors (a test runner's).
 */
function describeLoadError(e: unknown, fileName: string): string {
  if (e instanceof ScriptLoadError) return e.message;
  if (typeof e !== 'object' || e === null || !('message' in e)) return String(e);
  const { name, message, stack } = e as Error;
  const line = name === 'SyntaxError' && stack?.startsWith(`${fileName}:`) ? /^[^\n]*:(\d+)/.exec(stack)?.[1] : undefined;
  return line ? `${name}: ${message} (${fileName}, line ${line})` : `${name}: ${message}`;
}

@Injectable()
export class ScriptCatalogue implements OnModuleInit, OnApplicationBootstrap {
  readonly scripts = new Map<string, Installed<ScriptClass>>();
  readonly reports = new Map<string, Installed<ReportClass>>();
  private readonly moduleIds = new Map<ModelDef, Map<string, number>>();
  /** Uploaded modules as this process loaded them, by name: the version (`last_updated`) loaded. */
  private readonly uploaded = new Map<string, string>();
  private readonly logger = new Logger('Scripts');

  constructor(
    @Inject(INSTALLED_PLUGINS) private readonly plugins: Plugin[],
    private readonly db: Database,
  ) {}

  onModuleInit(): void {
    uploadedScripts.classNames = (module, source) => loadScriptModule(`${module}.js`, source).map((cls) => cls.name);
    for (const plugin of this.plugins) {
      try {
        for (const cls of plugin.scripts) {
          checkScript(cls);
          this.add(this.scripts, plugin.name, cls);
          installedScripts.set(`${plugin.name}.${cls.name}`, cls);
        }
        for (const cls of plugin.reports) {
          checkReport(cls);
          this.add(this.reports, plugin.name, cls);
        }
      } catch (e) {
        throw new PluginError(`plugin "${plugin.name}" cannot be installed: ${(e as Error).message}`);
      }
    }
  }

  private add<C extends { name: string }>(into: Map<string, Installed<C>>, module: string, cls: C): void {
    const fullName = `${module}.${cls.name}`;
    if (into.has(fullName)) throw new Error(`it declares ${fullName} twice`);
    into.set(fullName, { module, className: cls.name, fullName, cls });
  }

  /** Gives every module a row, as NetBox keeps one per module file; existing ids never change. */
  async onApplicationBootstrap(): Promise<void> {
    await this.db.transaction(async (em) => {
      for (const [model, installed] of [[ScriptModule, this.scripts], [ReportModule, this.reports]] as const) {
        const names = [...new Set([...installed.values()].map((i) => i.module))];
        // Another replica may be inserting the same rows: the unique constraint keeps one of each.
        if (names.length) await em.createQueryBuilder().insert().into(model.table).values(names.map((name) => ({ name }))).orIgnore().execute();
      }
      await this.refresh(em);
      await this.keepScriptRows(em);
    });
  }

  /** A row per installed script class (NetBox 4's scripts, listed by id), executable while it is installed. */
  private async keepScriptRows(em: EntityManager): Promise<void> {
    const modules = new Map((await this.moduleRows(ScriptModule, undefined, em)).map((m) => [m.name as string, m.id as number]));
    const installed = [...this.scripts.values()].map((s) => ({ module_id: modules.get(s.module)!, name: s.className }));
    await em.createQueryBuilder().update(ScriptRow.table).set({ is_executable: false }).execute();
    if (!installed.length) return;
    await em.createQueryBuilder().insert().into(ScriptRow.table).values(installed.map((s) => ({ ...s, is_executable: true }))).orIgnore().execute();
    const params = Object.fromEntries(installed.flatMap((s, i) => [[`m${i}`, s.module_id], [`n${i}`, s.name]]));
    const condition = installed.map((_, i) => `(module_id = :m${i} AND name = :n${i})`).join(' OR ');
    await em.createQueryBuilder().update(ScriptRow.table).set({ is_executable: true }).where(condition, params).execute();
  }

  /** Whether a module of scripts is a plugin's: its name is not an upload's to take. */
  isPluginModule(name: string): boolean {
    return this.plugins.some((plugin) => plugin.name === name);
  }

  /**
   * Brings uploaded modules up to what the database holds, as another process may have uploaded or replaced one:
   * those whose version this process has not loaded are loaded again. One that does not load here (a model its
   * variables name is another process's plugin's) has no scripts here, and is logged once per version.
   */
  async refresh(em: EntityManager = this.db.manager): Promise<void> {
    const stored = await new ModelQuery(em, ScriptModule, this.db.driver).where('t.file_path IS NOT NULL').rows({ columns: ['id', 'name', 'last_updated'], order: ['id'] });
    const stale = stored.filter((row) => this.uploaded.get(row.name as string) !== versionOf(row));
    if (!stale.length) return;
    const sources = new Map(
      (await new ModelQuery(em, ScriptModule, this.db.driver).whereIdIn(stale.map((row) => row.id as number)).select({ id: 't.id', source: 't.source' })).map((row) => [Number(row.id), String(row.source ?? '')]),
    );
    for (const row of stale) {
      const name = row.name as string;
      let classes: ScriptClass[] = [];
      if (this.isPluginModule(name)) this.logger.error(`uploaded script module ${name} is not loaded: a plugin of that name is installed`);
      else {
        try {
          classes = loadScriptModule(`${name}.js`, sources.get(row.id as number) ?? '');
        } catch (e) {
          this.logger.error(`uploaded script module ${name} cannot be loaded: ${(e as Error).message}`);
        }
      }
      this.install(name, classes);
      this.uploaded.set(name, versionOf(row));
    }
  }

  /** An uploaded module's classes in place of those it had. */
  private install(module: string, classes: ScriptClass[]): void {
    for (const [fullName, installed] of this.scripts) {
      if (installed.module !== module) continue;
      this.scripts.delete(fullName);
      installedScripts.delete(fullName);
    }
    for (const cls of classes) {
      this.add(this.scripts, module, cls);
      installedScripts.set(`${module}.${cls.name}`, cls);
    }
  }

  /** The row id of a module, as jobs name it. */
  async moduleId(model: ModelDef, name: string, em: EntityManager = this.db.manager): Promise<number> {
    let ids = this.moduleIds.get(model);
    if (!ids) this.moduleIds.set(model, (ids = new Map()));
    let id = ids.get(name);
    if (id === undefined) {
      const [row] = await new ModelQuery(em, model, this.db.driver).where('t.name = :name', { name }).select({ id: 't.id' });
      if (!row) throw new Error(`${model.label} ${name} has no row`);
      ids.set(name, (id = Number(row.id)));
    }
    return id;
  }

  /** The module rows a user may view (NetBox restricts the lists by them), by name. */
  async moduleRows(model: ModelDef, ids?: number[], em: EntityManager = this.db.manager): Promise<Row[]> {
    const query = new ModelQuery(em, model, this.db.driver);
    if (ids) query.whereIdIn(ids);
    return query.rows({ order: ['name'] });
  }

  /** The script a job runs: its module's row id and its class name; an uploaded module as the database now holds it. */
  async scriptOfJob(job: Row): Promise<Installed<ScriptClass> | undefined> {
    await this.refresh();
    const [module] = await this.moduleRows(ScriptModule, [job.object_id]);
    return module ? this.scripts.get(`${module.name}.${job.name}`) : undefined;
  }

  async reportOfJob(job: Row): Promise<Installed<ReportClass> | undefined> {
    const [module] = await this.moduleRows(ReportModule, [job.object_id]);
    return module ? this.reports.get(`${module.name}.${job.name}`) : undefined;
  }
}

/** What tells one stored version of an uploaded module from another. */
const versionOf = (row: Row) => (row.last_updated instanceof Date ? row.last_updated.toISOString() : String(row.last_updated));

function checkScript(cls: unknown): void {
  if (!extendsClass(cls, Script)) throw new Error(`its scripts must be classes extending Script: ${String((cls as Function)?.name ?? cls)} is not`);
  const script = cls as ScriptClass;
  if (typeof script.prototype.run !== 'function') throw new Error(`script ${script.name} has no run() method`);
  for (const [name, variable] of Object.entries(script.vars ?? {})) {
    if (!(variable instanceof ScriptVariable)) throw new Error(`script ${script.name}: variable ${name} is not a script variable`);
    if ((variable instanceof ObjectVar || variable instanceof MultiObjectVar) && !registry.has(variable.opts.model)) {
      throw new Error(`script ${script.name}: variable ${name} names an unknown model "${variable.opts.model}"`);
    }
  }
}

function checkReport(cls: unknown): void {
  if (!extendsClass(cls, Report)) throw new Error(`its reports must be classes extending Report: ${String((cls as Function)?.name ?? cls)} is not`);
  // NetBox's own words.
  if ((cls as ReportClass).testMethods().length === 0) throw new Error(`report ${(cls as ReportClass).name}: A report must contain at least one test method.`);
}
