import { z } from 'zod';
import { MAX_CLIPBOARD_EMAIL_CHARS } from './clipboard.js';
import { reportContentSchema } from './reports.js';

/**
 * The e-mails ArchLens sends, one template each. A template's data schema says what the
 * sender must give; secrets in it travel sealed to the email-worker's key (`EMAIL_SEALING_*`), never
 * in plain text through Redis.
 */
export const EMAIL_TEMPLATE_DATA = {
  /** Forgot password (spec §2, §8): the temporary password, valid for `validMinutes`, single use. */
  'temporary-password': z.object({
    firstName: z.string().min(1).max(100),
    /** The temporary password sealed with `sealSecret(…, EMAIL_SEALING_PUBLIC_KEY, 'email.temporary-password:<to>')`. */
    sealedTemporaryPassword: z.string().startsWith('v1.').max(8192),
    validMinutes: z.number().int().min(1),
  }),
  /**
   * The link that confirms an account's e-mail address: `/verify-email?token=…` on the app's public
   * origin, valid for `validHours` and for one use. The token is sealed like a temporary password
   * (`verificationTokenSealContext`), and the email-worker builds the link from its `APP_URL`.
   */
  'verify-email': z.object({
    firstName: z.string().min(1).max(100),
    sealedToken: z.string().startsWith('v1.').max(8192),
    validHours: z.number().int().min(1),
  }),
  /**
   * An analysis report: the same content as its PDF, which is attached. Every field is
   * text, escaped where the template places it (a name is never markup).
   */
  'analysis-report': z.object({
    firstName: z.string().min(1).max(100),
    lastName: z.string().min(1).max(100),
    report: reportContentSchema,
  }),
  /** The Working Clipboard e-mailed to its user (spec §2 Email Myself): the text as it was, as text. */
  clipboard: z.object({
    firstName: z.string().min(1).max(100),
    lastName: z.string().min(1).max(100),
    clipboardText: z.string().min(1).max(MAX_CLIPBOARD_EMAIL_CHARS),
  }),
} as const;
export type EmailTemplate = keyof typeof EMAIL_TEMPLATE_DATA;
export const EMAIL_TEMPLATES = Object.keys(EMAIL_TEMPLATE_DATA) as [EmailTemplate, ...EmailTemplate[]];

/** An attachment: already in object storage (never bytes through Redis). */
export const emailAttachmentSchema = z.object({
  /** Object key in the bucket, e.g. `reports/<userId>/<uuid>.pdf`. */
  key: z.string().min(1).max(500),
  filename: z.string().min(1).max(200),
  contentType: z.string().min(1).max(100),
});

/** Payload of `email.send`: one message to one recipient, rendered by the email-worker from its template. */
export const sendEmailJobSchema = z.discriminatedUnion('template', [
  z.object({
    /** The sender's idempotency key: a redelivered job with the same id sends nothing twice. */
    messageId: z.string().uuid(),
    to: z.string().email().max(254),
    template: z.literal('temporary-password'),
    data: EMAIL_TEMPLATE_DATA['temporary-password'],
    attachments: z.array(emailAttachmentSchema).max(5).optional(),
  }),
  z.object({
    messageId: z.string().uuid(),
    to: z.string().email().max(254),
    template: z.literal('verify-email'),
    data: EMAIL_TEMPLATE_DATA['verify-email'],
    attachments: z.array(emailAttachmentSchema).max(5).optional(),
  }),
  z.object({
    messageId: z.string().uuid(),
    to: z.string().email().max(254),
    template: z.literal('clipboard'),
    data: EMAIL_TEMPLATE_DATA.clipboard,
    attachments: z.array(emailAttachmentSchema).max(5).optional(),
  }),
  z.object({
    messageId: z.string().uuid(),
    to: z.string().email().max(254),
    template: z.literal('analysis-report'),
    data: EMAIL_TEMPLATE_DATA['analysis-report'],
    attachments: z.array(emailAttachmentSchema).max(5).optional(),
  }),
]);
export type SendEmailJob = z.infer<typeof sendEmailJobSchema>;

/** Result of `email.send`: how the message left (`outbox` when no SendGrid key is configured). */
export const sendEmailResultSchema = z.object({
  messageId: z.string().uuid(),
  status: z.enum(['sent', 'outbox']),
  providerMessageId: z.string().nullable(),
});
export type SendEmailResult = z.infer<typeof sendEmailResultSchema>;

/** The sealing context of a temporary password for `to` (binds it to its recipient). */
export function temporaryPasswordSealContext(to: string): string {
  return `email.temporary-password:${to.trim().toLowerCase()}`;
}

/** The sealing context of an e-mail verification token for `to` (binds it to its recipient). */
export function verificationTokenSealContext(to: string): string {
  return `email.verify-email:${to.trim().toLowerCase()}`;
}

/** The app's page a verification link opens: `/verify-email?token=<token>` (the SPA posts the token to `POST /api/auth/verify-email`). */
export const VERIFY_EMAIL_PAGE = '/verify-email';

/** The verification link for `token` on the app's public origin (`https://archlens.example`, no trailing slash). */
export function verificationLink(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}${VERIFY_EMAIL_PAGE}?token=${encodeURIComponent(token)}`;
}
