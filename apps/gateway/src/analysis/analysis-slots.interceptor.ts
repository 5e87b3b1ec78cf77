import { randomUUID } from 'node:crypto';
import {
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request } from 'express';
import { Redis } from 'ioredis';
import { finalize, type Observable } from 'rxjs';
import { ServiceUnavailableError } from '@archlens/platform/messaging';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { GATEWAY_REDIS } from '../core/redis.js';
import { giveBackOnInputRefusal } from '../http/input-refusal.js';
import { RateLimitsService } from '../security/rate-limits.service.js';
import { userIdOf } from '../sessions/session.guard.js';

/** Seconds a client is asked to wait when it already has its analyses running. */
export const SLOT_RETRY_AFTER_SECONDS = 10;

/** A 429 that tells the client when to try again (the exception filter sets `Retry-After`). */
export class TooManyAnalysesException extends HttpException {
  readonly retryAfterSeconds = SLOT_RETRY_AFTER_SECONDS;
  constructor(max: number) {
    super(`You already have ${max} analyses running. Please wait for one to finish, then try again.`, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** Longest an upload may take before its analysis starts, in ms (Node's default request timeout, 5 minutes). */
const UPLOAD_MAX_MS = 300_000;

/**
 * Admits an analysis before its upload is read: at most `MAX_CONCURRENT_ANALYSES_PER_USER` of one
 * user at once (2 by default), across every copy of the gateway, then at most
 * `RATE_LIMIT_ANALYSES_PER_USER` per user per hour (`RateLimitsService`; a request refused
 * for concurrency does not use one up, and one refused for what it sent, 400, 415 or 422 (no
 * image, too many, not a JPG, PNG or WebP, too many pixels, undecodable), gets its analysis back:
 * `giveBackOnInputRefusal`, as a successful sign-in gives its point back. The hourly limit's own
 * 429 gives nothing back, nor does a 413 for a photo past 50 MB, whose reading was cut short).
 *
 * The running analyses of a user are a Redis sorted set of one member per request, scored by its
 * start time: a member is removed when its answer is sent, and one whose removal was lost (Redis
 * blip, gateway crash) stops counting once older than the longest possible request, so no user is
 * locked out and none gains a slot.
 */
@Injectable()
export class AnalysisSlotsInterceptor implements NestInterceptor {
  constructor(
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly rateLimits: RateLimitsService,
  ) {}

  /**
   * @throws TooManyAnalysesException (429), the hourly limit's 429, ServiceUnavailableError when
   *   Redis is unreachable
   */
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const userId = userIdOf(context.switchToHttp().getRequest<Request>());
    const key = `archlens:analyses-running:${userId}`;
    const member = randomUUID();
    const maxAgeMs = UPLOAD_MAX_MS + this.config.ANALYSIS_REPLY_TIMEOUT_MS + 60_000;
    const now = Date.now();
    let running: number;
    try {
      const replies = await this.redis
        .multi()
        .zremrangebyscore(key, '-inf', now - maxAgeMs)
        .zadd(key, now, member)
        .zcard(key)
        .pexpire(key, maxAgeMs)
        .exec();
      running = Number(replies?.[2]?.[1]);
    } catch (error) {
      throw new ServiceUnavailableError(error);
    }
    const release = () => void this.redis.zrem(key, member).catch(() => undefined);
    try {
      if (!(running <= this.config.MAX_CONCURRENT_ANALYSES_PER_USER))
        throw new TooManyAnalysesException(this.config.MAX_CONCURRENT_ANALYSES_PER_USER);
      await this.rateLimits.consume('analysesPerUser', userId);
    } catch (error) {
      release();
      throw error;
    }
    return next.handle().pipe(
      giveBackOnInputRefusal(() => this.rateLimits.reward('analysesPerUser', userId)),
      finalize(release),
    );
  }
}
