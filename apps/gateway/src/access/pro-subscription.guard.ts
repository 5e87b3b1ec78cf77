import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { CommandClient } from '@archlens/platform/messaging';
import { apiError } from '../http/api-error.js';
import { userIdOf } from '../sessions/session.guard.js';

/**
 * The `pro` access rule after `SessionGuard` (spec §6): the signed-in user must have an active
 * subscription (`billing.get-account`; status `active`, the unlimited VIP plan included). It runs
 * before an upload is read, so a refused request stores nothing, queues nothing and uses none of a
 * route's hourly limit (which an interceptor counts next: it can give a request back when it is
 * refused for what it sent; a guard never sees the answer).
 */
@Injectable()
export class ProSubscriptionGuard implements CanActivate {
  constructor(private readonly commands: CommandClient) {}

  /**
   * @returns true for a Pro user
   * @throws ApiException `generation.pro-required` (403 'Pro Subscription Required'; generation is
   *   the one Pro route) for anyone else; billing's NoWorkerError (503) or CommandTimeoutError (504)
   *   when it cannot say
   */
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const userId = userIdOf(context.switchToHttp().getRequest<Request>());
    const account = await this.commands.request('billing.get-account', { userId });
    if (account.subscription?.status !== 'active') throw apiError('generation.pro-required');
    return true;
  }
}
