import { PRODUCT_NAME } from '../auth/texts';

/** Texts of the signed-out landing (spec §1, §2). */
export const LANDING_TEXTS = {
  eyebrow: 'Design language analysis',
  title: PRODUCT_NAME,
  copy: 'Upload photographs of a building and read its design language: an 88-word description, an expanded analysis of massing, materials and light, and tags you can reuse in your prompts.',
  cta: 'FREE SIGN IN',
  note: 'Free: up to 10 images per analysis.',
} as const;
