import { MONEY_BACK_GUARANTEE_DAYS, PLAN_TIERS } from '@archlens/contracts/plans';

/** Every user-visible text of /pricing (spec §1, §2, §8, §9; spec texts word for word, the rest British English). */
export const PRICING_TEXTS = {
  title: 'Plans and pricing',
  intro:
    'Analyse buildings and read sketches free of charge. Upgrade to Pro to turn sketches into visualisations with monthly or yearly credits.',
  plans: {
    free: {
      ...PLAN_TIERS.free,
      // In SGD like the Pro plans ('0 SGD'), so that the page shows one currency.
      priceLabel: `${PLAN_TIERS.free.price} ${PLAN_TIERS.monthly.currency}`,
      periodLabel: PLAN_TIERS.free.period,
      features: [
        'Design Language Analysis of up to 10 images',
        '88-word descriptions, expanded analysis and tags',
        'Sketch reading of up to 3 images',
        'PDF export',
      ],
      cta: 'Get Started Free',
    },
    monthly: {
      ...PLAN_TIERS.monthly,
      priceLabel: `${PLAN_TIERS.monthly.price} ${PLAN_TIERS.monthly.currency}`,
      periodLabel: `per ${PLAN_TIERS.monthly.period}`,
      features: [
        `${PLAN_TIERS.monthly.credits} credits every month`,
        'Everything in Free',
        'Image generation from your sketches',
        'Cancel any time',
      ],
      cta: 'Choose Pro Monthly',
    },
    yearly: {
      ...PLAN_TIERS.yearly,
      priceLabel: `${PLAN_TIERS.yearly.price} ${PLAN_TIERS.yearly.currency}`,
      periodLabel: `per ${PLAN_TIERS.yearly.period}`,
      features: [`${PLAN_TIERS.yearly.credits} credits a year`, 'Everything in Pro Monthly', 'One pool of credits for the whole year'],
      cta: 'Choose Pro Yearly',
      highlight: `${PLAN_TIERS.yearly.savingsPercent}% savings`,
    },
  },
  popular: 'Most popular',
  currentPlan: 'Current Plan',
  // The VIP's unlimited plan is its own: nothing on this page is for sale to it.
  includedWithVip: 'Included with VIP access',
  vipNote: 'Your VIP access already includes every Pro tool with unlimited credits, so there is no plan to buy.',
  redirecting: 'Opening checkout…',
  guaranteeTitle: `${MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee`,
  guarantee: `Not the right fit? Ask for a full refund within ${MONEY_BACK_GUARANTEE_DAYS} days of subscribing. Cancel any time.`,
  faqTitle: 'Frequently asked questions',
  faq: [
    {
      question: 'What are credits?',
      answer: `Credits pay for image generation. A basic generation costs 10 credits; high detail and variations cost more. Pro Monthly gives ${PLAN_TIERS.monthly.credits} credits, renewed each month; Pro Yearly gives a pool of ${PLAN_TIERS.yearly.credits.toLocaleString('en-GB')} credits for the year.`,
    },
    {
      question: 'What does the Free plan include?',
      answer:
        'Design Language Analysis of up to 10 images at a time (JPG, PNG or WebP, up to 20MB per image), sketch reading of up to 3 images and the Working Clipboard, with no card required.',
    },
    {
      question: 'Can I cancel at any time?',
      answer: 'Yes. Cancel from Manage billing on your account page; Pro stays active until the end of the period you have paid for.',
    },
    {
      question: 'How is payment taken?',
      answer: 'Securely by card through Stripe, in Singapore dollars. We never see or store your card details.',
    },
  ],
  // Spec §8, word for word.
  signInRequiredTitle: 'Sign In Required',
  signInRequired: 'Please sign in to choose a plan.',
  pleaseSignInTitle: 'Please Sign In',
  pleaseSignIn: 'You need to sign in to subscribe to a plan.',
  checkoutFailedTitle: 'Checkout Failed',
  checkoutFailedFallback: 'Please try again.',
  // Checkout refused because a Pro plan is already in force: plan changes go through the billing portal.
  managedFromAccount: 'Your Pro plan is managed from your account: switch between monthly and yearly, or cancel, with Manage billing.',
  goToAccount: 'Go to your account',
} as const;
