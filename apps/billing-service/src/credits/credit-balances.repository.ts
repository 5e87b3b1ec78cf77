import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { CreditBalanceEntity } from './credit-balance.entity.js';

/**
 * All data access to `billing.credit_balances`. Changes run inside the caller's transaction (its
 * `EntityManager`), which holds the row's lock (`lock`) and appends the ledger entry beside them.
 */
@Injectable()
export class CreditBalancesRepository {
  constructor(@Inject(SERVICE_DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** @returns the user's balance in credits, 0 when the user never had credits */
  async find(userId: string, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const row = await manager
      .getRepository(CreditBalanceEntity)
      .createQueryBuilder('balance')
      .select('balance.balance', 'balance')
      .where('balance.userId = :userId', { userId })
      .getRawOne<{ balance: number }>();
    return row?.balance ?? 0;
  }

  /** Creates the user's balance row at 0 unless it exists. */
  async ensure(userId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager
      .getRepository(CreditBalanceEntity)
      .createQueryBuilder()
      .insert()
      .values({ userId, balance: 0 })
      .orIgnore()
      .updateEntity(false)
      .execute();
  }

  /**
   * Locks the user's balance row (`SELECT … FOR UPDATE`, created at 0 when missing) until the
   * transaction of `manager` ends.
   * @returns the balance in credits
   */
  async lock(manager: EntityManager, userId: string): Promise<number> {
    const balances = manager.getRepository(CreditBalanceEntity);
    const locked = () =>
      balances.findOne({ select: { userId: true, balance: true }, where: { userId }, lock: { mode: 'pessimistic_write' } });
    let row = await locked();
    if (!row) {
      await this.ensure(userId, manager);
      row = await locked();
    }
    if (!row) throw new Error(`the credit balance of ${userId} could not be created`);
    return row.balance;
  }

  /** Moves the user's balance by `delta` credits; the caller holds the row lock and appended the ledger entry. */
  async add(manager: EntityManager, userId: string, delta: number): Promise<void> {
    await manager
      .getRepository(CreditBalanceEntity)
      .createQueryBuilder()
      .update()
      .set({ balance: () => 'balance + :delta' })
      .setParameter('delta', delta)
      .where({ userId })
      .execute();
  }
}
