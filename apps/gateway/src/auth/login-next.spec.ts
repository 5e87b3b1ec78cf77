import { describe, expect, it } from '@jest/globals';
import { loginRedirectTarget, safeLoginNext } from './login-next.js';

describe('safeLoginNext: the page /api/login returns to after sign-in', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    expect(safeLoginNext('/account')).toBe('/account');
    expect(safeLoginNext('/analyse')).toBe('/analyse');
    expect(safeLoginNext('/pricing?plan=yearly#faq')).toBe('/pricing?plan=yearly#faq');
    expect(safeLoginNext('/')).toBe('/');
  });

  it('refuses every address that could leave the site, falling back to /', () => {
    for (const next of [
      '//evil.com',
      '//evil.com/account',
      'https://evil.com',
      'http://evil.com/account',
      '/\\evil',
      '/\\evil.com',
      '/.//evil.com',
      '/a/..//evil.com',
      '\\\\evil.com',
      '/\t/evil.com',
      '/\n/evil.com',
      ' /account',
      'javascript:alert(1)',
      'account',
      '',
    ]) {
      expect({ next, target: safeLoginNext(next) }).toEqual({ next, target: '/' });
    }
  });

  it('refuses what is not one string, and the API itself', () => {
    expect(safeLoginNext(undefined)).toBe('/');
    expect(safeLoginNext(['/account', '//evil.com'])).toBe('/');
    expect(safeLoginNext({ path: '/account' })).toBe('/');
    expect(safeLoginNext('/api/logout')).toBe('/');
    expect(safeLoginNext('/api')).toBe('/');
  });
});

describe('loginRedirectTarget: where /api/login sends the browser', () => {
  it('opens the sign-in dialog on the page asked for', () => {
    expect(loginRedirectTarget('/account')).toBe('/account?signin=1');
    expect(loginRedirectTarget('/analyse?x=1#top')).toBe('/analyse?x=1&signin=1#top');
  });

  it('opens it on the landing when no page, or a refused one, was asked for', () => {
    expect(loginRedirectTarget(undefined)).toBe('/?signin=1');
    expect(loginRedirectTarget('//evil.com')).toBe('/?signin=1');
    expect(loginRedirectTarget('https://evil.com')).toBe('/?signin=1');
    expect(loginRedirectTarget('/\\evil')).toBe('/?signin=1');
  });
});
