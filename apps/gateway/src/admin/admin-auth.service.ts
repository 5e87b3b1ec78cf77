import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { jwtVerify, SignJWT } from 'jose';
import type { AdminLoginRequest, AdminLoginResponse } from '@archlens/contracts/leads';
import { ServiceUnavailableError } from '@archlens/platform/messaging';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { GATEWAY_REDIS } from '../core/redis.js';
import { apiError } from '../http/api-error.js';
import { ConfiguredCredentials, sameText } from '../security/configured-credentials.js';
import { PasswordVerifications } from '../security/password-verifications.service.js';

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

/**
 * The claim of a queue dashboard token that names the admin token it was bought with (that token's
 * `jti`), so that revoking the admin token ends its dashboard sessions too.
 */
const ADMIN_TOKEN_ID_CLAIM = 'sid';

/** Redis key prefix of revoked admin token ids (`jti`s, random UUIDs: never a token itself). */
const REVOKED_ADMIN_TOKEN_PREFIX = 'archlens:admin-revoked:';

/** The part of the gateway configuration admin sign-in reads (README "Configuration"). */
export type AdminAuthConfig = Pick<
  GatewayConfig,
  'ADMIN_USERNAME' | 'ADMIN_PASSWORD_HASH' | 'ADMIN_TOKEN_SECRET' | 'ADMIN_TOKEN_TTL_SECONDS'
>;

/** Who a valid admin token speaks for, until when (ISO 8601), and the admin token's id (its `jti`). */
export interface AdminSession {
  username: string;
  expiresAt: string;
  /** The admin token's `jti`; for a dashboard session, the `jti` of the admin token it was bought with. */
  tokenId: string;
}

/**
 * Admin sign-in and admin tokens. The one admin's username, argon2id
 * password hash and token key come from configuration (`ADMIN_*`). A token is a JWT signed with
 * HS256 (`jose`) with `sub` = the username, `iss` `ADMIN_TOKEN_ISSUER`, `aud` `ADMIN_TOKEN_AUDIENCE`,
 * `iat`, `exp` (`ADMIN_TOKEN_TTL_SECONDS` on) and a random `jti`. A token ends when it expires, when
 * `ADMIN_TOKEN_SECRET` changes, or when the admin signs out (`revoke`): its `jti` is then kept in
 * Redis (`archlens:admin-revoked:<jti>`) until the token's own expiry, and every check refuses it.
 */
@Injectable()
export class AdminAuthService {
  private readonly key: Uint8Array;
  private readonly credentials: ConfiguredCredentials;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: AdminAuthConfig,
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
    verifications: PasswordVerifications,
  ) {
    this.key = new TextEncoder().encode(config.ADMIN_TOKEN_SECRET);
    this.credentials = new ConfiguredCredentials(config.ADMIN_USERNAME, config.ADMIN_PASSWORD_HASH, (hash, password) =>
      verifications.verify(hash, password),
    );
  }

  /**
   * Checks the admin's credentials and issues a token. A wrong username costs the same argon2
   * verification as a wrong password (against a decoy hash of the same costs), so the answer's
   * timing does not tell which was wrong.
   * @throws ApiException `admin.invalid-credentials` for a wrong username or password;
   *   `auth.sign-in-busy` (503) when as many argon2 verifications run and wait as allowed
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
   * token's own expiry, naming the admin token's `jti` (claim `sid`), so that it ends with it.
   */
  async issueQueueDashboardToken(admin: AdminSession): Promise<{ token: string; expiresAt: string }> {
    const adminExpiry = Math.floor(new Date(admin.expiresAt).getTime() / 1000);
    const expiresAtSeconds = Math.min(adminExpiry, Math.floor(Date.now() / 1000) + QUEUE_DASHBOARD_SESSION_SECONDS);
    const token = await new SignJWT({ [ADMIN_TOKEN_ID_CLAIM]: admin.tokenId })
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
   * expired, its subject the configured admin, and not revoked (for a dashboard session: the admin
   * token it was bought with not revoked).
   * @param audience `ADMIN_TOKEN_AUDIENCE` (the admin API, default) or `QUEUE_DASHBOARD_AUDIENCE` (a dashboard session)
   * @throws ApiException `admin.unauthorized`, with no detail, for a token
   *   that is missing, malformed, forged, expired, revoked or for another username;
   *   ServiceUnavailableError (503) when Redis, which keeps the revoked ids, cannot be read
   */
  async verify(token: string | undefined, audience: string = ADMIN_TOKEN_AUDIENCE): Promise<AdminSession> {
    if (!token) throw apiError('admin.unauthorized');
    let session: AdminSession;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ADMIN_TOKEN_ISSUER,
        audience,
        requiredClaims: ['sub', 'exp', 'iat', 'jti'],
      });
      const tokenId = audience === ADMIN_TOKEN_AUDIENCE ? payload.jti : payload[ADMIN_TOKEN_ID_CLAIM];
      if (payload.sub === undefined || payload.exp === undefined || !sameText(payload.sub, this.config.ADMIN_USERNAME)) {
        throw new Error('not the admin');
      }
      if (typeof tokenId !== 'string' || tokenId === '') throw new Error('no token id');
      session = { username: payload.sub, expiresAt: new Date(payload.exp * 1000).toISOString(), tokenId };
    } catch {
      throw apiError('admin.unauthorized');
    }
    if (await this.isRevoked(session.tokenId)) throw apiError('admin.unauthorized');
    return session;
  }

  /**
   * Ends an admin token before its expiry (`POST /api/admin/logout`): its `jti` is kept in Redis until
   * the token would have expired (at least 1 s), and `verify` refuses it and every dashboard session
   * bought with it from then on, in every gateway process.
   * @throws ServiceUnavailableError (503) when Redis cannot be written (the token stays valid)
   */
  async revoke(session: AdminSession): Promise<void> {
    const seconds = Math.max(1, Math.ceil((new Date(session.expiresAt).getTime() - Date.now()) / 1000));
    try {
      await this.redis.set(`${REVOKED_ADMIN_TOKEN_PREFIX}${session.tokenId}`, '1', 'EX', seconds);
    } catch (error) {
      throw new ServiceUnavailableError(error);
    }
  }

  private async isRevoked(tokenId: string): Promise<boolean> {
    try {
      return (await this.redis.exists(`${REVOKED_ADMIN_TOKEN_PREFIX}${tokenId}`)) === 1;
    } catch (error) {
      throw new ServiceUnavailableError(error);
    }
  }
}
