import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  DEFAULT_RESERVATION_TTL_SECONDS,
  type RecordFreeRetryResult,
  type ReservationResult,
  type ReserveCreditsJob,
  type ReserveCreditsResult,
} from '@archlens/contracts/billing';
import { DomainError } from '@archlens/platform/messaging';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import {
  captureStep,
  creditsShort,
  endedPeriodDelta,
  heldCredits,
  isUnlimited,
  periodGrantDelta,
  returnStep,
  shownBalance,
  type ReservationStep,
} from './credit-arithmetic.js';
import { CreditBalancesRepository } from './credit-balances.repository.js';
import type { CreditLedgerReason } from './credit-ledger-entry.entity.js';
import { CreditLedgerRepository } from './credit-ledger.repository.js';
import { creditMetrics } from './credit-metrics.js';
import { CreditReservationsRepository } from './credit-reservations.repository.js';

/** Most expired reservations one sweep returns (the next sweep takes the rest). */
const EXPIRY_BATCH = 500;

/**
 * The credit ledger. Every balance change runs in one transaction that holds the user's balance
 * row lock (`SELECT … FOR UPDATE`; a reservation's guarded `UPDATE` takes it in its one statement)
 * and appends a ledger entry whose unique `(reason, reference)` turns a repeat into a no-op; the
 * balance's CHECK (>= 0) is the last wall against a negative balance. Reservations hold credits
 * before a paid provider call: captured on success, released on failure, expired (released once)
 * by the sweep. The unlimited plan has no credit check: its reservations hold 0 credits. The rules
 * are `credit-arithmetic.ts`'s.
 */
@Injectable()
export class CreditLedgerService {
  constructor(
    private readonly balances: CreditBalancesRepository,
    private readonly ledger: CreditLedgerRepository,
    private readonly reservations: CreditReservationsRepository,
    private readonly subscriptions: SubscriptionsRepository,
  ) {}

  /**
   * Holds `amount` credits of `userId` for `ttlSeconds` (default 600), in one statement
   * (`CreditReservationsRepository.insertHeld`). Reserving again with the same `reference` returns
   * the first reservation and takes nothing more.
   * @returns the reservation id and the balance after it (`UNLIMITED_CREDITS` on the unlimited plan)
   * @throws DomainError `credits.insufficient` ('Insufficient credits for this generation (n over
   *   limit)', spec §8) when the balance is short; nothing is held then
   */
  async reserve(job: ReserveCreditsJob): Promise<ReserveCreditsResult> {
    const unlimited = isUnlimited(await this.subscriptions.findPlanAndStatus(job.userId));
    const held = heldCredits(job.amount, unlimited);
    // The unlimited plan holds 0 credits, which needs a balance row to hold them against.
    if (unlimited) await this.balances.ensure(job.userId);
    const reservationId = randomUUID();
    const ttlSeconds = job.ttlSeconds ?? DEFAULT_RESERVATION_TTL_SECONDS;
    const after = await this.reservations.insertHeld({
      id: reservationId,
      userId: job.userId,
      reference: job.reference,
      amount: held,
      ttlSeconds,
    });
    if (after !== null) {
      creditMetrics.operations.inc({ operation: 'reserve' });
      creditMetrics.reserved.inc(held);
      return { reservationId, balance: shownBalance(after, unlimited) };
    }
    // Nothing was taken: this reference was reserved before, or the balance is short.
    const existing = await this.reservations.findIdByReference(job.userId, job.reference);
    const balance = await this.balances.find(job.userId);
    if (existing) return { reservationId: existing, balance: shownBalance(balance, unlimited) };
    throw new DomainError('credits.insufficient', { overBy: creditsShort(held, balance) });
  }

  /**
   * Spends a reservation's credits (the provider call succeeded). Capturing twice is a no-op.
   * @throws DomainError `credits.reservation-not-found` for an unknown reservation;
   *   `credits.reservation-not-held` for one already released or expired
   */
  async capture(reservationId: string): Promise<ReservationResult> {
    const { step, result } = await this.reservations.withLocked(reservationId, async (reservation, manager) => {
      if (!reservation) throw new DomainError('credits.reservation-not-found');
      const step = captureStep(reservation);
      if (step.kind === 'move') await this.reservations.setStatus(manager, reservationId, step.to);
      return { step, result: await this.resultOf(manager, reservation.userId, reservationId, step) };
    });
    if (step.kind === 'move') {
      creditMetrics.operations.inc({ operation: 'capture' });
      creditMetrics.captured.inc(step.credits);
    }
    return result;
  }

  /**
   * Gives a held reservation's credits back (the provider call failed). Releasing twice, or a
   * reservation that has expired, is a no-op.
   * @throws DomainError `credits.reservation-not-found` for an unknown reservation;
   *   `credits.reservation-not-held` for one already captured
   */
  release(reservationId: string): Promise<ReservationResult> {
    return this.returnReservation(reservationId, 'released');
  }

  /**
   * The scheduled sweep: every reservation past `expires_at` and still held comes back, once (the
   * reservation row lock and the ledger's unique reference make a second sweep, or a sweep racing
   * a release, a no-op). At most `EXPIRY_BATCH` a sweep.
   * @returns how many of the due reservations are expired after this sweep
   */
  async expireDue(): Promise<number> {
    let expired = 0;
    for (const id of await this.reservations.findDueIds(EXPIRY_BATCH)) {
      const result = await this.returnReservation(id, 'expired');
      if (result.status === 'expired') expired++;
    }
    return expired;
  }

  /**
   * Sets the balance to `credits` for one paid period (`periodGrantDelta`), inside the caller's
   * transaction, once per `reference` (the Stripe invoice id): a redelivered `invoice.paid` finds
   * its ledger entry and changes nothing.
   * @returns true when the balance was set, false when this reference was applied before
   */
  async grantPeriod(manager: EntityManager, userId: string, credits: number, reference: string): Promise<boolean> {
    const balance = await this.balances.lock(manager, userId);
    return this.applyOnce(manager, userId, periodGrantDelta(balance, credits), 'period_grant', reference);
  }

  /**
   * Takes the period's unspent credits back (`endedPeriodDelta`: the balance goes to 0) when its
   * payment was refunded in full or disputed, inside the caller's transaction, once per
   * `(reason, reference)`: the ledger entry says why (`refund`, `dispute`) and names the charge or
   * the dispute.
   * @returns the credits taken back, or 0 when this reference was applied before
   */
  async takeBackPeriod(manager: EntityManager, userId: string, reason: 'refund' | 'dispute', reference: string): Promise<number> {
    const balance = await this.balances.lock(manager, userId);
    const delta = endedPeriodDelta(balance);
    return (await this.applyOnce(manager, userId, delta, reason, reference)) ? -delta : 0;
  }

  /**
   * Records a free retry of the generation `reference` as a zero-cost generation: a ledger entry
   * with delta 0 and reason `free_retry`, once per `reference` (the ledger's unique reason and
   * reference: a repeat, or a concurrent second call, records nothing). The balance does not move.
   * The generation worker decides whether a generation offers a free retry; billing keeps its record.
   * @returns whether this call recorded it, and the user's balance (`UNLIMITED_CREDITS` on the unlimited plan)
   */
  async recordFreeRetry(userId: string, reference: string): Promise<RecordFreeRetryResult> {
    const recorded = await this.ledger.appendZeroOnce({ userId, reason: 'free_retry', reference });
    if (recorded) creditMetrics.operations.inc({ operation: 'free_retry' });
    const unlimited = isUnlimited(await this.subscriptions.findPlanAndStatus(userId));
    return { recorded, balance: shownBalance(await this.balances.find(userId), unlimited) };
  }

  /** Releases or expires one reservation under its row lock, then its owner's balance row lock. */
  private async returnReservation(reservationId: string, to: 'released' | 'expired'): Promise<ReservationResult> {
    const { step, result } = await this.reservations.withLocked(reservationId, async (reservation, manager) => {
      if (!reservation) throw new DomainError('credits.reservation-not-found');
      const step = returnStep(reservation, to);
      if (step.kind === 'move') {
        await this.reservations.setStatus(manager, reservationId, step.to);
        await this.balances.lock(manager, reservation.userId);
        if (step.credits > 0) await this.applyOnce(manager, reservation.userId, step.credits, 'return', reservationId);
      }
      return { step, result: await this.resultOf(manager, reservation.userId, reservationId, step) };
    });
    if (step.kind === 'move') {
      creditMetrics.operations.inc({ operation: to === 'released' ? 'release' : 'expire' });
      creditMetrics.released.inc({ reason: to }, step.credits);
    }
    return result;
  }

  /**
   * Appends `(reason, reference)` to the ledger and, only when that entry is new, moves the balance
   * by `delta`. The caller holds the balance row lock.
   * @returns whether the change was applied (false: applied before)
   */
  private async applyOnce(
    manager: EntityManager,
    userId: string,
    delta: number,
    reason: CreditLedgerReason,
    reference: string,
  ): Promise<boolean> {
    if (!(await this.ledger.appendOnce(manager, { userId, delta, reason, reference }))) return false;
    await this.balances.add(manager, userId, delta);
    return true;
  }

  /** The answer to a capture, release or expiry: the reservation's status after `step`, and its owner's balance. */
  private async resultOf(manager: EntityManager, userId: string, reservationId: string, step: ReservationStep): Promise<ReservationResult> {
    const status = step.kind === 'move' ? step.to : step.status;
    return { reservationId, status, balance: await this.balances.find(userId, manager) };
  }
}
