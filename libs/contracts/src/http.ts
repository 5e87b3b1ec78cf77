// No zod here: the SPA's HTTP client imports this module on the signed-out landing, which loads no
// schema (issue 12 point 8); the schema of error bodies is in `./errors`.

/** The body text of a 401 (spec §8: the SPA looks for "401: " and "Unauthorized"). */
export const UNAUTHORIZED_MESSAGE = 'Unauthorized';

/**
 * The error text the SPA shows for a non-OK response (spec §7): the status code, a colon and
 * the response body text, or the status text when the body is empty.
 */
export function formatHttpError(status: number, bodyText: string, statusText: string): string {
  return `${status}: ${bodyText || statusText}`;
}
