import type { QueryParams } from '../../core/query/filters';
import type { Representation } from '../../core/serialize/serializer';
import type { Vars } from './variables';

/** NetBox's log levels: each log entry's `status`. */
export type LogLevel = 'default' | 'success' | 'info' | 'warning' | 'failure';

/** Reads of any model, by label (`dcim.site`), as the REST API represents objects. */
export interface ObjectReader {
  /** One object's full representation, or null when there is none with this id. */
  get(label: string, id: number): Promise<Representation | null>;
  /** The objects the REST list's filters select (`{ site_id: '3', status: 'active' }`), in the model's order. */
  filter(label: string, params?: QueryParams): Promise<Representation[]>;
}

/**
 * What a script's `run` works with: its log, and the objects of any model, written with the REST API's
 * validation and change records, in the run's one transaction.
 */
export interface ScriptContext extends ObjectReader {
  /** False for a dry run: everything written is rolled back at the end. */
  readonly commit: boolean;
  /** Who ran the script. */
  readonly user: { id: number; username: string } | null;
  log_debug(message: string): void;
  log_info(message: string): void;
  log_success(message: string): void;
  log_warning(message: string): void;
  log_failure(message: string): void;
  /** Creates an object from a body as `POST` takes it; its representation. A refused body throws a ScriptWriteError. */
  create(label: string, body: Record<string, unknown>): Promise<Representation>;
  /** Changes the fields the body names, as `PATCH` does; the object's representation. */
  update(label: string, id: number, body: Record<string, unknown>): Promise<Representation>;
  delete(label: string, id: number): Promise<void>;
}

/** Stops a script cleanly: the job ends errored with the message logged, and its changes are rolled back. */
export class AbortScript extends Error {
  name = 'AbortScript';
}

/** A write a script asked for that the REST API would have refused: the API's error body. */
export class ScriptWriteError extends Error {
  name = 'ScriptWriteError';
  constructor(
    readonly label: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${label}: ${JSON.stringify(body)}`);
  }
}

/**
 * A custom script, as NetBox's `extras.scripts.Script`. A plugin lists its subclasses in
 * `definePlugin({ scripts: [...] })`; each is `<plugin>.<ClassName>` in `/api/extras/scripts/`.
 */
export abstract class Script {
  /** Shown as `name`; the class name when not given. */
  static displayName?: string;
  static description = '';
  /** The inputs, in the order shown: `{ site_name: new StringVar(), ... }`. */
  static vars: Vars = {};
  /** Whether `schedule_at` and `interval` are accepted. */
  static schedulingEnabled = true;

  /** Does the work; what it returns is the job's `output`. */
  abstract run(data: Record<string, unknown>, ctx: ScriptContext): Promise<string | void> | string | void;
}

/** A script class a plugin declares. */
export type ScriptClass = typeof Script;
