// No zod here: the SPA's HTTP client imports this module on the signed-out landing, which loads no
// schema; the schema of error bodies is in `./errors`.

/** The body text of a 401 (spec §8: the SPA looks for "401: " and "Unauthorized"). */
export const UNAUTHORIZED_MESSAGE = 'Unauthorized';

/**
 * The error text the SPA shows for a non-OK response (spec §7): the status code, a colon and
 * the response body text, or the status text when the body is empty.
 */
export function formatHttpError(status: number, bodyText: string, statusText: string): string {
  return `${status}: ${bodyText || statusText}`;
}

/**
 * A wait as people say it (a `Retry-After` in words): under a minute in seconds ("45 seconds"),
 * under two hours in whole minutes rounded up ("1 minute", "90 minutes"), else in whole hours
 * rounded up ("23 hours").
 * @param seconds the wait in seconds; anything under 1 reads as 1 second
 */
export function describeWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? '1 second' : `${s} seconds`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 120) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/**
 * The most bytes one character of a JSON string value can take: 12, for a character outside the
 * Basic Multilingual Plane (an emoji such as 🏛, 4 bytes as UTF-8) written as two `\uXXXX` escapes,
 * as clients that escape everything beyond ASCII send it (Python's `json.dumps` does by default).
 * A character of the BMP takes at most 6 (`\u4E2D`), and a limit in characters (code points) counts
 * an emoji as one.
 */
export const MAX_JSON_BYTES_PER_CHARACTER = 12;

/** Room for what surrounds the values of a JSON body (braces, quotes, colons, commas, whitespace), in bytes. */
export const JSON_BODY_OVERHEAD_BYTES = 1024;

/**
 * The largest JSON body, in bytes, of an object whose string fields are each within their limit in
 * characters: the worst case a route's body limit must accept so that every valid body reaches its
 * validation (a 413 for a body the contract takes is a bug). Each field's key and value count every
 * character at `MAX_JSON_BYTES_PER_CHARACTER` (a key may be escaped too), plus
 * `JSON_BODY_OVERHEAD_BYTES` in all.
 * @param maxCharacters each field's name and its limit in characters
 * @returns bytes, e.g. 13,072 for `{ text: 1000 }` ((4 + 1000) × 12 + 1024)
 */
export function maxJsonBodyBytes(maxCharacters: Record<string, number>): number {
  return Object.entries(maxCharacters).reduce(
    (bytes, [field, characters]) => bytes + (field.length + characters) * MAX_JSON_BYTES_PER_CHARACTER,
    JSON_BODY_OVERHEAD_BYTES,
  );
}
