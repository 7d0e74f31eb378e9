import { datetime, integer, json, text } from '../model/fields';
import { defineModel } from '../model/model';

/**
 * Events waiting to be delivered, written in the transaction of the change that causes them: a transaction's changes
 * (`kind` "changes") until the rules have turned them into jobs, then each job (`kind` its kind, `job_id` its id in the
 * queue) until it has run. A row whose claim has lapsed is taken over by any process's relay.
 */
export const OutboxEntry = defineModel({
  app: 'core',
  name: 'outboxentry',
  plural: 'outbox-entries',
  table: 'core_outbox',
  internal: true,
  display: (r) => `${r.kind} ${r.job_id ?? r.id}`,
  ordering: ['id'],
  fields: {
    kind: text({ max: 50 }),
    job_id: text({ max: 100, nullable: true }),
    payload: json({ default: () => ({}) }),
    options: json({ default: () => ({}) }),
    recorded: datetime(),
    claimed_until: datetime({ nullable: true }),
    attempts: integer({ default: 0 }),
  },
  indexes: [['job_id'], ['claimed_until']],
  brief: ['id'],
  features: { tags: false, customFields: false, created: false, lastUpdated: false, changeLog: false },
});
