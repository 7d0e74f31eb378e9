import { EntityManager } from 'typeorm';
import { nativeDialect } from '../../core/dialect/registry';
import { BooleanField, ComputedField, ContentTypeListField, Driver, Field, FieldError, JsonField, boolean, choice, text } from '../../core/model/fields';
import { AfterWriteContext, Row, WriteContext, defineModel } from '../../core/model/model';
import { ModelQuery, q } from '../../core/query/model-query';
import { templateError } from '../../core/templates/jinja';
import { contentTypeFilter, contentTypeIdsFilter } from '../content-type-filter';
import { EventRule, EventType } from '../events/event-rule.model';
import { conditionsError } from './conditions';
import { headerTemplateError } from './delivery';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => ({ value: m, label: m }));

/** Where the payload goes: a template, or when it holds no template code, an http(s) URL. */
function payloadUrlError(url: string): string | null {
  if (/\{[{%#]/.test(url)) return templateError(url);
  try {
    const parsed = new URL(url);
    return ['http:', 'https:'].includes(parsed.protocol) ? null : 'Enter a valid http or https URL.';
  } catch {
    return 'Enter a valid URL.';
  }
}

/** 3.5's triggers of a webhook, each with the event types of an event rule it stands for (as NetBox's migrations mapped them). */
const TRIGGER_EVENTS: Record<string, EventType[]> = {
  type_create: ['object_created'],
  type_update: ['object_updated'],
  type_delete: ['object_deleted'],
  type_job_start: ['job_started'],
  type_job_end: ['job_completed', 'job_errored', 'job_failed'],
};
const TRIGGERS = Object.keys(TRIGGER_EVENTS);
/** What 3.5 kept on a webhook and 4.x keeps on the rule that fires it. */
const ON_RULE = ['content_types', ...TRIGGERS, 'enabled', 'conditions'];

/** A webhook's own rule: the lowest-id rule whose action it is. `select` reads it as `r`. */
function ownRuleSql(select: string, alias: string): string {
  return `(SELECT ${select} FROM ${q(EventRule.table)} r WHERE r.action_object_type = 'extras.webhook' AND r.action_object_id = ${alias}.id ORDER BY r.id LIMIT 1)`;
}

/**
 * What 3.5 read and wrote on a webhook that 4.x keeps on its own rule (`ownRuleSql`): read with each row in the same
 * statement (`fallback` where it has none, as 3.5 read a webhook that fires on nothing), written by `keepOwnRule`.
 */
class OnOwnRule<T> extends ComputedField<T> {
  constructor(
    readonly onRule: Field<T>,
    select: (rule: string) => string,
    fallback: string,
  ) {
    super(() => onRule, (alias) => `COALESCE(${ownRuleSql(select('r'), alias)}, ${fallback})`, { readOnly: false, blank: true, nullable: onRule.nullable });
  }
  parse(input: unknown): T | null {
    return this.onRule.parse(input);
  }
  defaultValue(): unknown {
    return this.onRule.defaultValue();
  }
}

/** A 3.5 trigger: whether the rule's event types hold any of those it stands for. */
function trigger(name: string): OnOwnRule<boolean> {
  const holds = (r: string) => `(${TRIGGER_EVENTS[name].map((e) => `CAST(${r}.event_types AS TEXT) LIKE '%"${e}"%'`).join(' OR ')})`;
  return new OnOwnRule(new BooleanField({ default: false }), holds, 'FALSE');
}

/** Where a list of a webhook's object types is, for the object type filters. */
const contentTypesAt = { get sql() { return (Webhook.storedFields.content_types as ComputedField).sql('t'); } };

/**
 * An HTTP request sent to another system. NetBox 3.7 moved what fires it (object types, events, conditions, enabled) to
 * event rules; 3.5's webhook is read and written here as the webhook and its own rule, which only 3.5 speaks.
 */
export const Webhook = defineModel({
  app: 'extras',
  name: 'webhook',
  plural: 'webhooks',
  ordering: ['name'],
  fields: {
    content_types: new OnOwnRule(new ContentTypeListField({ verboseName: 'Object types', default: () => [] }), (r) => `${r}.object_types`, `'[]'`),
    name: text({ max: 150, unique: true }),
    description: text({ max: 200, blank: true }),
    type_create: trigger('type_create'),
    type_update: trigger('type_update'),
    type_delete: trigger('type_delete'),
    type_job_start: trigger('type_job_start'),
    type_job_end: trigger('type_job_end'),
    payload_url: text({ max: 500, verboseName: 'URL' }),
    enabled: new OnOwnRule(new BooleanField({ default: true }), (r) => `${r}.enabled`, 'TRUE'),
    http_method: choice(HTTP_METHODS, { default: 'POST', flat: true, verboseName: 'HTTP method' }),
    http_content_type: text({ max: 100, default: 'application/json', verboseName: 'HTTP content type' }),
    additional_headers: text({ blank: true }),
    body_template: text({ blank: true }),
    secret: text({ max: 255, blank: true }),
    conditions: new OnOwnRule(new JsonField({ nullable: true, blank: true }), (r) => `${r}.conditions`, 'NULL'),
    ssl_verification: boolean({ default: true, verboseName: 'SSL verification' }),
    ca_file_path: text({ max: 4096, nullable: true, blank: true, verboseName: 'CA File Path' }),
  },
  // The API generation a webhook was made in: its receiver is sent that generation's payload (3.5's `model`, 4.x's
  // `object_type` and objects in 4.6's form). Never shown; a webhook made before it was kept is 3.5's.
  derived: { payload_dialect: text({ readOnly: true, max: 10, default: '3.5' }) },
  brief: ['id', 'url', 'display', 'name'],
  search: ['name', 'payload_url', 'description'],
  filterset: {
    fields: [
      'id', 'name', 'type_create', 'type_update', 'type_delete', 'type_job_start', 'type_job_end', 'payload_url', 'enabled', 'http_method',
      'http_content_type', 'secret', 'ssl_verification', 'ca_file_path',
    ],
    base: 'none',
  },
  filters: { content_types: contentTypeFilter(contentTypesAt, { list: true }), content_type_id: contentTypeIdsFilter(contentTypesAt) },
  validate: checkWebhook,
  afterWrite: keepOwnRule,
});

/** Whether a write speaks 3.5's webhook, triggers and all (`/v4` neither shows nor takes them). */
function speaksTriggers(ctx?: WriteContext): boolean {
  return (ctx?.dialect ?? nativeDialect()).takes(Webhook, 'type_create');
}

/** The webhook's values kept on its rule as a write leaves them: given, else as they were (`before`), else 3.5's defaults. */
function onRuleOf(before: Row | null, input: Row): Row {
  return Object.fromEntries(ON_RULE.map((f) => [f, f in input ? input[f] : before && f in before ? before[f] : Webhook.fields[f].defaultValue()]));
}

async function checkWebhook(row: Row, previous: Row | null, ctx?: WriteContext): Promise<void> {
  const input = ctx?.input ?? {};
  if (!previous) row.payload_dialect = (ctx?.dialect ?? nativeDialect()).version;
  // A write of 3.5's triggers makes or changes the webhook's rule: it must be one 3.5 would have kept.
  const writesRule = speaksTriggers(ctx) && (!previous || ON_RULE.some((f) => f in input));
  const view = onRuleOf(previous, input);
  if (writesRule && !TRIGGERS.some((t) => view[t])) {
    throw new FieldError({ __all__: ['At least one event type must be selected: create, update, delete, job_start, and/or job_end.'] });
  }
  const errors: Record<string, string[]> = {};
  if (writesRule && !(view.content_types as string[]).length) errors.content_types = ['content_types' in input ? 'This list may not be empty.' : 'This field is required.'];
  const conditions = writesRule ? conditionsError(view.conditions) : null;
  if (conditions) errors.conditions = [conditions];
  if (!row.ssl_verification && row.ca_file_path) errors.ca_file_path = ['Do not specify a CA certificate file if SSL verification is disabled.'];
  const url = payloadUrlError(row.payload_url);
  if (url) errors.payload_url = [url];
  const body = row.body_template ? templateError(row.body_template) : null;
  if (body) errors.body_template = [body];
  const headers = row.additional_headers ? headerTemplateError(row.additional_headers) : null;
  if (headers) errors.additional_headers = [headers];
  if (Object.keys(errors).length) throw new FieldError(errors);
  const objectEvents = ['type_create', 'type_update', 'type_delete'];
  if (speaksTriggers(ctx) && ctx?.em && ctx.driver && (!previous || row.payload_url !== previous.payload_url || objectEvents.some((f) => f in input))) {
    if (await sameUrlAndEvents(ctx.em, ctx.driver, row, view, previous)) {
      throw new FieldError({ __all__: ['Webhook with this URL, Type create, Type update and Type delete already exists.'] });
    }
  }
}

/** 3.5's unique constraint over a webhook's URL and object events: another webhook with the same. */
async function sameUrlAndEvents(em: EntityManager, driver: Driver, row: Row, view: Row, previous: Row | null): Promise<boolean> {
  const query = new ModelQuery(em, Webhook, driver).where('t.payload_url = :url', { url: row.payload_url });
  for (const name of ['type_create', 'type_update', 'type_delete']) {
    const field = Webhook.storedFields[name] as ComputedField<boolean>;
    query.where(`${field.sql('t')} = ${query.param(field.toParam(!!view[name], driver))}`);
  }
  if (previous) query.where('t.id <> :self', { self: previous.id });
  return (await query.count()) > 0;
}

/** The webhook's own rule, if it has one. */
async function ownRule(em: EntityManager, driver: Driver, webhook: number): Promise<Row | null> {
  const [rule] = await new ModelQuery(em, EventRule, driver)
    .where(`t.action_object_type = :type AND t.action_object_id = :id`, { type: Webhook.label, id: webhook })
    .rows({ order: ['id'], limit: 1 });
  return rule ?? null;
}

/**
 * A rule's event types once 3.5's triggers are written: those a trigger stands for added (in the order NetBox's migration
 * wrote them) or taken, the others kept (a 4.x rule's choice among the job's ends).
 */
function eventTypesOf(existing: string[], view: Row): string[] {
  let types = [...existing];
  for (const [name, events] of Object.entries(TRIGGER_EVENTS)) {
    if (!view[name]) types = types.filter((e) => !events.includes(e as EventType));
    else if (!events.some((e) => types.includes(e))) types.push(...events);
  }
  return types;
}

/**
 * A 3.5 write of a webhook's triggers makes its own rule (named as the webhook, as NetBox's migration named them) or
 * changes it; a rename renames the rule named as it was. The webhook's row then holds what it fires on, for its change
 * record. Deleting a webhook deletes the rules whose action it is (their generic relation).
 */
async function keepOwnRule(em: EntityManager, row: Row | null, previous: Row | null, { driver, input, writer }: AfterWriteContext): Promise<void> {
  if (!row) return;
  const given = ON_RULE.some((f) => f in input);
  const renamed = previous !== null && row.name !== previous.name;
  const view = onRuleOf(previous, input);
  Object.assign(row, view);
  if (!given && !renamed) return;
  const rule = await ownRule(em, driver, row.id);
  const name = rule && renamed && rule.name === previous!.name ? { name: row.name } : {};
  if (!given) {
    if (rule && 'name' in name) await writer.update(EventRule, rule.id, name, true);
    return;
  }
  const triggers = { object_types: view.content_types, event_types: eventTypesOf(rule?.event_types ?? [], view), enabled: view.enabled, conditions: view.conditions };
  if (rule) await writer.update(EventRule, rule.id, { ...triggers, ...name }, true);
  else await writer.create(EventRule, { name: row.name, action_type: 'webhook', action_object_type: Webhook.label, action_object_id: row.id, ...triggers });
}
