import { sessionUrlResponseSchema, type SessionUrlResponse } from '@archlens/contracts/billing';
import { API_PATHS } from '@archlens/contracts/paths';
import type { PaidPlanType } from '@archlens/contracts/plans';
import { apiRequest } from '../../../api/client';

/** The billing calls of spec §7; each throws `HttpError` ("{status}: {body}") on a non-OK answer. */
export const billingApi = {
  /** `POST /api/create-checkout-session` JSON {planType} → {url} of the Stripe Checkout page. */
  createCheckoutSession: (planType: PaidPlanType): Promise<SessionUrlResponse> =>
    apiRequest(API_PATHS.createCheckoutSession, { method: 'POST', json: { planType }, schema: sessionUrlResponseSchema }),
  /** `POST /api/create-portal-session` with empty JSON → {url} of the Stripe billing portal. */
  createPortalSession: (): Promise<SessionUrlResponse> =>
    apiRequest(API_PATHS.createPortalSession, { method: 'POST', json: {}, schema: sessionUrlResponseSchema }),
};

/** Sends the browser to a Stripe page (spec §7: "url; browser goes there"). */
export function goToStripe(url: string): void {
  window.location.assign(url);
}
