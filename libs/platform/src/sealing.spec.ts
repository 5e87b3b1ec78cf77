import { describe, expect, it } from '@jest/globals';
import { generateKeyPairSync } from 'node:crypto';
import { generateSealingKeyPair, pemFromEnv, sealingKeyEnv, sealSecret, SealedSecretError, unsealSecret } from './sealing.js';

// Two key pairs for the whole file: RSA 3072 key generation takes a few hundred ms each.
const keys = generateSealingKeyPair();
const otherKeys = generateSealingKeyPair();
const context = 'auth.sign-in\nada@example.com';

/** Replaces one character of `part` with another base64url character (changing the bytes). */
function alter(part: string, at = Math.floor(part.length / 2)): string {
  const replacement = part[at] === 'A' ? 'B' : 'A';
  return part.slice(0, at) + replacement + part.slice(at + 1);
}

describe('sealed secrets (RSA-OAEP-256 wrapping an AES-256-GCM key)', () => {
  it.each([
    ['ASCII', 'difference-engine'],
    ['emoji and accents', 'pässwörd 🔐🏛️ 建築'],
    ['256 characters of 4-byte UTF-8 (1 KB, beyond RSA-OAEP alone)', '🏛'.repeat(128)],
    ['256 ASCII characters', 'x'.repeat(256)],
    ['dots and base64url characters', 'v1.a-b_c.d'],
    ['empty', ''],
  ])('opens what it sealed: %s', (_label, secret) => {
    const sealed = sealSecret(secret, keys.publicKeyPem, context);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*$/);
    expect(unsealSecret(sealed, keys.privateKeyPem, context)).toBe(secret);
  });

  it('never contains the plaintext, nor its base64 forms, and differs on every call', () => {
    const secret = 'correct-horse-battery-staple';
    const first = sealSecret(secret, keys.publicKeyPem, context);
    const second = sealSecret(secret, keys.publicKeyPem, context);
    expect(first).not.toBe(second);
    for (const sealed of [first, second]) {
      expect(sealed).not.toContain(secret);
      expect(sealed).not.toContain(Buffer.from(secret).toString('base64url'));
      expect(sealed).not.toContain(Buffer.from(secret).toString('base64').slice(0, 20));
      expect(sealed).not.toContain(Buffer.from(secret).toString('hex').slice(0, 20));
    }
  });

  it.each([
    ['wrapped key', 1],
    ['IV', 2],
    ['tag', 3],
    ['ciphertext', 4],
  ])('refuses a sealed string whose %s was altered (first, middle and last character)', (_part, index) => {
    const parts = sealSecret('difference-engine', keys.publicKeyPem, context).split('.');
    for (const at of [0, Math.floor(parts[index].length / 2), parts[index].length - 1]) {
      const altered = [...parts];
      altered[index] = alter(parts[index], at);
      expect(() => unsealSecret(altered.join('.'), keys.privateKeyPem, context)).toThrow(SealedSecretError);
    }
  });

  it('refuses parts swapped in from another sealed secret of the same key and context', () => {
    const a = sealSecret('first-password', keys.publicKeyPem, context).split('.');
    const b = sealSecret('second-password', keys.publicKeyPem, context).split('.');
    for (const index of [1, 2, 3, 4]) {
      const mixed = [...a];
      mixed[index] = b[index]!;
      expect(() => unsealSecret(mixed.join('.'), keys.privateKeyPem, context)).toThrow(SealedSecretError);
    }
  });

  it('refuses another context: a sealed sign-up password does not open as a sign-in, nor for another account', () => {
    const sealed = sealSecret('difference-engine', keys.publicKeyPem, 'auth.sign-up\nada@example.com');
    expect(() => unsealSecret(sealed, keys.privateKeyPem, 'auth.sign-in\nada@example.com')).toThrow(SealedSecretError);
    expect(() => unsealSecret(sealed, keys.privateKeyPem, 'auth.sign-up\nbob@example.com')).toThrow(SealedSecretError);
    expect(() => unsealSecret(sealed, keys.privateKeyPem, '')).toThrow(SealedSecretError);
  });

  it('refuses the wrong private key', () => {
    const sealed = sealSecret('difference-engine', keys.publicKeyPem, context);
    expect(() => unsealSecret(sealed, otherKeys.privateKeyPem, context)).toThrow(SealedSecretError);
  });

  it.each([
    ['empty', ''],
    ['the plaintext', 'difference-engine'],
    ['another version', 'v2.AAAA.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA'],
    ['too few parts', 'v1.AAAA.AAAA'],
    ['too many parts', 'v1.AAAA.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA.AAAA'],
    ['padded base64', 'v1.AAAA.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA==.AAAA'],
    ['standard base64 alphabet', 'v1.AA+/.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA'],
    ['a short IV', 'v1.AAAA.AAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA'],
    ['a huge string', `v1.${'A'.repeat(10_000)}.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA`],
  ])('refuses malformed input (%s) with a SealedSecretError', (_label, sealed) => {
    expect(() => unsealSecret(sealed, keys.privateKeyPem, context)).toThrow(SealedSecretError);
  });

  it('says nothing of the secret or the sealed string in its error', () => {
    const sealed = sealSecret('difference-engine', keys.publicKeyPem, context);
    let message = '';
    try {
      unsealSecret(sealed, keys.privateKeyPem, 'another context');
    } catch (error) {
      expect(error).toBeInstanceOf(SealedSecretError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/did not open/);
    expect(message).not.toContain('difference-engine');
    expect(message).not.toContain(sealed.split('.')[1].slice(0, 16));
  });

  it('refuses keys that are not RSA, too small, or of the wrong kind', () => {
    const ec = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const small = generateKeyPairSync('rsa', {
      modulusLength: 1024,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    expect(() => sealSecret('x', ec.publicKey, context)).toThrow(/not RSA/);
    expect(() => sealSecret('x', small.publicKey, context)).toThrow(/1024 bits/);
    expect(() => sealSecret('x', keys.privateKeyPem, context)).toThrow(/private key/);
    expect(() => sealSecret('x', 'not a key', context)).toThrow(SealedSecretError);
    const sealed = sealSecret('x', keys.publicKeyPem, context);
    expect(() => unsealSecret(sealed, keys.publicKeyPem, context)).toThrow(SealedSecretError);
  });
});

describe('sealing keys in the environment', () => {
  it('reads a PEM written on one line with literal \\n escapes', () => {
    const oneLine = keys.publicKeyPem.trim().replace(/\n/g, '\\n');
    expect(oneLine).not.toContain('\n');
    expect(pemFromEnv(oneLine)).toBe(keys.publicKeyPem);
    const sealed = sealSecret('difference-engine', pemFromEnv(oneLine), context);
    expect(unsealSecret(sealed, pemFromEnv(keys.privateKeyPem.replace(/\n/g, '\\r\\n')), context)).toBe('difference-engine');
  });

  it('validates the variable: required, a usable key of the right kind', () => {
    const publicEnv = sealingKeyEnv('public', 'see README');
    const privateEnv = sealingKeyEnv('private', 'see README');
    expect(publicEnv.parse(keys.publicKeyPem.replace(/\n/g, '\\n'))).toBe(keys.publicKeyPem);
    expect(privateEnv.parse(keys.privateKeyPem)).toBe(keys.privateKeyPem);
    expect(publicEnv.safeParse(undefined).error?.issues[0]?.message).toMatch(/^required: .*see README$/);
    expect(publicEnv.safeParse('  ').error?.issues[0]?.message).toMatch(/^required: /);
    expect(publicEnv.safeParse(keys.privateKeyPem).error?.issues[0]?.message).toMatch(/private key/);
    expect(privateEnv.safeParse(keys.publicKeyPem).error?.issues[0]?.message).toMatch(/Not a PEM private key/);
  });
});
