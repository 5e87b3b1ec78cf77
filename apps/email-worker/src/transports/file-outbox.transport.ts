import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { EmailTransportError, type EmailTransport, type OutgoingEmail, type TransportReceipt } from './email-transport.js';

/**
 * The local stand-in for SendGrid (docs/architecture.md): each message is written to `directory` as
 * `<messageId>.eml`, an RFC 5322 message (multipart/alternative text and HTML, attachments as
 * parts) built by nodemailer's `MailComposer`, which any mail client opens. Writing the same
 * message again replaces its file, so a retry leaves one file.
 */
export class FileOutboxTransport implements EmailTransport {
  /** @param directory `EMAIL_OUTBOX_DIR`, created when missing */
  constructor(readonly directory: string) {}

  /**
   * @returns `outbox` with the file's name as the provider message id
   * @throws EmailTransportError (retriable) when the file cannot be written
   */
  async send(email: OutgoingEmail): Promise<TransportReceipt> {
    const fileName = `${email.messageId}.eml`;
    const file = path.join(this.directory, fileName);
    try {
      const bytes = await new MailComposer({
        from: email.from,
        to: email.to,
        subject: email.subject,
        messageId: `<${email.messageId}@archlens.local>`,
        text: email.text,
        html: email.html,
        attachments: email.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
      })
        .compile()
        .build();
      await mkdir(this.directory, { recursive: true });
      // Written beside, then renamed: whoever reads the outbox never sees half a message.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, bytes, { mode: 0o600 });
      await rename(partial, file);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      throw new EmailTransportError(`The outbox file could not be written${typeof code === 'string' ? ` (${code})` : ''}`, true);
    }
    return { status: 'outbox', providerMessageId: fileName };
  }
}
