import { isDeepStrictEqual } from 'node:util';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { errorReferenceSchema, errorText } from '@archlens/contracts/errors';
import {
  buildGenerationPrompt,
  estimateGenerationCost,
  type GeneratedImage,
  generatedImageOf,
  type GenerateJob,
  type GenerateResponse,
  type FreeRetryState,
  type GenerationMetadata,
} from '@archlens/contracts/generation';
import { generationItemFacts } from '@archlens/contracts/library';
import { EventPublisher } from '@archlens/platform/events';
import { DomainError } from '@archlens/platform/messaging';
import { ProviderError, type ImageProvider, type WorkflowProvider } from '../providers/image-provider.js';
import { GENERATION_PROVIDERS_TOKEN, type GenerationProviders } from '../providers/provider-registry.js';
import { CreditHold, type HeldCredits } from './credit-hold.js';
import { FreeRetryOffers, freeRetryState } from './free-retry.js';
import type { GenerationImageEntity } from './generation-image.entity.js';
import { GenerationInputsStore } from './generation-inputs-store.js';
import type { GenerationInputs, GenerationJobEntity } from './generation-job.entity.js';
import { FreeRetryTakenError, GenerationJobsRepository } from './generation-jobs.repository.js';
import { GenerationProgressReporter, STAGE_PERCENT } from './generation-progress.js';
import { RecipeStore } from './recipe-store.js';
import { RenderedImageStore, type RenderMeasure } from './rendered-image-store.js';
import { scoreSketchFidelity, type SketchFidelity } from '../fidelity/sketch-fidelity.js';
import { unmatchedLinesOverlay } from '../fidelity/unmatched-lines-overlay.js';

/**
 * Whether a request's options are those its job id's record was made with (as stored: through
 * JSON, so an option left out and one sent as undefined are the same). A job id is the client's
 * idempotency key: the same id with other options is another generation, not a retry.
 */
function sameOptions(stored: GenerateJob['options'], requested: GenerateJob['options']): boolean {
  return isDeepStrictEqual(stored, JSON.parse(JSON.stringify(requested)));
}

/** A failed job's stored refusal, answered again; `generation.failed` when none was stored or it is no longer in the catalogue. */
function storedRefusal(job: GenerationJobEntity): DomainError {
  const stored = errorReferenceSchema.safeParse({ code: job.errorCode, params: job.errorParams ?? {} });
  return stored.success ? DomainError.from(stored.data) : new DomainError('generation.failed');
}

/** What a finished generation answers with, stored on its row (the images in their own table). */
interface GenerationResult {
  seed: number | null;
  creditsSpent: number;
  metadata: GenerationMetadata;
  images: GenerationImageEntity[];
}

/**
 * One image generation (spec §2 /create, §3, §8, §9), idempotent on its job id, with many copies
 * of the worker running:
 *
 * 1. The job row is found or created (a redelivered job finds it): a finished job answers what it
 *    answered before, a job id of another user's is refused (`generation.job-id-taken`), and so is
 *    the user's own job id sent again with other options (`generation.job-id-reused`: the id is the
 *    client's idempotency key). A request that finds the row already there has its own uploads
 *    removed: the row keeps its inputs.
 * 2. `openai` or `stability-ai` without a key fails at once (`generation.provider-not-configured`):
 *    nothing reserved.
 * 3. Image providers: the estimate (`estimateGenerationCost`, spec §9) is held through billing
 *    (`CreditHold`, the job id as reference). A refusal (`credits.insufficient`, spec §8 '(n over
 *    limit)') fails the job and is passed on. Then the provider is asked only for the variations
 *    without a stored image; each is stored and recorded the moment it arrives
 *    (`RenderedImageStore`), so a job resumed after its worker died never asks for it again (only
 *    an image whose answer arrived in the instant before the worker died, not yet stored, is asked
 *    for a second time: the providers' APIs take no idempotency key). Success captures the credits
 *    and marks the job succeeded; a provider failure marks the job failed with the provider's own
 *    text, releases the credits, keeps no image and answers `generation.provider-failed` with it.
 *    A capture billing does not confirm is retried, then the credits are released
 *    (`CreditHold.settle`): the job fails with `generation.credits-not-captured` and keeps no
 *    image, so it is never left pending, and a repeat of its job id answers that refusal, never
 *    the images free of charge. A failed job keeps its refusal (code and parameters), answered again to a repeat of its job id.
 * 4. `sora` and `midjourney` make no call and cost nothing (no reservation, creditsUsed 0): the job
 *    records their workflow.
 * 5. Retry free (`freeRetry`, `parentId` the generation retried): before its row is made, the
 *    parent must be the user's and offer it (`FreeRetryOffers`: refused with
 *    `generation.free-retry-not-offered` or `generation.free-retry-used`), and the row records it
 *    (`free_retry_of`, unique: of two asked at once only one starts). Instead of a reservation the
 *    zero-cost generation is recorded in billing's ledger (`CreditHold.recordFreeRetry`); nothing is
 *    captured, creditsUsed 0. A free retry that fails gives its parent the retry back.
 *
 * Progress goes out on the BullMQ job (`GenerationProgressReporter`). The uploaded inputs are
 * removed once the job has finished, either way.
 */
@Injectable()
export class GenerationService {
  private readonly logger = new Logger('GenerationService');

  constructor(
    private readonly jobs: GenerationJobsRepository,
    private readonly credits: CreditHold,
    private readonly inputs: GenerationInputsStore,
    private readonly renders: RenderedImageStore,
    @Inject(GENERATION_PROVIDERS_TOKEN) private readonly providers: GenerationProviders,
    private readonly events: EventPublisher,
    private readonly recipes: RecipeStore,
    private readonly freeRetries: FreeRetryOffers,
  ) {}

  /**
   * Runs (or resumes, or answers again) one generation.
   * @param queued the BullMQ job, for progress reports
   * @returns `POST /api/generate`'s answer
   * @throws DomainError `credits.insufficient` (spec §8), `generation.job-id-taken` or
   *   `generation.job-id-reused`, `generation.provider-failed` (the provider's message),
   *   `generation.provider-not-configured`, `generation.billing-unavailable`,
   *   `generation.credits-not-captured`, `generation.inputs-unreadable`, `generation.store-failed`;
   *   for a free retry `generation.not-found` (another user's parent), `generation.free-retry-not-offered`,
   *   `generation.free-retry-used`, `generation.no-recipe`
   */
  async generate(job: GenerateJob, queued?: Job): Promise<GenerateResponse> {
    const progress = new GenerationProgressReporter(queued, job.jobId, job.userId, this.logger);
    try {
      return await this.run(job, progress);
    } catch (error) {
      await progress.failed(error instanceof DomainError ? error.message : errorText('generation.failed'));
      throw error;
    }
  }

  private async run(job: GenerateJob, progress: GenerationProgressReporter): Promise<GenerateResponse> {
    const inputs: GenerationInputs = { sketch: job.sketch, references: job.references };
    const found = await this.jobs.findById(job.jobId);
    if (found && found.userId !== job.userId) return this.refuseTakenId(inputs);
    if (found) await this.inputs.removeStrays(found.inputs, inputs);
    if (found && !sameOptions(found.options, job.options)) throw new DomainError('generation.job-id-reused');
    if (found && found.status !== 'pending') return this.answerFinished(found, progress);
    const provider = this.providers[job.options.provider];
    if (provider.kind === 'image' && !provider.configured) {
      const refusal = new DomainError('generation.provider-not-configured', { provider: provider.name });
      if (found) return this.failJob(found, refusal);
      await this.inputs.remove(inputs);
      throw refusal;
    }
    const freeRetryOf = job.freeRetry ? job.parentId : undefined;
    if (job.freeRetry && !found) await this.checkFreeRetry(job, inputs);
    await progress.report('queued', STAGE_PERCENT.queued);
    let started: GenerationJobEntity | null;
    try {
      started = await this.jobs.start({
        id: job.jobId,
        userId: job.userId,
        provider: provider.name,
        options: job.options,
        inputs,
        ...(job.parentId ? { parentId: job.parentId } : {}),
        ...(freeRetryOf ? { freeRetryOf } : {}),
        ...(job.sourceAnalysisId ? { sourceAnalysisId: job.sourceAnalysisId } : {}),
      });
    } catch (error) {
      if (!(error instanceof FreeRetryTakenError)) throw error;
      await this.inputs.remove(inputs);
      throw new DomainError('generation.free-retry-used');
    }
    if (!started) return this.refuseTakenId(inputs);
    if (started.status !== 'pending') return this.answerFinished(started, progress);
    if (started.attempts > 1) this.logger.warn(`generation ${started.id}: attempt ${started.attempts} (resumed after a worker stopped)`);
    const prompt = buildGenerationPrompt({
      sketchDescription: job.options.sketchDescription,
      styleDescription: job.options.styleDescription,
      lighting: job.options.lighting,
      detailLevel: job.options.detailLevel,
      aspectRatio: job.options.aspectRatio,
    });
    return provider.kind === 'workflow'
      ? this.runWorkflow(started, provider, prompt, progress)
      : this.runImages(started, provider, prompt, progress);
  }

  /**
   * Refuses a job whose id another user's generation holds: its own uploaded inputs are removed
   * (no job will refer to them), the other user's job is left untouched.
   * @throws DomainError `generation.job-id-taken`, always
   */
  private async refuseTakenId(inputs: GenerationInputs): Promise<never> {
    await this.inputs.remove(inputs);
    throw new DomainError('generation.job-id-taken');
  }

  /**
   * A free retry's parent must be the user's and offer it (`FreeRetryOffers.assertOffered`); a
   * refused one's uploaded inputs are removed, as no job will refer to them.
   * @throws DomainError `generation.not-found`, `generation.free-retry-not-offered`,
   *   `generation.free-retry-used`, `generation.no-recipe`
   */
  private async checkFreeRetry(job: GenerateJob, inputs: GenerationInputs): Promise<void> {
    try {
      if (!job.parentId) throw new DomainError('generation.free-retry-not-offered');
      await this.freeRetries.assertOffered(job.userId, job.parentId);
    } catch (error) {
      await this.inputs.remove(inputs);
      throw error;
    }
  }

  /** Sora and Midjourney: the workflow, recorded as a succeeded job that cost nothing. */
  private async runWorkflow(
    job: GenerationJobEntity,
    provider: WorkflowProvider,
    prompt: string,
    progress: GenerationProgressReporter,
  ): Promise<GenerateResponse> {
    await progress.report('rendering', 50);
    const workflow = provider.workflow({ options: job.options, prompt, referenceCount: job.inputs.references.length });
    const seed = workflow.seedSupported ? (job.options.seed ?? null) : null;
    const { seedSupported, ...texts } = workflow;
    const metadata: GenerationMetadata = {
      provider: provider.name,
      ...texts,
      sketchInfluence: job.options.sketchInfluence,
      prompt,
      aspectRatio: job.options.aspectRatio,
      model: null,
      size: null,
      seedSupported,
      providerMs: 0,
      durationMs: this.elapsedSince(job),
    };
    return this.finish(job, { seed, creditsSpent: 0, metadata, images: [] }, progress);
  }

  /**
   * OpenAI and Stability AI: hold the credits (a free retry: record it in the ledger at no cost
   * instead), render the missing variations, store each, capture (or fail uncharged).
   */
  private async runImages(
    job: GenerationJobEntity,
    provider: ImageProvider,
    prompt: string,
    progress: GenerationProgressReporter,
  ): Promise<GenerateResponse> {
    const { options } = job;
    await progress.report('reserving', STAGE_PERCENT.reserving);
    // The reservation and the reading back of the inputs do not depend on each other: both at once.
    const freeRetryOf = job.freeRetryOf;
    const [reservation, read] = await Promise.allSettled([
      freeRetryOf === null
        ? this.credits.reserve(job, estimateGenerationCost(options.variations, options.detailLevel))
        : this.credits.recordFreeRetry({ ...job, freeRetryOf }).then((): HeldCredits | null => null),
      this.inputs.read(job.inputs),
    ]);
    if (reservation.status === 'rejected') return this.failJob(job, reservation.reason as DomainError); // nothing held
    const held = reservation.value;
    if (read.status === 'rejected') {
      return this.failJob(job, new DomainError('generation.inputs-unreadable', { cause: read.reason }), held?.reservationId);
    }
    const stored = await this.renders.list(job.id);
    const indexes = Array.from({ length: options.variations }, (_, i) => i).filter((i) => !stored.some((image) => image.index === i));
    let done = stored.length;
    await progress.rendering(done, options.variations);
    const started = Date.now();
    try {
      await provider.render({
        options,
        prompt,
        ...read.value,
        indexes,
        onImage: async (image) => {
          await this.renders.store(job, image, await this.measure(job, read.value.sketch.bytes, image.bytes));
          done++;
          await progress.rendering(done, options.variations);
        },
      });
    } catch (error) {
      await this.jobs.addProviderTime(job.id, Date.now() - started);
      if (!(error instanceof ProviderError))
        this.logger.error(`generation ${job.id}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      const refusal =
        error instanceof ProviderError
          ? new DomainError('generation.provider-failed', { reason: error.message || errorText('generation.failed') }, { cause: error })
          : new DomainError('generation.store-failed', { cause: error });
      return this.failJob(job, refusal, held?.reservationId);
    }
    const providerMs = job.providerMs + (Date.now() - started);
    const [{ settlement, creditsSpent }, images] = await Promise.all([
      // A free retry holds nothing: nothing to capture, nothing spent.
      held ? this.credits.settle(job, held) : { settlement: 'captured' as const, creditsSpent: 0 },
      this.renders.list(job.id),
      this.jobs.addProviderTime(job.id, Date.now() - started),
      progress.report('storing', STAGE_PERCENT.storing, { imagesDone: options.variations, imagesTotal: options.variations }),
    ]);
    // Not paid for: the images are removed with the job's failure, never delivered (nor to a repeat of its id).
    if (settlement === 'not-charged') return this.failJob(job, new DomainError('generation.credits-not-captured'));
    const call = provider.describe(options);
    const metadata: GenerationMetadata = {
      provider: provider.name,
      integratedWorkflow: false,
      sketchInfluence: options.sketchInfluence,
      prompt,
      aspectRatio: options.aspectRatio,
      model: call.model,
      size: call.size,
      seedSupported: call.seedSupported,
      providerMs: Math.round(providerMs),
      durationMs: this.elapsedSince(job),
    };
    const seed = call.seedSupported ? (images[0]?.seed ?? options.seed ?? null) : null;
    return this.finish(job, { seed, creditsSpent, metadata, images }, progress);
  }

  /**
   * Marks the job succeeded (unless another copy did first: then that copy's answer), keeps its
   * inputs as its recipe (`RecipeStore`), removes the uploads and publishes `generation.completed` (event id = the job id) for the library.
   */
  private async finish(
    job: GenerationJobEntity,
    result: GenerationResult,
    progress: GenerationProgressReporter,
  ): Promise<GenerateResponse> {
    const won = await this.jobs.succeed(job.id, { ...result, durationMs: result.metadata.durationMs });
    if (!won) {
      const finished = await this.jobs.findById(job.id);
      if (finished) return this.answerFinished(finished, progress);
    }
    const kept = await this.recipes.keep(job);
    await Promise.all([
      this.inputs.remove(job.inputs),
      progress.report('succeeded', STAGE_PERCENT.succeeded, { imagesDone: result.images.length, imagesTotal: result.images.length }),
    ]);
    const facts = generationItemFacts(job.userId, {
      id: job.id,
      createdAt: job.createdAt.toISOString(),
      styleDescription: job.options.styleDescription,
      provider: job.provider,
      imageCount: result.images.length,
    });
    await this.events.tryPublish('generation.completed', facts, job.id);
    const freeRetry = freeRetryState({
      succeeded: true,
      hasRecipe: kept,
      isFreeRetry: job.freeRetryOf !== null,
      fidelities: result.images.map((image) => image.fidelity),
      retriedBy: null,
    });
    return this.answer(job.id, result, freeRetry);
  }

  /**
   * The render's sketch fidelity (`scoreSketchFidelity`) and the PNG of the sketch's lines it did
   * not keep (`unmatchedLinesOverlay`; null when it cannot be drawn, logged), or null when either
   * image cannot be read for the score (logged): the render is still delivered, unscored.
   */
  private async measure(job: GenerationJobEntity, sketch: Buffer, render: Buffer): Promise<RenderMeasure | null> {
    const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));
    let scored: SketchFidelity;
    try {
      scored = await scoreSketchFidelity(sketch, render);
    } catch (error) {
      this.logger.warn(`generation ${job.id}: sketch fidelity not measured: ${reason(error)}`);
      return null;
    }
    const overlay = await unmatchedLinesOverlay(scored, render).catch((error: unknown) => {
      this.logger.warn(`generation ${job.id}: unmatched-lines overlay not drawn: ${reason(error)}`);
      return null;
    });
    return { fidelity: scored.score, overlay };
  }

  /** A finished job's answer, again: its result, or its stored refusal. */
  private async answerFinished(job: GenerationJobEntity, progress: GenerationProgressReporter): Promise<GenerateResponse> {
    if (job.status === 'failed' || !job.metadata) throw storedRefusal(job);
    const images = await this.renders.list(job.id);
    const [freeRetry] = await Promise.all([
      this.freeRetries.stateOf(
        job,
        images.map((image) => image.fidelity),
      ),
      progress.report('succeeded', STAGE_PERCENT.succeeded, { imagesDone: images.length, imagesTotal: images.length }),
    ]);
    return this.answer(job.id, { seed: job.seed, creditsSpent: job.creditsSpent, metadata: job.metadata, images }, freeRetry);
  }

  /**
   * Fails a pending job: recorded first (with its refusal and the user's text), then its credits
   * released, its images and inputs removed.
   * @param reservationId the job's held credits; null or absent when nothing was held
   * @throws DomainError `refusal`, always
   */
  private async failJob(job: GenerationJobEntity, refusal: DomainError, reservationId: string | null = null): Promise<never> {
    await this.jobs.fail(job.id, { refusal: refusal.toReference(), message: refusal.message, durationMs: this.elapsedSince(job) });
    if (reservationId) await this.credits.release(job, reservationId);
    await this.renders.removeAll(job.id);
    await this.inputs.remove(job.inputs);
    throw refusal;
  }

  private answer(jobId: string, result: GenerationResult, freeRetry: FreeRetryState): GenerateResponse {
    return {
      jobId,
      images: result.images.map((image): GeneratedImage => generatedImageOf(jobId, image)),
      seed: result.seed,
      creditsUsed: result.creditsSpent,
      metadata: result.metadata,
      freeRetry,
    };
  }

  /** Milliseconds since the job was first started (its row's creation). */
  private elapsedSince(job: GenerationJobEntity): number {
    return Math.max(0, Math.round(Date.now() - job.createdAt.getTime()));
  }
}
