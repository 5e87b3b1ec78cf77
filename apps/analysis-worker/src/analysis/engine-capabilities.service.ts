import { Inject, Injectable } from '@nestjs/common';
import type { AnalysisCapabilities } from '@archlens/contracts/capabilities';
import { SKETCH_ENGINE } from '../sketches/sketch-reading.service.js';
import { VISION_ENGINE } from './analysis.service.js';
import type { SketchEngine } from './engines/sketch-engine.js';
import type { VisionEngine } from './engines/vision-engine.js';

/**
 * Which engines this worker writes with (`analysis.capabilities`, read by `GET /api/capabilities`):
 * the names of the engines `createVisionEngine` and `createSketchEngine` built at start, so the
 * answer follows the factory's choice (`OPENAI_API_KEY` set or not) and never reads a key itself.
 */
@Injectable()
export class EngineCapabilitiesService {
  constructor(
    @Inject(VISION_ENGINE) private readonly vision: VisionEngine,
    @Inject(SKETCH_ENGINE) private readonly sketch: SketchEngine,
  ) {}

  /** @returns `openai` or `offline` for analyses and for sketch readings */
  describe(): AnalysisCapabilities {
    return { analysisEngine: this.vision.name, sketchReadingEngine: this.sketch.name };
  }
}
