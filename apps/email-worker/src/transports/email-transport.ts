/** Injection token of the transport the configuration selected (`createEmailTransport`). */
export const EMAIL_TRANSPORT = Symbol('EMAIL_TRANSPORT');

/** A file to attach, read from object storage. */
export interface OutgoingAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** One rendered message, ready to leave. */
export interface OutgoingEmail {
  /** The `email.send` job's `messageId`; travels with the message (SendGrid `customArgs`, .eml `Message-ID`). */
  messageId: string;
  /** RFC 5322 sender, e.g. `ArchLens <no-reply@archlens.local>`. */
  from: string;
  to: string;
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part. */
  html: string;
  attachments: OutgoingAttachment[];
}

/** How a message left: accepted by SendGrid (`sent`) or written to the file outbox (`outbox`). */
export interface TransportReceipt {
  status: 'sent' | 'outbox';
  /** SendGrid's `X-Message-Id`, the outbox file's name, or null when the provider gave none. */
  providerMessageId: string | null;
}

/**
 * A try to send failed. `retriable` says whether trying again later may succeed (the provider's
 * 5xx or 429, a network failure, a disk error) or never will (any other 4xx). `message` is our own
 * short text (status and field names), safe to log and to store: never the message's content, never a key.
 */
export class EmailTransportError extends Error {
  override readonly name = 'EmailTransportError';
  /**
   * @param message our own short description of the failure
   * @param retriable true when a later try may succeed
   * @param status the provider's HTTP status, when it answered
   */
  constructor(
    message: string,
    readonly retriable: boolean,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Where rendered messages go (docs/architecture.md "Engines behind interfaces": SendGrid, or the file outbox). */
export interface EmailTransport {
  /**
   * Sends one message.
   * @throws EmailTransportError when it did not leave (with whether a retry may help)
   */
  send(email: OutgoingEmail): Promise<TransportReceipt>;
}
