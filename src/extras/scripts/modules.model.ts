import { boolean, foreignKey, relatedValue, text } from '../../core/model/fields';
import { ModelSpec, Row, defineModel, registry } from '../../core/model/model';
import { ModelQuery, q } from '../../core/query/model-query';
import { Mode, RenderContext, Representation, represent } from '../../core/serialize/serializer';

/**
 * A module of scripts or reports: a plugin that ships some. NetBox's ScriptModule and ReportModule,
 * (its script files): jobs run for one, webhooks name their object types, view permissions (with
 * constraints) decide who lists them. Served only by the scripts' and reports' own routes.
 */
function moduleModel(name: string, plural: string, verboseName: string, uploads?: Pick<ModelSpec, 'fields' | 'full' | 'afterWrite'>) {
  const spec: ModelSpec = {
    app: 'extras',
    name,
    plural,
    verboseName,
    readOnlyApi: true,
    fields: {
      // The module's name: the plugin's, or an uploaded file's without its extension (NetBox's python_name).
      name: text({ max: 100, unique: true, readOnly: !uploads }),
      ...uploads?.fields,
    },
    full: uploads?.full,
    afterWrite: uploads?.afterWrite,
    brief: ['id', 'display', 'name'],
    features: { tags: false, customFields: false, created: !!uploads, lastUpdated: !!uploads, changeLog: false },
    filterset: { fields: ['id', 'name'], base: 'none' },
  };
  return defineModel(spec);
}

/** Script classes of an uploaded module's source, by name: what its Script rows follow (set by the catalogue, which compiles it). */
export const uploadedScripts: { classNames: (module: string, source: string) => string[] } = {
  classNames: () => {
    throw new Error('no loader of uploaded script modules is installed');
  },
};

/**
 * 4.5.7's uploaded script modules (`extras/scripts/upload/`): the file's name and its source, kept in the database so
 * that every process loads the same. A plugin's module has neither.
 */
export const ScriptModule = moduleModel('scriptmodule', 'scripts', 'script module', {
  fields: {
    file_path: text({ max: 1000, nullable: true, helpText: 'File path relative to the designated root path' }),
    source: text({ nullable: true, blank: true, deferred: true }),
  },
  full: ['id', 'url', 'display', 'name', 'file_path', 'created', 'last_updated'],
  // NetBox's sync_classes, in the write's transaction: a row per class, those no longer in the file not executable.
  async afterWrite(em, row) {
    if (typeof row?.source !== 'string') return;
    const names = uploadedScripts.classNames(String(row.name), row.source);
    if (names.length) await em.createQueryBuilder().insert().into(Script.table).values(names.map((n) => ({ module_id: row.id, name: n, is_executable: true }))).orIgnore().execute();
    const update = em.createQueryBuilder().update(Script.table);
    await update.set({ is_executable: false }).where('module_id = :id', { id: row.id }).execute();
    if (names.length) await em.createQueryBuilder().update(Script.table).set({ is_executable: true }).where('module_id = :id AND name IN (:...names)', { id: row.id, names }).execute();
  },
});
export const ReportModule = moduleModel('reportmodule', 'reports', 'report module');

/** What NetBox's `run` permissions name: `extras.script` runs scripts, `extras.report` reports (its unmanaged models). */
function runnableType(name: string, verboseName: string) {
  return defineModel({
    app: 'extras',
    name,
    plural: `${name}-object-types`,
    verboseName,
    objectTypeOnly: true,
    fields: {},
    brief: ['id'],
    features: { tags: false, customFields: false, created: false, lastUpdated: false, changeLog: false },
    filterset: { fields: [], base: 'none' },
  });
}

export const ReportObjectType = runnableType('report', 'report');

/** What the page's augment reads about installed scripts: kept by the catalogue, by `<module>.<ClassName>`. */
export const installedScripts = new Map<string, { description?: string; vars?: Record<string, { kind: string }> }>();

/**
 * NetBox 4.0's script: a row per script class of a module, as 4.x's API lists them by id; `run` on its object type
 * runs scripts. The catalogue keeps the rows: a class no longer installed stays, not executable.
 */
export const Script = defineModel({
  app: 'extras',
  name: 'script',
  plural: 'scripts',
  verboseName: 'script',
  readOnlyApi: true,
  ordering: ['module', 'name', 'id'],
  fields: {
    module: foreignKey(() => ScriptModule, { onDelete: 'CASCADE', flat: true }),
    name: text({ max: 79, readOnly: true }),
    is_executable: boolean({ default: true, readOnly: true }),
    // Read with the row: its label and its installed class are named by it.
    module_name: relatedValue('module', 'name'),
  },
  constraints: [{ fields: ['name', 'module'], name: 'extras_script_unique_name_module' }],
  full: ['id', 'url', 'module', 'name', 'description', 'vars', 'result', 'display', 'is_executable'],
  brief: ['id', 'url', 'display', 'name', 'description'],
  features: { tags: false, customFields: false, created: false, lastUpdated: false, changeLog: false },
  search: ['name'],
  filterset: { fields: ['id', 'name', 'is_executable'], related: ['module_id'], base: 'none' },
  display: (row) => `${row.name} (${row.module_name})`,
  async augment(ctx, rows, reps, mode) {
    const results = mode === 'full' && reps.some((rep) => 'result' in rep) ? await latestJobs(ctx, rows, 'brief') : new Map();
    rows.forEach((row, i) => {
      const installed = installedScripts.get(`${row.module_name}.${row.name}`);
      const rep = reps[i];
      if ('description' in rep) rep.description = installed?.description ?? null;
      if ('vars' in rep) rep.vars = Object.fromEntries(Object.entries(installed?.vars ?? {}).map(([name, v]) => [name, v.kind]));
      if ('result' in rep) rep.result = results.get(row.id) ?? null;
    });
  },
});

/** Each script's latest job, as NetBox's `Script.result`: the jobs of its module named after its class. */
export async function latestJobs(ctx: RenderContext, scripts: Row[], mode: Mode): Promise<Map<number, Representation>> {
  const job = registry.get('core.job');
  if (!scripts.length || !job) return new Map();
  const query = new ModelQuery(ctx.em, job, ctx.driver);
  const pairs = scripts.map((s) => `(t.object_id = ${query.param(s.module_id)} AND t.name = ${query.param(s.name)})`);
  query.where(`t.object_type = ${query.param(ScriptModule.label)} AND (${pairs.join(' OR ')})`);
  query.where(
    `NOT EXISTS (SELECT 1 FROM ${q(job.table)} l WHERE l.object_type = t.object_type AND l.object_id = t.object_id AND l.name = t.name` +
      ` AND (l.created > t.created OR (l.created = t.created AND l.id > t.id)))`,
  );
  const rows = await query.rows({ order: ['id'] });
  const reps = await represent({ ...ctx, nested: mode === 'brief' }, job, rows, mode);
  const byScript = new Map(rows.map((row, i) => [`${row.object_id}:${row.name}`, reps[i]]));
  return new Map(scripts.flatMap((s) => (byScript.has(`${s.module_id}:${s.name}`) ? [[s.id as number, byScript.get(`${s.module_id}:${s.name}`)!]] : [])));
}
