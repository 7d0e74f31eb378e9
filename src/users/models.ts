import { randomBytes } from 'crypto';
import * as ipaddr from 'ipaddr.js';
import { PermissionDeniedError } from '../core/http/errors';
import { boolean, contentTypes, datetime, FieldError, foreignKey, json, manyToMany, text } from '../core/model/fields';
import { CustomFilter, defineModel } from '../core/model/model';
import { searchFilter } from '../core/query/filters';
import { q } from '../core/query/model-query';
import { contentTypeIdFilter } from '../extras/content-type-filter';
import { hashPassword } from '../core/auth/passwords';

export const Group = defineModel({
  app: 'users',
  name: 'group',
  plural: 'groups',
  table: 'users_group',
  fields: {
    name: text({ max: 150, unique: true }),
  },
  counts: { user_count: { model: 'users.user', field: 'groups' } },
  full: ['id', 'url', 'display', 'name', 'user_count'],
  brief: ['id', 'url', 'display', 'name'],
  search: ['name'],
  features: { tags: false, customFields: false, created: false, lastUpdated: false, changeLog: false },
  filterset: { fields: ['id', 'name'], base: 'none' },
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
    password: text({ max: 256 }),
    first_name: text({ max: 150, blank: true }),
    last_name: text({ max: 150, blank: true }),
    email: text({ max: 254, blank: true, format: 'email' }),
    is_staff: boolean({ default: false }),
    is_active: boolean({ default: true }),
    is_superuser: boolean({ default: false, readOnly: true }),
    date_joined: datetime({ default: () => new Date() }),
    groups: manyToMany('users.group', { filterName: 'group' }),
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
  // The nested permission names its groups and users instead of nesting them.
  present(rep, _row, ctx) {
    if (ctx.mode !== 'brief') return;
    rep.groups = (rep.groups as Array<{ name: string }>).map((g) => g.name);
    rep.users = (rep.users as Array<{ username: string }>).map((u) => u.username);
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

export function generateTokenKey(): string {
  return randomBytes(20).toString('hex');
}

/** NetBox's partial key: enough to recognise a token, never to use it. */
export function partialKey(key: string): string {
  return '*'.repeat(34) + String(key).slice(-6);
}

export const Token = defineModel({
  app: 'users',
  name: 'token',
  plural: 'tokens',
  table: 'users_token',
  display: (t) => partialKey(t.key),
  ordering: ['-id'],
  lookupField: 'key',
  fields: {
    user: foreignKey('users.user', { onDelete: 'CASCADE' }),
    created: datetime({ readOnly: true, default: () => new Date() }),
    expires: datetime({ nullable: true }),
    last_used: datetime({ nullable: true }),
    key: text({ max: 40, unique: true, blank: true, pattern: /^[0-9a-fA-F]{40}$/, patternMessage: 'Ensure this field has at least 40 characters.' }),
    write_enabled: boolean({ default: true }),
    description: text({ max: 200, blank: true }),
    allowed_ips: json({ default: () => [] }),
  },
  full: ['id', 'url', 'display', 'user', 'created', 'expires', 'last_used', 'key', 'write_enabled', 'description', 'allowed_ips', 'last_updated'],
  brief: ['id', 'url', 'display', 'key', 'write_enabled'],
  features: { tags: false, customFields: false, created: false, lastUpdated: true, changeLog: false },
  filterset: { fields: ['id', 'key', 'write_enabled', 'description'], related: ['user_id', 'user'], base: 'none' },
  filters: {
    q: searchFilter((like) => [like('t.description'), `t.user_id IN (SELECT u.id FROM ${q(User.table)} u WHERE ${like('u.username')})`]),
    ...timestampFilters('created'),
    ...timestampFilters('expires'),
  },
  // Users other than superusers see and manage only their own tokens.
  restrict: (user) => (user.is_superuser ? null : { user: user.id }),
  async validate(row, previous, ctx) {
    if (!row.key) row.key = generateTokenKey();
    row.key = String(row.key).toLowerCase();
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
  present(rep, _row, ctx) {
    // With ALLOW_TOKEN_RETRIEVAL off, a key is shown once: in the answer that created it.
    if (!ctx.config?.allowTokenRetrieval && !ctx.fresh && 'key' in rep) delete rep.key;
  },
});

/** NetBox's token `created` and `expires`: one timestamp, exactly, and its own `__gte` and `__lte`. */
function timestampFilters(name: 'created' | 'expires'): Record<string, CustomFilter> {
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
