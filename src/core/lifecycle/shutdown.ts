import { INestApplicationContext, Inject, Injectable, Logger } from '@nestjs/common';
import * as http from 'http';
import { APP_CONFIG, AppConfig } from '../config/config';

/** Of SHUTDOWN_TIMEOUT, what closing connections keeps after the drain: at most a second, at most half. */
const CLOSING_RESERVE_MS = 1000;

/** Waits of a shutdown, each cut short when the drain ends. */
export interface Drain {
  /** Waits for `work`: true when it settled in time, false when it was cut short. */
  within(what: string, work: Promise<unknown>): Promise<boolean>;
}

/** A close outside any shutdown (a test's): waits for as long as the work takes. */
export const UNBOUNDED: Drain = { within: (_what, work) => work.then(() => true, () => true) };

/**
 * A shutdown's bounded drain. From the signal, work in flight (requests, jobs, jobs being handed to Redis) has until
 * the drain ends to finish; every wait of the shutdown is cut short then, so that a peer that does not answer
 * cannot hold the process past SHUTDOWN_TIMEOUT.
 */
@Injectable()
export class Shutdown implements Drain {
  private readonly logger = new Logger('Shutdown');
  private drainEnds: number | null = null;
  /** What the shutdown waits on now, by name: said when the last-resort timer fires. */
  private readonly waits: string[] = [];
  /** Waits cut short: the drain was not clean. */
  private cut = 0;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** SHUTDOWN_TIMEOUT, in milliseconds. */
  get timeoutMs(): number {
    return this.config.shutdownTimeout * 1000;
  }

  /** Starts the drain's clock: at the signal, or at the first wait of a close without one. */
  begin(): void {
    this.drainEnds ??= Date.now() + this.timeoutMs - Math.min(CLOSING_RESERVE_MS, this.timeoutMs / 2);
  }

  get waitingOn(): string[] {
    return [...this.waits];
  }

  /** Whether every wait so far ended with its work done. */
  get clean(): boolean {
    return this.cut === 0;
  }

  /** Waits for `work` until the drain ends: true when it settled in time, false (and logged) when it was cut short. */
  async within(what: string, work: Promise<unknown>): Promise<boolean> {
    this.begin();
    this.waits.push(what);
    let timer: NodeJS.Timeout | undefined;
    const cut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, this.drainEnds! - Date.now()))));
    try {
      const done = await Promise.race([work.then(() => true, () => true), cut]);
      if (!done) {
        this.cut++;
        this.logger.warn(`${what}: cut short after SHUTDOWN_TIMEOUT (${this.config.shutdownTimeout} s)`);
      }
      return done;
    } finally {
      clearTimeout(timer);
      this.waits.splice(this.waits.indexOf(what), 1);
    }
  }
}

/** Stops taking connections and waits for the requests in flight, until the drain ends; then drops what is left. */
async function drainServer(server: http.Server, name: string, shutdown: Shutdown): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // A keep-alive connection whose request ends meanwhile would keep the server open for keepAliveTimeout, and one more request.
  server.keepAliveTimeout = 1;
  server.on('request', (_req, res: http.ServerResponse) => res.setHeader('Connection', 'close'));
  if (!(await shutdown.within(`${name}: requests in flight`, closed))) server.closeAllConnections();
}

/**
 * SIGTERM and SIGINT drain `servers`, close the application and exit: 0 when nothing was cut short, 1 otherwise.
 * A last-resort timer, unref'd so that a clean shutdown does not wait for it, logs what was still awaited at
 * SHUTDOWN_TIMEOUT and exits 1.
 */
export function exitOnSignal(app: INestApplicationContext, servers: Record<string, http.Server>): void {
  const shutdown = app.get(Shutdown);
  const logger = new Logger('Shutdown');
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: finishing requests and jobs in flight, for ${shutdown.timeoutMs / 1000} s at most`);
    shutdown.begin();
    setTimeout(() => {
      logger.error(`SHUTDOWN_TIMEOUT (${shutdown.timeoutMs / 1000} s) passed: exiting while waiting on ${shutdown.waitingOn.join('; ') || 'the application to close'}`);
      process.exit(1);
    }, shutdown.timeoutMs).unref();
    try {
      await Promise.all(Object.entries(servers).map(([name, server]) => drainServer(server, name, shutdown)));
      await app.close();
    } catch (e) {
      logger.error(`shutdown failed: ${e instanceof Error ? e.stack : e}`);
      process.exit(1);
    }
    process.exit(shutdown.clean ? 0 : 1);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, stop);
}
