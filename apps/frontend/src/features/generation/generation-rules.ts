import type { Subscription } from '@archlens/contracts/auth';
import type { CapabilitiesResponse } from '@archlens/contracts/capabilities';
import {
  estimateGenerationCost,
  GENERATION_DEFAULTS,
  isWorkflowProvider,
  MAX_SEED,
  type AspectRatio,
  type DetailLevel,
  type GenerationProvider,
  type Lighting,
} from '@archlens/contracts/generation-options';
import { UNLIMITED_CREDITS_THRESHOLD } from '@archlens/contracts/plans';
import { isBlankText } from '@archlens/contracts/plain-text';
import { isStyleDescriptionWithinLimit } from '@archlens/contracts/style-profile';
import { creditUsage } from '../account/subscription-display';
import { GENERATION_TEXTS } from './texts';

/**
 * The rules of /create that decide what the page allows and shows (spec §2 /create, §5 generation
 * validation, §6 Pro and Unlimited, §8 toasts, §9 cost and grid). Pure, so that each is unit tested.
 */

/** Spec §4, §6: Pro is a subscription whose status is 'active' (the VIP plan included). */
export function isProSubscription(subscription: Subscription | null | undefined): boolean {
  return subscription?.status === 'active';
}

/** Spec §6, §9: the unlimited (VIP) plan, or 999,999 credits or more, has no credit check. */
export function hasUnlimitedCredits(subscription: Subscription | null | undefined): boolean {
  return subscription?.plan === 'unlimited' || (subscription?.credits_remaining ?? 0) >= UNLIMITED_CREDITS_THRESHOLD;
}

/** What the credits meter of /create shows (spec §2: credits meter with an estimated cost). */
export interface CreditsMeter {
  unlimited: boolean;
  /** Credits remaining now (never negative). */
  remaining: number;
  /** Spec §9 estimated cost of the generation as set. */
  cost: number;
  /** True when the plan is unlimited or the credits cover the cost. */
  enough: boolean;
  /** How many credits the cost exceeds the balance by; 0 when enough. */
  overBy: number;
  /** Credits left once this generation is paid for; null when unlimited or not enough. */
  remainingAfter: number | null;
  /** Share of the plan's allowance left now and after this generation, 0 to 100 (the bar). */
  percentNow: number;
  percentAfter: number;
}

/** Spec §2, §9: the meter for a generation of `variations` images at `detailLevel`. */
export function creditsMeter(subscription: Subscription | null | undefined, variations: number, detailLevel: DetailLevel): CreditsMeter {
  const cost = estimateGenerationCost(variations, detailLevel);
  const remaining = Math.max(0, subscription?.credits_remaining ?? 0);
  if (hasUnlimitedCredits(subscription)) {
    return { unlimited: true, remaining, cost, enough: true, overBy: 0, remainingAfter: null, percentNow: 100, percentAfter: 100 };
  }
  const enough = remaining >= cost;
  // The plan's allowance (200 monthly, 2,400 yearly); a balance above it (credits carried over) fills the bar.
  const base = Math.max(creditUsage(subscription ?? null).allowance, remaining, 1);
  const percentNow = (remaining / base) * 100;
  return {
    unlimited: false,
    remaining,
    cost,
    enough,
    overBy: enough ? 0 : cost - remaining,
    remainingAfter: enough ? remaining - cost : null,
    percentNow,
    percentAfter: enough ? ((remaining - cost) / base) * 100 : 0,
  };
}

/**
 * Whether /create can use a provider now: `available`; `checking` while the answer is awaited;
 * `not-configured` when the generation worker says it has no key for it; `unavailable` when that
 * could not be checked (the worker did not answer, or the call failed).
 */
export type ProviderAvailability = 'available' | 'checking' | 'not-configured' | 'unavailable';

/**
 * A provider's `ProviderAvailability`. The prompt workflows (sora, midjourney) need no key and are
 * always available; openai and stability-ai only when the answer says so.
 * @param capabilities the answer, or undefined while it is awaited or after the call failed
 * @param failed true when the call failed (no answer will come)
 */
export function providerAvailability(
  provider: GenerationProvider,
  capabilities: CapabilitiesResponse | undefined,
  failed = false,
): ProviderAvailability {
  if (provider === 'sora' || provider === 'midjourney') return 'available';
  // A failed call is read as an answer that checked nothing (`NOTHING_CHECKED`).
  if (!capabilities) return failed ? 'unavailable' : 'checking';
  if (capabilities.imageProviders[provider]) return 'available';
  return capabilities.imageProvidersChecked ? 'not-configured' : 'unavailable';
}

/**
 * Spec §5: 'Generate Images' is disabled without a sketch, while a generation is pending, or when a
 * non-unlimited plan has fewer credits than the estimated cost; and, before anything is sent, when
 * the provider chosen cannot be used on this server (`providerBlockedNote` says why).
 * @param state.providerAvailability the chosen provider's availability; `available` when not given
 */
export function isGenerateDisabled(state: {
  hasSketch: boolean;
  pending: boolean;
  meter: CreditsMeter;
  providerAvailability?: ProviderAvailability;
}): boolean {
  return !state.hasSketch || state.pending || !state.meter.enough || (state.providerAvailability ?? 'available') !== 'available';
}

/**
 * Why the chosen provider cannot be used, shown under the provider control and above Generate
 * Images; null when it can.
 */
export function providerBlockedNote(provider: GenerationProvider, availability: ProviderAvailability): string | null {
  if (availability === 'available') return null;
  return GENERATION_TEXTS.controls.providerBlocked[availability](GENERATION_TEXTS.controls.providerName(provider));
}

/**
 * The label of a provider's option: its name, `(workflow)` for the prompt workflows, and why it
 * cannot be used when it cannot (the option is then disabled).
 */
export function providerOptionLabel(provider: GenerationProvider, availability: ProviderAvailability): string {
  const T = GENERATION_TEXTS.controls;
  const name = T.providerName(provider);
  if (isWorkflowProvider(provider)) return `${name} (${T.workflowTag})`;
  return availability === 'available' ? name : `${name} (${T.providerUnavailableTag[availability]})`;
}

/** A toast's title and description. */
export interface ToastText {
  title: string;
  description: string;
}

/** Spec §8: 'Insufficient credits for this generation' with '(n over limit)'. */
export function insufficientCreditsToast(overBy: number): ToastText {
  return { title: GENERATION_TEXTS.toasts.insufficientTitle, description: GENERATION_TEXTS.toasts.overLimit(overBy) };
}

/**
 * The checks made when a generation is asked for, by the button or by 'Variations' and
 * 'Regenerate with this seed' (which stay enabled once there is a result), in this order: a
 * provider this server cannot use (before anything is sent or cleared), spec §5 'Sketch Required',
 * 'Style Description Required' (blank or only invisible characters: `isBlankText`, as the server
 * reads it), 'Description Too Long' (over 500 characters counted as the server counts them), then
 * spec §8 insufficient credits.
 * @param state.provider the chosen provider and its availability; none: a provider that is available
 * @returns the toast to show, or null when the generation may start
 */
export function checkBeforeGenerate(state: {
  hasSketch: boolean;
  styleDescription: string;
  meter: CreditsMeter;
  provider?: { name: GenerationProvider; availability: ProviderAvailability };
}): ToastText | null {
  const T = GENERATION_TEXTS.toasts;
  const blocked = state.provider ? providerBlockedNote(state.provider.name, state.provider.availability) : null;
  if (blocked) return { title: T.providerUnavailableTitle, description: blocked };
  if (!state.hasSketch) return { title: T.sketchRequiredTitle, description: T.sketchRequired };
  if (isBlankText(state.styleDescription)) return { title: T.styleRequiredTitle, description: T.styleRequired };
  if (!isStyleDescriptionWithinLimit(state.styleDescription)) return { title: T.styleTooLongTitle, description: T.styleTooLong };
  if (!state.meter.enough) return insufficientCreditsToast(state.meter.overBy);
  return null;
}

/**
 * Where the combined-prompt preview of /create shows a placeholder (spec §2 combined prompt: style
 * from the user): with no style description, `buildGenerationPrompt` leaves its first paragraph
 * ('…in this design style:') followed by nothing, and the preview would read as cut off.
 * @returns the prompt before the missing style (its first paragraph) and after it (the rest, '' when
 *   none), or null when there is a style description to show
 */
export function missingStylePlace(prompt: string, styleDescription: string): { before: string; after: string } | null {
  // As the prompt builder reads the style (trimmed), so the split matches the text it made.
  if (styleDescription.trim().length > 0) return null;
  const end = prompt.indexOf('\n\n');
  return end === -1 ? { before: prompt, after: '' } : { before: prompt.slice(0, end), after: prompt.slice(end + 2) };
}

/**
 * Spec §2, §9: the image grid has 1, 2 or 3 columns by image count: one image alone, two side by
 * side, three in a row, four as two rows of two (not three and an orphan), five or more in threes.
 */
export function gridColumns(imageCount: number): 1 | 2 | 3 {
  if (imageCount <= 1) return 1;
  if (imageCount === 2 || imageCount === 4) return 2;
  return 3;
}

/** The metadata fields that decide what the results panel shows (spec §3 generation result). */
export interface ResultViewInput {
  provider: GenerationProvider;
  integratedWorkflow: boolean;
  soraPrompt?: string;
  soraInstructions?: string[];
  midjourneyPrompt?: string;
  midjourneyInstructions?: string[];
  prompt: string;
}

/** What the results panel shows: the images, or a provider's workflow (spec §2 /create). */
export type ResultView =
  | { kind: 'images' }
  | {
      kind: 'workflow';
      provider: 'sora' | 'midjourney';
      /** Spec §2: integrated = image-to-image from the uploaded sketch; otherwise a manual workflow. */
      workflow: 'integrated' | 'manual';
      prompt: string;
      instructions: string[];
    };

/**
 * Spec §2: with sora or midjourney the results show a workflow view instead of images; the
 * integrated workflow is image-to-image, otherwise a manual workflow. The provider's own prompt
 * (`soraPrompt`, `midjourneyPrompt`) is shown, or the combined prompt when it is missing.
 */
export function resultView(metadata: ResultViewInput): ResultView {
  if (!isWorkflowProvider(metadata.provider)) return { kind: 'images' };
  const sora = metadata.provider === 'sora';
  return {
    kind: 'workflow',
    provider: metadata.provider,
    workflow: metadata.integratedWorkflow ? 'integrated' : 'manual',
    prompt: (sora ? metadata.soraPrompt : metadata.midjourneyPrompt) ?? metadata.prompt,
    instructions: (sora ? metadata.soraInstructions : metadata.midjourneyInstructions) ?? [],
  };
}

/**
 * The optional seed as typed: empty is no seed (the provider picks one); otherwise a whole number
 * from 0 to `MAX_SEED`.
 */
export function parseSeed(text: string): { ok: true; seed: number | undefined } | { ok: false } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, seed: undefined };
  if (!/^\d+$/.test(trimmed)) return { ok: false };
  const seed = Number(trimmed);
  return seed <= MAX_SEED ? { ok: true, seed } : { ok: false };
}

/** The generation controls of /create as the page holds them (spec §2, §9); the seed as typed. */
export interface GenerationSettings {
  aspectRatio: AspectRatio;
  provider: GenerationProvider;
  detailLevel: DetailLevel;
  lighting: Lighting;
  sketchInfluence: number;
  variations: number;
  seed: string;
}

/** Spec §9 defaults: 16:9, sora, medium, golden hour, influence 75, 1 variation, no seed. */
export const DEFAULT_SETTINGS: GenerationSettings = { ...GENERATION_DEFAULTS, seed: '' };

/** Spec §4 generation status display: the label, its colour and its icon. */
export interface GenerationStatusDisplay {
  label: string;
  color: 'success' | 'error' | 'default';
  icon: 'check' | 'cross' | 'clock';
}

/** Spec §4: succeeded = 'Completed' (green check), failed = 'Failed' (red cross), anything else = 'In Progress' (clock). */
export function generationStatusDisplay(status: string): GenerationStatusDisplay {
  const labels = GENERATION_TEXTS.history.status;
  if (status === 'succeeded') return { label: labels.succeeded, color: 'success', icon: 'check' };
  if (status === 'failed') return { label: labels.failed, color: 'error', icon: 'cross' };
  return { label: labels.pending, color: 'default', icon: 'clock' };
}
