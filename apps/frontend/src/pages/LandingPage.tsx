import { Landing } from '../features/landing/components/Landing';

/** Route `/` signed out, and every path a signed-out visitor cannot open: the landing. */
export default function LandingPage() {
  return <Landing />;
}
