import { z } from 'zod';
import { describeWait, UNAUTHORIZED_MESSAGE } from './http.js';

/**
 * The error catalogue: one code per failure a client may be told about, with its HTTP status and
 * the text the user reads (the spec's wording where it gives one). Services throw codes
 * (`DomainError` in `@archlens/platform`); the gateway's exception filter alone turns a code into
 * a status and a body `{code, message}`; the SPA branches on `code`. No other module outside the
 * gateway names an HTTP status.
 */

/** The HTTP statuses the catalogue answers with. */
type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 406 | 408 | 409 | 410 | 412 | 413 | 415 | 422 | 429 | 500 | 501 | 502 | 503 | 504;

/** One failure: its status, the parameters its text needs (a strict zod object) and that text. */
export interface ErrorDefinition<P extends z.ZodObject = z.ZodObject> {
  readonly status: ErrorStatus;
  readonly params: P;
  text(params: z.output<P>): string;
}

const noParams = z.strictObject({});

/** A failure whose text needs nothing. */
function fixed(status: ErrorStatus, text: string): ErrorDefinition<typeof noParams> {
  return { status, params: noParams, text: () => text };
}

/** A failure whose text is made from `params` (a file name, an amount). */
function withParams<P extends z.ZodObject>(status: ErrorStatus, params: P, text: (params: z.output<P>) => string): ErrorDefinition<P> {
  return { status, params, text };
}

/** A text someone else wrote (a provider's, a validation rule's), carried whole. */
const reason = z.strictObject({ reason: z.string().min(1).max(2000) });
const fileName = z.strictObject({ fileName: z.string().min(1).max(1000) });
const queue = z.strictObject({ queue: z.string().min(1).max(100) });
/** Whole seconds until a limit lets the caller through again (the `Retry-After` of the answer). */
const retryAfterSeconds = z.number().int().min(1);

/** The generic failure text of a 500; the gateway adds the request id. */
const INTERNAL_ERROR_TEXT = 'Something went wrong on our side. Please try again.';
/** Redis (queues, sessions, limits) or a service behind the gateway cannot be reached. */
const UNAVAILABLE_TEXT = 'ArchLens is temporarily unavailable. Please try again in a moment.';

/** Every code, its status and its text. */
export const ERROR_CATALOGUE = {
  // Generic codes: an HTTP refusal of the gateway's own that has no code of its own keeps its text
  // and takes the code of its status (`genericErrorCode`); these texts are only the fallback.
  'bad-request': fixed(400, 'The request could not be read.'),
  unauthorized: fixed(401, UNAUTHORIZED_MESSAGE),
  forbidden: fixed(403, 'Forbidden.'),
  'not-found': fixed(404, 'Not found.'),
  'method-not-allowed': fixed(405, 'Method not allowed.'),
  'not-acceptable': fixed(406, 'Not acceptable.'),
  'request-timeout': fixed(408, 'The request took too long to arrive.'),
  conflict: fixed(409, 'Conflict.'),
  gone: fixed(410, 'Gone.'),
  'precondition-failed': fixed(412, 'Precondition failed.'),
  'payload-too-large': fixed(413, 'Request body too large.'),
  'unsupported-media-type': fixed(415, 'Unsupported media type.'),
  'unprocessable-entity': fixed(422, 'The request could not be processed.'),
  'too-many-requests': fixed(429, 'Too many requests. Please try again later.'),
  internal: fixed(500, INTERNAL_ERROR_TEXT),
  'not-implemented': fixed(501, 'Not implemented.'),
  'bad-gateway': fixed(502, 'An upstream service failed. Please try again.'),
  'service-unavailable': fixed(503, UNAVAILABLE_TEXT),
  'gateway-timeout': fixed(504, 'An upstream service did not answer in time. Please try again.'),

  // The request itself (the gateway's body readers and contract validation).
  'request.malformed-json': fixed(400, 'Malformed JSON body.'),
  'request.not-an-object': fixed(400, 'The request body must be a JSON object.'),
  'request.too-large': fixed(413, 'Request body too large.'),
  'request.unsupported-charset': withParams(
    415,
    z.strictObject({ charset: z.string().max(40) }),
    ({ charset }) => `Unsupported charset "${charset}": send the JSON body as UTF-8.`,
  ),
  'request.unsupported-encoding': withParams(
    415,
    z.strictObject({ encoding: z.string().max(40) }),
    ({ encoding }) => `Unsupported content encoding "${encoding}".`,
  ),
  'request.not-json': fixed(415, 'Send the body as application/json.'),
  /** A body or query the route's contract refuses; `reason` is the contract's text (spec §5 where it has one). */
  'request.invalid': withParams(400, reason, (p) => p.reason),
  'request.cross-site': fixed(403, 'Cross-site requests are not allowed.'),

  // The services behind the gateway.
  'service.unavailable': fixed(503, UNAVAILABLE_TEXT),
  'service.not-running': withParams(503, queue, (p) => `The ${p.queue} service is not running. Please try again in a moment.`),
  /** `timeoutMs`: how long the caller waited; shown in seconds, one decimal under 10 s. */
  'service.timeout': withParams(
    504,
    z.strictObject({ queue: queue.shape.queue, timeoutMs: z.number().min(0) }),
    (p) =>
      `The ${p.queue} service did not answer within ${(p.timeoutMs / 1000).toFixed(p.timeoutMs < 10_000 ? 1 : 0)} s. Please try again.`,
  ),

  // Accounts and sign-in (spec §8: a lost session's body contains 'Unauthorized').
  'auth.unauthorized': fixed(401, UNAUTHORIZED_MESSAGE),
  'auth.invalid-credentials': fixed(401, 'Invalid email or password'),
  'auth.email-taken': fixed(409, 'An account with this email already exists'),
  /** A password found in a list of commonly used ones (sign-up, change password, a new password after a temporary one). */
  'auth.password-too-common': fixed(400, 'This password is too common. Please choose another.'),
  /** Change password: the current password (or the temporary one it replaces) does not match. */
  'auth.current-password-incorrect': fixed(400, 'Your current password is not correct.'),
  /** Account deletion: neither the account's password nor its outstanding temporary password (nothing deleted). */
  'account.password-incorrect': fixed(403, 'That password is not correct. Nothing has been deleted.'),
  /** Change password: the new password is the one the account already has. */
  'auth.password-unchanged': fixed(400, 'Please choose a password different from your current one.'),
  /** E-mail sending and checkout wait until the account's address is confirmed through the link sent to it. */
  'auth.email-unverified': fixed(403, 'Please confirm your email address first. We have sent you a link.'),
  /** A verification link that is unknown, used already or past its 24 hours. */
  'auth.verification-link-invalid': fixed(410, 'This link has expired or has already been used.'),
  /**
   * Failed sign-ins for one account from any address: each one past the free ones delays the next
   * attempt (from an address the account has not signed in from) a little longer, up to a cap.
   */
  'auth.sign-in-delayed': withParams(
    429,
    z.strictObject({ retryAfterSeconds }),
    (p) => `There have been too many failed sign-ins to this account. Please try again in ${describeWait(p.retryAfterSeconds)}.`,
  ),
  /** The gateway is already checking as many admin or VIP passwords as it may at once, and as many wait. */
  'auth.sign-in-busy': fixed(503, 'Too many sign-ins are being checked at once. Please try again in a moment.'),
  /** Spec §8 VIP login: 'Access Denied' with this text. */
  'vip.invalid-credentials': fixed(401, 'Invalid VIP credentials'),
  /** Spec §8 admin login: 'Login Failed' with this text. */
  'admin.invalid-credentials': fixed(401, 'Invalid credentials'),
  'admin.unauthorized': fixed(401, UNAUTHORIZED_MESSAGE),
  /** Any request but a read (GET, HEAD) to the queue dashboard: it never adds, changes or removes a job. */
  'admin.queue-dashboard-read-only': fixed(405, 'The queue dashboard is read-only: it cannot add, change or remove jobs.'),

  // Design Language Analysis, sketch reading and reports.
  'analysis.image-undecodable': withParams(
    422,
    fileName,
    (p) => `"${p.fileName}" could not be read as an image: it may be truncated or corrupt.`,
  ),
  'analysis.photos-unreadable': fixed(503, 'Your photos could not be read back from storage just now. Please try again in a moment.'),
  /** The vision model failed; `reason` is the engine's own sentence for the user, never the SDK's text. */
  'analysis.engine-failed': withParams(502, reason, (p) => p.reason),
  'sketch.sketches-unreadable': fixed(503, 'Your sketches could not be read back from storage just now. Please try again in a moment.'),
  'report.analysis-not-found': fixed(404, 'Analysis not found.'),
  'sketch-reading.not-found': fixed(404, 'Sketch reading not found.'),
  'report.no-content': fixed(400, 'Name an analysis (analysisId) or send its text (analysisText).'),
  'report.unavailable': fixed(503, 'Your report could not be prepared just now. Please try again in a moment.'),

  // The library: projects.
  'project.not-found': fixed(404, 'Project not found.'),
  'project.name-taken': withParams(
    409,
    z.strictObject({ name: z.string().min(1).max(200) }),
    (p) => `You already have a project named "${p.name}". Choose another name.`,
  ),
  'project.limit-reached': withParams(
    409,
    z.strictObject({ limit: z.number().int().min(1) }),
    (p) => `You can keep at most ${p.limit} projects. Delete one you no longer need to make room.`,
  ),
  'project.item-not-filed': fixed(404, 'This item is not in that project.'),
  /** A share link that never was, was revoked or has expired: one answer for all three. */
  'share.not-found': fixed(404, 'This link does not exist or has expired.'),

  // Outgoing e-mail (analysis reports and clipboards): the caps that keep the routes from being a relay.
  /** An account's e-mails to addresses other than its own, per day; its own address is not capped by it. */
  'email.daily-limit': withParams(
    429,
    z.strictObject({ limit: z.number().int().min(1), retryAfterSeconds }),
    (p) =>
      `You have reached today's limit of ${p.limit} e-mails to other addresses. E-mails to your own address still go, and others can be sent again in ${describeWait(p.retryAfterSeconds)}.`,
  ),
  /** Every account's e-mails together, per hour. */
  'email.global-limit': withParams(
    429,
    z.strictObject({ retryAfterSeconds }),
    (p) => `ArchLens has sent as many e-mails as it can this hour. Please try again in ${describeWait(p.retryAfterSeconds)}.`,
  ),

  // Payments and credits.
  'billing.not-configured': fixed(503, 'Payments are not configured'),
  'billing.invalid-signature': fixed(400, 'Invalid signature'),
  'billing.no-billing-account': fixed(404, 'No billing account found. Subscribe to a plan first.'),
  'billing.provider-failed': fixed(502, 'The payment provider did not answer. Please try again.'),
  /** Checkout while the user's subscription is active, trialing or past due: plan changes go through the billing portal. */
  'billing.subscription-exists': fixed(409, 'You already have a Pro plan. Manage it from your account.'),
  /** Checkout or the billing portal for the VIP account: its unlimited plan is not sold through Stripe. */
  'billing.vip-plan': fixed(409, 'Your VIP access already includes every Pro tool. There is nothing to buy or manage.'),
  /** Spec §8 'Not enough credits': 'Insufficient credits for this generation' with '(n over limit)'. */
  'credits.insufficient': withParams(
    409,
    z.strictObject({ overBy: z.number().int().min(1) }),
    (p) => `Insufficient credits for this generation (${p.overBy} over limit)`,
  ),
  'credits.reservation-not-found': fixed(404, 'Reservation not found.'),
  'credits.reservation-not-held': fixed(409, 'The reservation has been released or has expired.'),

  // Image generation.
  'generation.not-found': fixed(404, 'Generation not found.'),
  /** A generation still rendering cannot be deleted: its worker would store images for it afterwards. */
  'generation.in-progress': fixed(409, 'This generation is still rendering. Delete it once it has finished.'),
  'generation.no-recipe': fixed(409, 'This generation kept no recipe to run again. Upload the sketch to generate anew.'),
  /** `sourceAnalysisId` of `POST /api/generate` names no analysis of the user's (unknown, deleted or another user's). */
  'generation.source-analysis-not-found': fixed(
    404,
    'The analysis this style came from is not in your library. Clear the style or use one of your own analyses.',
  ),
  'generation.pro-required': fixed(403, 'An active Pro subscription is required to generate images.'),
  'generation.provider-not-configured': withParams(
    503,
    z.strictObject({ provider: z.enum(['openai', 'stability-ai']) }),
    ({ provider }) =>
      `${provider === 'openai' ? 'OpenAI' : 'Stability AI'} image generation is not configured on this server. Choose the Sora or Midjourney workflow, or ask the administrator to set ${provider === 'openai' ? 'OPENAI_API_KEY' : 'STABILITY_API_KEY'}.`,
  ),
  /** The job id was chosen by another user's generation. */
  'generation.job-id-taken': fixed(409, 'This generation id is already in use. Please try again.'),
  /** The job id is the user's own, but was used for a generation with other options. */
  'generation.job-id-reused': fixed(409, 'This generation id was already used for a different generation. Please try again.'),
  'generation.billing-unavailable': fixed(503, 'Credits could not be checked just now. Please try again in a moment.'),
  /** The images were rendered but billing never confirmed their credits: released, the images not kept. */
  'generation.credits-not-captured': fixed(
    503,
    'The credits for this generation could not be taken, so its images were not kept and you were not charged. Please try again.',
  ),
  'generation.inputs-unreadable': fixed(503, 'Your sketch could not be read back from storage. Please upload it again.'),
  'generation.store-failed': fixed(503, 'The renders could not be stored just now. Please try again in a moment.'),
  /** The image provider refused or failed; `reason` is its own message (or ours when it gave none). */
  'generation.provider-failed': withParams(502, reason, (p) => p.reason),
  'generation.failed': fixed(502, 'The generation failed. Please try again.'),
  /**
   * Retry free asked for a generation that does not offer it: no render marked geometry drift, not
   * succeeded, or itself a free retry (one free render per paid generation).
   */
  'generation.free-retry-not-offered': fixed(
    409,
    'A free retry is offered only for a paid generation with a render marked geometry drift.',
  ),
  /** Retry free asked for again: each generation has one, used once its retry has run or is running. */
  'generation.free-retry-used': fixed(409, 'This generation has had its free retry.'),
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
/** Every code, in catalogue order. */
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]];

/** The parameters of `C`'s text (`{}` for a code that needs none). */
export type ErrorParams<C extends ErrorCode> = z.output<(typeof ERROR_CATALOGUE)[C]['params']>;
/** The codes whose text needs no parameter. */
export type PlainErrorCode = { [C in ErrorCode]: Record<never, never> extends ErrorParams<C> ? C : never }[ErrorCode];
/** The parameter argument of `C`: none for a `PlainErrorCode`, else its parameters. */
export type ErrorParamsArg<C extends ErrorCode> = C extends PlainErrorCode ? [] : [params: ErrorParams<C>];

/** A code with its checked parameters: what crosses from a service to the gateway. */
export type ErrorReference = { [C in ErrorCode]: { code: C; params: ErrorParams<C> } }[ErrorCode];

/** True when `value` is a code of the catalogue. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

/** True when `code`'s text needs parameters. */
export function hasErrorParams(code: ErrorCode): boolean {
  return Object.keys(ERROR_CATALOGUE[code].params.shape).length > 0;
}

/** The HTTP status the gateway answers `code` with. */
export function errorStatus(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}

/**
 * The user's text of `code`.
 * @throws ZodError when `params` do not fit the code (a programming error)
 */
export function errorText<C extends ErrorCode>(code: C, ...[params]: ErrorParamsArg<C>): string {
  return errorTextOf({ code, params: params ?? {} } as ErrorReference);
}

/**
 * The user's text of a code and its parameters (`errorReferenceSchema`'s output).
 * @throws ZodError when the parameters do not fit the code
 */
export function errorTextOf(reference: ErrorReference): string {
  const definition: ErrorDefinition = ERROR_CATALOGUE[reference.code];
  return definition.text(definition.params.parse(reference.params));
}

/**
 * A code and its parameters as they travel (the reply envelope, a stored failure): the code must be
 * in the catalogue and the parameters must be exactly what its text needs. Missing parameters read
 * as `{}`.
 */
export const errorReferenceSchema = z
  .object({ code: z.string().min(1).max(100), params: z.record(z.string(), z.unknown()).default({}) })
  .transform((value, context): ErrorReference => {
    if (!isErrorCode(value.code)) {
      context.addIssue({ code: 'custom', path: ['code'], message: `Unknown error code "${value.code}"` });
      return z.NEVER;
    }
    const params = ERROR_CATALOGUE[value.code].params.safeParse(value.params);
    if (!params.success) {
      for (const issue of params.error.issues)
        context.addIssue({ code: 'custom', path: ['params', ...issue.path], message: issue.message });
      return z.NEVER;
    }
    return { code: value.code, params: params.data } as ErrorReference;
  });

/** The generic code of each status the catalogue has one for (see `genericErrorCode`). */
const GENERIC_CODES: ReadonlyMap<number, ErrorCode> = new Map(
  ERROR_CODES.filter((code) => !code.includes('.')).map((code) => [ERROR_CATALOGUE[code].status, code]),
);

/**
 * The code of an HTTP refusal that has none of its own, by its status: `not-found` for 404, …; a
 * status the catalogue has no generic code for reads as `bad-request` (4xx) or `internal` (5xx).
 */
export function genericErrorCode(status: number): ErrorCode {
  return GENERIC_CODES.get(status) ?? (status < 500 ? 'bad-request' : 'internal');
}

/**
 * Every non-OK `/api` response carries this JSON body, so that the SPA can branch on `code` and
 * show `{status}: {body}` (spec §7) with a readable reason in `message`. `params` are the code's
 * parameters when its text has any; an unexpected failure also names the request id that the logs
 * carry (every response has it in `X-Request-Id`).
 */
export const errorResponseSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string().min(1),
  params: z.record(z.string(), z.unknown()).optional(),
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
