import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuth } from '../features/auth/hooks/use-auth';
import { useSignInDialog } from '../features/auth/sign-in-dialog-context';
import { AUTH_TEXTS } from '../features/auth/texts';
import { TopBar } from '../features/navigation/components/TopBar';
import { FullPageSpinner } from '../shared/components/FullPageSpinner';

// Split by route: each page is its own chunk.
const LandingPage = lazy(() => import('../pages/LandingPage'));
const HomePage = lazy(() => import('../pages/HomePage'));
const AnalysePage = lazy(() => import('../pages/AnalysePage'));

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
 * Routes by auth state (spec §2, §4). Signed out, every path shows the landing (only / exists
 * so far among the public routes); signed in, / is home and /analyse the analysis tool.
 */
export function AppRoutes() {
  const auth = useAuth();
  useSignInQueryFlag(auth.status === 'loading' ? null : auth.status === 'unauthenticated');

  if (auth.status === 'loading') return <FullPageSpinner label={AUTH_TEXTS.checkingSession} />;

  return (
    <>
      <TopBar user={auth.user} />
      <Suspense fallback={<FullPageSpinner />}>
        {auth.status === 'authenticated' ? (
          <Routes>
            <Route path="/" element={<HomePage />} />
            <Route path="/analyse" element={<AnalysePage />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        ) : (
          <Routes>
            <Route path="*" element={<LandingPage />} />
          </Routes>
        )}
      </Suspense>
    </>
  );
}
