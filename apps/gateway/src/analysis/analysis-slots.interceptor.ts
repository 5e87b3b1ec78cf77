import { HttpException, HttpStatus, Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { Redis } from 'ioredis';
import { finalize, type Observable } from 'rxjs';
import { ServiceUnavailableError } from '@archlens/platform/messaging';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { GATEWAY_REDIS } from '../core/redis.js';
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

/**
 * Admits an analysis before its upload is read: at most `RATE_LIMIT_ANALYSES_PER_USER` per user per
 * hour (issue 11, `RateLimitsService`), and at most `MAX_CONCURRENT_ANALYSES_PER_USER` of one user
 * at once (issue 11: 2), across every copy of the gateway: a Redis counter per user, taken before
 * the upload is read and given back when the answer is sent. The counter expires a minute after the longest possible analysis,
 * so a gateway that dies mid-request cannot hold a slot for ever.
 */
@Injectable()
export class AnalysisSlotsInterceptor implements NestInterceptor {
  constructor(
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly rateLimits: RateLimitsService,
  ) {}

  /**
   * @throws the hourly limit's 429, TooManyAnalysesException (429), ServiceUnavailableError when
   *   Redis is unreachable
   */
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const userId = userIdOf(context.switchToHttp().getRequest<Request>());
    await this.rateLimits.consume('analysesPerUser', userId);
    const key = `archlens:analyses-running:${userId}`;
    const ttlSeconds = Math.ceil(this.config.ANALYSIS_REPLY_TIMEOUT_MS / 1000) + 60;
    let running: number;
    try {
      const replies = await this.redis.multi().incr(key).expire(key, ttlSeconds).exec();
      running = Number(replies?.[0]?.[1]);
    } catch (error) {
      throw new ServiceUnavailableError(error);
    }
    const release = () => void this.redis.decr(key).catch(() => undefined);
    if (!(running <= this.config.MAX_CONCURRENT_ANALYSES_PER_USER)) {
      release();
      throw new TooManyAnalysesException(this.config.MAX_CONCURRENT_ANALYSES_PER_USER);
    }
    return next.handle().pipe(finalize(release));
  }
}
