import { Injectable } from '@nestjs/common';
import { GEOMETRY_DRIFT_BELOW, type FreeRetryState } from '@archlens/contracts/generation';
import { DomainError } from '@archlens/platform/messaging';
import type { GenerationJobEntity } from './generation-job.entity.js';
import { GenerationImagesRepository } from './generation-images.repository.js';
import { GenerationJobsRepository } from './generation-jobs.repository.js';

/** What decides whether a generation offers Retry free. */
export interface FreeRetryFacts {
  succeeded: boolean;
  /** It kept its recipe (a retry runs from it). */
  hasRecipe: boolean;
  /** It is itself a free retry. */
  isFreeRetry: boolean;
  /** Each render's sketch fidelity, 0–100, or null when it was not measured. */
  fidelities: Array<number | null>;
  /** The id of the job recorded as its free retry (running or succeeded), or null. */
  retriedBy: string | null;
}

/** True when one of the renders is marked geometry drift: fidelity measured and below `GEOMETRY_DRIFT_BELOW` (as `generatedImageOf`). */
export function hasGeometryDrift(fidelities: Array<number | null>): boolean {
  return fidelities.some((fidelity) => fidelity !== null && fidelity < GEOMETRY_DRIFT_BELOW);
}

/** A succeeded generation, not itself a free retry, with a render marked geometry drift: one a free retry is for. */
function isDriftedPaidGeneration(facts: FreeRetryFacts): boolean {
  return facts.succeeded && !facts.isFreeRetry && hasGeometryDrift(facts.fidelities);
}

/**
 * Whether a generation offers Retry free: for a succeeded generation, not itself a free retry (one
 * free render per paid generation, so a retry that drifts too is not retried free again), with a
 * render marked geometry drift: `used` once a free retry of it is recorded, else `offered` when it
 * kept its recipe. Null otherwise.
 */
export function freeRetryState(facts: FreeRetryFacts): FreeRetryState {
  if (!isDriftedPaidGeneration(facts)) return null;
  if (facts.retriedBy !== null) return 'used';
  return facts.hasRecipe ? 'offered' : null;
}

/**
 * Why Retry free of a generation is refused, or null when it is offered.
 * @returns DomainError `generation.free-retry-used` once it has had it, `generation.no-recipe` for a
 *   drifted generation that kept no recipe, `generation.free-retry-not-offered` otherwise
 */
export function freeRetryRefusal(facts: FreeRetryFacts): DomainError | null {
  const state = freeRetryState(facts);
  if (state === 'offered') return null;
  if (state === 'used') return new DomainError('generation.free-retry-used');
  return new DomainError(isDriftedPaidGeneration(facts) ? 'generation.no-recipe' : 'generation.free-retry-not-offered');
}

/**
 * Retry free's checks in generation-worker's own tables: whose the generation is, whether it
 * offers the retry (`freeRetryRefusal`). The once-only rule itself is the unique
 * `free_retry_of` (`GenerationJobsRepository.start`), which these reads only anticipate.
 */
@Injectable()
export class FreeRetryOffers {
  constructor(
    private readonly jobs: GenerationJobsRepository,
    private readonly images: GenerationImagesRepository,
  ) {}

  /**
   * Whether the user's generation offers Retry free.
   * @throws DomainError `generation.not-found` for another user's or an unknown generation; the
   *   refusals of `freeRetryRefusal`
   */
  async assertOffered(userId: string, jobId: string): Promise<void> {
    const job = await this.jobs.findById(jobId);
    if (!job || job.userId !== userId) throw new DomainError('generation.not-found');
    const refusal = freeRetryRefusal(await this.factsOf(job));
    if (refusal) throw refusal;
  }

  /** The state `GET /api/generations/{id}` and a repeated answer show (`freeRetryState`). */
  async stateOf(job: GenerationJobEntity, fidelities?: Array<number | null>): Promise<FreeRetryState> {
    return freeRetryState(await this.factsOf(job, fidelities));
  }

  private async factsOf(job: GenerationJobEntity, fidelities?: Array<number | null>): Promise<FreeRetryFacts> {
    const facts = { succeeded: job.status === 'succeeded', hasRecipe: job.recipe !== null, isFreeRetry: job.freeRetryOf !== null };
    if (!facts.succeeded) return { ...facts, fidelities: [], retriedBy: null };
    const [measured, retriedBy] = await Promise.all([
      fidelities ?? this.images.listForJob(job.id).then((images) => images.map((image) => image.fidelity)),
      this.jobs.freeRetryOf(job.id),
    ]);
    return { ...facts, fidelities: measured, retriedBy };
  }
}
