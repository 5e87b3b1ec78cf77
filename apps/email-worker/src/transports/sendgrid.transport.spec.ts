import { describe, expect, it } from '@jest/globals';
import { sendGridFailure } from './sendgrid.transport.js';

describe('sendGridFailure', () => {
  const answered = (code: number, errors: unknown[] = []) => Object.assign(new Error('x'), { code, response: { body: { errors } } });

  it('retries 5xx and 429, not other 4xx', () => {
    expect(sendGridFailure(answered(500)).retriable).toBe(true);
    expect(sendGridFailure(answered(503)).retriable).toBe(true);
    expect(sendGridFailure(answered(429)).retriable).toBe(true);
    expect(sendGridFailure(answered(400)).retriable).toBe(false);
    expect(sendGridFailure(answered(401)).retriable).toBe(false);
    expect(sendGridFailure(answered(413)).retriable).toBe(false);
  });

  it('keeps the status and field names, never SendGrid’s texts', () => {
    const failure = sendGridFailure(answered(400, [{ field: 'from.email', message: 'quoted secret Tmp-1' }, { field: 'subject' }]));
    expect(failure.message).toBe('SendGrid answered 400 (fields: from.email, subject)');
    expect(failure.status).toBe(400);
  });

  it('treats a network failure as retriable', () => {
    const failure = sendGridFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    expect(failure).toMatchObject({ retriable: true, message: 'SendGrid could not be reached (ECONNREFUSED)' });
  });
});
