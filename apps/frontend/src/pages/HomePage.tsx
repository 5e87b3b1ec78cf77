import { HomeGreeting } from '../features/home/components/HomeGreeting';

/** Route `/` signed in: a greeting and the link to `/analyse` (issue #2; the full home comes later). */
export default function HomePage() {
  return <HomeGreeting />;
}
