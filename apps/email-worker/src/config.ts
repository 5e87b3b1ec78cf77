import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  databaseEnv,
  loadConfig,
  optionalString,
  redisEnv,
  storageEnv,
  unsetWhenEmpty,
  workerObservabilityEnv,
} from '@archlens/platform/config';
import { sealingKeyEnv } from '@archlens/platform/sealing';

const here = path.dirname(fileURLToPath(import.meta.url));

/** email-worker environment (README "Configuration"). */
export const emailConfigSchema = z
  .object({
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
    /** SendGrid API key (sensitive). When unset, messages are written to `EMAIL_OUTBOX_DIR` as .eml files (not in production: see `EMAIL_TRANSPORT`). */
    SENDGRID_API_KEY: optionalString,
    /**
     * How messages leave: `sendgrid` (needs `SENDGRID_API_KEY`) or `file` (the outbox in
     * `EMAIL_OUTBOX_DIR`, nothing sent). Unset: SendGrid when `SENDGRID_API_KEY` is set, else the
     * outbox, except with `NODE_ENV=production`, where a missing key refuses the start unless `file` is
     * chosen on purpose, so that a production deployment never writes its mail to a folder unnoticed.
     */
    EMAIL_TRANSPORT: unsetWhenEmpty(z.enum(['sendgrid', 'file'])),
    /** `production` in the container image: the missing SendGrid key is then an error (see `EMAIL_TRANSPORT`). */
    NODE_ENV: optionalString,
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
  })
  .superRefine((config, context) => {
    const refuse = (message: string) => context.addIssue({ code: 'custom', path: ['SENDGRID_API_KEY'], message });
    if (config.EMAIL_TRANSPORT === 'sendgrid' && !config.SENDGRID_API_KEY) {
      refuse('required with EMAIL_TRANSPORT=sendgrid');
    } else if (config.EMAIL_TRANSPORT === 'file' && config.SENDGRID_API_KEY) {
      refuse('set while EMAIL_TRANSPORT=file, which sends nothing: unset one of them');
    } else if (config.EMAIL_TRANSPORT === undefined && !config.SENDGRID_API_KEY && config.NODE_ENV === 'production') {
      refuse(
        'required with NODE_ENV=production: set SENDGRID_API_KEY to send e-mail, or EMAIL_TRANSPORT=file to write every message to EMAIL_OUTBOX_DIR on purpose',
      );
    }
  });
export type EmailConfig = z.infer<typeof emailConfigSchema>;
export const EMAIL_CONFIG = Symbol('EMAIL_CONFIG');

/**
 * @throws Error listing every invalid variable, among them `SENDGRID_API_KEY` when production has no
 *   way to send mail (see `EMAIL_TRANSPORT`)
 */
export function loadEmailConfig(env: NodeJS.ProcessEnv = process.env): EmailConfig {
  return loadConfig(emailConfigSchema, env);
}
