import { closeSnackbar } from 'notistack';
import { toast } from '../../shared/toast';
import { AUTH_PATHS, AUTH_TEXTS, UNAUTHORISED_REDIRECT_DELAY_MS } from './texts';

let redirecting = false;

/**
 * Spec §8: toast 'Unauthorized', then after 500 ms navigate to /api/login. Runs once. A toast on
 * screen is closed first: with one toast at a time the 'Unauthorized' one would otherwise
 * wait behind it and the page would leave before it showed.
 */
export function handleUnauthorised(): void {
  if (redirecting) return;
  redirecting = true;
  closeSnackbar();
  toast({ title: AUTH_TEXTS.unauthorisedTitle, description: AUTH_TEXTS.unauthorised, variant: 'error' });
  window.setTimeout(() => {
    window.location.assign(AUTH_PATHS.login);
  }, UNAUTHORISED_REDIRECT_DELAY_MS);
}
