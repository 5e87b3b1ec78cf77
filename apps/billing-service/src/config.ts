import { z } from 'zod';
import { databaseEnv, loadConfig, optionalString, redisEnv, workerObservabilityEnv } from '@archlens/platform/config';

/**
 * billing-service environment (README "Configuration"). The Stripe values are secrets: they are
 * read here and never logged. With no `STRIPE_SECRET_KEY`, checkout and portal answer 503
 * 'Payments are not configured': payments have no local stand-in.
 */
export const billingConfigSchema = z.object({
  ...databaseEnv,
  ...redisEnv,
  ...workerObservabilityEnv,
  /** Stripe secret API key (`sk_…`); unset switches payments off. Sensitive. */
  STRIPE_SECRET_KEY: optionalString,
  /** Signing secret of the webhook endpoint (`whsec_…`); unset refuses every webhook with 503. Sensitive. */
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Another Stripe API origin, e.g. `http://127.0.0.1:12111` for a loopback stand-in (tests); Stripe's own otherwise. */
  STRIPE_API_BASE: optionalString.pipe(z.string().url().optional()),
  /** Price id of Pro Monthly; unset looks the price up by its lookup key `archlens_pro_monthly`. */
  STRIPE_PRICE_MONTHLY: optionalString,
  /** Price id of Pro Yearly; unset looks the price up by its lookup key `archlens_pro_yearly`. */
  STRIPE_PRICE_YEARLY: optionalString,
  /** The app's public origin, for Checkout's success (`/account?checkout=success`) and cancel (`/pricing`) URLs and the portal's return URL. */
  APP_URL: z
    .string()
    .url()
    .default('http://localhost:3000')
    .transform((v) => v.replace(/\/+$/, '')),
  /** How often expired credit reservations are swept back, in ms. */
  BILLING_EXPIRY_SWEEP_MS: z.coerce.number().int().min(1000).default(60_000),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;

/** Injection token of the service's configuration. */
export const BILLING_CONFIG = Symbol('BILLING_CONFIG');

/** @throws Error listing every invalid variable */
export function loadBillingConfig(env: NodeJS.ProcessEnv = process.env): BillingConfig {
  return loadConfig(billingConfigSchema, env);
}
