import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { SignInDialogContext, type SignInDialogMode } from '../sign-in-dialog-context';

const SignInDialog = lazy(() => import('./SignInDialog'));

/** Holds the sign-in dialog; its code loads the first time it opens. */
export function SignInDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const [mode, setMode] = useState<SignInDialogMode>('signin');

  const openSignInDialog = useCallback((nextMode: SignInDialogMode = 'signin') => {
    setMode(nextMode);
    setRequested(true);
    setOpen(true);
  }, []);
  const controls = useMemo(() => ({ openSignInDialog }), [openSignInDialog]);

  return (
    <SignInDialogContext.Provider value={controls}>
      {children}
      {requested && (
        <Suspense fallback={null}>
          <SignInDialog open={open} mode={mode} onModeChange={setMode} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </SignInDialogContext.Provider>
  );
}
