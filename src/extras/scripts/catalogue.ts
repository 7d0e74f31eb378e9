import { Inject, Injectable, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Database } from '../../core/db/database';
import { ModelDef, Row, registry } from '../../core/model/model';
import { PluginError } from '../../core/plugins/loader';
import { Plugin } from '../../core/plugins/plugin';
import { INSTALLED_PLUGINS } from '../../core/plugins/plugins.controller';
import { ModelQuery } from '../../core/query/model-query';
import { ReportModule, Script as ScriptRow, ScriptModule, installedScripts } from './modules.model';
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

/**
 * The scripts and reports the installed plugins ship, each plugin being their module. A class that
 * is not one, or a variable naming an unknown model, stops the start.
 */
@Injectable()
export class ScriptCatalogue implements OnModuleInit, OnApplicationBootstrap {
  readonly scripts = new Map<string, Installed<ScriptClass>>();
  readonly reports = new Map<string, Installed<ReportClass>>();
  private readonly moduleIds = new Map<ModelDef, Map<string, number>>();

  constructor(
    @Inject(INSTALLED_PLUGINS) private readonly plugins: Plugin[],
    private readonly db: Database,
  ) {}

  onModuleInit(): void {
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

  /** The script a job runs: its module's row id and its class name. */
  async scriptOfJob(job: Row): Promise<Installed<ScriptClass> | undefined> {
    const [module] = await this.moduleRows(ScriptModule, [job.object_id]);
    return module ? this.scripts.get(`${module.name}.${job.name}`) : undefined;
  }

  async reportOfJob(job: Row): Promise<Installed<ReportClass> | undefined> {
    const [module] = await this.moduleRows(ReportModule, [job.object_id]);
    return module ? this.reports.get(`${module.name}.${job.name}`) : undefined;
  }
}

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
