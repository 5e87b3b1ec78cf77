import { Logger } from '@nestjs/common';
import type { EmailConfig } from '../config.js';
import type { EmailTransport } from './email-transport.js';
import { FileOutboxTransport } from './file-outbox.transport.js';
import { SendGridTransport } from './sendgrid.transport.js';

/**
 * Picks the transport from the configuration: `EMAIL_TRANSPORT` when set, else SendGrid when
 * `SENDGRID_API_KEY` is set, otherwise the file outbox in `EMAIL_OUTBOX_DIR`, announced once and
 * loudly, as every local stand-in is (the configuration has already refused production without a
 * key unless the outbox was chosen on purpose).
 */
export function createEmailTransport(config: EmailConfig): EmailTransport {
  const logger = new Logger('EmailTransport');
  if (config.SENDGRID_API_KEY && config.EMAIL_TRANSPORT !== 'file') {
    logger.log(`SendGrid${config.SENDGRID_BASE_URL ? ` at ${config.SENDGRID_BASE_URL}` : ''}, from ${config.EMAIL_FROM}`);
    return new SendGridTransport(config.SENDGRID_API_KEY, config.SENDGRID_BASE_URL);
  }
  logger.warn(
    config.EMAIL_TRANSPORT === 'file'
      ? `*** EMAIL_TRANSPORT=file: e-mails are written to ${config.EMAIL_OUTBOX_DIR} as .eml files, not sent. ***`
      : `*** SENDGRID_API_KEY is not set: e-mails are written to ${config.EMAIL_OUTBOX_DIR} as .eml files, not sent. Set SENDGRID_API_KEY to send them. ***`,
  );
  return new FileOutboxTransport(config.EMAIL_OUTBOX_DIR);
}
