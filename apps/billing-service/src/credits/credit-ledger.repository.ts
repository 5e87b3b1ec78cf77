import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CreditLedgerEntryEntity, type CreditLedgerReason } from './credit-ledger-entry.entity.js';

/** A balance change to record: `delta` credits (negative when taken) for `(reason, reference)`. */
export interface NewLedgerEntry {
  userId: string;
  delta: number;
  reason: CreditLedgerReason;
  reference: string;
}

/** All data access to `billing.credit_ledger`, the append-only record of every balance change. */
@Injectable()
export class CreditLedgerRepository {
  /**
   * Appends the entry inside the caller's transaction unless `(reason, reference)` is recorded
   * already (`ON CONFLICT DO NOTHING` on the unique pair), so a repeated change records nothing.
   * @returns true when the entry was appended
   */
  async appendOnce(manager: EntityManager, entry: NewLedgerEntry): Promise<boolean> {
    const result = await manager
      .getRepository(CreditLedgerEntryEntity)
      .createQueryBuilder()
      .insert()
      .values(entry)
      .orIgnore()
      .returning(['id'])
      .updateEntity(false)
      .execute();
    return (result.raw as unknown[]).length > 0;
  }
}
