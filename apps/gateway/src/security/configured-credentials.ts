import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import argon2 from 'argon2';

/** argon2 cost when no configured hash gives one (the library's defaults: 64 MiB, 3 passes, 4 lanes). */
const DEFAULT_COST = { memoryCost: 65_536, timeCost: 3, parallelism: 4 } as const;

/**
 * argon2 cost parameters of a PHC hash (`m=…,t=…,p=…`, in any order), so a decoy costs what the real
 * one does. @throws Error when one is missing (the configuration's pattern lets none through)
 */
function argon2CostOf(hash: string): { memoryCost: number; timeCost: number; parallelism: number } {
  const parameters = new Map(
    (hash.split('$')[3] ?? '').split(',').map((pair) => {
      const [name, value] = pair.split('=');
      return [name, Number(value)] as const;
    }),
  );
  const [memoryCost, timeCost, parallelism] = ['m', 't', 'p'].map((name) => parameters.get(name));
  if (!memoryCost || !timeCost || !parallelism) throw new Error('the password hash lacks an argon2 cost parameter (m, t or p)');
  return { memoryCost, timeCost, parallelism };
}

/** Compares two texts in time that does not depend on where they differ (their SHA-256 digests). */
export function sameText(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/** Checks a password against a PHC argon2 hash (`PasswordVerifications.verify`, or `argon2.verify`). */
export type VerifyPassword = (hash: string, password: string) => Promise<boolean>;

/**
 * One username and argon2id password hash from configuration (the admin's, the VIP's). A wrong
 * username costs the same argon2 verification as a wrong password (against a
 * decoy hash of the same costs), so the answer's timing does not tell which was wrong. With no
 * credentials configured every check fails, after the same work.
 */
export class ConfiguredCredentials {
  private decoyHash: Promise<string>;

  /**
   * @param username, passwordHash (PHC argon2id) from configuration; undefined when the feature is off
   * @param verify how a password is checked: the gateway's `PasswordVerifications.verify`, which holds
   *   the verifications to a number at once (`argon2.verify` itself by default)
   */
  constructor(
    private readonly username: string | undefined,
    private readonly passwordHash: string | undefined,
    private readonly verify: VerifyPassword = (hash, password) => argon2.verify(hash, password),
  ) {
    const cost = passwordHash ? argon2CostOf(passwordHash) : DEFAULT_COST;
    this.decoyHash = argon2.hash(randomBytes(32), { type: argon2.argon2id, ...cost });
  }

  /**
   * True only for the configured username with its password.
   * @throws what `verify` throws (`auth.sign-in-busy` when too many verifications run and wait)
   */
  async matches(username: string, password: string): Promise<boolean> {
    const knownUser = Boolean(this.username && this.passwordHash) && sameText(username, this.username ?? '');
    const passwordMatches = await this.verify(knownUser ? this.passwordHash! : await this.decoyHash, password);
    return knownUser && passwordMatches;
  }
}
