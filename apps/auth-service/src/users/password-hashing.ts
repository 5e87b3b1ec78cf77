import argon2 from 'argon2';

/**
 * argon2id parameters of every password and temporary password: the OWASP Password Storage Cheat
 * Sheet's first option (m = 19 MiB, t = 2, p = 1).
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let decoy: Promise<string> | undefined;

/**
 * A hash to verify against when there is nothing real to verify (an unknown e-mail, no temporary
 * password outstanding), so every refusal costs the same argon2 work. Made once per process.
 */
export function decoyHash(): Promise<string> {
  decoy ??= argon2.hash('archlens-decoy-password', ARGON2_OPTIONS);
  return decoy;
}

/** argon2 verification that answers false, never throws, for a malformed hash. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  return argon2.verify(hash, password).catch(() => false);
}
