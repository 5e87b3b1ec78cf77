import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { ServiceUnavailableError } from '@archlens/platform/messaging';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { GATEWAY_REDIS } from '../core/redis.js';

/** Name of the session cookie. */
export const SESSION_COOKIE = 'archlens_sid';

/**
 * A session as stored: its user, when it started (ISO 8601), the user's session version when it
 * started (0 for sessions made before versions existed, as for accounts that never raised theirs),
 * and for a VIP sign-in the fingerprint of the VIP credentials it was made with.
 */
const sessionSchema = z.object({
  userId: z.string().uuid(),
  createdAt: z.string(),
  version: z.number().int().min(0).default(0),
  vipCredential: z.string().optional(),
});
export type SessionData = z.infer<typeof sessionSchema>;

/** What a new session records beside its user: the user's session version and, for a VIP sign-in, the VIP credentials' fingerprint. */
export type NewSession = Pick<SessionData, 'version' | 'vipCredential'>;

/**
 * Server-side sessions: a random opaque id (256 bits, base64url) travels in the cookie;
 * Redis keeps the session under the SHA-256 of that id, so a copy of Redis holds no usable ids.
 * Each read renews the TTL (`SESSION_TTL_SECONDS`, the idle lifetime), never beyond the absolute
 * lifetime (`SESSION_ABSOLUTE_TTL_SECONDS` from its start): a session read after that is ended.
 * Whether the session's version is still its user's is `SessionGuard`'s check.
 *
 * A per-user index, a Redis set of the keys of that user's sessions, lets
 * `destroyAllForUser` end every other session after a password change or a sign-in with a temporary
 * password. It lives as
 * long as the user's longest-lived session: every create and read adds the session's key to it and
 * renews its TTL; keys of sessions that expired meanwhile are dropped when it is next emptied.
 */
@Injectable()
export class SessionService {
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
  ) {}

  /** Idle session lifetime in seconds (`SESSION_TTL_SECONDS`, 7 days by default): the TTL each read renews. */
  get ttlSeconds(): number {
    return this.config.SESSION_TTL_SECONDS;
  }

  /** Absolute session lifetime in seconds (`SESSION_ABSOLUTE_TTL_SECONDS`, 30 days by default): the cookie's age too. */
  get absoluteTtlSeconds(): number {
    return this.config.SESSION_ABSOLUTE_TTL_SECONDS;
  }

  /** The TTL of a session that started at `createdAt`: the idle lifetime, cut to what is left of the absolute one (≤ 0 when past it). */
  private ttlFrom(createdAt: string, now = Date.now()): number {
    const left = Math.floor((Date.parse(createdAt) + this.absoluteTtlSeconds * 1000 - now) / 1000);
    return Number.isNaN(left) ? 0 : Math.min(this.ttlSeconds, left);
  }

  private key(sessionId: string): string {
    return `archlens:session:${createHash('sha256').update(sessionId).digest('hex')}`;
  }

  /** The Redis set of a user's session keys. */
  private userIndexKey(userId: string): string {
    return `archlens:user-sessions:${userId}`;
  }

  /**
   * Starts a session for a user.
   * @param session the user's session version (from auth-service) and, for a VIP sign-in, the VIP credentials' fingerprint
   * @returns the opaque id to put in the cookie
   */
  async create(userId: string, session: NewSession): Promise<string> {
    const sessionId = randomBytes(32).toString('base64url');
    const data: SessionData = { userId, createdAt: new Date().toISOString(), ...session };
    const key = this.key(sessionId);
    const index = this.userIndexKey(userId);
    const ttl = this.ttlFrom(data.createdAt);
    await this.transaction(() =>
      this.redis.multi().set(key, JSON.stringify(data), 'EX', ttl).sadd(index, key).expire(index, this.ttlSeconds).exec(),
    );
    return sessionId;
  }

  /**
   * @returns the session, or null when the id is unknown, expired (idle or past its absolute
   *   lifetime, which ends it) or malformed
   */
  async get(sessionId: string | undefined): Promise<SessionData | null> {
    if (!sessionId || !/^[A-Za-z0-9_-]{43}$/.test(sessionId)) return null;
    const key = this.key(sessionId);
    const session = parseSession(await this.call(() => this.redis.getex(key, 'EX', this.ttlSeconds)));
    if (!session) return null;
    const ttl = this.ttlFrom(session.createdAt);
    if (ttl <= 0) {
      await this.destroy(sessionId);
      return null;
    }
    if (ttl < this.ttlSeconds) await this.call(() => this.redis.expire(key, ttl));
    // The index lives as long as the longest-lived session; a session made before the index existed joins it here.
    const index = this.userIndexKey(session.userId);
    await this.transaction(() => this.redis.multi().sadd(index, key).expire(index, this.ttlSeconds).exec());
    return session;
  }

  /** Ends a session; unknown ids are ignored. */
  async destroy(sessionId: string | undefined): Promise<void> {
    if (!sessionId) return;
    const key = this.key(sessionId);
    const session = parseSession(await this.call(() => this.redis.getdel(key)));
    if (session) await this.call(() => this.redis.srem(this.userIndexKey(session.userId), key));
  }

  /**
   * Ends every session of `userId` (a password change or a sign-in with a temporary password ends
   * the user's other sessions; it is called before that request's own new session starts).
   * @throws ServiceUnavailableError when Redis is unreachable
   */
  async destroyAllForUser(userId: string): Promise<void> {
    const index = this.userIndexKey(userId);
    const doomed = await this.call(() => this.redis.smembers(index));
    if (doomed.length === 0) return;
    await this.transaction(() =>
      this.redis
        .multi()
        .del(...doomed)
        .srem(index, ...doomed)
        .exec(),
    );
  }

  /** Round trip to Redis, for the health check. */
  async ping(): Promise<boolean> {
    return (await this.redis.ping()) === 'PONG';
  }

  /** A Redis call of the request path; Redis unreachable becomes `ServiceUnavailableError` (503). */
  private async call<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw new ServiceUnavailableError(error);
    }
  }

  /** A MULTI … EXEC of the request path: a command that failed inside it fails the call as `call` does. */
  private async transaction(operation: () => Promise<Array<[Error | null, unknown]> | null>): Promise<void> {
    const results = await this.call(operation);
    const failed = (results ?? []).find(([error]) => error !== null);
    if (!results || failed) throw new ServiceUnavailableError(failed?.[0] ?? new Error('Redis transaction was discarded'));
  }
}

/** A session as stored, or null when missing or not a session (malformed JSON, another shape). */
function parseSession(raw: string | null): SessionData | null {
  if (!raw) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = sessionSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
