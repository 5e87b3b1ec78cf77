import { describe, expect, it } from '@jest/globals';
import { vipCredentialFingerprint } from './vip-credential-fingerprint.js';

describe('vipCredentialFingerprint', () => {
  const config = { VIP_USERNAME: 'demo', VIP_PASSWORD_HASH: '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA' };

  it('is a stable hex SHA-256 of the credentials, which names neither', () => {
    const fingerprint = vipCredentialFingerprint(config);
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(vipCredentialFingerprint({ ...config })).toBe(fingerprint);
    expect(fingerprint).not.toContain('demo');
  });

  it('changes when either the username or the password hash is rotated', () => {
    const fingerprint = vipCredentialFingerprint(config);
    expect(vipCredentialFingerprint({ ...config, VIP_USERNAME: 'demo2' })).not.toBe(fingerprint);
    expect(vipCredentialFingerprint({ ...config, VIP_PASSWORD_HASH: `${config.VIP_PASSWORD_HASH}x` })).not.toBe(fingerprint);
  });

  it('is null while VIP access is off', () => {
    expect(vipCredentialFingerprint({ VIP_USERNAME: undefined, VIP_PASSWORD_HASH: config.VIP_PASSWORD_HASH })).toBeNull();
    expect(vipCredentialFingerprint({ VIP_USERNAME: 'demo', VIP_PASSWORD_HASH: undefined })).toBeNull();
  });
});
