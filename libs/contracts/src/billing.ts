import { z } from 'zod';
import { subscriptionSchema } from './auth.js';
import { errorText } from './errors.js';
import { PAID_PLAN_TYPES } from './plans.js';

/**
 * Billing (spec §1, §3 subscription, §4, §6, §7 checkout and portal, §8, §9 credits):
 * Stripe subscriptions, the credit ledger and credit reservations, owned by billing-service.
 */

/** The billing refusals' texts, from the error catalogue (`./errors`). */
export const BILLING_MESSAGES = {
  /** Checkout and portal with no `STRIPE_SECRET_KEY`. */
  notConfigured: errorText('billing.not-configured'),
  /** A webhook whose `stripe-signature` does not verify; nothing is changed. */
  invalidSignature: errorText('billing.invalid-signature'),
  /** The portal for a user who never checked out. */
  noBillingAccount: errorText('billing.no-billing-account'),
  /** Checkout while a subscription is in force (active, trialing or past due): the billing portal changes plans. */
  subscriptionExists: errorText('billing.subscription-exists'),
  /** Stripe could not be reached or refused; its own text stays in the service's log. */
  providerFailed: errorText('billing.provider-failed'),
  /** A capture or release of an unknown reservation. */
  reservationNotFound: errorText('credits.reservation-not-found'),
  /** A capture of a reservation already released or expired. */
  reservationNotHeld: errorText('credits.reservation-not-held'),
} as const;

/**
 * Spec §8 "Not enough credits": 'Insufficient credits for this generation' with '(n over limit)'.
 * @param overBy credits short, a whole number of at least 1
 */
export function insufficientCreditsMessage(overBy: number): string {
  return errorText('credits.insufficient', { overBy });
}

/** Spec §9: credits granted per paid period (monthly: reset to 200 each month; yearly: a pool of 2,400 for the year). */
export const PLAN_CREDITS = { monthly: 200, yearly: 2400 } as const;

/** Spec §9: the VIP (unlimited) plan's credits as shown; no credit check applies to it. */
export const UNLIMITED_CREDITS = 999_999;

/** How long a reservation is held unless captured or released, in seconds (default). */
export const DEFAULT_RESERVATION_TTL_SECONDS = 600;

/** Stripe price lookup keys of the two paid plans (used unless `STRIPE_PRICE_*` ids are configured). */
export const PRICE_LOOKUP_KEYS = { monthly: 'archlens_pro_monthly', yearly: 'archlens_pro_yearly' } as const;

/** The subscription plans billing-service records (`unlimited` is the VIP plan, spec §6). */
export const SUBSCRIPTION_PLANS = ['monthly', 'yearly', 'unlimited'] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

/** `POST /api/create-checkout-session` body (spec §7): `{planType: 'monthly' | 'yearly'}`. */
export const createCheckoutSessionRequestSchema = z.object({
  planType: z.enum(PAID_PLAN_TYPES, { error: 'planType must be monthly or yearly' }),
});
export type CreateCheckoutSessionRequest = z.infer<typeof createCheckoutSessionRequestSchema>;

/** `POST /api/create-portal-session` body (spec §7: empty JSON); anything sent is ignored. */
export const createPortalSessionRequestSchema = z.object({});

/** Answer of checkout and portal (spec §7): the Stripe page the browser goes to. */
export const sessionUrlResponseSchema = z.object({ url: z.string().url() });
export type SessionUrlResponse = z.infer<typeof sessionUrlResponseSchema>;

/** `POST /api/webhooks/stripe` answer once the event is verified and applied (or recognised as a repeat). */
export const stripeWebhookResponseSchema = z.object({ received: z.literal(true) });
export type StripeWebhookResponse = z.infer<typeof stripeWebhookResponseSchema>;

const userId = z.string().uuid();
const reservationId = z.string().uuid();

/** Job `billing.create-checkout-session`: the signed-in user and the plan. */
export const createCheckoutSessionJobSchema = z.object({ userId, planType: z.enum(PAID_PLAN_TYPES) });
/** Job `billing.create-portal-session`: the signed-in user. */
export const createPortalSessionJobSchema = z.object({ userId });
export const sessionUrlResultSchema = sessionUrlResponseSchema;

/**
 * Job `billing.handle-stripe-webhook`: the raw body as text (the signature covers its exact bytes)
 * and the `stripe-signature` header. Nothing else: no key or secret travels through Redis.
 */
export const handleStripeWebhookJobSchema = z.object({
  payload: z.string().min(1).max(100_000),
  signature: z.string().min(1).max(2000),
});
export const handleStripeWebhookResultSchema = stripeWebhookResponseSchema;

/**
 * Job `billing.reserve-credits` (money and credits): holds `amount`
 * credits before a paid provider call. `reference` is the caller's idempotency key (e.g. a
 * generation job id): reserving again with the same reference returns the same reservation.
 * `ttlSeconds` (default `DEFAULT_RESERVATION_TTL_SECONDS`): released by the expiry job after it.
 */
export const reserveCreditsJobSchema = z.object({
  userId,
  amount: z.number().int().min(1).max(100_000),
  reference: z.string().min(1).max(200),
  ttlSeconds: z
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .optional(),
});
export type ReserveCreditsJob = z.infer<typeof reserveCreditsJobSchema>;
/** Result of a reservation: its id and the balance after it (`UNLIMITED_CREDITS` on the unlimited plan). */
export const reserveCreditsResultSchema = z.object({ reservationId, balance: z.number().int().min(0) });
export type ReserveCreditsResult = z.infer<typeof reserveCreditsResultSchema>;

/** Jobs `billing.capture-credits` and `billing.release-credits`: one reservation. */
export const reservationJobSchema = z.object({ reservationId });
export const RESERVATION_STATUSES = ['reserved', 'captured', 'released', 'expired'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
/** Result of capture and release: the reservation's status afterwards and the owner's balance. */
export const reservationResultSchema = z.object({
  reservationId,
  status: z.enum(RESERVATION_STATUSES),
  balance: z.number().int().min(0),
});
export type ReservationResult = z.infer<typeof reservationResultSchema>;

/**
 * Job `billing.record-free-retry`: records a free retry in the ledger as a zero-cost generation
 * (delta 0, reason `free_retry`), once per `reference`, the id of the generation retried free (the
 * ledger's unique reason and reference make a repeat a no-op). The balance does not move.
 */
export const recordFreeRetryJobSchema = z.object({ userId, reference: z.string().uuid() });
/** Result of `billing.record-free-retry`: whether this call recorded it (false: recorded before) and the balance. */
export const recordFreeRetryResultSchema = z.object({ recorded: z.boolean(), balance: z.number().int().min(0) });
export type RecordFreeRetryResult = z.infer<typeof recordFreeRetryResultSchema>;

/** Job `billing.expire-reservations` (scheduled): releases reservations past their `expires_at`, once each. */
export const expireReservationsJobSchema = z.object({});
export const expireReservationsResultSchema = z.object({ expired: z.number().int().min(0) });

/** Job `billing.get-account`: the user's subscription as `GET /api/auth/user` shows it, and the balance. */
export const getAccountJobSchema = z.object({ userId });
export const getAccountResultSchema = z.object({
  subscription: subscriptionSchema.nullable(),
  balance: z.number().int().min(0),
});
export type BillingAccount = z.infer<typeof getAccountResultSchema>;

/**
 * Job `billing.grant-unlimited` (spec §6 VIP): puts the user on the active
 * unlimited plan, with no Stripe involved (works without keys). Idempotent.
 */
export const grantUnlimitedJobSchema = z.object({ userId });
export const grantUnlimitedResultSchema = getAccountResultSchema;
