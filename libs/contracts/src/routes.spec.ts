import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { API_ROUTES, type ApiRoute } from './routes.js';

/** What a check without a message of its own would say (zod's defaults, e.g. "Too small: …", "Invalid UUID"). */
const NO_MESSAGE = '<no message of its own>';
/** Longer than every text field of every JSON body. */
const TOO_LONG = 'x'.repeat(100_001);
/** Values a client could send for any field. */
const PROBES: ReadonlyArray<[string, unknown]> = [
  ['missing', undefined],
  ['null', null],
  ['a number', 42],
  ['an empty string', ''],
  ['a blank string', '   '],
  ['an over-long string', TOO_LONG],
  ['an unexpected word', 'not-a-uuid'],
  ['a list', ['a']],
  ['an object', { a: 1 }],
];

/** The JSON request bodies of `API_ROUTES`, by route name. */
const jsonBodies = Object.entries(API_ROUTES as Record<string, ApiRoute>).flatMap(([name, route]) =>
  route.request instanceof z.ZodObject ? [[name, route.request] as const] : [],
);

/** The issues of one field when the body holds only that value. */
function fieldIssues(schema: z.ZodObject, field: string, value: unknown): z.core.$ZodIssue[] {
  const parsed = schema.safeParse({ [field]: value }, { error: () => NO_MESSAGE });
  return parsed.success ? [] : parsed.error.issues.filter((issue) => issue.path[0] === field);
}

describe('refusal texts of the JSON request bodies (spec §5, §8)', () => {
  it('covers the bodies of the forms', () => {
    expect(jsonBodies.map(([name]) => name)).toEqual(
      expect.arrayContaining(['signUp', 'signIn', 'forgotPassword', 'emailClipboard', 'emailAnalysis', 'vipLogin', 'adminLogin']),
    );
  });

  it.each(jsonBodies)('%s: every refused field value has a product text, never a zod default', (_name, schema) => {
    for (const field of Object.keys(schema.shape)) {
      for (const [label, value] of PROBES) {
        const messages = fieldIssues(schema, field, value).map((issue) => issue.message);
        expect([field, label, messages.filter((message) => message === NO_MESSAGE)]).toEqual([field, label, []]);
      }
    }
  });

  it.each(jsonBodies)('%s: a text over its limit says so, not that the field is missing', (_name, schema) => {
    for (const field of Object.keys(schema.shape)) {
      const tooLong = fieldIssues(schema, field, TOO_LONG).filter((issue) => issue.code === 'too_big');
      const missing = fieldIssues(schema, field, undefined).map((issue) => issue.message);
      for (const issue of tooLong) {
        expect([field, issue.message]).toEqual([field, expect.stringMatching(/\d+ characters/)]);
        expect(missing).not.toContain(issue.message);
      }
    }
  });
});
