import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import request from 'supertest';
import { API_PATHS, projectPath } from '@archlens/contracts/paths';
import { CommandClient } from '@archlens/platform/messaging';
import { postGeneration } from '../generation/generation-requests.js';
import { sessionCookieOf, signUpVerified, temporaryPasswordOf, type SignedInUser } from '../support/accounts.js';
import { startFakeImageProviders, type FakeImageProviders } from '../support/fake-image-providers.server.js';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.server.js';
import { fixturePhoto, fixtureSketch } from '../support/images.js';
import { startStack, type Stack } from '../support/stack.js';

/**
 * `DELETE /api/account`: a user with something of every kind (analysis, sketch reading, generation
 * with its recipe, a project with items filed, a share link, a clipboard e-mail, a style profile, a
 * lead, a paid Pro subscription with ledger rows) deletes the account. Afterwards no column of any
 * table of any service schema holds the user's id or e-mail, no stored object's key holds the id,
 * Stripe was asked to cancel the subscription at the period's end, the ledger rows and the lead are
 * kept without the user in them, the sessions are over and the share link is gone. A wrong password
 * deletes nothing, and another user's data is left alone.
 */
const API_KEY = 'sk_test_archlens_account_deletion';
const WEBHOOK_SECRET = 'whsec_archlens_account_deletion';
const APP_URL = 'http://localhost:3997';
const PASSWORD = 'correct-horse';
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const LEAD_TEXT = 'Brick arches, a slate roof and deep window reveals facing the canal';

let stack: Stack;
let stripe: FakeStripe;
let fake: FakeImageProviders;

beforeAll(async () => {
  stripe = await startFakeStripe({ apiKey: API_KEY, appUrl: APP_URL });
  fake = await startFakeImageProviders();
  stack = await startStack({
    env: {
      STRIPE_SECRET_KEY: API_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.baseUrl,
      APP_URL,
      GENERATION_OPENAI_API_KEY: 'sk-deletion-loopback',
      GENERATION_OPENAI_BASE_URL: fake.openaiBaseUrl,
    },
  });
});
afterAll(async () => {
  await stack?.close();
  await stripe?.close();
  await fake?.close();
});

let clock = Math.floor(Date.now() / 1000);

/** Delivers one Stripe event about `object`, signed with the webhook secret; expects 200. */
async function deliver(type: string, object: Record<string, unknown>): Promise<void> {
  const payload = JSON.stringify({
    id: `evt_${randomUUID()}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: ++clock,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  await request(stack.http)
    .post(API_PATHS.stripeWebhook)
    .set('content-type', 'application/json')
    .set('stripe-signature', Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))
    .send(payload)
    .expect(200);
}

/** A confirmed user who paid for the monthly plan through Checkout (as tests/billing does). @returns the subscription and invoice ids */
async function subscriber(firstName: string): Promise<{ user: SignedInUser; subscription: string; invoice: string }> {
  const user = await signUpVerified(stack, firstName);
  const res = await request(stack.http).post(API_PATHS.createCheckoutSession).set('Cookie', user.cookie).send({ planType: 'monthly' });
  expect(res.status).toBe(200);
  const session = (res.body as { url: string }).url.split('/c/pay/')[1];
  const { rows } = await stack.db.query<{ id: string }>('SELECT stripe_customer_id AS id FROM billing.subscriptions WHERE user_id = $1', [
    user.userId,
  ]);
  const subscription = `sub_${randomUUID().slice(0, 14)}`;
  const paid = stripe.paidInvoice({ customer: rows[0].id, subscription, userId: user.userId, plan: 'monthly' });
  const invoice = paid.invoice.id as string;
  await deliver('checkout.session.completed', stripe.completedSession(session, { paymentStatus: 'paid', subscription, invoice }));
  await deliver('invoice.paid', paid.invoice);
  return { user, subscription, invoice };
}

/** What a user made: the ids the test checks afterwards. */
interface Holdings {
  analysisId: string;
  readingId: string;
  jobId: string;
  projectId: string;
  shareToken: string;
}

/** Gives `user` one of everything: analysis (with its PDF), sketch reading, generation, a project with both filed, a share, a clipboard e-mail, a style profile, a lead. */
async function fillAccount(user: SignedInUser): Promise<Holdings> {
  const as = (req: request.Test) => req.set('Cookie', user.cookie);
  const analysisId = (
    (await as(request(stack.http).post(API_PATHS.analyze)).attach('images', fixturePhoto('mit-media-lab.jpg'), 'mit.jpg').expect(200))
      .body as { id: string }
  ).id;
  await as(request(stack.http).get(API_PATHS.analysisPdf.replace(':id', analysisId))).expect(200);
  await as(request(stack.http).get(`${API_PATHS.analysis.replace(':id', analysisId)}/images/0`)).expect(200);
  const readingId = (
    (
      await as(request(stack.http).post(API_PATHS.analyzeSketch))
        .attach('image0', fixtureSketch('house-facade.png'), 'house.png')
        .expect(200)
    ).body as { id: string }
  ).id;
  const jobId = randomUUID();
  expect((await postGeneration(stack, user, { jobId, provider: 'openai', variations: 1 }, { references: 1 })).status).toBe(200);
  const projectId = (
    (
      await as(request(stack.http).post(API_PATHS.createProject))
        .send({ name: `Atelier ${user.userId.slice(0, 4)}` })
        .expect(201)
    ).body as {
      id: string;
    }
  ).id;
  await as(request(stack.http).put(`${projectPath(projectId)}/items`))
    .send({ type: 'analysis', id: analysisId })
    .expect(200);
  await as(request(stack.http).put(`${projectPath(projectId)}/items`))
    .send({ type: 'generation', id: jobId })
    .expect(200);
  const share = (await as(request(stack.http).post(API_PATHS.createShare)).send({ type: 'analysis', id: analysisId }).expect(201)).body as {
    url: string;
  };
  await as(request(stack.http).post(API_PATHS.emailClipboard))
    .send({ email: user.email, firstName: 'Ada', lastName: 'Tester', clipboardText: 'Notes for the canal house' })
    .expect(200);
  await as(request(stack.http).post(API_PATHS.saveStyleProfile)).send({ text: 'Warm brick, slate and oak, quiet facades' }).expect(200);
  await as(request(stack.http).post(API_PATHS.emailAnalysis))
    .send({ firstName: 'Client', lastName: 'Person', email: `client-${user.userId.slice(0, 8)}@example.com`, analysisText: LEAD_TEXT })
    .expect(200);
  return { analysisId, readingId, jobId, projectId, shareToken: share.url.replace(/^\/s\//, '') };
}

/**
 * The columns of every table of every service schema (all but PostgreSQL's own) that hold `needle`
 * anywhere in their text (text, uuid, json, arrays, tsvector: any column cast to text), as
 * `schema.table.column`, sorted. Numbers, booleans and times cannot hold an id or an e-mail.
 */
async function tracesOf(needle: string): Promise<string[]> {
  const { rows: columns } = await stack.db.query<{ table_schema: string; table_name: string; column_name: string }>(
    `SELECT c.table_schema, c.table_name, c.column_name
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema') AND c.table_schema NOT LIKE 'pg\\_%'
        AND c.data_type NOT IN ('smallint', 'integer', 'bigint', 'numeric', 'real', 'double precision', 'boolean',
                                'timestamp with time zone', 'timestamp without time zone', 'date', 'bytea')`,
  );
  const found: string[] = [];
  for (const { table_schema: schema, table_name: table, column_name: column } of columns) {
    const { rows } = await stack.db.query<{ hit: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM "${schema}"."${table}" WHERE position(lower($1) IN lower("${column}"::text)) > 0) AS hit`,
      [needle],
    );
    if (rows[0].hit) found.push(`${schema}.${table}.${column}`);
  }
  return found.sort();
}

/** Every stored object's key that holds `needle`. */
async function objectsOf(needle: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of stack.storage.listStream('')) if (object.key.includes(needle)) keys.push(object.key);
  return keys;
}

/** Waits until leads-service has recorded the lead of `LEAD_TEXT` sent by `userId`. */
async function leadRecorded(userId: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const { rows } = await stack.db.query('SELECT 1 FROM leads.leads WHERE user_id = $1', [userId]);
    if (rows.length > 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the lead was not recorded');
}

describe('account deletion', () => {
  it('removes everything of the user, keeps the ledger and leads anonymised, cancels Stripe at the period end, and signs out', async () => {
    const { user, subscription, invoice } = await subscriber('Leaving');
    const { user: other } = await subscriber('Staying');
    const mine = await fillAccount(user);
    const theirs = await fillAccount(other);
    await Promise.all([leadRecorded(user.userId), leadRecorded(other.userId)]);
    const secondDevice = sessionCookieOf(
      await request(stack.http).post(API_PATHS.signIn).send({ email: user.email, password: PASSWORD }).expect(200),
    );

    // The sweep finds the user everywhere they left data, so an empty sweep afterwards means something.
    const before = await tracesOf(user.userId);
    expect(before).toEqual(
      expect.arrayContaining([
        'auth.users.id',
        'auth.style_profiles.user_id',
        'auth.email_verification_tokens.user_id',
        'analysis.analyses.user_id',
        'analysis.sketch_readings.user_id',
        'analysis.projects.user_id',
        'analysis.library_items.user_id',
        'analysis.shares.user_id',
        'generation.generation_jobs.user_id',
        'billing.subscriptions.user_id',
        'billing.stripe_subscriptions.user_id',
        'billing.credit_balances.user_id',
        'billing.credit_ledger.user_id',
        'billing.credit_reservations.user_id',
        'leads.leads.user_id',
      ]),
    );
    expect(await tracesOf(user.email)).toEqual(expect.arrayContaining(['auth.users.email', 'email.messages.to']));
    const objectsBefore = await objectsOf(user.userId);
    for (const prefix of ['uploads/', 'sketches/', 'thumbnails/', 'reports/', 'generations/', 'recipes/']) {
      expect(objectsBefore.some((key) => key.startsWith(`${prefix}${user.userId}/`))).toBe(true);
    }
    const othersObjects = await objectsOf(other.userId);

    // A wrong password deletes nothing.
    const wrong = await request(stack.http)
      .delete(API_PATHS.deleteAccount)
      .set('Cookie', user.cookie)
      .send({ password: 'not-my-password' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({
      code: 'account.password-incorrect',
      message: 'That password is not correct. Nothing has been deleted.',
    });
    expect(await tracesOf(user.userId)).toEqual(before);
    expect(await objectsOf(user.userId)).toEqual(objectsBefore);
    expect(stripe.cancelledAtPeriodEnd).toEqual([]);
    await request(stack.http).get(API_PATHS.currentUser).set('Cookie', user.cookie).expect(200);

    const deleted = await request(stack.http).delete(API_PATHS.deleteAccount).set('Cookie', user.cookie).send({ password: PASSWORD });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: true });
    const cleared = ([] as string[]).concat(deleted.headers['set-cookie'] ?? []).find((c) => c.startsWith('archlens_sid='));
    expect(cleared).toMatch(/^archlens_sid=;.*Expires=Thu, 01 Jan 1970/);

    // Nothing in any table names the user; nothing stored is under their id.
    expect(await tracesOf(user.userId)).toEqual([]);
    expect(await tracesOf(user.email)).toEqual([]);
    expect(await objectsOf(user.userId)).toEqual([]);

    // Stripe: the subscription cancels at the end of the period, asked once, nothing refused.
    expect(stripe.cancelledAtPeriodEnd).toEqual([subscription]);
    expect(stripe.cancelled).toEqual([]);
    expect(stripe.requests.filter((r) => r.path === `/v1/subscriptions/${subscription}`)).toEqual([
      { method: 'POST', path: `/v1/subscriptions/${subscription}`, fields: { cancel_at_period_end: ['true'] }, refusal: null },
    ]);

    // The ledger keeps the invoice's grant and the generation's spending, without the user.
    const { rows: ledger } = await stack.db.query<{ user_id: string; reason: string; reference: string; delta: number }>(
      `SELECT user_id, reason, reference, delta FROM billing.credit_ledger WHERE user_id = $1 ORDER BY id`,
      [NIL_UUID],
    );
    expect(ledger).toEqual(expect.arrayContaining([expect.objectContaining({ reason: 'period_grant', reference: invoice })]));
    expect(ledger.length).toBeGreaterThanOrEqual(2);
    // The lead is kept, its message whole, with no name, e-mail or user.
    const { rows: leads } = await stack.db.query(
      `SELECT first_name, last_name, email, user_id, analysis_text FROM leads.leads WHERE user_id <> $1 AND analysis_text = $2`,
      [other.userId, LEAD_TEXT],
    );
    expect(leads).toEqual([{ first_name: '', last_name: '', email: '', user_id: NIL_UUID, analysis_text: LEAD_TEXT }]);

    // Signed out everywhere; the password signs in no more; the share link is gone.
    await request(stack.http).get(API_PATHS.currentUser).set('Cookie', user.cookie).expect(401);
    await request(stack.http).get(API_PATHS.currentUser).set('Cookie', secondDevice).expect(401);
    await request(stack.http).post(API_PATHS.signIn).send({ email: user.email, password: PASSWORD }).expect(401);
    await request(stack.http).get(`/api/s/${mine.shareToken}`).expect(404);

    // A Stripe event about the deleted user afterwards brings nothing back.
    await deliver('customer.subscription.updated', {
      id: subscription,
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: true,
      metadata: { userId: user.userId, planType: 'monthly' },
    });
    expect(await tracesOf(user.userId)).toEqual([]);

    // The other user's account is as it was.
    await request(stack.http).get(API_PATHS.currentUser).set('Cookie', other.cookie).expect(200);
    await request(stack.http).get(API_PATHS.analysis.replace(':id', theirs.analysisId)).set('Cookie', other.cookie).expect(200);
    await request(stack.http).get(API_PATHS.generation.replace(':jobId', theirs.jobId)).set('Cookie', other.cookie).expect(200);
    await request(stack.http).get(projectPath(theirs.projectId)).set('Cookie', other.cookie).expect(200);
    await request(stack.http).get(`/api/s/${theirs.shareToken}`).expect(200);
    expect(await objectsOf(other.userId)).toEqual(othersObjects);
    expect(await tracesOf(other.userId)).toEqual(
      expect.arrayContaining(['auth.users.id', 'billing.credit_ledger.user_id', 'leads.leads.user_id']),
    );
  });

  it('accepts the temporary password from forgot password, and finishes the work a failed attempt left', async () => {
    const user = await signUpVerified(stack, 'Forgetful');
    await request(stack.http)
      .post(API_PATHS.analyze)
      .set('Cookie', user.cookie)
      .attach('images', fixturePhoto('mit-media-lab.jpg'), 'mit.jpg')
      .expect(200);
    await request(stack.http).post(API_PATHS.forgotPassword).send({ email: user.email }).expect(200);
    const temporary = await temporaryPasswordOf(stack, user);
    // An earlier attempt that stopped after its first steps (a worker went down): those ran, the account remains.
    const commands = new CommandClient(process.env.REDIS_URL!);
    try {
      expect((await commands.request('analysis.delete-user', { userId: user.userId })).removed).toBeGreaterThan(0);
      await commands.request('generation.delete-user', { userId: user.userId });
    } finally {
      await commands.close();
    }
    expect(await objectsOf(user.userId)).toEqual([]);
    await request(stack.http).get(API_PATHS.currentUser).set('Cookie', user.cookie).expect(200);

    await request(stack.http).delete(API_PATHS.deleteAccount).set('Cookie', user.cookie).send({ password: temporary }).expect(200);
    expect(await tracesOf(user.userId)).toEqual([]);
    expect(await tracesOf(user.email)).toEqual([]);
    await request(stack.http).post(API_PATHS.signIn).send({ email: user.email, password: temporary }).expect(401);
  });
});
