import { isDeepStrictEqual } from 'node:util';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { UNLIMITED_CREDITS } from '@archlens/contracts/billing';
import { errorReferenceSchema, errorText } from '@archlens/contracts/errors';
import {
  buildGenerationPrompt,
  estimateGenerationCost,
  generatedImageKey,
  generationImagePath,
  type GenerateJob,
  type GenerateResponse,
  type GeneratedImage,
  type GenerationMetadata,
} from '@archlens/contracts/generation';
import { EventPublisher } from '@archlens/platform/events';
import { CommandClient, DomainError } from '@archlens/platform/messaging';
import { ObjectStorage } from '@archlens/platform/storage';
import { GENERATION_CONFIG, generationLockDurationMs, type GenerationConfig } from '../config.js';
import {
  ProviderError,
  type ImageProvider,
  type ProviderInputImage,
  type RenderedImage,
  type WorkflowProvider,
} from '../providers/image-provider.js';
import { GENERATION_PROVIDERS_TOKEN, type GenerationProviders } from '../providers/provider-registry.js';
import type { GenerationInputs } from './generation-job.entity.js';
import { GenerationProgressReporter, STAGE_PERCENT } from './generation-progress.js';
import { GenerationRecords, type GenerationImageRecord, type GenerationJobRecord } from './generation-records.js';
import { toStoredJpeg } from './stored-jpeg.js';

/** A provider's image that does not decode (the user's text of that `ProviderError`). */
const UNDECODABLE_RENDER_MESSAGE = 'The image provider returned an image that could not be read.';

/**
 * Seconds a reservation outlives the longest run (two provider timeouts and a lock lapse) before
 * billing's sweep returns it.
 */
const RESERVATION_MARGIN_SECONDS = 300;

/**
 * Whether a request's options are those its job id's record was made with (as stored: through
 * JSON, so an option left out and one sent as undefined are the same). A job id is the client's
 * idempotency key: the same id with other options is another generation, not a retry.
 */
function sameOptions(stored: GenerateJob['options'], requested: GenerateJob['options']): boolean {
  return isDeepStrictEqual(stored, JSON.parse(JSON.stringify(requested)));
}

/** Input mime type from its stored key's extension (`generation-inputs/<userId>/<uuid>.<ext>`). */
function mimeTypeOfKey(key: string): ProviderInputImage['mimeType'] {
  if (key.endsWith('.png')) return 'image/png';
  if (key.endsWith('.webp')) return 'image/webp';
  return 'image/jpeg';
}

/** A failed job's stored refusal, answered again; `generation.failed` when none was stored or it is no longer in the catalogue. */
function storedRefusal(record: GenerationJobRecord): DomainError {
  const stored = errorReferenceSchema.safeParse({ code: record.errorCode, params: record.errorParams ?? {} });
  return stored.success ? DomainError.from(stored.data) : new DomainError('generation.failed');
}

/**
 * One image generation (issue 16; spec §2 /create, §3, §8, §9; ARCHITECTURE.md "Money and credits"),
 * idempotent on its job id, with many copies of the worker running:
 *
 * 1. The job row is found or created (a redelivered job finds it): a finished job answers what it
 *    answered before, a job id of another user's is refused (`generation.job-id-taken`), and so is
 *    the user's own job id sent again with other options (`generation.job-id-reused`: the id is the
 *    client's idempotency key). A request that finds the row already there has its own uploads
 *    removed: the row keeps its inputs.
 * 2. `openai` or `stability-ai` without a key fails at once (`generation.provider-not-configured`):
 *    nothing reserved.
 * 3. Image providers: the estimate (`estimateGenerationCost`, spec §9) is reserved through billing
 *    with the job id as reference (a repeat finds the same reservation; on the unlimited plan it
 *    holds 0). A refusal (`credits.insufficient`, spec §8 '(n over limit)') fails the job
 *    and is passed on. Then the provider is asked only for the variations without a stored image;
 *    each image is stored as JPEG (`generations/<userId>/<jobId>/<index>.jpg`) and recorded the
 *    moment it arrives, so a job resumed after its worker died never asks for it again (only an
 *    image whose answer arrived in the instant before the worker died, not yet stored, is asked
 *    for a second time: the providers' APIs take no idempotency key). Success
 *    captures the reservation (idempotent), marks the job succeeded and publishes
 *    `generation.completed`; a provider failure releases it, keeps no image, marks the job failed
 *    with the provider's own text and answers `generation.provider-failed` with it, publishing
 *    `generation.failed`. A failed job keeps its refusal (code and parameters), answered again to a
 *    repeat of its job id.
 * 4. `sora` and `midjourney` make no call and cost nothing (no reservation, creditsUsed 0): the job
 *    records their workflow.
 *
 * Progress goes out on the BullMQ job (`GenerationProgressReporter`). The uploaded inputs are
 * removed once the job has finished, either way.
 */
@Injectable()
export class GenerationService {
  private readonly logger = new Logger('GenerationService');

  constructor(
    private readonly records: GenerationRecords,
    private readonly storage: ObjectStorage,
    private readonly commands: CommandClient,
    private readonly events: EventPublisher,
    @Inject(GENERATION_PROVIDERS_TOKEN) private readonly providers: GenerationProviders,
    @Inject(GENERATION_CONFIG) private readonly config: GenerationConfig,
  ) {}

  /**
   * Runs (or resumes, or answers again) one generation.
   * @param queued the BullMQ job, for progress reports
   * @returns `POST /api/generate`'s answer
   * @throws DomainError `credits.insufficient` (spec §8), `generation.job-id-taken` or
   *   `generation.job-id-reused`, `generation.provider-failed` (the provider's message),
   *   `generation.provider-not-configured`, `generation.billing-unavailable`,
   *   `generation.inputs-unreadable`, `generation.store-failed`
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
    const found = await this.records.find(job.jobId);
    if (found && found.userId !== job.userId) return this.refuseTakenId(inputs);
    if (found) await this.removeInputsNotOf(found, inputs);
    if (found && !sameOptions(found.options, job.options)) throw new DomainError('generation.job-id-reused');
    if (found && found.status !== 'pending') return this.answerFinished(found, progress);
    const provider = this.providers[job.options.provider];
    if (provider.kind === 'image' && !provider.configured) {
      const refusal = new DomainError('generation.provider-not-configured', { provider: provider.name });
      if (found) await this.failJob(found, refusal);
      else await this.removeInputs(inputs);
      throw refusal;
    }
    await progress.report('queued', STAGE_PERCENT.queued);
    const record = await this.records.start({ id: job.jobId, userId: job.userId, provider: provider.name, options: job.options, inputs });
    if (!record) return this.refuseTakenId(inputs);
    if (record.status !== 'pending') return this.answerFinished(record, progress);
    if (record.attempts > 1) this.logger.warn(`generation ${record.id}: attempt ${record.attempts} (resumed after a worker stopped)`);
    const prompt = buildGenerationPrompt({
      sketchDescription: job.options.sketchDescription,
      styleDescription: job.options.styleDescription,
      lighting: job.options.lighting,
      detailLevel: job.options.detailLevel,
      aspectRatio: job.options.aspectRatio,
    });
    return provider.kind === 'workflow'
      ? this.runWorkflow(record, provider, prompt, progress)
      : this.runImages(record, provider, prompt, progress);
  }

  /**
   * Refuses a job whose id another user's generation holds: its own uploaded inputs are removed
   * (no job will refer to them), the other user's job is left untouched.
   * @throws DomainError `generation.job-id-taken`, always
   */
  private async refuseTakenId(inputs: GenerationInputs): Promise<never> {
    await this.removeInputs(inputs);
    throw new DomainError('generation.job-id-taken');
  }

  /** Sora and Midjourney: the workflow, recorded as a succeeded job that cost nothing. */
  private async runWorkflow(
    record: GenerationJobRecord,
    provider: WorkflowProvider,
    prompt: string,
    progress: GenerationProgressReporter,
  ): Promise<GenerateResponse> {
    await progress.report('rendering', 50);
    const workflow = provider.workflow({ options: record.options, prompt, referenceCount: record.inputs.references.length });
    const seed = workflow.seedSupported ? (record.options.seed ?? null) : null;
    const { seedSupported, ...texts } = workflow;
    const metadata: GenerationMetadata = {
      provider: provider.name,
      ...texts,
      sketchInfluence: record.options.sketchInfluence,
      prompt,
      aspectRatio: record.options.aspectRatio,
      model: null,
      size: null,
      seedSupported,
      providerMs: 0,
      durationMs: this.elapsedSince(record),
    };
    return this.finish(record, { seed, creditsSpent: 0, metadata, images: [] }, progress);
  }

  /** OpenAI and Stability AI: reserve, render the missing variations, store each, capture. */
  private async runImages(
    record: GenerationJobRecord,
    provider: ImageProvider,
    prompt: string,
    progress: GenerationProgressReporter,
  ): Promise<GenerateResponse> {
    const { options } = record;
    await progress.report('reserving', STAGE_PERCENT.reserving);
    // The reservation and the reading back of the inputs do not depend on each other: both at once.
    const [reservation, read] = await Promise.allSettled([
      this.reserve(record, estimateGenerationCost(options.variations, options.detailLevel)),
      this.readInputs(record.inputs),
    ]);
    if (reservation.status === 'rejected') throw reservation.reason; // `reserve` has failed the job
    const held = reservation.value;
    if (read.status === 'rejected') {
      const refusal = new DomainError('generation.inputs-unreadable', { cause: read.reason });
      await this.failJob(record, refusal, held.reservationId);
      throw refusal;
    }
    const files = read.value;
    const stored = await this.records.images(record.id);
    const indexes = Array.from({ length: options.variations }, (_, i) => i).filter((i) => !stored.some((image) => image.index === i));
    let done = stored.length;
    await progress.rendering(done, options.variations);
    const started = Date.now();
    try {
      await provider.render({
        options,
        prompt,
        ...files,
        indexes,
        onImage: async (image) => {
          await this.storeImage(record, image);
          done++;
          await progress.rendering(done, options.variations);
        },
      });
    } catch (error) {
      await this.records.addProviderTime(record.id, Date.now() - started);
      if (!(error instanceof ProviderError))
        this.logger.error(`generation ${record.id}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      const refusal =
        error instanceof ProviderError
          ? new DomainError('generation.provider-failed', { reason: error.message || errorText('generation.failed') }, { cause: error })
          : new DomainError('generation.store-failed', { cause: error });
      await this.failJob(record, refusal, held.reservationId);
      throw refusal;
    }
    const providerMs = record.providerMs + (Date.now() - started);
    const [creditsSpent, images] = await Promise.all([
      this.capture(record, held),
      this.records.images(record.id),
      this.records.addProviderTime(record.id, Date.now() - started),
      progress.report('storing', STAGE_PERCENT.storing, { imagesDone: options.variations, imagesTotal: options.variations }),
    ]);
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
      durationMs: this.elapsedSince(record),
    };
    const seed = call.seedSupported ? (images[0]?.seed ?? options.seed ?? null) : null;
    return this.finish(record, { seed, creditsSpent, metadata, images }, progress);
  }

  /** Marks the job succeeded (unless another copy did first), removes its inputs, publishes `generation.completed`. */
  private async finish(
    record: GenerationJobRecord,
    result: { seed: number | null; creditsSpent: number; metadata: GenerationMetadata; images: GenerationImageRecord[] },
    progress: GenerationProgressReporter,
  ): Promise<GenerateResponse> {
    const won = await this.records.succeed(record.id, { ...result, durationMs: result.metadata.durationMs });
    if (!won) {
      const finished = await this.records.find(record.id);
      if (finished) return this.answerFinished(finished, progress);
    }
    await Promise.all([
      this.removeInputs(record.inputs),
      this.events.tryPublish(
        'generation.completed',
        {
          jobId: record.id,
          userId: record.userId,
          provider: record.provider,
          imageCount: result.images.length,
          creditsSpent: result.creditsSpent,
        },
        record.id,
      ),
      progress.report('succeeded', STAGE_PERCENT.succeeded, { imagesDone: result.images.length, imagesTotal: result.images.length }),
    ]);
    return {
      jobId: record.id,
      images: result.images.map((image) => this.toImage(record.id, image)),
      seed: result.seed,
      creditsUsed: result.creditsSpent,
      metadata: result.metadata,
    };
  }

  /** A finished job's answer, again: its result, or its stored refusal. */
  private async answerFinished(record: GenerationJobRecord, progress: GenerationProgressReporter): Promise<GenerateResponse> {
    if (record.status === 'failed' || !record.metadata) throw storedRefusal(record);
    const images = await this.records.images(record.id);
    await progress.report('succeeded', STAGE_PERCENT.succeeded, { imagesDone: images.length, imagesTotal: images.length });
    return {
      jobId: record.id,
      images: images.map((image) => this.toImage(record.id, image)),
      seed: record.seed,
      creditsUsed: record.creditsSpent,
      metadata: record.metadata,
    };
  }

  /**
   * Holds the estimate through billing (reference = the job id: a resumed job gets the same
   * reservation back). On the unlimited plan billing answers the balance `UNLIMITED_CREDITS` and
   * holds nothing: the job then spends 0.
   * @throws DomainError billing's refusal (`credits.insufficient`), or `generation.billing-unavailable`
   *   when billing does not answer; the job is failed first either way
   */
  private async reserve(record: GenerationJobRecord, amount: number): Promise<{ reservationId: string; credits: number }> {
    const ttlSeconds = Math.min(
      24 * 3600,
      Math.ceil((2 * this.config.GENERATION_PROVIDER_TIMEOUT_MS + generationLockDurationMs(this.config)) / 1000) +
        RESERVATION_MARGIN_SECONDS,
    );
    try {
      const reservation = await this.commands.request('billing.reserve-credits', {
        userId: record.userId,
        amount,
        reference: record.id,
        ttlSeconds,
      });
      const credits = reservation.balance >= UNLIMITED_CREDITS ? 0 : amount;
      await this.records.reserved(record.id, reservation.reservationId, credits);
      return { reservationId: reservation.reservationId, credits };
    } catch (error) {
      const refusal = error instanceof DomainError ? error : new DomainError('generation.billing-unavailable', { cause: error });
      await this.failJob(record, refusal);
      throw refusal;
    }
  }

  /**
   * Spends the reservation (capturing twice is a no-op in billing).
   * @returns the credits spent: 0 when the hold had lapsed (logged: the renders were delivered unbilled)
   * @throws DomainError `generation.billing-unavailable` when billing does not answer: the job stays pending, and running it again
   *   (the same job id) captures without calling the provider again
   */
  private async capture(record: GenerationJobRecord, held: { reservationId: string; credits: number }): Promise<number> {
    try {
      await this.commands.request('billing.capture-credits', { reservationId: held.reservationId });
      return held.credits;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'credits.reservation-not-held') {
        this.logger.error(`generation ${record.id}: reservation ${held.reservationId} had lapsed before capture; delivered without charge`);
        return 0;
      }
      throw new DomainError('generation.billing-unavailable', { cause: error });
    }
  }

  /**
   * Fails a pending job: recorded first (with its refusal and the user's text), then its reservation
   * released (billing's expiry sweep returns it should this not get through), its images and inputs
   * removed, and `generation.failed` published.
   */
  private async failJob(record: GenerationJobRecord, refusal: DomainError, reservationId: string | null = null): Promise<void> {
    const { message } = refusal;
    await this.records.fail(record.id, { refusal: refusal.toReference(), message, durationMs: this.elapsedSince(record) });
    if (reservationId) {
      await this.commands.request('billing.release-credits', { reservationId }).catch((error: unknown) => {
        this.logger.error(`generation ${record.id}: reservation ${reservationId} not released (the expiry sweep will): ${String(error)}`);
      });
    }
    const images = await this.records.images(record.id);
    await this.storage.remove(images.map((image) => image.objectKey)).catch(() => undefined);
    await this.records.removeImages(record.id);
    await this.removeInputs(record.inputs);
    await this.events.tryPublish(
      'generation.failed',
      { jobId: record.id, userId: record.userId, provider: record.provider, message },
      record.id,
    );
  }

  /**
   * Stores one render as JPEG and records it.
   * @throws ProviderError when the provider's bytes are not an image; the store's error
   */
  private async storeImage(record: GenerationJobRecord, image: RenderedImage): Promise<void> {
    const jpeg = await toStoredJpeg(image.bytes).catch((error: unknown) => {
      throw new ProviderError(UNDECODABLE_RENDER_MESSAGE, undefined, error);
    });
    const objectKey = generatedImageKey(record.userId, record.id, image.index);
    await this.storage.put(objectKey, jpeg, 'image/jpeg');
    await this.records.addImage(record.id, { index: image.index, objectKey, seed: image.seed, bytes: jpeg.length });
  }

  /** The sketch and references, read back from object storage. @throws the store's error */
  private async readInputs(inputs: GenerationInputs): Promise<{ sketch: ProviderInputImage; references: ProviderInputImage[] }> {
    const read = async (input: { key: string; fileName: string }): Promise<ProviderInputImage> => ({
      bytes: await this.storage.get(input.key),
      fileName: input.fileName,
      mimeType: mimeTypeOfKey(input.key),
    });
    const [sketch, ...references] = await Promise.all([inputs.sketch, ...inputs.references].map(read));
    return { sketch, references };
  }

  /** Removes a job's uploaded inputs (best effort: nothing refers to them once the job is done). */
  /**
   * Removes the uploads of a request that found its job id's record already there: the record
   * keeps its own inputs, so this request's (new keys, when it is not a redelivery of the same
   * BullMQ job) are referred to by nothing.
   */
  private async removeInputsNotOf(record: GenerationJobRecord, inputs: GenerationInputs): Promise<void> {
    const kept = new Set([record.inputs.sketch.key, ...record.inputs.references.map((r) => r.key)]);
    const strays = [inputs.sketch, ...inputs.references].filter((input) => !kept.has(input.key));
    if (strays.length > 0) await this.removeInputs({ sketch: strays[0], references: strays.slice(1) });
  }

  private async removeInputs(inputs: GenerationInputs): Promise<void> {
    await this.storage.remove([inputs.sketch.key, ...inputs.references.map((r) => r.key)]).catch((error: unknown) => {
      this.logger.warn(`generation inputs not removed: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  private toImage(jobId: string, image: GenerationImageRecord): GeneratedImage {
    return { url: generationImagePath(jobId, image.index), index: image.index, seed: image.seed };
  }

  /** Milliseconds since the job was first started (its row's creation). */
  private elapsedSince(record: GenerationJobRecord): number {
    return Math.max(0, Math.round(Date.now() - record.createdAt.getTime()));
  }
}
