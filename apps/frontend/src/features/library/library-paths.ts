import type { LibraryItemType } from '@archlens/contracts/library';

/** The SPA's page of one kind of item, under /library. */
const ITEM_PAGES: Record<LibraryItemType, string> = {
  analysis: '/library/analyses',
  'sketch-reading': '/library/sketch-readings',
  generation: '/library/generations',
};

/**
 * The page of one of the user's items: `/library/analyses/{id}`, `/library/sketch-readings/{id}`
 * or `/library/generations/{id}` (a generation by its job id).
 * @example libraryItemPagePath('analysis', id) === `/library/analyses/${id}`
 */
export function libraryItemPagePath(type: LibraryItemType, id: string): string {
  return `${ITEM_PAGES[type]}/${encodeURIComponent(id)}`;
}

/** The library page itself. */
export const LIBRARY_PAGE_PATH = '/library';
