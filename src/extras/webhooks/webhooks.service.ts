import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../core/config/config';
import { ChangeEvents, ChangeListener, CommittedChanges, deletedKey } from '../../core/events/change-events';
import { Database } from '../../core/db/database';
import type { CachedReads } from '../../core/db/read-cache';
import { Jobs } from '../../core/jobs/queue';
import { Driver } from '../../core/model/fields';
import { ModelDef, Row } from '../../core/model/model';
import { ModelQuery } from '../../core/query/model-query';
import { WebhookDefinition, WebhookEvent, deliverWebhook, webhookTimestamp } from './delivery';
import { Webhook } from './webhook.model';

/** What a webhook job carries: the webhook as it was when the event happened, and the event. */
export interface WebhookJob {
  webhook: WebhookDefinition;
  event: WebhookEvent;
}

/** NetBox's event names, by the webhook's trigger. */
const EVENT_NAMES = { create: 'created', update: 'updated', delete: 'deleted', job_start: 'job_started', job_end: 'job_ended' } as const;
type Trigger = keyof typeof EVENT_NAMES;

const DEFINITION_FIELDS = [
  'id', 'name', 'payload_url', 'http_method', 'http_content_type', 'additional_headers', 'body_template', 'secret', 'conditions', 'ssl_verification', 'ca_file_path',
] as const;

function definition(row: Row): WebhookDefinition {
  return Object.fromEntries(DEFINITION_FIELDS.map((f) => [f, row[f]])) as unknown as WebhookDefinition;
}

/** The key under which the enabled webhooks are remembered while their table is unwritten. */
const ENABLED = 'extras.webhook:enabled';

/**
 * Turns committed changes into webhook jobs: one per enabled webhook whose object types and trigger
 * match, delivered by a worker. Conditions are evaluated there, on the object's data, as in NetBox.
 */
@Injectable()
export class WebhookEvents implements ChangeListener, OnModuleInit {
  /** The enabled webhooks as one transaction sees them, read once per transaction. */
  private readonly inTransaction = new WeakMap<EntityManager, Promise<Row[]>>();

  constructor(
    private readonly events: ChangeEvents,
    private readonly jobs: Jobs,
    private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.events.listen(this);
    this.jobs.handlers.register('webhook', (job: WebhookJob, { signal }) => deliverWebhook(job.webhook, job.event, { signal }));
  }

  async wantsDeleted(model: ModelDef, em: EntityManager, cache?: CachedReads): Promise<boolean> {
    let hooks = this.inTransaction.get(em);
    if (!hooks) {
      const read = () => enabledWebhooks(em, this.db.driver);
      hooks = cache ? cache.value(ENABLED, [Webhook.table], read) : read();
      this.inTransaction.set(em, hooks);
    }
    return matching(await hooks, model.label, 'delete').length > 0;
  }

  async committed(committed: CommittedChanges): Promise<void> {
    const hooks = await committed.reads.value(ENABLED, [Webhook.table], () => enabledWebhooks(this.db.manager, this.db.driver));
    if (!hooks.length) return;
    const timestamp = webhookTimestamp(new Date());
    // Each object's latest state, rendered once per model, whatever the number of its events.
    const wanted = new Map<ModelDef, Set<number>>();
    for (const change of committed.changes) {
      if (change.action === 'delete' || !matching(hooks, change.model.label, change.action).length) continue;
      if (!wanted.has(change.model)) wanted.set(change.model, new Set());
      wanted.get(change.model)!.add(change.id);
    }
    const data = new Map<string, unknown>();
    for (const [model, ids] of wanted) {
      const reps = await committed.render(model, [...ids]);
      for (const rep of reps) data.set(deletedKey(model, rep.id as number), rep);
    }
    for (const change of committed.changes) {
      const key = deletedKey(change.model, change.id);
      const objectData = change.action === 'delete' ? committed.deleted.get(key) : data.get(key);
      // Gone by the time it was rendered (created, then deleted by the same request): nothing to tell.
      if (objectData === undefined) continue;
      for (const hook of matching(hooks, change.model.label, change.action)) {
        this.submit(hook, {
          event: EVENT_NAMES[change.action],
          timestamp,
          model: change.model.name,
          username: committed.user?.username ?? '',
          request_id: committed.requestId,
          data: objectData,
          snapshots: { prechange: change.prechange ?? null, postchange: change.postchange ?? null },
        });
      }
    }
  }

  /** A job of this type started or ended: webhooks for the type's job events, with the job's data. */
  async jobEvent(em: EntityManager, job: Row, trigger: 'job_start' | 'job_end', username: string): Promise<void> {
    const [app, model] = String(job.object_type).split('.');
    for (const hook of matching(await enabledWebhooks(em, this.db.driver), `${app}.${model}`, trigger)) {
      this.submit(hook, { event: EVENT_NAMES[trigger], timestamp: webhookTimestamp(new Date()), model, username, request_id: null, data: job.data ?? null });
    }
  }

  private submit(hook: Row, event: WebhookEvent): void {
    const job: WebhookJob = { webhook: definition(hook), event };
    this.jobs.submit('webhook', job, { retries: this.config.jobs.retryMax });
  }
}

async function enabledWebhooks(em: EntityManager, driver: Driver): Promise<Row[]> {
  const query = new ModelQuery(em, Webhook, driver);
  return query.where(`t.enabled = ${query.param(Webhook.storedFields.enabled.toParam(true, driver))}`).rows({ order: ['id'] });
}

function matching(hooks: Row[], label: string, trigger: Trigger): Row[] {
  return hooks.filter((h) => h[`type_${trigger}`] && (h.content_types as string[]).includes(label));
}
