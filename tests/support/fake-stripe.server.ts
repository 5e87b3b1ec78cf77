// Test-only: a loopback HTTP server that speaks the part of Stripe's v1 API billing-service uses
// (customers, prices by lookup key, Checkout sessions, billing portal sessions), checks what it
// receives as the billing tests require, and records every request.
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

export interface FakeStripe {
  /** For `STRIPE_API_BASE`: `http://127.0.0.1:<port>`. */
  baseUrl: string;
  requests: RecordedStripeRequest[];
  /** Price ids by lookup key (`archlens_pro_monthly` → `price_monthly_test`, yearly likewise). */
  prices: Record<string, string>;
  close(): Promise<void>;
}

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
  /** Checkout sessions by id: who pays and for which price (the checkout page shows them). */
  const sessions = new Map<string, { customer: string; userId: string; price: string }>();
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
        });
        return answer(200, { id, object: 'checkout.session', mode: 'subscription', url: `${baseUrl}/c/pay/${id}` });
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
  return {
    baseUrl,
    requests,
    prices,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
