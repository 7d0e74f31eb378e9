import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { PermissionService } from '../../core/auth/permissions';
import { Clock } from '../../core/clock';
import { APP_CONFIG, AppConfig } from '../../core/config/config';
import { CrudService, RequestContext } from '../../core/crud/crud.service';
import { Database } from '../../core/db/database';
import { Jobs } from '../../core/jobs/queue';
import { NotFoundError, PermissionDeniedError, ValidationError, detailError } from '../../core/http/errors';
import { ModelDef, Row } from '../../core/model/model';
import { ModelQuery, q } from '../../core/query/model-query';
import { Mode, Representation, represent } from '../../core/serialize/serializer';
import { JobRuns } from '../../core-app/job-runs';
import { EventRules } from '../events/event-rules.service';
import { Job, TERMINAL_STATUSES } from '../../core-app/job.model';
import { Installed, ScriptCatalogue, displayNameOf } from './catalogue';
import { ReportModule, Script as ScriptRow, ScriptModule, latestJobs } from './modules.model';
import { ObjectAccess, ObjectWrites } from './objects';
import { Report, ReportClass } from './report';
import { RunInput, parseRunInput } from './run-input';
import { AbortScript, LogLevel, Script, ScriptClass, ScriptContext } from './script';
import { cleanData, resolveData } from './variables';

/** What a `script` job carries: the job's row, the checked data, and the request that ran it. */
interface ScriptJob {
  job: number;
  data: Record<string, unknown>;
  commit: boolean;
  requestId: string | null;
  /** Run by an event rule: `data` is the event's (the object's data, the rule's first), handed to the script as it is. */
  event?: boolean;
}

/** What a `report` job carries. */
interface ReportJob {
  job: number;
}

/** Thrown inside a dry run's transaction to undo it. */
class Rollback extends Error {}

const WORKER_NOT_RUNNING = 'Unable to process request: RQ worker process not running.';

/** The two kinds of runnable code: what differs between scripts and reports. */
interface Kind<C> {
  kind: 'script' | 'report';
  module: ModelDef;
  installed: (catalogue: ScriptCatalogue) => Map<string, Installed<C>>;
}
const SCRIPTS: Kind<ScriptClass> = { kind: 'script', module: ScriptModule, installed: (c) => c.scripts };
const REPORTS: Kind<ReportClass> = { kind: 'report', module: ReportModule, installed: (c) => c.reports };

/**
 * NetBox's scripts and reports: their listings with each one's latest result, runs enqueued as
 * `core.job`s, and the jobs that run them (in a worker, or in this process without Redis).
 */
@Injectable()
export class ScriptRuns implements OnModuleInit {
  private readonly logger = new Logger('Scripts');

  constructor(
    private readonly catalogue: ScriptCatalogue,
    private readonly crud: CrudService,
    private readonly db: Database,
    private readonly jobs: Jobs,
    private readonly permissions: PermissionService,
    private readonly runs: JobRuns,
    private readonly clock: Clock,
    private readonly events: EventRules,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.handlers.register('script', (job: ScriptJob) => this.runScript(job));
    this.events.launchScriptsWith((script, data, user, requestId) => this.runForEvent(script, data, user, requestId));
    this.jobs.handlers.register('report', (job: ReportJob) => this.runReport(job));
  }

  // Listings

  async listScripts(ctx: RequestContext): Promise<Representation[]> {
    const scripts = await this.visible(SCRIPTS, ctx);
    const results = await this.latestResults(SCRIPTS, scripts, ctx, 'brief');
    return scripts.map((s, i) => this.scriptRep(s, ctx, results[i]));
  }

  async script(fullName: string, ctx: RequestContext): Promise<Representation> {
    const script = await this.find(SCRIPTS, fullName);
    const [result] = await this.latestResults(SCRIPTS, [script], ctx, 'full');
    return this.scriptRep(script, ctx, result);
  }

  async listReports(ctx: RequestContext): Promise<Representation[]> {
    const reports = await this.visible(REPORTS, ctx);
    const results = await this.latestResults(REPORTS, reports, ctx, 'brief');
    return reports.map((r, i) => this.reportRep(r, ctx, results[i]));
  }

  async report(fullName: string, ctx: RequestContext): Promise<Representation> {
    const report = await this.find(REPORTS, fullName);
    const [result] = await this.latestResults(REPORTS, [report], ctx, 'full');
    return this.reportRep(report, ctx, result);
  }

  private scriptRep(script: Installed<ScriptClass>, ctx: RequestContext, result: Representation | null): Representation {
    return {
      url: `${ctx.baseUrl}${ScriptModule.path}${script.fullName}/`,
      id: script.fullName,
      module: script.module,
      name: displayNameOf(script),
      description: script.cls.description ?? '',
      vars: Object.fromEntries(Object.entries(script.cls.vars ?? {}).map(([name, v]) => [name, v.kind])),
      result,
    };
  }

  private reportRep(report: Installed<ReportClass>, ctx: RequestContext, result: Representation | null): Representation {
    return {
      url: `${ctx.baseUrl}${ReportModule.path}${report.fullName}/`,
      id: report.fullName,
      module: report.module,
      name: displayNameOf(report),
      description: report.cls.description ?? null,
      test_methods: report.cls.testMethods(),
      result,
    };
  }

  /** One installed by `<module>.<ClassName>`; uploaded modules as the database now holds them. */
  private async find<C>(kind: Kind<C>, fullName: string): Promise<Installed<C>> {
    await this.catalogue.refresh();
    const found = kind.installed(this.catalogue).get(fullName);
    if (!found) throw new NotFoundError();
    return found;
  }

  /** Those of the modules the user may view, as NetBox restricts the listing; by module, then name. */
  private async visible<C>(kind: Kind<C>, ctx: RequestContext): Promise<Installed<C>[]> {
    await this.catalogue.refresh();
    const modules = new Set((await this.crud.visibleRows(kind.module, ctx, {})).map((m) => m.name as string));
    const installed = [...kind.installed(this.catalogue).values()].filter((i) => modules.has(i.module));
    return installed.sort((a, b) => a.module.localeCompare(b.module) || a.className.localeCompare(b.className));
  }

  /** Each one's latest job that has ended, or null. */
  private async latestResults<C>(kind: Kind<C>, installed: Installed<C>[], ctx: RequestContext, mode: Mode): Promise<Array<Representation | null>> {
    if (!installed.length) return [];
    const modules = new Map((await this.catalogue.moduleRows(kind.module)).map((m) => [m.name as string, m.id as number]));
    const query = new ModelQuery(this.db.manager, Job, this.db.driver);
    const terminal = query.params(TERMINAL_STATUSES);
    const type = query.param(kind.module.label);
    query.where(`t.object_type = ${type} AND t.status IN ${terminal}`);
    query.where(`t.object_id IN ${query.params([...modules.values()])} AND t.name IN ${query.params(installed.map((i) => i.className))}`);
    // No later ended job of the same script: the latest per script in one statement.
    query.where(
      `NOT EXISTS (SELECT 1 FROM ${q(Job.table)} l WHERE l.object_type = t.object_type AND l.object_id = t.object_id AND l.name = t.name` +
        ` AND l.status IN ${terminal} AND (l.created > t.created OR (l.created = t.created AND l.id > t.id)))`,
    );
    const rows = await query.rows({ order: ['id'] });
    const reps = await represent(this.crud.renderContext(ctx), Job, rows, mode);
    const byScript = new Map(rows.map((row, i) => [`${row.object_id}:${row.name}`, reps[i]]));
    return installed.map((i) => byScript.get(`${modules.get(i.module)}:${i.className}`) ?? null);
  }

  // Runs requested

  /** `POST /api/extras/scripts/<module>.<Name>/`: the script's detail with the new job as its result. */
  async requestScript(fullName: string, body: unknown, ctx: RequestContext): Promise<Representation> {
    const script = await this.find(SCRIPTS, fullName);
    const job = await this.enqueueScript(script, body, ctx, 'This user does not have permission to run scripts.');
    return this.scriptRep(script, ctx, await this.jobRep(job, ctx));
  }

  /** Checks the request to run a script and enqueues its job. */
  private async enqueueScript(script: Installed<ScriptClass>, body: unknown, ctx: RequestContext, denied: string): Promise<Row> {
    if (!ctx.user || !(await this.permissions.can(ctx.user, 'extras.script', 'run'))) throw new PermissionDeniedError(denied);
    await this.requireWorker();
    const { input, errors } = parseRunInput(body, 'script', script.cls.schedulingEnabled, this.clock.now());
    if (!errors.data) {
      const checked = await cleanData(script.cls.vars ?? {}, input.data, new ObjectAccess(this.db.manager, this.db.driver, this.config));
      if (Object.keys(checked.errors).length) errors.data = checked.errors;
      input.data = checked.values;
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const module = await this.catalogue.moduleId(ScriptModule, script.module);
    return this.enqueue(SCRIPTS, module, script.className, ctx.user, input, (id): ScriptJob => ({ job: id, data: input.data, commit: input.commit, requestId: ctx.requestId ?? null }));
  }

  // NetBox 4's scripts: rows with ids, listed and read as any model's objects.

  /** What 4.x lists: the scripts the user may view (`extras.script`), paginated and filtered as any list. */
  async listScriptObjects(ctx: RequestContext) {
    // Their descriptions and variables are those of the classes loaded.
    await this.catalogue.refresh();
    return this.crud.list(ScriptRow, { ...ctx, scope: (await this.crud.viewScopeFor(ScriptRow, ctx.user)) ?? [] });
  }

  /** One script by id or `<module>.<ClassName>`, with its latest job whole (NetBox's ScriptDetailSerializer). */
  async scriptObject(lookup: string, ctx: RequestContext, job?: Row): Promise<Representation> {
    await this.catalogue.refresh();
    const scope = (await this.crud.viewScopeFor(ScriptRow, ctx.user)) ?? [];
    const id = await this.scriptRowId(lookup);
    const detail = JSON.parse((await this.crud.retrieve(ScriptRow, id, { ...ctx, scope, params: {} })).json) as Representation;
    const [row] = await new ModelQuery(this.db.manager, ScriptRow, this.db.driver).whereIdIn([id]).rows();
    const latest = job ? await this.jobRep(job, ctx) : (await latestJobs(this.crud.renderContext(ctx), [row], 'full')).get(id) ?? null;
    return { ...detail, result: latest };
  }

  /** Runs a script named as 4.x names it, and answers its detail with the new job. */
  async requestScriptObject(lookup: string, body: unknown, ctx: RequestContext): Promise<Representation> {
    const id = await this.scriptRowId(lookup);
    const [row] = await new ModelQuery(this.db.manager, ScriptRow, this.db.driver).whereIdIn([id]).rows();
    const [module] = await this.catalogue.moduleRows(ScriptModule, [row.module_id]);
    const script = await this.find(SCRIPTS, `${module.name}.${row.name}`);
    const job = await this.enqueueScript(script, body, ctx, 'This user does not have permission to run this script.');
    return this.scriptObject(String(id), ctx, job);
  }

  /** A script's row id from its id or `<module>.<ClassName>`; none is a 404. */
  private async scriptRowId(lookup: string): Promise<number> {
    const query = new ModelQuery(this.db.manager, ScriptRow, this.db.driver);
    if (/^\d{1,9}$/.test(lookup)) query.whereIdIn([Number(lookup)]);
    else {
      const dot = lookup.indexOf('.');
      if (dot < 0) throw new NotFoundError();
      const module = query.param(lookup.slice(0, dot));
      query.where(`t.name = ${query.param(lookup.slice(dot + 1))} AND t.module_id IN (SELECT m.id FROM ${q(ScriptModule.table)} m WHERE m.name = ${module})`);
    }
    const [found] = await query.select({ id: 't.id' });
    if (!found) throw new NotFoundError();
    return Number(found.id);
  }

  /**
   * An event rule's script (NetBox's process_event_rules): a job of the script as the user whose change (or job) fired
   * the rule, committing, with the event's data. A script no longer installed is not run.
   */
  async runForEvent(scriptId: number, data: Record<string, unknown>, user: Row | null, requestId: string | null): Promise<void> {
    const [row] = await new ModelQuery(this.db.manager, ScriptRow, this.db.driver).whereIdIn([scriptId]).rows();
    const [module] = row ? await this.catalogue.moduleRows(ScriptModule, [row.module_id]) : [];
    await this.catalogue.refresh();
    const script = module && SCRIPTS.installed(this.catalogue).get(`${module.name}.${row.name}`);
    if (!script) {
      this.logger.warn(`an event rule names script ${scriptId}, which is not installed`);
      return;
    }
    await this.enqueue(SCRIPTS, module.id, script.className, user, { scheduleAt: null, interval: null }, (id): ScriptJob => ({ job: id, data, commit: true, requestId, event: true }));
  }

  /** `POST /api/extras/reports/<module>.<Name>/run/`: the report's detail with the new job as its result. */
  async requestReport(fullName: string, body: unknown, ctx: RequestContext): Promise<Representation> {
    if (!ctx.user || !(await this.permissions.can(ctx.user, 'extras.report', 'run'))) {
      throw new PermissionDeniedError('This user does not have permission to run reports.');
    }
    await this.requireWorker();
    const report = await this.find(REPORTS, fullName);
    const { input, errors } = parseRunInput(body ?? {}, 'report', report.cls.schedulingEnabled, this.clock.now());
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const module = await this.catalogue.moduleId(ReportModule, report.module);
    const job = await this.enqueue(REPORTS, module, report.className, ctx.user, input, (id): ReportJob => ({ job: id }));
    return this.reportRep(report, ctx, await this.jobRep(job, ctx));
  }

  private async requireWorker(): Promise<void> {
    if ((await this.jobs.queue.workersRunning()) === 0) throw detailError(503, WORKER_NOT_RUNNING);
  }

  private async jobRep(job: Row, ctx: RequestContext): Promise<Representation> {
    const [rep] = await represent(this.crud.renderContext(ctx), Job, [job], 'full');
    return rep;
  }

  private enqueue(kind: Pick<Kind<unknown>, 'kind' | 'module'>, objectId: number, name: string, user: Row | null, input: Pick<RunInput, 'scheduleAt' | 'interval'>, payload: (id: number) => unknown): Promise<Row> {
    return this.runs.enqueue(kind.kind, kind.module.label, objectId, name, user, input, payload);
  }

  // Runs

  /**
   * NetBox's run_script: the script runs in one transaction, as the user who asked, under the id of
   * the request that asked; a dry run, or an exception, rolls it back. Its log and output are the job's data.
   */
  async runScript(payload: ScriptJob): Promise<void> {
    const begun = await this.runs.start(payload.job, (delayMs) => this.jobs.submit('script', payload, { delayMs }));
    if (!begun) return;
    const { job, user } = begun;
    const log: Array<{ status: LogLevel; message: string }> = [];
    const say = (status: LogLevel) => (message: string) => void log.push({ status, message: String(message) });
    const data: { log: typeof log; output?: string | null } = { log };
    let status = 'completed';
    let failure: unknown;
    // The job's own log, as NetBox's ScriptJob writes it beside the script's.
    const jobLog = this.runs.log();
    const installed = await this.catalogue.scriptOfJob(job);
    try {
      if (!installed) throw new AbortScript(`the script ${job.name} is no longer installed`);
      jobLog.debug(`Loaded script ${job.name}`);
      jobLog.debug(`Request ID: ${payload.requestId ?? 'None'}`);
      if (payload.commit) jobLog.info('Executing script (commit enabled)');
      else jobLog.warning('Executing script (commit disabled)');
      const ctx: RequestContext = { baseUrl: '', url: '', params: {}, user, scope: 'all', requestId: payload.requestId ?? undefined };
      await this.crud.write(ctx, async (writer, em) => {
        const objects = new ObjectWrites(writer, em, this.db.driver, this.config);
        const vars = installed.cls.vars ?? {};
        // Checked again: what the data name may have changed since the request. An event's data is the script's as it is.
        const { values, errors } = payload.event ? { values: payload.data, errors: {} } : await cleanData(vars, payload.data, objects);
        if (Object.keys(errors).length) throw new AbortScript(`invalid data: ${JSON.stringify(errors)}`);
        const script = new (installed.cls as unknown as new () => Script)();
        const scriptCtx: ScriptContext = {
          commit: payload.commit,
          user: user ? { id: user.id as number, username: user.username as string } : null,
          log_debug: say('default'),
          log_info: say('info'),
          log_success: say('success'),
          log_warning: say('warning'),
          log_failure: say('failure'),
          get: (label, id) => objects.get(label, id),
          filter: (label, params) => objects.filter(label, params),
          create: (label, body) => objects.create(label, body),
          update: (label, id, body) => objects.update(label, id, body),
          delete: (label, id) => objects.delete(label, id),
        };
        const output = await script.run(payload.event ? values : await resolveData(vars, values, objects), scriptCtx);
        data.output = output === undefined || output === null ? null : String(output);
        if (!payload.commit) throw new Rollback();
      });
    } catch (e) {
      if (e instanceof Rollback) {
        say('info')('Database changes have been reverted automatically.');
      } else {
        status = 'errored';
        const error = e instanceof Error ? e : new Error(String(e));
        failure = error;
        if (error instanceof AbortScript) {
          say('failure')(`Script aborted with error: ${error.message}`);
          jobLog.error(`Script aborted with error: ${error.message}`);
        } else {
          say('failure')(`An exception occurred: \`${error.name}: ${error.message}\`\n\`\`\`\n${error.stack ?? ''}\n\`\`\``);
          jobLog.error(`Exception raised during script execution: ${error.message}`);
        }
        say('info')('Database changes have been reverted due to error.');
        jobLog.info('Database changes have been reverted due to error.');
        this.logger.warn(`script ${job.name} (job ${job.job_id}) failed: ${error.message}`);
      }
    }
    await this.runs.terminate('script', job, user, status, data, (id): ScriptJob => ({ ...payload, job: id }), { log: jobLog, error: failure });
  }

  /** NetBox's run_report: every test in name order; failed if any logged a failure, errored if one threw. */
  async runReport(payload: ReportJob): Promise<void> {
    const begun = await this.runs.start(payload.job, (delayMs) => this.jobs.submit('report', payload, { delayMs }));
    if (!begun) return;
    const { job, user } = begun;
    const installed = await this.catalogue.reportOfJob(job);
    let status: string;
    let data: unknown = null;
    let error: unknown;
    if (!installed) {
      status = 'errored';
    } else {
      const report = new (installed.cls as unknown as new () => Report)();
      const outcome = await report.runTests(new ObjectAccess(this.db.manager, this.db.driver, this.config));
      data = outcome.results;
      status = outcome.error ? 'errored' : outcome.failed ? 'failed' : 'completed';
      if (outcome.error) this.logger.warn(`report ${job.name} (job ${job.job_id}) failed: ${outcome.error.message}`);
      error = outcome.error ?? undefined;
    }
    await this.runs.terminate('report', job, user, status, data, (id): ReportJob => ({ job: id }), { error });
  }
}
