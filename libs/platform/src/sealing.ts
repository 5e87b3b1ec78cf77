import {
  constants,
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
  publicEncrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { z } from 'zod';

/*
 * Sealed secrets (payloads never carry a plain password).
 *
 * A secret that must cross Redis (a password on its way from the gateway to auth-service) is
 * sealed to the receiver's RSA public key, so Redis, its persistence files, replicas and anyone
 * reading the queues only ever see ciphertext; only the holder of the private key can open it.
 *
 * Hybrid scheme, because RSA-OAEP alone takes at most 318 bytes with a 3072-bit key and SHA-256
 * (a 256-character password is up to ~1 KB of UTF-8):
 *   1. a fresh random AES-256 key and 96-bit IV per secret;
 *   2. AES-256-GCM encrypts the UTF-8 bytes, with the context as additional authenticated data, so
 *      a secret sealed for one context (`auth.sign-up` for one e-mail) does not open in another;
 *   3. RSA-OAEP (SHA-256, MGF1-SHA-256) wraps the AES key to the public key, with the same context
 *      as the OAEP label.
 * Format: `v1.<wrapped key>.<iv>.<tag>.<ciphertext>`, every part canonical unpadded base64url.
 */

/** Version prefix of every sealed string; a new scheme gets a new prefix. */
export const SEALED_SECRET_VERSION = 'v1';
/** RSA modulus length of `generateSealingKeyPair`, in bits. */
export const SEALING_KEY_BITS = 3072;
/** Smallest RSA modulus a sealing key may have, in bits (NIST SP 800-57: 112-bit security). */
export const MIN_SEALING_KEY_BITS = 2048;
/** Longest sealed string `unsealSecret` reads: far above a 256-character password (~2 KB sealed). */
export const MAX_SEALED_LENGTH = 8192;

const AES_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * A sealed secret could not be opened: malformed input, an unknown version, a part that was
 * altered, the wrong private key or the wrong context. The message never contains the sealed
 * string or the secret, so it is safe to log.
 */
export class SealedSecretError extends Error {
  override readonly name = 'SealedSecretError';
}

/**
 * A fresh RSA key pair for sealing, as PEM (SPKI public key, PKCS#8 private key).
 *
 * 3072 bits: 128-bit security (NIST SP 800-57), recommended for use beyond 2030, where 2048 bits
 * gives 112. The cost is paid by the receiver (one private-key operation per sealed secret, small
 * beside the argon2 work that follows it) and by key generation (once per deployment or test
 * stack).
 * @returns `{ publicKeyPem, privateKeyPem }`, each ending with a newline
 */
export function generateSealingKeyPair(): { publicKeyPem: string; privateKeyPem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: SEALING_KEY_BITS,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKeyPem: publicKey, privateKeyPem: privateKey };
}

/**
 * A PEM as written in an environment variable: literal `\n` escapes (one-line `.env` files,
 * Kubernetes secrets pasted as one line) become newlines, `\r` is dropped, blanks around are trimmed.
 * @returns the PEM text with real newlines and a final newline
 */
export function pemFromEnv(value: string): string {
  return `${value.replace(/\\r/g, '').replace(/\\n/g, '\n').replace(/\r/g, '').trim()}\n`;
}

/**
 * Seals `plaintext` to `publicKeyPem` for `context`.
 * @param plaintext the secret (any string; UTF-8 encoded)
 * @param publicKeyPem an RSA public key of at least 2048 bits, PEM (SPKI or PKCS#1)
 * @param context what the secret is for, e.g. the job name and the account; `unsealSecret` needs
 *   the same string
 * @returns `v1.<wrapped key>.<iv>.<tag>.<ciphertext>` (base64url parts); a new random key and IV
 *   every call, so sealing the same secret twice gives two different strings
 * @throws SealedSecretError when the key is not a usable RSA public key
 */
export function sealSecret(plaintext: string, publicKeyPem: string, context: string): string {
  const publicKey = rsaKey(publicKeyPem, 'public');
  const key = randomBytes(AES_KEY_BYTES);
  const iv = randomBytes(IV_BYTES);
  try {
    const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(additionalData(context));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const wrappedKey = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256', oaepLabel: additionalData(context) },
      key,
    );
    return [SEALED_SECRET_VERSION, wrappedKey, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  } finally {
    key.fill(0);
  }
}

/**
 * Opens a string made by `sealSecret`.
 * @param sealed `v1.<wrapped key>.<iv>.<tag>.<ciphertext>`
 * @param privateKeyPem the RSA private key matching the sealing public key, PEM (PKCS#8 or PKCS#1)
 * @param context the context it was sealed for
 * @returns the secret; keep it in the narrowest scope that needs it
 * @throws SealedSecretError when the string is malformed or of another version, when any part was
 *   altered, when the key is not the matching one, when the context differs, or when the key is
 *   not a usable RSA private key. The message says which of malformed / did not open, nothing more.
 */
export function unsealSecret(sealed: string, privateKeyPem: string, context: string): string {
  const privateKey = rsaKey(privateKeyPem, 'private');
  if (typeof sealed !== 'string' || sealed.length > MAX_SEALED_LENGTH)
    throw new SealedSecretError('Sealed secret is malformed (not a string of a sane length).');
  const parts = sealed.split('.');
  if (parts.length !== 5) throw new SealedSecretError('Sealed secret is malformed (expected 5 dot-separated parts).');
  const [version, ...encoded] = parts as [string, string, string, string, string];
  if (version !== SEALED_SECRET_VERSION)
    throw new SealedSecretError(`Sealed secret has an unsupported version (expected "${SEALED_SECRET_VERSION}").`);
  const [wrappedKey, iv, tag, ciphertext] = encoded.map(decodePart) as [Buffer, Buffer, Buffer, Buffer];
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES || wrappedKey.length === 0) {
    throw new SealedSecretError('Sealed secret is malformed (wrong part lengths).');
  }
  let key: Buffer | undefined;
  try {
    key = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256', oaepLabel: additionalData(context) },
      wrappedKey,
    );
    if (key.length !== AES_KEY_BYTES) throw new Error('wrapped key of the wrong length');
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(additionalData(context));
    decipher.setAuthTag(tag);
    const bytes = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } finally {
      bytes.fill(0);
    }
  } catch {
    // One message for every cause: which step failed is no one's business but the sealer's.
    throw new SealedSecretError('Sealed secret did not open (altered, sealed to another key, or for another context).');
  } finally {
    key?.fill(0);
  }
}

/**
 * Checks that `pem` is an RSA public key usable for sealing (config validation at boot).
 * @throws SealedSecretError saying what is wrong with it
 */
export function assertSealingPublicKey(pem: string): void {
  rsaKey(pem, 'public');
}

/**
 * Checks that `pem` is an RSA private key usable for unsealing (config validation at boot).
 * @throws SealedSecretError saying what is wrong with it
 */
export function assertSealingPrivateKey(pem: string): void {
  rsaKey(pem, 'private');
}

/**
 * zod schema of an environment variable holding a sealing key as PEM (with real newlines or
 * literal `\n` escapes): required, checked to be an RSA key of the right kind and size, parsed to
 * the PEM text with real newlines. A missing or unusable key fails the app at boot with a message
 * naming the variable's purpose and `hint` (where the key comes from).
 */
export function sealingKeyEnv(kind: 'public' | 'private', hint: string) {
  const required = `required: the ${kind === 'public' ? 'RSA public key (PEM) that seals passwords to auth-service' : 'RSA private key (PEM) that opens the passwords the gateway sealed'}; ${hint}`;
  return z
    .string({ error: required })
    .refine((value) => value.trim() !== '', { error: required })
    .transform((value, ctx) => {
      const pem = pemFromEnv(value);
      try {
        if (kind === 'public') assertSealingPublicKey(pem);
        else assertSealingPrivateKey(pem);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
        return z.NEVER;
      }
      return pem;
    });
}

/** The AES-GCM additional data and OAEP label for `context`: the version and the context. */
function additionalData(context: string): Buffer {
  return Buffer.from(`archlens-sealed-secret/${SEALED_SECRET_VERSION}\0${context}`, 'utf8');
}

/** Decodes one base64url part, refusing anything but the canonical unpadded form. */
function decodePart(part: string): Buffer {
  if (!BASE64URL.test(part)) throw new SealedSecretError('Sealed secret is malformed (a part is not base64url).');
  const bytes = Buffer.from(part, 'base64url');
  // Buffer ignores stray trailing bits; re-encoding catches an altered last character.
  if (bytes.toString('base64url') !== part) throw new SealedSecretError('Sealed secret is malformed (a part is not canonical base64url).');
  return bytes;
}

/**
 * Parses a PEM key and checks it is RSA of at least `MIN_SEALING_KEY_BITS`. A private key offered
 * where the public one belongs is refused (Node would derive the public key from it), so the
 * private key cannot end up in the gateway's configuration by mistake.
 */
function rsaKey(pem: string, kind: 'public' | 'private'): KeyObject {
  if (typeof pem !== 'string') throw new SealedSecretError(`Not a PEM ${kind} key.`);
  if (kind === 'public' && /PRIVATE KEY-----/.test(pem)) {
    throw new SealedSecretError('This is a private key; give the sealing side the public key only.');
  }
  let key: KeyObject;
  try {
    key = kind === 'public' ? createPublicKey(pem) : createPrivateKey(pem);
  } catch {
    throw new SealedSecretError(`Not a PEM ${kind} key.`);
  }
  if (key.asymmetricKeyType !== 'rsa')
    throw new SealedSecretError(`The ${kind} key is ${key.asymmetricKeyType ?? 'not asymmetric'}, not RSA.`);
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_SEALING_KEY_BITS)
    throw new SealedSecretError(`The ${kind} RSA key has ${bits} bits; at least ${MIN_SEALING_KEY_BITS} are needed.`);
  return key;
}
