import { HomeGreeting } from '../features/home/components/HomeGreeting';

export default function HomePage() {
  return <HomeGreeting />;
}
