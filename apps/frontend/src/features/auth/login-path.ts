import { AUTH_PATHS } from './texts';

/** The query flag with which `/api/login` comes back to a page: open the sign-in dialog there. */
export const SIGN_IN_FLAG = 'signin';

/** The parts of a location `loginPathFor` reads (`window.location` and react-router's location have them). */
export interface PageLocation {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * The page a visitor is on, as `/api/login?next=` takes it: path, query without the sign-in flag,
 * and fragment (e.g. `/account`, `/analyse?x=1`).
 */
export function pageAddress({ pathname, search, hash }: PageLocation): string {
  const params = new URLSearchParams(search);
  params.delete(SIGN_IN_FLAG);
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}${hash}`;
}

/**
 * Where a Sign In link or the unauthorised redirect goes (spec §2 /api/login): `/api/login`, with
 * `?next=` naming the page the visitor is on unless it is `/`, so that after sign-in they land
 * there. The gateway accepts only same-origin paths in `next` (anything else opens the dialog on `/`).
 * @example loginPathFor({ pathname: '/account', search: '', hash: '' }) === '/api/login?next=%2Faccount'
 */
export function loginPathFor(location: PageLocation): string {
  const next = pageAddress(location);
  return next === '/' ? AUTH_PATHS.login : `${AUTH_PATHS.login}?next=${encodeURIComponent(next)}`;
}
