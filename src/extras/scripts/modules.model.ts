import { text } from '../../core/model/fields';
import { ModelSpec, defineModel } from '../../core/model/model';

/**
 * A module of scripts or reports: a plugin that ships some. NetBox's ScriptModule and ReportModule,
 * (its script files): jobs run for one, webhooks name their object types, view permissions (with
 * constraints) decide who lists them. Served only by the scripts' and reports' own routes.
 */
function moduleModel(name: string, plural: string, verboseName: string) {
  const spec: ModelSpec = {
    app: 'extras',
    name,
    plural,
    verboseName,
    readOnlyApi: true,
    fields: {
      // The module's name: the plugin's.
      name: text({ max: 100, unique: true, readOnly: true }),
    },
    brief: ['id', 'display', 'name'],
    features: { tags: false, customFields: false, created: false, lastUpdated: false, changeLog: false },
    filterset: { fields: ['id', 'name'], base: 'none' },
  };
  return defineModel(spec);
}

export const ScriptModule = moduleModel('scriptmodule', 'scripts', 'script module');
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

export const ScriptObjectType = runnableType('script', 'script');
export const ReportObjectType = runnableType('report', 'report');
