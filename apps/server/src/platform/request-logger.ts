import type { FastifyBaseLogger, FastifyServerOptions, LogLevel } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

/** Fastify's public `childLoggerFactory` server option, as its types declare it. */
type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

/** The levels a request's log lines are written at. */
type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** pino's level test; other loggers (Fastify's null logger) may lack it. */
interface LevelAware {
  isLevelEnabled?: (level: string) => boolean;
}

/** What a secret query parameter's value is replaced with in a log line. */
export const REDACTED = '[redacted]';

/**
 * A query parameter whose value is a secret: a reset or verification link's `token`, a `code`,
 * an `otp`; any case, also percent-encoded inside another URL's parameter (`%3Ftoken%3D...`).
 */
const SECRET_QUERY_PARAM =
  /((?:^|[?&;]|%3F|%26)(?:token|code|otp)(?:=|%3D))(?:(?!%26)[^&#;\s"'])*/gi;

/** How deep redactSecrets looks into a log line's objects (a line's fields are shallow). */
const MAX_DEPTH = 4;

/**
 * `text` with the value of every secret query parameter (`token`, `code`, `otp`, any case)
 * replaced by {@link REDACTED}: `/ResetPassword?token=abc` becomes
 * `/ResetPassword?token=[redacted]`. A token copied from a log would reset a password within the
 * hour (docs/security.md).
 */
export function redactUrlSecrets(text: string): string {
  return text.replace(SECRET_QUERY_PARAM, `$1${REDACTED}`);
}

/**
 * A log line's argument with {@link redactUrlSecrets} applied to every string in it: the message,
 * fields such as `req.url`, and an error's message and stack. Returns the same value (no copy)
 * when nothing in it changes, so the usual line costs a walk only.
 */
export function redactSecrets<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return redactUrlSecrets(value) as T;
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return value;
  if (value instanceof Error) return redactError(value, depth) as T;
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item: unknown) => {
      const redacted = redactSecrets(item, depth + 1);
      changed ||= redacted !== item;
      return redacted;
    });
    return (changed ? items : value) as T;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  // Only plain records: a Buffer, a Date or a stream is written by its own serializer.
  if (prototype !== Object.prototype && prototype !== null) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, field] of Object.entries(value)) {
    const redacted = redactSecrets(field, depth + 1);
    if (redacted !== field) {
      copy ??= { ...(value as Record<string, unknown>) };
      copy[key] = redacted;
    }
  }
  return (copy ?? value) as T;
}

/** An error whose message, stack or own fields hold a secret: a redacted copy, same class. */
function redactError(error: Error, depth: number): Error {
  const message = redactUrlSecrets(error.message);
  const stack = error.stack === undefined ? undefined : redactUrlSecrets(error.stack);
  const fields: Record<string, unknown> = {};
  let changed = message !== error.message || stack !== error.stack;
  for (const [key, field] of Object.entries(error)) {
    const redacted = redactSecrets(field, depth + 1);
    if (redacted !== field) {
      fields[key] = redacted;
      changed = true;
    }
  }
  const cause = (error as { cause?: unknown }).cause;
  const redactedCause = redactSecrets(cause, depth + 1);
  if (!changed && redactedCause === cause) return error;
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  Object.defineProperties(copy, Object.getOwnPropertyDescriptors(error));
  Object.assign(copy, fields);
  copy.message = message;
  if (stack !== undefined) copy.stack = stack;
  if (redactedCause !== cause) (copy as { cause?: unknown }).cause = redactedCause;
  return copy;
}

/**
 * Each request's logger (`request.log`), made with the request id binding only when the request
 * first writes a line at an enabled level. Fastify's default builds a pino child on every request
 * (it serializes the bindings), though most requests write nothing: with LOG_LEVEL warn a
 * successful request writes no line at all (the framework overhead, bench/README.md). Lines come
 * out exactly as from `logger.child(bindings, options)`: that child is what writes them. Built on
 * public APIs only: Fastify's `childLoggerFactory` option and pino's `child` and
 * `isLevelEnabled`. Every line of a request, whoever writes it (our hooks, Fastify, the error
 * handler), goes through {@link redactSecrets}: the URL of a reset or verification page carries
 * its token (docs/security.md).
 */
export const lazyChildLoggerFactory: ChildLoggerFactory = (logger, bindings, options) =>
  new LazyChildLogger(logger, bindings, options);

/** A `FastifyBaseLogger` that creates its pino child on first use (see lazyChildLoggerFactory). */
class LazyChildLogger implements FastifyBaseLogger {
  private child_: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** The real child logger, created once. */
  private real(): FastifyBaseLogger {
    this.child_ ??= this.parent.child(this.bindings, this.options);
    return this.child_;
  }

  /** Writes one line through the child, unless `level` is surely off (then no child is made). */
  private write(level: LevelName, args: unknown[]): void {
    if (this.child_ === undefined && this.options.level === undefined) {
      const isLevelEnabled = (this.parent as LevelAware).isLevelEnabled;
      if (typeof isLevelEnabled === 'function' && !isLevelEnabled.call(this.parent, level)) return;
    }
    const real = this.real();
    (real[level] as (...line: unknown[]) => void).apply(
      real,
      args.map((arg) => redactSecrets(arg)),
    );
  }

  get level(): LogLevel {
    return (this.child_?.level ?? this.options.level ?? this.parent.level) as LogLevel;
  }

  set level(level: LogLevel) {
    this.real().level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {}

  /** A child whose lines are redacted like this logger's own (made lazily too). */
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return new LazyChildLogger(this.real(), bindings, options ?? {});
  }
}
