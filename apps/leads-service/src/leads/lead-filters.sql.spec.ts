import { describe, expect, it } from '@jest/globals';
import { leadFiltersWhere, leadsOrderBy, likeSubstringPattern } from './lead-filters.sql.js';

describe('likeSubstringPattern', () => {
  it('escapes the LIKE wildcards and the escape character, so they match only themselves', () => {
    expect(likeSubstringPattern('50%_off')).toBe('%50\\%\\_off%');
    expect(likeSubstringPattern('C:\\temp')).toBe('%C:\\\\temp%');
    expect(likeSubstringPattern('%')).toBe('%\\%%');
  });

  it('leaves quotes and SQL text alone: they travel as a parameter, not in the statement', () => {
    expect(likeSubstringPattern(`O'Brien"; DROP TABLE leads; --`)).toBe(`%O'Brien"; DROP TABLE leads; --%`);
  });
});

describe('leadFiltersWhere', () => {
  it('filters nothing without a search or a source, or with a blank search', () => {
    expect(leadFiltersWhere({})).toEqual({ sql: 'TRUE', params: [] });
    expect(leadFiltersWhere({ search: '   ' })).toEqual({ sql: 'TRUE', params: [] });
  });

  it('searches the first name, last name and e-mail with one parameter, and filters the source with another', () => {
    const { sql, params } = leadFiltersWhere({ search: 'ann', source: 'analysis_email' });
    expect(params).toEqual(['%ann%', 'analysis_email']);
    expect(sql).toBe("(first_name ILIKE $1 ESCAPE '\\' OR last_name ILIKE $1 ESCAPE '\\' OR email ILIKE $1 ESCAPE '\\') AND source = $2");
  });
});

describe('leadsOrderBy', () => {
  it('sorts by the column, then by id the same way', () => {
    expect(leadsOrderBy({ sortBy: 'email', sortOrder: 'desc' })).toBe('email DESC, id DESC');
    expect(leadsOrderBy({ sortBy: 'created_at', sortOrder: 'asc' })).toBe('created_at ASC, id ASC');
  });
});
