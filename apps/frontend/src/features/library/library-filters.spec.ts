import { LIBRARY_QUERY_MAX_CHARS } from '@archlens/contracts/library';
import { filtersFromSearch, libraryApiSearch, libraryViewPath, NO_FILTERS, searchFromFilters, withFilter } from './library-filters';
import { libraryItemPagePath } from './library-paths';

const PROJECT = '3f0c9a1e-5b7d-4c2a-9e8f-1a2b3c4d5e6f';

describe('the library address and its filters', () => {
  it('reads a shared link into the view it names', () => {
    expect(filtersFromSearch(`type=analysis&project=${PROJECT}&q=brick%20arches&sort=oldest&page=3`)).toEqual({
      type: 'analysis',
      projectId: PROJECT,
      q: 'brick arches',
      sort: 'oldest',
      page: 3,
    });
  });

  it('opens the whole library, newest first, from a bare /library', () => {
    expect(filtersFromSearch('')).toEqual(NO_FILTERS);
  });

  it('ignores what the server would refuse rather than failing the page', () => {
    expect(filtersFromSearch('type=photo&project=not-a-uuid&sort=sideways&page=0')).toEqual(NO_FILTERS);
    expect(filtersFromSearch('page=2.5').page).toBe(1);
    expect(filtersFromSearch('page=-4').page).toBe(1);
    expect(filtersFromSearch(`q=${'a'.repeat(LIBRARY_QUERY_MAX_CHARS + 50)}`).q).toHaveLength(LIBRARY_QUERY_MAX_CHARS);
    expect(filtersFromSearch('q=%20%20').q).toBe('');
  });

  it('writes a view back without its defaults, so the plain library is /library and links stay short', () => {
    expect(searchFromFilters(NO_FILTERS)).toBe('');
    expect(libraryViewPath()).toBe('/library');
    expect(libraryViewPath({ type: 'analysis' })).toBe('/library?type=analysis');
    expect(libraryViewPath({ type: 'generation' })).toBe('/library?type=generation');
    expect(searchFromFilters({ ...NO_FILTERS, projectId: PROJECT, q: ' glazed  loggia ', page: 2 })).toBe(
      `project=${PROJECT}&q=glazed++loggia&page=2`,
    );
  });

  it('round-trips every view through the address unchanged', () => {
    const views = [
      NO_FILTERS,
      { type: 'sketch-reading', projectId: null, q: '', sort: 'newest', page: 1 },
      { type: null, projectId: PROJECT, q: 'timber & brick', sort: 'oldest', page: 7 },
    ] as const;
    for (const view of views) expect(filtersFromSearch(searchFromFilters(view))).toEqual(view);
  });

  it('goes back to page 1 when the view changes, but not when only the page does', () => {
    const onPage4 = { ...NO_FILTERS, type: 'analysis', page: 4 } as const;
    expect(withFilter(onPage4, { q: 'brick' }).page).toBe(1);
    expect(withFilter(onPage4, { projectId: PROJECT })).toEqual({ ...onPage4, projectId: PROJECT, page: 1 });
    expect(withFilter(onPage4, { page: 5 }).page).toBe(5);
  });

  it('asks the API with its own names (projectId) and always an order and a page', () => {
    expect(libraryApiSearch(NO_FILTERS)).toBe('sort=newest&page=1');
    expect(libraryApiSearch({ type: 'generation', projectId: PROJECT, q: 'oak', sort: 'oldest', page: 2 })).toBe(
      `type=generation&projectId=${PROJECT}&q=oak&sort=oldest&page=2`,
    );
  });
});

describe('libraryItemPagePath', () => {
  it("names each kind of item's page under /library", () => {
    expect(libraryItemPagePath('analysis', PROJECT)).toBe(`/library/analyses/${PROJECT}`);
    expect(libraryItemPagePath('sketch-reading', PROJECT)).toBe(`/library/sketch-readings/${PROJECT}`);
    expect(libraryItemPagePath('generation', PROJECT)).toBe(`/library/generations/${PROJECT}`);
  });
});
