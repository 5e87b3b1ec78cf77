import { z } from 'zod';
import { MAX_ANALYSIS_IMAGES } from '@archlens/contracts/analysis';
import {
  GENERATION_FILE_FIELDS,
  MAX_REFERENCE_IMAGES,
  generateFieldsSchema,
  generationProgressSchema,
} from '@archlens/contracts/generation';
import { leadFiltersSchema, leadsListQuerySchema } from '@archlens/contracts/leads';
import type { ApiRouteName } from '@archlens/contracts/paths';
import type { API_ROUTES } from '@archlens/contracts/routes';
import { MAX_SKETCH_IMAGES, SINGLE_SKETCH_FIELD, SKETCH_IMAGE_FIELDS } from '@archlens/contracts/sketch';
import { IMAGES_FIELD } from '../analysis/analysis-uploads.js';

/**
 * What the API document says beyond `API_ROUTES` (issue 17 point 5), each as a record keyed by the
 * routes it concerns, typed so that a new route of that kind does not compile until it is described
 * here: who may call a route, the content types of a file, the fields of a multipart body.
 */

/** Names of the routes whose `API_ROUTES` entry has the given `request` or `response` kind. */
type RoutesWith<K extends 'request' | 'response', V> = {
  [N in ApiRouteName]: (typeof API_ROUTES)[N][K] extends V ? N : never;
}[ApiRouteName];

/**
 * Who may call a route: `public` (anyone), `session` (the session cookie of a signed-in user; 401
 * without it) or `admin` (the admin bearer token of `POST /api/admin/login`; 401 without it).
 */
export type RouteAccess = 'public' | 'session' | 'admin';

/** Every route's access, as its controller's guards enforce it (`SessionGuard`, `AdminTokenGuard`). */
export const ROUTE_ACCESS: Record<ApiRouteName, RouteAccess> = {
  signUp: 'public',
  signIn: 'public',
  forgotPassword: 'public',
  currentUser: 'session',
  logout: 'public',
  login: 'public',
  analyze: 'session',
  analyzeSketch: 'session',
  emailClipboard: 'session',
  previousAnalyses: 'session',
  analysisPdf: 'session',
  emailAnalysis: 'session',
  vipLogin: 'public',
  adminLogin: 'public',
  adminVerify: 'admin',
  adminLeads: 'admin',
  adminLeadStats: 'admin',
  adminLeadsExport: 'admin',
  adminQueuesSession: 'admin',
  health: 'public',
  capabilities: 'public',
  styleProfile: 'session',
  saveStyleProfile: 'session',
  createCheckoutSession: 'session',
  createPortalSession: 'session',
  stripeWebhook: 'public',
  generate: 'session',
  generationEvents: 'session',
  downloadGeneratedImage: 'session',
  generations: 'session',
  apiDocs: 'public',
  apiDocsJson: 'public',
  apiDocsAsset: 'public',
};

/** The content types each `response: 'file'` route answers with. */
export const FILE_CONTENT_TYPES: Record<RoutesWith<'response', 'file'>, readonly string[]> = {
  analysisPdf: ['application/pdf'],
  adminLeadsExport: ['text/csv'],
  downloadGeneratedImage: ['image/jpeg'],
  apiDocs: ['text/html'],
  apiDocsAsset: ['text/javascript', 'text/css', 'image/png'],
};

/** One uploaded file in a multipart body (OpenAPI 3.1: a binary string). */
const file = (description: string) => z.string().meta({ format: 'binary', description });

/** The fields of each `request: 'multipart'` route's body (spec §7), from the contracts' field names and limits. */
export const MULTIPART_BODIES: Record<RoutesWith<'request', 'multipart'>, z.ZodObject> = {
  analyze: z.object({
    [IMAGES_FIELD]: z
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

/** Query parameters of the routes that read a query string. */
export const QUERY_SCHEMAS: Partial<Record<ApiRouteName, z.ZodObject>> = {
  adminLeads: leadsListQuerySchema,
  adminLeadsExport: leadFiltersSchema,
};

/**
 * The data of each event of a `response: 'events'` route (one JSON object per `data:` line), each
 * named by a `.meta` id so that the document lists it under `components.schemas` (made once: zod's
 * registry keeps ids unique).
 */
export const EVENT_SCHEMAS: Record<RoutesWith<'response', 'events'>, z.ZodType> = {
  generationEvents: generationProgressSchema.meta({ id: 'GenerationProgressEvent' }),
};

/** Routes that answer 201 on success (every other route answers 200, or 302 for a redirect). */
export const CREATED_ROUTES: ReadonlySet<ApiRouteName> = new Set<ApiRouteName>(['signUp']);

/** Extra words for the routes whose refusals are more than their access says (spec §6). */
export const ROUTE_NOTES: Partial<Record<ApiRouteName, string>> = {
  generate: 'Pro only: 403 for a user without an active subscription (the unlimited VIP plan included as Pro).',
  stripeWebhook: 'Stripe only: the raw body, authenticated by its `stripe-signature` header (400 otherwise).',
  analysisPdf: "Owner only: 404 for another user's analysis.",
  downloadGeneratedImage: "Owner only: 404 for another user's generation.",
  generationEvents: 'Server-sent events; `: heartbeat` comments every 15 s.',
  capabilities:
    'Always 200: a worker that does not answer within 3 s makes its part `unknown` (engines) or false (`openai`, `stability-ai`, with `imageProvidersChecked` false), never a claim it did not make. Kept by the gateway for 60 s (5 s when incomplete).',
};
