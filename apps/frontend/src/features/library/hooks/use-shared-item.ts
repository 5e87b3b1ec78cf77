import { useQuery } from '@tanstack/react-query';
import { sharedItemQueryKey, sharesApi } from '../api/shares-api';

/**
 * `GET /api/s/{token}`, public: the shared item, or an error (404 once the link is revoked or has
 * expired). A 401 cannot come from it, and must not send a visitor to sign in if it did.
 */
export function useSharedItem(token: string) {
  return useQuery({
    queryKey: sharedItemQueryKey(token),
    queryFn: ({ signal }) => sharesApi.open(token, signal),
    meta: { ignoreUnauthorised: true },
  });
}
