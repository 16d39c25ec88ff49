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

/**
 * Each request's logger (`request.log`), made with the request id binding only when the request
 * first writes a line at an enabled level. Fastify's default builds a pino child on every request
 * (it serializes the bindings), though most requests write nothing: with LOG_LEVEL warn a
 * successful request writes no line at all (the framework overhead, bench/README.md). Lines come
 * out exactly as from `logger.child(bindings, options)`: that child is what writes them. Built on
 * public APIs only: Fastify's `childLoggerFactory` option and pino's `child` and
 * `isLevelEnabled`.
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
    (real[level] as (...line: unknown[]) => void).apply(real, args);
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

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}
