import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { ServiceUnavailableError } from '@archlens/platform/messaging';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { GATEWAY_REDIS } from '../core/redis.js';

/** Name of the session cookie. */
export const SESSION_COOKIE = 'archlens_sid';

const sessionSchema = z.object({ userId: z.string().uuid(), createdAt: z.string() });
export type SessionData = z.infer<typeof sessionSchema>;

/**
 * Server-side sessions: a random opaque id (256 bits, base64url) travels in the cookie;
 * Redis keeps the session under the SHA-256 of that id, so a copy of Redis holds no usable ids.
 * Each read renews the TTL (`SESSION_TTL_SECONDS`).
 *
 * A per-user index, a Redis set of the keys of that user's sessions, lets
 * `destroyAllForUser` end every other session after a sign-in with a temporary password. It lives as
 * long as the user's longest-lived session: every create and read adds the session's key to it and
 * renews its TTL; keys of sessions that expired meanwhile are dropped when it is next emptied.
 */
@Injectable()
export class SessionService {
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
  ) {}

  /** Session lifetime in seconds (`SESSION_TTL_SECONDS`, 7 days by default): TTL and cookie age. */
  get ttlSeconds(): number {
    return this.config.SESSION_TTL_SECONDS;
  }

  private key(sessionId: string): string {
    return `archlens:session:${createHash('sha256').update(sessionId).digest('hex')}`;
  }

  /** The Redis set of a user's session keys. */
  private userIndexKey(userId: string): string {
    return `archlens:user-sessions:${userId}`;
  }

  /** Starts a session for a user. @returns the opaque id to put in the cookie */
  async create(userId: string): Promise<string> {
    const sessionId = randomBytes(32).toString('base64url');
    const data: SessionData = { userId, createdAt: new Date().toISOString() };
    const key = this.key(sessionId);
    const index = this.userIndexKey(userId);
    await this.transaction(() =>
      this.redis.multi().set(key, JSON.stringify(data), 'EX', this.ttlSeconds).sadd(index, key).expire(index, this.ttlSeconds).exec(),
    );
    return sessionId;
  }

  /** @returns the session, or null when the id is unknown, expired or malformed */
  async get(sessionId: string | undefined): Promise<SessionData | null> {
    if (!sessionId || !/^[A-Za-z0-9_-]{43}$/.test(sessionId)) return null;
    const key = this.key(sessionId);
    const session = parseSession(await this.call(() => this.redis.getex(key, 'EX', this.ttlSeconds)));
    if (!session) return null;
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
   * Ends every session of `userId` (a sign-in with a temporary password ends the user's
   * other sessions; it is called before that sign-in's own session starts).
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
