import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import argon2 from 'argon2';
import Stripe from 'stripe';
import request from 'supertest';
import {
  analyseRenderPath,
  analysisPdfPath,
  API_PATHS,
  itemImagePath,
  libraryItemPath,
  projectPath,
  type ApiRouteName,
} from '@archlens/contracts/paths';
import { API_ROUTES, successStatus, type RouteAccess } from '@archlens/contracts/routes';
import { postGeneration, proUser } from '../generation/generation-requests.js';
import { signUp, verifyEmailOf, type SignedInUser } from '../support/accounts.js';
import { adminToken } from '../support/admin-session.js';
import { startFakeImageProviders, type FakeImageProviders } from '../support/fake-image-providers.server.js';
import { fixturePhoto, fixtureSketch } from '../support/images.js';
import { startStack, type Stack } from '../support/stack.js';

/**
 * Every route of `API_ROUTES`, called as each role, answers what its access rule in the table says:
 * its success status to the roles the rule admits, 401 or 403 to the others. One stack and one set
 * of accounts for the whole table; a route without a row here (how to call it) fails.
 *
 * Roles: `signedOut` (no cookie, no token); `free` (signed up, no subscription, e-mail address not
 * confirmed); `pro` (an active monthly plan with credits, its address confirmed, and the owner of
 * the analysis and generation the owned routes ask for); `vip` (VIP login: the unlimited plan);
 * `other` (another Pro user with a confirmed address, owner of nothing asked for); `admin` (the
 * admin bearer token and no session).
 */
const ROLES = ['signedOut', 'free', 'pro', 'vip', 'other', 'admin'] as const;
type Role = (typeof ROLES)[number];
type Expected = Record<Role, number>;

/** What one call is made with: the role's session cookie or admin token, if it has one. */
interface Caller {
  role: Role;
  cookie?: string;
  bearer?: string;
}

/** How to call one route (minimal valid input where a 2xx is expected), and what the table cannot say of it. */
interface Row {
  call: (caller: Caller) => Promise<number>;
  /** The route answers for what `pro` owns: any other signed-in user gets 404, as for an id that does not exist. */
  owned?: true;
  /** The status of an admitted call when it is not the route's success status (a documented refusal). */
  admitted?: number;
  /** The VIP's status when its unlimited plan decides the answer (checkout and portal: 409 `billing.vip-plan`). */
  vip?: number;
}

const everyone = (status: number): Expected => ({
  signedOut: status,
  free: status,
  pro: status,
  vip: status,
  other: status,
  admin: status,
});
/** Signed-in users get `status`; no session (signed out, or the admin token alone) gets 401. */
const signedIn = (status: number): Expected => ({ signedOut: 401, free: status, pro: status, vip: status, other: status, admin: 401 });
/** The owner (`pro`) gets `status`; another signed-in user gets 404, as for an id that does not exist. */
const ownerOnly = (status: number): Expected => ({ signedOut: 401, free: 404, pro: status, vip: 404, other: 404, admin: 401 });
/** Signed-in users whose e-mail address is confirmed (`pro`, `vip`, `other`) get `status`; `free` (unconfirmed) 403; no session 401. */
const verifiedOnly = (status: number): Expected => ({ signedOut: 401, free: 403, pro: status, vip: status, other: status, admin: 401 });
/** Only the admin token opens it; a session cookie does not. */
const adminOnly = (status: number): Expected => ({ signedOut: 401, free: 401, pro: 401, vip: 401, other: 401, admin: status });
/** Users with an active subscription (`pro`, `vip`, `other`) get `status`; a free user 403; no session 401. */
const proOnly = (status: number): Expected => ({ signedOut: 401, free: 403, pro: status, vip: status, other: status, admin: 401 });

/** What each role gets from a route with this access rule, given the status of an admitted call. */
const BY_ACCESS: Record<RouteAccess, (status: number) => Expected> = {
  public: everyone,
  session: signedIn,
  verified: verifiedOnly,
  pro: proOnly,
  admin: adminOnly,
};

const VIP = { username: 'access-vip', password: 'vip-access-password' };
const WEBHOOK_SECRET = 'whsec_access_suite';
const GENERATION_KEY = 'sk-access-loopback';
const PHOTO = 'buenos-aires-building.jpg';
const SKETCH = 'house-line-scribble.png';
const STYLE_TEXT = 'Brick arches and deep reveals';

let stack: Stack;
let fake: FakeImageProviders;
let baseUrl: string;
const callers = {} as Record<Role, Caller>;
/** An account whose credentials `POST /api/auth/signin` is called with. */
const signInAccount = { email: `access-signin-${Date.now()}@example.com`, password: 'correct-horse' };
/**
 * `pro`'s analysis, sketch reading and generation (with one image), for the owned routes, and a
 * spare of each for the `DELETE` rows, which remove theirs.
 */
let owned: {
  analysisId: string;
  readingId: string;
  jobId: string;
  projectId: string;
  /** Tokens of two share links of `analysisId`: one read by everyone, one revoked. */
  shareToken: string;
  revocableShareToken: string;
  spare: { analysisId: string; readingId: string; jobId: string; projectId: string };
};

/** Adds the caller's cookie or token to a request. */
function as(req: request.Test, caller: Caller): request.Test {
  if (caller.cookie) req = req.set('Cookie', caller.cookie);
  if (caller.bearer) req = req.set('Authorization', `Bearer ${caller.bearer}`);
  return req;
}
const get = (caller: Caller, path: string) => as(request(stack.http).get(path), caller);
const post = (caller: Caller, path: string) => as(request(stack.http).post(path), caller);
const del = (caller: Caller, path: string) => as(request(stack.http).delete(path), caller);
const put = (caller: Caller, path: string) => as(request(stack.http).put(path), caller);
const patch = (caller: Caller, path: string) => as(request(stack.http).patch(path), caller);
const statusOf = async (req: request.Test): Promise<number> => (await req).status;

/** A session of `user` for a caller. */
const session = (role: Role, user: SignedInUser): Caller => ({ role, cookie: user.cookie });

/** A server-sent event stream: its status once the headers arrive, then the connection is dropped. */
async function streamStatus(caller: Caller, path: string): Promise<number> {
  const abort = new AbortController();
  const headers: Record<string, string> = {};
  if (caller.cookie) headers.cookie = caller.cookie;
  if (caller.bearer) headers.authorization = `Bearer ${caller.bearer}`;
  const res = await fetch(`${baseUrl}${path}`, { headers, signal: abort.signal });
  abort.abort();
  return res.status;
}

/** A Stripe event of a type billing records and ignores, signed with the stack's webhook secret. */
function signedStripeEvent(): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id: `evt_access_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    type: 'customer.created',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    api_version: '2024-06-20',
    data: { object: { id: `cus_${randomUUID().slice(0, 8)}`, object: 'customer' } },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}

/**
 * One row per route of `API_ROUTES`. Where a 2xx would need a third party, the documented refusal:
 * checkout and portal answer 503 'Payments are not configured' (no Stripe key here).
 */
const ROWS: Record<ApiRouteName, Row> = {
  signUp: {
    call: (c) =>
      statusOf(
        post(c, API_PATHS.signUp).send({
          email: `access-${c.role}-${randomUUID()}@example.com`,
          first_name: 'Ada',
          last_name: 'Access',
          password: 'correct-horse',
        }),
      ),
  },
  signIn: { call: (c) => statusOf(post(c, API_PATHS.signIn).send(signInAccount)) },
  forgotPassword: {
    call: (c) => statusOf(post(c, API_PATHS.forgotPassword).send({ email: signInAccount.email })),
  },
  // A wrong current password: the documented refusal, so that no session of the table ends.
  changePassword: {
    admitted: 400,
    call: (c) =>
      statusOf(post(c, API_PATHS.changePassword).send({ currentPassword: 'not-the-password', newPassword: 'a-new-password-77' })),
  },
  // A token that is no link's: the route is public and answers the documented refusal.
  verifyEmail: { admitted: 410, call: (c) => statusOf(post(c, API_PATHS.verifyEmail).send({ token: 'no-such-token' })) },
  resendVerification: { call: (c) => statusOf(post(c, API_PATHS.resendVerification).send({})) },
  currentUser: { call: (c) => statusOf(get(c, API_PATHS.currentUser)) },
  logout: { call: (c) => statusOf(get(c, API_PATHS.logout)) },
  login: { call: (c) => statusOf(get(c, API_PATHS.login)) },
  analyze: { call: (c) => statusOf(post(c, API_PATHS.analyze).attach('images', fixturePhoto(PHOTO), PHOTO)) },
  analyzeSketch: {
    call: (c) => statusOf(post(c, API_PATHS.analyzeSketch).attach('image0', fixtureSketch(SKETCH), SKETCH)),
  },
  emailClipboard: {
    call: (c) =>
      statusOf(
        post(c, API_PATHS.emailClipboard).send({
          email: 'ada@example.com',
          firstName: 'Ada',
          lastName: 'Access',
          clipboardText: STYLE_TEXT,
        }),
      ),
  },
  previousAnalyses: { call: (c) => statusOf(get(c, API_PATHS.previousAnalyses)) },
  analysisPdf: { owned: true, call: (c) => statusOf(get(c, analysisPdfPath(owned.analysisId))) },
  analysis: { owned: true, call: (c) => statusOf(get(c, libraryItemPath('analysis', owned.analysisId))) },
  deleteAnalysis: { owned: true, call: (c) => statusOf(del(c, libraryItemPath('analysis', owned.spare.analysisId))) },
  analysisImage: { owned: true, call: (c) => statusOf(get(c, itemImagePath('analysis', owned.analysisId, 0))) },
  sketchReading: { owned: true, call: (c) => statusOf(get(c, libraryItemPath('sketch-reading', owned.readingId))) },
  deleteSketchReading: { owned: true, call: (c) => statusOf(del(c, libraryItemPath('sketch-reading', owned.spare.readingId))) },
  sketchReadingImage: { owned: true, call: (c) => statusOf(get(c, itemImagePath('sketch-reading', owned.readingId, 0))) },
  emailAnalysis: {
    owned: true,
    call: (c) =>
      statusOf(
        post(c, API_PATHS.emailAnalysis).send({
          firstName: 'Ada',
          lastName: 'Access',
          email: 'ada@example.com',
          analysisId: owned.analysisId,
        }),
      ),
  },
  vipLogin: { call: (c) => statusOf(post(c, API_PATHS.vipLogin).send(VIP)) },
  adminLogin: {
    call: (c) => statusOf(post(c, API_PATHS.adminLogin).send({ username: stack.admin.username, password: stack.admin.password })),
  },
  adminVerify: { call: (c) => statusOf(get(c, API_PATHS.adminVerify)) },
  // The admin's row revokes a token of its own, so the shared one stays valid for the other rows.
  adminLogout: {
    call: async (c) => statusOf(post(c.bearer ? { ...c, bearer: await adminToken(stack) } : c, API_PATHS.adminLogout)),
  },
  adminLeads: { call: (c) => statusOf(get(c, `${API_PATHS.adminLeads}?sortBy=created_at&sortOrder=desc`)) },
  adminLeadStats: { call: (c) => statusOf(get(c, API_PATHS.adminLeadStats)) },
  adminLeadsExport: { call: (c) => statusOf(get(c, API_PATHS.adminLeadsExport)) },
  adminQueuesSession: { call: (c) => statusOf(post(c, API_PATHS.adminQueuesSession)) },
  health: { call: (c) => statusOf(get(c, API_PATHS.health)) },
  capabilities: { call: (c) => statusOf(get(c, API_PATHS.capabilities)) },
  styleProfile: { call: (c) => statusOf(get(c, API_PATHS.styleProfile)) },
  saveStyleProfile: { call: (c) => statusOf(post(c, API_PATHS.saveStyleProfile).send({ text: STYLE_TEXT })) },
  createCheckoutSession: {
    admitted: 503,
    vip: 409,
    call: (c) => statusOf(post(c, API_PATHS.createCheckoutSession).send({ planType: 'monthly' })),
  },
  createPortalSession: { admitted: 503, vip: 409, call: (c) => statusOf(post(c, API_PATHS.createPortalSession).send({})) },
  stripeWebhook: {
    call: (c) => {
      const { payload, signature } = signedStripeEvent();
      return statusOf(
        post(c, API_PATHS.stripeWebhook).set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload),
      );
    },
  },
  generate: {
    call: (c) =>
      statusOf(
        postGeneration(stack, c.cookie || c.bearer ? ({ cookie: c.cookie ?? '' } as SignedInUser) : undefined, { provider: 'sora' }),
      ),
  },
  // A job that exists streams to its owner only; another user gets 404 (an id with no job yet opens for anyone signed in, and stays empty).
  generationEvents: {
    owned: true,
    call: (c) => streamStatus(c, API_PATHS.generationEvents.replace(':jobId', owned.jobId)),
  },
  downloadGeneratedImage: {
    owned: true,
    call: (c) => statusOf(get(c, API_PATHS.downloadGeneratedImage.replace(':jobId', owned.jobId).replace(':index', '0'))),
  },
  generationFidelityOverlay: {
    owned: true,
    call: (c) => statusOf(get(c, API_PATHS.generationFidelityOverlay.replace(':jobId', owned.jobId).replace(':index', '0'))),
  },
  generations: { call: (c) => statusOf(get(c, API_PATHS.generations)) },
  generation: { owned: true, call: (c) => statusOf(get(c, libraryItemPath('generation', owned.jobId))) },
  reproduceGeneration: { owned: true, call: (c) => statusOf(post(c, `${libraryItemPath('generation', owned.jobId)}/reproduce`)) },
  varyGeneration: { owned: true, call: (c) => statusOf(post(c, `${libraryItemPath('generation', owned.jobId)}/vary`)) },
  analyseRender: { owned: true, call: (c) => statusOf(post(c, analyseRenderPath(owned.jobId, 0))) },
  // `pro`'s generation is one plain made-up picture, nothing of the sketch's lines: marked geometry drift, so it offers Retry free.
  retryGenerationFree: { owned: true, call: (c) => statusOf(post(c, API_PATHS.retryGenerationFree.replace(':jobId', owned.jobId))) },
  deleteGeneration: { owned: true, call: (c) => statusOf(del(c, libraryItemPath('generation', owned.spare.jobId))) },
  projects: { call: (c) => statusOf(get(c, API_PATHS.projects)) },
  createProject: { call: (c) => statusOf(post(c, API_PATHS.createProject).send({ name: `Project ${randomUUID()}` })) },
  project: { owned: true, call: (c) => statusOf(get(c, projectPath(owned.projectId))) },
  renameProject: { owned: true, call: (c) => statusOf(patch(c, projectPath(owned.projectId)).send({ name: `Renamed ${randomUUID()}` })) },
  deleteProject: { owned: true, call: (c) => statusOf(del(c, projectPath(owned.spare.projectId))) },
  // Another user's project, or the owner's item filed by anyone else: 404 either way.
  fileProjectItem: {
    owned: true,
    call: (c) => statusOf(put(c, `${projectPath(owned.projectId)}/items`).send({ type: 'analysis', id: owned.analysisId })),
  },
  unfileProjectItem: { owned: true, call: (c) => statusOf(del(c, `${projectPath(owned.projectId)}/items/analysis/${owned.analysisId}`)) },
  library: { call: (c) => statusOf(get(c, `${API_PATHS.library}?q=brick&sort=oldest`)) },
  shares: { call: (c) => statusOf(get(c, API_PATHS.shares)) },
  createShare: { owned: true, call: (c) => statusOf(post(c, API_PATHS.createShare).send({ type: 'analysis', id: owned.analysisId })) },
  revokeShare: { owned: true, call: (c) => statusOf(del(c, `${API_PATHS.shares}/${owned.revocableShareToken}`)) },
  sharedItem: { call: (c) => statusOf(get(c, `/api/s/${owned.shareToken}`)) },
  sharedImage: { call: (c) => statusOf(get(c, `/api/s/${owned.shareToken}/images/0`)) },
  accountExport: { call: (c) => statusOf(get(c, API_PATHS.accountExport)) },
  // A wrong password: the documented refusal, so that no account of the table is deleted.
  deleteAccount: { admitted: 403, call: (c) => statusOf(del(c, API_PATHS.deleteAccount).send({ password: 'not-the-password' })) },
  apiDocs: { call: (c) => statusOf(get(c, API_PATHS.apiDocs)) },
  apiDocsJson: { call: (c) => statusOf(get(c, API_PATHS.apiDocsJson)) },
  apiDocsAsset: {
    call: (c) => statusOf(get(c, API_PATHS.apiDocsAsset.replace(':file', 'swagger-initializer.js'))),
  },
};

/**
 * The routes that end or replace the caller's session (sign-in, sign-up and VIP login start a new
 * one and drop the one sent; logout ends it): they run last, so every other row sees live sessions.
 */
const SESSION_ENDING: ApiRouteName[] = ['signUp', 'signIn', 'vipLogin', 'logout'];
const ORDER = [...(Object.keys(API_ROUTES) as ApiRouteName[]).filter((name) => !SESSION_ENDING.includes(name)), ...SESSION_ENDING];

/** The status each role gets from a route: from its access rule and success status in `API_ROUTES`, and its row. */
function expectedOf(name: ApiRouteName): Expected {
  const route = API_ROUTES[name];
  const row = ROWS[name];
  const status = row.admitted ?? successStatus(route);
  // An owned route that also needs a confirmed address or Pro refuses `free` for that first.
  if (row.owned) return route.access === 'verified' || route.access === 'pro' ? { ...ownerOnly(status), free: 403 } : ownerOnly(status);
  const expected = BY_ACCESS[route.access](status);
  return row.vip === undefined ? expected : { ...expected, vip: row.vip };
}

beforeAll(async () => {
  fake = await startFakeImageProviders();
  stack = await startStack({
    env: {
      // The table provokes refusals on purpose (503, 4xx): only fatal log lines would be news.
      LOG_LEVEL: 'fatal',
      VIP_USERNAME: VIP.username,
      VIP_PASSWORD_HASH: await argon2.hash(VIP.password, { type: argon2.argon2id }),
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      GENERATION_OPENAI_API_KEY: GENERATION_KEY,
      GENERATION_OPENAI_BASE_URL: fake.openaiBaseUrl,
    },
  });
  await stack.gateway.listen(0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${(stack.gateway.getHttpServer().address() as AddressInfo).port}`;

  const vip = await request(stack.http).post(API_PATHS.vipLogin).send(VIP).expect(200);
  const [free, pro, other] = await Promise.all([
    signUp(stack, 'Free'),
    proUser(stack, 200, 'monthly', 'Pro'),
    proUser(stack, 200, 'monthly', 'Other'),
  ]);
  await Promise.all([verifyEmailOf(stack, pro), verifyEmailOf(stack, other)]);
  Object.assign(callers, {
    signedOut: { role: 'signedOut' },
    free: session('free', free),
    pro: session('pro', pro),
    vip: { role: 'vip', cookie: ([] as string[]).concat(vip.headers['set-cookie'] ?? [])[0].split(';')[0] },
    other: session('other', other),
    admin: { role: 'admin', bearer: await adminToken(stack) },
  } satisfies Record<Role, Caller>);
  await request(stack.http)
    .post(API_PATHS.signUp)
    .send({ ...signInAccount, first_name: 'Sign', last_name: 'In' })
    .expect(201);

  const analyse = async () =>
    (
      (await request(stack.http).post(API_PATHS.analyze).set('Cookie', pro.cookie).attach('images', fixturePhoto(PHOTO), PHOTO).expect(200))
        .body as { id: string }
    ).id;
  const readSketch = async () =>
    (
      (
        await request(stack.http)
          .post(API_PATHS.analyzeSketch)
          .set('Cookie', pro.cookie)
          .attach('image0', fixtureSketch(SKETCH), SKETCH)
          .expect(200)
      ).body as { id: string }
    ).id;
  const generate = async () => {
    const jobId = randomUUID();
    const generation = await postGeneration(stack, pro, { jobId, provider: 'openai', variations: 1 });
    expect(generation.status).toBe(200);
    return jobId;
  };
  const createProject = async () =>
    (
      (
        await request(stack.http)
          .post(API_PATHS.createProject)
          .set('Cookie', pro.cookie)
          .send({ name: `Access ${randomUUID()}` })
          .expect(201)
      ).body as { id: string }
    ).id;
  const analysisId = await analyse();
  const shareToken = async () =>
    (
      (
        await request(stack.http)
          .post(API_PATHS.createShare)
          .set('Cookie', pro.cookie)
          .send({ type: 'analysis', id: analysisId })
          .expect(201)
      ).body as { url: string }
    ).url.replace('/s/', '');
  owned = {
    analysisId,
    shareToken: await shareToken(),
    revocableShareToken: await shareToken(),
    readingId: await readSketch(),
    jobId: await generate(),
    projectId: await createProject(),
    spare: { analysisId: await analyse(), readingId: await readSketch(), jobId: await generate(), projectId: await createProject() },
  };
});
afterAll(async () => {
  await stack?.close();
  await fake?.close();
});

describe('the access table', () => {
  it('has one row per route of API_ROUTES, no more', () => {
    expect(Object.keys(ROWS).sort()).toEqual(Object.keys(API_ROUTES).sort());
  });

  it('agrees with the security the API document gives each route', async () => {
    const doc = (await request(stack.http).get(API_PATHS.apiDocsJson).expect(200)).body as {
      paths: Record<string, Record<string, { operationId: string; security?: Array<Record<string, string[]>> }>>;
    };
    for (const operation of Object.values(doc.paths).flatMap((methods) => Object.values(methods))) {
      const expected = expectedOf(operation.operationId as ApiRouteName);
      const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      const expectedSchemes = expected.signedOut !== 401 ? [] : expected.free === 401 ? ['adminBearer'] : ['sessionCookie'];
      expect([operation.operationId, schemes]).toEqual([operation.operationId, expectedSchemes]);
    }
  });
});

describe.each(ORDER)('%s', (name) => {
  it('answers each role with the status its access rule gives', async () => {
    const actual = {} as Expected;
    for (const role of ROLES) actual[role] = await ROWS[name].call(callers[role]);
    expect(actual).toEqual(expectedOf(name));
  });
});
