import type { LeadFilters, LeadSortColumn } from '@archlens/contracts/leads';

/** The escape character of every `ILIKE … ESCAPE` the leads queries write. */
const LIKE_ESCAPE = '\\';

/**
 * A search text as a literal `ILIKE` substring pattern: `%`, `_` and `\` are escaped with `\`
 * (the `ESCAPE '\'` of `leadFiltersWhere`), so they match themselves and nothing else, and the
 * text is wrapped in `%…%`. The pattern travels as a query parameter, never inside the SQL text.
 * @example likeSubstringPattern('50%_off') === '%50\\%\\_off%'
 */
export function likeSubstringPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => LIKE_ESCAPE + character)}%`;
}

/**
 * Columns of `leads.leads` by sort key (issue 13: sort by any column). The SQL names come from this
 * table only, never from the request, so the ORDER BY cannot be injected.
 */
const SORT_COLUMNS: Readonly<Record<LeadSortColumn, string>> = {
  first_name: 'first_name',
  last_name: 'last_name',
  email: 'email',
  source: 'source',
  created_at: 'created_at',
};

/** A WHERE clause (`TRUE` when nothing filters) and its positional parameters, from `$1`. */
export interface SqlCondition {
  sql: string;
  params: unknown[];
}

/**
 * The WHERE clause of the leads list and the CSV export (spec §7 search and source; issue 13):
 * the search is a case-insensitive substring of the first name, the last name or the e-mail
 * (`ILIKE`, served by the `pg_trgm` GIN indexes of the migration); the source is an exact match.
 * A blank search filters nothing. Every value is a parameter.
 */
export function leadFiltersWhere(filters: Pick<LeadFilters, 'search' | 'source'>): SqlCondition {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const search = filters.search?.trim();
  if (search) {
    params.push(likeSubstringPattern(search));
    const p = `$${params.length}`;
    conditions.push(
      `(first_name ILIKE ${p} ESCAPE '${LIKE_ESCAPE}' OR last_name ILIKE ${p} ESCAPE '${LIKE_ESCAPE}' OR email ILIKE ${p} ESCAPE '${LIKE_ESCAPE}')`,
    );
  }
  if (filters.source) {
    params.push(filters.source);
    conditions.push(`source = $${params.length}`);
  }
  return { sql: conditions.length > 0 ? conditions.join(' AND ') : 'TRUE', params };
}

/**
 * The ORDER BY of the leads list and export: the chosen column in the chosen direction, then the id
 * the same way, so rows with equal values keep one order from page to page (the btree indexes
 * `(column, id)` of the migration serve both directions).
 */
export function leadsOrderBy(filters: Pick<LeadFilters, 'sortBy' | 'sortOrder'>): string {
  const direction = filters.sortOrder === 'asc' ? 'ASC' : 'DESC';
  return `${SORT_COLUMNS[filters.sortBy]} ${direction}, id ${direction}`;
}
