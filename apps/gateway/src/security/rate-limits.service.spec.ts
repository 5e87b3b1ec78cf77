import { createServer } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { HttpException, HttpStatus, ServiceUnavailableException } from '@nestjs/common';
import { gatewayConfigSchema } from '../config.js';
import { retryAfterSecondsOf, TooManyRequestsException } from '../http/too-many-requests.exception.js';
import {
  describeWait,
  mailboxOf,
  RATE_LIMITS_UNAVAILABLE_MESSAGE,
  RateLimitsService,
  type RateLimitsConfig,
} from './rate-limits.service.js';

/** The limits' part of the gateway config, parsed by the gateway's own schema (its defaults included). */
function limitsConfig(env: NodeJS.ProcessEnv): RateLimitsConfig {
  return gatewayConfigSchema
    .pick({
      REDIS_URL: true,
      RATE_LIMIT_KEY_PREFIX: true,
      RATE_LIMIT_SIGN_IN_PER_IP: true,
      RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP: true,
      RATE_LIMIT_SIGN_UP_PER_IP: true,
      RATE_LIMIT_FORGOT_PASSWORD_PER_EMAIL: true,
      RATE_LIMIT_FORGOT_PASSWORD_PER_IP: true,
      RATE_LIMIT_CHANGE_PASSWORD_PER_USER: true,
      RATE_LIMIT_VERIFICATION_EMAILS_PER_USER: true,
      RATE_LIMIT_VERIFY_EMAIL_PER_IP: true,
      RATE_LIMIT_ANALYSES_PER_USER: true,
      RATE_LIMIT_ADMIN_LOGIN_PER_IP: true,
      RATE_LIMIT_VIP_LOGIN_PER_IP: true,
      RATE_LIMIT_STRIPE_WEBHOOK_PER_IP: true,
      RATE_LIMIT_EMAIL_ANALYSIS_PER_USER: true,
      RATE_LIMIT_EMAIL_CLIPBOARD_PER_USER: true,
      RATE_LIMIT_EMAILS_PER_RECIPIENT: true,
      RATE_LIMIT_EMAILS_TO_OTHERS_PER_USER_PER_DAY: true,
      RATE_LIMIT_EMAILS_ALL_USERS_PER_HOUR: true,
      RATE_LIMIT_GENERATIONS_PER_USER: true,
      RATE_LIMIT_SHARE_VIEWS_PER_IP: true,
    })
    .parse(env);
}

/** A loopback port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('describeWait', () => {
  it('says seconds under a minute and whole minutes, rounded up, from a minute', () => {
    expect(describeWait(1)).toBe('1 second');
    expect(describeWait(0.2)).toBe('1 second');
    expect(describeWait(45)).toBe('45 seconds');
    expect(describeWait(60)).toBe('1 minute');
    expect(describeWait(61)).toBe('2 minutes');
    expect(describeWait(15 * 60)).toBe('15 minutes');
    expect(describeWait(119 * 60)).toBe('119 minutes');
    expect(describeWait(2 * 3600)).toBe('2 hours');
    expect(describeWait(22 * 3600 + 1)).toBe('23 hours');
  });
});

describe('TooManyRequestsException', () => {
  it('is a 429 with its message and a whole-second Retry-After of at least 1', () => {
    const e = new TooManyRequestsException('Too many sign-in attempts. Please try again in 1 minute.', 59.2);
    expect(e.getStatus()).toBe(HttpStatus.TOO_MANY_REQUESTS);
    expect(e.message).toBe('Too many sign-in attempts. Please try again in 1 minute.');
    expect(retryAfterSecondsOf(e)).toBe(60);
    expect(new TooManyRequestsException('x', 0).retryAfterSeconds).toBe(1);
  });

  it('lets any HttpException carry a Retry-After hint, and none by default', () => {
    const busy = Object.assign(new ServiceUnavailableException('busy'), { retryAfterSeconds: 5 });
    expect(retryAfterSecondsOf(busy)).toBe(5);
    expect(retryAfterSecondsOf(new HttpException('x', 400))).toBeUndefined();
    expect(retryAfterSecondsOf(Object.assign(new HttpException('x', 503), { retryAfterSeconds: Number.NaN }))).toBeUndefined();
  });
});

describe('RateLimitsService without Redis', () => {
  it('answers 503 with a clear message at once, never a 500 and never a hang', async () => {
    const port = await closedPort();
    const service = new RateLimitsService(limitsConfig({ REDIS_URL: `redis://127.0.0.1:${port}` }));
    await service.onModuleInit();
    try {
      for (const call of [
        () => service.consume('signUpPerIp', '127.0.0.1'),
        () => service.reward('signInPerIp', '127.0.0.1'),
        () => service.reset('signInPerEmailAndIp', 'ada@example.com'),
        () =>
          service.consumeAll([
            ['signInPerIp', '127.0.0.1'],
            ['signInPerEmailAndIp', 'ada@example.com'],
          ]),
      ]) {
        const started = Date.now();
        const error = await call().then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(ServiceUnavailableException);
        expect((error as ServiceUnavailableException).message).toBe(RATE_LIMITS_UNAVAILABLE_MESSAGE);
        // While Redis is down, calls answer 503 within 2 s (fail fast, never hang).
        expect(Date.now() - started).toBeLessThan(2000);
      }
    } finally {
      await service.onApplicationShutdown();
    }
  });

  it('takes its limits from the gateway config, with their defaults', async () => {
    const port = await closedPort();
    const service = new RateLimitsService(limitsConfig({ REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_SIGN_UP_PER_IP: '3' }));
    try {
      expect(service.points('signInPerIp')).toBe(10);
      expect(service.points('signInPerEmailAndIp')).toBe(10);
      expect(service.points('emailsPerRecipient')).toBe(20);
      expect(service.points('signUpPerIp')).toBe(3);
      expect(service.points('analysesPerUser')).toBe(60);
      expect(service.points('forgotPasswordPerEmail')).toBe(5); // the 6th in an hour answers 429
      expect(service.points('forgotPasswordPerIp')).toBe(20);
    } finally {
      await service.onApplicationShutdown();
    }
  });
});

describe('the renamed RATE_LIMIT_SIGN_IN_PER_EMAIL', () => {
  it('is refused at start with its new name, so a deployment that still sets it is not silently ignored', () => {
    const schema = gatewayConfigSchema.pick({ RATE_LIMIT_SIGN_IN_PER_EMAIL: true });
    const parsed = schema.safeParse({ RATE_LIMIT_SIGN_IN_PER_EMAIL: '10' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/renamed RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP/);
    expect(schema.safeParse({}).success).toBe(true);
  });
});

describe('mailboxOf (the recipient limit counts mailboxes)', () => {
  it('folds case and a +tag, and keeps the domain', () => {
    expect(mailboxOf(' Ada+Reports@Example.com ')).toBe('ada@example.com');
    expect(mailboxOf('ada@example.com')).toBe('ada@example.com');
    expect(mailboxOf('+only@example.com')).toBe('+only@example.com');
    expect(mailboxOf('ada+x@example.com')).not.toBe(mailboxOf('ada@example.org'));
  });
});
