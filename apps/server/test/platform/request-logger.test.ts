import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLoggerFactory, redactUrlSecrets } from '../../src/platform/request-logger.js';

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

describe('secrets in request log lines', () => {
  it('replaces the value of token, code and otp query parameters, in any case', () => {
    expect(redactUrlSecrets('/ResetPassword?token=abc123')).toBe('/ResetPassword?token=[redacted]');
    expect(redactUrlSecrets('/x?a=1&Code=9&OTP=948417#top')).toBe(
      '/x?a=1&Code=[redacted]&OTP=[redacted]#top',
    );
    expect(redactUrlSecrets('/login?next=%2FVerifyEmail%3Ftoken%3Dabc%26lang%3Den')).toBe(
      '/login?next=%2FVerifyEmail%3Ftoken%3D[redacted]%26lang%3Den',
    );
    expect(redactUrlSecrets('/api/products?search=token&page=2')).toBe(
      '/api/products?search=token&page=2',
    );
  });

  it('writes no token in the url, the message or an error of a request line, nor in a child', () => {
    const { logger, lines } = capturingLogger('info');
    const log = childOf(logger, { reqId: 'req-4' });
    log.info({ req: { method: 'GET', url: '/VerifyEmail?token=s3cret' } }, 'request completed');
    log.error({ err: new Error('Route GET:/ResetPassword?token=s3cret not found') }, 'failed');
    log.warn('slow request /ResetPassword?otp=s3cret');
    log.child({ step: 'inner' }).info('inner /x?code=s3cret');
    const text = JSON.stringify(lines);
    expect(text).not.toContain('s3cret');
    expect(lines).toMatchObject([
      { req: { url: '/VerifyEmail?token=[redacted]' } },
      { err: { message: 'Route GET:/ResetPassword?token=[redacted] not found', type: 'Error' } },
      { msg: 'slow request /ResetPassword?otp=[redacted]' },
      { reqId: 'req-4', step: 'inner', msg: 'inner /x?code=[redacted]' },
    ]);
  });
});
