import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { CommandClient } from '@archlens/platform/messaging';
import { apiError } from '../http/api-error.js';
import { userIdOf } from '../sessions/session.guard.js';

/**
 * Admits a generation before its upload is read (issue 16 point 3; spec §6 Pro): the signed-in user
 * (after `SessionGuard`) must have an active subscription (`billing.get-account`; status `active`,
 * the unlimited VIP plan included). A refused request stores nothing, queues nothing and uses none
 * of the hourly limit, which `GenerationAllowanceInterceptor` counts next (it can give a generation
 * back when the request is refused for what it sent; a guard never sees the answer).
 */
@Injectable()
export class GenerationAccessGuard implements CanActivate {
  constructor(private readonly commands: CommandClient) {}

  /**
   * @returns true for a Pro user
   * @throws ApiException `generation.pro-required` for anyone else; billing's
   *   NoWorkerError (503) or CommandTimeoutError (504) when it cannot say
   */
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const userId = userIdOf(context.switchToHttp().getRequest<Request>());
    const account = await this.commands.request('billing.get-account', { userId });
    if (account.subscription?.status !== 'active') throw apiError('generation.pro-required');
    return true;
  }
}
