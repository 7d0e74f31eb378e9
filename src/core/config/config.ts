import { isIP } from 'net';
import * as path from 'path';

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  superuser: { name: string; password: string; email: string; apiToken: string | null } | null;
  paginateCount: number;
  /** 0 means no maximum: `limit=0` then returns every object. */
  maxPageSize: number;
  /** `'*'` exempts every model; otherwise `app.model` labels. */
  exemptViewPermissions: '*' | string[];
  allowTokenRetrieval: boolean;
  maintenanceMode: boolean;
  loginRequired: boolean;
  /** Addresses and prefixes outside any VRF are unique, as in a VRF that enforces it. */
  enforceGlobalUnique: boolean;
  /** A device's `primary_ip` is its IPv4 one when it has both. */
  preferIpv4: boolean;
  redisUrl: string | null;
  /** Days change records are kept; 0 keeps them forever. */
  changelogRetention: number;
  logLevel: 'error' | 'warn' | 'log' | 'debug';
  /** One JSON object a line, or lines for a person to read. */
  logFormat: 'json' | 'pretty';
  /** Where log lines go: a file appended to, or standard output when null. */
  logFile: string | null;
  /** Prometheus metrics at `/metrics` (NetBox's METRICS_ENABLED). */
  metricsEnabled: boolean;
  /** Serve `/metrics` on this port instead of the API's; null: on the API's port. */
  metricsPort: number | null;
  /** Plugins to install, as module names or paths, in order. */
  plugins: string[];
  /** Each plugin's settings, by plugin name. */
  pluginsConfig: Record<string, Record<string, unknown>>;
  /** Express's `trust proxy`: which proxies' `X-Forwarded-*` headers to believe; false believes none. */
  trustedProxies: boolean | number | string[];
  /** Failed sign-ins allowed per username and per client address in each window; 0 turns the limit off. */
  loginRateLimit: { attempts: number; seconds: number };
  /** The largest request body taken, in bytes. */
  maxRequestSize: number;
  /** Where uploaded files (image attachments) are kept, served below `/media/` (NetBox's MEDIA_ROOT). */
  mediaRoot: string;
  /** The largest uploaded file taken, in bytes (`MAX_UPLOAD_SIZE`). */
  maxUploadSize: number;
  /** PostgreSQL connections each process keeps at most. */
  databasePoolSize: number;
  /** Reads reuse counts, related rows and definitions while the tables they came from are unwritten (`READ_CACHE`). */
  readCache: boolean;
  /** Milliseconds a statement may run before PostgreSQL cancels it; 0: no limit. */
  databaseStatementTimeout: number;
  /** Milliseconds a request waits for a connection (a new one, or one of a full pool) before it answers 503. */
  databaseConnectTimeout: number;
  /** Background jobs: where each kind goes, what a worker consumes, how failures are retried. */
  jobs: JobSettings;
  /** `/graphql/` served (NetBox's GRAPHQL_ENABLED), and the limits a query is refused beyond before it runs. */
  graphql: { enabled: boolean; maxDepth: number; maxComplexity: number };
  /** The NetBox API generation `/api/` speaks (`API_DIALECT`); `/v3/api/` and `/v4/api/` name one explicitly. */
  apiDialect: '3.5' | '4.6';
  /** NetBox's API_TOKEN_PEPPERS: the secrets v2 tokens are hashed with, by id; the highest id hashes new tokens. */
  apiTokenPeppers: Record<number, string>;
  /** Seconds from SIGTERM to the process's exit at the latest: requests and jobs in flight get them to finish (`SHUTDOWN_TIMEOUT`). */
  shutdownTimeout: number;
}

export interface JobSettings {
  /** Queue of each kind of job (`webhook`, `script`, `report`, `sync`), NetBox's QUEUE_MAPPINGS; `default` otherwise. */
  queueMappings: Record<string, string>;
  /** Queues a worker consumes, in priority order (`WORKER_QUEUES`). */
  workerQueues: string[];
  /** With Redis, whether the API process runs a worker too. */
  workersInProcess: boolean;
  /** Attempts after the first for a failed webhook, and the first pause in seconds (doubling), NetBox's RQ_RETRY_*. */
  retryMax: number;
  retryIntervalSeconds: number;
  /** Seconds a job may run before it fails (RQ_DEFAULT_TIMEOUT). */
  timeoutSeconds: number;
  /** The worker process's `/healthz` port. */
  workerHealthPort: number;
  /**
   * Seconds a relay's claim on an outbox entry lasts (`OUTBOX_CHECK_INTERVAL`): an event not yet turned into jobs, or a
   * job not yet known to have run, is looked at again after that, by any process.
   */
  outboxCheckSeconds: number;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  // NetBox lets MAX_PAGE_SIZE be None to remove the maximum.
  if (/^(none|null)$/i.test(raw)) return 0;
  if (!/^\d+$/.test(raw) || Number(raw) < min) throw new ConfigError(`${name} must be an integer >= ${min}, got "${raw}"`);
  return Number(raw);
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/** `TRUSTED_PROXIES`: `true`, `false`, a hop count, or a comma list of addresses, subnets and Express's names (`loopback`). */
function trustedProxies(env: Env): AppConfig['trustedProxies'] {
  const raw = (env.TRUSTED_PROXIES ?? '').trim();
  if (!raw || /^false$/i.test(raw)) return false;
  if (/^true$/i.test(raw)) return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((s) => s.trim()).filter(Boolean);
  const named = ['loopback', 'linklocal', 'uniquelocal'];
  const bad = entries.find((e) => !named.includes(e) && !isIP(e.split('/')[0]));
  if (bad !== undefined) throw new ConfigError(`TRUSTED_PROXIES must be true, false, a hop count or a comma list of addresses and subnets, got "${bad}"`);
  return entries;
}

/** `LOGIN_RATE_LIMIT`: failed sign-ins a minute (`10`), or in a window of seconds (`10/60`); 0 turns it off. */
function loginRateLimit(env: Env): AppConfig['loginRateLimit'] {
  const raw = (env.LOGIN_RATE_LIMIT ?? '').trim() || '10/60';
  const m = /^(\d+)(?:\/(\d+))?$/.exec(raw);
  if (!m || (m[2] !== undefined && Number(m[2]) < 1)) throw new ConfigError(`LOGIN_RATE_LIMIT must be a number of attempts, optionally /seconds (10/60), got "${raw}"`);
  return { attempts: Number(m[1]), seconds: Number(m[2] ?? 60) };
}

/** `MAX_REQUEST_SIZE`: bytes, or with a unit (`10mb`, `512kb`). */
function byteSize(env: Env, name: string, fallback: number): number {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (!raw) return fallback;
  const m = /^(\d+)\s*(b|kb|mb|gb)?$/.exec(raw);
  if (!m || Number(m[1]) < 1) throw new ConfigError(`${name} must be a size in bytes, optionally with kb, mb or gb, got "${raw}"`);
  return Number(m[1]) * { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(m[2] ?? 'b') as 'b'];
}

function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const raw = (env[name] ?? '').trim();
  if (!raw) return fallback;
  if (!values.includes(raw as T)) throw new ConfigError(`${name} must be ${values.join(' or ')}, got "${raw}"`);
  return raw as T;
}

function pluginsConfig(env: Env): Record<string, Record<string, unknown>> {
  const raw = env.PLUGINS_CONFIG;
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('PLUGINS_CONFIG must be a JSON object of settings by plugin name');
  }
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(parsed) || !Object.values(parsed).every(isObject)) throw new ConfigError('PLUGINS_CONFIG must be a JSON object of settings by plugin name');
  return parsed as Record<string, Record<string, unknown>>;
}

/** `QUEUE_MAPPINGS`: `webhook=high,script=default`. */
function queueMappings(env: Env): Record<string, string> {
  const raw = (env.QUEUE_MAPPINGS ?? '').trim();
  const mappings: Record<string, string> = {};
  for (const entry of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^([a-z_]+)\s*[=:]\s*([\w.-]+)$/i.exec(entry);
    if (!m) throw new ConfigError(`QUEUE_MAPPINGS must be a comma list of kind=queue (webhook=high), got "${entry}"`);
    mappings[m[1].toLowerCase()] = m[2];
  }
  return mappings;
}

function listOf(env: Env, name: string, fallback: string[]): string[] {
  const items = (env[name] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return items.length ? items : fallback;
}

/** A positive number of seconds, fractions allowed (tests retry in a fraction of a second). */
function seconds(env: Env, name: string, fallback: number): number {
  const raw = (env[name] ?? '').trim();
  if (!raw) return fallback;
  if (!/^\d+(\.\d+)?$/.test(raw) || Number(raw) <= 0) throw new ConfigError(`${name} must be a number of seconds > 0, got "${raw}"`);
  return Number(raw);
}

/** `API_TOKEN_PEPPERS`: a JSON object of peppers by id, checked as NetBox's validate_peppers checks them. */
function apiTokenPeppers(env: Env): Record<number, string> {
  const raw = (env.API_TOKEN_PEPPERS ?? '').trim();
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('API_TOKEN_PEPPERS must be a JSON object of peppers by integer id ({"1": "<50 or more characters>"})');
  }
  const peppers: Record<number, string> = {};
  // The messages never quote a pepper: they end up in logs.
  for (const [key, pepper] of Object.entries(parsed)) {
    if (!/^-?\d+$/.test(key)) throw new ConfigError(`Invalid API_TOKEN_PEPPERS key: ${key}. All keys must be integers.`);
    if (Number(key) < 0 || Number(key) > 32767) throw new ConfigError(`Invalid API_TOKEN_PEPPERS key: ${key}. Key values must be between 0 and 32767, inclusive.`);
    if (typeof pepper !== 'string') throw new ConfigError(`Invalid API_TOKEN_PEPPERS pepper ${key}: Pepper value must be a string.`);
    if (pepper.length < 50) throw new ConfigError(`Invalid API_TOKEN_PEPPERS pepper ${key}: Pepper must be at least 50 characters in length.`);
    peppers[Number(key)] = pepper;
  }
  return peppers;
}

/** Reads and validates the whole configuration once; a bad value names its variable. */
export function loadConfig(env: Env = process.env): AppConfig {
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL must be a postgres:// URL (or unset for the embedded database), got "${databaseUrl}"`);
  }
  const apiToken = env.SUPERUSER_API_TOKEN || null;
  if (apiToken && !/^[0-9a-fA-F]{40}$/.test(apiToken)) {
    throw new ConfigError('SUPERUSER_API_TOKEN must be 40 hexadecimal characters');
  }
  const superName = env.SUPERUSER_NAME || null;
  if (superName && !env.SUPERUSER_PASSWORD) throw new ConfigError('SUPERUSER_PASSWORD must be set when SUPERUSER_NAME is');
  const exempt = (env.EXEMPT_VIEW_PERMISSIONS ?? '').trim();
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const logLevel = (env.LOG_LEVEL || 'log') as AppConfig['logLevel'];
  if (!['error', 'warn', 'log', 'debug'].includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be error, warn, log or debug, got "${logLevel}"`);
  return {
    port: integer(env, 'PORT', 8000, 0),
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    dataDir,
    superuser: superName
      ? { name: superName, password: env.SUPERUSER_PASSWORD!, email: env.SUPERUSER_EMAIL || '', apiToken: apiToken?.toLowerCase() ?? null }
      : null,
    paginateCount: integer(env, 'PAGINATE_COUNT', 50, 1),
    maxPageSize: integer(env, 'MAX_PAGE_SIZE', 1000, 0),
    exemptViewPermissions: exempt === '*' ? '*' : exempt.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean),
    allowTokenRetrieval: bool(env, 'ALLOW_TOKEN_RETRIEVAL', true),
    maintenanceMode: bool(env, 'MAINTENANCE_MODE', false),
    loginRequired: bool(env, 'LOGIN_REQUIRED', false),
    enforceGlobalUnique: bool(env, 'ENFORCE_GLOBAL_UNIQUE', false),
    preferIpv4: bool(env, 'PREFER_IPV4', false),
    redisUrl: env.REDIS_URL || null,
    changelogRetention: integer(env, 'CHANGELOG_RETENTION', 90, 0),
    logLevel,
    logFormat: oneOf(env, 'LOG_FORMAT', ['json', 'pretty'] as const, 'json'),
    logFile: env.LOG_FILE ? path.resolve(env.LOG_FILE) : null,
    metricsEnabled: bool(env, 'METRICS_ENABLED', false),
    metricsPort: env.METRICS_PORT ? integer(env, 'METRICS_PORT', 0, 0) : null,
    plugins: (env.PLUGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    pluginsConfig: pluginsConfig(env),
    trustedProxies: trustedProxies(env),
    loginRateLimit: loginRateLimit(env),
    // Well above a 1,000-object bulk body (about 1 MB).
    maxRequestSize: byteSize(env, 'MAX_REQUEST_SIZE', 20 * 1024 ** 2),
    mediaRoot: path.resolve(env.MEDIA_ROOT || path.join(dataDir, 'media')),
    maxUploadSize: byteSize(env, 'MAX_UPLOAD_SIZE', 10 * 1024 ** 2),
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1),
    readCache: bool(env, 'READ_CACHE', true),
    databaseStatementTimeout: integer(env, 'DATABASE_STATEMENT_TIMEOUT', 300_000, 0),
    databaseConnectTimeout: integer(env, 'DATABASE_CONNECT_TIMEOUT', 5_000, 1),
    jobs: {
      queueMappings: queueMappings(env),
      workerQueues: listOf(env, 'WORKER_QUEUES', ['high', 'default', 'low']),
      workersInProcess: bool(env, 'WORKERS_IN_PROCESS', false),
      retryMax: integer(env, 'RQ_RETRY_MAX', 3, 0),
      retryIntervalSeconds: seconds(env, 'RQ_RETRY_INTERVAL', 60),
      timeoutSeconds: seconds(env, 'RQ_DEFAULT_TIMEOUT', 300),
      workerHealthPort: integer(env, 'WORKER_HEALTH_PORT', 8001, 0),
      outboxCheckSeconds: seconds(env, 'OUTBOX_CHECK_INTERVAL', 30),
    },
    graphql: {
      enabled: bool(env, 'GRAPHQL_ENABLED', true),
      maxDepth: integer(env, 'GRAPHQL_MAX_DEPTH', 10, 1),
      // A field costs 1, a relation 10 plus what it selects, times 10 (or its limit) for a list: four levels of lists fit.
      maxComplexity: integer(env, 'GRAPHQL_MAX_COMPLEXITY', 50_000, 1),
    },
    apiDialect: oneOf(env, 'API_DIALECT', ['3.5', '4.6'] as const, '3.5'),
    apiTokenPeppers: apiTokenPeppers(env),
    // Under Kubernetes' default grace period of 30 s, after which the pod is killed.
    shutdownTimeout: seconds(env, 'SHUTDOWN_TIMEOUT', 25),
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
