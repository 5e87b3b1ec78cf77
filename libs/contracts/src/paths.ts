/**
 * The path of every `/api` route (spec §7), with no schema attached: what the SPA needs to call a
 * route or key a query, without loading every contract schema (`./routes` holds the full contract
 * and uses these paths, so the two cannot drift).
 */
export const API_PATHS = {
  signUp: '/api/auth/signup',
  signIn: '/api/auth/signin',
  forgotPassword: '/api/auth/forgot-password',
  currentUser: '/api/auth/user',
  logout: '/api/logout',
  login: '/api/login',
  analyze: '/api/analyze',
  analyzeSketch: '/api/analyze-sketch',
  emailClipboard: '/api/email-clipboard',
  previousAnalyses: '/api/analyses',
  /** The owner's analysis as a PDF report (issue 13); `analysisPdfPath(id)` fills in the id. */
  analysisPdf: '/api/analyses/:id/pdf',
  emailAnalysis: '/api/email-analysis',
  vipLogin: '/api/vip-login',
  adminLogin: '/api/admin/login',
  adminVerify: '/api/admin/verify',
  adminLeads: '/api/admin/leads',
  adminLeadStats: '/api/admin/leads/stats',
  adminLeadsExport: '/api/admin/leads/export',
  /**
   * Issue 17 point 4: admin token → the queue dashboard's short-lived session cookie. The dashboard
   * itself (Bull Board: its page, static files and JSON API) is mounted under `QUEUE_DASHBOARD_PATH`
   * and accepts that cookie only; it is an operator's tool, not part of the API contract.
   */
  adminQueuesSession: '/api/admin/queues/session',
  health: '/api/health',
  /** Public: who writes the texts (a vision model or the measuring engine) and which image providers are configured. */
  capabilities: '/api/capabilities',
  /** Issue 15, spec §7: `GET` the user's style description. */
  styleProfile: '/api/style-profile',
  /** Issue 15, spec §7: `POST` saves it (the same path; one name per method, as `API_ROUTES` keys routes by name). */
  saveStyleProfile: '/api/style-profile',
  /** Issue 15, spec §7: Stripe Checkout for a paid plan. */
  createCheckoutSession: '/api/create-checkout-session',
  /** Issue 15, spec §7: the Stripe billing portal. */
  createPortalSession: '/api/create-portal-session',
  /** Issue 15: Stripe's webhook deliveries (raw body, signed). */
  stripeWebhook: '/api/webhooks/stripe',
  /** Issue 16, spec §7: multipart sketch, references and controls → images (Pro only). */
  generate: '/api/generate',
  /** Issue 16: a generation's live progress as server-sent events; `generationEventsPath(id)` fills in the id. */
  generationEvents: '/api/generations/:jobId/events',
  /** Issue 16, spec §7: one generated image, owner only; `generationImagePath(id, i)` fills it in. */
  downloadGeneratedImage: '/api/download/:jobId/:index',
  /** Issue 16, spec §7: the user's generation history (Recent Activity). */
  generations: '/api/generations',
  /** Issue 17 point 5: the browsable API document (Swagger UI). */
  apiDocs: '/api/docs',
  /** Issue 17 point 5: the OpenAPI 3.1 document generated from `API_ROUTES`. */
  apiDocsJson: '/api/docs/openapi.json',
  /** Issue 17 point 5: the page's own static files (Swagger UI's script, style sheet and initializer). */
  apiDocsAsset: '/api/docs/assets/:file',
} as const;
export type ApiRouteName = keyof typeof API_PATHS;

/** Issue 17 point 4: where the queue dashboard (Bull Board) is mounted, and its session cookie's `Path`. */
export const QUEUE_DASHBOARD_PATH = '/api/admin/queues';

/** `GET /api/analyses/{id}/pdf` for one analysis (the id is a UUID, so it needs no escaping beyond this). */
export function analysisPdfPath(analysisId: string): string {
  return API_PATHS.analysisPdf.replace(':id', encodeURIComponent(analysisId));
}
