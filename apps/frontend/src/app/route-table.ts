/**
 * The SPA's route table: who may open each page, whether it is built yet, and the
 * label it has in the navigation bar. The router and the navigation bar both read it, so a page
 * shows up in the navigation exactly when it is routed: no dead links.
 */

export type PageId =
  | 'home'
  | 'analyse'
  | 'readSketch'
  | 'create'
  | 'library'
  | 'pricing'
  | 'account'
  | 'admin'
  | 'adminLogin'
  | 'vipLogin'
  | 'verifyEmail'
  | 'libraryAnalysis'
  | 'librarySketchReading'
  | 'libraryGeneration';

export interface AppRoute {
  path: string;
  page: PageId;
  /**
   * Spec §2 "Who": everyone, signed-in users, or the holder of an admin token (`adminToken`: the
   * page checks the token itself, spec §4, whether or not a user is signed in).
   */
  access: 'all' | 'signedIn' | 'adminToken';
  /**
   * What a signed-out visitor gets at a `signedIn` page: the landing (spec §2: every path that is not
   * reachable signed out shows it; the default) with the sign-in dialog open over it, or `login`: the
   * 'Unauthorized' toast, then /api/login after 500 ms (spec §2 /account, §8, §9), which comes back
   * to the page with the dialog open. Either way the address stays, and signing in lands on the page.
   */
  signedOut?: 'landing' | 'login';
  /** False until the page exists; an unbuilt page is neither routed nor linked. */
  built: boolean;
  /** Position and label in the signed-in navigation bar, when it is linked there. */
  nav?: { label: string; proBadge?: boolean };
}

/** Spec §2 route table, in the order of the navigation bar's links (Create, Analyse, Read Sketch, Library, Pricing, Account). */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/create', page: 'create', access: 'signedIn', built: true, nav: { label: 'Create', proBadge: true } },
  { path: '/analyse', page: 'analyse', access: 'signedIn', built: true, nav: { label: 'Analyse' } },
  // Not in the spec's navigation bar: linked after Analyse, as the other free tool.
  { path: '/read-sketch', page: 'readSketch', access: 'signedIn', built: true, nav: { label: 'Read Sketch' } },
  // Not in the spec: the architect's library of every item made with the three tools. Like /account,
  // a signed-out visitor goes through login and comes back to the same view (its filters included).
  { path: '/library', page: 'library', access: 'signedIn', signedOut: 'login', built: true, nav: { label: 'Library' } },
  { path: '/pricing', page: 'pricing', access: 'all', built: true, nav: { label: 'Pricing' } },
  // Spec §2 /account: signed-out users are sent to login after about 0.5 seconds.
  { path: '/account', page: 'account', access: 'signedIn', signedOut: 'login', built: true, nav: { label: 'Account' } },

  // Spec §2 lists /admin as "admin token": an administrator need not have a user account, so the
  // page is routed in both states and sends a visitor without a valid token to /admin-login (§4).
  { path: '/admin', page: 'admin', access: 'adminToken', built: true },
  { path: '/admin-login', page: 'adminLogin', access: 'all', built: true },
  { path: '/vip-login', page: 'vipLogin', access: 'all', built: true },
  // Not in the spec: the page a verification link opens, which may be a browser that is not signed in.
  { path: '/verify-email', page: 'verifyEmail', access: 'all', built: true },
  // One item of the user's library each; opened from links, so never in the navigation. Signed out
  // they go through login as /account does, so that a link someone kept lands on the item.
  { path: '/library/analyses/:id', page: 'libraryAnalysis', access: 'signedIn', signedOut: 'login', built: true },
  { path: '/library/sketch-readings/:id', page: 'librarySketchReading', access: 'signedIn', signedOut: 'login', built: true },
  { path: '/library/generations/:id', page: 'libraryGeneration', access: 'signedIn', signedOut: 'login', built: true },
];

/**
 * The routes a visitor can open besides / (home signed in, landing signed out). Spec §2, §6:
 * signed out only /pricing, /vip-login and /admin-login are reachable (and /admin, which checks its
 * admin token, and /verify-email, which a verification link opens); every other path, unknown or
 * not yet built, shows the landing.
 */
export function reachableRoutes(signedIn: boolean, routes: readonly AppRoute[] = APP_ROUTES): AppRoute[] {
  return routes.filter((route) => route.built && (signedIn || route.access !== 'signedIn'));
}

/**
 * The signed-in pages that send a signed-out visitor to login instead of showing the landing: spec
 * §2 /account, "Signed-out users are sent to login after about 0.5 seconds with the message 'You are
 * logged out. Logging in again...'". Every other signed-in page shows the landing.
 * @returns the built routes with `signedOut: 'login'`
 */
export function signedOutLoginRoutes(routes: readonly AppRoute[] = APP_ROUTES): AppRoute[] {
  return routes.filter((route) => route.built && route.access === 'signedIn' && route.signedOut === 'login');
}

/**
 * The signed-in pages, each with what a signed-out visitor gets there first (`signedOut`, the
 * landing unless given): the router shows the landing under the page's address with the sign-in
 * dialog, so that signing in lands on the page asked for.
 * @returns the built `signedIn` routes with their `signedOut` mode
 */
export function signInRequiredRoutes(routes: readonly AppRoute[] = APP_ROUTES): (AppRoute & { signedOut: 'landing' | 'login' })[] {
  return routes
    .filter((route) => route.built && route.access === 'signedIn')
    .map((route) => ({ ...route, signedOut: route.signedOut ?? 'landing' }));
}

export interface NavLinkEntry {
  path: string;
  label: string;
  /** Spec §2, §6: the small Pro badge on Create when the subscription is not active. */
  showProBadge: boolean;
}

/** Spec §2 navigation bar: signed in only, the links of the routed pages, in table order. */
export function navigationLinks(
  options: { signedIn: boolean; proActive: boolean },
  routes: readonly AppRoute[] = APP_ROUTES,
): NavLinkEntry[] {
  if (!options.signedIn) return [];
  return reachableRoutes(true, routes).flatMap((route) =>
    route.nav ? [{ path: route.path, label: route.nav.label, showProBadge: Boolean(route.nav.proBadge) && !options.proActive }] : [],
  );
}

/** True when `path` is routed for this visitor (so a link to it is not dead). */
export function isRouted(path: string, signedIn: boolean, routes: readonly AppRoute[] = APP_ROUTES): boolean {
  return path === '/' || reachableRoutes(signedIn, routes).some((route) => route.path === path);
}
