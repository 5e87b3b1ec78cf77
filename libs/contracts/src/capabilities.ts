import { z } from 'zod';
import { analysisEngineSchema } from './analysis.js';

/**
 * What this server can do, as its workers report it (`GET /api/capabilities`): who writes the
 * analyses and sketch readings, and which image providers of /create are configured. The screens
 * claim an AI model only when the analysis worker says one writes the text, and show a paid image
 * provider as unavailable before anyone presses Generate.
 *
 * The workers decide, never the gateway: analysis-worker names the engines it actually built, and
 * generation-worker the image providers that have a key. The gateway only asks both and combines
 * the answers with `combineCapabilities`.
 */

/**
 * Who writes a kind of text: `openai` (an OpenAI-compatible vision model), `offline` (the measuring
 * engine, no AI model), or `unknown` when the analysis worker did not answer in time. A screen reads
 * `unknown` as "claim neither".
 */
export const textEngineSchema = z.enum([...analysisEngineSchema.options, 'unknown']);
export type TextEngine = z.infer<typeof textEngineSchema>;

/** Payload of both capability look-ups: nothing; the answer is the same for everyone. */
export const capabilitiesJobSchema = z.object({});
export type CapabilitiesJob = z.infer<typeof capabilitiesJobSchema>;

/** Result of `analysis.capabilities`: the engines analysis-worker built at start. */
export const analysisCapabilitiesResultSchema = z.object({
  analysisEngine: analysisEngineSchema,
  sketchReadingEngine: analysisEngineSchema,
});
export type AnalysisCapabilities = z.infer<typeof analysisCapabilitiesResultSchema>;

/** Result of `generation.capabilities`: whether each paid image provider has its key on generation-worker. */
export const generationCapabilitiesResultSchema = z.object({
  openai: z.boolean(),
  'stability-ai': z.boolean(),
});
export type GenerationCapabilities = z.infer<typeof generationCapabilitiesResultSchema>;

/** `GET /api/capabilities` answer. */
export const capabilitiesResponseSchema = z.object({
  analysisEngine: textEngineSchema.meta({
    description:
      'Who writes style analyses: `openai` (a vision model), `offline` (the measuring engine, no AI model) or `unknown` (the analysis worker did not answer; claim neither).',
  }),
  sketchReadingEngine: textEngineSchema.meta({ description: 'Who writes sketch readings, in the same terms.' }),
  imageProviders: z
    .object({
      sora: z.literal(true),
      openai: z.boolean(),
      'stability-ai': z.boolean(),
      midjourney: z.literal(true),
    })
    .meta({
      description:
        'Whether /create can use each provider now. `sora` and `midjourney` are prompt workflows and need no key; `openai` and `stability-ai` are true only when the generation worker reports their key.',
    }),
  imageProvidersChecked: z.boolean().meta({
    description:
      'False when the generation worker did not answer: `openai` and `stability-ai` are then false because they could not be checked, not because they are known to be unconfigured.',
  }),
});
export type CapabilitiesResponse = z.infer<typeof capabilitiesResponseSchema>;

/**
 * The public answer from the workers' answers, `null` for a worker that did not answer. Never
 * claims more than a worker said: without analysis-worker's answer both engines are `unknown`;
 * without generation-worker's the paid providers are false and `imageProvidersChecked` is false.
 * The prompt workflows (`sora`, `midjourney`) need no key, so they are always true.
 */
export function combineCapabilities(
  analysis: AnalysisCapabilities | null,
  generation: GenerationCapabilities | null,
): CapabilitiesResponse {
  return {
    analysisEngine: analysis?.analysisEngine ?? 'unknown',
    sketchReadingEngine: analysis?.sketchReadingEngine ?? 'unknown',
    imageProviders: {
      sora: true,
      openai: generation?.openai ?? false,
      'stability-ai': generation?.['stability-ai'] ?? false,
      midjourney: true,
    },
    imageProvidersChecked: generation !== null,
  };
}

/** True when both workers answered (`combineCapabilities` had both answers): the gateway keeps such an answer longer. */
export function isCompleteCapabilities(capabilities: CapabilitiesResponse): boolean {
  return capabilities.analysisEngine !== 'unknown' && capabilities.sketchReadingEngine !== 'unknown' && capabilities.imageProvidersChecked;
}
