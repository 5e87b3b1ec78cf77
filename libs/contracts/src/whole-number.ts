import { z } from 'zod';

/**
 * Whole numbers sent as text (multipart fields of `POST /api/generate`, the query string of
 * `GET /api/admin/leads`), read the same way everywhere. Not in the spec; found by probing a
 * running instance: `z.coerce.number()` read an empty field (`seed=`) as 0, `1e1` as 10 and
 * `0x10` as 16.
 */

/** Decimal digits only, after trimming: no sign, no exponent, no hexadecimal, no fraction. */
const DIGITS = /^\d+$/;

/**
 * What a text field holds before the number check: `undefined` for an empty or blank field (so
 * the field's default applies, or it stays absent), the number for decimal digits, and anything
 * else unchanged (so the number check refuses it). A number passes as it is: jobs carry the
 * parsed options, and parse them again.
 */
function fromText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return DIGITS.test(text) ? Number(text) : value;
}

/**
 * The refusal of a value that is not a whole number from `min` to `max`, e.g. 'Expected a whole
 * number from 0 to 100.'; the gateway puts the field's name before it (`sketchInfluence: …`).
 */
export function wholeNumberMessage(min: number, max: number): string {
  return `Expected a whole number from ${min} to ${max}.`;
}

/**
 * A whole number from `min` to `max` (both included). Refuses a fraction, a value out of range and
 * anything that is not a number with `wholeNumberMessage(min, max)`. Wrap it (with its
 * `.default(…)` or `.optional()`) in `fromTextField` for a field that arrives as text.
 */
export function wholeNumber(min: number, max: number) {
  const message = wholeNumberMessage(min, max);
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

/**
 * `schema` for a field sent as text: decimal digits become the number, an empty or blank value
 * counts as absent (so the schema's `.default(…)` applies, or its `.optional()` leaves it out), a
 * sign, an exponent, a fraction, hexadecimal or any other text reaches `schema` as text and is
 * refused there. A number passes as it is.
 * @example fromTextField(wholeNumber(1, 4).default(1)): '3' → 3, '' → 1, '1e1' and '-1' refused
 * @example fromTextField(wholeNumber(0, MAX_SEED).optional()): '' → undefined, '0x10' refused
 */
export function fromTextField<S extends z.ZodType>(schema: S) {
  return z.preprocess(fromText, schema);
}
