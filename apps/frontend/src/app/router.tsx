import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { SignInRequired } from '../features/auth/components/SignInRequired';
import { useAuth } from '../features/auth/hooks/use-auth';
import { useSignInDialog } from '../features/auth/sign-in-dialog-context';
import { AUTH_TEXTS } from '../features/auth/texts';
import { SIGN_IN_FLAG } from '../features/auth/login-path';
import { TopBar } from '../features/navigation/components/TopBar';
import { SERVICES_URL } from '../features/navigation/services-url';
import { FullPageSpinner } from '../shared/components/FullPageSpinner';
import { type PageId, reachableRoutes, signInRequiredRoutes } from './route-table';
import { SiteFooter } from './SiteFooter';

// Split by route: each page is its own chunk, so the signed-out landing loads none of the
// signed-in screens.
const LandingPage = lazy(() => import('../pages/LandingPage'));
const HomePage = lazy(() => import('../pages/HomePage'));
const AnalysePage = lazy(() => import('../pages/AnalysePage'));
const ReadSketchPage = lazy(() => import('../pages/ReadSketchPage'));
const CreatePage = lazy(() => import('../pages/CreatePage'));
const AdminPage = lazy(() => import('../pages/AdminPage'));
const AdminLoginPage = lazy(() => import('../pages/AdminLoginPage'));
const PricingPage = lazy(() => import('../pages/PricingPage'));
const AccountPage = lazy(() => import('../pages/AccountPage'));
const LibraryPage = lazy(() => import('../pages/LibraryPage'));
const VipLoginPage = lazy(() => import('../pages/VipLoginPage'));
const VerifyEmailPage = lazy(() => import('../pages/VerifyEmailPage'));
const LibraryAnalysisPage = lazy(() => import('../pages/LibraryAnalysisPage'));
const LibrarySketchReadingPage = lazy(() => import('../pages/LibrarySketchReadingPage'));
const LibraryGenerationPage = lazy(() => import('../pages/LibraryGenerationPage'));
const SharedItemPage = lazy(() => import('../pages/SharedItemPage'));
// Over every page while a new password is required (a sign-in with a temporary password).
const NewPasswordDialog = lazy(() => import('../features/auth/components/NewPasswordDialog'));

/** The built pages other than / (see `route-table.ts`); a page joins here when its route is marked built. */
const PAGES: Partial<Record<PageId, ComponentType>> = {
  create: CreatePage,
  analyse: AnalysePage,
  readSketch: ReadSketchPage,
  library: LibraryPage,
  pricing: PricingPage,
  account: AccountPage,
  admin: AdminPage,
  adminLogin: AdminLoginPage,
  vipLogin: VipLoginPage,
  verifyEmail: VerifyEmailPage,
  libraryAnalysis: LibraryAnalysisPage,
  librarySketchReading: LibrarySketchReadingPage,
  libraryGeneration: LibraryGenerationPage,
};

/**
 * The public page of a share link. Not in the route table: it is the same for every visitor,
 * signed in or out, and stands alone, without the navigation bar and footer, so that a link shows
 * the shared item and nothing of anyone's account.
 */
const SHARED_ITEM_PATH = '/s/:token';

/**
 * `?signin=1` (where /api/login lands: the page asked for, `/` by default) opens the sign-in
 * dialog, then the flag is dropped from the address.
 * @returns the path the page was loaded at with the flag (the page /api/login came back to), kept
 *   after the flag is dropped; null when it was loaded without
 */
function useSignInQueryFlag(signedOut: boolean | null): string | null {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { openSignInDialog } = useSignInDialog();
  const requested = params.get(SIGN_IN_FLAG) === '1';
  const [returnedTo] = useState(() => (requested ? location.pathname : null));

  useEffect(() => {
    if (!requested || signedOut === null) return;
    if (signedOut) openSignInDialog('signin');
    const next = new URLSearchParams(params);
    next.delete(SIGN_IN_FLAG);
    const search = next.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  }, [requested, signedOut, params, navigate, location.pathname, location.hash, openSignInDialog]);

  return returnedTo;
}

/**
 * Routes by auth state, read from the route table. Signed out, a signed-in page shows the landing
 * under its own address with the sign-in dialog open (/account first says 'You are logged out.
 * Logging in again...' and goes through /api/login: spec §2 /account, §9), so that signing in lands
 * on it; / and every other path that is not a reachable public page show the landing. Signed in, /
 * is home, the built pages are routed and any other path goes back to /. Every page ends with the
 * footer (Our Services there when configured). A share link's page (`/s/{token}`) is the exception:
 * it shows alone, whoever opens it, without waiting for the session.
 */
export function AppRoutes() {
  const auth = useAuth();
  const returnedFromLogin = useSignInQueryFlag(auth.status === 'loading' ? null : auth.status === 'unauthenticated');
  const { pathname } = useLocation();

  if (matchPath(SHARED_ITEM_PATH, pathname)) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <Routes>
          <Route path={SHARED_ITEM_PATH} element={<SharedItemPage />} />
        </Routes>
      </Suspense>
    );
  }
  if (auth.status === 'loading') return <FullPageSpinner label={AUTH_TEXTS.checkingSession} />;

  const signedIn = auth.status === 'authenticated';
  const routes = reachableRoutes(signedIn).flatMap((route) => {
    const Page = PAGES[route.page];
    return Page ? [<Route key={route.path} path={route.path} element={<Page />} />] : [];
  });

  return (
    <>
      <TopBar user={auth.user} servicesUrl={SERVICES_URL} />
      <Suspense fallback={<FullPageSpinner />}>
        {signedIn ? (
          <Routes>
            <Route path="/" element={<HomePage user={auth.user} />} />
            {routes}
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        ) : (
          <Routes>
            {routes}
            {signInRequiredRoutes().map((route) => (
              <Route
                key={route.path}
                path={route.path}
                element={
                  <SignInRequired
                    mode={route.signedOut}
                    // The route's pattern (`/library/analyses/:id`) against the address it came back to.
                    backFromLogin={returnedFromLogin !== null && matchPath(route.path, returnedFromLogin) !== null}
                    landing={<LandingPage />}
                  />
                }
              />
            ))}
            <Route path="*" element={<LandingPage />} />
          </Routes>
        )}
      </Suspense>
      <SiteFooter signedIn={signedIn} servicesUrl={SERVICES_URL} />
      {signedIn && auth.user.passwordChangeRequired && (
        <Suspense fallback={null}>
          <NewPasswordDialog open />
        </Suspense>
      )}
    </>
  );
}
