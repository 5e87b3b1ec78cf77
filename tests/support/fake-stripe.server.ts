// Test-only: a loopback HTTP server that speaks the part of Stripe's v1 API billing-service uses
// (customers, prices by lookup key, Checkout sessions (create, list open, expire), billing portal
// sessions, invoice payments by PaymentIntent, subscription cancellation), checks what it receives
// as the billing tests require, and records every request. It also builds the objects Stripe puts
// in its webhook events (a completed Checkout session, a paid invoice and its charge, a refund, a
// dispute), shaped as the SDK's API version writes them, so tests send what Stripe would.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** Form fields (POST) or query fields (GET), as Stripe's bracket notation writes them, e.g. `line_items[0][price]`. */
  fields: Record<string, string[]>;
  /** Why the server refused the request with 400, or null. */
  refusal: string | null;
}

/** A subscription invoice paid by card: the invoice, the charge that paid it and its PaymentIntent, as Stripe writes them. */
export interface PaidInvoice {
  invoice: Record<string, unknown>;
  charge: Record<string, unknown>;
  paymentIntent: string;
}

export interface FakeStripe {
  /** For `STRIPE_API_BASE`: `http://127.0.0.1:<port>`. */
  baseUrl: string;
  requests: RecordedStripeRequest[];
  /** Price ids by lookup key (`archlens_pro_monthly` → `price_monthly_test`, yearly likewise). */
  prices: Record<string, string>;
  /** A Checkout session's status as Stripe holds it (`open`, `expired`, `complete`), or undefined for an unknown id. */
  sessionStatus(id: string): string | undefined;
  /**
   * The `checkout.session.completed` object of a session this server created (its customer, user,
   * plan metadata), completed with `subscription` and `invoice`; the session is `complete` from then on.
   */
  completedSession(
    id: string,
    fields: { paymentStatus: 'paid' | 'unpaid' | 'no_payment_required'; subscription: string; invoice: string },
  ): Record<string, unknown>;
  /**
   * A paid invoice of `subscription` for `plan` (its line priced as in newer API versions:
   * `pricing.price_details.price`, the subscription under `parent.subscription_details`), with the
   * charge that paid it; registered so that `GET /v1/invoice_payments` by its PaymentIntent finds it.
   */
  paidInvoice(fields: { customer: string; subscription: string; userId: string; plan: 'monthly' | 'yearly'; id?: string }): PaidInvoice;
  /** The charge after a refund of `amount` in the smallest unit (all of it unless given), as `charge.refunded` carries it. */
  refunded(charge: Record<string, unknown>, amount?: number): Record<string, unknown>;
  /** A dispute opened on the charge, as `charge.dispute.created` carries it. */
  dispute(charge: Record<string, unknown>): Record<string, unknown>;
  /** Subscriptions cancelled through `DELETE /v1/subscriptions/{id}`, in order. */
  cancelled: string[];
  /** Subscriptions set to cancel at the end of their period (`POST /v1/subscriptions/{id}` with `cancel_at_period_end=true`), in order. */
  cancelledAtPeriodEnd: string[];
  close(): Promise<void>;
}

/** The plans' prices in the smallest unit of SGD (spec §9: 49.99 and 499). */
const PLAN_AMOUNTS = { monthly: 4999, yearly: 49_900 } as const;

function parseFields(text: string): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) (fields[key] ??= []).push(value);
  return fields;
}

const one = (fields: Record<string, string[]>, key: string) => fields[key]?.[0];

/**
 * Starts the server on a loopback port (a free one unless `port` is given: the end-to-end tests
 * use a fixed one, since the app's `STRIPE_API_BASE` is set before the server starts).
 * @param expected the secret key the bearer must carry and the app URL the success and cancel URLs start with
 */
export async function startFakeStripe(expected: { apiKey: string; appUrl: string; port?: number }): Promise<FakeStripe> {
  const requests: RecordedStripeRequest[] = [];
  const prices: Record<string, string> = { archlens_pro_monthly: 'price_monthly_test', archlens_pro_yearly: 'price_yearly_test' };
  const customers = new Map<string, string>(); // idempotency key → customer id
  /** Checkout sessions by id: who pays and for which price (the checkout page shows them), the plan, and the status. */
  const sessions = new Map<string, { customer: string; userId: string; price: string; planType: string; status: string }>();
  /** Paid invoices by the PaymentIntent that paid them (`GET /v1/invoice_payments`). */
  const invoicesByPaymentIntent = new Map<string, Record<string, unknown>>();
  const cancelled: string[] = [];
  const cancelledAtPeriodEnd: string[] = [];
  const short = () => randomUUID().replace(/-/g, '').slice(0, 14);
  const knownCustomers = new Set<string>();
  let baseUrl = '';

  /** What Stripe would refuse, or null. */
  const check = (method: string, path: string, f: Record<string, string[]>, idempotencyKey: string | undefined): string | null => {
    // One customer per user, even when two checkouts race: billing-service keys the creation.
    if (method === 'POST' && path === '/v1/customers') {
      if (!one(f, 'metadata[userId]')) return 'missing metadata[userId]';
      if (idempotencyKey !== `archlens-customer-${one(f, 'metadata[userId]')}`) return 'Idempotency-Key must name the user';
    }
    if (method === 'GET' && path === '/v1/prices') {
      if (!one(f, 'lookup_keys[0]')) return 'missing lookup_keys';
      if (one(f, 'active') !== 'true') return 'only active prices may be used';
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (one(f, 'mode') !== 'subscription') return 'mode must be subscription';
      if (one(f, 'currency') !== 'sgd') return 'currency must be sgd';
      if (!Object.values(prices).includes(one(f, 'line_items[0][price]') ?? '')) return 'unknown price';
      if (one(f, 'line_items[0][quantity]') !== '1') return 'quantity must be 1';
      if (!knownCustomers.has(one(f, 'customer') ?? '')) return 'unknown customer';
      if (one(f, 'success_url') !== `${expected.appUrl}/account?checkout=success`) return 'wrong success_url';
      if (one(f, 'cancel_url') !== `${expected.appUrl}/pricing`) return 'wrong cancel_url';
      if (!one(f, 'client_reference_id') || one(f, 'metadata[userId]') !== one(f, 'client_reference_id')) return 'missing userId';
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!knownCustomers.has(one(f, 'customer') ?? '')) return 'unknown customer';
      if (one(f, 'return_url') !== `${expected.appUrl}/account`) return 'wrong return_url';
    }
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      if (!knownCustomers.has(one(f, 'customer') ?? '')) return 'unknown customer';
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expire) {
      const session = sessions.get(expire[1]);
      if (!session) return `No such checkout.session: '${expire[1]}'`;
      if (session.status !== 'open')
        return `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`;
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      if (one(f, 'payment[type]') !== 'payment_intent' || !one(f, 'payment[payment_intent]'))
        return 'payment[type] and payment[payment_intent] are required';
    }
    // The only subscription update billing-service makes: cancel at the period's end (account deletion).
    if (method === 'POST' && /^\/v1\/subscriptions\/[^/]+$/.test(path)) {
      const id = path.slice('/v1/subscriptions/'.length);
      if (one(f, 'cancel_at_period_end') !== 'true') return 'only cancel_at_period_end=true is expected';
      if (Object.keys(f).length !== 1) return `unexpected fields: ${Object.keys(f).join(', ')}`;
      if (idempotencyKey !== `archlens-cancel-at-period-end-${id}`) return 'Idempotency-Key must name the subscription';
    }
    if (method === 'DELETE' && path.startsWith('/v1/subscriptions/')) {
      if (idempotencyKey !== `archlens-cancel-${path.slice('/v1/subscriptions/'.length)}`)
        return 'Idempotency-Key must name the subscription';
    }
    return null;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const method = req.method ?? 'GET';
      const fields = parseFields(method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomUUID()}` });
        res.end(JSON.stringify(body));
      };
      // The pages the session URLs point at (a browser in an end-to-end test lands here). The
      // checkout page names its customer, user and price, so the test can send the webhooks
      // Stripe would send once that customer pays.
      if (method === 'GET' && (url.pathname.startsWith('/c/pay/') || url.pathname.startsWith('/p/session/'))) {
        const session = sessions.get(url.pathname.slice('/c/pay/'.length));
        const attributes = session
          ? ` data-customer="${session.customer}" data-user-id="${session.userId}" data-price="${session.price}"`
          : '';
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end(`<!doctype html><title>Stripe (loopback)</title><h1${attributes}>Stripe (loopback)</h1>`);
      }
      if (req.headers.authorization !== `Bearer ${expected.apiKey}`) {
        requests.push({ method, path: url.pathname, fields, refusal: 'bad key' });
        return answer(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      const idempotencyHeader = req.headers['idempotency-key'];
      const refusal = check(method, url.pathname, fields, typeof idempotencyHeader === 'string' ? idempotencyHeader : undefined);
      requests.push({ method, path: url.pathname, fields, refusal });
      if (refusal) return answer(400, { error: { type: 'invalid_request_error', message: refusal } });
      if (method === 'POST' && url.pathname === '/v1/customers') {
        const idempotencyKey = idempotencyHeader as string; // checked above
        const id = customers.get(idempotencyKey) ?? `cus_${randomUUID().slice(0, 12)}`;
        customers.set(idempotencyKey, id);
        knownCustomers.add(id);
        return answer(200, { id, object: 'customer', metadata: {} });
      }
      if (method === 'GET' && url.pathname === '/v1/prices') {
        const key = one(fields, 'lookup_keys[0]') ?? '';
        const data = prices[key] ? [{ id: prices[key], object: 'price', lookup_key: key, currency: 'sgd', active: true }] : [];
        return answer(200, { object: 'list', data, has_more: false, url: '/v1/prices' });
      }
      if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const id = `cs_test_${randomUUID().slice(0, 12)}`;
        sessions.set(id, {
          customer: one(fields, 'customer') ?? '',
          userId: one(fields, 'client_reference_id') ?? '',
          price: one(fields, 'line_items[0][price]') ?? '',
          planType: one(fields, 'metadata[planType]') ?? '',
          status: 'open',
        });
        return answer(200, { id, object: 'checkout.session', mode: 'subscription', status: 'open', url: `${baseUrl}/c/pay/${id}` });
      }
      if (method === 'GET' && url.pathname === '/v1/checkout/sessions') {
        const customer = one(fields, 'customer');
        const status = one(fields, 'status');
        const data = [...sessions]
          .filter(([, session]) => session.customer === customer && (status === undefined || session.status === status))
          .map(([id, session]) => ({ id, object: 'checkout.session', mode: 'subscription', customer, status: session.status }));
        return answer(200, { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' });
      }
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
      if (method === 'POST' && expire) {
        const session = sessions.get(expire[1])!; // checked above
        session.status = 'expired';
        return answer(200, { id: expire[1], object: 'checkout.session', mode: 'subscription', status: 'expired', url: null });
      }
      if (method === 'GET' && url.pathname === '/v1/invoice_payments') {
        const paymentIntent = one(fields, 'payment[payment_intent]') ?? '';
        const invoice = invoicesByPaymentIntent.get(paymentIntent);
        const expanded = fields['expand[0]']?.[0] === 'data.invoice';
        const data = invoice
          ? [
              {
                id: `inpay_${short()}`,
                object: 'invoice_payment',
                amount_paid: invoice.amount_paid,
                amount_requested: invoice.amount_paid,
                currency: 'sgd',
                invoice: expanded ? invoice : invoice.id,
                is_default: true,
                livemode: false,
                payment: { type: 'payment_intent', payment_intent: paymentIntent },
                status: 'paid',
              },
            ]
          : [];
        return answer(200, { object: 'list', data, has_more: false, url: '/v1/invoice_payments' });
      }
      if (method === 'POST' && url.pathname.startsWith('/v1/subscriptions/')) {
        const id = url.pathname.slice('/v1/subscriptions/'.length);
        cancelledAtPeriodEnd.push(id);
        return answer(200, { id, object: 'subscription', status: 'active', cancel_at_period_end: true });
      }
      if (method === 'DELETE' && url.pathname.startsWith('/v1/subscriptions/')) {
        const id = url.pathname.slice('/v1/subscriptions/'.length);
        cancelled.push(id);
        return answer(200, { id, object: 'subscription', status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) });
      }
      if (method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        const id = `bps_${randomUUID().slice(0, 12)}`;
        return answer(200, { id, object: 'billing_portal.session', url: `${baseUrl}/p/session/${id}` });
      }
      answer(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(expected.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  const paidInvoice: FakeStripe['paidInvoice'] = ({ customer, subscription, userId, plan, id }) => {
    const now = Math.floor(Date.now() / 1000);
    const amount = PLAN_AMOUNTS[plan];
    const paymentIntent = `pi_${short()}`;
    const price = prices[plan === 'monthly' ? 'archlens_pro_monthly' : 'archlens_pro_yearly'];
    const invoice = {
      id: id ?? `in_${short()}`,
      object: 'invoice',
      customer,
      currency: 'sgd',
      status: 'paid',
      amount_due: amount,
      amount_paid: amount,
      billing_reason: 'subscription_cycle',
      created: now,
      parent: { type: 'subscription_details', subscription_details: { subscription, metadata: { userId, planType: plan } } },
      lines: {
        object: 'list',
        data: [
          {
            id: `il_${short()}`,
            object: 'line_item',
            amount,
            currency: 'sgd',
            period: { start: now, end: now + (plan === 'monthly' ? 30 : 365) * 86_400 },
            pricing: { type: 'price_details', price_details: { price, product: 'prod_archlens_pro' }, unit_amount_decimal: String(amount) },
            parent: { type: 'subscription_item_details', subscription_item_details: { subscription, proration: false } },
          },
        ],
        has_more: false,
      },
    };
    invoicesByPaymentIntent.set(paymentIntent, invoice);
    const charge = {
      id: `ch_${short()}`,
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      captured: true,
      currency: 'sgd',
      customer,
      paid: true,
      payment_intent: paymentIntent,
      refunded: false,
      status: 'succeeded',
      created: now,
    };
    return { invoice, charge, paymentIntent };
  };

  return {
    baseUrl,
    requests,
    prices,
    cancelled,
    cancelledAtPeriodEnd,
    sessionStatus: (id) => sessions.get(id)?.status,
    completedSession: (id, { paymentStatus, subscription, invoice }) => {
      const session = sessions.get(id);
      if (!session) throw new Error(`no checkout session ${id}`);
      session.status = 'complete';
      return {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: paymentStatus,
        client_reference_id: session.userId,
        customer: session.customer,
        subscription,
        invoice,
        currency: 'sgd',
        metadata: { userId: session.userId, planType: session.planType },
      };
    },
    paidInvoice,
    refunded: (charge, amount) => {
      const total = charge.amount as number;
      const refundedAmount = amount ?? total;
      return { ...charge, amount_refunded: refundedAmount, refunded: refundedAmount >= total };
    },
    dispute: (charge) => ({
      id: `dp_${short()}`,
      object: 'dispute',
      amount: charge.amount,
      charge: charge.id,
      currency: 'sgd',
      payment_intent: charge.payment_intent,
      reason: 'fraudulent',
      status: 'needs_response',
      is_charge_refundable: true,
      created: Math.floor(Date.now() / 1000),
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
