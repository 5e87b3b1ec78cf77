import { Injectable } from '@nestjs/common';
import { QUEUES } from '@archlens/contracts/queues';
import type { JobHandlers } from '@archlens/platform/messaging';
import type { QueueHandlers } from '@archlens/platform/worker-host';
import { GenerationHistoryService } from './generations/generation-history.service.js';
import { GenerationService } from './generations/generation.service.js';

/** The `generation` queue (issue 16): generations, their history and their images. */
@Injectable()
export class GenerationHandlers implements QueueHandlers<typeof QUEUES.generation> {
  readonly queue = QUEUES.generation;

  constructor(
    private readonly generations: GenerationService,
    private readonly history: GenerationHistoryService,
  ) {}

  handlers(): JobHandlers<typeof QUEUES.generation> {
    return {
      // The BullMQ job carries the progress reports (`GET /api/generations/{jobId}/events`).
      'generation.generate': (data, job) => this.generations.generate(data, job),
      'generation.list': ({ userId, limit }) => this.history.list(userId, limit),
      'generation.get-image': ({ userId, jobId, index }) => this.history.image(userId, jobId, index),
    };
  }
}
