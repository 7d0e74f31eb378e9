import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../core/config/config';
import { Database } from '../../core/db/database';
import type { CachedReads } from '../../core/db/read-cache';
import { ChangeEvent, ChangeEvents, ChangeListener, CommittedChanges, JobSubmission, deletedKey } from '../../core/events/change-events';
import { Jobs } from '../../core/jobs/queue';
import { Driver } from '../../core/model/fields';
import { ModelDef, Row, registry } from '../../core/model/model';
import type { Dialect } from '../../core/dialect/dialect';
import { allDialects, nativeDialect } from '../../core/dialect/registry';
import { ModelQuery, q } from '../../core/query/model-query';
import { conditionsHold } from '../webhooks/conditions';
import { WebhookDefinition, WebhookEvent, deliverWebhook, webhookTimestamp } from '../webhooks/delivery';
import { Webhook } from '../webhooks/webhook.model';
import { ActionType, EventRule, EventType } from './event-rule.model';

/** What a webhook job carries: the webhook as it was when the event happened, and the event. */
export interface WebhookJob {
  webhook: WebhookDefinition;
  event: WebhookEvent;
}

/** An enabled rule as firing reads it, with the webhook it sends, if it sends one. */
export interface ActiveRule {
  id: number;
  name: string;
  objectTypes: string[];
  eventTypes: string[];
  conditions: unknown;
  actionType: ActionType;
  actionObjectId: number | null;
  actionData: unknown;
  webhook: WebhookDefinition | null;
}

/** One event as the rules meet it: its type, its object's type and data, and who caused it. */
export interface RuleEvent {
  eventType: EventType;
  objectType: string;
  /** The object's representation (a job's data, for a job's events). */
  data: unknown;
  user: Row | null;
  requestId: string | null;
  snapshots?: { prechange: unknown; postchange: unknown };
  /** The object's representation in the words of other dialects webhooks speak, by version. */
  dataIn?: Map<string, unknown>;
  /** The request that caused the event. */
  request?: { method: string; path: string };
  /** Where its webhooks' jobs go: the outbox's relay, for committed changes; the queue otherwise. */
  submit?(job: JobSubmission): void;
}

/** Runs an event rule's script: set by the scripts' service, which runs scripts. */
export type ScriptLauncher = (scriptId: number, data: Record<string, unknown>, user: Row | null, requestId: string | null) => Promise<void>;
/** Notifies the members of a notification group of an event: set by the notifications' service. */
export type GroupNotifier = (groupId: number, event: RuleEvent) => Promise<void>;

/** NetBox's WEBHOOK_EVENT_TYPES: an event type as a webhook's payload names it. */
const WEBHOOK_EVENTS: Record<EventType, string> = {
  object_created: 'created',
  object_updated: 'updated',
  object_deleted: 'deleted',
  job_started: 'job_started',
  job_completed: 'job_ended',
  job_failed: 'job_ended',
  job_errored: 'job_ended',
};

/** A change's event type. */
export const CHANGE_EVENTS: Record<ChangeEvent['action'], EventType> = { create: 'object_created', update: 'object_updated', delete: 'object_deleted' };

/** The webhook columns a delivery needs, read with the rule that names it. */
const WEBHOOK_COLUMNS = [
  'name', 'payload_url', 'http_method', 'http_content_type', 'additional_headers', 'body_template', 'secret', 'ssl_verification', 'ca_file_path', 'payload_dialect',
] as const;

/** The dialect whose payload a webhook is sent: the one it was made through, if this service still speaks it. */
function payloadDialectOf(webhook: WebhookDefinition): Dialect {
  const version = webhook.payload_dialect;
  return allDialects().find((d) => d.version === version) ?? nativeDialect();
}

/** The key under which the enabled rules are remembered while the tables they are read from are unwritten. */
const ENABLED = 'extras.eventrule:enabled';

/**
 * NetBox's event processing: the changes a transaction committed, and jobs starting and ending, meet the enabled event
 * rules (their object types, event types and conditions), and each matching rule runs its action: a webhook delivered
 * by a worker, a script enqueued as a job, or a notification of a group's users.
 */
@Injectable()
export class EventRules implements ChangeListener, OnModuleInit {
  private readonly logger = new Logger('EventRules');
  /** The enabled rules as one transaction sees them, read once per transaction. */
  private readonly inTransaction = new WeakMap<EntityManager, Promise<ActiveRule[]>>();
  private scripts: ScriptLauncher | null = null;
  private notifier: GroupNotifier | null = null;

  constructor(
    private readonly events: ChangeEvents,
    private readonly jobs: Jobs,
    private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.events.listen(this);
    // The job's id stays the same through retries and repeats: a receiver drops what it has seen.
    this.jobs.handlers.register('webhook', (job: WebhookJob, { id, signal }) => deliverWebhook(job.webhook, job.event, { signal, idempotencyKey: id }));
  }

  /** Where script actions go. */
  launchScriptsWith(launcher: ScriptLauncher): void {
    this.scripts = launcher;
  }

  /** Where notification actions go. */
  notifyGroupsWith(notifier: GroupNotifier): void {
    this.notifier = notifier;
  }

  /** The enabled rules, through the read cache when there is one. */
  enabled(em: EntityManager, cache?: CachedReads): Promise<ActiveRule[]> {
    const read = () => enabledRules(em, this.db.driver);
    return cache ? cache.value(ENABLED, [EventRule.table, Webhook.table], read) : read();
  }

  /** The enabled rules as `em`'s transaction sees them, read once in it. */
  private rulesIn(em: EntityManager, cache?: CachedReads): Promise<ActiveRule[]> {
    let rules = this.inTransaction.get(em);
    if (!rules) this.inTransaction.set(em, (rules = this.enabled(em, cache)));
    return rules;
  }

  /** The stored names' (conditions are read in them), and each matching rule's webhook's payload dialect. */
  async wantsDeleted(model: ModelDef, em: EntityManager, cache?: CachedReads): Promise<readonly Dialect[]> {
    const matched = matching(await this.rulesIn(em, cache), model.label, 'object_deleted');
    if (!matched.length) return [];
    return [...new Set([nativeDialect(), ...matched.flatMap((rule) => (rule.webhook ? [payloadDialectOf(rule.webhook)] : []))])];
  }

  /** Changes some enabled rule matches are recorded in the outbox with their write. */
  async interested(changes: ChangeEvent[], em: EntityManager, cache?: CachedReads): Promise<boolean> {
    const enabled = await this.rulesIn(em, cache);
    return enabled.length > 0 && changes.some((change) => matching(enabled, change.model.label, CHANGE_EVENTS[change.action]).length > 0);
  }

  async committed(committed: CommittedChanges): Promise<void> {
    const rules = await this.enabled(this.db.manager, committed.reads);
    if (!rules.length) return;
    // Each object's latest state, rendered once per model and dialect a matching rule needs, whatever the number of its events.
    const wanted = new Map<ModelDef, Set<number>>();
    const dialects = new Set<Dialect>([nativeDialect()]);
    for (const change of committed.changes) {
      const matched = matching(rules, change.model.label, CHANGE_EVENTS[change.action]);
      for (const rule of matched) if (rule.webhook) dialects.add(payloadDialectOf(rule.webhook));
      if (change.action === 'delete' || !matched.length) continue;
      if (!wanted.has(change.model)) wanted.set(change.model, new Set());
      wanted.get(change.model)!.add(change.id);
    }
    const data = new Map<string, unknown>();
    for (const dialect of dialects) {
      for (const [model, ids] of wanted) {
        for (const rep of await committed.render(model, [...ids], dialect)) data.set(deletedKey(model, rep.id as number, dialect), rep);
      }
    }
    const others = [...dialects].filter((d) => !d.isNative);
    for (const change of committed.changes) {
      const dataOf = (dialect: Dialect) => {
        const key = deletedKey(change.model, change.id, dialect);
        return change.action === 'delete' ? committed.deleted.get(key) : data.get(key);
      };
      const objectData = dataOf(nativeDialect());
      // Gone by the time it was rendered (created, then deleted by the same request): nothing to tell.
      if (objectData === undefined) continue;
      const event: RuleEvent = {
        eventType: CHANGE_EVENTS[change.action],
        objectType: change.model.label,
        data: objectData,
        dataIn: new Map(others.map((d) => [d.version, dataOf(d)])),
        user: committed.user,
        requestId: committed.requestId,
        request: committed.request,
        snapshots: { prechange: change.prechange ?? null, postchange: change.postchange ?? null },
        submit: committed.submit,
      };
      await this.process(matching(rules, event.objectType, event.eventType), event);
    }
  }

  /** A job of some object's type started or ended: the rules for that job event, with the job's data. */
  async jobEvent(job: Row, eventType: EventType, user: Row | null): Promise<void> {
    const objectType = String(job.object_type);
    const rules = matching(await this.enabled(this.db.manager), objectType, eventType);
    await this.process(rules, { eventType, objectType, data: job.data ?? null, user, requestId: null });
  }

  /** NetBox's process_event_rules: each rule whose conditions hold for the event's data runs its action, with its data first. */
  private async process(rules: ActiveRule[], event: RuleEvent): Promise<void> {
    for (const rule of rules) {
      if (!conditionsHold(rule.conditions, event.data)) continue;
      // A webhook is sent the object in the words of the API it was made through.
      const dialect = rule.webhook ? payloadDialectOf(rule.webhook) : nativeDialect();
      const objectData = dialect.isNative ? event.data : event.dataIn?.get(dialect.version) ?? event.data;
      const data = { ...(isObject(rule.actionData) ? rule.actionData : {}), ...(isObject(objectData) ? objectData : {}) };
      try {
        await this.act(rule, { ...event, data: isObject(objectData) ? data : objectData });
      } catch (e) {
        this.logger.error(`event rule ${rule.name} failed: ${e instanceof Error ? e.stack : e}`);
      }
    }
  }

  private async act(rule: ActiveRule, event: RuleEvent): Promise<void> {
    if (rule.actionType === 'webhook') {
      if (!rule.webhook) return;
      const dialect = payloadDialectOf(rule.webhook);
      const model = registry.get(event.objectType);
      const payload: WebhookEvent = {
        event: WEBHOOK_EVENTS[event.eventType],
        timestamp: webhookTimestamp(new Date()),
        // 4.5 names the object's type where 3.5 named its model; 4.6 tells the request that caused the event.
        ...(dialect.atLeast('4.5') ? { object_type: model ? dialect.objectTypeOf(model) : event.objectType } : { model: event.objectType.split('.')[1] }),
        username: event.user?.username ?? '',
        request_id: event.requestId,
        data: event.data,
        ...(dialect.atLeast('4.6') && event.request
          ? { request: { id: event.requestId, method: event.request.method, path: event.request.path, user: event.user?.username ?? '' } }
          : {}),
        ...(event.snapshots ? { snapshots: event.snapshots } : {}),
      };
      const job: WebhookJob = { webhook: rule.webhook, event: payload };
      const options = { retries: this.config.jobs.retryMax };
      if (event.submit) event.submit({ kind: 'webhook', data: job, options });
      else this.jobs.submit('webhook', job, options);
    } else if (rule.actionType === 'script') {
      if (rule.actionObjectId !== null && this.scripts) await this.scripts(rule.actionObjectId, event.data as Record<string, unknown>, event.user, event.requestId);
    } else if (rule.actionType === 'notification') {
      if (rule.actionObjectId !== null && this.notifier) await this.notifier(rule.actionObjectId, event);
    }
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Rules that apply to an object type and an event type. */
export function matching(rules: ActiveRule[], objectType: string, eventType: EventType): ActiveRule[] {
  return rules.filter((r) => r.eventTypes.includes(eventType) && r.objectTypes.includes(objectType));
}

/** The enabled rules with the webhooks they send, in one statement. */
async function enabledRules(em: EntityManager, driver: Driver): Promise<ActiveRule[]> {
  const query = new ModelQuery(em, EventRule, driver);
  query.join(`LEFT JOIN ${q(Webhook.table)} w ON t.action_object_type = ${query.param(Webhook.label)} AND w.id = t.action_object_id`);
  query.where(`t.enabled = ${query.param(EventRule.storedFields.enabled.toParam(true, driver))}`);
  const also = Object.fromEntries([['w_id', 'w.id'], ...WEBHOOK_COLUMNS.map((c) => [`w_${c}`, `w.${q(c)}`])]);
  const rows = await query.rows({ order: ['id'], also });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    objectTypes: row.object_types ?? [],
    eventTypes: row.event_types ?? [],
    conditions: row.conditions,
    actionType: row.action_type,
    actionObjectId: row.action_object_id,
    actionData: row.action_data,
    webhook: row.w_id === null || row.w_id === undefined ? null : webhookOf(row),
  }));
}

/** A webhook's definition from its columns read beside its rule; the rule's conditions are evaluated before it is sent. */
function webhookOf(row: Row): WebhookDefinition {
  const value = (c: (typeof WEBHOOK_COLUMNS)[number]) => Webhook.storedFields[c].fromDb(row[`w_${c}`]);
  return {
    id: Number(row.w_id),
    name: value('name') as string,
    payload_url: value('payload_url') as string,
    http_method: value('http_method') as string,
    http_content_type: value('http_content_type') as string,
    additional_headers: value('additional_headers') as string,
    body_template: value('body_template') as string,
    secret: value('secret') as string,
    conditions: null,
    ssl_verification: value('ssl_verification') as boolean,
    ca_file_path: value('ca_file_path') as string | null,
    payload_dialect: value('payload_dialect') as string,
  };
}
