import { describe, expect, it } from '@jest/globals';
import { ADMIN_MESSAGES, adminLoginRequestSchema, leadFiltersSchema, leadsListQuerySchema } from './leads.js';

/** The first refusal as the gateway's query pipe answers it: `name: message`. */
function queryRefusal(query: Record<string, unknown>): string | undefined {
  const parsed = leadsListQuerySchema.safeParse(query);
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  return issue && `${issue.path.join('.')}: ${issue.message}`;
}

describe('leads list query (spec §7: search, source, sortBy, sortOrder, and the page)', () => {
  it('refuses a control character or a lone surrogate in the search', () => {
    expect(queryRefusal({ search: 'ada\u0000' })).toBe('search: The search contains characters that cannot be used.');
    expect(queryRefusal({ search: '\ud800' })).toBe('search: The search contains characters that cannot be used.');
    expect(leadFiltersSchema.safeParse({ search: 'ada\u0000' }).success).toBe(false);
  });

  it('takes a search in any script, and an empty one', () => {
    expect(leadsListQuerySchema.parse({ search: ' Zoë 王 ' }).search).toBe('Zoë 王');
    expect(leadsListQuerySchema.parse({ search: '' }).search).toBe('');
  });

  it('reads an empty page or page size as the default, and refuses other numbers than decimal digits', () => {
    expect(leadsListQuerySchema.parse({ page: '', pageSize: '' })).toMatchObject({ page: 1, pageSize: 25 });
    expect(leadsListQuerySchema.parse({ page: '3', pageSize: '100' })).toMatchObject({ page: 3, pageSize: 100 });
    expect(queryRefusal({ pageSize: '1e2' })).toBe('pageSize: Expected a whole number from 1 to 100.');
    expect(queryRefusal({ pageSize: '0x10' })).toBe('pageSize: Expected a whole number from 1 to 100.');
    expect(queryRefusal({ pageSize: '101' })).toBe('pageSize: Expected a whole number from 1 to 100.');
    expect(queryRefusal({ page: '0' })).toBe('page: Expected a whole number from 1 to 1000000.');
    expect(queryRefusal({ page: ['1', '2'] })).toBe('page: Expected a whole number from 1 to 1000000.');
  });
});

describe('admin login (spec §5: username and password required)', () => {
  const refusal = (body: unknown) => {
    const parsed = adminLoginRequestSchema.safeParse(body);
    return parsed.success ? undefined : parsed.error.issues[0]?.message;
  };

  it('keeps the spec text for a missing, blank or invisible username', () => {
    expect(refusal({})).toBe(ADMIN_MESSAGES.credentialsRequired);
    expect(refusal({ username: '\u200b', password: 'secret' })).toBe('Username and password are required');
  });

  it('refuses a control character in the username and NUL in the password', () => {
    expect(refusal({ username: 'admin\u0000', password: 'secret' })).toBe('Username contains characters that cannot be used.');
    expect(refusal({ username: 'admin', password: 'secret\u0000' })).toBe('Password contains characters that cannot be used.');
    expect(refusal({ username: 'admin', password: 'sécret 🏛\t' })).toBeUndefined();
  });
});
