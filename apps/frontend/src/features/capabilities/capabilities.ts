import type { CapabilitiesResponse, TextEngine } from '@archlens/contracts/capabilities';

/**
 * What the screens may claim about this server (`GET /api/capabilities`), read without zod: the
 * signed-out landing asks for it and loads no schema. The reading errs on the side of claiming
 * less: an engine is `openai` or `offline` only when the answer says exactly that, and a paid image
 * provider is usable only when the answer says exactly `true`; anything else reads as unknown or
 * unavailable.
 */

/** The answer to assume when the server gave none (the call failed): claim no model and no paid provider. */
export const NOTHING_CHECKED: CapabilitiesResponse = {
  analysisEngine: 'unknown',
  sketchReadingEngine: 'unknown',
  imageProviders: { sora: true, openai: false, 'stability-ai': false, midjourney: true },
  imageProvidersChecked: false,
};

function textEngineOf(value: unknown): TextEngine {
  return value === 'openai' || value === 'offline' ? value : 'unknown';
}

/**
 * The body of `GET /api/capabilities` as the screens use it; never throws.
 * @param body the parsed JSON, of any shape
 */
export function readCapabilities(body: unknown): CapabilitiesResponse {
  const answer = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const providers =
    typeof answer.imageProviders === 'object' && answer.imageProviders !== null ? (answer.imageProviders as Record<string, unknown>) : {};
  return {
    analysisEngine: textEngineOf(answer.analysisEngine),
    sketchReadingEngine: textEngineOf(answer.sketchReadingEngine),
    imageProviders: { sora: true, openai: providers.openai === true, 'stability-ai': providers['stability-ai'] === true, midjourney: true },
    imageProvidersChecked: answer.imageProvidersChecked === true,
  };
}
