import { createParamDecorator, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { apiError } from '../http/api-error.js';
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
 * Lets a request to the admin API through only with a valid admin token (spec §6: every
 * `/api/admin/*` route but login, refused on the server); otherwise `admin.unauthorized` (401
 * `{code, message: "Unauthorized"}`) with no detail of why (missing, malformed, forged or expired).
 */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  constructor(private readonly auth: AdminAuthService) {}

  /** @returns true with `request.admin` set @throws ApiException `admin.unauthorized` without a valid token */
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithAdmin>();
    request.admin = await this.auth.verify(bearerTokenOf(request.headers.authorization));
    return true;
  }
}

/** The admin session of a request that passed `AdminTokenGuard`. */
export const CurrentAdmin = createParamDecorator((_: unknown, context: ExecutionContext): AdminSession => {
  const admin = context.switchToHttp().getRequest<RequestWithAdmin>().admin;
  if (!admin) throw apiError('admin.unauthorized');
  return admin;
});
