import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SIGN_IN_FLAG } from '../login-path';
import { useSignInDialog } from '../sign-in-dialog-context';
import { LoggedOutRedirect } from './LoggedOutRedirect';

export interface SignInRequiredProps {
  /**
   * What a signed-out visitor gets first (the route table's `signedOut`): `landing` opens the
   * sign-in dialog over `landing` at once; `login` (spec §2 /account) says 'You are logged out.
   * Logging in again...' and goes through /api/login, which comes back here with the dialog open.
   */
  mode: 'landing' | 'login';
  /** The page shown under the dialog (the landing). */
  landing: ReactNode;
}

/**
 * A signed-in page opened signed out (a deep link, a bookmark, a reload after the session ended):
 * the landing under the page's own address with the sign-in dialog open over it. Signing in (or
 * up) reloads this address, so the visitor lands on the page they asked for, and a reload before
 * that opens the dialog again.
 */
export function SignInRequired({ mode, landing }: SignInRequiredProps) {
  const [params] = useSearchParams();
  // Read once: the router drops the flag from the address as soon as the dialog is open.
  const [backFromLogin] = useState(() => params.get(SIGN_IN_FLAG) === '1');
  const redirect = mode === 'login' && !backFromLogin;
  const { openSignInDialog } = useSignInDialog();

  useEffect(() => {
    if (!redirect) openSignInDialog('signin');
  }, [redirect, openSignInDialog]);

  return redirect ? <LoggedOutRedirect /> : landing;
}
