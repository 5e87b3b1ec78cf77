import { describe, expect, it } from '@jest/globals';
import { replyEnvelopeSchema } from '@archlens/contracts/queues';
import { DomainError } from './domain-error.js';

describe('DomainError (a refusal named by a code of the catalogue)', () => {
  it("takes the catalogue's text as its message and keeps the cause for the log", () => {
    const cause = new Error('ECONNREFUSED');
    const refusal = new DomainError('credits.insufficient', { overBy: 10 }, { cause });
    expect(refusal).toBeInstanceOf(Error);
    expect([refusal.name, refusal.code, refusal.params, refusal.message, refusal.cause]).toEqual([
      'DomainError',
      'credits.insufficient',
      { overBy: 10 },
      'Insufficient credits for this generation (10 over limit)',
      cause,
    ]);
    const plain = new DomainError('report.unavailable', { cause });
    expect([plain.code, plain.params, plain.cause]).toEqual(['report.unavailable', {}, cause]);
    expect(new DomainError('generation.not-found').message).toBe('Generation not found.');
  });

  it('refuses parameters that do not fit the code', () => {
    expect(() => new DomainError('credits.insufficient', { overBy: 0 })).toThrow();
    expect(() => new DomainError('analysis.image-undecodable', { fileName: '' })).toThrow();
  });

  it('carries a reason in its text: analysis.engine-failed', () => {
    const failure = new DomainError('analysis.engine-failed', { reason: 'The vision model returned an empty answer.' });
    expect([failure.code, failure.params, failure.message]).toEqual([
      'analysis.engine-failed',
      { reason: 'The vision model returned an empty answer.' },
      'The vision model returned an empty answer.',
    ]);
  });
});

describe('the reply envelope carries {code, params}, checked against the catalogue on both sides', () => {
  it("round-trips a worker's refusal: the caller throws the same code with the same parameters", () => {
    const sent = new DomainError('analysis.image-undecodable', { fileName: 'havana-cut.jpg' }, { cause: new Error('corrupt') });
    // What the worker host returns, as it travels through Redis (JSON).
    const wire: unknown = JSON.parse(JSON.stringify(replyEnvelopeSchema.parse({ ok: false, error: sent.toReference() })));
    expect(wire).toEqual({ ok: false, error: { code: 'analysis.image-undecodable', params: { fileName: 'havana-cut.jpg' } } });
    const reply = replyEnvelopeSchema.parse(wire);
    if (reply.ok) throw new Error('expected a refusal');
    const received = DomainError.from(reply.error);
    expect(received).toBeInstanceOf(DomainError);
    expect([received.code, received.params, received.message]).toEqual([sent.code, sent.params, sent.message]);
    expect(received.cause).toBeUndefined();
    const plain = replyEnvelopeSchema.parse({ ok: false, error: { code: 'billing.not-configured' } });
    expect(plain.ok ? null : DomainError.from(plain.error).message).toBe('Payments are not configured');
  });

  it('refuses an unknown code, parameters that do not fit, and the old {status, message} shape', () => {
    expect(replyEnvelopeSchema.safeParse({ ok: false, error: { code: 'credits.unknown', params: {} } }).success).toBe(false);
    expect(replyEnvelopeSchema.safeParse({ ok: false, error: { code: 'credits.insufficient', params: { overBy: 'ten' } } }).success).toBe(
      false,
    );
    expect(replyEnvelopeSchema.safeParse({ ok: false, error: { status: 409, message: 'Insufficient credits' } }).success).toBe(false);
    expect(replyEnvelopeSchema.parse({ ok: true, value: { a: 1 } })).toEqual({ ok: true, value: { a: 1 } });
  });
});
