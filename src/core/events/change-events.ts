import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Shutdown } from '../lifecycle/shutdown';
import type { CachedReads } from '../db/read-cache';
import type { Dialect } from '../dialect/dialect';
import { ModelDef, Row } from '../model/model';
import type { Representation } from '../serialize/serializer';

/** One create, update or delete, with the snapshots its change record keeps. */
export interface ChangeEvent {
  model: ModelDef;
  action: 'create' | 'update' | 'delete';
  id: number;
  prechange: unknown;
  postchange: unknown;
}

/** What one transaction changed, handed over once it has committed. */
export interface CommittedChanges {
  changes: ChangeEvent[];
  /** Deleted objects' representations, by `<label>:<id>`, for the models a listener asked for (`wantsDeleted`). */
  deleted: Map<string, unknown>;
  user: Row | null;
  requestId: string | null;
  /** The request that made the changes: its method and path (NetBox 4.6's webhooks tell them). */
  request?: { method: string; path: string };
  /** Reads after the commit, through the cache, shared with the response's. */
  reads: CachedReads;
  /**
   * Objects' full representations as outbound events show them (relative URLs, as NetBox renders without a request),
   * in a dialect's words: the stored ones' when none is given.
   */
  render(model: ModelDef, ids: number[], dialect?: Dialect): Promise<Representation[]>;
  /**
   * Where a durable listener's jobs go: the outbox, which keeps them until they have run. Absent, they go to the queue
   * straight away.
   */
  submit?(job: JobSubmission): void;
}

/** A job a listener asks for: its kind, its data and how it is queued. */
export interface JobSubmission {
  kind: string;
  data: unknown;
  options?: { retries?: number; delayMs?: number };
}

export interface ChangeListener {
  /**
   * The dialects in whose words deleted objects of this model are wanted as they were represented (none: not wanted):
   * they are rendered in each before they go. `cache` reads as of the request's start what the transaction does not
   * write (`ReadCache.readerAsOf`).
   */
  wantsDeleted(model: ModelDef, em: EntityManager, cache?: CachedReads): Promise<readonly Dialect[]>;
  /** Called after the commit; the request that wrote does not wait for it. */
  committed(changes: CommittedChanges): Promise<void>;
  /**
   * A durable listener says, in the write's transaction, whether it wants these changes: if any does, they are recorded
   * in the outbox with the write, and it is told of them at least once, whatever stops in between.
   */
  interested?(changes: ChangeEvent[], em: EntityManager, cache?: CachedReads): Promise<boolean>;
}

/** Where a deleted object's representation is kept: by object, and by dialect where it is not the stored names'. */
export const deletedKey = (model: ModelDef, id: number, dialect?: Dialect) => (dialect && !dialect.isNative ? `${dialect.version}|` : '') + `${model.label}:${id}`;

/** Where committed writes are announced: the outbound events (webhooks) listen here. */
@Injectable()
export class ChangeEvents implements BeforeApplicationShutdown {
  private readonly listeners: ChangeListener[] = [];
  private readonly logger = new Logger('Events');
  /** Listeners still at work on committed changes: a shutdown lets them hand their jobs over first. */
  private readonly working = new Set<Promise<void>>();

  constructor(private readonly shutdown: Shutdown) {}

  listen(listener: ChangeListener): void {
    this.listeners.push(listener);
  }

  /** Every dialect some listener wants a deleted object of this model in. */
  async wantsDeleted(model: ModelDef, em: EntityManager, cache?: CachedReads): Promise<Dialect[]> {
    const wanted = new Set<Dialect>();
    for (const listener of this.listeners) for (const dialect of await listener.wantsDeleted(model, em, cache)) wanted.add(dialect);
    return [...wanted];
  }

  /** Whether some durable listener wants these changes (they are then recorded in the outbox). */
  async interested(changes: ChangeEvent[], em: EntityManager, cache?: CachedReads): Promise<boolean> {
    for (const listener of this.listeners) if (listener.interested && (await listener.interested(changes, em, cache))) return true;
    return false;
  }

  /** The durable listeners told of recorded changes (by the outbox's relay), in turn; a failure is the relay's to retry. */
  async deliver(changes: CommittedChanges): Promise<void> {
    for (const listener of this.listeners) if (listener.interested) await listener.committed(changes);
  }

  /** The listeners that are not durable told, without waiting; the outbox tells the durable ones. */
  committed(changes: CommittedChanges): void {
    if (!changes.changes.length) return;
    for (const listener of this.listeners) {
      if (listener.interested) continue;
      const work = listener
        .committed(changes)
        .catch((e) => this.logger.error(`a listener of committed changes failed: ${e instanceof Error ? e.stack : e}`))
        .finally(() => this.working.delete(work));
      this.working.add(work);
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.working.size) await this.shutdown.within('listeners of committed changes', Promise.allSettled([...this.working]));
  }
}
