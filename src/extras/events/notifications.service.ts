import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Database } from '../../core/db/database';
import type { CachedReads } from '../../core/db/read-cache';
import { ChangeEvent, ChangeEvents, ChangeListener, CommittedChanges, deletedKey } from '../../core/events/change-events';
import { Driver, ManyToManyField } from '../../core/model/fields';
import { ModelDef, Row, registry } from '../../core/model/model';
import { ModelQuery, q, selectSql } from '../../core/query/model-query';
import { EventType } from './event-rule.model';
import { CHANGE_EVENTS, EventRules, RuleEvent } from './event-rules.service';
import { Notification, NotificationGroup, Subscription } from './notifications.model';
import type { Dialect } from '../../core/dialect/dialect';
import { nativeDialect } from '../../core/dialect/registry';

/** Who is subscribed to what: user ids by `<label>:<id>`, and the object types with any subscription. */
interface Subscribed {
  byObject: Map<string, number[]>;
  types: Set<string>;
}

/** The key under which subscriptions are remembered while their table is unwritten. */
const SUBSCRIBED = 'extras.subscription:all';

/** What one notification says: of which object, of what event, named how. */
interface Told {
  objectType: string;
  objectId: number;
  eventType: EventType;
  repr: string;
}

/**
 * NetBox 4.1's notifications: an event rule's notification tells each member of its group (its users, and the users
 * of its groups), keeping one notification per object and user; a change to or deletion of an object tells the users
 * subscribed to it, anew.
 */
@Injectable()
export class Notifications implements ChangeListener, OnModuleInit {
  /** Subscriptions as one transaction sees them, read once per transaction. */
  private readonly inTransaction = new WeakMap<EntityManager, Promise<Subscribed>>();

  constructor(
    private readonly events: ChangeEvents,
    private readonly rules: EventRules,
    private readonly db: Database,
  ) {}

  onModuleInit(): void {
    this.events.listen(this);
    this.rules.notifyGroupsWith((group, event) => this.notifyGroup(group, event));
  }

  private subscribed(em: EntityManager, cache?: CachedReads): Promise<Subscribed> {
    const read = () => subscriptions(em, this.db.driver);
    return cache ? cache.value(SUBSCRIBED, [Subscription.table], read) : read();
  }

  /** Subscriptions as `em`'s transaction sees them, read once in it. */
  private subscribedIn(em: EntityManager, cache?: CachedReads): Promise<Subscribed> {
    let subscribed = this.inTransaction.get(em);
    if (!subscribed) this.inTransaction.set(em, (subscribed = this.subscribed(em, cache)));
    return subscribed;
  }

  async wantsDeleted(model: ModelDef, em: EntityManager, cache?: CachedReads): Promise<readonly Dialect[]> {
    return (await this.subscribedIn(em, cache)).types.has(model.label) ? [nativeDialect()] : [];
  }

  /** Changes to objects of a type someone subscribes to are recorded in the outbox with their write. */
  async interested(changes: ChangeEvent[], em: EntityManager, cache?: CachedReads): Promise<boolean> {
    const { types } = await this.subscribedIn(em, cache);
    return types.size > 0 && changes.some((change) => change.action !== 'create' && types.has(change.model.label));
  }

  /** NetBox's notify_object_changed: subscribers of an object updated or deleted are told, their earlier notifications of it replaced. */
  async committed(committed: CommittedChanges): Promise<void> {
    const subscribed = await this.subscribed(this.db.manager, committed.reads);
    if (!subscribed.types.size) return;
    // Each object's last change is what its subscribers are told of.
    const last = new Map<string, ChangeEvent>();
    for (const change of committed.changes) {
      const key = deletedKey(change.model, change.id);
      if (change.action !== 'create' && subscribed.byObject.has(key)) last.set(key, change);
    }
    if (!last.size) return;
    const updated = new Map<ModelDef, number[]>();
    for (const change of last.values()) if (change.action === 'update') updated.set(change.model, [...(updated.get(change.model) ?? []), change.id]);
    const reprs = new Map<string, unknown>();
    for (const [model, ids] of updated) for (const rep of await committed.render(model, ids)) reprs.set(deletedKey(model, rep.id as number), rep.display);
    await this.db.transaction(async (em) => {
      for (const [key, change] of last) {
        const shown = change.action === 'delete' ? (committed.deleted.get(key) as Row | undefined)?.display : reprs.get(key);
        const told: Told = { objectType: change.model.label, objectId: change.id, eventType: CHANGE_EVENTS[change.action], repr: String(shown ?? `${change.model.verboseName} ${change.id}`) };
        const users = subscribed.byObject.get(key)!;
        await em.createQueryBuilder().delete().from(Notification.table).where('object_type = :type AND object_id = :id AND user_id IN (:...users)', { type: told.objectType, id: told.objectId, users }).execute();
        await insertNotifications(em, told, users);
        // A deleted object's subscriptions go with it, once its subscribers are told.
        if (change.action === 'delete') await em.createQueryBuilder().delete().from(Subscription.table).where('object_type = :type AND object_id = :id', { type: told.objectType, id: told.objectId }).execute();
      }
    });
  }

  /**
   * NetBox's NotificationGroup.notify: a notification of the event's object for each member, one per object and user
   * (an earlier one keeps its time and whether it was read, and says the new event).
   */
  async notifyGroup(groupId: number, event: RuleEvent): Promise<void> {
    const data = event.data as Row | null;
    if (typeof data?.id !== 'number') return;
    const told: Told = { objectType: event.objectType, objectId: data.id, eventType: event.eventType, repr: String(data.display ?? '').slice(0, 200) };
    await this.db.transaction(async (em) => {
      const members = await membersOf(em, groupId);
      if (!members.length) return;
      const known = await selectSql<{ user: number }>(
        em,
        `SELECT n.user_id AS "user" FROM ${q(Notification.table)} n WHERE n.object_type = :type AND n.object_id = :id AND n.user_id IN (:...members)`,
        { type: told.objectType, id: told.objectId, members },
      );
      const had = new Set(known.map((k) => Number(k.user)));
      if (had.size) {
        await em
          .createQueryBuilder()
          .update(Notification.table)
          .set({ object_repr: told.repr, event_type: told.eventType })
          .where('object_type = :type AND object_id = :id AND user_id IN (:...users)', { type: told.objectType, id: told.objectId, users: [...had] })
          .execute();
      }
      await insertNotifications(em, told, members.filter((m) => !had.has(m)));
    });
  }
}

async function insertNotifications(em: EntityManager, told: Told, users: number[]): Promise<void> {
  if (!users.length) return;
  const created = new Date();
  const rows = users.map((user) => ({
    object_type: told.objectType,
    object_id: told.objectId,
    user_id: user,
    created,
    read: null,
    event_type: told.eventType,
    object_repr: told.repr.slice(0, 200),
  }));
  await em.createQueryBuilder().insert().into(Notification.table).values(rows).execute();
}

/** A group's members: its users, and the users of its groups, each once. */
async function membersOf(em: EntityManager, groupId: number): Promise<number[]> {
  const users = NotificationGroup.fields.users as ManyToManyField;
  const groups = NotificationGroup.fields.groups as ManyToManyField;
  const memberships = registry.get('users.user')!.fields.groups as ManyToManyField;
  const rows = await selectSql<{ id: number }>(
    em,
    `SELECT u.${q(users.targetColumn)} AS id FROM ${q(users.throughTable)} u WHERE u.${q(users.sourceColumn)} = :group` +
      ` UNION SELECT m.${q(memberships.sourceColumn)} AS id FROM ${q(memberships.throughTable)} m WHERE m.${q(memberships.targetColumn)} IN` +
      ` (SELECT g.${q(groups.targetColumn)} FROM ${q(groups.throughTable)} g WHERE g.${q(groups.sourceColumn)} = :group)`,
    { group: groupId },
  );
  return rows.map((r) => Number(r.id));
}

async function subscriptions(em: EntityManager, driver: Driver): Promise<Subscribed> {
  const rows = await new ModelQuery(em, Subscription, driver).select({ type: 't.object_type', id: 't.object_id', user: 't.user_id' });
  const byObject = new Map<string, number[]>();
  for (const row of rows) {
    const key = `${row.type}:${Number(row.id)}`;
    byObject.set(key, [...(byObject.get(key) ?? []), Number(row.user)]);
  }
  return { byObject, types: new Set(rows.map((r) => String(r.type))) };
}
