import { describe, expect, it } from '@jest/globals';
import type { ReservationResult } from '@archlens/contracts/billing';
import { DomainError, NoWorkerError } from '@archlens/platform/messaging';
import { settleReservation, type SettleSteps } from './credit-hold.js';

const RESERVATION = '3d1f7a52-8a0e-4c4b-9f6e-0c2d5b7a9e10';
const released: ReservationResult = { reservationId: RESERVATION, status: 'released', balance: 100 };
const notHeld = () => new DomainError('credits.reservation-not-held');
const billingDown = () => new NoWorkerError('billing');

/**
 * Steps whose capture answers `captures` in turn (a value: confirmed; an error: thrown) and whose
 * release answers `release`; records every call and every wait.
 */
function steps(captures: Array<'ok' | Error>, release: ReservationResult | Error = released) {
  const calls: string[] = [];
  const waits: number[] = [];
  const given: SettleSteps = {
    capture: async () => {
      calls.push('capture');
      const answer = captures.shift() ?? 'ok';
      if (answer instanceof Error) throw answer;
      return { reservationId: RESERVATION, status: 'captured', balance: 90 };
    },
    release: async () => {
      calls.push('release');
      if (release instanceof Error) throw release;
      return release;
    },
    wait: async (ms) => {
      waits.push(ms);
    },
    note: () => undefined,
  };
  return { given, calls, waits };
}

describe('settleReservation: a rendered generation is paid for, or not delivered', () => {
  it('a capture billing confirms at once is captured, with no wait and no release', async () => {
    const { given, calls, waits } = steps(['ok']);
    expect(await settleReservation(given, 4, 1000)).toBe('captured');
    expect([calls, waits]).toEqual([['capture'], []]);
  });

  it('while billing does not answer, the capture is asked again after 1 s, 2 s, 4 s; a later success is captured once', async () => {
    const { given, calls, waits } = steps([billingDown(), billingDown(), 'ok']);
    expect(await settleReservation(given, 4, 1000)).toBe('captured');
    expect(calls).toEqual(['capture', 'capture', 'capture']);
    expect(waits).toEqual([1000, 2000]);
  });

  it('a capture never confirmed is released: not charged', async () => {
    const { given, calls, waits } = steps([billingDown(), billingDown(), billingDown(), billingDown()]);
    expect(await settleReservation(given, 4, 1000)).toBe('not-charged');
    expect(calls).toEqual(['capture', 'capture', 'capture', 'capture', 'release']);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it('a reservation that lapsed (expired or released) cannot be captured: not charged, nothing asked again', async () => {
    const { given, calls } = steps([notHeld()]);
    expect(await settleReservation(given, 4, 1000)).toBe('not-charged');
    expect(calls).toEqual(['capture']);
    const expired = steps([billingDown()], { ...released, status: 'expired' });
    expect(await settleReservation(expired.given, 1, 1000)).toBe('not-charged');
  });

  it('a release refused because the reservation was captured (a capture whose answer was lost) is captured', async () => {
    const { given, calls } = steps([billingDown(), billingDown()], notHeld());
    expect(await settleReservation(given, 2, 10)).toBe('captured');
    expect(calls).toEqual(['capture', 'capture', 'release']);
  });

  it('a release billing does not answer either leaves the credits to its expiry sweep: not charged', async () => {
    const { given } = steps([billingDown()], billingDown());
    expect(await settleReservation(given, 1, 10)).toBe('not-charged');
  });
});
