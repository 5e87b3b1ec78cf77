import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
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
  constructor(@Inject(SERVICE_DATA_SOURCE) private readonly dataSource: DataSource) {}

  /**
   * Appends a zero-cost entry (delta 0) on its own, unless `(reason, reference)` is recorded
   * already. It moves no balance, so it needs neither the balance row's lock nor a transaction:
   * the unique pair alone makes it once-only, also between two concurrent calls.
   * @returns true when the entry was appended
   */
  appendZeroOnce(entry: Omit<NewLedgerEntry, 'delta'>): Promise<boolean> {
    return this.appendOnce(this.dataSource.manager, { ...entry, delta: 0 });
  }

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
