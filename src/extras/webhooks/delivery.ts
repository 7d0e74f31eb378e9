/**
 * One webhook delivery, as NetBox's `process_webhook` (extras/webhooks_worker.py) makes it: conditions, then headers,
 * body and URL rendered from the event's context, an HMAC signature, and one HTTP request (following redirects as
 * python-requests does) whose answer must be 2xx.
 */
import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { pythonJsonDumps, pythonTruthy, renderTemplate, templateError } from '../../core/templates/jinja';
import { ConditionSet } from './conditions';

export interface WebhookDefinition {
  id: number;
  name: string;
  payload_url: string;
  http_method: string;
  http_content_type: string;
  additional_headers: string;
  body_template: string;
  secret: string;
  conditions: unknown;
  ssl_verification: boolean;
  ca_file_path: string | null;
  /** The API generation whose payload it is sent (`3.5`, `4.6`): that of the API it was made through. */
  payload_dialect?: string;
}

export interface WebhookEvent {
  /** One of NetBox's WEBHOOK_EVENT_TYPES values: 'created', 'updated', 'deleted', 'job_started', 'job_ended'. */
  event: string;
  timestamp: string;
  /** The model's name, e.g. 'device' (3.5's payload). */
  model?: string;
  /** The object type, e.g. 'dcim.device' (4.4's payload, which has no `model` from 4.5). */
  object_type?: string;
  username: string;
  request_id: string | null;
  data: unknown;
  /** The request that caused the event (4.6's payload). */
  request?: { id: string | null; method: string; path: string; user: string };
  snapshots?: { prechange: unknown; postchange: unknown };
}

export class WebhookDeliveryError extends Error {
  override name = 'WebhookDeliveryError';
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** python-requests' limit. */
const MAX_REDIRECTS = 30;
/** Enough of a failed answer to quote in the error. */
const MAX_QUOTED_CONTENT = 64 * 1024;
/** Python's str.splitlines() separators. */
const LINE_BREAKS = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/;

/** A time as Python's `str(timezone.now())` writes it: `2026-11-25 17:31:04.123456+00:00` (no fraction on a whole second). */
export function webhookTimestamp(date: Date): string {
  const [day, time] = date.toISOString().split('T');
  const milliseconds = date.getUTCMilliseconds();
  const fraction = milliseconds === 0 ? '' : `.${String(milliseconds).padStart(3, '0')}000`;
  return `${day} ${time.slice(0, 8)}${fraction}+00:00`;
}

/** What the body, headers and URL templates see, in NetBox's key order: 3.5's `model`, or 4.5's `object_type` and 4.6's `request`. */
export function webhookContext(event: WebhookEvent): Record<string, unknown> {
  const context: Record<string, unknown> = {
    event: event.event,
    timestamp: event.timestamp,
    ...(event.object_type !== undefined ? { object_type: event.object_type } : { model: event.model }),
    username: event.username,
    request_id: event.request_id,
    data: event.data,
  };
  if (event.request) context.request = event.request;
  if (pythonTruthy(event.snapshots)) context.snapshots = event.snapshots;
  return context;
}

/** `additional_headers` rendered and read as `Name: Value` lines; blank lines are skipped. */
export function renderHeaders(template: string, context: Record<string, unknown>): Array<[string, string]> {
  if (!template) return [];
  return renderTemplate(template, context)
    .split(LINE_BREAKS)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const colon = line.indexOf(':');
      if (colon < 0) throw new WebhookDeliveryError(headerLineError(line));
      return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
    });
}

function headerLineError(line: string): string {
  return `Invalid header line '${line.trim()}': expected 'Name: Value'`;
}

/**
 * Why `additional_headers` cannot work, or null: a template error, or a line without a colon once rendered for an
 * event with no data. A template that only fails on such an empty event is not reported: real data may suit it.
 */
export function headerTemplateError(text: string): string | null {
  const error = templateError(text);
  if (error !== null) return error;
  const trialEvent = { event: 'created', timestamp: webhookTimestamp(new Date()), model: '', username: '', request_id: null, data: {} };
  let rendered: string;
  try {
    rendered = renderTemplate(text, { ...webhookContext(trialEvent), snapshots: { prechange: null, postchange: null } });
  } catch {
    return null;
  }
  const bad = rendered.split(LINE_BREAKS).find((line) => line.trim() !== '' && !line.includes(':'));
  return bad === undefined ? null : headerLineError(bad);
}

/**
 * Sends `event` to `webhook`. Null when the webhook's conditions do not hold for the event's data; `{status}` on a 2xx
 * answer; throws TemplateError for a template that fails and WebhookDeliveryError for anything else that goes wrong.
 */
export async function deliverWebhook(
  webhook: WebhookDefinition,
  event: WebhookEvent,
  options: { timeoutMs?: number; signal?: AbortSignal; idempotencyKey?: string } = {},
): Promise<{ status: number } | null> {
  if (pythonTruthy(webhook.conditions) && !new ConditionSet(webhook.conditions).eval(event.data)) return null;

  const context = webhookContext(event);
  const headers = new HeaderList();
  headers.set('Content-Type', webhook.http_content_type);
  for (const [name, value] of renderHeaders(webhook.additional_headers, context)) headers.set(name, value);
  const body = Buffer.from(webhook.body_template ? renderTemplate(webhook.body_template, context) : pythonJsonDumps(context), 'utf8');
  const url = parseUrl(renderTemplate(webhook.payload_url, context));
  // The same for every delivery of one event (retries, and repeats after a crash): the receiver can drop repeats.
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
  if (webhook.secret !== '') headers.set('X-Hook-Signature', createHmac('sha512', Buffer.from(webhook.secret, 'utf8')).update(body).digest('hex'));

  const tls = await tlsOptions(webhook);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const answer = await withTimeout(timeoutMs, url, (signal) => send({ method: webhook.http_method.toUpperCase(), url, headers, body }, tls, signal), options.signal);
  if (answer.status >= 200 && answer.status <= 299) return { status: answer.status };
  throw new WebhookDeliveryError(`Status ${answer.status} returned with content '${pythonBytesRepr(answer.content)}', webhook FAILED to process.`);
}

/** Headers by case-insensitive name, the last spelling winning, as python-requests keeps them. */
class HeaderList {
  private readonly byName = new Map<string, [string, string]>();

  set(name: string, value: string) {
    try {
      http.validateHeaderName(name);
      http.validateHeaderValue(name, value);
    } catch (err) {
      throw new WebhookDeliveryError(`Invalid header ${JSON.stringify(name)}: ${(err as Error).message}`);
    }
    this.byName.set(name.toLowerCase(), [name, value]);
  }

  delete(name: string) {
    this.byName.delete(name.toLowerCase());
  }

  toObject(): Record<string, string> {
    return Object.fromEntries(this.byName.values());
  }

  clone(): HeaderList {
    const copy = new HeaderList();
    for (const [key, entry] of this.byName) copy.byName.set(key, entry);
    return copy;
  }
}

/** The rendered payload URL, refused as python-requests refuses it. */
function parseUrl(text: string): URL {
  const trimmed = text.trim();
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(trimmed)) throw new WebhookDeliveryError(`Invalid URL '${trimmed}': No scheme supplied. Perhaps you meant https://${trimmed}?`);
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new WebhookDeliveryError(`Invalid URL '${trimmed}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new WebhookDeliveryError(`No connection adapters were found for '${trimmed}'`);
  return url;
}

interface TlsOptions {
  rejectUnauthorized: boolean;
  ca?: Buffer;
}

/** A CA file turns verification on with that CA alone, even when ssl_verification is off, as in NetBox. */
async function tlsOptions(webhook: WebhookDefinition): Promise<TlsOptions> {
  if (!webhook.ca_file_path) return { rejectUnauthorized: webhook.ssl_verification };
  try {
    return { rejectUnauthorized: true, ca: await readFile(webhook.ca_file_path) };
  } catch {
    throw new WebhookDeliveryError(`Could not find a suitable TLS CA certificate bundle, invalid path: ${webhook.ca_file_path}`);
  }
}

interface OutgoingRequest {
  method: string;
  url: URL;
  headers: HeaderList;
  body: Buffer | null;
}

interface Answer {
  status: number;
  location: string | undefined;
  content: Buffer;
}

/** The request and the redirects it leads to, rewritten as python-requests rewrites them. */
async function send(request: OutgoingRequest, tls: TlsOptions, signal: AbortSignal): Promise<Answer> {
  let current = request;
  for (let redirects = 0; ; redirects++) {
    const answer = await exchange(current, tls, signal);
    if (![301, 302, 303, 307, 308].includes(answer.status) || answer.location === undefined) return answer;
    if (redirects === MAX_REDIRECTS) throw new WebhookDeliveryError(`Exceeded ${MAX_REDIRECTS} redirects.`);
    current = redirected(current, answer.status, new URL(answer.location, current.url));
  }
}

function redirected(request: OutgoingRequest, status: number, url: URL): OutgoingRequest {
  const headers = request.headers.clone();
  let { method, body } = request;
  if ((status === 303 && method !== 'HEAD') || (status === 302 && method !== 'HEAD') || (status === 301 && method === 'POST')) method = 'GET';
  if (status !== 307 && status !== 308) {
    body = null;
    for (const name of ['Content-Length', 'Content-Type', 'Transfer-Encoding']) headers.delete(name);
  }
  if (url.hostname !== request.url.hostname) headers.delete('Authorization');
  return { method, url, headers, body };
}

function exchange(request: OutgoingRequest, tls: TlsOptions, signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = request.headers.toObject();
    // python-requests sends a length for any body, and an empty one for methods that usually carry a body.
    if (request.body !== null && (request.body.length > 0 || !['GET', 'HEAD'].includes(request.method))) headers['Content-Length'] = String(request.body.length);
    const transport = request.url.protocol === 'https:' ? https : http;
    const req = transport.request(request.url, { method: request.method, headers, agent: false, signal, ...(transport === https ? tls : {}) }, (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      res.on('data', (chunk: Buffer) => {
        if (kept >= MAX_QUOTED_CONTENT) return;
        chunks.push(chunk);
        kept += chunk.length;
      });
      res.on('end', () => {
        const location = res.headers.location;
        resolve({ status: res.statusCode ?? 0, location, content: Buffer.concat(chunks).subarray(0, MAX_QUOTED_CONTENT) });
      });
      res.on('error', reject);
      res.on('close', () => {
        if (!res.complete) reject(new Error('the connection closed before the answer was complete'));
      });
    });
    req.on('error', reject);
    req.end(request.body && request.body.length > 0 ? request.body : undefined);
  });
}

/** The request, abandoned after `timeoutMs` or when `stop` aborts (the job was stopped). */
async function withTimeout<T>(timeoutMs: number, url: URL, run: (signal: AbortSignal) => Promise<T>, stop?: AbortSignal): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const stopped = () => controller.abort();
  stop?.addEventListener('abort', stopped, { once: true });
  try {
    if (stop?.aborted) controller.abort();
    return await run(controller.signal);
  } catch (err) {
    if (stop?.aborted) throw new WebhookDeliveryError(`Request to ${url.href} stopped`);
    if (controller.signal.aborted) throw new WebhookDeliveryError(`Request to ${url.href} timed out after ${timeoutMs} ms`);
    if (err instanceof WebhookDeliveryError) throw err;
    throw new WebhookDeliveryError(`Request to ${url.href} failed: ${(err as Error).message}`);
  } finally {
    clearTimeout(timer);
    stop?.removeEventListener('abort', stopped);
  }
}

/** Bytes as Python's repr() prints them (`b'...'`): NetBox quotes a failed answer's content this way. */
function pythonBytesRepr(content: Buffer): string {
  const quote = content.includes(0x27) && !content.includes(0x22) ? '"' : "'";
  let text = '';
  for (const byte of content) {
    const char = String.fromCharCode(byte);
    if (char === quote || char === '\\') text += `\\${char}`;
    else if (char === '\t') text += '\\t';
    else if (char === '\n') text += '\\n';
    else if (char === '\r') text += '\\r';
    else if (byte < 0x20 || byte >= 0x7f) text += `\\x${byte.toString(16).padStart(2, '0')}`;
    else text += char;
  }
  return `b${quote}${text}${quote}`;
}
