import { Injectable, Logger } from '@nestjs/common';
import {
  analysisCapabilitiesResultSchema,
  capabilitiesResponseSchema,
  combineCapabilities,
  generationCapabilitiesResultSchema,
  isCompleteCapabilities,
  type CapabilitiesResponse,
} from '@archlens/contracts/capabilities';
import { CommandClient } from '@archlens/platform/messaging';

/** How long a complete answer (both workers answered) is reused, in ms. */
export const CAPABILITIES_TTL_MS = 60_000;
/** How long an answer without one worker's part is reused, in ms: short, so a worker that comes back is seen soon. */
export const INCOMPLETE_CAPABILITIES_TTL_MS = 5_000;
/**
 * How long each worker may take to answer, in ms. Far below the look-up queues' reply timeouts:
 * the landing page waits on this answer, and a worker that is slow to say what it runs is treated
 * as one that did not answer.
 */
export const CAPABILITIES_REPLY_TIMEOUT_MS = 3_000;

/** The answer and how many more whole seconds it may be kept by a client (0 for an incomplete answer). */
export interface CurrentCapabilities {
  capabilities: CapabilitiesResponse;
  maxAgeSeconds: number;
}

/**
 * `GET /api/capabilities` in the gateway: asks analysis-worker (`analysis.capabilities`) and
 * generation-worker (`generation.capabilities`) at once and combines their answers
 * (`combineCapabilities`). The gateway reads no key itself: the workers decide.
 *
 * The answer is kept in memory (`CAPABILITIES_TTL_MS`, or `INCOMPLETE_CAPABILITIES_TTL_MS` when a
 * worker did not answer) and requests that arrive while it is being asked share one look-up, so
 * the route costs no queue traffic however often the landing page is loaded. It never fails: a
 * worker that is missing, slow or failing makes its part `unknown` (engines) or unavailable (paid
 * image providers), and the reason is logged as a warning.
 */
@Injectable()
export class CapabilitiesService {
  private readonly logger = new Logger('CapabilitiesService');
  private cached: { capabilities: CapabilitiesResponse; expiresAt: number } | null = null;
  private asking: Promise<CapabilitiesResponse> | null = null;

  constructor(private readonly commands: CommandClient) {}

  /** The kept answer while it is fresh, else a new one from the workers; never throws. */
  async current(): Promise<CurrentCapabilities> {
    if (!this.cached || Date.now() >= this.cached.expiresAt) {
      this.asking ??= this.ask().finally(() => {
        this.asking = null;
      });
      await this.asking;
    }
    const { capabilities, expiresAt } = this.cached!;
    const complete = isCompleteCapabilities(capabilities);
    return { capabilities, maxAgeSeconds: complete ? Math.max(0, Math.floor((expiresAt - Date.now()) / 1000)) : 0 };
  }

  private async ask(): Promise<CapabilitiesResponse> {
    const options = { timeoutMs: CAPABILITIES_REPLY_TIMEOUT_MS };
    // Each reply is parsed with its contract again, so that nothing but a worker's own word reaches the answer.
    const [analysis, generation] = await Promise.allSettled([
      this.commands.request('analysis.capabilities', {}, options).then((reply) => analysisCapabilitiesResultSchema.parse(reply)),
      this.commands.request('generation.capabilities', {}, options).then((reply) => generationCapabilitiesResultSchema.parse(reply)),
    ]);
    if (analysis.status === 'rejected') this.warn('analysis-worker', 'engines are reported as unknown', analysis.reason);
    if (generation.status === 'rejected')
      this.warn('generation-worker', 'openai and stability-ai are reported as unavailable', generation.reason);
    const capabilities = capabilitiesResponseSchema.parse(
      combineCapabilities(
        analysis.status === 'fulfilled' ? analysis.value : null,
        generation.status === 'fulfilled' ? generation.value : null,
      ),
    );
    const ttl = isCompleteCapabilities(capabilities) ? CAPABILITIES_TTL_MS : INCOMPLETE_CAPABILITIES_TTL_MS;
    this.cached = { capabilities, expiresAt: Date.now() + ttl };
    return capabilities;
  }

  private warn(worker: string, consequence: string, reason: unknown): void {
    const detail = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason);
    this.logger.warn(`${worker} did not say what it runs (${detail}); its ${consequence} for ${INCOMPLETE_CAPABILITIES_TTL_MS / 1000} s`);
  }
}
