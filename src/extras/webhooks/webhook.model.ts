import { FieldError, boolean, choice, contentTypes, json, text } from '../../core/model/fields';
import { defineModel } from '../../core/model/model';
import { templateError } from '../../core/templates/jinja';
import { contentTypeFilter, contentTypeIdsFilter } from '../content-type-filter';
import { ConditionError, ConditionSet } from './conditions';
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

/** An HTTP request sent to another system when objects of some types are created, updated or deleted, or a job of theirs starts or ends. */
export const Webhook = defineModel({
  app: 'extras',
  name: 'webhook',
  plural: 'webhooks',
  ordering: ['name'],
  fields: {
    content_types: contentTypes({ verboseName: 'Object types' }),
    name: text({ max: 150, unique: true }),
    description: text({ max: 200, blank: true }),
    type_create: boolean({ default: false }),
    type_update: boolean({ default: false }),
    type_delete: boolean({ default: false }),
    type_job_start: boolean({ default: false }),
    type_job_end: boolean({ default: false }),
    payload_url: text({ max: 500, verboseName: 'URL' }),
    enabled: boolean({ default: true }),
    http_method: choice(HTTP_METHODS, { default: 'POST', flat: true, verboseName: 'HTTP method' }),
    http_content_type: text({ max: 100, default: 'application/json', verboseName: 'HTTP content type' }),
    additional_headers: text({ blank: true }),
    body_template: text({ blank: true }),
    secret: text({ max: 255, blank: true }),
    conditions: json({ nullable: true, blank: true }),
    ssl_verification: boolean({ default: true, verboseName: 'SSL verification' }),
    ca_file_path: text({ max: 4096, nullable: true, blank: true, verboseName: 'CA File Path' }),
  },
  constraints: [{ fields: ['payload_url', 'type_create', 'type_update', 'type_delete'] }],
  brief: ['id', 'url', 'display', 'name'],
  search: ['name', 'payload_url', 'description'],
  filterset: {
    fields: [
      'id', 'name', 'type_create', 'type_update', 'type_delete', 'type_job_start', 'type_job_end', 'payload_url', 'enabled', 'http_method',
      'http_content_type', 'secret', 'ssl_verification', 'ca_file_path',
    ],
    base: 'none',
  },
  filters: { content_types: contentTypeFilter('content_types', { list: true }), content_type_id: contentTypeIdsFilter('content_types') },
  validate(row) {
    if (!['type_create', 'type_update', 'type_delete', 'type_job_start', 'type_job_end'].some((t) => row[t])) {
      throw new FieldError({ __all__: ['At least one event type must be selected: create, update, delete, job_start, and/or job_end.'] });
    }
    const errors: Record<string, string[]> = {};
    if (row.conditions !== null && row.conditions !== undefined && !isEmpty(row.conditions)) {
      try {
        new ConditionSet(row.conditions);
      } catch (e) {
        if (!(e instanceof ConditionError)) throw e;
        errors.conditions = [e.message];
      }
    }
    if (!row.ssl_verification && row.ca_file_path) errors.ca_file_path = ['Do not specify a CA certificate file if SSL verification is disabled.'];
    const url = payloadUrlError(row.payload_url);
    if (url) errors.payload_url = [url];
    const body = row.body_template ? templateError(row.body_template) : null;
    if (body) errors.body_template = [body];
    const headers = row.additional_headers ? headerTemplateError(row.additional_headers) : null;
    if (headers) errors.additional_headers = [headers];
    if (Object.keys(errors).length) throw new FieldError(errors);
  },
});

/** Django's falsy JSON: no conditions. */
function isEmpty(value: unknown): boolean {
  if (value === false || value === 0 || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}
