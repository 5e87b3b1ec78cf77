import { describe, expect, it } from '@jest/globals';
import { loginPathFor, pageAddress } from './login-path';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('loginPathFor: Sign In comes back to the page the visitor was on', () => {
  it('names the page in next, encoded', () => {
    expect(loginPathFor(at('/account'))).toBe('/api/login?next=%2Faccount');
    expect(loginPathFor(at('/analyse', '?x=1', '#top'))).toBe('/api/login?next=%2Fanalyse%3Fx%3D1%23top');
  });

  it('leaves next out on the landing, and never passes the sign-in flag on', () => {
    expect(loginPathFor(at('/'))).toBe('/api/login');
    expect(loginPathFor(at('/', '?signin=1'))).toBe('/api/login');
    expect(pageAddress(at('/account', '?signin=1&tab=2'))).toBe('/account?tab=2');
  });
});
