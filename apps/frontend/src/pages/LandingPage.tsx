import { Landing } from '../features/landing/components/Landing';

export default function LandingPage() {
  return <Landing />;
}
