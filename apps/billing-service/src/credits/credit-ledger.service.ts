import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import {
  DEFAULT_RESERVATION_TTL_SECONDS,
  UNLIMITED_CREDITS,
  type ReservationResult,
  type ReserveCreditsJob,
  type ReserveCreditsResult,
} from '@archlens/contracts/billing';
import { DomainError } from '@archlens/platform/messaging';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import type { CreditLedgerReason } from './credit-ledger-entry.entity.js';
import { creditMetrics } from './credit-metrics.js';

/** Whether `error` is PostgreSQL's unique violation (23505) of `constraint`. */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  const driverError = (error as { driverError?: { code?: string; constraint?: string } } | null)?.driverError;
  return driverError?.code === '23505' && driverError.constraint === constraint;
}

/** Most expired reservations one sweep returns (the next sweep takes the rest). */
const EXPIRY_BATCH = 500;

interface ReservationRow {
  id: string;
  user_id: string;
  amount: number;
  status: ReservationResult['status'];
}

/**
 * The credit ledger (issue 15; spec §9; ARCHITECTURE.md "Money and credits"). Every balance change
 * runs in one transaction that locks the user's balance row (`SELECT … FOR UPDATE`) and appends a
 * ledger entry whose unique `(reason, reference)` turns a repeat into a no-op; the balance's CHECK
 * (>= 0) is the last wall against a negative balance. Reservations hold credits before a paid
 * provider call: captured on success, released on failure, expired (released once) by the sweep.
 * The unlimited plan (VIP, spec §6) has no credit check: its reservations hold 0 credits.
 */
@Injectable()
export class CreditLedgerService {
  constructor(@Inject(SERVICE_DATA_SOURCE) private readonly dataSource: DataSource) {}

  /**
   * Holds `amount` credits of `userId` for `ttlSeconds` (default 600). Reserving again with the
   * same `reference` returns the first reservation and takes nothing more.
   *
   * One statement does it all: a guarded decrement (`UPDATE … WHERE balance >= amount`, which takes
   * the balance row lock and, under contention, re-checks the guard against the row as the previous
   * holder left it), the reservation and its ledger entry, all or nothing. The lock is held for that
   * one statement only, so contention on one account costs one round trip per reservation
   * (docs/performance.md, `npm run bench:credits`). A repeated reference fails the reservation's
   * unique `(user_id, reference)` and the whole statement rolls back; the first reservation is
   * answered then.
   * @returns the reservation id and the balance after it (`UNLIMITED_CREDITS` on the unlimited plan)
   * @throws DomainError `credits.insufficient` ('Insufficient credits for this generation (n over
   *   limit)', spec §8) when the balance is short; nothing is held then
   */
  async reserve(job: ReserveCreditsJob): Promise<ReserveCreditsResult> {
    const unlimited = await this.isUnlimited(job.userId);
    const ttlSeconds = job.ttlSeconds ?? DEFAULT_RESERVATION_TTL_SECONDS;
    const held = unlimited ? 0 : job.amount;
    // The unlimited plan holds 0 credits, which needs a balance row to hold them against.
    if (unlimited) await this.ensureBalanceRow(this.dataSource.manager, job.userId);
    const reservationId = randomUUID();
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
        [reservationId, job.userId, job.reference, held, ttlSeconds],
      );
      if (rows.length > 0) {
        creditMetrics.operations.inc({ operation: 'reserve' });
        creditMetrics.reserved.inc(held);
        return { reservationId, balance: unlimited ? UNLIMITED_CREDITS : rows[0].balance };
      }
    } catch (error) {
      if (!isUniqueViolation(error, 'UQ_credit_reservations_user_id_reference')) throw error;
    }
    // Nothing was taken: this reference was reserved before, or the balance is short.
    const existing: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM billing.credit_reservations WHERE user_id = $1 AND reference = $2`,
      [job.userId, job.reference],
    );
    const balance = await this.balanceOf(job.userId);
    if (existing.length > 0) return { reservationId: existing[0].id, balance: unlimited ? UNLIMITED_CREDITS : balance };
    throw new DomainError('credits.insufficient', { overBy: Math.max(1, held - balance) });
  }

  /**
   * Spends a reservation's credits (the provider call succeeded). Capturing twice is a no-op.
   * @throws DomainError `credits.reservation-not-found` for an unknown reservation;
   *   `credits.reservation-not-held` for one already released or expired
   */
  async capture(reservationId: string): Promise<ReservationResult> {
    let captured: number | undefined;
    const result = await this.dataSource.transaction(async (manager): Promise<ReservationResult> => {
      const reservation = await this.lockReservation(manager, reservationId);
      if (reservation.status === 'released' || reservation.status === 'expired') {
        throw new DomainError('credits.reservation-not-held');
      }
      if (reservation.status === 'reserved') {
        await manager.query(`UPDATE billing.credit_reservations SET status = 'captured' WHERE id = $1`, [reservationId]);
        captured = reservation.amount;
      }
      return { reservationId, status: 'captured', balance: await this.readBalance(manager, reservation.user_id) };
    });
    if (captured !== undefined) {
      creditMetrics.operations.inc({ operation: 'capture' });
      creditMetrics.captured.inc(captured);
    }
    return result;
  }

  /**
   * Gives a held reservation's credits back (the provider call failed). Releasing twice, or a
   * reservation that has expired, is a no-op.
   * @throws DomainError `credits.reservation-not-found` for an unknown reservation;
   *   `credits.reservation-not-held` for one already captured
   */
  async release(reservationId: string): Promise<ReservationResult> {
    return this.returnReservation(reservationId, 'released');
  }

  /**
   * The scheduled sweep (issue 15): every reservation past `expires_at` and still held comes back,
   * once (the reservation row lock and the ledger's unique reference make a second sweep, or a
   * sweep racing a release, a no-op).
   * @returns how many reservations this sweep expired
   */
  async expireDue(): Promise<number> {
    const due: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM billing.credit_reservations WHERE status = 'reserved' AND expires_at <= now() ORDER BY expires_at LIMIT $1`,
      [EXPIRY_BATCH],
    );
    let expired = 0;
    for (const { id } of due) {
      const result = await this.returnReservation(id, 'expired');
      if (result.status === 'expired') expired++;
    }
    return expired;
  }

  /**
   * Sets the balance to `target` for one paid period (spec §9: monthly reset to 200, yearly pool of
   * 2,400), inside the caller's transaction, once per `reference` (the Stripe invoice id): a
   * redelivered `invoice.paid` finds its ledger entry and changes nothing.
   * @returns true when the balance was set, false when this reference was applied before
   */
  async grantPeriod(manager: EntityManager, userId: string, target: number, reference: string): Promise<boolean> {
    const balance = await this.lockBalance(manager, userId);
    return this.apply(manager, userId, target - balance, 'period_grant', reference);
  }

  /** The user's balance, 0 when the user never had credits. */
  async balanceOf(userId: string): Promise<number> {
    return this.readBalance(this.dataSource.manager, userId);
  }

  /** Whether the user is on the active unlimited (VIP) plan: no credit check (spec §6, §9). */
  private async isUnlimited(userId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM billing.subscriptions WHERE user_id = $1 AND plan = 'unlimited' AND status = 'active'`,
      [userId],
    );
    return rows.length > 0;
  }

  /** Releases or expires one reservation under its row lock, then its owner's balance row lock. */
  private async returnReservation(reservationId: string, status: 'released' | 'expired'): Promise<ReservationResult> {
    let returned: number | undefined;
    const result = await this.dataSource.transaction(async (manager): Promise<ReservationResult> => {
      const reservation = await this.lockReservation(manager, reservationId);
      if (reservation.status === 'captured') {
        if (status === 'expired')
          return { reservationId, status: 'captured', balance: await this.readBalance(manager, reservation.user_id) };
        throw new DomainError('credits.reservation-not-held');
      }
      if (reservation.status !== 'reserved') {
        return { reservationId, status: reservation.status, balance: await this.readBalance(manager, reservation.user_id) };
      }
      await manager.query(`UPDATE billing.credit_reservations SET status = $2 WHERE id = $1`, [reservationId, status]);
      await this.lockBalance(manager, reservation.user_id);
      if (reservation.amount > 0) await this.apply(manager, reservation.user_id, reservation.amount, 'return', reservationId);
      returned = reservation.amount;
      return { reservationId, status, balance: await this.readBalance(manager, reservation.user_id) };
    });
    if (returned !== undefined) {
      creditMetrics.operations.inc({ operation: status === 'released' ? 'release' : 'expire' });
      creditMetrics.released.inc({ reason: status }, returned);
    }
    return result;
  }

  /**
   * Appends `(reason, reference)` to the ledger and, only when that entry is new, moves the balance
   * by `delta`. The caller holds the balance row lock.
   * @returns whether the change was applied (false: applied before)
   */
  private async apply(
    manager: EntityManager,
    userId: string,
    delta: number,
    reason: CreditLedgerReason,
    reference: string,
  ): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO billing.credit_ledger (user_id, delta, reason, reference) VALUES ($1, $2, $3, $4)
       ON CONFLICT (reason, reference) DO NOTHING RETURNING id`,
      [userId, delta, reason, reference],
    );
    if (inserted.length === 0) return false;
    await manager.query(`UPDATE billing.credit_balances SET balance = balance + $2, updated_at = now() WHERE user_id = $1`, [
      userId,
      delta,
    ]);
    return true;
  }

  /** Locks the user's balance row (created at 0 when missing) for this transaction. @returns the balance */
  private async lockBalance(manager: EntityManager, userId: string): Promise<number> {
    const select = `SELECT balance FROM billing.credit_balances WHERE user_id = $1 FOR UPDATE`;
    let rows: Array<{ balance: number }> = await manager.query(select, [userId]);
    if (rows.length === 0) {
      await this.ensureBalanceRow(manager, userId);
      rows = await manager.query(select, [userId]);
    }
    return rows[0].balance;
  }

  /** Creates the user's balance row at 0 unless it exists. */
  private async ensureBalanceRow(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`INSERT INTO billing.credit_balances (user_id, balance) VALUES ($1, 0) ON CONFLICT (user_id) DO NOTHING`, [userId]);
  }

  private async readBalance(manager: EntityManager, userId: string): Promise<number> {
    const rows: Array<{ balance: number }> = await manager.query(`SELECT balance FROM billing.credit_balances WHERE user_id = $1`, [
      userId,
    ]);
    return rows[0]?.balance ?? 0;
  }

  /** @throws DomainError `credits.reservation-not-found` for an unknown reservation */
  private async lockReservation(manager: EntityManager, reservationId: string): Promise<ReservationRow> {
    const rows: ReservationRow[] = await manager.query(
      `SELECT id, user_id, amount, status FROM billing.credit_reservations WHERE id = $1 FOR UPDATE`,
      [reservationId],
    );
    if (rows.length === 0) throw new DomainError('credits.reservation-not-found');
    return rows[0];
  }
}
