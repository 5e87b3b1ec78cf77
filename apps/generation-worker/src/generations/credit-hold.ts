import { Inject, Injectable, Logger } from '@nestjs/common';
import { UNLIMITED_CREDITS } from '@archlens/contracts/billing';
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
 * A paid generation's credits, through billing's commands: reserved before the provider is called
 * (reference = the job id, so a resumed job gets the same reservation back), captured when its
 * images are stored, released when it fails. A release that does not get through is returned by
 * billing's expiry sweep once the reservation's time is up.
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
    const ttlSeconds = Math.min(
      24 * 3600,
      Math.ceil((2 * this.config.GENERATION_PROVIDER_TIMEOUT_MS + generationLockDurationMs(this.config)) / 1000) +
        RESERVATION_MARGIN_SECONDS,
    );
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
   * Spends the reservation (`billing.capture-credits`; capturing twice is a no-op in billing).
   * @returns the credits spent: 0 when the hold had lapsed (logged: the renders were delivered unbilled)
   * @throws DomainError `generation.billing-unavailable` when billing does not answer: the job stays
   *   pending, and running it again (the same job id) captures without calling the provider again
   */
  async capture(job: GenerationJobEntity, held: HeldCredits): Promise<number> {
    try {
      await this.commands.request('billing.capture-credits', { reservationId: held.reservationId });
      return held.credits;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'credits.reservation-not-held') {
        this.logger.error(`generation ${job.id}: reservation ${held.reservationId} had lapsed before capture; delivered without charge`);
        return 0;
      }
      throw new DomainError('generation.billing-unavailable', { cause: error });
    }
  }

  /** Gives the reservation back (`billing.release-credits`); a failure is logged, never thrown: the expiry sweep returns it. */
  async release(job: GenerationJobEntity, reservationId: string): Promise<void> {
    await this.commands.request('billing.release-credits', { reservationId }).catch((error: unknown) => {
      this.logger.error(`generation ${job.id}: reservation ${reservationId} not released (the expiry sweep will): ${String(error)}`);
    });
  }
}
