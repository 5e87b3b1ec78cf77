import type { LibraryItemType } from '@archlens/contracts/library';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sharesApi, sharesOfItem, sharesQueryKey } from '../api/shares-api';

/**
 * The live links of one item (`GET /api/shares`, filtered to this item, oldest first), read while
 * `enabled` (the share dialog is open).
 */
export function useItemShares(type: LibraryItemType, itemId: string, enabled: boolean) {
  return useQuery({
    queryKey: sharesQueryKey,
    queryFn: ({ signal }) => sharesApi.list(signal),
    enabled,
    select: (shares) => sharesOfItem(shares, type, itemId),
  });
}

/** `POST /api/shares` for this item, then the user's links read again. The link is made absolute with this page's origin. */
export function useCreateShare(type: LibraryItemType, itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['shares', 'create', type, itemId],
    mutationFn: (expiresInDays: number) => sharesApi.create({ type, id: itemId, expiresInDays }, window.location.origin),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharesQueryKey }),
  });
}

/** `DELETE /api/shares/{id}`, then the user's links read again. */
export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['shares', 'revoke'],
    mutationFn: (shareId: string) => sharesApi.revoke(shareId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharesQueryKey }),
  });
}
