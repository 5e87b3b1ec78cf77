import {
  createShareResponseSchema,
  shareListResponseSchema,
  sharedItemSchema,
  type LibraryItemType,
  type ShareSummary,
  type SharedItem,
} from '@archlens/contracts/library';
import { API_PATHS } from '@archlens/contracts/paths';
import { apiRequest } from '../../../api/client';

/** Query key of the user's live share links (`GET /api/shares`). */
export const sharesQueryKey = [API_PATHS.shares] as const;

/** Query key of one public share (`GET /api/s/{token}`). */
export function sharedItemQueryKey(token: string): readonly [string] {
  return [sharedItemPath(token)] as const;
}

function sharedItemPath(token: string): string {
  return API_PATHS.sharedItem.replace(':token', encodeURIComponent(token));
}

/** A link just made: the full address to hand out (this site's origin and the `/s/{token}` path) and when it stops working (ISO). */
export interface CreatedShare {
  link: string;
  expiresAt: string;
}

/** The live links of one item, oldest first, from the user's whole list. */
export function sharesOfItem(shares: readonly ShareSummary[], type: LibraryItemType, itemId: string): ShareSummary[] {
  return shares.filter((share) => share.type === type && share.itemId === itemId).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** The share routes; each throws `HttpError` on a non-OK answer. */
export const sharesApi = {
  /**
   * `POST /api/shares {type, id, expiresInDays}` (1 to 30 days): the link, whose token is shown
   * this once, made absolute with `origin` (the page's own, `window.location.origin`).
   */
  create: async (request: { type: LibraryItemType; id: string; expiresInDays: number }, origin: string): Promise<CreatedShare> => {
    const created = await apiRequest(API_PATHS.createShare, { method: 'POST', json: request, schema: createShareResponseSchema });
    return { link: new URL(created.url, origin).toString(), expiresAt: created.expiresAt };
  },
  /** `GET /api/shares`: every live link of the user's. */
  list: (signal?: AbortSignal): Promise<ShareSummary[]> => apiRequest(API_PATHS.shares, { schema: shareListResponseSchema, signal }),
  /** `DELETE /api/shares/{id}`: the link stops working at once. */
  revoke: async (shareId: string): Promise<void> => {
    await apiRequest(API_PATHS.revokeShare.replace(':token', encodeURIComponent(shareId)), { method: 'DELETE' });
  },
  /** `GET /api/s/{token}`, public: the shared item's text and images; 404 once revoked or expired. */
  open: (token: string, signal?: AbortSignal): Promise<SharedItem> =>
    apiRequest(sharedItemPath(token), { schema: sharedItemSchema, signal }),
};
