import { useEffect } from 'react';
import { FullPageSpinner } from '../../../shared/components/FullPageSpinner';
import { AUTH_TEXTS } from '../texts';
import { handleUnauthorised } from '../unauthorised';

/**
 * A signed-in page opened signed out that sends the visitor to login (spec §2 /account): the
 * 'Unauthorized' toast 'You are logged out. Logging in again...', then /api/login after 500 ms
 * (spec §8, §9 unauthorised redirect delay; the same handling as a 401), which comes back to this
 * page with the sign-in dialog open. A spinner shows meanwhile.
 */
export function LoggedOutRedirect() {
  useEffect(() => {
    handleUnauthorised();
  }, []);
  return <FullPageSpinner label={AUTH_TEXTS.unauthorised} />;
}
