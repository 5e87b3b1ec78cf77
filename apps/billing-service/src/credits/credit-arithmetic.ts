import { PLAN_CREDITS, UNLIMITED_CREDITS, type ReservationStatus, type SubscriptionPlan } from '@archlens/contracts/billing';
import { DomainError } from '@archlens/platform/messaging';

/**
 * The credit rules, apart from storage: what a reservation holds, the balance a user is shown,
 * what capture, release and expiry do to a reservation, and the credits of a paid period. Amounts
 * are whole credits.
 */

/** The subscription fields the credit rules read. */
export interface PlanAndStatus {
  plan: SubscriptionPlan | null;
  status: string;
}

/** A reservation as capture, release and expiry read it. */
export interface HeldReservation {
  status: ReservationStatus;
  /** Credits the reservation took from the balance (0 on the unlimited plan). */
  amount: number;
}

/**
 * What capture, release or expiry does to a reservation: `move` it to a new status, `credits` being
 * the credits spent (capture) or given back to the balance (release, expiry); or `keep` it as it is
 * (a repeat), answering with its `status`.
 */
export type ReservationStep =
  { kind: 'move'; to: 'captured' | 'released' | 'expired'; credits: number } | { kind: 'keep'; status: ReservationStatus };

/** Whether a subscription is the active unlimited (VIP) plan, which has no credit check (spec §6). */
export function isUnlimited(subscription: PlanAndStatus | null): boolean {
  return subscription?.plan === 'unlimited' && subscription.status === 'active';
}

/** Credits a reservation of `amount` takes from the balance: all of them, or none on the unlimited plan. */
export function heldCredits(amount: number, unlimited: boolean): number {
  return unlimited ? 0 : amount;
}

/** The balance a user is shown: the stored one, or `UNLIMITED_CREDITS` (999,999, spec §9) on the unlimited plan. */
export function shownBalance(balance: number, unlimited: boolean): number {
  return unlimited ? UNLIMITED_CREDITS : balance;
}

/**
 * How many credits a refused reservation is short (the `n` of spec §8's '(n over limit)'): at
 * least 1, since the balance may have grown since the refusal.
 */
export function creditsShort(held: number, balance: number): number {
  return Math.max(1, held - balance);
}

/**
 * Capture (the provider call succeeded): a held reservation's credits are spent (the balance lost
 * them when they were reserved); capturing again changes nothing.
 * @throws DomainError `credits.reservation-not-held` for a reservation released or expired
 */
export function captureStep(reservation: HeldReservation): ReservationStep {
  if (reservation.status === 'released' || reservation.status === 'expired') throw new DomainError('credits.reservation-not-held');
  if (reservation.status === 'reserved') return { kind: 'move', to: 'captured', credits: reservation.amount };
  return { kind: 'keep', status: reservation.status };
}

/**
 * Release (the provider call failed) or expiry (the sweep): a held reservation's credits go back to
 * the balance, once. A reservation released or expired before stays as it is; so does a captured
 * one the sweep reaches.
 * @throws DomainError `credits.reservation-not-held` when releasing a captured reservation
 */
export function returnStep(reservation: HeldReservation, to: 'released' | 'expired'): ReservationStep {
  if (reservation.status === 'captured') {
    if (to === 'expired') return { kind: 'keep', status: 'captured' };
    throw new DomainError('credits.reservation-not-held');
  }
  if (reservation.status === 'reserved') return { kind: 'move', to, credits: reservation.amount };
  return { kind: 'keep', status: reservation.status };
}

/**
 * The credits of one paid period of a plan (spec §9: 200 monthly, 2,400 yearly), or null for a
 * plan that has none (unlimited, or no plan).
 */
export function periodCredits(plan: SubscriptionPlan | null | undefined): number | null {
  return plan === 'monthly' || plan === 'yearly' ? PLAN_CREDITS[plan] : null;
}

/**
 * The ledger delta of a paid period's grant: the balance is set to the period's credits, not added
 * to them. Monthly credits reset each month (what is left of the month lapses); yearly credits are
 * one pool for the year, set to 2,400 at each yearly renewal (spec §9).
 */
export function periodGrantDelta(balance: number, credits: number): number {
  return credits - balance;
}

/**
 * The ledger delta when a paid period ends early because its payment was refunded in full or
 * disputed: the period's unspent credits, the whole balance (a grant sets the balance to the
 * period's credits, so what is left of it is this period's), go back to 0. Credits already spent
 * stay spent.
 */
export function endedPeriodDelta(balance: number): number {
  return 0 - balance;
}
