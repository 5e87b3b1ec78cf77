import {
  APP_ROUTES,
  type AppRoute,
  isRouted,
  navigationLinks,
  reachableRoutes,
  signedOutLoginRoutes,
  signInRequiredRoutes,
} from './route-table';

/** Every page of spec §2 built, to check the rules as they will be once the pages exist. */
const ALL_BUILT: AppRoute[] = APP_ROUTES.map((route) => ({ ...route, built: true }));
const paths = (routes: AppRoute[]) => routes.map((route) => route.path).sort();

describe('route table access rules (spec §2, §6)', () => {
  it('signed out, only /pricing, /vip-login and /admin-login are reachable besides /, /admin (it checks its admin token) and /verify-email (a verification link)', () => {
    expect(paths(reachableRoutes(false, ALL_BUILT))).toEqual(['/admin', '/admin-login', '/pricing', '/verify-email', '/vip-login']);
  });

  it('signed in, every built page is reachable', () => {
    expect(paths(reachableRoutes(true, ALL_BUILT))).toEqual(paths(ALL_BUILT));
  });

  it('a page that is not built yet is not routed for anyone', () => {
    const unbuilt = APP_ROUTES.map((route) => (route.path === '/create' ? { ...route, built: false } : route));
    expect(paths(reachableRoutes(true, unbuilt))).not.toContain('/create');
    expect(isRouted('/create', true, unbuilt)).toBe(false);
    expect(navigationLinks({ signedIn: true, proActive: false }, unbuilt).map((link) => link.path)).not.toContain('/create');
  });

  it('every page of spec §2 is built: all are routed signed in, the public ones signed out', () => {
    expect(paths(reachableRoutes(true))).toEqual([
      '/account',
      '/admin',
      '/admin-login',
      '/analyse',
      '/create',
      '/library',
      '/library/analyses/:id',
      '/library/generations/:id',
      '/library/sketch-readings/:id',
      '/pricing',
      '/read-sketch',
      '/verify-email',
      '/vip-login',
    ]);
    expect(paths(reachableRoutes(false))).toEqual(['/admin', '/admin-login', '/pricing', '/verify-email', '/vip-login']);
    expect(isRouted('/create', true)).toBe(true);
    expect(isRouted('/create', false)).toBe(false);
    expect(isRouted('/vip-login', false)).toBe(true);
  });

  it('/analyse is for signed-in users only; / is always routed; unknown paths never are', () => {
    expect(isRouted('/analyse', true)).toBe(true);
    expect(isRouted('/analyse', false)).toBe(false);
    expect(isRouted('/', false)).toBe(true);
    expect(isRouted('/no-such-page', true)).toBe(false);
  });
});

describe('signed-in pages opened signed out (spec §2)', () => {
  it('/account, /library and the library item pages send the visitor to login; the other signed-in pages show the landing', () => {
    const throughLogin = ['/account', '/library', '/library/analyses/:id', '/library/generations/:id', '/library/sketch-readings/:id'];
    expect(paths(signedOutLoginRoutes())).toEqual(throughLogin);
    expect(paths(signedOutLoginRoutes(ALL_BUILT))).toEqual(throughLogin);
    // Still not a page a signed-out visitor can open.
    expect(isRouted('/account', false)).toBe(false);
  });

  it('every signed-in page asks a signed-out visitor to sign in there: /account through login, the others at once', () => {
    expect(signInRequiredRoutes().map((route) => [route.path, route.signedOut])).toEqual([
      ['/create', 'landing'],
      ['/analyse', 'landing'],
      ['/read-sketch', 'landing'],
      ['/library', 'login'],
      ['/account', 'login'],
      ['/library/analyses/:id', 'login'],
      ['/library/sketch-readings/:id', 'login'],
      ['/library/generations/:id', 'login'],
    ]);
  });

  it('a page not built yet sends nobody anywhere', () => {
    const unbuilt = APP_ROUTES.map((route) => (route.path === '/account' ? { ...route, built: false } : route));
    expect(paths(signedOutLoginRoutes(unbuilt))).not.toContain('/account');
    expect(paths(signedOutLoginRoutes(unbuilt))).toContain('/library');
    expect(paths(signInRequiredRoutes(unbuilt))).not.toContain('/account');
  });
});

describe('navigation links (spec §2 navigation bar)', () => {
  it('signed out, there are none', () => {
    expect(navigationLinks({ signedIn: false, proActive: false }, ALL_BUILT)).toEqual([]);
  });

  it('signed in, Create, Analyse, Read Sketch, Library, Pricing and Account in that order once built', () => {
    expect(navigationLinks({ signedIn: true, proActive: true }, ALL_BUILT).map((link) => link.label)).toEqual([
      'Create',
      'Analyse',
      'Read Sketch',
      'Library',
      'Pricing',
      'Account',
    ]);
  });

  it('links the pages that exist: Create (with the Pro badge without an active subscription), Analyse, Read Sketch, Library, Pricing, Account', () => {
    expect(navigationLinks({ signedIn: true, proActive: false })).toEqual([
      { path: '/create', label: 'Create', showProBadge: true },
      { path: '/analyse', label: 'Analyse', showProBadge: false },
      { path: '/read-sketch', label: 'Read Sketch', showProBadge: false },
      { path: '/library', label: 'Library', showProBadge: false },
      { path: '/pricing', label: 'Pricing', showProBadge: false },
      { path: '/account', label: 'Account', showProBadge: false },
    ]);
  });

  it('shows the Pro badge on Create only when the subscription is not active', () => {
    const create = (proActive: boolean) =>
      navigationLinks({ signedIn: true, proActive }, ALL_BUILT).find((link) => link.path === '/create');
    expect(create(false)?.showProBadge).toBe(true);
    expect(create(true)?.showProBadge).toBe(false);
  });
});
