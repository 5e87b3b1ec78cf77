import { createParamDecorator, Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { PublicUser } from '@archlens/contracts/auth';
import { CommandClient } from '@archlens/platform/messaging';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { apiError } from '../http/api-error.js';
import { vipCredentialFingerprint } from '../security/vip-credential-fingerprint.js';
import { SESSION_COOKIE, SessionService, type SessionData } from './session.service.js';

type RequestWithSession = Request & { session?: SessionData; sessionId?: string; account?: PublicUser };

/**
 * Lets a request through only with a live session; otherwise `auth.unauthorized` (401
 * `{code, message: "Unauthorized"}`, spec §8). Runs before any upload is read, so a signed-out upload
 * stores nothing.
 *
 * A session is live when Redis still holds it (idle and absolute lifetimes: `SessionService`), its
 * user still exists with the session version the session was made under (`auth.get-user` on the
 * `auth-lookup` queue, asked on every request and not cached, so a password change or reset ends
 * the user's other sessions everywhere at once), and, for a VIP session, the VIP credentials it was
 * made with are still the configured ones. A session that fails a check is ended.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  private readonly vipCredential: string | null;

  constructor(
    private readonly sessions: SessionService,
    private readonly commands: CommandClient,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.vipCredential = vipCredentialFingerprint(config);
  }

  /**
   * @returns true with `request.session` and `request.account` (the user as auth-service holds it,
   *   without the subscription) set
   * @throws ApiException `auth.unauthorized` without a live session
   * @throws NoWorkerError (503) or CommandTimeoutError (504) when auth-service cannot say
   */
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithSession>();
    const sessionId = (request.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
    const session = await this.sessions.get(sessionId);
    if (!session) throw apiError('auth.unauthorized');
    const vipRotated = session.vipCredential !== undefined && session.vipCredential !== this.vipCredential;
    const current = vipRotated ? null : await this.commands.request('auth.get-user', { userId: session.userId });
    if (!current?.ok || current.sessionVersion !== session.version) {
      await this.sessions.destroy(sessionId);
      throw apiError('auth.unauthorized');
    }
    request.session = session;
    request.sessionId = sessionId;
    request.account = current.user;
    return true;
  }
}

/**
 * The signed-in user's id on a request that passed `SessionGuard`.
 * @throws ApiException `auth.unauthorized` when the guard did not run
 */
export function userIdOf(request: Request): string {
  const session = (request as RequestWithSession).session;
  if (!session) throw apiError('auth.unauthorized');
  return session.userId;
}

/**
 * The signed-in user as auth-service answered `SessionGuard` for this request (subscription null:
 * billing's part is not asked here).
 * @throws ApiException `auth.unauthorized` when the guard did not run
 */
export function accountOf(request: Request): PublicUser {
  const account = (request as RequestWithSession).account;
  if (!account) throw apiError('auth.unauthorized');
  return account;
}

/** The signed-in user's id, set by `SessionGuard`. */
export const CurrentUserId = createParamDecorator((_: unknown, context: ExecutionContext): string =>
  userIdOf(context.switchToHttp().getRequest<Request>()),
);

/** The signed-in user as auth-service holds it, set by `SessionGuard`. */
export const CurrentAccount = createParamDecorator((_: unknown, context: ExecutionContext): PublicUser =>
  accountOf(context.switchToHttp().getRequest<Request>()),
);
