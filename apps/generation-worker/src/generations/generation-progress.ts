import type { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { generationProgressSchema, type GenerationProgress, type GenerationStage } from '@archlens/contracts/generation';

/** What a progress report carries on the queue: the contract's event plus its owner, whom the gateway streams it to. */
export type QueuedGenerationProgress = GenerationProgress & { userId: string };

/** Percentages of the stages: rendering spans 10 to 90 as images arrive. */
export const STAGE_PERCENT = { queued: 0, reserving: 5, renderingStart: 10, renderingEnd: 90, storing: 92, succeeded: 100 } as const;

/**
 * A generation's progress, reported through BullMQ (`job.updateProgress`) for
 * `GET /api/generations/{jobId}/events`: each report is a `generationProgressSchema` object plus the
 * user id. The percentage only rises, also across a worker that died: a resumed job starts from the
 * last percentage the job recorded. Reporting is best effort: a failure is logged, never thrown.
 */
export class GenerationProgressReporter {
  private percent: number;

  /**
   * @param job the BullMQ job (none when called outside a queue, e.g. in a unit test)
   */
  constructor(
    private readonly job: Job | undefined,
    private readonly jobId: string,
    private readonly userId: string,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {
    const previous = generationProgressSchema.safeParse(job?.progress);
    this.percent = previous.success ? previous.data.percent : 0;
  }

  /** Reports `stage` at `percent` (never lower than the last report). */
  async report(
    stage: GenerationStage,
    percent: number,
    extra: Pick<GenerationProgress, 'imagesDone' | 'imagesTotal' | 'message'> = {},
  ): Promise<void> {
    this.percent = Math.min(100, Math.max(this.percent, Math.round(percent)));
    const event: QueuedGenerationProgress = { jobId: this.jobId, stage, percent: this.percent, ...extra, userId: this.userId };
    if (!this.job) return;
    try {
      await this.job.updateProgress(event);
    } catch (error) {
      this.logger.warn(`progress of generation ${this.jobId} not reported: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Reports the rendering stage with `done` of `total` images (10 % to 90 %). */
  rendering(done: number, total: number): Promise<void> {
    const share = total === 0 ? 1 : done / total;
    return this.report('rendering', STAGE_PERCENT.renderingStart + share * (STAGE_PERCENT.renderingEnd - STAGE_PERCENT.renderingStart), {
      imagesDone: done,
      imagesTotal: total,
    });
  }

  /** Reports the end: `failed` with the user's text (the percentage stays where it was). */
  failed(message: string): Promise<void> {
    return this.report('failed', this.percent, { message });
  }
}
