import { Check, Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Where a message is: being tried, accepted by SendGrid, written to the file outbox, or given up. */
export type EmailMessageStatus = 'pending' | 'sent' | 'outbox' | 'failed';

/**
 * One outgoing message in the delivery log (`email.messages`), owned by the email-worker. Its id is
 * the sender's `messageId`, so a redelivered job finds the message it already sent. Holds no
 * message body and no secret.
 */
@Entity({ name: 'messages' })
@Check('CHK_messages_status', `"status" IN ('pending', 'sent', 'outbox', 'failed')`)
export class EmailMessageEntity {
  /** The `email.send` job's `messageId` (the sender's idempotency key). */
  @PrimaryColumn('uuid')
  id!: string;

  /** The recipient's address. */
  @Column({ name: 'to', type: 'varchar', length: 254 })
  to!: string;

  /** The template's name, e.g. `temporary-password`. */
  @Column({ type: 'varchar', length: 64 })
  template!: string;

  @Column({ type: 'varchar', length: 200 })
  subject!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: EmailMessageStatus;

  /** Tries made with the transport (one per job attempt that reached it). */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  /** SendGrid's `X-Message-Id`, or the outbox file's name; null until sent. */
  @Column({ name: 'provider_message_id', type: 'varchar', length: 200, nullable: true })
  providerMessageId!: string | null;

  /** Why the last try failed, in our own short words (status and field names, never content or keys). */
  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
