import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { createAppLogger, PinoNestLogger, resolveLogLevel } from './logging.js';
import { runWithRequestContext } from './request-context.js';

/** A logger writing into an array of parsed lines. */
function capture(level: Parameters<typeof createAppLogger>[1] = 'info') {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createAppLogger('test-service', level, stream), lines };
}

describe('resolveLogLevel', () => {
  it('takes LOG_LEVEL first, then the most verbose Nest level asked for, else info', () => {
    expect(resolveLogLevel('debug', ['error'])).toBe('debug');
    expect(resolveLogLevel(undefined, ['error'])).toBe('error');
    expect(resolveLogLevel(undefined, ['error', 'warn', 'log'])).toBe('info');
    expect(resolveLogLevel(undefined, false)).toBe('silent');
    expect(resolveLogLevel(undefined, undefined)).toBe('info');
  });
});

describe('createAppLogger', () => {
  it('writes JSON lines with the service, an ISO time, a level name and the current request id', () => {
    const { logger, lines } = capture();
    logger.info('outside');
    runWithRequestContext({ requestId: 'req-12345678' }, () => logger.info('inside'));
    expect(lines[0]).toMatchObject({ service: 'test-service', level: 'info', msg: 'outside' });
    expect(lines[0].requestId).toBeUndefined();
    expect(lines[1]).toMatchObject({ requestId: 'req-12345678', msg: 'inside' });
    expect(typeof lines[1].time === 'string' && !Number.isNaN(Date.parse(lines[1].time))).toBe(true);
  });

  it('redacts credentials and passwords', () => {
    const { logger, lines } = capture();
    logger.info(
      { req: { headers: { authorization: 'Bearer t0k3n', cookie: 'sid=abc' } }, password: 'hunter2', user: { password: 'x' } },
      'm',
    );
    const text = JSON.stringify(lines[0]);
    expect(text).not.toMatch(/t0k3n|sid=abc|hunter2|"x"/);
  });
});

describe('PinoNestLogger', () => {
  it('keeps Nest call sites: context last, stack for errors', () => {
    const { logger, lines } = capture('debug');
    const nest = new PinoNestLogger(logger);
    nest.log('hello', 'Bootstrap');
    nest.error('failed', 'Error: boom\n    at x', 'ApiExceptionFilter');
    nest.warn('careful');
    nest.verbose('hidden at debug');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ level: 'info', context: 'Bootstrap', msg: 'hello' });
    expect(lines[1]).toMatchObject({ level: 'error', context: 'ApiExceptionFilter', msg: 'failed', stack: 'Error: boom\n    at x' });
    expect(lines[2]).toMatchObject({ level: 'warn', msg: 'careful' });
  });
});
