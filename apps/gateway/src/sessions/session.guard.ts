import { createParamDecorator, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { apiError } from '../http/api-error.js';
import { SESSION_COOKIE, SessionService, type SessionData } from './session.service.js';

type RequestWithSession = Request & { session?: SessionData; sessionId?: string };

/**
 * Lets a request through only with a live session; otherwise `auth.unauthorized` (401
 * `{code, message: "Unauthorized"}`, spec §8). Runs before any upload is read, so a signed-out upload stores nothing.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly sessions: SessionService) {}

  /** @returns true with `request.session` set @throws ApiException `auth.unauthorized` without a live session */
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithSession>();
    const sessionId = (request.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
    const session = await this.sessions.get(sessionId);
    if (!session) throw apiError('auth.unauthorized');
    request.session = session;
    request.sessionId = sessionId;
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

/** The signed-in user's id, set by `SessionGuard`. */
export const CurrentUserId = createParamDecorator((_: unknown, context: ExecutionContext): string =>
  userIdOf(context.switchToHttp().getRequest<Request>()),
);
