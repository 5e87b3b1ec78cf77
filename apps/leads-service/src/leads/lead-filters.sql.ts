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
 * What the leads are ordered by for each sort key (issue 13: sort by any column). The names and
 * the e-mail sort case-insensitively, as an operator reads them ('alice' beside 'Alice', not after
 * every capital as in the database's byte order): by `lower(column)`, the exact expression of the
 * `(lower(column), id)` indexes of migration `CaseInsensitiveLeadSort1795478400000`, so a page is
 * still read off an index. A source is a lower-case identifier (`LEAD_SOURCES`, held by the
 * `CHK_leads_source` check), so its plain order is already case-insensitive and keeps the
 * `(source, id)` index the source filter uses too; `created_at` is a time. The SQL comes from this
 * table only, never from the request, so the ORDER BY cannot be injected.
 */
const SORT_EXPRESSIONS: Readonly<Record<LeadSortColumn, string>> = {
  first_name: 'lower(first_name)',
  last_name: 'lower(last_name)',
  email: 'lower(email)',
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
 * The ORDER BY of the leads list and export (spec §7 sortBy/sortOrder, issue 13): the chosen
 * column's `SORT_EXPRESSIONS` entry (case-insensitive for names and e-mail) in the chosen
 * direction, then the id the same way, so rows with equal values (also 'alice' and 'Alice') keep
 * one order from page to page. Each order has a btree index `(expression, id)` that serves both
 * directions.
 * @example leadsOrderBy({ sortBy: 'email', sortOrder: 'desc' }) === 'lower(email) DESC, id DESC'
 */
export function leadsOrderBy(filters: Pick<LeadFilters, 'sortBy' | 'sortOrder'>): string {
  const direction = filters.sortOrder === 'asc' ? 'ASC' : 'DESC';
  return `${SORT_EXPRESSIONS[filters.sortBy]} ${direction}, id ${direction}`;
}
