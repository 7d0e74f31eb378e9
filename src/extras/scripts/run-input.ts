import { FieldError, datetime, integer } from '../../core/model/fields';
import { pythonType } from '../../core/model/fields';

/** A POST that runs a script or a report, checked: NetBox's ScriptInputSerializer and ReportInputSerializer. */
export interface RunInput {
  data: Record<string, unknown>;
  commit: boolean;
  /** When to run; null for now. With an interval and no time, now: the first run is scheduled. */
  scheduleAt: Date | null;
  /** Minutes between runs. */
  interval: number | null;
}

const TRUE = new Set<unknown>(['t', 'T', 'y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON', '1', 1, true]);
const FALSE = new Set<unknown>(['f', 'F', 'n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF', '0', 0, false]);
const SCHEDULE_AT = datetime({ nullable: true });
const INTERVAL = integer({ nullable: true, min: 1 });

function parsed<T>(errors: Record<string, unknown>, key: string, parse: () => T): T | null {
  try {
    return parse();
  } catch (e) {
    if (!(e instanceof FieldError)) throw e;
    errors[key] = e.messages;
    return null;
  }
}

/**
 * The body's fields, or the errors by field. Scripts take `data` (an object) and `commit` (both
 * required); both take `schedule_at` (in the future, as NetBox's form requires) and `interval`.
 */
export function parseRunInput(body: unknown, what: 'script' | 'report', schedulingEnabled: boolean, now: Date): { input: RunInput; errors: Record<string, unknown> } {
  const input: RunInput = { data: {}, commit: true, scheduleAt: null, interval: null };
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { input, errors: { non_field_errors: [`Invalid data. Expected a dictionary, but got ${pythonType(body)}.`] } };
  }
  const fields = body as Record<string, unknown>;
  const errors: Record<string, unknown> = {};
  if (what === 'script') {
    if (!('data' in fields)) errors.data = ['This field is required.'];
    else if (fields.data === null) errors.data = ['This field may not be null.'];
    else if (typeof fields.data !== 'object' || Array.isArray(fields.data)) errors.data = [`Expected a dictionary of items but got type "${pythonType(fields.data)}".`];
    else input.data = fields.data as Record<string, unknown>;
    if (!('commit' in fields)) errors.commit = ['This field is required.'];
    else if (fields.commit === null) errors.commit = ['This field may not be null.'];
    else if (TRUE.has(fields.commit)) input.commit = true;
    else if (FALSE.has(fields.commit)) input.commit = false;
    else errors.commit = ['Must be a valid boolean.'];
  }
  const disabled = [`Scheduling is not enabled for this ${what}.`];
  if (fields.schedule_at !== undefined) {
    input.scheduleAt = parsed(errors, 'schedule_at', () => SCHEDULE_AT.parse(fields.schedule_at));
    if (input.scheduleAt && !schedulingEnabled) errors.schedule_at = disabled;
    else if (input.scheduleAt && input.scheduleAt < now) errors.schedule_at = ['Scheduled time must be in the future.'];
  }
  if (fields.interval !== undefined) {
    input.interval = parsed(errors, 'interval', () => INTERVAL.parse(fields.interval));
    if (input.interval && !schedulingEnabled) errors.interval = disabled;
  }
  if (input.interval && !input.scheduleAt) input.scheduleAt = now;
  return { input, errors };
}
