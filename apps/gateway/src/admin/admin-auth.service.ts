import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { jwtVerify, SignJWT } from 'jose';
import type { AdminLoginRequest, AdminLoginResponse } from '@archlens/contracts/leads';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { apiError } from '../http/api-error.js';
import { ConfiguredCredentials, sameText } from '../security/configured-credentials.js';

/** The admin token's `iss` claim: this gateway. */
export const ADMIN_TOKEN_ISSUER = 'archlens-gateway';
/** The admin token's `aud` claim: the admin API, so no other token of the same key passes for it. */
export const ADMIN_TOKEN_AUDIENCE = 'archlens-admin';

/**
 * The queue dashboard session token's `aud` claim: it opens the dashboard only,
 * never the admin API, and an admin token never opens the dashboard.
 */
export const QUEUE_DASHBOARD_AUDIENCE = 'archlens-admin-queues';
/** How long a queue dashboard session lasts, in seconds: 15 minutes. */
export const QUEUE_DASHBOARD_SESSION_SECONDS = 15 * 60;

/** The part of the gateway configuration admin sign-in reads (README "Configuration"). */
export type AdminAuthConfig = Pick<
  GatewayConfig,
  'ADMIN_USERNAME' | 'ADMIN_PASSWORD_HASH' | 'ADMIN_TOKEN_SECRET' | 'ADMIN_TOKEN_TTL_SECONDS'
>;

/** Who a valid admin token speaks for, and until when (ISO 8601). */
export interface AdminSession {
  username: string;
  expiresAt: string;
}

/**
 * Admin sign-in and admin tokens. The one admin's username, argon2id
 * password hash and token key come from configuration (`ADMIN_*`). A token is a JWT signed with
 * HS256 (`jose`) with `sub` = the username, `iss` `ADMIN_TOKEN_ISSUER`, `aud` `ADMIN_TOKEN_AUDIENCE`,
 * `iat`, `exp` (`ADMIN_TOKEN_TTL_SECONDS` on) and a random `jti`; nothing of it is stored on the
 * server, so it ends when it expires or when `ADMIN_TOKEN_SECRET` changes.
 */
@Injectable()
export class AdminAuthService {
  private readonly key: Uint8Array;
  private readonly credentials: ConfiguredCredentials;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: AdminAuthConfig) {
    this.key = new TextEncoder().encode(config.ADMIN_TOKEN_SECRET);
    this.credentials = new ConfiguredCredentials(config.ADMIN_USERNAME, config.ADMIN_PASSWORD_HASH);
  }

  /**
   * Checks the admin's credentials and issues a token. A wrong username costs the same argon2
   * verification as a wrong password (against a decoy hash of the same costs), so the answer's
   * timing does not tell which was wrong.
   * @throws ApiException `admin.invalid-credentials` for a wrong username or password
   */
  async signIn(credentials: AdminLoginRequest): Promise<AdminLoginResponse> {
    if (!(await this.credentials.matches(credentials.username, credentials.password))) {
      throw apiError('admin.invalid-credentials');
    }
    const expiresAtSeconds = Math.floor(Date.now() / 1000) + this.config.ADMIN_TOKEN_TTL_SECONDS;
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(this.config.ADMIN_USERNAME)
      .setIssuer(ADMIN_TOKEN_ISSUER)
      .setAudience(ADMIN_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(expiresAtSeconds)
      .setJti(randomUUID())
      .sign(this.key);
    return { token, expiresAt: new Date(expiresAtSeconds * 1000).toISOString() };
  }

  /**
   * A queue dashboard session token for the admin of a valid admin token: the
   * admin token's format (HS256 JWT, same key and issuer) with the audience
   * `QUEUE_DASHBOARD_AUDIENCE` and `QUEUE_DASHBOARD_SESSION_SECONDS` of life, never past the admin
   * token's own expiry.
   */
  async issueQueueDashboardToken(admin: AdminSession): Promise<{ token: string; expiresAt: string }> {
    const adminExpiry = Math.floor(new Date(admin.expiresAt).getTime() / 1000);
    const expiresAtSeconds = Math.min(adminExpiry, Math.floor(Date.now() / 1000) + QUEUE_DASHBOARD_SESSION_SECONDS);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(admin.username)
      .setIssuer(ADMIN_TOKEN_ISSUER)
      .setAudience(QUEUE_DASHBOARD_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(expiresAtSeconds)
      .setJti(randomUUID())
      .sign(this.key);
    return { token, expiresAt: new Date(expiresAtSeconds * 1000).toISOString() };
  }

  /**
   * Checks an admin token: HS256 signature with `ADMIN_TOKEN_SECRET`, issuer, audience, not
   * expired, and its subject the configured admin.
   * @param audience `ADMIN_TOKEN_AUDIENCE` (the admin API, default) or `QUEUE_DASHBOARD_AUDIENCE` (a dashboard session)
   * @throws ApiException `admin.unauthorized`, with no detail, for a token
   *   that is missing, malformed, forged, expired or for another username
   */
  async verify(token: string | undefined, audience: string = ADMIN_TOKEN_AUDIENCE): Promise<AdminSession> {
    if (!token) throw apiError('admin.unauthorized');
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ADMIN_TOKEN_ISSUER,
        audience,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (payload.sub === undefined || payload.exp === undefined || !sameText(payload.sub, this.config.ADMIN_USERNAME)) {
        throw new Error('not the admin');
      }
      return { username: payload.sub, expiresAt: new Date(payload.exp * 1000).toISOString() };
    } catch {
      throw apiError('admin.unauthorized');
    }
  }
}
