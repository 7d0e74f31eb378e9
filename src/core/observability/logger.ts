import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Logger as TypeOrmLoggerInterface } from 'typeorm';
import type { AppConfig } from '../config/config';

const LEVELS: Record<AppConfig['logLevel'], pino.Level> = { error: 'error', warn: 'warn', log: 'info', debug: 'debug' };

/**
 * The service's one logger: JSON lines (or, with LOG_FORMAT=pretty, lines for a person) on standard output or
 * LOG_FILE. Secrets never reach it: nothing logs headers or bodies, and these keys are censored wherever they appear.
 */
export function createLogger(config: Pick<AppConfig, 'logLevel' | 'logFormat' | 'logFile'>): Logger {
  const existing = loggers.get(config);
  if (existing) return existing;
  // A file is written synchronously: a line is there once the request it tells of has been answered.
  const file = config.logFile ? pino.destination({ dest: config.logFile, append: true, sync: true }) : process.stdout;
  const destination = config.logFormat === 'pretty' ? pretty({ destination: file, colorize: false, sync: true }) : file;
  const logger = pino(
    {
      level: LEVELS[config.logLevel],
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ['password', 'key', 'token', 'secret', 'authorization', 'cookie', '*.password', '*.key', '*.secret'], censor: '[redacted]' },
    },
    destination,
  );
  loggers.set(config, logger);
  return logger;
}

/** One logger per configuration: the app, its database and its background work write to the same destination. */
const loggers = new WeakMap<object, Logger>();

/** TypeORM's messages (migrations, errors, warnings) through the same logger; statements are not logged. */
export class TypeOrmLogger implements TypeOrmLoggerInterface {
  constructor(private readonly logger: Logger) {}
  logQuery(): void {}
  logQueryError(error: string | Error, query: string): void {
    this.logger.error({ context: 'database', query }, error instanceof Error ? error.message : error);
  }
  logQuerySlow(time: number, query: string): void {
    this.logger.warn({ context: 'database', query, duration_ms: time }, 'slow statement');
  }
  // TypeORM reports the migrations it finds and runs as schema building.
  logSchemaBuild(message: string): void {
    this.logger.info({ context: 'migrations' }, message);
  }
  logMigration(message: string): void {
    this.logger.error({ context: 'migrations' }, message);
  }
  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') this.logger.warn({ context: 'database' }, String(message));
    else this.logger.debug({ context: 'database' }, String(message));
  }
}

/** Nest's own messages (start, routes, errors) through the same logger. */
export class NestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
