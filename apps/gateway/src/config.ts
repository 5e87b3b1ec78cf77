import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { MAX_IMAGE_BYTES } from '@archlens/contracts/analysis';
import { QUEUE_SETTINGS } from '@archlens/contracts/queues';
import { loadConfig, loggingEnv, redisEnv, storageEnv, unsetWhenEmpty } from '@archlens/platform/config';
import { sealingKeyEnv } from '@archlens/platform/sealing';

const here = path.dirname(fileURLToPath(import.meta.url));

/** How a missing admin variable is explained at boot. */
const ADMIN_CREDENTIALS_HINT =
  'npm start generates local admin credentials in .local/keys/admin.json; elsewhere set ADMIN_USERNAME, ADMIN_PASSWORD_HASH (argon2id) and ADMIN_TOKEN_SECRET (README "Configuration")';

/** gateway environment (README "Configuration"). */
export const gatewayConfigSchema = z.object({
  ...redisEnv,
  ...storageEnv,
  ...loggingEnv,
  /**
   * Optional bearer token for `GET /metrics`. Set, a scrape must send
   * `Authorization: Bearer <token>`; unset, `/metrics` is open and must not be routed from the
   * internet (README "Operations"). Sensitive. At least 16 characters.
   */
  METRICS_TOKEN: unsetWhenEmpty(z.string().min(16)),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Where the built SPA lives; served with client-side routes falling back to index.html. */
  FRONTEND_DIST: z.string().default(path.resolve(here, '../../frontend/dist')),
  /** Session lifetime in seconds, renewed on each request (default 7 days). */
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(7 * 24 * 3600),
  /**
   * Absolute session lifetime in seconds (default 30 days): however often it is used, a session
   * ends this long after its sign-in, and the cookie is kept no longer.
   */
  SESSION_ABSOLUTE_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 24 * 3600),
  /** How long `POST /api/analyze` waits for the analysis worker before answering 504, in ms. */
  ANALYSIS_REPLY_TIMEOUT_MS: z.coerce.number().int().min(100).default(QUEUE_SETTINGS.analysis.replyTimeoutMs),
  /**
   * Upload bytes the gateway holds in memory at once, across every request, in bytes (default
   * 256 MB); an upload beyond it is refused with 503 and `Retry-After`. At least twice the
   * largest photo: a photo is held as it arrives and once more, joined, while it is stored.
   */
  UPLOAD_BUDGET_BYTES: z.coerce
    .number()
    .int()
    .min(2 * MAX_IMAGE_BYTES)
    .default(256 * 1024 * 1024),
  /** Analyses one user may have running at once (default 2); beyond it 429 and `Retry-After`. */
  MAX_CONCURRENT_ANALYSES_PER_USER: z.coerce.number().int().min(1).default(2),
  /**
   * How many proxies in front of the gateway to trust, as Express's "trust proxy" hop count: 0
   * (`false`, default) for none; `true` means 1. Behind them the client's address is the one the
   * nearest trusted proxy saw (never an address the client wrote into X-Forwarded-For itself), TLS
   * at the proxy gives Secure cookies, and HSTS is sent.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v) => (v === 'true' ? 1 : v === 'false' || v === '' ? 0 : Number(v)))
    .pipe(z.number().int().min(0).max(10)),
  /**
   * auth-service's RSA public key (PEM; literal `\n` escapes accepted), to which the gateway seals
   * every password before it goes on a queue. Required: `npm start`
   * generates a local pair in `<state dir>/keys/`; elsewhere the deployment provides it. Not secret.
   */
  AUTH_SEALING_PUBLIC_KEY: sealingKeyEnv(
    'public',
    'npm start generates a local pair in .local/keys/; elsewhere set it to the public half of AUTH_SEALING_PRIVATE_KEY (README "Configuration")',
  ),
  /** Failed sign-ins per client address per minute before 429 (default 10). */
  RATE_LIMIT_SIGN_IN_PER_IP: z.coerce.number().int().min(1).default(10),
  /**
   * Failed sign-ins for one e-mail from one client address per 15 minutes before 429 (default 10).
   * Keyed by both, so failures from other addresses never lock the account's owner out.
   */
  RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP: z.coerce.number().int().min(1).default(10),
  /**
   * Failed sign-ins for one account (its e-mail, the admin's or the VIP's username), from any
   * address, before each further failure delays the account's next sign-in (default 5). Counted
   * until a success, or for a day from the first failure.
   */
  RATE_LIMIT_SIGN_IN_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  /**
   * The first delay after `RATE_LIMIT_SIGN_IN_PER_ACCOUNT` failures, in seconds (default 2); each
   * further failure doubles it, up to `SIGN_IN_DELAY_MAX_SECONDS`.
   */
  SIGN_IN_DELAY_BASE_SECONDS: z.coerce.number().int().min(1).default(2),
  /**
   * The longest delay, in seconds (default 900, 15 minutes): past it the owner can always try again.
   * Addresses the account signed in from in the last 30 days are never delayed.
   */
  SIGN_IN_DELAY_MAX_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /**
   * argon2 verifications of the admin's and the VIP's passwords the gateway runs at once (default 4):
   * each takes the hash's memory (64 MiB at the library's default cost) and a thread of libuv's pool.
   */
  ARGON2_MAX_CONCURRENT: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * Verifications that may wait for one of those places (default 16); past them a sign-in answers 503
   * `auth.sign-in-busy` with `Retry-After`, without any argon2 work.
   */
  ARGON2_MAX_WAITING: z.coerce.number().int().min(0).max(1000).default(16),
  /** Renamed (it counted per e-mail from any address): refused at start, so a deployment that still sets it learns so. */
  RATE_LIMIT_SIGN_IN_PER_EMAIL: z
    .undefined({
      error: 'RATE_LIMIT_SIGN_IN_PER_EMAIL was renamed RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP (failed sign-ins per e-mail from one address)',
    })
    .optional(),
  /** Sign-ups per client address per hour before 429 (default 10). */
  RATE_LIMIT_SIGN_UP_PER_IP: z.coerce.number().int().min(1).default(10),
  /** Forgot-password requests per e-mail (any address) per hour before 429 (default 5). */
  RATE_LIMIT_FORGOT_PASSWORD_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  /** Forgot-password requests per client address per hour before 429 (default 20). */
  RATE_LIMIT_FORGOT_PASSWORD_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Change-password attempts per user per hour before 429 (default 10; a success gives its point back). */
  RATE_LIMIT_CHANGE_PASSWORD_PER_USER: z.coerce.number().int().min(1).default(10),
  /** Verification links a user may ask for per hour before 429 (default 3), besides the one sign-up sends. */
  RATE_LIMIT_VERIFICATION_EMAILS_PER_USER: z.coerce.number().int().min(1).default(3),
  /** Verification links one client address may try per hour before 429 (default 30). */
  RATE_LIMIT_VERIFY_EMAIL_PER_IP: z.coerce.number().int().min(1).default(30),
  /** Analyses per user per hour before 429 (default 60). */
  RATE_LIMIT_ANALYSES_PER_USER: z.coerce.number().int().min(1).default(60),
  /** Analysis reports a user may e-mail per hour before 429 (default 10): each e-mail also records a lead. */
  RATE_LIMIT_EMAIL_ANALYSIS_PER_USER: z.coerce.number().int().min(1).default(10),
  /** Working Clipboard e-mails a user may send per hour before 429 (default 10): any address may be typed. */
  RATE_LIMIT_EMAIL_CLIPBOARD_PER_USER: z.coerce.number().int().min(1).default(10),
  /**
   * E-mails (analysis reports and clipboards, from all users together) to one recipient address per
   * hour before 429 (default 20): a recipient is any address a user types, so no address can be flooded.
   */
  RATE_LIMIT_EMAILS_PER_RECIPIENT: z.coerce.number().int().min(1).default(20),
  /**
   * E-mails (analysis reports and clipboards) one account may send per day to addresses other than
   * its own before 429 `email.daily-limit` (default 20); e-mails to the account's own address (its
   * `+tags` too) are not counted by it.
   */
  RATE_LIMIT_EMAILS_TO_OTHERS_PER_USER_PER_DAY: z.coerce.number().int().min(1).default(20),
  /**
   * E-mails (analysis reports and clipboards) from every account together per hour before 429
   * `email.global-limit`, logged as a warning when reached (default 500: one account sends at most
   * 20 an hour, so reaching it takes 25 accounts at their limit at once, while a normal hour stays far
   * below it and the sender's reputation is spared a spam run). Temporary passwords do not count.
   */
  RATE_LIMIT_EMAILS_ALL_USERS_PER_HOUR: z.coerce.number().int().min(1).default(500),
  /** Generations a user may start per hour before 429 (default 60): each one stores its upload first. */
  RATE_LIMIT_GENERATIONS_PER_USER: z.coerce.number().int().min(1).default(60),
  /**
   * Stripe webhook deliveries one client address may make per minute before 429 (default 300).
   * Counted before the signature is checked, so that a flood from one address costs at most this
   * many HMAC checks a minute; Stripe retries a refused delivery later, with backoff, for days.
   */
  RATE_LIMIT_STRIPE_WEBHOOK_PER_IP: z.coerce.number().int().min(1).default(300),
  /**
   * Reads of shared links (`GET /api/s/{token}` and its images) one client address may make per
   * minute before 429 (default 120): a page and its images, many times over, but no token guessing.
   */
  RATE_LIMIT_SHARE_VIEWS_PER_IP: z.coerce.number().int().min(1).default(120),
  /** Failed admin sign-ins per client address per 15 minutes before 429 (default 10). */
  RATE_LIMIT_ADMIN_LOGIN_PER_IP: z.coerce.number().int().min(1).default(10),
  /** Failed VIP sign-ins one client address may make per 15 minutes (a success gives its point back). */
  RATE_LIMIT_VIP_LOGIN_PER_IP: z.coerce.number().int().min(1).default(10),
  /** Prefix of the abuse-limit counters in Redis; the integration tests give each stack its own. */
  RATE_LIMIT_KEY_PREFIX: z.string().min(1).default('archlens:rl:'),
  /**
   * The admin console's username (spec §6 admin). Required: `npm start` generates local
   * admin credentials in `<state dir>/keys/admin.json`; elsewhere the deployment provides them.
   */
  ADMIN_USERNAME: z
    .string({ error: `required (${ADMIN_CREDENTIALS_HINT})` })
    .trim()
    .min(1, `required (${ADMIN_CREDENTIALS_HINT})`)
    .max(100),
  /**
   * The admin password's argon2id hash in PHC form (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`, the
   * parameters in any order), never
   * the password itself. Sensitive. Required, as `ADMIN_USERNAME`.
   */
  ADMIN_PASSWORD_HASH: z
    .string({ error: `required (${ADMIN_CREDENTIALS_HINT})` })
    .trim()
    .regex(
      /^\$argon2id\$v=\d+\$[a-z]=\d+(,[a-z]=\d+)*\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/,
      'must be an argon2id hash ($argon2id$v=19$m=…,t=…,p=…$…$…)',
    ),
  /**
   * The key admin tokens are signed with (HMAC-SHA256), at least 32 bytes. Sensitive: whoever holds
   * it can sign in as the admin. Required, as `ADMIN_USERNAME`; changing it ends every admin session.
   */
  ADMIN_TOKEN_SECRET: z
    .string({ error: `required (${ADMIN_CREDENTIALS_HINT})` })
    .refine((v) => Buffer.byteLength(v, 'utf8') >= 32, 'must be at least 32 bytes (e.g. openssl rand -base64 48)'),
  /**
   * VIP access (spec §2 /vip-login, §6): the VIP username and its password's argon2id hash.
   * Both unset, VIP sign-in is off (every attempt is 'Invalid VIP credentials'); `npm start` sets the
   * local demo credentials (README "Configuration").
   */
  VIP_USERNAME: unsetWhenEmpty(z.string().trim().max(100)),
  VIP_PASSWORD_HASH: unsetWhenEmpty(
    z
      .string()
      .trim()
      .regex(
        /^\$argon2id\$v=\d+\$[a-z]=\d+(,[a-z]=\d+)*\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/,
        'must be an argon2id hash ($argon2id$v=19$m=…,t=…,p=…$…$…)',
      ),
  ),
  /**
   * Signing secret of the Stripe webhook endpoint (`whsec_…`), the same as billing-service's: the
   * gateway checks each delivery's `Stripe-Signature` with it before anything is queued. Unset,
   * every delivery answers 503 'Payments are not configured' and nothing is queued. Sensitive.
   */
  STRIPE_WEBHOOK_SECRET: unsetWhenEmpty(z.string().trim().min(1)),
  /**
   * How old a webhook signature's timestamp may be, in seconds (default 300, the Stripe SDK's own
   * tolerance), so that a captured delivery cannot be replayed later.
   */
  STRIPE_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** The e-mail of the account the VIP signs in as (created on the first VIP sign-in). */
  VIP_EMAIL: z.string().trim().email().default('vip@archlens.local'),
  /** How long an admin token lasts, in seconds (default 8 hours); the admin signs in again after it. */
  ADMIN_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(8 * 3600),
  /**
   * Other sites allowed to send state-changing requests (POST, PUT, PATCH, DELETE), comma-separated
   * origins such as `https://admin.archlens.example`; the gateway's own origin is always allowed.
   */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(/^https?:\/\/[^/\s?#]+$/i, 'each entry must be an origin: scheme and host, e.g. https://archlens.example')
          .transform((origin) => new URL(origin).origin),
      ),
    ),
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

/** @throws Error listing every invalid variable */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadConfig(gatewayConfigSchema, env);
}
