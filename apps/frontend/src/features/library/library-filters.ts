import { LIBRARY_ITEM_TYPES, LIBRARY_QUERY_MAX_CHARS, type LibraryItemType, type LibraryQuery } from '@archlens/contracts/library';
import { LIBRARY_PAGE_PATH } from './library-paths';

/** The order of the library's items: newest or oldest first. */
export type LibrarySort = LibraryQuery['sort'];

/**
 * What the library page shows, as its address keeps it (`/library?type=analysis&project=…&q=…`),
 * so that a link can open a filtered view and Back returns to the previous one.
 */
export interface LibraryFilters {
  /** One kind of item, or every kind when absent. */
  type: LibraryItemType | null;
  /** One project's items (its id), or every item when absent. */
  projectId: string | null;
  /** The search text, trimmed; '' when there is none. */
  q: string;
  sort: LibrarySort;
  /** 1-based. */
  page: number;
}

/** The library with no filter: every item, newest first, first page. */
export const NO_FILTERS: LibraryFilters = { type: null, projectId: null, q: '', sort: 'newest', page: 1 };

/** The names the address uses for the filters. */
export const FILTER_PARAMS = { type: 'type', project: 'project', q: 'q', sort: 'sort', page: 'page' } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The highest page the API accepts (`GET /api/library` `page`). */
const MAX_PAGE = 10_000;

/**
 * Reads the filters from the page's query string. A value the API would refuse (an unknown type, a
 * project that is not a UUID, a page that is not a whole number from 1) is ignored rather than
 * shown as an error, so a mistyped or stale link still opens the library; a search text longer
 * than the API takes is cut to {@link LIBRARY_QUERY_MAX_CHARS}.
 */
export function filtersFromSearch(search: URLSearchParams | string): LibraryFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const type = params.get(FILTER_PARAMS.type);
  const project = params.get(FILTER_PARAMS.project);
  const page = Number(params.get(FILTER_PARAMS.page) ?? '1');
  return {
    type: (LIBRARY_ITEM_TYPES as readonly string[]).includes(type ?? '') ? (type as LibraryItemType) : null,
    projectId: project && UUID.test(project) ? project.toLowerCase() : null,
    q: (params.get(FILTER_PARAMS.q) ?? '').trim().slice(0, LIBRARY_QUERY_MAX_CHARS),
    sort: params.get(FILTER_PARAMS.sort) === 'oldest' ? 'oldest' : 'newest',
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/**
 * The query string of a view, without the values that are the defaults (every type, every project,
 * no search, newest first, page 1), so the plain library is `/library` and links stay short.
 * @returns e.g. `type=analysis&project=…&q=brick` ('' for no filter), in a fixed order
 */
export function searchFromFilters(filters: Partial<LibraryFilters>): string {
  const params = new URLSearchParams();
  if (filters.type) params.set(FILTER_PARAMS.type, filters.type);
  if (filters.projectId) params.set(FILTER_PARAMS.project, filters.projectId);
  const q = filters.q?.trim();
  if (q) params.set(FILTER_PARAMS.q, q);
  if (filters.sort === 'oldest') params.set(FILTER_PARAMS.sort, 'oldest');
  if (filters.page && filters.page > 1) params.set(FILTER_PARAMS.page, String(filters.page));
  return params.toString();
}

/**
 * The library's address for a view, for links ("See all" under a short list).
 * @example libraryViewPath({ type: 'analysis' }) === '/library?type=analysis'
 */
export function libraryViewPath(filters: Partial<LibraryFilters> = {}): string {
  const search = searchFromFilters(filters);
  return search ? `${LIBRARY_PAGE_PATH}?${search}` : LIBRARY_PAGE_PATH;
}

/**
 * The filters after one of them changed: any change but the page's goes back to page 1, as the
 * page it was on may not exist in the new view.
 */
export function withFilter(filters: LibraryFilters, change: Partial<LibraryFilters>): LibraryFilters {
  return { ...filters, ...change, page: change.page ?? 1 };
}

/** The `GET /api/library` query string of a view (`projectId`, not the address's `project`). */
export function libraryApiSearch(filters: LibraryFilters): string {
  const params = new URLSearchParams();
  if (filters.type) params.set('type', filters.type);
  if (filters.projectId) params.set('projectId', filters.projectId);
  if (filters.q) params.set('q', filters.q);
  params.set('sort', filters.sort);
  params.set('page', String(filters.page));
  return params.toString();
}

/** True when the view is narrowed (a type, a project or a search), so an empty page means "nothing matches", not "nothing yet". */
export function isFiltered(filters: LibraryFilters): boolean {
  return filters.type !== null || filters.projectId !== null || filters.q !== '';
}
