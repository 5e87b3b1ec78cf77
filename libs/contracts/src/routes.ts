import { z } from 'zod';
import { analyzeResponseSchema, previousAnalysesResponseSchema } from './analysis.js';
import {
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  publicUserSchema,
  signInRequestSchema,
  signUpRequestSchema,
} from './auth.js';
import { API_PATHS, type ApiRouteName } from './paths.js';

/** One `/api` route: method, path, request body schema (or the body's kind) and response schema. */
export interface ApiRoute {
  method: 'GET' | 'POST';
  path: string;
  /**
   * JSON body schema, 'multipart' for uploads, 'raw' for a body the route reads as exact bytes (a
   * webhook whose signature covers them), or null for no body.
   */
  request: z.ZodType | 'multipart' | 'raw' | null;
  /** Success body schema, or 'redirect' for browser navigations. */
  response: z.ZodType | 'redirect';
}

/**
 * Every `/api` route the gateway serves (spec §7, issue #2). Non-OK answers carry
 * `errorResponseSchema` (`./http`). The SPA and the gateway both read their shapes from here.
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
  previousAnalyses: { method: 'GET', path: API_PATHS.previousAnalyses, request: null, response: previousAnalysesResponseSchema },
  health: {
    method: 'GET',
    path: API_PATHS.health,
    request: null,
    response: z.object({ status: z.literal('ok'), queues: z.array(z.string()) }),
  },
} as const satisfies Record<ApiRouteName, ApiRoute>;
