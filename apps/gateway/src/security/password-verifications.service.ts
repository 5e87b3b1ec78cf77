import { Inject, Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import pLimit, { type LimitFunction } from 'p-limit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ApiException } from '../http/api-error.js';

/** The part of the gateway configuration the verifications read (README "Configuration"). */
export type PasswordVerificationsConfig = Pick<GatewayConfig, 'ARGON2_MAX_CONCURRENT' | 'ARGON2_MAX_WAITING'>;

/**
 * The argon2 verifications the gateway itself runs (the admin's and the VIP's passwords, and the
 * decoys a wrong username costs), held to `ARGON2_MAX_CONCURRENT` at once with `p-limit`: each holds
 * the hash's memory (64 MiB at the library's default cost) and a thread of libuv's pool, so a flood
 * of sign-ins cannot take the process's memory or starve its other work. Up to
 * `ARGON2_MAX_WAITING` more wait their turn in order; past them a verification is refused at once.
 * One instance per gateway process (the core module's).
 */
@Injectable()
export class PasswordVerifications {
  private readonly limit: LimitFunction;
  private readonly maxInFlight: number;

  constructor(@Inject(GATEWAY_CONFIG) config: PasswordVerificationsConfig) {
    this.limit = pLimit(config.ARGON2_MAX_CONCURRENT);
    this.maxInFlight = config.ARGON2_MAX_CONCURRENT + config.ARGON2_MAX_WAITING;
  }

  /**
   * `argon2.verify(hash, password)` once a place is free.
   * @returns whether the password matches the PHC hash
   * @throws ApiException `auth.sign-in-busy` (503, `Retry-After: 1`) when as many verifications run
   *   and wait as the settings allow; nothing is verified then
   */
  verify(hash: string, password: string): Promise<boolean> {
    // Running and queued together: a call queued in this same tick is already counted as pending.
    if (this.limit.activeCount + this.limit.pendingCount >= this.maxInFlight) {
      return Promise.reject(new ApiException({ code: 'auth.sign-in-busy', params: {} }, 1));
    }
    return this.limit(() => argon2.verify(hash, password));
  }
}
