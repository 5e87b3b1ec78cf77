import type { TextEngine } from '@archlens/contracts/capabilities';
import { MONEY_BACK_GUARANTEE_DAYS, PLAN_TIERS } from '@archlens/contracts/plans';
import { PRODUCT_NAME } from '../auth/texts';

/**
 * What Design Language Analysis does, by who writes the analyses on this server
 * (`GET /api/capabilities`): an AI vision model is named only when one writes them; the measuring
 * engine is described as what it does; while that is not known, neither is claimed.
 */
const ANALYSIS_FEATURE_COPY: Record<TextEngine, string> = {
  openai:
    'Up to 10 images at a time, read by an AI vision model: an 88-word primary description, an expanded analysis and tags, in British English.',
  offline:
    'Up to 10 images at a time, measured for proportion, order, palette and light and written up as design prose: an 88-word primary description, an expanded analysis and tags, in British English.',
  unknown: 'Up to 10 images at a time: an 88-word primary description, an expanded analysis and tags, in British English.',
};

/** Texts of the signed-out landing (spec §1, §2, §9). Prices and credits come from the plans contract. */
export const LANDING_TEXTS = {
  eyebrow: 'AI architectural style analysis',
  title: 'Read the design language of any building',
  copy: 'Upload photographs of a building and receive an 88-word description, an expanded analysis of massing, materials and light, and tags you can reuse in your prompts.',
  cta: 'FREE SIGN IN',
  tryFreeAnalysis: 'Try Free Analysis',
  note: 'Free: up to 10 images per analysis.',
  featuresEyebrow: 'Features',
  featuresTitle: 'From photograph to prompt',
  /** The feature cards; the first says who writes the analyses (`ANALYSIS_FEATURE_COPY`). */
  features: (analysisEngine: TextEngine) => [
    {
      title: 'Design Language Analysis',
      copy: ANALYSIS_FEATURE_COPY[analysisEngine],
    },
    {
      title: 'Process Your Sketch',
      copy: 'Upload up to 3 sketches and receive a summary with detailed analysis points.',
    },
    {
      title: 'Working Clipboard',
      copy: 'Collect descriptions as you go and build prompts for AI image generation, ready to copy or e-mail.',
    },
    {
      title: 'Image Generation',
      copy: 'Turn a sketch into hyper-photorealistic visualisations in your own design style, at several resolutions and variations.',
      pro: true,
    },
  ],
  proBadge: 'Pro',
  viewProFeatures: 'View Pro Features',
  toolsEyebrow: 'Tools',
  toolsTitle: 'Three tools, one workflow',
  pricingEyebrow: 'Pricing',
  pricingTitle: 'Start free, upgrade when you generate',
  pricingNote: `${MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee. Cancel any time.`,
  plans: {
    free: {
      ...PLAN_TIERS.free,
      // In the currency of the paid plans beside it ('0 SGD'), not '$0'.
      priceLabel: `${PLAN_TIERS.free.price} ${PLAN_TIERS.monthly.currency}`,
      periodLabel: PLAN_TIERS.free.period,
      features: ['Up to 10 images', '88-word descriptions', 'Expanded analysis', 'PDF export'],
      cta: 'Get Started Free',
    },
    monthly: {
      ...PLAN_TIERS.monthly,
      priceLabel: `${PLAN_TIERS.monthly.price} ${PLAN_TIERS.monthly.currency}`,
      periodLabel: `per ${PLAN_TIERS.monthly.period}`,
      features: [`${PLAN_TIERS.monthly.credits} credits every month`, 'Everything in Free', 'Image generation', 'Cancel any time'],
      cta: 'Upgrade to Pro',
    },
    yearly: {
      ...PLAN_TIERS.yearly,
      priceLabel: `${PLAN_TIERS.yearly.price} ${PLAN_TIERS.yearly.currency}`,
      periodLabel: `per ${PLAN_TIERS.yearly.period}`,
      features: [
        `${PLAN_TIERS.yearly.credits} credits a year`,
        'Everything in Pro Monthly',
        `${PLAN_TIERS.yearly.savingsPercent}% savings`,
      ],
      cta: 'Upgrade to Pro',
      highlight: `${PLAN_TIERS.yearly.savingsPercent}% savings`,
    },
  },
  footerTagline: `${PRODUCT_NAME}: AI style analysis and visualisation for architects, designers and design leaders.`,
  vipAccess: 'VIP Access',
  copyright: (year: number) => `© ${year} ${PRODUCT_NAME}`,
} as const;
