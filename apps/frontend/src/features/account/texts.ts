import { STYLE_PROFILE_MESSAGES, MAX_STYLE_DESCRIPTION_CHARS } from '@archlens/contracts/style-profile';

/** Every user-visible text of /account (spec §2, §4, §5, §8; spec texts word for word, the rest British English). */
export const ACCOUNT_TEXTS = {
  title: 'Your account',
  intro: 'Your subscription, your credits and the style description used for your generations.',

  subscriptionTitle: 'Subscription',
  // Spec §4 subscription display: PRO (active), 'Past Due' (past_due), the raw status otherwise.
  statusPro: 'PRO',
  statusPastDue: 'Past Due',
  statusFree: 'Free',
  plan: 'Plan',
  planNames: { monthly: 'Pro Monthly', yearly: 'Pro Yearly', unlimited: 'VIP (unlimited)', free: 'Free' },
  currentPeriodEnd: 'Current period ends',
  noPeriodEnd: 'Not applicable',
  freeCopy: 'You are on the Free plan: style analysis and sketch reading at no cost. Upgrade to Pro for image generation.',
  manageBilling: 'Manage billing',
  openingPortal: 'Opening billing portal…',
  viewPlans: 'View Plans',
  // The VIP plan is not sold or managed through Stripe: no billing portal to open.
  vipNoBilling: 'Your VIP access includes every Pro tool with unlimited credits. There is no billing to manage.',
  // Spec §8, word for word.
  portalErrorTitle: 'Portal Error',
  portalError: 'Unable to open billing portal. Please try again.',

  creditsTitle: 'Credit Usage',
  unlimited: 'Unlimited',
  creditsOf: (remaining: number, allowance: number) =>
    `${remaining.toLocaleString('en-GB')} of ${allowance.toLocaleString('en-GB')} credits remaining`,
  unlimitedCopy: 'Your plan has unlimited credits.',
  noCredits: 'No credits on the Free plan',
  creditsBarLabel: 'Credits remaining',

  styleTitle: 'Style Description',
  styleIntro: 'Describe the design language you work in. It is used as the style of your image generations.',
  styleLabel: 'Your style description',
  stylePlaceholder: 'e.g. Warm brick and timber, deep window reveals, a calm rhythm of bays and generous daylight.',
  characters: (count: number) => `${count}/${MAX_STYLE_DESCRIPTION_CHARS} characters`,
  words: (count: number) => `${count} ${count === 1 ? 'word' : 'words'}`,
  save: 'Save',
  saving: 'Saving…',
  loadFailed: 'Your saved description could not be loaded.',
  requiredTitle: STYLE_PROFILE_MESSAGES.requiredTitle,
  required: STYLE_PROFILE_MESSAGES.required,
  tooLongTitle: STYLE_PROFILE_MESSAGES.tooLongTitle,
  tooLong: STYLE_PROFILE_MESSAGES.tooLong,
  saveFailedTitle: STYLE_PROFILE_MESSAGES.saveFailedTitle,
  savedTitle: 'Style Saved',
  saved: 'Your style description has been saved.',
} as const;
