import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { apiError } from '../http/api-error.js';
import { accountOf } from '../sessions/session.guard.js';

/**
 * The `verified` access rule after `SessionGuard`: the signed-in user's e-mail address must be
 * confirmed (the link e-mailed at sign-up, or a temporary password received there; the VIP account
 * counts as confirmed). Sending e-mail and starting a checkout wait for it, so that nobody can use
 * an address they do not hold. Reads what `SessionGuard` asked auth-service, so it costs no call.
 */
@Injectable()
export class VerifiedEmailGuard implements CanActivate {
  /**
   * @returns true for a confirmed address
   * @throws ApiException `auth.email-unverified` (403 'Please confirm your email address first. We
   *   have sent you a link.') before the address is confirmed
   */
  canActivate(context: ExecutionContext): boolean {
    if (!accountOf(context.switchToHttp().getRequest<Request>()).emailVerified) throw apiError('auth.email-unverified');
    return true;
  }
}
