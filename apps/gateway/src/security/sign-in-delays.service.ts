import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { GATEWAY_REDIS } from '../core/redis.js';
import { ApiException } from '../http/api-error.js';
import { RATE_LIMITS_UNAVAILABLE_MESSAGE } from './rate-limits.service.js';

/** The part of the gateway configuration the delays read (README "Configuration"). */
export type SignInDelaysConfig = Pick<
  GatewayConfig,
  'RATE_LIMIT_KEY_PREFIX' | 'RATE_LIMIT_SIGN_IN_PER_ACCOUNT' | 'SIGN_IN_DELAY_BASE_SECONDS' | 'SIGN_IN_DELAY_MAX_SECONDS'
>;

/** How long failures of one account are counted from the first, in seconds: a day (a success clears them sooner). */
const FAILURES_KEPT_SECONDS = 24 * 60 * 60;
/** How long an address an account signed in from stays exempt from the account's delay, in seconds: 30 days. */
const KNOWN_ADDRESS_SECONDS = 30 * 24 * 60 * 60;

/**
 * The delay after `failures` failed sign-ins of one account: none for the first `free`, then
 * `base` seconds, doubled with each further failure, never more than `max`
 * (free 5, base 2, max 900: the 6th failure 2 s, the 7th 4 s, …, the 15th 900 s).
 * @returns seconds, 0 for no delay
 */
export function signInDelaySeconds(failures: number, free: number, base: number, max: number): number {
  if (failures <= free) return 0;
  return Math.min(max, base * 2 ** Math.min(failures - free - 1, 30));
}

/**
 * Failed sign-ins counted per account across every client address, beside the per-address limits,
 * following rate-limiter-flexible's login-protection pattern: the account's state is read before
 * the password is checked (`get`), a failure is counted after (`consume`), a success clears it
 * (`delete`). Past `RATE_LIMIT_SIGN_IN_PER_ACCOUNT` failures each further failure delays the
 * account's next sign-in (`block`) by `signInDelaySeconds`: a growing delay, capped, never a lockout.
 * An address the account signed in from in the last 30 days is never delayed, so failures sent from
 * elsewhere cannot keep the owner out of their usual places; those addresses keep the per-address
 * limits. Accounts are keyed by a SHA-256 of what was typed (an e-mail lower-cased, or `admin:` /
 * `vip:` and a username), so Redis holds no address or username in clear. Keys live beside the abuse
 * limits (`RATE_LIMIT_KEY_PREFIX`) on the gateway's request-path Redis client.
 *
 * Errors: `auth.sign-in-delayed` (429 with `Retry-After`) while the delay runs; 503 when Redis cannot
 * be reached.
 */
@Injectable()
export class SignInDelays {
  private readonly logger = new Logger('SignInDelays');
  private readonly failures: RateLimiterRedis;
  private readonly delays: RateLimiterRedis;
  private readonly knownAddresses: RateLimiterRedis;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: SignInDelaysConfig,
    @Inject(GATEWAY_REDIS) redis: Redis,
  ) {
    const limiter = (name: string, points: number, duration: number) =>
      new RateLimiterRedis({
        storeClient: redis,
        rejectIfRedisNotReady: true,
        keyPrefix: `${config.RATE_LIMIT_KEY_PREFIX}${name}`,
        points,
        duration,
      });
    // `consume` past the points only counts on: the delay is a separate key, blocked for its length.
    this.failures = limiter('signInFailuresPerAccount', config.RATE_LIMIT_SIGN_IN_PER_ACCOUNT, FAILURES_KEPT_SECONDS);
    this.delays = limiter('signInDelayPerAccount', 1, config.SIGN_IN_DELAY_MAX_SECONDS);
    this.knownAddresses = limiter('signInKnownAddress', 1, KNOWN_ADDRESS_SECONDS);
  }

  /**
   * Before the password is checked: refuses while the account's delay runs, unless the account
   * signed in from `address` in the last 30 days.
   * @param account what identifies the account (`accountOfEmail`, `accountOfUsername`)
   * @throws ApiException `auth.sign-in-delayed` (429, `Retry-After`: the rest of the delay);
   *   ServiceUnavailableException (503) when Redis cannot be reached
   */
  async check(account: string, address: string): Promise<void> {
    const [delay, known] = await this.redisCall(() =>
      Promise.all([this.delays.get(this.key(account)), this.knownAddresses.get(this.key(account, address))]),
    );
    if (!delay || delay.consumedPoints <= this.delays.points || delay.msBeforeNext <= 0 || known) return;
    const retryAfterSeconds = Math.max(1, Math.ceil(delay.msBeforeNext / 1000));
    throw new ApiException({ code: 'auth.sign-in-delayed', params: { retryAfterSeconds } }, retryAfterSeconds);
  }

  /**
   * After a wrong password: counts the failure and, past the free ones, starts the next delay.
   * @throws ServiceUnavailableException (503) when Redis cannot be reached
   */
  async failed(account: string): Promise<void> {
    const key = this.key(account);
    const counted = await this.redisCall(() => this.failures.penalty(key, 1));
    const seconds = signInDelaySeconds(
      counted.consumedPoints,
      this.config.RATE_LIMIT_SIGN_IN_PER_ACCOUNT,
      this.config.SIGN_IN_DELAY_BASE_SECONDS,
      this.config.SIGN_IN_DELAY_MAX_SECONDS,
    );
    if (seconds > 0) await this.redisCall(() => this.delays.block(key, seconds));
  }

  /**
   * After a sign-in succeeded: forgets the account's failures and delay, and remembers `address`
   * as one the account signs in from (30 days).
   * @throws ServiceUnavailableException (503) when Redis cannot be reached
   */
  async succeeded(account: string, address: string): Promise<void> {
    const key = this.key(account);
    await this.redisCall(() =>
      Promise.all([
        this.failures.delete(key),
        this.delays.delete(key),
        this.knownAddresses.set(this.key(account, address), 1, KNOWN_ADDRESS_SECONDS),
      ]),
    );
  }

  private key(account: string, address?: string): string {
    return createHash('sha256')
      .update(address === undefined ? account : `${account}\n${address}`)
      .digest('hex');
  }

  private async redisCall<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      this.logger.warn(`Sign-in delays could not be read or written: ${error instanceof Error ? error.message : String(error)}`);
      throw new ServiceUnavailableException(RATE_LIMITS_UNAVAILABLE_MESSAGE);
    }
  }
}

/** The account a user sign-in is for: its e-mail, trimmed and lower-cased. */
export function accountOfEmail(email: string): string {
  return `user:${email.trim().toLowerCase()}`;
}

/** The account an admin or VIP sign-in is for: the username as typed (those compare exactly). */
export function accountOfUsername(kind: 'admin' | 'vip', username: string): string {
  return `${kind}:${username}`;
}
