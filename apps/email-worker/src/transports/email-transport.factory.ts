import { Logger } from '@nestjs/common';
import type { EmailConfig } from '../config.js';
import type { EmailTransport } from './email-transport.js';
import { FileOutboxTransport } from './file-outbox.transport.js';
import { SendGridTransport } from './sendgrid.transport.js';

/**
 * Picks the transport from the configuration: SendGrid when `SENDGRID_API_KEY` is set, otherwise
 * the file outbox in `EMAIL_OUTBOX_DIR`, announced once and loudly, as every local stand-in is.
 */
export function createEmailTransport(config: EmailConfig): EmailTransport {
  const logger = new Logger('EmailTransport');
  if (config.SENDGRID_API_KEY) {
    logger.log(`SendGrid${config.SENDGRID_BASE_URL ? ` at ${config.SENDGRID_BASE_URL}` : ''}, from ${config.EMAIL_FROM}`);
    return new SendGridTransport(config.SENDGRID_API_KEY, config.SENDGRID_BASE_URL);
  }
  logger.warn(
    `*** SENDGRID_API_KEY is not set: e-mails are written to ${config.EMAIL_OUTBOX_DIR} as .eml files, not sent. Set SENDGRID_API_KEY to send them. ***`,
  );
  return new FileOutboxTransport(config.EMAIL_OUTBOX_DIR);
}
