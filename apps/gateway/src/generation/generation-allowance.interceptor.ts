import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { giveBackOnInputRefusal } from '../http/input-refusal.js';
import { RateLimitsService } from '../security/rate-limits.service.js';
import { userIdOf } from '../sessions/session.guard.js';

/**
 * Counts a generation against `RATE_LIMIT_GENERATIONS_PER_USER` per hour (`RateLimitsService`
 * 'generationsPerUser') before its upload is read, after the route's `pro` access rule admitted the
 * user. A request refused for what it sent (400, 415, 422: no sketch, a repeated or bad field, a
 * file not a JPG, PNG or WebP) gets its generation back (`giveBackOnInputRefusal`), so mistakes do
 * not use up the hour; the limit's own 429 gives nothing back, nor does a 413 (a file past 50 MB,
 * which the browser never sends: its reading was cut short, and it counts) or any other answer (a
 * 409 for credits, a provider's 502).
 */
@Injectable()
export class GenerationAllowanceInterceptor implements NestInterceptor {
  constructor(private readonly limits: RateLimitsService) {}

  /**
   * @throws TooManyRequestsException 429 past the hourly limit (nothing read, nothing stored);
   *   ServiceUnavailableException 503 when Redis cannot be reached
   */
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const userId = userIdOf(context.switchToHttp().getRequest<Request>());
    await this.limits.consume('generationsPerUser', userId);
    return next.handle().pipe(giveBackOnInputRefusal(() => this.limits.reward('generationsPerUser', userId)));
  }
}
