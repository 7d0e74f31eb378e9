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
  /** Plugins to install, as module names or paths, in order. */
  plugins: string[];
  /** Each plugin's settings, by plugin name. */
  pluginsConfig: Record<string, Record<string, unknown>>;
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
  const logLevel = (env.LOG_LEVEL || 'log') as AppConfig['logLevel'];
  if (!['error', 'warn', 'log', 'debug'].includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be error, warn, log or debug, got "${logLevel}"`);
  return {
    port: integer(env, 'PORT', 8000, 0),
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    dataDir: path.resolve(env.DATA_DIR || './data'),
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
    plugins: (env.PLUGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    pluginsConfig: pluginsConfig(env),
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
