import { useEffect, type ReactNode } from 'react';
import { useSignInDialog } from '../sign-in-dialog-context';
import { LoggedOutRedirect } from './LoggedOutRedirect';

export interface SignInRequiredProps {
  /**
   * What a signed-out visitor gets first (the route table's `signedOut`): `landing` opens the
   * sign-in dialog over `landing` at once; `login` (spec §2 /account) says 'You are logged out.
   * Logging in again...' and goes through /api/login, which comes back here with the dialog open.
   */
  mode: 'landing' | 'login';
  /**
   * True when /api/login has just brought the visitor back here (`?signin=1` on arrival): the
   * dialog opens instead of a second trip. Kept by the router, not here: this element may mount
   * only after the landing's chunk has loaded, when the flag is already gone from the address.
   */
  backFromLogin: boolean;
  /** The page shown under the dialog (the landing). */
  landing: ReactNode;
}

/**
 * A signed-in page opened signed out (a deep link, a bookmark, a reload after the session ended):
 * the landing under the page's own address with the sign-in dialog open over it. Signing in (or
 * up) reloads this address, so the visitor lands on the page they asked for, and a reload before
 * that opens the dialog again.
 */
export function SignInRequired({ mode, backFromLogin, landing }: SignInRequiredProps) {
  const redirect = mode === 'login' && !backFromLogin;
  const { openSignInDialog } = useSignInDialog();

  useEffect(() => {
    if (!redirect) openSignInDialog('signin');
  }, [redirect, openSignInDialog]);

  return redirect ? <LoggedOutRedirect /> : landing;
}
