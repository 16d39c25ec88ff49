import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLoggerFactory } from '../../src/platform/request-logger.js';

/** A pino logger at `level` writing its lines into `lines`. */
function capturingLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level }, stream), lines };
}

const childOf = (logger: pino.Logger, bindings: Record<string, unknown>) =>
  lazyChildLoggerFactory.call(undefined as never, logger, bindings, {}, undefined as never);

describe('the per-request logger', () => {
  it('writes each line with the request id, as a pino child would', () => {
    const { logger, lines } = capturingLogger('info');
    const log = childOf(logger, { reqId: 'req-1' });
    log.info({ res: { statusCode: 200 } }, 'request completed');
    log.warn('cross-site request refused');
    expect(lines).toMatchObject([
      { level: 30, reqId: 'req-1', res: { statusCode: 200 }, msg: 'request completed' },
      { level: 40, reqId: 'req-1', msg: 'cross-site request refused' },
    ]);
  });

  it('makes no child logger for a request that writes nothing at an enabled level', () => {
    const { logger, lines } = capturingLogger('warn');
    const child = vi.spyOn(logger, 'child');
    const log = childOf(logger, { reqId: 'req-2' });
    log.info('request completed');
    log.debug('details');
    expect(child).not.toHaveBeenCalled();
    log.error('failed');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toMatchObject([{ level: 50, reqId: 'req-2', msg: 'failed' }]);
  });

  it("reports the parent's level until it has a child of its own", () => {
    const { logger } = capturingLogger('warn');
    const log = childOf(logger, { reqId: 'req-3' });
    expect(log.level).toBe('warn');
    log.level = 'debug';
    expect(log.level).toBe('debug');
    expect(logger.level).toBe('warn');
  });
});
