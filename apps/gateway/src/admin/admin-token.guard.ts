import { createParamDecorator, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { ADMIN_MESSAGES } from '@archlens/contracts/leads';
import { AdminAuthService, type AdminSession } from './admin-auth.service.js';

type RequestWithAdmin = Request & { admin?: AdminSession };

/** Longest `Authorization` header read, in characters; an admin token is about 300. */
const MAX_AUTHORIZATION_CHARS = 4096;

/**
 * The bearer token of `Authorization: Bearer <token>` (scheme case-insensitive, RFC 6750 §2.1),
 * or undefined when the header is missing, too long or of another scheme.
 */
export function bearerTokenOf(header: string | undefined): string | undefined {
  if (!header || header.length > MAX_AUTHORIZATION_CHARS) return undefined;
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  return match?.[1];
}

/**
 * Lets a request to the admin API through only with a valid admin token (spec §6; issue 13: every
 * `/api/admin/*` route but login, refused on the server); otherwise 401 `{message: "Unauthorized"}`
 * with no detail of why (missing, malformed, forged or expired).
 */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  constructor(private readonly auth: AdminAuthService) {}

  /** @returns true with `request.admin` set @throws UnauthorizedException without a valid token */
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithAdmin>();
    request.admin = await this.auth.verify(bearerTokenOf(request.headers.authorization));
    return true;
  }
}

/** The admin session of a request that passed `AdminTokenGuard`. */
export const CurrentAdmin = createParamDecorator((_: unknown, context: ExecutionContext): AdminSession => {
  const admin = context.switchToHttp().getRequest<RequestWithAdmin>().admin;
  if (!admin) throw new UnauthorizedException(ADMIN_MESSAGES.unauthorised);
  return admin;
});
