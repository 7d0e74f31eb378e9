import * as ipaddr from 'ipaddr.js';
import { PermissionDeniedError } from '../core/http/errors';
import { boolean, choice, contentTypes, datetime, FieldError, foreignKey, input, integer, json, manyToMany, reverseManyToMany, text } from '../core/model/fields';
import { CustomFilter, Row, WriteContext, defineModel } from '../core/model/model';
import { searchFilter } from '../core/query/filters';
import { ModelQuery, q } from '../core/query/model-query';
import { contentTypeIdFilter } from '../extras/content-type-filter';
import { hashPassword } from '../core/auth/passwords';
import { TOKEN_DEFAULT_LENGTH, TOKEN_KEY_LENGTH, currentPepper, generateSecret, generateV1Key, hasTokenVersions, tokenDigest } from '../core/auth/tokens';

export const Group = defineModel({
  app: 'users',
  name: 'group',
  plural: 'groups',
  table: 'users_group',
  fields: {
    name: text({ max: 150, unique: true }),
    description: text({ max: 200, blank: true }),
    // 4.x's: the object permissions granted to the group.
    permissions: reverseManyToMany('users.objectpermission', 'groups'),
  },
  counts: { user_count: { model: 'users.user', field: 'groups' } },
  full: ['id', 'url', 'display', 'name', 'user_count'],
  brief: ['id', 'url', 'display', 'name'],
  search: ['name'],
  features: { tags: false, customFields: false, created: false, lastUpdated: false, changeLog: false },
  filterset: { fields: ['id', 'name', 'description'], base: 'none' },
});

export const User = defineModel({
  app: 'users',
  name: 'user',
  plural: 'users',
  table: 'users_user',
  // NetBox shows the full name, when there is one, after the username.
  display: (u) => {
    const full = `${u.first_name ?? ''} ${u.last_name ?? ''}`.trim();
    return full ? `${u.username} (${full})` : u.username;
  },
  ordering: ['username'],
  lookupField: 'username',
  fields: {
    username: text({
      max: 150,
      unique: true,
      pattern: /^[\w.@+-]+$/u,
      patternMessage: 'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.',
    }),
    // Write-only: stored as an scrypt hash, never rendered.
    password: text({ max: 256, writeOnly: true }),
    first_name: text({ max: 150, blank: true }),
    last_name: text({ max: 150, blank: true }),
    email: text({ max: 254, blank: true, format: 'email' }),
    is_staff: boolean({ default: false }),
    is_active: boolean({ default: true }),
    is_superuser: boolean({ default: false, readOnly: true }),
    date_joined: datetime({ default: () => new Date() }),
    // When the user last signed in (a session begun: SessionService.signIn), as Django records it.
    last_login: datetime({ nullable: true }),
    groups: manyToMany('users.group', { filterName: 'group' }),
    // 4.x's: the object permissions granted to the user.
    permissions: reverseManyToMany('users.objectpermission', 'users'),
    // The user's preferences, served at /api/users/config/.
    config_data: json({ readOnly: true, default: () => ({}) }),
  },
  full: ['id', 'url', 'display', 'username', 'first_name', 'last_name', 'email', 'is_staff', 'is_active', 'date_joined', 'groups'],
  brief: ['id', 'url', 'display', 'username'],
  search: ['username', 'first_name', 'last_name', 'email'],
  features: { tags: false, customFields: false, created: false, lastUpdated: false, changeLog: false },
  filterset: { fields: ['id', 'username', 'first_name', 'last_name', 'email', 'is_staff', 'is_active'], related: ['group_id', 'group'], base: 'none' },
  async validate(row, previous) {
    if (row.password && row.password !== previous?.password) row.password = await hashPassword(row.password);
  },
});

export const ObjectPermission = defineModel({
  app: 'users',
  name: 'objectpermission',
  plural: 'permissions',
  table: 'users_objectpermission',
  verboseName: 'permission',
  fields: {
    name: text({ max: 100 }),
    description: text({ max: 200, blank: true }),
    enabled: boolean({ default: true }),
    object_types: contentTypes(),
    groups: manyToMany('users.group', { filterName: 'group' }),
    users: manyToMany('users.user', { filterName: 'user' }),
    actions: json(),
    constraints: json({ nullable: true }),
  },
  brief: ['id', 'url', 'display', 'name', 'enabled', 'object_types', 'groups', 'users', 'actions'],
  search: ['name', 'description'],
  filterset: { fields: ['id', 'name', 'enabled', 'description'], related: ['user_id', 'user', 'group_id', 'group'], base: 'none' },
  // Meta.fields' many-to-many to content types: by content type id.
  filters: { object_types: contentTypeIdFilter('object_types', { list: true }) },
  // 3.5's nested permission names its groups and users instead of nesting them (4.x's lists neither).
  present(rep, _row, ctx) {
    if (ctx.mode !== 'brief') return;
    if ('groups' in rep) rep.groups = (rep.groups as Array<{ name: string }>).map((g) => g.name);
    if ('users' in rep) rep.users = (rep.users as Array<{ username: string }>).map((u) => u.username);
  },
  features: { tags: false, customFields: false, created: false, lastUpdated: false, changeLog: false },
  validate(row) {
    const errors: Record<string, string[]> = {};
    const actions = row.actions;
    if (!Array.isArray(actions) || actions.length === 0 || actions.some((a) => typeof a !== 'string' || !a)) {
      errors.actions = ['Expected a list of actions such as "view", "add", "change" or "delete".'];
    }
    const c = row.constraints;
    const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
    if (c !== null && !isObject(c) && !(Array.isArray(c) && c.every(isObject))) {
      errors.constraints = ['Constraints must be a JSON object, or a list of JSON objects (any of which may match).'];
    }
    if (Object.keys(errors).length) throw new FieldError(errors);
  },
});

/** NetBox's partial key: enough to recognise a token, never to use it. */
export function partialKey(key: string): string {
  return '*'.repeat(34) + String(key).slice(-6);
}

const TOKEN_VERSIONS = [
  { value: 1, label: 'v1' },
  { value: 2, label: 'v2' },
];
const HEX40 = /^[0-9a-f]{40}$/;
const SECRET_SHOWN_WITHIN_MS = 60_000;

/**
 * The secrets of v2 tokens this process has just created, by key, until the answer that created them shows them:
 * only their digest is stored (NetBox keeps them on the request). Dropped after a minute if the write failed.
 */
const newSecrets = new Map<string, string>();

function rememberSecret(key: string, secret: string): void {
  newSecrets.set(key, secret);
  setTimeout(() => newSecrets.delete(key), SECRET_SHOWN_WITHIN_MS).unref();
}

function takeSecret(key: string): string | null {
  const secret = newSecrets.get(key) ?? null;
  newSecrets.delete(key);
  return secret;
}

export const Token = defineModel({
  app: 'users',
  name: 'token',
  plural: 'tokens',
  table: 'users_token',
  // A v2 token's key is its id, not a secret: NetBox 4.5 shows it whole.
  display: (t) => (t.version === 2 ? t.key : partialKey(t.key)),
  ordering: ['-id'],
  lookupField: 'key',
  fields: {
    user: foreignKey('users.user', { onDelete: 'CASCADE' }),
    created: datetime({ readOnly: true, default: () => new Date() }),
    expires: datetime({ nullable: true }),
    last_used: datetime({ nullable: true }),
    // A v1 token's secret (3.5's key: 40 hex characters, checked by the rules), or a v2 token's 12-character id.
    key: text({ max: 40, unique: true, blank: true }),
    write_enabled: boolean({ default: true }),
    description: text({ max: 200, blank: true }),
    allowed_ips: json({ default: () => [] }),
    version: choice(TOKEN_VERSIONS, { flat: true, default: 1 }),
    enabled: boolean({ default: true, helpText: 'Disable to temporarily revoke this token without deleting it.' }),
    pepper_id: integer({ nullable: true, readOnly: true, helpText: 'ID of the cryptographic pepper used to hash the token (v2 only)' }),
    // HMAC-SHA256 of a v2 token's secret keyed by its pepper: never shown.
    hmac_digest: text({ max: 64, nullable: true, readOnly: true }),
    // 4.5's `key`: a v2 token's id, filled in by `present`.
    v2_key: input(() => null, { type: 'string', readOnly: true, nullable: true }, { readOnly: true }),
    // 4.5's plaintext: taken on create, shown in the answer that created the token only.
    token: input((value) => value, { type: 'string' }, { nullable: true }),
  },
  // 3.5's; 4.6 lists its own from the fields.
  full: ['id', 'url', 'display', 'user', 'created', 'expires', 'last_used', 'key', 'write_enabled', 'description', 'allowed_ips', 'last_updated'],
  brief: ['id', 'url', 'display', 'key', 'write_enabled'],
  features: { tags: false, customFields: false, created: false, lastUpdated: true, changeLog: false },
  filterset: { fields: ['id', 'key', 'write_enabled', 'description', 'version', 'enabled', 'pepper_id'], related: ['user_id', 'user'], base: 'none' },
  filters: {
    q: searchFilter((like) => [like('t.description'), `t.user_id IN (SELECT u.id FROM ${q(User.table)} u WHERE ${like('u.username')})`]),
    // 4.5's `key`: v2 tokens only, a v1 token has none.
    v2_key: {
      apply(values, ctx) {
        ctx.where(`(t.version = 2 AND t.${q('key')} IN (${values.map((v) => ctx.param(v)).join(', ')}))`);
      },
    },
    ...timestampFilters('created'),
    ...timestampFilters('expires'),
    ...timestampFilters('last_used'),
  },
  // Users other than superusers see and manage only their own tokens.
  restrict: (user) => (user.is_superuser ? null : { user: user.id }),
  async validate(row, previous, ctx) {
    if (hasTokenVersions(ctx?.dialect)) await versionedTokenRules(row, previous, ctx!);
    else unversionedTokenRules(row, previous);
    const ips = row.allowed_ips;
    if (!Array.isArray(ips) || ips.some((ip) => typeof ip !== 'string' || !validNetwork(ip))) {
      const bad = Array.isArray(ips) ? ips.filter((ip) => typeof ip !== 'string' || !validNetwork(ip)) : [ips];
      throw new FieldError({ allowed_ips: bad.map((ip) => `Invalid IP network: ${String(ip)}`) });
    }
    const actor = ctx?.user;
    if (actor && !actor.is_superuser && row.user_id !== actor.id && row.user_id !== previous?.user_id) {
      // NetBox's users.grant_token: the action "grant" on users.token.
      if (!(await ctx.can('users.token', 'grant'))) {
        throw new PermissionDeniedError('This user does not have permission to create tokens for other users.');
      }
    }
  },
  present(rep, row, ctx) {
    if (hasTokenVersions(ctx.dialect)) {
      if ('v2_key' in rep) rep.v2_key = row.version === 2 ? row.key : null;
      if ('token' in rep) rep.token = ctx.fresh ? (row.version === 2 ? takeSecret(row.key) : row.key) : null;
      return;
    }
    // With ALLOW_TOKEN_RETRIEVAL off, a key is shown once: in the answer that created it. A v2 token's stored key
    // is its id, which no 3.5 client could authenticate with: 3.5 shows it as a key it may not retrieve (none).
    if ('key' in rep && (row.version === 2 || (!ctx.config?.allowTokenRetrieval && !ctx.fresh))) delete rep.key;
  },
});

/**
 * 3.5 and writes outside the API (the bootstrap token, the sign-in pages) know only v1 tokens: they create those, and
 * leave a token's version and enabled alone; a v2 token's key is its id, which they do not change. A new row that holds
 * a version already (an import of NetBox 4.5+, which none of those can give) keeps it, a v2 token as NetBox hashed it.
 */
function unversionedTokenRules(row: Row, previous: Row | null): void {
  row.version = previous?.version ?? row.version ?? 1;
  row.enabled = previous?.enabled ?? row.enabled ?? true;
  if (row.version === 2) {
    if (previous) row.key = previous.key;
    else if (!row.key || row.pepper_id === null || row.pepper_id === undefined || !row.hmac_digest) {
      throw new FieldError(['A v2 token needs its key, pepper ID and digest.']);
    }
    return;
  }
  if (!row.key) row.key = generateV1Key();
  row.key = String(row.key).toLowerCase();
  if (!HEX40.test(row.key)) throw new FieldError({ key: ['Ensure this field has at least 40 characters.'] });
}

/**
 * NetBox 4.5+'s token serializer and model: a new token is v2 unless `version: 1` is asked for, its secret given as
 * `token` or generated; a v2 token stores its digest only. The version, key and user are a token's for life.
 */
async function versionedTokenRules(row: Row, previous: Row | null, ctx: WriteContext): Promise<void> {
  if (previous) {
    row.version = previous.version;
    row.key = previous.key;
    row.user_id = previous.user_id;
    return;
  }
  if (row.expires instanceof Date && row.expires.getTime() <= Date.now()) {
    const now = new Date().toISOString();
    throw new FieldError({ expires: [`Expiration time must be in the future. Current server time is ${now.slice(0, 10)} ${now.slice(11, 19)} (UTC).`] });
  }
  const input = ctx.input ?? {};
  // The stored default is 3.5's v1; 4.5's is v2.
  if (!('version' in input)) row.version = 2;
  const secret = givenSecret(input);
  if (row.version === 2) {
    const pepper = currentPepper(ctx.config?.apiTokenPeppers ?? {});
    if (!pepper) throw new FieldError(['Unable to save v2 tokens: API_TOKEN_PEPPERS is not defined.']);
    const plaintext = secret ?? generateSecret();
    row.key = generateSecret(TOKEN_KEY_LENGTH);
    row.pepper_id = pepper.id;
    row.hmac_digest = tokenDigest(pepper.pepper, plaintext);
    rememberSecret(row.key, plaintext);
  } else {
    row.key = secret?.toLowerCase() ?? generateV1Key();
    if (row.key.length !== TOKEN_DEFAULT_LENGTH) {
      const bound = row.key.length < TOKEN_DEFAULT_LENGTH ? 'at least' : 'at most';
      throw new FieldError({ token: [`Ensure this value has ${bound} ${TOKEN_DEFAULT_LENGTH} characters (it has ${row.key.length}).`] });
    }
    // Stored and looked up in lower case, as 3.5's keys are.
    if (!HEX40.test(row.key)) throw new FieldError({ token: ['A v1 token must be 40 hexadecimal characters.'] });
    if (ctx.em && ctx.driver && (await new ModelQuery(ctx.em, Token, ctx.driver).where('t.key = :key', { key: row.key }).count())) {
      throw new FieldError({ token: ['token with this plaintext already exists.'] });
    }
  }
}

/** The secret a create was given, checked as DRF's CharField checks it; undefined when none was. */
function givenSecret(input: Row): string | undefined {
  if (!('token' in input)) return undefined;
  const value = input.token;
  if (value === null) throw new FieldError({ token: ['This field may not be null.'] });
  if (typeof value !== 'string' && typeof value !== 'number') throw new FieldError({ token: ['Not a valid string.'] });
  const secret = String(value).trim();
  if (!secret) throw new FieldError({ token: ['This field may not be blank.'] });
  return secret;
}

/** NetBox's token `created`, `expires` and `last_used`: one timestamp, exactly, and its own `__gte` and `__lte`. */
function timestampFilters(name: 'created' | 'expires' | 'last_used'): Record<string, CustomFilter> {
  const ops: Record<string, string> = { exact: '=', gte: '>=', lte: '<=' };
  return {
    [name]: {
      lookups: ['gte', 'lte'],
      apply(values, ctx) {
        const field = Token.fields[name];
        const raw = values[values.length - 1];
        if (!raw) return;
        const value = field.parseFilter(raw);
        ctx.where(`t.${q(field.column)} ${ops[ctx.lookup]} ${ctx.param(field.toParam(value, ctx.driver))}`);
      },
    },
  };
}

function validNetwork(value: string): boolean {
  try {
    if (value.includes('/')) ipaddr.parseCIDR(value);
    else ipaddr.parse(value);
    return true;
  } catch {
    return false;
  }
}
