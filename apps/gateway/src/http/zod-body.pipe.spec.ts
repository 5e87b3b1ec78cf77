import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { ApiException } from './api-error.js';
import { UnreadBody } from './body-parsers.js';
import { ZodBodyPipe } from './zod-body.pipe.js';

const pipe = new ZodBodyPipe(z.object({ email: z.string({ error: 'Please fill in all fields.' }) }));

/** The 400's message for `body`, or undefined when the pipe accepts it. */
function refusal(body: unknown): string | undefined {
  try {
    pipe.transform(body);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiException);
    expect((error as ApiException).getStatus()).toBe(400);
    return (error as ApiException).message;
  }
}

describe('ZodBodyPipe', () => {
  it('answers the first issue of a field with its contract text, and reads no body as {}', () => {
    expect(refusal({ email: 42 })).toBe('Please fill in all fields.');
    expect(() => pipe.transform({ email: 42 })).toThrow(
      expect.objectContaining({ reference: { code: 'request.invalid', params: { reason: 'Please fill in all fields.' } } }),
    );
    expect(refusal(undefined)).toBe('Please fill in all fields.');
    expect(refusal({ email: 'a@b.co' })).toBeUndefined();
  });

  it('answers a body that is not an object (a JSON list, null) with a clear text, not zod’s', () => {
    expect(refusal([{ email: 'a@b.co' }])).toBe('The request body must be a JSON object.');
    expect(refusal([])).toBe('The request body must be a JSON object.');
    expect(refusal(null)).toBe('The request body must be a JSON object.');
    expect(refusal('text')).toBe('The request body must be a JSON object.');
    expect(() => pipe.transform(null)).toThrow(expect.objectContaining({ reference: { code: 'request.not-an-object', params: {} } }));
  });

  it('answers a body of another content type with 415, before any field is checked', () => {
    const error = (() => {
      try {
        pipe.transform(new UnreadBody('text/plain'));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ApiException);
    expect((error as ApiException).getStatus()).toBe(415);
    expect((error as ApiException).reference.code).toBe('request.not-json');
    expect((error as ApiException).message).toBe('Send the body as application/json.');
  });
});
