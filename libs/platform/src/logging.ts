import type { LoggerService } from '@nestjs/common';
import { pino, type DestinationStream, type Level, type LevelWithSilent, type Logger } from 'pino';
import { currentRequestId } from './request-context.js';

/**
 * What is never written to a log, whatever a call site passes: credentials in headers (raw or
 * pino-http's serialized form) and any `password` field at the top level or one level down
 * ("no secrets or passwords in logs").
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'password',
  '*.password',
  'newPassword',
  '*.newPassword',
];

/** The Nest log levels a caller may restrict an app to (`createApplicationContext({ logger: [...] })`). */
export type NestLogLevels = false | ReadonlyArray<'log' | 'error' | 'warn' | 'debug' | 'verbose' | 'fatal'>;

const NEST_TO_PINO: Record<string, Level> = { fatal: 'fatal', error: 'error', warn: 'warn', log: 'info', debug: 'debug', verbose: 'trace' };
const PINO_ORDER: Level[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];

/**
 * The pino level of an app: `LOG_LEVEL` when set; else the most verbose of the Nest levels the
 * caller passed (`false`: silent); else `info`.
 * @param logLevel the validated `LOG_LEVEL` (undefined when unset)
 * @param nestLevels the levels the caller of `startWorkerService` / `createGatewayApp` asked for
 */
export function resolveLogLevel(logLevel: LevelWithSilent | undefined, nestLevels?: NestLogLevels): LevelWithSilent {
  if (logLevel) return logLevel;
  if (nestLevels === false) return 'silent';
  if (!nestLevels) return 'info';
  const levels = nestLevels.map((l) => NEST_TO_PINO[l]).filter((l): l is Level => l !== undefined);
  return levels.length === 0 ? 'silent' : PINO_ORDER.find((l) => levels.includes(l))!;
}

/**
 * The JSON logger of one app process: one line per entry with `time` (ISO),
 * `level` (a name), `service`, `msg`, and `requestId` whenever the line is written inside a
 * request (gateway) or a job (worker host) — read from the request context, so every call site
 * gets it without passing it. Secrets are redacted (`REDACTED_PATHS`).
 * @param service the app's name, e.g. "gateway", "billing-service"
 * @param level the level from `resolveLogLevel`
 * @param destination where lines go; default `process.stdout` (a stream, so a test can capture it)
 */
export function createAppLogger(service: string, level: LevelWithSilent, destination: DestinationStream = process.stdout): Logger {
  return pino(
    {
      level,
      base: { service },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      // Lines bound to a request already (pino-http's child logger) keep their own id.
      mixin: (object, _level, logger) => {
        const requestId = currentRequestId();
        if (!requestId || 'requestId' in object || 'requestId' in logger.bindings()) return {};
        return { requestId };
      },
    },
    destination,
  );
}

/**
 * A Nest `LoggerService` backed by pino (set with `app.useLogger` or the `logger` option), so the
 * existing `new Logger(context).log(...)` and `Logger.log(message, context)` call sites write JSON
 * lines with `context` as a field. Nest passes `(message, ...params)`, the last string param being
 * the context, and for `error` an optional stack before it.
 */
export class PinoNestLogger implements LoggerService {
  constructor(readonly logger: Logger) {}

  /** Nest `log` → pino `info`; a last string param is the `context` field. */
  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  /** Nest `error(message, stack?, context?)` → pino `error`, the stack as the `stack` field. */
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  /** Nest `warn` → pino `warn`. */
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  /** Nest `debug` → pino `debug`. */
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  /** Nest `verbose` → pino `trace`. */
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  /** Nest `fatal` → pino `fatal`. */
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    if (!this.logger.isLevelEnabled(level)) return;
    const rest = [...params];
    const context = rest.length > 0 && typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const fields: Record<string, unknown> = context ? { context } : {};
    if (level === 'error' && typeof rest[0] === 'string' && rest[0] !== '') fields.stack = rest[0];
    if (message instanceof Error) this.logger[level]({ ...fields, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.logger[level]({ ...fields, ...message });
    else this.logger[level](fields, String(message));
  }
}
