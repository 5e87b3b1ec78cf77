import { closeSnackbar } from 'notistack';
import { toast } from '../../shared/toast';
import { loginPathFor } from './login-path';
import { AUTH_TEXTS, UNAUTHORISED_REDIRECT_DELAY_MS } from './texts';

let redirecting = false;

/** How long the redirect waits for the toast to appear before it leaves anyway, in ms. */
const TOAST_APPEAR_TIMEOUT_MS = 3_000;

/**
 * Spec §8: toast 'Unauthorized', then after 500 ms navigate to /api/login, naming the page the
 * user is on (`?next=`): the sign-in dialog opens there, and signing in comes back to it. Runs
 * once. A toast on screen is closed first: with one toast at a time the 'Unauthorized' one would
 * otherwise wait behind it and the page would leave before it showed. The 500 ms count from the
 * moment the toast is on screen, so a slow device still shows it for that long; should it never
 * appear, the redirect happens after 3 s all the same.
 */
export function handleUnauthorised(): void {
  if (redirecting) return;
  redirecting = true;
  closeSnackbar();
  let left = false;
  const leave = () => {
    if (left) return;
    left = true;
    window.location.assign(loginPathFor(window.location));
  };
  toast({
    title: AUTH_TEXTS.unauthorisedTitle,
    description: AUTH_TEXTS.unauthorised,
    variant: 'error',
    onShown: () => window.setTimeout(leave, UNAUTHORISED_REDIRECT_DELAY_MS),
  });
  window.setTimeout(leave, TOAST_APPEAR_TIMEOUT_MS);
}
