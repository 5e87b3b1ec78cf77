import { Inject, Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import type { SendEmailJob, SendEmailResult } from '@archlens/contracts/email';
import { counter } from '@archlens/platform/metrics';
import { SealedSecretError } from '@archlens/platform/sealing';
import { ObjectStorage } from '@archlens/platform/storage';
import { EMAIL_CONFIG, type EmailConfig } from '../config.js';
import { EMAIL_SUBJECTS, renderEmail } from '../templates/email-templates.js';
import { EMAIL_TRANSPORT, EmailTransportError, type EmailTransport, type OutgoingAttachment } from '../transports/email-transport.js';
import { EmailMessagesRepository } from './email-messages.repository.js';

/** Where a job stands in BullMQ's retries. */
export interface DeliveryAttempt {
  /** True when BullMQ will not try this job again after this attempt (its last try, by the queue's `attempts`). */
  isLast: boolean;
}

/** What one try inside the row's transaction came to; acted on once the row is committed. */
type Outcome =
  | { kind: 'delivered'; result: SendEmailResult; repeated: boolean }
  | { kind: 'failed'; reason: string; retry: boolean }
  | { kind: 'given-up'; reason: string };

/**
 * E-mail Prometheus series: messages delivered once (`transport`: `sendgrid` or
 * `outbox`; a repeat that was not sent again counts nothing), and tries that failed (`final`: `true`
 * when no retry follows), by template.
 */
const emailMetrics = {
  sent: counter({
    name: 'archlens_emails_sent_total',
    help: 'E-mails delivered (SendGrid or the file outbox), by template and transport.',
    labelNames: ['template', 'transport'] as const,
  }),
  failed: counter({
    name: 'archlens_emails_failed_total',
    help: 'E-mail delivery tries that failed, by template; final="true" when it is not retried.',
    labelNames: ['template', 'final'] as const,
  }),
};

/**
 * Sends `email.send` messages and keeps the delivery log (`email.messages`), the business rules of
 * the email-worker:
 * - idempotent on `messageId`: a message already `sent` or `outbox` is not sent again, its stored
 *   result is returned; one already `failed` stays failed. The row is locked (`FOR UPDATE`) while
 *   a try runs, so two copies of the worker given the same message send it once;
 * - at least once, never lost: the row is committed `sent` after SendGrid accepts the message, in
 *   the same transaction. A worker killed between SendGrid's acceptance and that commit leaves the
 *   row `pending`, and the job's re-run sends the message a second time. SendGrid's mail send API
 *   has no idempotency key, so the only alternative (not resending a try of unknown outcome) would
 *   lose the messages of a worker killed before SendGrid had them;
 * - each try counts in `attempts`; a failure that a retry may cure (SendGrid 5xx or 429, the network,
 *   the disk, the object store) leaves the row `pending` and throws, so BullMQ retries with the
 *   queue's backoff; any other failure (SendGrid's other 4xx, a secret that does not open, a
 *   missing attachment) or the last try marks it `failed` and throws `UnrecoverableError`: no retry.
 */
@Injectable()
export class EmailDeliveryService {
  private readonly logger = new Logger('EmailDelivery');

  constructor(
    private readonly messages: EmailMessagesRepository,
    @Inject(EMAIL_CONFIG) private readonly config: EmailConfig,
    @Inject(EMAIL_TRANSPORT) private readonly transport: EmailTransport,
    private readonly storage: ObjectStorage,
  ) {}

  /**
   * Sends one message once.
   * @returns how it left (`sent` with SendGrid's message id, or `outbox` with the file's name)
   * @throws Error when a retry may succeed (the row stays `pending`)
   * @throws UnrecoverableError when none will (the row is `failed`)
   * @throws the database's error when the log cannot be read or written (nothing was sent)
   */
  async send(job: SendEmailJob, attempt: DeliveryAttempt): Promise<SendEmailResult> {
    const message = { id: job.messageId, to: job.to, template: job.template, subject: EMAIL_SUBJECTS[job.template] };
    const outcome = await this.messages.withLockedMessage(message, async (row, save): Promise<Outcome> => {
      if (row.status === 'sent' || row.status === 'outbox') {
        return {
          kind: 'delivered',
          repeated: true,
          result: { messageId: row.id, status: row.status, providerMessageId: row.providerMessageId },
        };
      }
      if (row.status === 'failed') return { kind: 'given-up', reason: row.lastError ?? 'failed before' };

      row.attempts += 1;
      try {
        const receipt = await this.transport.send({
          ...(await renderEmail(job, this.config.EMAIL_SEALING_PRIVATE_KEY, this.config.APP_URL)),
          messageId: job.messageId,
          from: this.config.EMAIL_FROM,
          to: job.to,
          attachments: await this.readAttachments(job.attachments ?? []),
        });
        Object.assign(row, { status: receipt.status, providerMessageId: receipt.providerMessageId, lastError: null });
        await save(row);
        return { kind: 'delivered', repeated: false, result: { messageId: row.id, ...receipt } };
      } catch (error) {
        const { reason, retriable } = describeFailure(error);
        const retry = retriable && !attempt.isLast;
        Object.assign(row, { status: retry ? 'pending' : 'failed', lastError: reason.slice(0, 500) });
        await save(row);
        return { kind: 'failed', reason, retry };
      }
    });

    // The recipient stays out of logs and error texts (BullMQ keeps those in Redis): the id names it.
    const label = `${job.template} message ${job.messageId}`;
    switch (outcome.kind) {
      case 'delivered': {
        const { status, providerMessageId } = outcome.result;
        if (outcome.repeated) this.logger.log(`${label} was already ${status === 'sent' ? 'sent' : 'in the outbox'}; not sent again`);
        else if (status === 'outbox')
          this.logger.log(`${label} written to the outbox: "${EMAIL_SUBJECTS[job.template]}" (${providerMessageId})`);
        else this.logger.log(`${label} sent through SendGrid: "${EMAIL_SUBJECTS[job.template]}" (${providerMessageId ?? 'no message id'})`);
        if (!outcome.repeated) emailMetrics.sent.inc({ template: job.template, transport: status === 'outbox' ? 'outbox' : 'sendgrid' });
        return outcome.result;
      }
      case 'given-up':
        throw new UnrecoverableError(`${label} failed before and is not tried again: ${outcome.reason}`);
      case 'failed':
        emailMetrics.failed.inc({ template: job.template, final: String(!outcome.retry) });
        if (outcome.retry) throw new Error(`${label} not sent, will retry: ${outcome.reason}`);
        throw new UnrecoverableError(`${label} failed: ${outcome.reason}`);
    }
  }

  /** Reads each attachment from object storage by its key. @throws the store's error */
  private async readAttachments(attachments: NonNullable<SendEmailJob['attachments']>): Promise<OutgoingAttachment[]> {
    const read: OutgoingAttachment[] = [];
    for (const a of attachments) {
      try {
        read.push({ filename: a.filename, contentType: a.contentType, content: await this.storage.get(a.key) });
      } catch (error) {
        throw new AttachmentError(a.key, error);
      }
    }
    return read;
  }
}

/** An attachment could not be read from the object store. */
class AttachmentError extends Error {
  override readonly name = 'AttachmentError';
  readonly missing: boolean;
  constructor(key: string, cause: unknown) {
    const code = (cause as { code?: unknown } | null)?.code;
    const missing = code === 'NoSuchKey' || code === 'NotFound';
    super(`Attachment ${key} ${missing ? 'is not in the object store' : 'could not be read from the object store'}`, { cause });
    this.missing = missing;
  }
}

/**
 * Our own short account of a failed try and whether a retry may cure it. Never the secret, the
 * bodies or a key: the SDK's own texts are not copied.
 */
export function describeFailure(error: unknown): { reason: string; retriable: boolean } {
  if (error instanceof EmailTransportError) return { reason: error.message, retriable: error.retriable };
  if (error instanceof SealedSecretError)
    return { reason: 'A sealed secret did not open (wrong key, altered, or sealed for another recipient)', retriable: false };
  if (error instanceof AttachmentError) return { reason: error.message, retriable: !error.missing };
  return { reason: `Rendering failed (${error instanceof Error ? error.name : 'unknown error'})`, retriable: false };
}
