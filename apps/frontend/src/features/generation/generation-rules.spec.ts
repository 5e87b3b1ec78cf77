import type { Subscription } from '@archlens/contracts/auth';
import { combineCapabilities } from '@archlens/contracts/capabilities';
import { buildGenerationPrompt, GENERATION_DEFAULTS, GENERATION_PROVIDERS } from '@archlens/contracts/generation-options';
import {
  checkBeforeGenerate,
  creditsMeter,
  DEFAULT_SETTINGS,
  generationStatusDisplay,
  gridColumns,
  hasUnlimitedCredits,
  isGenerateDisabled,
  isProSubscription,
  missingStylePlace,
  parseSeed,
  providerAvailability,
  providerBlockedNote,
  providerOptionLabel,
  resultView,
  type ResultViewInput,
} from './generation-rules';

const sub = (overrides: Partial<Subscription> = {}): Subscription => ({
  status: 'active',
  plan: 'monthly',
  credits_remaining: 200,
  currentPeriodEnd: null,
  ...overrides,
});
const VIP = sub({ plan: 'unlimited', credits_remaining: 999_999 });

describe('Pro and Unlimited (spec §4, §6)', () => {
  it('is Pro only when the status is active', () => {
    expect(isProSubscription(sub())).toBe(true);
    expect(isProSubscription(VIP)).toBe(true);
    expect(isProSubscription(sub({ status: 'past_due' }))).toBe(false);
    expect(isProSubscription(sub({ status: 'canceled' }))).toBe(false);
    expect(isProSubscription(null)).toBe(false);
  });

  it('is Unlimited on the unlimited plan or from 999,999 credits', () => {
    expect(hasUnlimitedCredits(VIP)).toBe(true);
    expect(hasUnlimitedCredits(sub({ plan: 'yearly', credits_remaining: 999_999 }))).toBe(true);
    expect(hasUnlimitedCredits(sub({ plan: 'unlimited', credits_remaining: 0 }))).toBe(true);
    expect(hasUnlimitedCredits(sub({ credits_remaining: 999_998 }))).toBe(false);
    expect(hasUnlimitedCredits(null)).toBe(false);
  });
});

describe('credits meter (spec §2, §9)', () => {
  it('costs the larger of 10 and variations × 10, or × 15 at high detail', () => {
    expect(creditsMeter(sub(), 1, 'medium').cost).toBe(10);
    expect(creditsMeter(sub(), 1, 'low').cost).toBe(10);
    expect(creditsMeter(sub(), 1, 'high').cost).toBe(15);
    expect(creditsMeter(sub(), 3, 'medium').cost).toBe(30);
    expect(creditsMeter(sub(), 4, 'high').cost).toBe(60);
  });

  it('shows what is left after the generation, as a share of the plan allowance', () => {
    expect(creditsMeter(sub({ credits_remaining: 100 }), 2, 'medium')).toEqual({
      unlimited: false,
      remaining: 100,
      cost: 20,
      enough: true,
      overBy: 0,
      remainingAfter: 80,
      percentNow: 50,
      percentAfter: 40,
    });
  });

  it('says by how much the credits fall short', () => {
    expect(creditsMeter(sub({ credits_remaining: 25 }), 4, 'high')).toMatchObject({
      enough: false,
      overBy: 35,
      remainingAfter: null,
      percentAfter: 0,
    });
    // Exactly enough is enough.
    expect(creditsMeter(sub({ credits_remaining: 60 }), 4, 'high')).toMatchObject({ enough: true, overBy: 0, remainingAfter: 0 });
  });

  it('a balance above the allowance fills the bar rather than overflowing it', () => {
    expect(creditsMeter(sub({ credits_remaining: 260 }), 1, 'medium')).toMatchObject({ percentNow: 100 });
  });

  it('is Unlimited for the VIP plan, with no credit check', () => {
    expect(creditsMeter(VIP, 4, 'high')).toMatchObject({ unlimited: true, cost: 60, enough: true, remainingAfter: null });
    expect(creditsMeter(sub({ plan: 'unlimited', credits_remaining: 0 }), 4, 'high').enough).toBe(true);
  });
});

describe("'Generate Images' disabled (spec §5)", () => {
  const enough = creditsMeter(sub(), 1, 'medium');
  const short = creditsMeter(sub({ credits_remaining: 5 }), 1, 'medium');

  it('is enabled with a sketch, nothing pending and enough credits', () => {
    expect(isGenerateDisabled({ hasSketch: true, pending: false, meter: enough })).toBe(false);
  });

  it('is disabled without a sketch, while pending, or with fewer credits than the cost', () => {
    expect(isGenerateDisabled({ hasSketch: false, pending: false, meter: enough })).toBe(true);
    expect(isGenerateDisabled({ hasSketch: true, pending: true, meter: enough })).toBe(true);
    expect(isGenerateDisabled({ hasSketch: true, pending: false, meter: short })).toBe(true);
  });

  it('never for credits on the unlimited plan', () => {
    expect(
      isGenerateDisabled({
        hasSketch: true,
        pending: false,
        meter: creditsMeter(sub({ plan: 'unlimited', credits_remaining: 3 }), 4, 'high'),
      }),
    ).toBe(false);
  });
});

describe('checks before a generation (spec §5, §8)', () => {
  const meter = creditsMeter(sub(), 1, 'medium');

  it('asks for a sketch first, with the spec texts', () => {
    expect(checkBeforeGenerate({ hasSketch: false, styleDescription: '', meter })).toEqual({
      title: 'Sketch Required',
      description: 'Please upload a sketch to generate images.',
    });
  });

  it('then for a style description that is not blank', () => {
    expect(checkBeforeGenerate({ hasSketch: true, styleDescription: '  \n ', meter })).toEqual({
      title: 'Style Description Required',
      description: 'Please provide a style description for better results.',
    });
  });

  it('reads a style of only invisible characters as blank, as the server does (isBlankText)', () => {
    expect(checkBeforeGenerate({ hasSketch: true, styleDescription: '\u200b\u200b ', meter })).toEqual({
      title: 'Style Description Required',
      description: 'Please provide a style description for better results.',
    });
  });

  it('then refuses a style over 500 characters, counted as the server counts them', () => {
    expect(checkBeforeGenerate({ hasSketch: true, styleDescription: 'a'.repeat(501), meter })).toEqual({
      title: 'Description Too Long',
      description: 'Please keep your description under 500 characters.',
    });
    // 500 emoji are 1,000 UTF-16 units but 500 characters; surrounding spaces are not counted.
    expect(checkBeforeGenerate({ hasSketch: true, styleDescription: '🏛'.repeat(500), meter })).toBeNull();
    expect(checkBeforeGenerate({ hasSketch: true, styleDescription: `  ${'a'.repeat(500)}\n`, meter })).toBeNull();
  });

  it('then for the credits: "Insufficient credits for this generation" with "(n over limit)"', () => {
    // 'Variations' sets 4: 40 credits on a balance of 25.
    expect(
      checkBeforeGenerate({ hasSketch: true, styleDescription: 'Brick', meter: creditsMeter(sub({ credits_remaining: 25 }), 4, 'medium') }),
    ).toEqual({
      title: 'Insufficient credits for this generation',
      description: '(15 over limit)',
    });
    expect(checkBeforeGenerate({ hasSketch: true, styleDescription: 'Brick', meter })).toBeNull();
  });
});

describe('results grid (spec §2, §9: 1, 2 or 3 columns by image count)', () => {
  it('has one column for one image, two for two or four, three for three or more', () => {
    expect([0, 1, 2, 3, 4, 5].map(gridColumns)).toEqual([1, 1, 2, 3, 2, 3]);
  });
});

describe('results view (spec §2: workflow view for sora and midjourney)', () => {
  const metadata = (overrides: Partial<ResultViewInput>): ResultViewInput => ({
    provider: 'sora',
    integratedWorkflow: true,
    prompt: 'Combined prompt',
    ...overrides,
  });

  it('shows images for openai and stability-ai', () => {
    expect(resultView(metadata({ provider: 'openai', integratedWorkflow: false }))).toEqual({ kind: 'images' });
    expect(resultView(metadata({ provider: 'stability-ai', integratedWorkflow: false }))).toEqual({ kind: 'images' });
  });

  it('shows the Sora workflow: image-to-image when integrated, manual otherwise', () => {
    const sora = { soraPrompt: 'Sora prompt', soraInstructions: ['Open Sora', 'Upload the sketch'], midjourneyPrompt: 'not this' };
    expect(resultView(metadata({ ...sora }))).toEqual({
      kind: 'workflow',
      provider: 'sora',
      workflow: 'integrated',
      prompt: 'Sora prompt',
      instructions: ['Open Sora', 'Upload the sketch'],
    });
    expect(resultView(metadata({ ...sora, integratedWorkflow: false }))).toMatchObject({ workflow: 'manual', prompt: 'Sora prompt' });
  });

  it('shows the Midjourney workflow with its own prompt and steps, or the combined prompt when it has none', () => {
    expect(
      resultView(
        metadata({
          provider: 'midjourney',
          integratedWorkflow: false,
          midjourneyPrompt: 'mj --ar 16:9',
          midjourneyInstructions: ['/imagine'],
        }),
      ),
    ).toEqual({ kind: 'workflow', provider: 'midjourney', workflow: 'manual', prompt: 'mj --ar 16:9', instructions: ['/imagine'] });
    expect(resultView(metadata({ provider: 'midjourney', soraPrompt: 'not this' }))).toMatchObject({
      prompt: 'Combined prompt',
      instructions: [],
    });
  });
});

describe('controls (spec §9 defaults; optional seed)', () => {
  it('start at 16:9, sora, medium, golden hour, influence 75, 1 variation and no seed', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      aspectRatio: '16:9',
      provider: 'sora',
      detailLevel: 'medium',
      lighting: 'golden_hour',
      sketchInfluence: 75,
      variations: 1,
      seed: '',
    });
  });

  it('an empty seed is none; a whole number up to 4,294,967,294 is one; anything else is refused', () => {
    expect(parseSeed(' ')).toEqual({ ok: true, seed: undefined });
    expect(parseSeed('0')).toEqual({ ok: true, seed: 0 });
    expect(parseSeed('4294967294')).toEqual({ ok: true, seed: 4_294_967_294 });
    expect(parseSeed('4294967295')).toEqual({ ok: false });
    expect(parseSeed('12.5')).toEqual({ ok: false });
    expect(parseSeed('-3')).toEqual({ ok: false });
  });
});

describe('generation status display (spec §4)', () => {
  it('succeeded is Completed with a green check, failed is Failed with a red cross, anything else In Progress with a clock', () => {
    expect(generationStatusDisplay('succeeded')).toEqual({ label: 'Completed', color: 'success', icon: 'check' });
    expect(generationStatusDisplay('failed')).toEqual({ label: 'Failed', color: 'error', icon: 'cross' });
    expect(generationStatusDisplay('pending')).toEqual({ label: 'In Progress', color: 'default', icon: 'clock' });
    expect(generationStatusDisplay('queued')).toEqual({ label: 'In Progress', color: 'default', icon: 'clock' });
  });
});

describe('combined prompt preview with no style description (spec §2 combined prompt)', () => {
  const prompt = (styleDescription: string, sketchDescription = '') =>
    buildGenerationPrompt({ sketchDescription, styleDescription, ...GENERATION_DEFAULTS });

  it('marks the place after "…in this design style:" where the style goes', () => {
    const text = prompt('', 'A tall gable.');
    const place = missingStylePlace(text, '');
    expect(place).not.toBeNull();
    expect(place!.before.endsWith('in this design style:')).toBe(true);
    expect(place!.after.startsWith('Keep the structure the sketch shows: A tall gable.')).toBe(true);
    // Nothing is lost: the prompt as sent is the two parts with the paragraph break between them.
    expect(`${place!.before}\n\n${place!.after}`).toBe(text);
  });

  it('is not needed once there is a style description', () => {
    expect(missingStylePlace(prompt('Warm brick.'), 'Warm brick.')).toBeNull();
    expect(missingStylePlace(prompt('  '), '  ')).not.toBeNull();
  });
});

describe('providers this server cannot use (GET /api/capabilities)', () => {
  const meter = creditsMeter(sub(), 1, 'medium');
  const ready = { hasSketch: true, pending: false, meter };

  it('marks the option of an unusable paid provider, and leaves the others as they were', () => {
    expect(providerOptionLabel('stability-ai', 'not-configured')).toBe('Stability AI (not configured on this server)');
    expect(providerOptionLabel('openai', 'unavailable')).toBe('OpenAI (unavailable just now)');
    expect(providerOptionLabel('openai', 'checking')).toBe('OpenAI (checking…)');
    expect(providerOptionLabel('openai', 'available')).toBe('OpenAI');
    expect(providerOptionLabel('sora', 'available')).toBe('Sora (workflow)');
    expect(providerOptionLabel('midjourney', 'available')).toBe('Midjourney (workflow)');
  });

  it('disables Generate Images with the reason while the chosen provider cannot be used', () => {
    expect(isGenerateDisabled({ ...ready, providerAvailability: 'available' })).toBe(false);
    for (const availability of ['checking', 'not-configured', 'unavailable'] as const) {
      expect(isGenerateDisabled({ ...ready, providerAvailability: availability })).toBe(true);
      expect(providerBlockedNote('stability-ai', availability)).toMatch(/^(Checking whether )?Stability AI /);
    }
    expect(providerBlockedNote('stability-ai', 'not-configured')).toBe(
      'Stability AI is not configured on this server, so it cannot render here. Choose the Sora or Midjourney workflow instead.',
    );
    expect(providerBlockedNote('sora', 'available')).toBeNull();
  });

  it('refuses such a generation before any other check, so nothing is sent or cleared', () => {
    expect(
      checkBeforeGenerate({ hasSketch: false, styleDescription: '', meter, provider: { name: 'openai', availability: 'not-configured' } }),
    ).toEqual({
      title: 'Provider Not Available',
      description: 'OpenAI is not configured on this server, so it cannot render here. Choose the Sora or Midjourney workflow instead.',
    });
    expect(
      checkBeforeGenerate({ hasSketch: true, styleDescription: 'Brick', meter, provider: { name: 'sora', availability: 'available' } }),
    ).toBeNull();
  });
});

describe('providerAvailability (GET /api/capabilities)', () => {
  const OFFLINE = { analysisEngine: 'offline', sketchReadingEngine: 'offline' } as const;
  const known = combineCapabilities(OFFLINE, { openai: true, 'stability-ai': false });

  it('always offers the prompt workflows, even before or without an answer', () => {
    for (const capabilities of [undefined, known, combineCapabilities(null, null)]) {
      expect(providerAvailability('sora', capabilities)).toBe('available');
      expect(providerAvailability('midjourney', capabilities, true)).toBe('available');
    }
  });

  it('offers a paid provider only when the generation worker reports its key', () => {
    expect(providerAvailability('openai', known)).toBe('available');
    expect(providerAvailability('stability-ai', known)).toBe('not-configured');
  });

  it('tells waiting, unconfigured and unchecked apart', () => {
    expect(providerAvailability('openai', undefined)).toBe('checking');
    expect(providerAvailability('openai', undefined, true)).toBe('unavailable');
    expect(providerAvailability('stability-ai', combineCapabilities(OFFLINE, null))).toBe('unavailable');
  });

  it('covers every provider of spec §9', () => {
    expect(GENERATION_PROVIDERS.map((provider) => providerAvailability(provider, known))).toEqual([
      'available',
      'available',
      'not-configured',
      'available',
    ]);
  });
});
