import {
  Body,
  Controller,
  Header,
  Logger,
  Param,
  Res,
  SseSignal,
  StreamableFile,
  UploadedFiles,
  UseInterceptors,
  type MessageEvent,
} from '@nestjs/common';
import type { Response } from 'express';
import type { Observable } from 'rxjs';
import {
  GENERATION_TOTAL_HEADER,
  generationDownloadFileName,
  retryFreeRequestSchema,
  type GenerateResponse,
  type GenerationHistoryResponse,
  type RetryFreeRequest,
} from '@archlens/contracts/generation';
import { Route } from '../access/route.decorator.js';
import { apiError } from '../http/api-error.js';
import { useEventStreamHeaders } from '../http/event-stream-headers.js';
import { ZodBodyPipe } from '../http/zod-body.pipe.js';
import { CurrentUserId } from '../sessions/session.guard.js';
import type { StoredOriginal } from '../uploads/originals.storage-engine.js';
import { GenerationAllowanceInterceptor } from './generation-allowance.interceptor.js';
import { GenerationProgressStream } from './generation-progress.stream.js';
import { GenerationUploadInterceptor } from './generation-upload.interceptor.js';
import { generationIdSchema, GenerationService } from './generation.service.js';

/**
 * Image Generation (spec §7): `POST /api/generate` (Pro only), `GET /api/generations/{jobId}/events`,
 * `GET /api/download/{jobId}/{index}` and `GET /api/generations`, signed-in only (401 otherwise).
 */
@Controller()
export class GenerationController {
  private readonly logger = new Logger('GenerationController');

  constructor(
    private readonly generation: GenerationService,
    private readonly progress: GenerationProgressStream,
  ) {}

  /**
   * `POST /api/generate`, multipart: `sketch` (one file), `references` (up to 4), and the controls
   * `styleDescription`, `aspectRatio`, `sketchInfluence`, `detailLevel`, `lighting`, `variations`,
   * `provider`, optional `seed`, `sketchDescription`, `jobId` and `sourceAnalysisId` (the user's
   * analysis the style came from, kept in the recipe; 404 for an unknown or another user's) (spec §3) → 200
   * `{jobId, images[{url, index, seed}], seed, creditsUsed, metadata}`. 403 'Pro Subscription
   * Required' text for a user without an active subscription, before any file is read; 429 past the
   * hourly limit, before any file is read (a request refused with 400, 413, 415 or 422 does not count
   * towards it); 400 for a bad field, a field sent twice (`Send "<field>" once.`) or no sketch; 409
   * 'Insufficient credits for this generation (n over limit)'; 502 with the provider's message; 503
   * when the provider is not configured; 4xx for refused files as `POST /api/analyze-sketch`. A
   * refused request keeps nothing.
   */
  @Route('generate')
  @UseInterceptors(GenerationAllowanceInterceptor, GenerationUploadInterceptor)
  generate(
    @CurrentUserId() userId: string,
    @UploadedFiles() files: StoredOriginal[] | undefined,
    @Body() fields: unknown,
  ): Promise<GenerateResponse> {
    return this.generation.generate(userId, files ?? [], fields);
  }

  /**
   * `POST /api/generations/{jobId}/reproduce` → 200 as `POST /api/generate`: the same recipe and seed,
   * a new job whose `parentId` is this one. Pro only; the hourly generation limit counts it; 404 for
   * another user's generation, 409 for one that kept no recipe, 409 for too few credits.
   */
  @Route('reproduceGeneration')
  @UseInterceptors(GenerationAllowanceInterceptor)
  reproduce(@CurrentUserId() userId: string, @Param('jobId') jobId: string): Promise<GenerateResponse> {
    return this.generation.rerun(userId, jobId, 'same');
  }

  /** `POST /api/generations/{jobId}/vary` → as reproduce, with a new random seed. */
  @Route('varyGeneration')
  @UseInterceptors(GenerationAllowanceInterceptor)
  vary(@CurrentUserId() userId: string, @Param('jobId') jobId: string): Promise<GenerateResponse> {
    return this.generation.rerun(userId, jobId, 'new');
  }

  /**
   * `POST /api/generations/{jobId}/retry-free`, optional JSON body `{jobId}` (the new job's id, so
   * its progress stream can be opened first) → 200 as `POST /api/generate`: Retry free of a
   * generation with a render marked geometry drift: the same recipe, a new random seed, a new job
   * whose `parentId` is this one, `creditsUsed` 0, once per generation (a retry that fails gives
   * it back). Pro only; the hourly generation limit counts it; 400 for a bad body; 404 for another
   * user's generation; 409 `generation.free-retry-not-offered` when it has no render marked
   * geometry drift (or is itself a free retry), 409 `generation.free-retry-used` once it has had
   * it, 409 for one that kept no recipe. A refused request queues no generation.
   */
  @Route('retryGenerationFree')
  @UseInterceptors(GenerationAllowanceInterceptor)
  retryFree(
    @CurrentUserId() userId: string,
    @Param('jobId') jobId: string,
    @Body(new ZodBodyPipe(retryFreeRequestSchema)) body: RetryFreeRequest,
  ): Promise<GenerateResponse> {
    return this.generation.rerun(userId, jobId, 'free-retry', body.jobId);
  }

  /**
   * `GET /api/generations/{jobId}/events` → 200 `text/event-stream`: a `: connected` comment, then
   * one `data: {jobId, stage, percent, imagesDone?, imagesTotal?, message?}` per progress report of
   * the user's generation, ending after `succeeded` or `failed` (at once for a job already
   * finished); `: heartbeat` every 15 s. 404 for an id that is not a UUID or another user's job,
   * 429 past the open streams a user may hold: JSON answers from the exception filter, before the
   * stream starts.
   */
  @Route('generationEvents')
  async events(
    @CurrentUserId() userId: string,
    @Param('jobId') jobId: string,
    @SseSignal() signal: AbortSignal,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Observable<MessageEvent>> {
    const id = generationIdSchema.safeParse(jobId);
    if (!id.success) throw apiError('generation.not-found');
    useEventStreamHeaders(response);
    return this.progress.open(userId, id.data, signal);
  }

  /**
   * `GET /api/download/{jobId}/{index}` → 200 `image/jpeg`, an attachment named
   * `archlens-render-<index + 1>.jpg` (spec §7: a numbered `.jpg`), never cached, streamed from
   * object storage. 404 `Generation not found.` for another user's job, an unknown one, an id that
   * is not a UUID or an index it has no image for.
   */
  @Route('downloadGeneratedImage')
  @Header('Cache-Control', 'private, no-store')
  async download(@CurrentUserId() userId: string, @Param('jobId') jobId: string, @Param('index') index: string): Promise<StreamableFile> {
    const image = await this.generation.image(userId, jobId, index);
    const file = new StreamableFile(image.stream, {
      type: 'image/jpeg',
      disposition: `attachment; filename="${generationDownloadFileName(image.index)}"`,
      length: image.bytes,
    });
    file.setErrorLogger((error: Error) =>
      this.logger.error(`generation ${jobId} image ${image.index} failed while streaming: ${error.message}`),
    );
    return file;
  }

  /**
   * `GET /api/generations/{jobId}/{index}/fidelity-overlay` → 200 `image/png`: the sketch's lines
   * that render did not keep, on transparency, the render's size (laid over it, it lines up), never
   * cached, streamed from object storage. 404 `Generation not found.` as the download, and for an
   * image that has no overlay (not measured).
   */
  @Route('generationFidelityOverlay')
  @Header('Cache-Control', 'private, no-store')
  async fidelityOverlay(
    @CurrentUserId() userId: string,
    @Param('jobId') jobId: string,
    @Param('index') index: string,
  ): Promise<StreamableFile> {
    const overlay = await this.generation.fidelityOverlay(userId, jobId, index);
    const file = new StreamableFile(overlay.stream, { type: 'image/png', length: overlay.bytes });
    file.setErrorLogger((error: Error) =>
      this.logger.error(`generation ${jobId} overlay ${overlay.index} failed while streaming: ${error.message}`),
    );
    return file;
  }

  /**
   * `GET /api/generations` → 200 the user's newest generations (at most `GENERATION_HISTORY_LIMIT`),
   * newest first (spec §3 history item: id, status, creditsSpent, createdAt), with their number in
   * all in the `X-Total-Count` header (`GENERATION_TOTAL_HEADER`; the home's 'Total Generations').
   */
  @Route('generations')
  async history(@CurrentUserId() userId: string, @Res({ passthrough: true }) response: Response): Promise<GenerationHistoryResponse> {
    const { items, total } = await this.generation.history(userId);
    response.setHeader(GENERATION_TOTAL_HEADER, String(total));
    return items;
  }
}
