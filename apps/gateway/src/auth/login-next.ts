/** Where `/api/login` sends the browser when `next` is missing or refused: the landing. */
export const DEFAULT_LOGIN_NEXT = '/';

/** A base for parsing a path on its own; only its pathname, query and fragment are kept. */
const SAME_ORIGIN_BASE = 'http://same-origin.invalid';

/** True when `text` holds an ASCII control character, a space or DEL: never in a path a browser sends. */
const hasControlOrSpace = (text: string) => [...text].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * The page `/api/login?next=…` may return to after sign-in: a path on this site. Accepted only when
 * it is one string that starts with a single "/" and holds no backslash or control character, so
 * that neither a protocol-relative address (`//evil.com`), an absolute one (`https://evil.com`) nor
 * a form browsers read as one (`/\evil.com`, `/\t/evil.com`) can send the user to another site;
 * `/api/…` is refused too (a browser navigation there is no page). Anything else gives "/".
 * @param next the raw `next` query value (a string, an array when repeated, or undefined)
 * @returns a same-origin path with its query and fragment, e.g. `/account` or `/analyse?tab=2`
 */
export function safeLoginNext(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//')) return DEFAULT_LOGIN_NEXT;
  if (next.includes('\\') || hasControlOrSpace(next)) return DEFAULT_LOGIN_NEXT;
  let url: URL;
  try {
    url = new URL(next, SAME_ORIGIN_BASE);
  } catch {
    return DEFAULT_LOGIN_NEXT;
  }
  // Dot segments are resolved here: '/.//evil.com' becomes '//evil.com', which must not pass either.
  if (url.origin !== SAME_ORIGIN_BASE || url.pathname.startsWith('//')) return DEFAULT_LOGIN_NEXT;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return DEFAULT_LOGIN_NEXT;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where `/api/login` redirects (spec §2 sign-in entry): the page asked for (`safeLoginNext`) with
 * `signin=1` added to its query, which makes the SPA open the sign-in dialog there; after sign-in
 * the page reloads at that address, so the user lands where they were.
 * @example loginRedirectTarget('/account') === '/account?signin=1'
 */
export function loginRedirectTarget(next: unknown): string {
  const url = new URL(safeLoginNext(next), SAME_ORIGIN_BASE);
  url.searchParams.set('signin', '1');
  return `${url.pathname}${url.search}${url.hash}`;
}
