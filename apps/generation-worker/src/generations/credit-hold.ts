import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { UNLIMITED_CREDITS, type ReservationResult } from '@archlens/contracts/billing';
import { QUEUE_SETTINGS } from '@archlens/contracts/queues';
import { CommandClient, DomainError } from '@archlens/platform/messaging';
import { GENERATION_CONFIG, generationLockDurationMs, type GenerationConfig } from '../config.js';
import type { GenerationJobEntity } from './generation-job.entity.js';
import { GenerationJobsRepository } from './generation-jobs.repository.js';

/**
 * Seconds a reservation outlives the longest run (two provider timeouts and a lock lapse) before
 * billing's sweep returns it.
 */
const RESERVATION_MARGIN_SECONDS = 300;

/** The credits a job holds: billing's reservation and the credits it spends when captured (0 on the unlimited plan). */
export interface HeldCredits {
  reservationId: string;
  credits: number;
}

/**
 * Seconds a generation's reservation is held before billing's expiry sweep returns it: two provider
 * timeouts and a lock lapse (the longest a run can take, resumed once after its worker died), plus
 * `RESERVATION_MARGIN_SECONDS`, at most a day (billing's limit).
 */
export function reservationTtlSeconds(config: GenerationConfig): number {
  return Math.min(
    24 * 3600,
    Math.ceil((2 * config.GENERATION_PROVIDER_TIMEOUT_MS + generationLockDurationMs(config)) / 1000) + RESERVATION_MARGIN_SECONDS,
  );
}

/**
 * Seconds after an attempt's start past which a still pending generation's reservation has expired
 * in billing: the attempt reserves within billing's reply timeout of its start
 * (`QUEUE_SETTINGS.billing.replyTimeoutMs`, else it fails), for `reservationTtlSeconds`, and a
 * resumed attempt finds the reservation its first attempt took, earlier still. A generation still
 * pending after this can never be captured: its worker died and it was not resumed.
 */
export function holdLapsedAfterSeconds(config: GenerationConfig): number {
  return reservationTtlSeconds(config) + Math.ceil(QUEUE_SETTINGS.billing.replyTimeoutMs / 1000);
}

/**
 * How a reservation ended once the images were stored: `captured` (the user paid for them) or
 * `not-charged` (the credits are back, or will be: the generation must not deliver its images).
 */
export type Settlement = 'captured' | 'not-charged';

/** What `settleReservation` needs: billing's capture and release of the one reservation, and a pause. */
export interface SettleSteps {
  capture(): Promise<unknown>;
  release(): Promise<ReservationResult>;
  /** Waits `ms` milliseconds between capture attempts. */
  wait(ms: number): Promise<void>;
  /** Notes why an attempt or the release failed (the log). */
  note(message: string): void;
}

/**
 * The rule that settles a reservation after its images were stored, so that a generation is never
 * left pending and never delivered free:
 * 1. capture (`billing.capture-credits`, idempotent in billing): up to `attempts` times while billing
 *    does not answer (no worker, a timeout, a failure), `retryMs` before the second attempt and
 *    doubled before each later one; a capture billing confirms is `captured`;
 * 2. billing answers that the reservation is no longer held (`credits.reservation-not-held`: it
 *    expired, billing's sweep gave it back, or it was released): nothing can be taken,
 *    `not-charged`;
 * 3. billing never confirmed the capture: the reservation is given back (`billing.release-credits`).
 *    Released, or found expired: `not-charged`. Refused as captured (`credits.reservation-not-held`
 *    on a release: a capture went through but its answer was lost): `captured`. Not answered
 *    either: `not-charged`, the credits still held until billing's expiry sweep returns them.
 *
 * Retried here rather than by BullMQ's attempts: the caller waits on this one job, and a BullMQ
 * retry would run the whole generation again. Released rather than left pending: a pending job
 * with stored images is what a repeat of its job id would deliver once its reservation had lapsed.
 * What this cannot see is a capture a billing worker took off the queue and finishes only after
 * the release too went unanswered (billing stalled mid-capture); the worker's error log names the
 * reservation for the operator.
 * @param attempts how many captures to try, at least 1 (`GENERATION_CAPTURE_ATTEMPTS`)
 * @param retryMs the first wait between them, in ms (`GENERATION_CAPTURE_RETRY_MS`)
 */
export async function settleReservation(steps: SettleSteps, attempts: number, retryMs: number): Promise<Settlement> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      await steps.capture();
      return 'captured';
    } catch (error) {
      if (error instanceof DomainError && error.code === 'credits.reservation-not-held') return 'not-charged';
      steps.note(`capture attempt ${attempt} of ${attempts} failed: ${describe(error)}`);
      if (attempt < attempts) await steps.wait(retryMs * 2 ** (attempt - 1));
    }
  }
  try {
    await steps.release();
    return 'not-charged';
  } catch (error) {
    if (error instanceof DomainError && error.code === 'credits.reservation-not-held') return 'captured';
    steps.note(`release failed too, so billing's expiry sweep will return the credits: ${describe(error)}`);
    return 'not-charged';
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A paid generation's credits, through billing's commands: reserved before the provider is called
 * (reference = the job id, so a resumed job gets the same reservation back), captured when its
 * images are stored (retried, else released: `settle`), released when it fails. A release that
 * does not get through is returned by billing's expiry sweep once the reservation's time is up.
 */
@Injectable()
export class CreditHold {
  private readonly logger = new Logger('CreditHold');

  constructor(
    private readonly commands: CommandClient,
    private readonly jobs: GenerationJobsRepository,
    @Inject(GENERATION_CONFIG) private readonly config: GenerationConfig,
  ) {}

  /**
   * Holds `amount` credits for the job (`billing.reserve-credits`) and notes the reservation on its
   * row. On the unlimited plan billing answers the balance `UNLIMITED_CREDITS` and holds nothing:
   * the job then spends 0.
   * @throws DomainError billing's refusal (`credits.insufficient`), or `generation.billing-unavailable`
   *   when billing does not answer or the reservation cannot be noted; nothing else
   */
  async reserve(job: GenerationJobEntity, amount: number): Promise<HeldCredits> {
    const ttlSeconds = reservationTtlSeconds(this.config);
    try {
      const reservation = await this.commands.request('billing.reserve-credits', {
        userId: job.userId,
        amount,
        reference: job.id,
        ttlSeconds,
      });
      const credits = reservation.balance >= UNLIMITED_CREDITS ? 0 : amount;
      await this.jobs.noteReservation(job.id, reservation.reservationId, credits);
      return { reservationId: reservation.reservationId, credits };
    } catch (error) {
      throw error instanceof DomainError ? error : new DomainError('generation.billing-unavailable', { cause: error });
    }
  }

  /**
   * Settles the reservation once the job's images are stored (`settleReservation`): captured, with
   * retries while billing does not answer (`GENERATION_CAPTURE_ATTEMPTS`, `GENERATION_CAPTURE_RETRY_MS`
   * doubling), else released. Never throws: a capture that cannot be confirmed ends `not-charged`,
   * and the caller then fails the job without its images.
   * @returns the settlement, and the credits spent (those held when captured, else 0)
   */
  async settle(job: GenerationJobEntity, held: HeldCredits): Promise<{ settlement: Settlement; creditsSpent: number }> {
    const { reservationId } = held;
    const settlement = await settleReservation(
      {
        capture: () => this.commands.request('billing.capture-credits', { reservationId }),
        release: () => this.commands.request('billing.release-credits', { reservationId }),
        wait: (ms) => sleep(ms),
        note: (message) => this.logger.warn(`generation ${job.id}, reservation ${reservationId}: ${message}`),
      },
      this.config.GENERATION_CAPTURE_ATTEMPTS,
      this.config.GENERATION_CAPTURE_RETRY_MS,
    );
    if (settlement === 'not-charged') {
      this.logger.error(`generation ${job.id}: credits of reservation ${reservationId} not captured; the generation fails uncharged`);
    }
    return { settlement, creditsSpent: settlement === 'captured' ? held.credits : 0 };
  }

  /**
   * Records the job, a free retry, in billing's ledger as a zero-cost generation
   * (`billing.record-free-retry`, reference = the generation it retries): nothing is held or
   * spent. Recorded before the provider is called, so no free render goes unrecorded; a repeat
   * (a resumed job, or a retry given back after a failure and asked again) records nothing more.
   * @throws DomainError `generation.billing-unavailable` when billing does not answer
   */
  async recordFreeRetry(job: GenerationJobEntity & { freeRetryOf: string }): Promise<void> {
    try {
      await this.commands.request('billing.record-free-retry', { userId: job.userId, reference: job.freeRetryOf });
    } catch (error) {
      throw error instanceof DomainError ? error : new DomainError('generation.billing-unavailable', { cause: error });
    }
  }

  /** Gives the reservation back (`billing.release-credits`); a failure is logged, never thrown: the expiry sweep returns it. */
  async release(job: GenerationJobEntity, reservationId: string): Promise<void> {
    await this.commands.request('billing.release-credits', { reservationId }).catch((error: unknown) => {
      this.logger.error(`generation ${job.id}: reservation ${reservationId} not released (the expiry sweep will): ${String(error)}`);
    });
  }
}
