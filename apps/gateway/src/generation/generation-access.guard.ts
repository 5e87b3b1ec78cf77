import { ForbiddenException, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { GENERATION_MESSAGES } from '@archlens/contracts/generation';
import { CommandClient } from '@archlens/platform/messaging';
import { RateLimitsService } from '../security/rate-limits.service.js';
import { userIdOf } from '../sessions/session.guard.js';

/**
 * Admits a generation before its upload is read (issue 16 point 3; spec §6 Pro): the signed-in user
 * (after `SessionGuard`) must have an active subscription (`billing.get-account`; status `active`,
 * the unlimited VIP plan included), then have a generation left of `RATE_LIMIT_GENERATIONS_PER_USER`
 * this hour. A refused request stores nothing and queues nothing.
 */
@Injectable()
export class GenerationAccessGuard implements CanActivate {
  constructor(
    private readonly commands: CommandClient,
    private readonly limits: RateLimitsService,
  ) {}

  /**
   * @returns true for a Pro user with a generation left this hour
   * @throws ForbiddenException 403 `GENERATION_MESSAGES.proRequired` for anyone else;
   *   TooManyRequestsException 429 past the hourly limit; billing's NoWorkerError (503) or
   *   CommandTimeoutError (504) when it cannot say
   */
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const userId = userIdOf(context.switchToHttp().getRequest<Request>());
    const account = await this.commands.request('billing.get-account', { userId });
    if (account.subscription?.status !== 'active') throw new ForbiddenException(GENERATION_MESSAGES.proRequired);
    await this.limits.consume('generationsPerUser', userId);
    return true;
  }
}
