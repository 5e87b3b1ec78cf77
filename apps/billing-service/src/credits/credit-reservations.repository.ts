import { Inject, Injectable } from '@nestjs/common';
import { Raw, type DataSource, type EntityManager, type Repository } from 'typeorm';
import type { ReservationStatus } from '@archlens/contracts/billing';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { CreditReservationEntity } from './credit-reservation.entity.js';

/** A reservation to hold: `amount` credits for `ttlSeconds`, under the caller's `reference`. */
export interface NewReservation {
  id: string;
  userId: string;
  reference: string;
  amount: number;
  ttlSeconds: number;
}

/** A reservation as capture, release and expiry read it under its row lock. */
export type LockedReservation = Pick<CreditReservationEntity, 'id' | 'userId' | 'amount' | 'status'>;

/** The unique `(user_id, reference)` of `billing.credit_reservations`: the caller's idempotency key. */
const USER_REFERENCE_CONSTRAINT = 'UQ_credit_reservations_user_id_reference';

/** Whether `error` is PostgreSQL's unique violation (23505) of `constraint`. */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  const driverError = (error as { driverError?: { code?: string; constraint?: string } } | null)?.driverError;
  return driverError?.code === '23505' && driverError.constraint === constraint;
}

/** All data access to `billing.credit_reservations`, and the one statement that makes a reservation. */
@Injectable()
export class CreditReservationsRepository {
  private readonly reservations: Repository<CreditReservationEntity>;

  constructor(@Inject(SERVICE_DATA_SOURCE) private readonly dataSource: DataSource) {
    this.reservations = dataSource.getRepository(CreditReservationEntity);
  }

  /**
   * Holds a reservation in one statement, all or nothing: a guarded decrement of the balance
   * (`UPDATE … WHERE balance >= amount`, which takes the balance row's lock and, under contention,
   * re-checks the guard against the row as the previous holder left it), the reservation `reserved`
   * until `now() + ttlSeconds`, and its `reserve` ledger entry (none for 0 credits). The lock is
   * held for that one statement only, so reservations on one account cost one round trip each
   * (docs/performance.md). The CTE is SQL because TypeORM cannot write data-modifying CTEs.
   * @returns the balance after the reservation; null when nothing was taken: the balance is short
   *   or missing, or the user has a reservation with this reference already (the statement rolled back)
   * @throws the database's other errors
   */
  async insertHeld(reservation: NewReservation): Promise<number | null> {
    try {
      const rows: Array<{ balance: number }> = await this.dataSource.query(
        `WITH updated AS (
           UPDATE billing.credit_balances SET balance = balance - $4::integer, updated_at = now()
            WHERE user_id = $2 AND balance >= $4::integer
           RETURNING balance
         ), reservation AS (
           INSERT INTO billing.credit_reservations (id, user_id, reference, amount, status, expires_at)
           SELECT $1, $2, $3, $4, 'reserved', now() + make_interval(secs => $5) FROM updated
         ), entry AS (
           INSERT INTO billing.credit_ledger (user_id, delta, reason, reference)
           SELECT $2, -$4::integer, 'reserve', $1::text FROM updated WHERE $4::integer > 0
         )
         SELECT balance FROM updated`,
        [reservation.id, reservation.userId, reservation.reference, reservation.amount, reservation.ttlSeconds],
      );
      return rows[0]?.balance ?? null;
    } catch (error) {
      if (isUniqueViolation(error, USER_REFERENCE_CONSTRAINT)) return null;
      throw error;
    }
  }

  /** @returns the id of the user's reservation with `reference`, or null */
  async findIdByReference(userId: string, reference: string): Promise<string | null> {
    const row = await this.reservations
      .createQueryBuilder('reservation')
      .select('reservation.id', 'id')
      .where('reservation.userId = :userId AND reservation.reference = :reference', { userId, reference })
      .getRawOne<{ id: string }>();
    return row?.id ?? null;
  }

  /** @returns the ids of at most `limit` reservations still held past `expires_at` (the database's clock), oldest first */
  async findDueIds(limit: number): Promise<string[]> {
    const rows = await this.reservations.find({
      select: { id: true },
      where: { status: 'reserved', expiresAt: Raw((column) => `${column} <= now()`) },
      order: { expiresAt: 'ASC' },
      take: limit,
    });
    return rows.map((row) => row.id);
  }

  /**
   * Runs `work` in one transaction on the reservation's row, locked (`SELECT … FOR UPDATE`) until
   * `work` settles, so a capture, a release and the sweep on one reservation take turns. What
   * `work` writes through the transaction's `manager` commits with it; when `work` throws, nothing does.
   * @param work gets the locked reservation, or null when there is none with `id`
   * @returns what `work` returns
   */
  withLocked<T>(id: string, work: (reservation: LockedReservation | null, manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      const reservation = await manager.getRepository(CreditReservationEntity).findOne({
        select: { id: true, userId: true, amount: true, status: true },
        where: { id },
        lock: { mode: 'pessimistic_write' },
      });
      return work(reservation, manager);
    });
  }

  /** Sets a reservation's status inside the transaction holding its lock (`withLocked`). */
  async setStatus(manager: EntityManager, id: string, status: ReservationStatus): Promise<void> {
    await manager.getRepository(CreditReservationEntity).update({ id }, { status });
  }
}
