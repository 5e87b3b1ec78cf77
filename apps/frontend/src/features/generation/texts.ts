import {
  aspectRatioLabel,
  CREDIT_COSTS_SHOWN,
  GENERATION_MESSAGES as M,
  GENERATION_STATUS_LABELS,
  GEOMETRY_DRIFT_BELOW,
  MAX_REFERENCE_IMAGES,
  type AspectRatio,
  type DetailLevel,
  type GenerationProvider,
  type Lighting,
} from '@archlens/contracts/generation-options';
import { STYLE_PROFILE_MESSAGES } from '@archlens/contracts/style-profile';
import type { TextActionLabels } from '../../shared/text-actions/TextActionButtons';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

const PROVIDER_NAMES: Record<GenerationProvider, string> = {
  sora: 'Sora',
  openai: 'OpenAI',
  'stability-ai': 'Stability AI',
  midjourney: 'Midjourney',
};

/**
 * Every user-visible text of Image Generation: /create and Recent Activity (spec §2, §4, §5, §8
 * texts word for word, most of them from `GENERATION_MESSAGES` of the contracts; our own in
 * British English).
 */
export const GENERATION_TEXTS = {
  pageTitle: 'Image Generation',
  pageIntro:
    'Turn a sketch into photorealistic visualisations in your own design language. The sketch gives the structure, your style description the character.',
  betaBadge: 'BETA',

  /** Spec §2, §6: what a user without an active subscription sees instead of the tool. */
  proRequired: {
    title: M.proRequiredTitle,
    copy: 'Image Generation is part of ArchLens Pro. Subscribe monthly or yearly for the credits that pay for your renders; style analysis and sketch reading stay free.',
    cta: 'Upgrade to Pro',
  },

  sketch: {
    heading: 'Sketch',
    upload: 'Upload Sketch',
    replace: 'Replace',
    remove: 'Remove sketch',
    dropHint: 'or drag and drop it here',
    formats: 'JPG, PNG, WebP · one sketch · 50MB',
    previewAlt: (fileName: string) => `Your sketch: ${fileName}`,
  },

  /** Spec §2 automatic sketch analysis panel; the two error texts are spec §8's. */
  analysis: {
    heading: 'Sketch Analysis',
    idle: 'Upload a sketch and it is read at once: what it shows becomes the structure part of the prompt.',
    reading: 'Reading your sketch…',
    unavailable: M.sketchAnalysisUnavailable,
    error: M.sketchAnalysisError,
    retry: 'Try again',
    showDetails: (n: number) => `Show the ${plural(n, 'detail', 'details')}`,
    hideDetails: 'Hide details',
    drawingType: (type: string) => `Read as ${/^[aeiou]/i.test(type) ? 'an' : 'a'} ${type}`,
  },

  references: {
    heading: 'Reference Images',
    intro: `Up to ${MAX_REFERENCE_IMAGES} images of materials, light or buildings the render should follow.`,
    count: (n: number) => `${n}/${MAX_REFERENCE_IMAGES}`,
    add: 'Add reference image',
    slot: (position: number) => `Reference ${position}`,
    remove: (position: number) => `Remove reference ${position}`,
    listLabel: 'Reference image slots',
  },

  style: {
    heading: 'Style Description',
    label: 'Style description',
    placeholder: 'e.g. Warm brick and timber, deep window reveals, a calm rhythm of bays and generous daylight.',
    fromProfile: 'Prefilled from your saved style description. Select Edit to change it for this generation.',
    noProfile: 'You have no saved style description yet. Write one here, and save it as your default to reuse it.',
    edited: 'Edited for this generation. Save it as your default to keep it for next time.',
    edit: 'Edit',
    saveAsDefault: 'Save as default',
    saving: 'Saving…',
    /** The counter under the text area: '123/500 characters · 20 words' (spec §5: character and word counts, 500 at most). */
    counts: (characters: number, maxCharacters: number, words: number) =>
      `${characters.toLocaleString('en-GB')}/${maxCharacters.toLocaleString('en-GB')} characters · ${plural(words, 'word', 'words')}`,
  },

  prompt: {
    heading: 'Combined Prompt',
    intro: 'Structure from your sketch, style from your description, and the settings below: the prompt as it is sent.',
    actionsLabel: 'Prompt actions',
    /** Shown, muted, in the preview where the style description goes while there is none (not copied). */
    stylePlaceholder: '(add a style description)',
    textActions: {
      clipboardTitle: 'Image Generation Prompt',
      copyHint: 'Copy the combined prompt',
      addHint: 'Add the combined prompt to the Working Clipboard',
    } satisfies TextActionLabels,
  },

  controls: {
    heading: 'Generation Settings',
    aspectRatio: 'Aspect ratio',
    aspectRatioLabel: (ratio: AspectRatio) => aspectRatioLabel(ratio),
    provider: 'Provider',
    providerName: (provider: GenerationProvider) => PROVIDER_NAMES[provider],
    providerHelp: {
      sora: 'A prompt workflow for OpenAI Sora: no image is made here and no key is needed.',
      openai: 'Renders images here with OpenAI’s image editing model.',
      'stability-ai': 'Renders images here with Stability AI’s sketch control.',
      midjourney: 'A prompt workflow for Midjourney: no image is made here.',
    } satisfies Record<GenerationProvider, string>,
    workflowTag: 'workflow',
    /**
     * What a paid provider's option adds when /create cannot use it (`GET /api/capabilities`): not
     * yet known, no key on this server, or not checked because the generation worker did not answer.
     */
    providerUnavailableTag: {
      checking: 'checking…',
      'not-configured': 'not configured on this server',
      unavailable: 'unavailable just now',
    },
    /**
     * The server setting (environment variable of the generation worker) that enables a paid
     * provider, named under the controls while that provider is not configured.
     */
    providerSettings: { openai: 'OPENAI_API_KEY (or GENERATION_OPENAI_API_KEY)', 'stability-ai': 'STABILITY_API_KEY' },
    providerSettingHint: (provider: string, setting: string) => `${provider} is enabled by setting ${setting} on the server.`,
    /** Under the provider control and above Generate Images, when the provider chosen cannot be used. */
    providerBlocked: {
      checking: (provider: string) => `Checking whether ${provider} is available on this server…`,
      'not-configured': (provider: string) =>
        `${provider} is not configured on this server, so it cannot render here. Choose the Sora or Midjourney workflow instead.`,
      unavailable: (provider: string) =>
        `${provider} could not be checked just now, so it cannot be used. Choose the Sora or Midjourney workflow, or reload the page in a moment.`,
    },
    detailLevel: 'Detail level',
    detailLevels: { low: 'Low', medium: 'Medium', high: 'High' } satisfies Record<DetailLevel, string>,
    lighting: 'Lighting',
    lightingOptions: {
      golden_hour: 'Golden hour',
      day_soft: 'Soft daylight',
      overcast: 'Overcast',
      evening: 'Evening',
    } satisfies Record<Lighting, string>,
    sketchInfluence: 'Sketch influence',
    sketchInfluenceHelp: `Every render gets a sketch fidelity score from 0 to 100: how much of your sketch's lines it kept. Below ${GEOMETRY_DRIFT_BELOW} it is marked as geometry drift, and the generation can be run again once, free. Raise the influence to hold the geometry closer.`,
    sketchInfluenceValue: (value: number, label: string) => `${value}% · ${label}`,
    variations: 'Variations',
    seed: 'Seed (optional)',
    seedHelp: 'Leave empty for a random seed; reuse one to repeat a result.',
    seedInvalid: 'A seed is a whole number from 0 to 4,294,967,294.',
    seedIgnored: 'OpenAI’s image API takes no seed: this one will not be used.',
  },

  credits: {
    heading: 'Credits',
    unlimited: 'Unlimited',
    remaining: (n: number) => plural(n, 'credit remaining', 'credits remaining'),
    estimatedCost: 'Estimated cost',
    cost: (n: number) => plural(n, 'credit', 'credits'),
    after: (n: number) => `${plural(n, 'credit', 'credits')} left after this generation`,
    unlimitedCopy: 'Your plan has unlimited credits: no credit check.',
    short: (n: number) => `This generation needs ${plural(n, 'more credit', 'more credits')} than you have.`,
    viewPlans: 'View Plans',
    barLabel: 'Credits remaining after this generation',
    /** Spec §9 credit costs as shown. */
    costsShown: `Credit costs: basic ${CREDIT_COSTS_SHOWN.basic} · high detail +${CREDIT_COSTS_SHOWN.highDetail} · variation ${CREDIT_COSTS_SHOWN.variation} · upscale ${CREDIT_COSTS_SHOWN.upscale}`,
  },

  generate: 'Generate Images',

  progress: {
    heading: 'Generating your visualisations',
    label: 'Generation progress',
    waiting: 'Starting the generation…',
    queued: 'Waiting for a free generation worker…',
    reserving: 'Reserving your credits…',
    rendering: (done: number | null, total: number | null) =>
      total
        ? done !== null && done >= total
          ? `All ${total} rendered`
          : `Rendering image ${Math.min((done ?? 0) + 1, total)} of ${total}…`
        : 'Rendering…',
    storing: 'Saving your renders…',
    succeeded: 'Finished.',
    failed: 'The generation failed.',
    simulated: 'Generating. Live progress is not available, so this bar is an estimate.',
    live: 'Live progress from the generation worker',
  },

  empty: {
    heading: 'Ready to Generate',
    copy: 'Upload a sketch, check the combined prompt and the settings, then select Generate Images. Your renders appear here.',
    copyWithSketch:
      'Your sketch is loaded. Check the combined prompt and the settings, then select Generate Images. Your renders appear here.',
  },

  results: {
    heading: 'Your Visualisations',
    meta: (date: string, images: number, credits: number) =>
      `${date} · ${plural(images, 'image', 'images')} · ${plural(credits, 'credit', 'credits')} used`,
    details: (provider: string, model: string | null, size: string | null) =>
      [provider, model, size].filter((part): part is string => Boolean(part)).join(' · '),
    actionsLabel: 'Result actions',
    variations: 'Variations',
    variationsHint: 'Generate 4 variations with the same sketch and settings',
    gridLabel: 'Generated images',
    render: (n: number) => `Render ${n}`,
    renderAlt: (n: number) => `Render ${n} of your sketch`,
    download: 'Download',
    downloadHint: (fileName: string) => `Download as ${fileName}`,
    upscale: 'Upscale',
    seed: (seed: number) => `Seed ${seed.toLocaleString('en-GB', { useGrouping: false })}`,
    noSeed: (provider: string) => `No seed: ${provider} does not take one.`,
    regenerateWithSeed: 'Regenerate with this seed',
    compare: (n: number) => `Compare the sketch with render ${n}`,
    compareValue: (percent: number) => `${percent}% of the sketch shown`,
    sketchLabel: 'Sketch',
    renderLabel: 'Render',
    fidelity: (score: number) => `Sketch fidelity ${score}`,
    geometryDrift: 'Geometry drift',
    fidelityHint: (score: number, drift: boolean) =>
      drift
        ? `Sketch fidelity ${score} of 100: this render lost much of your sketch's geometry.`
        : `Sketch fidelity ${score} of 100: how much of your sketch's lines this render kept.`,
    unmatchedLines: 'Show unmatched lines',
    unmatchedLinesLabel: (n: number) => `Show unmatched lines on render ${n}`,
    unmatchedLinesKey: "In magenta: your sketch's lines this render did not keep.",
    retryFree: 'Retry free',
    retryFreeHint: 'Run the same recipe again with a new seed, at no cost. Offered once for a generation marked geometry drift.',
    retryFreeNote: 'A render lost much of your sketch’s geometry. You can run this generation again once with a new seed, free of credits.',
  },

  /** Spec §2 sora and midjourney workflow views; spec §4: the transformation buttons are simulated with timers. */
  workflow: {
    heading: (provider: string) => `${provider} Workflow`,
    meta: (date: string, credits: number) => `${date} · ${plural(credits, 'credit', 'credits')} used`,
    integrated: 'Integrated workflow: image-to-image',
    integratedCopy: (provider: string) =>
      `Start from your sketch: upload it to ${provider} as the image input, then give it the prompt below.`,
    manual: 'Manual workflow',
    manualCopy: (provider: string) =>
      `Text only: the sketch is described in the prompt, so paste the prompt into ${provider} and compare the results with your sketch.`,
    prompt: 'Prompt',
    copyPrompt: 'Copy Prompt',
    instructions: 'Steps',
    copyInstructions: 'Copy Steps',
    imagesHeading: 'Images to upload',
    sketchImage: 'Your sketch',
    referenceImage: (n: number) => `Reference ${n}`,
    simulate: (provider: string) => `Simulate ${provider} transformation`,
    simulating: (provider: string) => `Simulating the ${provider} transformation…`,
    simulated: (provider: string) => `Simulation finished. Nothing was sent to ${provider}: follow the steps above to render it there.`,
    simulationLabel: 'Simulated transformation progress',
  },

  toasts: {
    sketchRequiredTitle: M.sketchRequiredTitle,
    sketchRequired: M.sketchRequired,
    styleRequiredTitle: M.styleRequiredTitle,
    styleRequired: M.styleRequired,
    /** Spec §5 style description over 500 characters: the editor's texts (the server's refusal too). */
    styleTooLongTitle: STYLE_PROFILE_MESSAGES.tooLongTitle,
    styleTooLong: STYLE_PROFILE_MESSAGES.tooLong,
    failedTitle: M.failedTitle,
    /** Spec §8: 'Insufficient credits for this generation' with '(n over limit)'. */
    insufficientTitle: 'Insufficient credits for this generation',
    overLimit: (n: number) => `(${n} over limit)`,
    proRequiredTitle: M.proRequiredTitle,
    proRequired: M.proRequired,
    downloadFailedTitle: M.downloadFailedTitle,
    downloadFailed: M.downloadFailed,
    upscaleTitle: M.upscaleTitle,
    upscale: M.upscale,
    seedInvalidTitle: 'Seed Not Valid',
    providerUnavailableTitle: 'Provider Not Available',
    imagesReadyTitle: 'Visualisations Ready',
    imagesReady: (n: number) => `${plural(n, 'render is', 'renders are')} ready below.`,
    retryFreeReadyTitle: 'Free Retry Ready',
    retryFreeRefusedTitle: 'Free Retry Not Available',
    retryFreeReady: (n: number) => `${plural(n, 'render is', 'renders are')} ready below, made with a new seed. No credits were used.`,
    workflowReadyTitle: 'Workflow Ready',
    workflowReady: (provider: string) => `Your ${provider} prompt and steps are ready below.`,
  },

  /** Spec §7 internal download messages (thrown, not shown). */
  downloadErrors: {
    status: (status: number) => `Download failed: ${status}`,
    noJobId: 'No job ID available',
  },

  /** Recent Activity on home and /account (spec §2, §4 generation status display). */
  history: {
    status: GENERATION_STATUS_LABELS,
    listLabel: 'Your latest generations',
    item: (provider: string, workflow: boolean, images: number) =>
      workflow ? `${provider} workflow` : images > 0 ? `${provider} · ${plural(images, 'image', 'images')}` : provider,
    credits: (n: number) => plural(n, 'credit', 'credits'),
    loadFailed: 'Your generations could not be loaded.',
    empty: 'No generations yet.',
    /** The accessible name of an item's button, which opens the generation. */
    open: (status: string, item: string, date: string) => `Open generation: ${status}, ${item}, ${date}`,
    dialogTitle: (provider: string) => `${provider} generation`,
    render: (n: number) => `Render ${n}`,
    downloadRender: (n: number) => `Download render ${n}`,
    workflowCopy: (provider: string) =>
      `A ${provider} workflow gives a prompt to use in ${provider} rather than images. Open Image Generation to make another.`,
    failedCopy: 'This generation failed, and its credits were returned. Open Image Generation to try again.',
    pendingCopy: 'This generation is still in progress. Its renders appear here once it has finished.',
    openCreate: 'Open Image Generation',
    close: 'Close',
  },
} as const;
