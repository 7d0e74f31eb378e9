import { Injectable } from '@nestjs/common';
import { Database } from '../db/database';
import { ManyToManyField } from '../model/fields';
import { Row, registry } from '../model/model';
import { ModelQuery } from '../query/model-query';
import { Constraint, Scope, bindUser } from '../query/constraints';

/** The action an HTTP method asks for, in NetBox's terms. */
export function actionOf(method: string): 'view' | 'add' | 'change' | 'delete' {
  switch (method) {
    case 'POST':
      return 'add';
    case 'PUT':
    case 'PATCH':
      return 'change';
    case 'DELETE':
      return 'delete';
    default:
      return 'view';
  }
}

/** NetBox's DEFAULT_PERMISSIONS: what every signed-in user may do to their own objects without being granted it. */
const DEFAULT_PERMISSIONS: Record<string, Constraint[]> = Object.fromEntries(
  ['notification', 'subscription'].flatMap((name) => ['view', 'add', 'change', 'delete'].map((action) => [`extras.${name}:${action}`, [{ user: '$user' }]])),
);

/**
 * NetBox's object permissions: a user holds, directly or through groups, enabled permissions
 * naming object types and actions, each optionally narrowed by constraints.
 */
@Injectable()
export class PermissionService {
  constructor(private readonly db: Database) {}

  /** What the user may act on: everything, the objects matching any constraint, or nothing (null). */
  async scopeFor(user: Row, objectType: string, action: string): Promise<Scope | null> {
    if (user.is_superuser) return 'all';
    const permissions = await this.permissionsOf(user);
    const constraints: Constraint[] = [];
    let granted = false;
    for (const p of permissions) {
      if (!p.object_types?.includes(objectType) || !p.actions?.includes(action)) continue;
      granted = true;
      const c = p.constraints;
      const sets: Constraint[] = c === null || c === undefined ? [] : Array.isArray(c) ? c : [c];
      // A permission without constraints (or with an empty one) covers every object.
      if (sets.length === 0 || sets.some((s) => Object.keys(s).length === 0)) return 'all';
      constraints.push(...sets.map((s) => bindUser(s, user.id)));
    }
    const defaults = DEFAULT_PERMISSIONS[`${objectType}:${action}`];
    if (defaults) return [...constraints, ...defaults.map((c) => bindUser(c, user.id))];
    return granted ? constraints : null;
  }

  async can(user: Row, objectType: string, action: string): Promise<boolean> {
    return (await this.scopeFor(user, objectType, action)) !== null;
  }

  private async permissionsOf(user: Row): Promise<Row[]> {
    const permissions = registry.get('users.objectpermission');
    if (!permissions) return [];
    const byUser = permissions.fields.users as ManyToManyField;
    const byGroup = permissions.fields.groups as ManyToManyField;
    const userGroups = registry.get('users.user')!.fields.groups as ManyToManyField;
    const query = new ModelQuery(this.db.manager, permissions, this.db.driver);
    const uid = query.param(user.id);
    query.where(`t.enabled = ${query.param(this.db.driver === 'sqlite' ? 1 : true)}`);
    query.where(
      `(t.id IN (SELECT u.${byUser.sourceColumn} FROM ${byUser.throughTable} u WHERE u.${byUser.targetColumn} = ${uid})` +
        ` OR t.id IN (SELECT g.${byGroup.sourceColumn} FROM ${byGroup.throughTable} g WHERE g.${byGroup.targetColumn} IN` +
        ` (SELECT m.${userGroups.targetColumn} FROM ${userGroups.throughTable} m WHERE m.${userGroups.sourceColumn} = ${uid})))`,
    );
    return query.rows({ order: ['id'] });
  }
}
