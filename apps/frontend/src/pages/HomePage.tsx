import type { PublicUser } from '@archlens/contracts/auth';
import { Home } from '../features/home/components/Home';

/** Route `/` signed in: the home. */
export default function HomePage({ user }: { user: PublicUser }) {
  return <Home user={user} />;
}
