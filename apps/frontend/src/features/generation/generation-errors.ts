import { HttpError, isRefusal } from '../../api/client';
import { errorParamsOf, serverMessageOf } from '../../api/error-message';
import { insufficientCreditsToast, type ToastText } from './generation-rules';
import { GENERATION_TEXTS } from './texts';

const T = GENERATION_TEXTS.toasts;

/** The server's text of a failed call: its JSON `{message}`, else the body, else the error's own message (spec §7). */
function serverTextOf(error: unknown): string {
  if (error instanceof HttpError) return serverMessageOf(error) ?? (error.bodyText.trim() || error.message);
  return error instanceof Error ? error.message : String(error);
}

/**
 * The toast of a failed `POST /api/generate` (spec §8), by the error's code:
 * `generation.pro-required` (a 403 without a code too) 'Pro Subscription Required' (the
 * subscription lapsed since the page loaded), `credits.insufficient` 'Insufficient credits for this
 * generation' with '(n over limit)' from its `overBy`, anything else (a job id already in use too)
 * 'Generation Failed' with the server's text (the provider's message, 'not configured').
 */
export function generationErrorToast(error: unknown): ToastText {
  const text = serverTextOf(error);
  if (isRefusal(error, 'generation.pro-required', 403)) return { title: T.proRequiredTitle, description: text || T.proRequired };
  const credits = errorParamsOf(error, 'credits.insufficient');
  if (credits) return insufficientCreditsToast(credits.overBy);
  return { title: T.failedTitle, description: text };
}

/**
 * The toast of a failed Retry free: its own refusals (not offered, used already) under 'Free Retry
 * Not Available' with the server's text; anything else as a generation's (`generationErrorToast`).
 */
export function retryFreeErrorToast(error: unknown): ToastText {
  const toast = generationErrorToast(error);
  const refused =
    error instanceof HttpError && (error.code === 'generation.free-retry-used' || error.code === 'generation.free-retry-not-offered');
  return refused ? { ...toast, title: T.retryFreeRefusedTitle } : toast;
}

/**
 * Spec §8 'Sketch analysis in create': 'Unable to analyze sketch at this time.' when the server
 * answers with an error, 'Error analyzing sketch.' when the call itself fails (network, a reply
 * that cannot be read).
 */
export function sketchAnalysisErrorText(error: unknown): string {
  return error instanceof HttpError ? GENERATION_TEXTS.analysis.unavailable : GENERATION_TEXTS.analysis.error;
}

/** A job id for `POST /api/generate` and its events (a UUID v4; `crypto.randomUUID` needs a secure context). */
export function newJobId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
