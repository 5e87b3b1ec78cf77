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
 * Server-side sessions (issue #2): a random opaque id (256 bits, base64url) travels in the cookie;
 * Redis keeps the session under the SHA-256 of that id, so a copy of Redis holds no usable ids.
 * Each read renews the TTL (`SESSION_TTL_SECONDS`).
 */
@Injectable()
export class SessionService {
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
  ) {}

  get ttlSeconds(): number {
    return this.config.SESSION_TTL_SECONDS;
  }

  private key(sessionId: string): string {
    return `archlens:session:${createHash('sha256').update(sessionId).digest('hex')}`;
  }

  /** Starts a session for a user. @returns the opaque id to put in the cookie */
  async create(userId: string): Promise<string> {
    const sessionId = randomBytes(32).toString('base64url');
    const data: SessionData = { userId, createdAt: new Date().toISOString() };
    await this.call(() => this.redis.set(this.key(sessionId), JSON.stringify(data), 'EX', this.ttlSeconds));
    return sessionId;
  }

  /** @returns the session, or null when the id is unknown, expired or malformed */
  async get(sessionId: string | undefined): Promise<SessionData | null> {
    if (!sessionId || !/^[A-Za-z0-9_-]{43}$/.test(sessionId)) return null;
    const key = this.key(sessionId);
    const raw = await this.call(() => this.redis.getex(key, 'EX', this.ttlSeconds));
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

  /** Ends a session; unknown ids are ignored. */
  async destroy(sessionId: string | undefined): Promise<void> {
    if (sessionId) await this.call(() => this.redis.del(this.key(sessionId)));
  }

  /** Round trip to Redis, for the health check. */
  async ping(): Promise<boolean> {
    return (await this.redis.ping()) === 'PONG';
  }

  /** A Redis call of the request path; Redis unreachable becomes `ServiceUnavailableError` (503, issue 11). */
  private async call<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw new ServiceUnavailableError(error);
    }
  }
}
