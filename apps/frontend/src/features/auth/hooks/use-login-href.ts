import { useLocation } from 'react-router-dom';
import { loginPathFor } from '../login-path';

/** The href of a Sign In link on this page: `/api/login`, coming back here after sign-in (`loginPathFor`). */
export function useLoginHref(): string {
  return loginPathFor(useLocation());
}
