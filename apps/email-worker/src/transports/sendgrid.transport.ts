import { MailService } from '@sendgrid/mail';
import { EmailTransportError, type EmailTransport, type OutgoingEmail, type TransportReceipt } from './email-transport.js';

/** How long one call to SendGrid may take before it counts as a (retriable) failure, in ms. */
export const SENDGRID_TIMEOUT_MS = 20_000;

/** What the SendGrid SDK throws for an HTTP error answer (`ResponseError` of `@sendgrid/helpers`). */
interface SendGridResponseError {
  code: number;
  response?: { body?: unknown };
}

/** The part of the SDK's client this adapter configures (not in `@sendgrid/mail`'s typings). */
interface SendGridClient {
  setDefaultRequest(key: 'baseUrl', value: string): void;
}

/**
 * SendGrid v3 `POST /v3/mail/send` through `@sendgrid/mail`, with its own `MailService` (its own
 * client), so several workers in one process (the tests) do not share a key or base URL.
 * The message goes with both parts (text/plain, text/html), our `messageId` in `customArgs` (it
 * comes back in SendGrid's event webhook), and the attachments base64-encoded.
 */
export class SendGridTransport implements EmailTransport {
  private readonly mail = new MailService();

  /**
   * @param apiKey `SENDGRID_API_KEY`
   * @param baseUrl `SENDGRID_BASE_URL`, e.g. `http://127.0.0.1:PORT` for a loopback server; SendGrid's own when undefined
   */
  constructor(apiKey: string, baseUrl?: string) {
    // setApiKey() resets the base URL, so the key first, then the base URL.
    this.mail.setApiKey(apiKey);
    if (baseUrl) (this.mail as unknown as { client: SendGridClient }).client.setDefaultRequest('baseUrl', baseUrl.replace(/\/+$/, ''));
    this.mail.setTimeout(SENDGRID_TIMEOUT_MS);
  }

  /**
   * @returns `sent` with SendGrid's `X-Message-Id` (null when the answer had none)
   * @throws EmailTransportError: retriable for 5xx, 429 and network failures; not for any other 4xx
   */
  async send(email: OutgoingEmail): Promise<TransportReceipt> {
    try {
      const [response] = await this.mail.send({
        from: email.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        customArgs: { archlens_message_id: email.messageId },
        attachments: email.attachments.map((a) => ({
          filename: a.filename,
          type: a.contentType,
          content: a.content.toString('base64'),
          disposition: 'attachment',
        })),
      });
      const id: unknown = (response.headers as Record<string, unknown>)['x-message-id'];
      return { status: 'sent', providerMessageId: typeof id === 'string' && id !== '' ? id : null };
    } catch (error) {
      throw sendGridFailure(error);
    }
  }
}

/**
 * Our own description of a failed SendGrid call: the status and the names of the fields SendGrid
 * objected to (its `errors[].field`), never its texts (they may quote the message) or the key.
 */
export function sendGridFailure(error: unknown): EmailTransportError {
  const status = (error as Partial<SendGridResponseError> | null)?.code;
  if (typeof status === 'number' && status >= 100) {
    const body = (error as SendGridResponseError).response?.body as { errors?: Array<{ field?: unknown }> } | undefined;
    const fields = (Array.isArray(body?.errors) ? body.errors : [])
      .map((e) => (typeof e.field === 'string' ? e.field.slice(0, 60) : null))
      .filter((f): f is string => f !== null);
    const about = fields.length > 0 ? ` (fields: ${[...new Set(fields)].slice(0, 5).join(', ')})` : '';
    return new EmailTransportError(`SendGrid answered ${status}${about}`, status >= 500 || status === 429, status);
  }
  const code = (error as { code?: unknown } | null)?.code;
  return new EmailTransportError(`SendGrid could not be reached${typeof code === 'string' ? ` (${code.slice(0, 40)})` : ''}`, true);
}
