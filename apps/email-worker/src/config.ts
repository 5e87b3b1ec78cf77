import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { databaseEnv, loadConfig, optionalString, redisEnv, storageEnv, workerObservabilityEnv } from '@archlens/platform/config';
import { sealingKeyEnv } from '@archlens/platform/sealing';

const here = path.dirname(fileURLToPath(import.meta.url));

/** email-worker environment (README "Configuration"). */
export const emailConfigSchema = z.object({
  ...databaseEnv,
  ...redisEnv,
  ...workerObservabilityEnv,
  /** Attachments are read from the object store by key (never bytes through Redis). */
  ...storageEnv,
  /**
   * RSA private key (PEM; literal `\n` escapes accepted) that opens the secrets senders sealed to
   * its public half (`EMAIL_SEALING_PUBLIC_KEY`), e.g. a temporary password. Sensitive. Required:
   * `npm start` generates a local pair in `<state dir>/keys/`; elsewhere the deployment provides it.
   */
  EMAIL_SEALING_PRIVATE_KEY: sealingKeyEnv(
    'private',
    'npm start generates a local pair in .local/keys/ (email-sealing.pem); elsewhere generate one (README "Configuration") and give auth-service its public half as EMAIL_SEALING_PUBLIC_KEY',
  ),
  /** SendGrid API key (sensitive). When unset, messages are written to `EMAIL_OUTBOX_DIR` as .eml files. */
  SENDGRID_API_KEY: optionalString,
  /** SendGrid API base URL (default SendGrid's own); the tests point it at a loopback server. */
  SENDGRID_BASE_URL: optionalString.pipe(z.string().url().optional()),
  /** The sender, an RFC 5322 address with an optional display name. */
  EMAIL_FROM: z.string().trim().min(3).max(254).default('ArchLens <no-reply@archlens.local>'),
  /** The app's public origin, which the links in messages point to (an e-mail verification link: `<APP_URL>/verify-email?token=…`). */
  APP_URL: z
    .string()
    .url()
    .default('http://localhost:3000')
    .transform((v) => v.replace(/\/+$/, '')),
  /** Where the file outbox writes one `<messageId>.eml` per message when no SendGrid key is set. */
  EMAIL_OUTBOX_DIR: z.string().min(1).default(path.resolve(here, '../../../.local/outbox')),
});
export type EmailConfig = z.infer<typeof emailConfigSchema>;
export const EMAIL_CONFIG = Symbol('EMAIL_CONFIG');

/** @throws Error listing every invalid variable */
export function loadEmailConfig(env: NodeJS.ProcessEnv = process.env): EmailConfig {
  return loadConfig(emailConfigSchema, env);
}
