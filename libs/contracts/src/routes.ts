import { z } from 'zod';
import { analyzeResponseSchema, previousAnalysesResponseSchema } from './analysis.js';
import {
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  publicUserSchema,
  signInRequestSchema,
  signUpRequestSchema,
} from './auth.js';
import {
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  adminQueuesSessionResponseSchema,
  adminVerifyResponseSchema,
  leadsListResponseSchema,
  leadStatsSchema,
} from './leads.js';
import {
  createCheckoutSessionRequestSchema,
  createPortalSessionRequestSchema,
  sessionUrlResponseSchema,
  stripeWebhookResponseSchema,
} from './billing.js';
import { emailClipboardRequestSchema, emailClipboardResponseSchema } from './clipboard.js';
import { API_PATHS, type ApiRouteName } from './paths.js';
import { analyzeSketchResponseSchema } from './sketch.js';
import {
  GENERATION_HISTORY_LIMIT,
  GENERATION_TOTAL_HEADER,
  generateResponseSchema,
  generationHistoryResponseSchema,
} from './generation.js';
import { vipLoginRequestSchema, vipLoginResponseSchema } from './vip.js';
import { saveStyleProfileRequestSchema, styleProfileResponseSchema } from './style-profile.js';
import { emailAnalysisRequestSchema, emailAnalysisResponseSchema } from './reports.js';
import { capabilitiesResponseSchema } from './capabilities.js';

/** One `/api` route: method, path, request body schema (or the body's kind) and response schema. */
export interface ApiRoute {
  method: 'GET' | 'POST';
  path: string;
  /**
   * JSON body schema, 'multipart' for uploads, 'raw' for a body the route reads as exact bytes (a
   * webhook whose signature covers them), or null for no body.
   */
  request: z.ZodType | 'multipart' | 'raw' | null;
  /**
   * Success body schema, 'redirect' for browser navigations, 'file' for a download (PDF, CSV, JPEG)
   * or 'events' for a server-sent event stream.
   */
  response: z.ZodType | 'redirect' | 'file' | 'events';
  /** Headers of the success response the client reads, by name (e.g. `X-Total-Count` of `GET /api/generations`). */
  responseHeaders?: z.ZodObject;
}

/** Issue 17 point 5: the head of the OpenAPI 3.1 document `GET /api/docs/openapi.json` answers (the rest is OpenAPI's own schema). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/**
 * Every `/api` route the gateway serves (spec §7, issue #2). Non-OK answers carry
 * `errorResponseSchema` (`./errors`). The SPA and the gateway both read their shapes from here.
 */
export const API_ROUTES = {
  signUp: { method: 'POST', path: API_PATHS.signUp, request: signUpRequestSchema, response: publicUserSchema },
  signIn: { method: 'POST', path: API_PATHS.signIn, request: signInRequestSchema, response: publicUserSchema },
  forgotPassword: {
    method: 'POST',
    path: API_PATHS.forgotPassword,
    request: forgotPasswordRequestSchema,
    response: forgotPasswordResponseSchema,
  },
  currentUser: { method: 'GET', path: API_PATHS.currentUser, request: null, response: publicUserSchema },
  logout: { method: 'GET', path: API_PATHS.logout, request: null, response: 'redirect' },
  login: { method: 'GET', path: API_PATHS.login, request: null, response: 'redirect' },
  analyze: { method: 'POST', path: API_PATHS.analyze, request: 'multipart', response: analyzeResponseSchema },
  analyzeSketch: { method: 'POST', path: API_PATHS.analyzeSketch, request: 'multipart', response: analyzeSketchResponseSchema },
  emailClipboard: {
    method: 'POST',
    path: API_PATHS.emailClipboard,
    request: emailClipboardRequestSchema,
    response: emailClipboardResponseSchema,
  },
  previousAnalyses: { method: 'GET', path: API_PATHS.previousAnalyses, request: null, response: previousAnalysesResponseSchema },
  analysisPdf: { method: 'GET', path: API_PATHS.analysisPdf, request: null, response: 'file' },
  emailAnalysis: {
    method: 'POST',
    path: API_PATHS.emailAnalysis,
    request: emailAnalysisRequestSchema,
    response: emailAnalysisResponseSchema,
  },
  vipLogin: { method: 'POST', path: API_PATHS.vipLogin, request: vipLoginRequestSchema, response: vipLoginResponseSchema },
  adminLogin: { method: 'POST', path: API_PATHS.adminLogin, request: adminLoginRequestSchema, response: adminLoginResponseSchema },
  adminVerify: { method: 'GET', path: API_PATHS.adminVerify, request: null, response: adminVerifyResponseSchema },
  adminLeads: { method: 'GET', path: API_PATHS.adminLeads, request: null, response: leadsListResponseSchema },
  adminLeadStats: { method: 'GET', path: API_PATHS.adminLeadStats, request: null, response: leadStatsSchema },
  adminLeadsExport: { method: 'GET', path: API_PATHS.adminLeadsExport, request: null, response: 'file' },
  adminQueuesSession: { method: 'POST', path: API_PATHS.adminQueuesSession, request: null, response: adminQueuesSessionResponseSchema },
  health: {
    method: 'GET',
    path: API_PATHS.health,
    request: null,
    response: z.object({ status: z.literal('ok'), queues: z.array(z.string()) }),
  },
  capabilities: { method: 'GET', path: API_PATHS.capabilities, request: null, response: capabilitiesResponseSchema },
  styleProfile: { method: 'GET', path: API_PATHS.styleProfile, request: null, response: styleProfileResponseSchema },
  saveStyleProfile: {
    method: 'POST',
    path: API_PATHS.saveStyleProfile,
    request: saveStyleProfileRequestSchema,
    response: styleProfileResponseSchema,
  },
  createCheckoutSession: {
    method: 'POST',
    path: API_PATHS.createCheckoutSession,
    request: createCheckoutSessionRequestSchema,
    response: sessionUrlResponseSchema,
  },
  createPortalSession: {
    method: 'POST',
    path: API_PATHS.createPortalSession,
    request: createPortalSessionRequestSchema,
    response: sessionUrlResponseSchema,
  },
  stripeWebhook: { method: 'POST', path: API_PATHS.stripeWebhook, request: 'raw', response: stripeWebhookResponseSchema },
  generate: { method: 'POST', path: API_PATHS.generate, request: 'multipart', response: generateResponseSchema },
  generationEvents: { method: 'GET', path: API_PATHS.generationEvents, request: null, response: 'events' },
  downloadGeneratedImage: { method: 'GET', path: API_PATHS.downloadGeneratedImage, request: null, response: 'file' },
  generations: {
    method: 'GET',
    path: API_PATHS.generations,
    request: null,
    response: generationHistoryResponseSchema,
    responseHeaders: z.object({
      [GENERATION_TOTAL_HEADER]: z
        .string()
        .regex(/^\d+$/)
        .meta({ description: `How many generations the user has in all (the body lists at most ${GENERATION_HISTORY_LIMIT}).` }),
    }),
  },
  apiDocs: { method: 'GET', path: API_PATHS.apiDocs, request: null, response: 'file' },
  apiDocsJson: { method: 'GET', path: API_PATHS.apiDocsJson, request: null, response: openApiDocumentSchema },
  apiDocsAsset: { method: 'GET', path: API_PATHS.apiDocsAsset, request: null, response: 'file' },
} as const satisfies Record<ApiRouteName, ApiRoute>;
