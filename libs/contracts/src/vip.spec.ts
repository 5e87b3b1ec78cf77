import { describe, expect, it } from '@jest/globals';
import { VIP_MESSAGES, vipLoginRequestSchema } from './vip.js';

/** The first refusal's text, as the gateway answers it. */
function refusal(body: unknown): string | undefined {
  const parsed = vipLoginRequestSchema.safeParse(body);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe('VIP login refusals', () => {
  it('keeps the spec §5 text for a missing or blank username or password', () => {
    expect(refusal({})).toBe('Username and password are required');
    expect(refusal({ username: '  ', password: 'secret' })).toBe(VIP_MESSAGES.required);
    expect(refusal({ username: 'demo', password: '' })).toBe(VIP_MESSAGES.required);
  });

  it('says a username or password is too long rather than missing', () => {
    expect(refusal({ username: 'u'.repeat(101), password: 'secret' })).toBe('Username must be at most 100 characters');
    expect(refusal({ username: 'demo', password: 'p'.repeat(257) })).toBe('Password must be at most 256 characters');
  });

  it('refuses a control character in the username and NUL in the password', () => {
    expect(refusal({ username: 'demo\u0000', password: 'secret' })).toBe('Username contains characters that cannot be used.');
    expect(refusal({ username: '\u202edemo', password: 'secret' })).toBe('Username contains characters that cannot be used.');
    expect(refusal({ username: '\u200b', password: 'secret' })).toBe(VIP_MESSAGES.required);
    expect(refusal({ username: 'demo', password: 'sec\u0000ret' })).toBe('Password contains characters that cannot be used.');
    expect(refusal({ username: 'demo', password: 'sec\tret\u200b' })).toBeUndefined();
  });
});
