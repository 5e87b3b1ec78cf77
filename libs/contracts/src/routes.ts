import { z } from 'zod';
import { analyzeResponseSchema, MAX_ANALYSIS_IMAGES, previousAnalysesResponseSchema } from './analysis.js';
import {
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  deleteAccountResponseSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  publicUserSchema,
  resendVerificationRequestSchema,
  resendVerificationResponseSchema,
  signInRequestSchema,
  signUpRequestSchema,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from './auth.js';
import {
  createCheckoutSessionRequestSchema,
  createPortalSessionRequestSchema,
  sessionUrlResponseSchema,
  stripeWebhookResponseSchema,
} from './billing.js';
import { capabilitiesResponseSchema } from './capabilities.js';
import { emailClipboardRequestSchema, emailClipboardResponseSchema } from './clipboard.js';
import {
  GENERATION_FILE_FIELDS,
  GENERATION_HISTORY_LIMIT,
  GENERATION_TOTAL_HEADER,
  generateFieldsSchema,
  generateResponseSchema,
  generationHistoryResponseSchema,
  generationDetailSchema,
  generationProgressSchema,
  MAX_REFERENCE_IMAGES,
  retryFreeRequestSchema,
} from './generation.js';
import {
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  adminLogoutResponseSchema,
  adminQueuesSessionResponseSchema,
  adminVerifyResponseSchema,
  leadFiltersSchema,
  leadsListQuerySchema,
  leadsListResponseSchema,
  leadStatsSchema,
} from './leads.js';
import { API_PATHS, type ApiRouteName } from './paths.js';
import {
  analysisDetailSchema,
  createShareRequestSchema,
  createShareResponseSchema,
  shareListResponseSchema,
  sharedItemSchema,
  deletedResponseSchema,
  filedItemResponseSchema,
  fileItemRequestSchema,
  libraryPageSchema,
  libraryQuerySchema,
  projectDetailSchema,
  projectItemsQuerySchema,
  projectListResponseSchema,
  projectNameRequestSchema,
  projectSummarySchema,
  sketchReadingDetailSchema,
} from './library.js';
import { analyseRenderResponseSchema } from './design-loop.js';
import { emailAnalysisRequestSchema, emailAnalysisResponseSchema } from './reports.js';
import { analyzeSketchResponseSchema, MAX_SKETCH_IMAGES, SINGLE_SKETCH_FIELD, SKETCH_IMAGE_FIELDS } from './sketch.js';
import { saveStyleProfileRequestSchema, styleProfileResponseSchema } from './style-profile.js';
import { vipLoginRequestSchema, vipLoginResponseSchema } from './vip.js';

/**
 * Who may call a route: `public` (anyone), `session` (a signed-in user's session cookie; 401
 * without it), `verified` (a session of a user whose e-mail address is confirmed, the VIP account
 * included; 401 without a session, 403 `auth.email-unverified` before the address is confirmed),
 * `pro` (a session of a user with an active subscription, the unlimited VIP plan included; 401
 * without a session, 403 without Pro) or `admin` (the bearer token of `POST /api/admin/login`; 401
 * without it).
 */
export type RouteAccess = 'public' | 'session' | 'verified' | 'pro' | 'admin';

/** A `multipart/form-data` body: its fields, each file a binary string. */
export interface MultipartRequest {
  readonly multipart: z.ZodObject;
}

/** A download: the content types it answers with. */
export interface FileResponse {
  readonly file: readonly string[];
}

/** A server-sent event stream: the schema of each event's data (one JSON object per `data:` line). */
export interface EventStreamResponse {
  readonly events: z.ZodType;
}

/** One `/api` route: everything the SPA, the gateway and the API document know about it. */
export interface ApiRoute {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** An Express path (`:param` segments), from `API_PATHS`. */
  readonly path: string;
  /** One line for the API document. */
  readonly summary: string;
  readonly access: RouteAccess;
  /**
   * JSON body schema, a multipart body, 'raw' for a body the route reads as exact bytes (a webhook
   * whose signature covers them), or null for no body.
   */
  readonly request: z.ZodType | MultipartRequest | 'raw' | null;
  /** Query parameters, for the routes that read a query string. */
  readonly query?: z.ZodObject;
  /** Success body schema, 'redirect' for a browser navigation, a file download or an event stream. */
  readonly response: z.ZodType | FileResponse | EventStreamResponse | 'redirect';
  /** The success status when it is not 200 (302 for a redirect). */
  readonly status?: 201;
  /** Headers of the success response the client reads, by name (e.g. `X-Total-Count` of `GET /api/generations`). */
  readonly responseHeaders?: z.ZodObject;
  /** What the API document says beyond the access rule (ownership, signatures, streaming). */
  readonly notes?: string;
}

/** The head of the OpenAPI 3.1 document `GET /api/docs/openapi.json` answers (the rest is OpenAPI's own schema). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** The multipart field that carries the photos of `POST /api/analyze` (spec §7: the repeated field 'images'). */
export const ANALYSIS_IMAGES_FIELD = 'images';

/** One uploaded file in a multipart body (OpenAPI 3.1: a binary string). */
const file = (description: string) => z.string().meta({ format: 'binary', description });

/** A multipart body of these fields. */
const multipart = (fields: z.ZodObject): MultipartRequest => ({ multipart: fields });

/** A download in one of these content types. */
const download = (...contentTypes: string[]): FileResponse => ({ file: contentTypes });

/** The fields of each upload (spec §7), from the contracts' field names and limits. */
const UPLOADS = {
  analyze: z.object({
    [ANALYSIS_IMAGES_FIELD]: z
      .array(file('A photo (JPEG, PNG or WebP, checked by content).'))
      .min(1)
      .max(MAX_ANALYSIS_IMAGES)
      .meta({ description: `The photos, the field repeated (1 to ${MAX_ANALYSIS_IMAGES}).` }),
  }),
  analyzeSketch: z
    .object({
      ...Object.fromEntries(SKETCH_IMAGE_FIELDS.map((name) => [name, file('A sketch, one per field (/read-sketch).').optional()])),
      [SINGLE_SKETCH_FIELD]: file('A single sketch (/create).').optional(),
    })
    .meta({ description: `Up to ${MAX_SKETCH_IMAGES} sketches in ${SKETCH_IMAGE_FIELDS.join(', ')}, or one in ${SINGLE_SKETCH_FIELD}.` }),
  generate: generateFieldsSchema.extend({
    [GENERATION_FILE_FIELDS.sketch]: file('The sketch.'),
    [GENERATION_FILE_FIELDS.references]: z
      .array(file('A reference image.'))
      .max(MAX_REFERENCE_IMAGES)
      .optional()
      .meta({ description: `Reference images, the field repeated (up to ${MAX_REFERENCE_IMAGES}).` }),
  }),
};

/** Every route's entry but its path, which `API_PATHS` holds under the same name. */
const ROUTES = {
  signUp: {
    method: 'POST',
    summary: 'Create an account and sign in',
    access: 'public',
    request: signUpRequestSchema,
    response: publicUserSchema,
    status: 201,
  },
  signIn: { method: 'POST', summary: 'Sign in', access: 'public', request: signInRequestSchema, response: publicUserSchema },
  forgotPassword: {
    method: 'POST',
    summary: 'E-mail a temporary password',
    access: 'public',
    request: forgotPasswordRequestSchema,
    response: forgotPasswordResponseSchema,
  },
  changePassword: {
    method: 'POST',
    summary: 'Change the password, ending every other session',
    access: 'session',
    request: changePasswordRequestSchema,
    response: publicUserSchema,
    notes:
      'The current password, or the temporary one the user signed in with; a new session cookie replaces this one. 400 for a wrong current password or a commonly used new one.',
  },
  verifyEmail: {
    method: 'POST',
    summary: 'Confirm the e-mail address with the token of its link',
    access: 'public',
    request: verifyEmailRequestSchema,
    response: verifyEmailResponseSchema,
    notes: 'The token of `/verify-email?token=…`, single use and valid for 24 hours; 410 for one that is unknown, used or expired.',
  },
  resendVerification: {
    method: 'POST',
    summary: 'E-mail a new link to confirm the address',
    access: 'session',
    request: resendVerificationRequestSchema,
    response: resendVerificationResponseSchema,
  },
  currentUser: { method: 'GET', summary: 'The signed-in user', access: 'session', request: null, response: publicUserSchema },
  logout: { method: 'GET', summary: 'Sign out and go home', access: 'public', request: null, response: 'redirect' },
  login: { method: 'GET', summary: 'Go to the sign-in dialog', access: 'public', request: null, response: 'redirect' },
  analyze: {
    method: 'POST',
    summary: 'Analyse the design language of 1 to 10 photos',
    access: 'session',
    request: multipart(UPLOADS.analyze),
    response: analyzeResponseSchema,
  },
  analyzeSketch: {
    method: 'POST',
    summary: 'Read 1 to 3 sketches',
    access: 'session',
    request: multipart(UPLOADS.analyzeSketch),
    response: analyzeSketchResponseSchema,
  },
  emailClipboard: {
    method: 'POST',
    summary: 'E-mail the Working Clipboard',
    access: 'verified',
    request: emailClipboardRequestSchema,
    response: emailClipboardResponseSchema,
  },
  previousAnalyses: {
    method: 'GET',
    summary: "The user's most recent analyses",
    access: 'session',
    request: null,
    response: previousAnalysesResponseSchema,
  },
  analysisPdf: {
    method: 'GET',
    summary: 'An analysis as a PDF report',
    access: 'session',
    request: null,
    response: download('application/pdf'),
    notes: "Owner only: 404 for another user's analysis.",
  },
  analysis: {
    method: 'GET',
    summary: 'One analysis, whole',
    access: 'session',
    request: null,
    response: analysisDetailSchema,
    notes: "Owner only: 404 for another user's analysis, as for an unknown one.",
  },
  deleteAnalysis: {
    method: 'DELETE',
    summary: 'Delete an analysis with its photos and report',
    access: 'session',
    request: null,
    response: deletedResponseSchema,
    notes: "Owner only: 404 for another user's analysis. Its photos, PDF report and thumbnails are removed at once.",
  },
  analysisImage: {
    method: 'GET',
    summary: "A thumbnail of one of an analysis's photos",
    access: 'session',
    request: null,
    response: download('image/jpeg'),
    notes: "Owner only: 404 for another user's analysis or an index it has no photo for.",
  },
  sketchReading: {
    method: 'GET',
    summary: 'One sketch reading, whole',
    access: 'session',
    request: null,
    response: sketchReadingDetailSchema,
    notes: "Owner only: 404 for another user's reading, as for an unknown one.",
  },
  deleteSketchReading: {
    method: 'DELETE',
    summary: 'Delete a sketch reading with its sketches',
    access: 'session',
    request: null,
    response: deletedResponseSchema,
    notes: "Owner only: 404 for another user's reading. Its sketches and thumbnails are removed at once.",
  },
  sketchReadingImage: {
    method: 'GET',
    summary: "A thumbnail of one of a reading's sketches",
    access: 'session',
    request: null,
    response: download('image/jpeg'),
    notes: "Owner only: 404 for another user's reading or an index it has no sketch for.",
  },
  emailAnalysis: {
    method: 'POST',
    summary: 'E-mail an analysis report',
    access: 'verified',
    request: emailAnalysisRequestSchema,
    response: emailAnalysisResponseSchema,
  },
  vipLogin: {
    method: 'POST',
    summary: 'Sign in with the VIP credentials',
    access: 'public',
    request: vipLoginRequestSchema,
    response: vipLoginResponseSchema,
  },
  adminLogin: {
    method: 'POST',
    summary: 'Sign in as the admin: a token',
    access: 'public',
    request: adminLoginRequestSchema,
    response: adminLoginResponseSchema,
  },
  adminVerify: { method: 'GET', summary: 'Check an admin token', access: 'admin', request: null, response: adminVerifyResponseSchema },
  adminLogout: {
    method: 'POST',
    summary: 'Sign out of the admin console: the token is revoked',
    access: 'admin',
    request: null,
    response: adminLogoutResponseSchema,
    notes: 'The token and the queue dashboard sessions bought with it answer 401 from then on, until they would have expired.',
  },
  adminLeads: {
    method: 'GET',
    summary: 'One page of leads',
    access: 'admin',
    request: null,
    query: leadsListQuerySchema,
    response: leadsListResponseSchema,
  },
  adminLeadStats: { method: 'GET', summary: 'Lead statistics', access: 'admin', request: null, response: leadStatsSchema },
  adminLeadsExport: {
    method: 'GET',
    summary: 'The matching leads as CSV',
    access: 'admin',
    request: null,
    query: leadFiltersSchema,
    response: download('text/csv'),
  },
  adminQueuesSession: {
    method: 'POST',
    summary: "The queue dashboard's session cookie",
    access: 'admin',
    request: null,
    response: adminQueuesSessionResponseSchema,
  },
  health: {
    method: 'GET',
    summary: "Whether Redis and every queue's worker answer",
    access: 'public',
    request: null,
    response: z.object({ status: z.literal('ok'), queues: z.array(z.string()) }),
  },
  capabilities: {
    method: 'GET',
    summary: 'Who writes the texts and which image providers are configured',
    access: 'public',
    request: null,
    response: capabilitiesResponseSchema,
    notes:
      'Always 200: a worker that does not answer within 3 s makes its part `unknown` (engines) or false (`openai`, `stability-ai`, with `imageProvidersChecked` false), never a claim it did not make. Kept by the gateway for 60 s (5 s when incomplete).',
  },
  styleProfile: {
    method: 'GET',
    summary: "The user's style description",
    access: 'session',
    request: null,
    response: styleProfileResponseSchema,
  },
  saveStyleProfile: {
    method: 'POST',
    summary: 'Save the style description',
    access: 'session',
    request: saveStyleProfileRequestSchema,
    response: styleProfileResponseSchema,
  },
  createCheckoutSession: {
    method: 'POST',
    summary: 'A Stripe Checkout session for a paid plan',
    access: 'verified',
    request: createCheckoutSessionRequestSchema,
    response: sessionUrlResponseSchema,
  },
  createPortalSession: {
    method: 'POST',
    summary: 'A Stripe billing portal session',
    access: 'session',
    request: createPortalSessionRequestSchema,
    response: sessionUrlResponseSchema,
  },
  stripeWebhook: {
    method: 'POST',
    summary: "Stripe's webhook deliveries",
    access: 'public',
    request: 'raw',
    response: stripeWebhookResponseSchema,
    notes: 'Stripe only: the raw body, authenticated by its `stripe-signature` header (400 otherwise).',
  },
  generate: {
    method: 'POST',
    summary: 'Render a sketch as images',
    access: 'pro',
    request: multipart(UPLOADS.generate),
    response: generateResponseSchema,
  },
  generationEvents: {
    method: 'GET',
    summary: "A generation's progress",
    access: 'session',
    request: null,
    // Named by a `.meta` id so that the document lists it under `components.schemas` (made once: zod's registry keeps ids unique).
    response: { events: generationProgressSchema.meta({ id: 'GenerationProgressEvent' }) },
    notes: 'Server-sent events; `: heartbeat` comments every 15 s.',
  },
  downloadGeneratedImage: {
    method: 'GET',
    summary: 'One generated image',
    access: 'session',
    request: null,
    response: download('image/jpeg'),
    notes: "Owner only: 404 for another user's generation.",
  },
  generationFidelityOverlay: {
    method: 'GET',
    summary: "The sketch's lines one render did not keep, as a transparent PNG of the render's size",
    access: 'session',
    request: null,
    response: download('image/png'),
    notes: "Owner only: 404 for another user's generation, an unknown image or one without an overlay.",
  },
  generations: {
    method: 'GET',
    summary: "The user's generation history",
    access: 'session',
    request: null,
    response: generationHistoryResponseSchema,
    responseHeaders: z.object({
      [GENERATION_TOTAL_HEADER]: z
        .string()
        .regex(/^\d+$/)
        .meta({ description: `How many generations the user has in all (the body lists at most ${GENERATION_HISTORY_LIMIT}).` }),
    }),
  },
  generation: {
    method: 'GET',
    summary: 'One generation, whole',
    access: 'session',
    request: null,
    response: generationDetailSchema,
    notes: "Owner only: 404 for another user's generation, as for an unknown one.",
  },
  deleteGeneration: {
    method: 'DELETE',
    summary: 'Delete a finished generation with its renders',
    access: 'session',
    request: null,
    response: deletedResponseSchema,
    notes: "Owner only: 404 for another user's generation; 409 while it is still rendering. Its renders are removed at once.",
  },
  projects: {
    method: 'GET',
    summary: "The user's projects, with item counts and the newest item's thumbnail",
    access: 'session',
    request: null,
    response: projectListResponseSchema,
  },
  createProject: {
    method: 'POST',
    summary: 'Create a project',
    access: 'session',
    request: projectNameRequestSchema,
    response: projectSummarySchema,
    status: 201,
    notes: 'Names are 1 to 80 characters once trimmed; 409 for a name the user already has (case aside) or past 200 projects.',
  },
  project: {
    method: 'GET',
    summary: 'One project and a page of its items, newest first',
    access: 'session',
    request: null,
    query: projectItemsQuerySchema,
    response: projectDetailSchema,
    notes: "Owner only: 404 for another user's project.",
  },
  renameProject: {
    method: 'PATCH',
    summary: 'Rename a project',
    access: 'session',
    request: projectNameRequestSchema,
    response: projectSummarySchema,
    notes: "Owner only: 404 for another user's project; 409 for a name the user already has.",
  },
  deleteProject: {
    method: 'DELETE',
    summary: 'Delete a project; its items stay, unfiled',
    access: 'session',
    request: null,
    response: deletedResponseSchema,
    notes: "Owner only: 404 for another user's project.",
  },
  fileProjectItem: {
    method: 'PUT',
    summary: 'File an item in a project (moving it from any other)',
    access: 'session',
    request: fileItemRequestSchema,
    response: filedItemResponseSchema,
    notes: "Owner only: 404 for another user's project, or an item that does not exist or is another user's.",
  },
  unfileProjectItem: {
    method: 'DELETE',
    summary: 'Take an item out of a project',
    access: 'session',
    request: null,
    response: filedItemResponseSchema,
    notes: "Owner only: 404 for another user's project or an item not filed in it.",
  },
  library: {
    method: 'GET',
    summary: "Every item of the user's, filtered, searched and paged",
    access: 'session',
    request: null,
    query: libraryQuerySchema,
    response: libraryPageSchema,
    notes:
      'Full-text search (`q`) over analysis text, tags and project names; `type` and `projectId` filter; newest first unless `sort=oldest`.',
  },
  shares: { method: 'GET', summary: "The user's live share links", access: 'session', request: null, response: shareListResponseSchema },
  createShare: {
    method: 'POST',
    summary: 'A link that shows one item to anyone who has it, for 1 to 30 days',
    access: 'session',
    request: createShareRequestSchema,
    response: createShareResponseSchema,
    status: 201,
    notes: "Owner only: 404 for another user's item. The token (256 random bits) is shown once; only its SHA-256 is kept.",
  },
  revokeShare: {
    method: 'DELETE',
    summary: 'Revoke a share link',
    access: 'session',
    request: null,
    response: deletedResponseSchema,
    notes: "The link's token, or its id from `GET /api/shares`. Owner only: 404 for another user's link.",
  },
  sharedItem: {
    method: 'GET',
    summary: 'A shared item: its text and images, nothing of its owner',
    access: 'public',
    request: null,
    response: sharedItemSchema,
    notes: '`X-Robots-Tag: noindex`; 404 once revoked or expired; limited per address.',
  },
  sharedImage: {
    method: 'GET',
    summary: "One of a shared item's images",
    access: 'public',
    request: null,
    response: download('image/jpeg'),
    notes: '`X-Robots-Tag: noindex`; 404 once revoked or expired; limited per address.',
  },
  reproduceGeneration: {
    method: 'POST',
    summary: 'Run a generation again: the same recipe and seed',
    access: 'pro',
    request: null,
    response: generateResponseSchema,
    notes: "Costs credits as any generation. Owner only: 404 for another user's generation; 409 for one that kept no recipe.",
  },
  varyGeneration: {
    method: 'POST',
    summary: 'Run a generation again with a new seed',
    access: 'pro',
    request: null,
    response: generateResponseSchema,
    notes: "Costs credits as any generation. Owner only: 404 for another user's generation; 409 for one that kept no recipe.",
  },
  analyseRender: {
    method: 'POST',
    summary: 'Analyse one render as a photo and compare its tags with what it was asked for',
    access: 'session',
    request: null,
    response: analyseRenderResponseSchema,
    notes:
      "Free (no credits); counted in the user's analyses as `POST /api/analyze` (the same limits, 429 past them), and kept in the library. Tags compared with the source analysis kept in the recipe, else with the style description. Owner only: 404 for another user's generation or an image it does not have.",
  },
  retryGenerationFree: {
    method: 'POST',
    summary: 'Retry free: run a generation that lost its geometry again with a new seed, at no cost',
    access: 'pro',
    request: retryFreeRequestSchema,
    response: generateResponseSchema,
    notes:
      "Once per generation, for one with a render marked geometry drift (sketch fidelity below the threshold): the same recipe, a new seed, no credits; recorded in the credit ledger as a zero-cost generation. Owner only: 404 for another user's generation; 409 when it offers no free retry or has had it.",
  },
  accountExport: {
    method: 'GET',
    summary: "Everything of the user's as a ZIP",
    access: 'session',
    request: null,
    response: download('application/zip'),
    notes:
      'Every analysis, sketch reading and generation (JSON with its photos, sketches, renders and PDF report) and `projects.json`, streamed.',
  },
  deleteAccount: {
    method: 'DELETE',
    summary: "Delete the account and everything of the user's, signing out",
    access: 'session',
    request: deleteAccountRequestSchema,
    response: deleteAccountResponseSchema,
    notes:
      'The password, or the temporary one forgot password sent. Removes every analysis, sketch reading, generation, project, share link, style profile and stored file; cancels a Stripe subscription at the end of its period; keeps the credit ledger and sent leads without the user in them; ends every session and clears the cookie. 403 for a wrong password (nothing deleted); 429 past the change-password limit. Safe to repeat after a failure.',
  },
  apiDocs: { method: 'GET', summary: 'This document, browsable', access: 'public', request: null, response: download('text/html') },
  apiDocsJson: { method: 'GET', summary: 'This document', access: 'public', request: null, response: openApiDocumentSchema },
  apiDocsAsset: {
    method: 'GET',
    summary: "The browsable page's files",
    access: 'public',
    request: null,
    response: download('text/javascript', 'text/css', 'image/png'),
  },
} as const satisfies Record<ApiRouteName, Omit<ApiRoute, 'path'>>;

/** Each route's entry with its path from `API_PATHS`. */
type WithPaths<T extends Record<ApiRouteName, Omit<ApiRoute, 'path'>>> = {
  readonly [N in ApiRouteName]: T[N] & { readonly path: (typeof API_PATHS)[N] };
};

/**
 * Every `/api` route the gateway serves (spec §7), by name: method, path, access, request and
 * response, summary. The gateway mounts, guards and documents each route from its entry, the SPA
 * reads the shapes from it; non-OK answers carry `errorResponseSchema` (`./errors`).
 */
export const API_ROUTES = Object.fromEntries(
  Object.entries(ROUTES).map(([name, route]) => [name, { ...route, path: API_PATHS[name as ApiRouteName] }]),
) as WithPaths<typeof ROUTES>;

/** The status a route answers on success: its `status`, 302 for a redirect, else 200. */
export function successStatus(route: ApiRoute): number {
  return route.status ?? (route.response === 'redirect' ? 302 : 200);
}

/** True for a multipart upload. */
export function isMultipartRequest(request: ApiRoute['request']): request is MultipartRequest {
  return typeof request === 'object' && request !== null && !(request instanceof z.ZodType);
}

/** True for a file download. */
export function isFileResponse(response: ApiRoute['response']): response is FileResponse {
  return typeof response === 'object' && !(response instanceof z.ZodType) && 'file' in response;
}

/** True for a server-sent event stream. */
export function isEventStreamResponse(response: ApiRoute['response']): response is EventStreamResponse {
  return typeof response === 'object' && !(response instanceof z.ZodType) && 'events' in response;
}
