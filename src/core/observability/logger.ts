import { LoggerService } from '@nestjs/common';
import * as fs from 'fs';
import pino, { Logger } from 'pino';
import pretty from 'pino-pretty';
import type { AppConfig } from '../config/config';

const LEVELS: Record<AppConfig['logLevel'], pino.Level> = { error: 'error', warn: 'warn', log: 'info', debug: 'debug' };

/**
 * The service's one logger: JSON lines (or, with LOG_FORMAT=pretty, lines for a person) on standard output or
 * LOG_FILE. Secrets never reach it: nothing logs headers or bodies, and these keys are censored wherever they appear.
 */
export function createLogger(config: Pick<AppConfig, 'logLevel' | 'logFormat' | 'logFile'>): Logger {
  const file = config.logFile ? fs.createWriteStream(config.logFile, { flags: 'a' }) : process.stdout;
  const destination = config.logFormat === 'pretty' ? pretty({ destination: file, colorize: false, sync: true }) : file;
  return pino(
    {
      level: LEVELS[config.logLevel],
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ['password', 'key', 'token', 'secret', 'authorization', 'cookie', '*.password', '*.key', '*.secret'], censor: '[redacted]' },
    },
    destination,
  );
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
