import type { LogLevel, ObjectReader } from './script';

/** An object a report's log names: a representation (its `display` and `url`), or anything with a name. */
export type LoggedObject = { display?: unknown; name?: unknown; url?: unknown } | string | number | null | undefined;

/** A log entry as NetBox keeps it: time, level, the object's text and URL, the message. */
export type ReportLogEntry = [time: string, level: LogLevel, object: string | null, url: string | null, message: string | null];

/** One test's tallies and log: NetBox's report results, by test method. */
export interface TestResult {
  success: number;
  info: number;
  warning: number;
  failure: number;
  log: ReportLogEntry[];
}

const TEST = /^test_/;

/** Python's `datetime.isoformat()` of an aware UTC time, as NetBox stamps log entries. */
const isoformat = (d: Date) => `${d.toISOString().slice(0, 23)}000+00:00`;

/**
 * A report, as NetBox's `extras.reports.Report`: each `test_*` method (run in name order, given an
 * ObjectReader) checks the data and logs what it finds; a failure logged fails the report.
 */
export abstract class Report {
  /** Shown as `name`; the class name when not given. */
  static displayName?: string;
  static description = '';
  static schedulingEnabled = true;

  #results: Record<string, TestResult> = {};
  #active: string | null = null;
  #failed = false;

  /** The names of its test methods, in the order they run. */
  static testMethods(this: ReportClass): string[] {
    const names = new Set<string>();
    for (let proto = this.prototype; proto && proto !== Report.prototype; proto = Object.getPrototypeOf(proto)) {
      for (const name of Object.getOwnPropertyNames(proto)) {
        if (TEST.test(name) && typeof Object.getOwnPropertyDescriptor(proto, name)?.value === 'function') names.add(name);
      }
    }
    return [...names].sort();
  }

  /** Runs every test; the results, and whether any failure was logged. An exception ends the run, logged as a failure of its test. */
  async runTests(ctx: ObjectReader): Promise<{ results: Record<string, TestResult>; failed: boolean; error: Error | null }> {
    const tests = (this.constructor as ReportClass).testMethods();
    this.#results = Object.fromEntries(tests.map((t) => [t, { success: 0, info: 0, warning: 0, failure: 0, log: [] }]));
    try {
      for (const test of tests) {
        this.#active = test;
        await (this as unknown as Record<string, (ctx: ObjectReader) => unknown>)[test](ctx);
      }
    } catch (e) {
      const error = e instanceof Error ? e : new Error(String(e));
      this.log_failure(null, `An exception occurred: ${error.name}: ${error.message} <pre>${error.stack ?? ''}</pre>`);
      return { results: this.#results, failed: true, error };
    }
    return { results: this.#results, failed: this.#failed, error: null };
  }

  #log(obj: LoggedObject, message: string | null, level: LogLevel): void {
    const result = this.#current();
    const text = obj === null || obj === undefined || obj === '' ? null : typeof obj === 'object' ? String(obj.display ?? obj.name ?? '') || null : String(obj);
    const url = obj && typeof obj === 'object' && typeof obj.url === 'string' ? obj.url : null;
    result.log.push([isoformat(new Date()), level, text, url, message]);
  }

  #current(): TestResult {
    if (!this.#active || !this.#results[this.#active]) throw new Error('a report logs from its test methods only');
    return this.#results[this.#active];
  }

  /** A message about no object in particular. */
  log(message: string): void {
    this.#log(null, message, 'default');
  }

  /** A check that passed; the message is optional. */
  log_success(obj?: LoggedObject, message?: string): void {
    if (message) this.#log(obj, message, 'success');
    this.#current().success++;
  }

  log_info(obj: LoggedObject, message: string): void {
    this.#log(obj, message, 'info');
    this.#current().info++;
  }

  log_warning(obj: LoggedObject, message: string): void {
    this.#log(obj, message, 'warning');
    this.#current().warning++;
  }

  /** A check that failed: the report fails. */
  log_failure(obj: LoggedObject, message: string): void {
    this.#log(obj, message, 'failure');
    this.#current().failure++;
    this.#failed = true;
  }
}

/** A report class a plugin declares. */
export type ReportClass = typeof Report;
