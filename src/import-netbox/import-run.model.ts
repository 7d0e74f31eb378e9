import { boolean, datetime, json, text } from '../core/model/fields';
import { defineModel } from '../core/model/model';

/**
 * One run of `import-netbox`: what it read from, when, and its report. Kept for the next run: a database whose
 * objects an import wrote is one to import into again.
 */
export const ImportRun = defineModel({
  app: 'core',
  name: 'importrun',
  plural: 'import-runs',
  table: 'core_importrun',
  internal: true,
  display: (r) => `import from ${r.source}`,
  ordering: ['id'],
  fields: {
    source: text({ max: 500 }),
    schema: text({ max: 200, blank: true }),
    started: datetime(),
    finished: datetime({ nullable: true }),
    merge: boolean({ default: false }),
    report: json({ default: () => ({}) }),
  },
  brief: ['id'],
  features: { tags: false, customFields: false, created: false, lastUpdated: false, changeLog: false },
});
