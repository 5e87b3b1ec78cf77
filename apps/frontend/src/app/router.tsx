import Box from '@mui/material/Box';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { LoggedOutRedirect } from '../features/auth/components/LoggedOutRedirect';
import { useAuth } from '../features/auth/hooks/use-auth';
import { useSignInDialog } from '../features/auth/sign-in-dialog-context';
import { AUTH_TEXTS } from '../features/auth/texts';
import { ServicesButton } from '../features/navigation/components/ServicesButton';
import { TopBar } from '../features/navigation/components/TopBar';
import { FullPageSpinner } from '../shared/components/FullPageSpinner';
import { FLOATING_BUTTON_CLEARANCE } from '../shared/floating-buttons';
import { type PageId, reachableRoutes, signedOutLoginRoutes } from './route-table';

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
const VipLoginPage = lazy(() => import('../pages/VipLoginPage'));
const VerifyEmailPage = lazy(() => import('../pages/VerifyEmailPage'));
// Over every page while a new password is required (a sign-in with a temporary password).
const NewPasswordDialog = lazy(() => import('../features/auth/components/NewPasswordDialog'));
// Spec §2, §6: signed in only; its own chunk, so the landing loads none of it.
const WhatsAppWidget = lazy(() => import('../features/whatsapp/components/WhatsAppWidget'));

/** The built pages other than / (see `route-table.ts`); a page joins here when its route is marked built. */
const PAGES: Partial<Record<PageId, ComponentType>> = {
  create: CreatePage,
  analyse: AnalysePage,
  readSketch: ReadSketchPage,
  pricing: PricingPage,
  account: AccountPage,
  admin: AdminPage,
  adminLogin: AdminLoginPage,
  vipLogin: VipLoginPage,
  verifyEmail: VerifyEmailPage,
};

/** `/?signin=1` (where /api/login lands) opens the sign-in dialog, then the flag is dropped. */
function useSignInQueryFlag(signedOut: boolean | null) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { openSignInDialog } = useSignInDialog();
  const requested = params.get('signin') === '1';

  useEffect(() => {
    if (!requested || signedOut === null) return;
    if (signedOut) openSignInDialog('signin');
    const next = new URLSearchParams(params);
    next.delete('signin');
    const search = next.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  }, [requested, signedOut, params, navigate, location.pathname, location.hash, openSignInDialog]);
}

/**
 * Routes by auth state, read from the route table. Signed out, /account sends the
 * visitor to login (toast, then /api/login after 500 ms: spec §2 /account, §9), and / and every
 * other path that is not a reachable public page show the landing; signed in, / is home, the built
 * pages are routed and any other path goes back to /. The floating services button is on every page.
 */
export function AppRoutes() {
  const auth = useAuth();
  useSignInQueryFlag(auth.status === 'loading' ? null : auth.status === 'unauthenticated');

  if (auth.status === 'loading') return <FullPageSpinner label={AUTH_TEXTS.checkingSession} />;

  const signedIn = auth.status === 'authenticated';
  const routes = reachableRoutes(signedIn).flatMap((route) => {
    const Page = PAGES[route.page];
    return Page ? [<Route key={route.path} path={route.path} element={<Page />} />] : [];
  });

  return (
    <>
      <TopBar user={auth.user} />
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
            {signedOutLoginRoutes().map((route) => (
              <Route key={route.path} path={route.path} element={<LoggedOutRedirect />} />
            ))}
            <Route path="*" element={<LandingPage />} />
          </Routes>
        )}
      </Suspense>
      {/* Room below every page so that the floating buttons (services, WhatsApp) never hide its
          last line once scrolled to the end, at every width. */}
      <Box aria-hidden sx={{ height: FLOATING_BUTTON_CLEARANCE, flexShrink: 0 }} />
      <ServicesButton />
      {signedIn && (
        <Suspense fallback={null}>
          <WhatsAppWidget />
        </Suspense>
      )}
      {signedIn && auth.user.passwordChangeRequired && (
        <Suspense fallback={null}>
          <NewPasswordDialog open />
        </Suspense>
      )}
    </>
  );
}
