import { createHash } from 'node:crypto';
import {
  HttpException,
  Inject,
  Injectable,
  Logger,
  ServiceUnavailableException,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { ErrorReference } from '@archlens/contracts/errors';
import { describeWait } from '@archlens/contracts/http';
import { failFastRedisOptions } from '@archlens/platform/messaging';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ApiException } from '../http/api-error.js';
import { retryAfterSecondsOf, TooManyRequestsException } from '../http/too-many-requests.exception.js';

export { describeWait };

/** The gateway's abuse limits: per address, per account, per user. */
export type RateLimitName =
  | 'signInPerIp'
  | 'signInPerEmailAndIp'
  | 'signUpPerIp'
  | 'forgotPasswordPerEmail'
  | 'forgotPasswordPerIp'
  | 'changePasswordPerUser'
  | 'verificationEmailsPerUser'
  | 'verifyEmailPerIp'
  | 'analysesPerUser'
  | 'adminLoginPerIp'
  | 'vipLoginPerIp'
  | 'stripeWebhookPerIp'
  | 'emailAnalysisPerUser'
  | 'emailClipboardPerUser'
  | 'emailsPerRecipient'
  | 'emailsToOthersPerUser'
  | 'emailsAllUsers'
  | 'generationsPerUser'
  | 'shareViewsPerIp';

/** What the user reads when Redis, which keeps the counters, cannot be reached (answered as 503). */
export const RATE_LIMITS_UNAVAILABLE_MESSAGE = 'ArchLens is temporarily unavailable. Please try again in a moment.';

/** The part of the gateway configuration the abuse limits read (README "Configuration"). */
export type RateLimitsConfig = Pick<
  GatewayConfig,
  | 'REDIS_URL'
  | 'RATE_LIMIT_KEY_PREFIX'
  | 'RATE_LIMIT_SIGN_IN_PER_IP'
  | 'RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP'
  | 'RATE_LIMIT_SIGN_UP_PER_IP'
  | 'RATE_LIMIT_FORGOT_PASSWORD_PER_EMAIL'
  | 'RATE_LIMIT_FORGOT_PASSWORD_PER_IP'
  | 'RATE_LIMIT_CHANGE_PASSWORD_PER_USER'
  | 'RATE_LIMIT_VERIFICATION_EMAILS_PER_USER'
  | 'RATE_LIMIT_VERIFY_EMAIL_PER_IP'
  | 'RATE_LIMIT_ANALYSES_PER_USER'
  | 'RATE_LIMIT_ADMIN_LOGIN_PER_IP'
  | 'RATE_LIMIT_VIP_LOGIN_PER_IP'
  | 'RATE_LIMIT_STRIPE_WEBHOOK_PER_IP'
  | 'RATE_LIMIT_EMAIL_ANALYSIS_PER_USER'
  | 'RATE_LIMIT_EMAIL_CLIPBOARD_PER_USER'
  | 'RATE_LIMIT_EMAILS_PER_RECIPIENT'
  | 'RATE_LIMIT_EMAILS_TO_OTHERS_PER_USER_PER_DAY'
  | 'RATE_LIMIT_EMAILS_ALL_USERS_PER_HOUR'
  | 'RATE_LIMIT_GENERATIONS_PER_USER'
  | 'RATE_LIMIT_SHARE_VIEWS_PER_IP'
>;

interface RateLimitDefinition {
  /** Environment variable with the number of points (README "Configuration"). */
  readonly pointsFrom: Exclude<keyof RateLimitsConfig, 'REDIS_URL' | 'RATE_LIMIT_KEY_PREFIX'>;
  /** Window in seconds; the counter starts with the first point and expires with the window. */
  readonly durationSeconds: number;
  /** First sentence of the 429 message; the wait follows (code `too-many-requests`). */
  readonly refusal: string;
  /**
   * A refusal with a code of its own instead (the catalogue's text and status 429), made from the
   * wait in whole seconds and the limit's points; `refusal` is then only the log's name for it.
   */
  readonly coded?: (retryAfterSeconds: number, points: number) => ErrorReference;
  /**
   * Logged as a warning on the first refusal of each window (a limit an operator should hear of);
   * the log line names the limit, its points and the wait, never a key.
   */
  readonly warning?: string;
  /** The Redis key part for a caller's key (an e-mail is hashed so none is kept in clear). */
  readonly keyOf: (key: string) => string;
}

const asIs = (key: string): string => key;
const sha256OfLowerCased = (email: string): string => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/**
 * The mailbox an address delivers to, for counting e-mails per recipient: lower-cased, without a
 * `+tag` in its local part (`Ada+1@Example.com` → `ada@example.com`), so tags cannot spread one
 * mailbox over many counters.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const local = address.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}${address.slice(at)}`;
}
const sha256OfMailbox = (email: string): string => createHash('sha256').update(mailboxOf(email)).digest('hex');

/**
 * The key of `signInPerEmailAndIp`: the e-mail (trimmed, any case) and the client address together;
 * hashed by the limit like an e-mail alone, so Redis holds neither in clear.
 */
export function emailAtAddress(email: string, address: string): string {
  return `${email.trim()}\n${address}`;
}

/**
 * Every abuse limit, with its default in `config.ts`: failed sign-ins per address per minute (10:
 * the 11th within a minute answers 429); failed sign-ins per e-mail from one address per 15 minutes
 * (10; keyed by e-mail and address together, as rate-limiter-flexible's login-protection guide does,
 * so that nobody can lock an account's owner out by failing sign-ins for it from elsewhere); sign-ups
 * per address per hour (10); analyses per user per hour (60); forgot-password requests per e-mail
 * per hour (5: the 6th answers 429) and per address per hour (20); change-password attempts per
 * user per hour (10; a success gives its point back); verification links asked for per user per
 * hour (3) and links tried per address per hour (30); failed admin sign-ins per address
 * per 15 minutes (10); analysis reports e-mailed per user per hour (10); Working Clipboard e-mails
 * per user per hour (10); e-mails of both kinds to one recipient per hour, from all users together
 * (20: any address may be typed, so none can be flooded); e-mails of both kinds from one account to
 * addresses other than its own per day (20: 'email.daily-limit'); e-mails of both kinds from every
 * account together per hour (500: 'email.global-limit', logged as a warning when reached: one
 * account can send at most 20 an hour, so reaching it takes 25 accounts working flat out, which is
 * what a spam run through many fresh accounts looks like); generations started per user per hour
 * (60), counted before the upload is read; Stripe webhook deliveries per address per minute (300),
 * counted before the signature is checked.
 */
export const RATE_LIMITS: Readonly<Record<RateLimitName, RateLimitDefinition>> = {
  signInPerIp: {
    pointsFrom: 'RATE_LIMIT_SIGN_IN_PER_IP',
    durationSeconds: 60,
    refusal: 'Too many sign-in attempts.',
    keyOf: asIs,
  },
  signInPerEmailAndIp: {
    pointsFrom: 'RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP',
    durationSeconds: 15 * 60,
    refusal: 'Too many sign-in attempts.',
    keyOf: sha256OfLowerCased,
  },
  signUpPerIp: {
    pointsFrom: 'RATE_LIMIT_SIGN_UP_PER_IP',
    durationSeconds: 60 * 60,
    refusal: 'Too many accounts created from this address.',
    keyOf: asIs,
  },
  forgotPasswordPerEmail: {
    pointsFrom: 'RATE_LIMIT_FORGOT_PASSWORD_PER_EMAIL',
    durationSeconds: 60 * 60,
    refusal: 'Too many password reminders for this email.',
    keyOf: sha256OfLowerCased,
  },
  forgotPasswordPerIp: {
    pointsFrom: 'RATE_LIMIT_FORGOT_PASSWORD_PER_IP',
    durationSeconds: 60 * 60,
    refusal: 'Too many password reminders from this address.',
    keyOf: asIs,
  },
  changePasswordPerUser: {
    pointsFrom: 'RATE_LIMIT_CHANGE_PASSWORD_PER_USER',
    durationSeconds: 60 * 60,
    refusal: 'Too many attempts to change your password.',
    keyOf: asIs,
  },
  verificationEmailsPerUser: {
    pointsFrom: 'RATE_LIMIT_VERIFICATION_EMAILS_PER_USER',
    durationSeconds: 60 * 60,
    refusal: 'We have sent you several links already.',
    keyOf: asIs,
  },
  verifyEmailPerIp: {
    pointsFrom: 'RATE_LIMIT_VERIFY_EMAIL_PER_IP',
    durationSeconds: 60 * 60,
    refusal: 'Too many confirmation links tried from this address.',
    keyOf: asIs,
  },
  analysesPerUser: {
    pointsFrom: 'RATE_LIMIT_ANALYSES_PER_USER',
    durationSeconds: 60 * 60,
    refusal: 'You have reached the hourly limit of analyses.',
    keyOf: asIs,
  },
  adminLoginPerIp: {
    pointsFrom: 'RATE_LIMIT_ADMIN_LOGIN_PER_IP',
    durationSeconds: 15 * 60,
    refusal: 'Too many admin sign-in attempts.',
    keyOf: asIs,
  },
  vipLoginPerIp: {
    pointsFrom: 'RATE_LIMIT_VIP_LOGIN_PER_IP',
    durationSeconds: 15 * 60,
    refusal: 'Too many VIP sign-in attempts.',
    keyOf: asIs,
  },
  shareViewsPerIp: {
    pointsFrom: 'RATE_LIMIT_SHARE_VIEWS_PER_IP',
    durationSeconds: 60,
    refusal: 'Too many views of shared links from this address. Please try again in a minute.',
    keyOf: asIs,
  },
  stripeWebhookPerIp: {
    pointsFrom: 'RATE_LIMIT_STRIPE_WEBHOOK_PER_IP',
    durationSeconds: 60,
    refusal: 'Too many webhook deliveries from this address.',
    keyOf: asIs,
  },
  emailAnalysisPerUser: {
    pointsFrom: 'RATE_LIMIT_EMAIL_ANALYSIS_PER_USER',
    durationSeconds: 60 * 60,
    refusal: 'You have reached the hourly limit of analysis e-mails.',
    keyOf: asIs,
  },
  emailClipboardPerUser: {
    pointsFrom: 'RATE_LIMIT_EMAIL_CLIPBOARD_PER_USER',
    durationSeconds: 60 * 60,
    refusal: 'You have reached the hourly limit of clipboard e-mails.',
    keyOf: asIs,
  },
  emailsPerRecipient: {
    pointsFrom: 'RATE_LIMIT_EMAILS_PER_RECIPIENT',
    durationSeconds: 60 * 60,
    refusal: 'Too many e-mails have been sent to this address.',
    keyOf: sha256OfMailbox,
  },
  emailsToOthersPerUser: {
    pointsFrom: 'RATE_LIMIT_EMAILS_TO_OTHERS_PER_USER_PER_DAY',
    durationSeconds: 24 * 60 * 60,
    refusal: 'Daily limit of e-mails to other addresses reached.',
    coded: (retryAfterSeconds, points) => ({ code: 'email.daily-limit', params: { limit: points, retryAfterSeconds } }),
    keyOf: asIs,
  },
  emailsAllUsers: {
    pointsFrom: 'RATE_LIMIT_EMAILS_ALL_USERS_PER_HOUR',
    durationSeconds: 60 * 60,
    refusal: 'Hourly limit of e-mails from all accounts reached.',
    coded: (retryAfterSeconds) => ({ code: 'email.global-limit', params: { retryAfterSeconds } }),
    warning:
      'The hourly limit of e-mails from all accounts together is reached: analysis and clipboard e-mails are refused until it resets. Many accounts e-mailing other addresses at once can be a spam run: look at recent sign-ups and leads.',
    keyOf: asIs,
  },
  generationsPerUser: {
    pointsFrom: 'RATE_LIMIT_GENERATIONS_PER_USER',
    durationSeconds: 60 * 60,
    refusal: 'You have reached the hourly limit of generations.',
    keyOf: asIs,
  },
};

/**
 * Redis-backed abuse limits (rate-limiter-flexible `RateLimiterRedis`, one limiter per
 * `RateLimitName`, keys `<RATE_LIMIT_KEY_PREFIX><name>:<key>`, default prefix `archlens:rl:`).
 *
 * Every limit is `consume`d before the work, so requests sent in parallel are all counted. A
 * sign-in consumes the address's point and the point of its e-mail at that address before its
 * password is checked; a success `reward`s the address its point back and `reset`s the e-mail's
 * count there, so only failures add up.
 *
 * Errors: a limit reached is a `TooManyRequestsException` (429, `Retry-After`), or for a limit with a
 * code of its own an `ApiException` of that code (429, `Retry-After`); Redis unreachable or
 * stalled is a `ServiceUnavailableException` (503, `RATE_LIMITS_UNAVAILABLE_MESSAGE`). Its own
 * ioredis client (`failFastRedisOptions`: no offline queue, 1 s command timeout) refuses at once
 * while Redis is closed and after a second while it is stalled, so it never holds a request.
 */
@Injectable()
export class RateLimitsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimitsService');
  private readonly redis: Redis;
  private readonly limiters: Record<RateLimitName, RateLimiterRedis>;
  private redisDown = false;

  /** @param config the gateway configuration (`GATEWAY_CONFIG`); only `RateLimitsConfig` is read */
  constructor(@Inject(GATEWAY_CONFIG) config: RateLimitsConfig) {
    // enableOfflineQueue false, one retry, 1 s command timeout: a closed Redis refuses at once, a
    // stalled one after a second, and neither holds the request.
    this.redis = new Redis(failFastRedisOptions(config.REDIS_URL));
    // Say once that Redis is gone and once that it is back, not on every reconnect attempt.
    this.redis.on('error', (error: Error) => {
      if (!this.redisDown) this.logger.warn(`Redis for abuse limits is unreachable (${error.message}): limited routes answer 503.`);
      this.redisDown = true;
    });
    this.redis.on('ready', () => {
      if (this.redisDown) this.logger.log('Redis for abuse limits is back.');
      this.redisDown = false;
    });
    const entries = (Object.keys(RATE_LIMITS) as RateLimitName[]).map((name) => {
      const definition = RATE_LIMITS[name];
      const limiter = new RateLimiterRedis({
        storeClient: this.redis,
        rejectIfRedisNotReady: true,
        keyPrefix: `${config.RATE_LIMIT_KEY_PREFIX}${name}`,
        points: config[definition.pointsFrom],
        duration: definition.durationSeconds,
      });
      return [name, limiter] as const;
    });
    this.limiters = Object.fromEntries(entries) as Record<RateLimitName, RateLimiterRedis>;
  }

  /** Waits (at most a few seconds) for the first connection, so the first request is not refused as 503. */
  async onModuleInit(): Promise<void> {
    if (this.redis.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.redis.off('ready', done);
        this.redis.off('error', done);
        resolve();
      };
      const timer = setTimeout(done, 5_000);
      this.redis.once('ready', done);
      this.redis.once('error', done);
    });
  }

  /** Number of points (requests or failures) a limit allows in its window. */
  points(limit: RateLimitName): number {
    return this.limiters[limit].points;
  }

  /**
   * Counts one point against `key` (a client address, an e-mail, a user id).
   * @throws TooManyRequestsException (429) when this point goes over the limit
   * @throws ServiceUnavailableException (503) when Redis cannot be reached
   */
  async consume(limit: RateLimitName, key: string): Promise<void> {
    try {
      await this.limiters[limit].consume(RATE_LIMITS[limit].keyOf(key));
    } catch (rejection) {
      throw this.toHttp(limit, rejection);
    }
  }

  /**
   * Counts one point against each `[limit, key]`, all of them even when one is over, then refuses
   * with the limit that went over whose wait is longest, so the wait the client reads is the real one
   * (a failed sign-in counts against the address and against the e-mail at that address).
   * @throws TooManyRequestsException (429) | ServiceUnavailableException (503, before any 429), as `consume`
   */
  async consumeAll(entries: ReadonlyArray<readonly [RateLimitName, string]>): Promise<void> {
    const results = await Promise.allSettled(entries.map(([limit, key]) => this.consume(limit, key)));
    // `consume` only ever rejects with an HttpException (a 429 or a 503).
    const reasons = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as HttpException);
    const unavailable = reasons.find((reason) => reason.getStatus() !== 429);
    if (unavailable) throw unavailable;
    const wait = (exception: HttpException) => retryAfterSecondsOf(exception) ?? 0;
    if (reasons.length > 0) throw reasons.reduce((longest, next) => (wait(next) > wait(longest) ? next : longest));
  }

  /**
   * Counts one point against each `[limit, key]` in turn, stopping at the first that refuses and
   * giving back the points already taken: a refused request uses none of any limit, so no one can
   * spend another's allowance (an address's e-mails) with requests their own limit refuses anyway.
   * @throws TooManyRequestsException (429) | ServiceUnavailableException (503), as `consume`
   */
  async consumeInTurn(entries: ReadonlyArray<readonly [RateLimitName, string]>): Promise<void> {
    for (let i = 0; i < entries.length; i++) {
      try {
        await this.consume(...entries[i]);
      } catch (error) {
        await this.rewardAll(entries.slice(0, i));
        throw error;
      }
    }
  }

  /** Gives each `[limit, key]` its point back, as far as Redis allows (a request that sent nothing after all). */
  async rewardAll(entries: ReadonlyArray<readonly [RateLimitName, string]>): Promise<void> {
    await Promise.all(entries.map(([limit, key]) => this.reward(limit, key).catch(() => undefined)));
  }

  /**
   * Gives `key` back one point (a sign-in that succeeded was counted before its password was checked).
   * @throws ServiceUnavailableException (503) when Redis cannot be reached
   */
  async reward(limit: RateLimitName, key: string): Promise<void> {
    try {
      await this.limiters[limit].reward(RATE_LIMITS[limit].keyOf(key), 1);
    } catch (error) {
      throw this.toHttp(limit, error);
    }
  }

  /**
   * Forgets every point `key` has used in the window (a successful sign-in clears its e-mail's failures).
   * @throws ServiceUnavailableException (503) when Redis cannot be reached
   */
  async reset(limit: RateLimitName, key: string): Promise<void> {
    try {
      await this.limiters[limit].delete(RATE_LIMITS[limit].keyOf(key));
    } catch (error) {
      throw this.toHttp(limit, error);
    }
  }

  /** Nest shutdown hook: QUITs the limits' own Redis connection, or drops it when QUIT fails. */
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** rate-limiter-flexible rejects with a `RateLimiterRes` when over the limit, with an Error when the store failed. */
  private toHttp(limit: RateLimitName, rejection: unknown): HttpException {
    if (rejection instanceof RateLimiterRes) {
      // The first point over the limit in its window (`consume` counts refused points too).
      if (RATE_LIMITS[limit].warning && rejection.consumedPoints === this.points(limit) + 1) {
        this.logger.warn(
          `${RATE_LIMITS[limit].warning} (${limit}: ${this.points(limit)} in ${describeWait(RATE_LIMITS[limit].durationSeconds)}; resets in ${describeWait(rejection.msBeforeNext / 1000)})`,
        );
      }
      return this.tooMany(limit, rejection.msBeforeNext);
    }
    if (!this.redisDown)
      this.logger.warn(`Abuse limit ${limit} could not be read: ${rejection instanceof Error ? rejection.message : String(rejection)}`);
    return new ServiceUnavailableException(RATE_LIMITS_UNAVAILABLE_MESSAGE);
  }

  private tooMany(limit: RateLimitName, msBeforeNext: number): TooManyRequestsException | ApiException {
    const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
    const { coded, refusal } = RATE_LIMITS[limit];
    if (coded) return new ApiException(coded(seconds, this.points(limit)), seconds);
    return new TooManyRequestsException(`${refusal} Please try again in ${describeWait(seconds)}.`, seconds);
  }
}
