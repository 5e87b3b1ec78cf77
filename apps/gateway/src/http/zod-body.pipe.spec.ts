import { describe, expect, it } from '@jest/globals';
import { BadRequestException } from '@nestjs/common';
import { z } from 'zod';
import { ZodBodyPipe } from './zod-body.pipe.js';

const pipe = new ZodBodyPipe(z.object({ email: z.string({ error: 'Please fill in all fields.' }) }));

/** The 400's message for `body`, or undefined when the pipe accepts it. */
function refusal(body: unknown): string | undefined {
  try {
    pipe.transform(body);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).message;
  }
}

describe('ZodBodyPipe', () => {
  it('answers the first issue of a field with its contract text, and reads no body as {}', () => {
    expect(refusal({ email: 42 })).toBe('Please fill in all fields.');
    expect(refusal(undefined)).toBe('Please fill in all fields.');
    expect(refusal({ email: 'a@b.co' })).toBeUndefined();
  });

  it('answers a body that is not an object (a JSON list, null) with a clear text, not zod’s', () => {
    expect(refusal([{ email: 'a@b.co' }])).toBe('The request body must be a JSON object.');
    expect(refusal([])).toBe('The request body must be a JSON object.');
    expect(refusal(null)).toBe('The request body must be a JSON object.');
    expect(refusal('text')).toBe('The request body must be a JSON object.');
  });
});
