import { z } from 'zod';
import { compareTagsJobSchema, compareTagsResultSchema } from './design-loop.js';
import {
  authResultSchema,
  changePasswordCommandSchema,
  changePasswordResultSchema,
  deleteUserDataJobSchema,
  forgetAddressJobSchema,
  userDataDeletedSchema,
  verifyPasswordCommandSchema,
  verifyPasswordResultSchema,
  getUserCommandSchema,
  issueTemporaryPasswordCommandSchema,
  issueTemporaryPasswordResultSchema,
  signInCommandSchema,
  signInResultSchema,
  sendVerificationEmailCommandSchema,
  sendVerificationEmailResultSchema,
  signUpCommandSchema,
  verifyEmailCommandSchema,
  verifyEmailResultSchema,
} from './auth.js';
import {
  analyseImagesJobSchema,
  analyseImagesResultSchema,
  listRecentAnalysesJobSchema,
  listRecentAnalysesResultSchema,
  sweepOriginalsJobSchema,
  sweepOriginalsResultSchema,
} from './analysis.js';
import {
  createCheckoutSessionJobSchema,
  createPortalSessionJobSchema,
  expireReservationsJobSchema,
  expireReservationsResultSchema,
  getAccountJobSchema,
  getAccountResultSchema,
  grantUnlimitedJobSchema,
  grantUnlimitedResultSchema,
  handleStripeWebhookJobSchema,
  handleStripeWebhookResultSchema,
  recordFreeRetryJobSchema,
  recordFreeRetryResultSchema,
  reservationJobSchema,
  reservationResultSchema,
  reserveCreditsJobSchema,
  reserveCreditsResultSchema,
  sessionUrlResultSchema,
} from './billing.js';
import { errorReferenceSchema } from './errors.js';
import { sendEmailJobSchema, sendEmailResultSchema } from './email.js';
import { getStyleProfileCommandSchema, saveStyleProfileCommandSchema, styleProfileResultSchema } from './style-profile.js';
import { readSketchesJobSchema, readSketchesResultSchema } from './sketch.js';
import {
  generateJobSchema,
  generateResultSchema,
  getGeneratedImageJobSchema,
  getGeneratedImageResultSchema,
  getGenerationStatusJobSchema,
  getGenerationStatusResultSchema,
  generationItemJobSchema,
  getGenerationResultSchema,
  generationExportSchema,
  prepareRerunJobSchema,
  prepareRerunResultSchema,
  listGenerationsJobSchema,
  listGenerationsResultSchema,
  sweepGenerationInputsJobSchema,
  sweepGenerationInputsResultSchema,
} from './generation.js';
import { ensureVipUserCommandSchema } from './vip.js';
import {
  analysisExportSchema,
  exportItemsJobSchema,
  libraryExportSchema,
  createShareJobSchema,
  listSharesJobSchema,
  openShareJobSchema,
  openShareResultSchema,
  revokeShareJobSchema,
  shareListResponseSchema,
  shareSummarySchema,
  createProjectJobSchema,
  fileItemJobSchema,
  filedItemResponseSchema,
  getProjectJobSchema,
  libraryPageSchema,
  listProjectsJobSchema,
  projectDetailSchema,
  projectJobSchema,
  projectListResponseSchema,
  projectSummarySchema,
  renameProjectJobSchema,
  searchLibraryJobSchema,
  unfileItemJobSchema,
  analysisItemImageJobSchema,
  analysisItemImageResultSchema,
  analysisItemJobSchema,
  analysisItemResultSchema,
  deleteItemResultSchema,
} from './library.js';
import { analysisCapabilitiesResultSchema, capabilitiesJobSchema, generationCapabilitiesResultSchema } from './capabilities.js';
import {
  exportLeadsJobSchema,
  exportLeadsResultSchema,
  leadStatsJobSchema,
  leadStatsResultSchema,
  listLeadsJobSchema,
  listLeadsResultSchema,
} from './leads.js';
import {
  emailReportJobSchema,
  emailReportResultSchema,
  renderReportJobSchema,
  renderReportResultSchema,
  sweepTextReportsJobSchema,
  sweepTextReportsResultSchema,
} from './reports.js';

/**
 * Queue names (one queue per owning service). These values never change once
 * released: jobs already waiting in Redis carry them.
 */
export const QUEUES = {
  auth: 'auth',
  /** `auth.get-user` and the style profile's one-row reads and writes, apart from `auth`, so that sign-in traffic (argon2 work) cannot starve them. */
  authLookup: 'auth-lookup',
  analysis: 'analysis',
  /**
   * analysis-worker's quick work: the recent analyses, an analysis's PDF and its e-mail, and the
   * engines it runs, apart from `analysis`, so that they never wait behind analyses (each holds a
   * place for as long as the vision model takes, seconds per call and up to three calls).
   */
  analysisLookup: 'analysis-lookup',
  /** Outgoing e-mail: fire-and-forget commands, retried with backoff by BullMQ. */
  email: 'email',
  /** leads-service's commands: the admin console's list, stats and CSV export. */
  leads: 'leads',
  /** leads-service's subscription to the events catalogue (`EVENT_SUBSCRIPTIONS`); carries event envelopes, not commands. */
  leadsEvents: 'leads.events',
  /** billing-service's commands: checkout, portal, Stripe webhooks, credit reservations, accounts. */
  billing: 'billing',
  /** generation-worker's commands: generations (long, provider-bound) and the hourly sweep of left-over inputs. */
  generation: 'generation',
  /**
   * generation-worker's quick reads: the history, an image's download, a job's state and which
   * image providers have a key, apart from `generation`, so that they never wait behind running
   * generations (each holds a place for as long as its provider takes, up to minutes).
   */
  generationLookup: 'generation-lookup',
  /** The library's commands (projects, filing, the item index's search), taken by analysis-worker. */
  library: 'library',
  /** The library's subscription to the events catalogue: items recorded and deleted by their owners. */
  libraryEvents: 'library.events',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/**
 * The typed job catalogue: every job's queue, payload schema and result schema. Callers and
 * processors both parse against these, so nothing untyped crosses a service boundary.
 */
export const JOBS = {
  'auth.sign-up': { queue: QUEUES.auth, data: signUpCommandSchema, result: authResultSchema },
  'auth.sign-in': { queue: QUEUES.auth, data: signInCommandSchema, result: signInResultSchema },
  /** Forgot password: argon2 work whether or not the account exists, so on the `auth` queue. */
  'auth.issue-temporary-password': {
    queue: QUEUES.auth,
    data: issueTemporaryPasswordCommandSchema,
    result: issueTemporaryPasswordResultSchema,
  },
  /** Change password (argon2 work): the current password checked, the new one stored, the session version raised. */
  'auth.change-password': { queue: QUEUES.auth, data: changePasswordCommandSchema, result: changePasswordResultSchema },
  /** Account deletion: the password checked (the account's, or its outstanding temporary one, not used up). */
  'auth.verify-password': { queue: QUEUES.auth, data: verifyPasswordCommandSchema, result: verifyPasswordResultSchema },
  /** Account deletion, last step: the user row, with its temporary passwords, verification tokens and style profile. */
  'auth.delete-user': { queue: QUEUES.auth, data: deleteUserDataJobSchema, result: userDataDeletedSchema },
  /** A new e-mail verification link for the user's address, queued to the email-worker. */
  'auth.send-verification-email': {
    queue: QUEUES.authLookup,
    data: sendVerificationEmailCommandSchema,
    result: sendVerificationEmailResultSchema,
  },
  /** The token of a verification link used up, and the account's address marked confirmed. */
  'auth.verify-email': { queue: QUEUES.authLookup, data: verifyEmailCommandSchema, result: verifyEmailResultSchema },
  /** VIP access: the VIP account, found or created (argon2 work, so on the `auth` queue). */
  'auth.ensure-vip-user': { queue: QUEUES.auth, data: ensureVipUserCommandSchema, result: authResultSchema },
  'auth.get-user': { queue: QUEUES.authLookup, data: getUserCommandSchema, result: authResultSchema },
  /** The user's style description (spec §3 style profile); one indexed read, no argon2 work. */
  'auth.get-style-profile': { queue: QUEUES.authLookup, data: getStyleProfileCommandSchema, result: styleProfileResultSchema },
  /** Saves the user's style description (spec §5: at most 500 characters, not blank); one upsert. */
  'auth.save-style-profile': { queue: QUEUES.authLookup, data: saveStyleProfileCommandSchema, result: styleProfileResultSchema },
  'analysis.analyse-images': {
    queue: QUEUES.analysis,
    data: analyseImagesJobSchema,
    result: analyseImagesResultSchema,
  },
  /** A render's tags compared with its source analysis or its style description ("Analyse this render"). */
  'analysis.compare-tags': { queue: QUEUES.analysisLookup, data: compareTagsJobSchema, result: compareTagsResultSchema },
  'analysis.list-recent': {
    queue: QUEUES.analysisLookup,
    data: listRecentAnalysesJobSchema,
    result: listRecentAnalysesResultSchema,
  },
  'analysis.sweep-originals': {
    queue: QUEUES.analysis,
    data: sweepOriginalsJobSchema,
    result: sweepOriginalsResultSchema,
  },
  /** Read up to 3 stored sketches back as a summary and detailed points. */
  'analysis.read-sketches': { queue: QUEUES.analysis, data: readSketchesJobSchema, result: readSketchesResultSchema },
  /** The owner's analysis as a PDF in object storage, rendered once. */
  'analysis.render-report': { queue: QUEUES.analysisLookup, data: renderReportJobSchema, result: renderReportResultSchema },
  /** E-mail the report (PDF attached) and publish `analysis.emailed`. */
  'analysis.email-report': { queue: QUEUES.analysisLookup, data: emailReportJobSchema, result: emailReportResultSchema },
  /** `GET /api/capabilities`: the engines this worker built (OpenAI or offline), so that no screen claims a model that is not there. */
  'analysis.capabilities': {
    queue: QUEUES.analysisLookup,
    data: capabilitiesJobSchema,
    result: analysisCapabilitiesResultSchema,
  },
  /** The user's analysis or sketch reading whole (`DomainError` `…not-found` for anyone else's). */
  'analysis.get-item': { queue: QUEUES.analysisLookup, data: analysisItemJobSchema, result: analysisItemResultSchema },
  /** A JPEG thumbnail of one photo or sketch of the user's item, made once into object storage. */
  'analysis.get-item-image': { queue: QUEUES.analysisLookup, data: analysisItemImageJobSchema, result: analysisItemImageResultSchema },
  /** Removes the user's analysis or sketch reading and every object stored for it (originals, PDF, thumbnails). */
  'analysis.delete-item': { queue: QUEUES.analysisLookup, data: analysisItemJobSchema, result: deleteItemResultSchema },
  /** `GET /api/account/export`: every analysis and sketch reading of the user's, with its stored objects' keys. */
  'analysis.export-items': { queue: QUEUES.analysisLookup, data: exportItemsJobSchema, result: analysisExportSchema },
  /** Account deletion: every analysis, sketch reading, project, library item and share link of the user's, and their stored objects. */
  'analysis.delete-user': { queue: QUEUES.analysisLookup, data: deleteUserDataJobSchema, result: userDataDeletedSchema },
  /** Scheduled: removes PDFs of free text once their e-mail has long left. */
  'analysis.sweep-text-reports': { queue: QUEUES.analysis, data: sweepTextReportsJobSchema, result: sweepTextReportsResultSchema },
  'email.send': { queue: QUEUES.email, data: sendEmailJobSchema, result: sendEmailResultSchema },
  /** Account deletion: the delivery log's messages to the deleted account's address. */
  'email.forget-address': { queue: QUEUES.email, data: forgetAddressJobSchema, result: userDataDeletedSchema },
  'leads.list': { queue: QUEUES.leads, data: listLeadsJobSchema, result: listLeadsResultSchema },
  'leads.stats': { queue: QUEUES.leads, data: leadStatsJobSchema, result: leadStatsResultSchema },
  'leads.export': { queue: QUEUES.leads, data: exportLeadsJobSchema, result: exportLeadsResultSchema },
  /** Account deletion: the user's leads kept without their name, e-mail and user id; their subscription projection removed. */
  'leads.anonymise-user': { queue: QUEUES.leads, data: deleteUserDataJobSchema, result: userDataDeletedSchema },
  /** A Stripe Checkout session (subscription mode, SGD) for the user's plan. */
  'billing.create-checkout-session': { queue: QUEUES.billing, data: createCheckoutSessionJobSchema, result: sessionUrlResultSchema },
  /** A Stripe billing portal session for the user's customer. */
  'billing.create-portal-session': { queue: QUEUES.billing, data: createPortalSessionJobSchema, result: sessionUrlResultSchema },
  /** One Stripe webhook delivery, verified and applied once. */
  'billing.handle-stripe-webhook': {
    queue: QUEUES.billing,
    data: handleStripeWebhookJobSchema,
    result: handleStripeWebhookResultSchema,
  },
  /** Hold credits before a paid provider call (never below zero). */
  'billing.reserve-credits': { queue: QUEUES.billing, data: reserveCreditsJobSchema, result: reserveCreditsResultSchema },
  /** The provider call succeeded: the held credits are spent. */
  'billing.capture-credits': { queue: QUEUES.billing, data: reservationJobSchema, result: reservationResultSchema },
  /** A free retry recorded as a zero-cost generation in the credit ledger. */
  'billing.record-free-retry': { queue: QUEUES.billing, data: recordFreeRetryJobSchema, result: recordFreeRetryResultSchema },
  /** The provider call failed: the held credits come back. */
  'billing.release-credits': { queue: QUEUES.billing, data: reservationJobSchema, result: reservationResultSchema },
  /** Scheduled: reservations past their expiry come back, once each. */
  'billing.expire-reservations': {
    queue: QUEUES.billing,
    data: expireReservationsJobSchema,
    result: expireReservationsResultSchema,
  },
  /** The user's subscription and balance (merged into `GET /api/auth/user`). */
  'billing.get-account': { queue: QUEUES.billing, data: getAccountJobSchema, result: getAccountResultSchema },
  /**
   * Account deletion: the Stripe subscription in force cancelled at the end of its period, the
   * user's billing rows removed and their credit ledger rows kept without the user's id.
   */
  'billing.delete-customer': { queue: QUEUES.billing, data: deleteUserDataJobSchema, result: userDataDeletedSchema },
  /** Spec §6: VIP access, the active unlimited plan without Stripe. */
  'billing.grant-unlimited': { queue: QUEUES.billing, data: grantUnlimitedJobSchema, result: grantUnlimitedResultSchema },
  /** One generation, idempotent on its job id (reserve, provider calls, store, capture or release). */
  'generation.generate': { queue: QUEUES.generation, data: generateJobSchema, result: generateResultSchema },
  /** Spec §7 `GET /api/generations`: the user's history, newest first, and their number of generations in all. */
  'generation.list': { queue: QUEUES.generationLookup, data: listGenerationsJobSchema, result: listGenerationsResultSchema },
  /** Spec §7 `GET /api/download/{jobId}/{index}`: the owner's stored image (404 otherwise). */
  'generation.get-image': { queue: QUEUES.generationLookup, data: getGeneratedImageJobSchema, result: getGeneratedImageResultSchema },
  /** `GET /api/generations/{jobId}/events`: a job's status for its owner (404 for another user's job). */
  'generation.get-status': { queue: QUEUES.generationLookup, data: getGenerationStatusJobSchema, result: getGenerationStatusResultSchema },
  /** `GET /api/generations/{jobId}`: the owner's generation whole. */
  'generation.get': { queue: QUEUES.generationLookup, data: generationItemJobSchema, result: getGenerationResultSchema },
  /** `GET /api/account/export`: every generation of the user's, with its renders' keys. */
  'generation.export-items': { queue: QUEUES.generationLookup, data: exportItemsJobSchema, result: generationExportSchema },
  /** Copies a generation's stored recipe into fresh inputs for `POST /api/generations/{id}/reproduce` and `/vary`. */
  'generation.prepare-rerun': { queue: QUEUES.generationLookup, data: prepareRerunJobSchema, result: prepareRerunResultSchema },
  /** Removes the owner's finished generation and its stored images (`generation.in-progress` while it renders). */
  'generation.delete': { queue: QUEUES.generationLookup, data: generationItemJobSchema, result: deleteItemResultSchema },
  /** Account deletion: every generation of the user's (any status), its renders and its recipes. */
  'generation.delete-user': { queue: QUEUES.generationLookup, data: deleteUserDataJobSchema, result: userDataDeletedSchema },
  /** `GET /api/capabilities`: which paid image providers have their key on this worker. */
  'generation.capabilities': {
    queue: QUEUES.generationLookup,
    data: capabilitiesJobSchema,
    result: generationCapabilitiesResultSchema,
  },
  /**
   * Scheduled: generations left pending past their credit reservation are failed, and uploaded
   * inputs no pending generation refers to (a process died mid-request) are removed.
   */
  'generation.sweep-inputs': { queue: QUEUES.generation, data: sweepGenerationInputsJobSchema, result: sweepGenerationInputsResultSchema },
  'library.create-project': { queue: QUEUES.library, data: createProjectJobSchema, result: projectSummarySchema },
  'library.list-projects': { queue: QUEUES.library, data: listProjectsJobSchema, result: projectListResponseSchema },
  'library.get-project': { queue: QUEUES.library, data: getProjectJobSchema, result: projectDetailSchema },
  'library.rename-project': { queue: QUEUES.library, data: renameProjectJobSchema, result: projectSummarySchema },
  /** Removes a project; its items stay, unfiled. */
  'library.delete-project': { queue: QUEUES.library, data: projectJobSchema, result: deleteItemResultSchema },
  /** Files an item (its facts checked with its owner first) in a project, moving it from any other. */
  'library.file-item': { queue: QUEUES.library, data: fileItemJobSchema, result: filedItemResponseSchema },
  'library.unfile-item': { queue: QUEUES.library, data: unfileItemJobSchema, result: filedItemResponseSchema },
  /** `GET /api/library`: one page of the user's items, filtered and searched in one indexed query. */
  'library.search': { queue: QUEUES.library, data: searchLibraryJobSchema, result: libraryPageSchema },
  /** `GET /api/account/export`: the user's projects and what is filed in each. */
  'library.export': { queue: QUEUES.library, data: exportItemsJobSchema, result: libraryExportSchema },
  /** A share link recorded by its token's hash. */
  'library.create-share': { queue: QUEUES.library, data: createShareJobSchema, result: shareSummarySchema },
  'library.list-shares': { queue: QUEUES.library, data: listSharesJobSchema, result: shareListResponseSchema },
  'library.revoke-share': { queue: QUEUES.library, data: revokeShareJobSchema, result: deleteItemResultSchema },
  /** A live link's item and owner (`share.not-found` once revoked or expired). */
  'library.open-share': { queue: QUEUES.library, data: openShareJobSchema, result: openShareResultSchema },
} as const;
export type JobName = keyof typeof JOBS;
/** Jobs carried by one queue. */
export type JobNameOf<Q extends QueueName> = {
  [N in JobName]: (typeof JOBS)[N]['queue'] extends Q ? N : never;
}[JobName];
export type JobData<N extends JobName> = z.infer<(typeof JOBS)[N]['data']>;
export type JobResult<N extends JobName> = z.infer<(typeof JOBS)[N]['result']>;

/**
 * Field that every job's data carries beside its payload: the id of the request that sent it, so
 * the worker's logs name the same request as the gateway's. Not part of any payload
 * schema; the worker host reads it before parsing the payload.
 */
export const REQUEST_ID_FIELD = 'requestId';

/**
 * What a worker returns for every command (the job's return value in Redis): the command's result,
 * or a domain refusal as a code of the error catalogue and its parameters (`errorReferenceSchema`:
 * an unknown code or parameters that do not fit it are refused). Only these refusals reach clients
 * with their own text; anything else a worker throws is logged and answered with a generic message
 * and the request id.
 */
export const replyEnvelopeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: errorReferenceSchema }),
]);
export type ReplyEnvelope = z.infer<typeof replyEnvelopeSchema>;

/** Per-queue worker and caller settings. */
export interface QueueSettings {
  /** Jobs one worker process runs at once. */
  concurrency: number;
  /** Tries per job (1 = no retry); request/reply commands are not retried. */
  attempts: number;
  /** Delay before a retry, in ms (exponential). */
  backoffMs: number;
  /** How long a worker holds a job's lock before it is considered stalled, in ms. */
  lockDurationMs: number;
  /** How long the caller waits for the result before answering 504, in ms. */
  replyTimeoutMs: number;
  /** Finished jobs are kept this long, in seconds (never removeOnComplete: true). */
  keepCompletedSeconds: number;
  /** Failed jobs are kept this long, in seconds, for inspection. */
  keepFailedSeconds: number;
}

/**
 * One settings record for every queue: a queue added to `QUEUES` without settings here
 * fails to compile. Analysis reply timeout allows a vision model up to three calls (first answer
 * and two word-count repairs). E-mail is sent with `CommandClient.enqueue` (nobody waits for it) and
 * retried on a provider's 5xx or 429: 5 tries, 2 s, 4 s, 8 s, 16 s apart.
 */
export const QUEUE_SETTINGS: Record<QueueName, QueueSettings> = {
  auth: {
    concurrency: 8,
    attempts: 1,
    backoffMs: 0,
    lockDurationMs: 30_000,
    replyTimeoutMs: 10_000,
    keepCompletedSeconds: 60,
    keepFailedSeconds: 3600,
  },
  'auth-lookup': {
    concurrency: 16,
    attempts: 1,
    backoffMs: 0,
    lockDurationMs: 30_000,
    replyTimeoutMs: 5_000,
    keepCompletedSeconds: 60,
    keepFailedSeconds: 3600,
  },
  analysis: {
    concurrency: 4,
    attempts: 1,
    backoffMs: 0,
    lockDurationMs: 180_000,
    replyTimeoutMs: 170_000,
    keepCompletedSeconds: 300,
    keepFailedSeconds: 86_400,
  },
  // A one-row read, or a PDF rendered once (thumbnails and text) and a report e-mail queued.
  'analysis-lookup': {
    concurrency: 8,
    attempts: 1,
    backoffMs: 0,
    lockDurationMs: 60_000,
    replyTimeoutMs: 30_000,
    keepCompletedSeconds: 60,
    keepFailedSeconds: 3600,
  },
  email: {
    concurrency: 4,
    attempts: 5,
    backoffMs: 2_000,
    lockDurationMs: 60_000,
    replyTimeoutMs: 30_000,
    keepCompletedSeconds: 86_400,
    keepFailedSeconds: 7 * 86_400,
  },
  leads: {
    concurrency: 8,
    attempts: 1,
    backoffMs: 0,
    lockDurationMs: 120_000,
    replyTimeoutMs: 60_000,
    keepCompletedSeconds: 60,
    keepFailedSeconds: 3600,
  },
  // Event deliveries: retried by the publisher's own job options (5 tries); these are the worker's.
  'leads.events': {
    concurrency: 4,
    attempts: 5,
    backoffMs: 1_000,
    lockDurationMs: 30_000,
    replyTimeoutMs: 30_000,
    keepCompletedSeconds: 7 * 86_400,
    keepFailedSeconds: 7 * 86_400,
  },
  // Short transactions on one balance row each; 32 at once keeps the pool (10) busy
  // while the row lock serialises writers of one account. Not retried: callers retry with the same
  // reference or Stripe redelivers the webhook.
  billing: {
    concurrency: 32,
    attempts: 1,
    backoffMs: 0,
    lockDurationMs: 30_000,
    replyTimeoutMs: 15_000,
    keepCompletedSeconds: 60,
    keepFailedSeconds: 3600,
  },
  // A generation waits on a provider for every variation it renders; a worker that dies
  // mid-job is noticed when its lock lapses and the job runs again, idempotently on its id. The
  // caller waits up to 5 minutes.
  generation: {
    concurrency: 8,
    attempts: 1,
    backoffMs: 0,
    lockDurationMs: 30_000,
    replyTimeoutMs: 300_000,
    keepCompletedSeconds: 300,
    keepFailedSeconds: 86_400,
  },
  // One-row reads: many at once, answered in milliseconds, never behind a provider call.
  'generation-lookup': {
    concurrency: 16,
    attempts: 1,
    backoffMs: 0,
    lockDurationMs: 30_000,
    replyTimeoutMs: 10_000,
    keepCompletedSeconds: 60,
    keepFailedSeconds: 3600,
  },
  // One-row writes and one indexed query per command.
  library: {
    concurrency: 16,
    attempts: 1,
    backoffMs: 0,
    lockDurationMs: 30_000,
    replyTimeoutMs: 10_000,
    keepCompletedSeconds: 60,
    keepFailedSeconds: 3600,
  },
  // Event deliveries, as `leads.events`.
  'library.events': {
    concurrency: 4,
    attempts: 5,
    backoffMs: 1_000,
    lockDurationMs: 30_000,
    replyTimeoutMs: 30_000,
    keepCompletedSeconds: 7 * 86_400,
    keepFailedSeconds: 7 * 86_400,
  },
};
