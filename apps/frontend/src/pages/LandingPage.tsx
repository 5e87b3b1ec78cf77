import { Landing } from '../features/landing/components/Landing';

/** Route `/` signed out: the plain landing with "FREE SIGN IN" (issue #2; the full landing comes later). */
export default function LandingPage() {
  return <Landing />;
}
