import { useAuth } from '../features/auth/hooks/use-auth';
import { CreateWorkspace } from '../features/generation/components/CreateWorkspace';

/** Route `/create`, signed in only: Image Generation. */
export default function CreatePage() {
  const { user } = useAuth();
  // The route is mounted only while signed in (router.tsx); the user is there.
  return user ? <CreateWorkspace user={user} /> : null;
}
