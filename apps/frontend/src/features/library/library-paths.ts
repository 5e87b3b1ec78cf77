import type { LibraryItemType } from '@archlens/contracts/library';

/** The SPA page of each kind of library item, under which `/{id}` names one. */
const ITEM_PAGES: Record<LibraryItemType, string> = {
  analysis: '/library/analyses',
  'sketch-reading': '/library/sketch-readings',
  generation: '/library/generations',
};

/** The library listing page, where an item page goes back to. */
export const LIBRARY_PAGE_PATH = '/library';

/**
 * The SPA page of one library item: `/library/analyses/{id}`, `/library/sketch-readings/{id}` or
 * `/library/generations/{id}` (the id escaped for a path segment).
 */
export function libraryItemPagePath(type: LibraryItemType, id: string): string {
  return `${ITEM_PAGES[type]}/${encodeURIComponent(id)}`;
}
