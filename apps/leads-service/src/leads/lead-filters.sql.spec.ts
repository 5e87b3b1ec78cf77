import { describe, expect, it } from '@jest/globals';
import { LEAD_SOURCES } from '@archlens/contracts/leads';
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
    expect(leadsOrderBy({ sortBy: 'source', sortOrder: 'desc' })).toBe('source DESC, id DESC');
    expect(leadsOrderBy({ sortBy: 'created_at', sortOrder: 'asc' })).toBe('created_at ASC, id ASC');
  });

  it('sorts the names and the e-mail case-insensitively, by the lower() of the (lower(column), id) indexes', () => {
    expect(leadsOrderBy({ sortBy: 'first_name', sortOrder: 'asc' })).toBe('lower(first_name) ASC, id ASC');
    expect(leadsOrderBy({ sortBy: 'last_name', sortOrder: 'desc' })).toBe('lower(last_name) DESC, id DESC');
    expect(leadsOrderBy({ sortBy: 'email', sortOrder: 'desc' })).toBe('lower(email) DESC, id DESC');
  });

  it('sorts the source as stored, which is case-insensitive only while every source is lower-case', () => {
    // A source with a capital would need lower(source) and an index for it, as the names have.
    for (const source of LEAD_SOURCES) expect(source).toBe(source.toLowerCase());
    expect(leadsOrderBy({ sortBy: 'source', sortOrder: 'asc' })).toBe('source ASC, id ASC');
  });
});
