import { describe, expect, it } from '@jest/globals';
import { PLAN_CREDITS, UNLIMITED_CREDITS } from '@archlens/contracts/billing';
import { DomainError } from '@archlens/platform/messaging';
import {
  captureStep,
  creditsShort,
  endedPeriodDelta,
  heldCredits,
  isUnlimited,
  periodCredits,
  periodGrantDelta,
  returnStep,
  shownBalance,
  type HeldReservation,
} from './credit-arithmetic.js';

const held = (amount: number): HeldReservation => ({ status: 'reserved', amount });

/** Runs `step` and returns the catalogue code it refused with. */
function refusalOf(step: () => unknown): string {
  try {
    step();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).code;
  }
  throw new Error('expected a refusal');
}

describe('the unlimited plan', () => {
  it('is the unlimited plan while active, nothing else', () => {
    expect(isUnlimited({ plan: 'unlimited', status: 'active' })).toBe(true);
    expect(isUnlimited({ plan: 'unlimited', status: 'canceled' })).toBe(false);
    expect(isUnlimited({ plan: 'unlimited', status: 'past_due' })).toBe(false);
    expect(isUnlimited({ plan: 'monthly', status: 'active' })).toBe(false);
    expect(isUnlimited({ plan: 'yearly', status: 'active' })).toBe(false);
    expect(isUnlimited({ plan: null, status: 'none' })).toBe(false);
    expect(isUnlimited(null)).toBe(false);
  });

  it('holds no credits and shows 999999 whatever is stored', () => {
    expect(heldCredits(5000, true)).toBe(0);
    expect(shownBalance(0, true)).toBe(UNLIMITED_CREDITS);
    expect(shownBalance(37, true)).toBe(999_999);
  });

  it('other plans hold what is asked and show the stored balance', () => {
    expect(heldCredits(25, false)).toBe(25);
    expect(shownBalance(0, false)).toBe(0);
    expect(shownBalance(175, false)).toBe(175);
  });
});

describe('a refused reservation', () => {
  it('is short by what it asked beyond the balance', () => {
    expect(creditsShort(10, 0)).toBe(10);
    expect(creditsShort(30, 25)).toBe(5);
    expect(creditsShort(200, 1)).toBe(199);
  });

  it('is short by at least 1, when the balance grew after the refusal', () => {
    expect(creditsShort(10, 10)).toBe(1);
    expect(creditsShort(10, 50)).toBe(1);
  });
});

describe('capture', () => {
  it('spends a held reservation: all its credits, none given back', () => {
    expect(captureStep(held(30))).toEqual({ kind: 'move', to: 'captured', credits: 30 });
    expect(captureStep(held(0))).toEqual({ kind: 'move', to: 'captured', credits: 0 });
  });

  it('changes nothing when captured before', () => {
    expect(captureStep({ status: 'captured', amount: 30 })).toEqual({ kind: 'keep', status: 'captured' });
  });

  it('refuses a reservation released or expired', () => {
    expect(refusalOf(() => captureStep({ status: 'released', amount: 30 }))).toBe('credits.reservation-not-held');
    expect(refusalOf(() => captureStep({ status: 'expired', amount: 30 }))).toBe('credits.reservation-not-held');
  });
});

describe('release and expiry', () => {
  it('give a held reservation its credits back', () => {
    expect(returnStep(held(30), 'released')).toEqual({ kind: 'move', to: 'released', credits: 30 });
    expect(returnStep(held(20), 'expired')).toEqual({ kind: 'move', to: 'expired', credits: 20 });
  });

  it("return nothing for the unlimited plan's reservations, which held nothing", () => {
    expect(returnStep(held(0), 'released')).toEqual({ kind: 'move', to: 'released', credits: 0 });
  });

  it('change nothing the second time, whichever came first', () => {
    for (const status of ['released', 'expired'] as const) {
      expect(returnStep({ status, amount: 30 }, 'released')).toEqual({ kind: 'keep', status });
      expect(returnStep({ status, amount: 30 }, 'expired')).toEqual({ kind: 'keep', status });
    }
  });

  it('leave a captured reservation spent: the sweep passes it by, a release is refused', () => {
    expect(returnStep({ status: 'captured', amount: 30 }, 'expired')).toEqual({ kind: 'keep', status: 'captured' });
    expect(refusalOf(() => returnStep({ status: 'captured', amount: 30 }, 'released'))).toBe('credits.reservation-not-held');
  });
});

describe('a paid period', () => {
  it('grants 200 monthly and 2,400 yearly, nothing on the unlimited plan or without a plan', () => {
    expect(periodCredits('monthly')).toBe(200);
    expect(periodCredits('yearly')).toBe(2400);
    expect(periodCredits('monthly')).toBe(PLAN_CREDITS.monthly);
    expect(periodCredits('unlimited')).toBeNull();
    expect(periodCredits(null)).toBeNull();
    expect(periodCredits(undefined)).toBeNull();
  });

  it('monthly: resets the balance to 200, what was left of the month lapsing', () => {
    expect(periodGrantDelta(0, 200)).toBe(200);
    expect(periodGrantDelta(13, 200)).toBe(187);
    expect(13 + periodGrantDelta(13, 200)).toBe(200);
  });

  it('yearly: sets the pool to 2,400 at each renewal', () => {
    expect(periodGrantDelta(0, 2400)).toBe(2400);
    expect(5 + periodGrantDelta(5, 2400)).toBe(2400);
  });

  it("sets the balance down to the period's credits when more is held", () => {
    expect(periodGrantDelta(2000, 200)).toBe(-1800);
    expect(periodGrantDelta(200, 200)).toBe(0);
  });
});

describe('endedPeriodDelta', () => {
  it('a refund or a dispute takes the unspent credits of the period back: the balance goes to 0', () => {
    expect(endedPeriodDelta(2400)).toBe(-2400);
    expect(endedPeriodDelta(37)).toBe(-37);
    expect(37 + endedPeriodDelta(37)).toBe(0);
    expect(endedPeriodDelta(0)).toBe(0);
  });
});
