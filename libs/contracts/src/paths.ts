/**
 * The path of every `/api` route (spec §7), by route name, with no schema attached: what the SPA
 * needs to call a route or key a query without loading every contract schema. `./routes` builds the
 * full route table (method, access, schemas, summary) on these names and paths, so each path is
 * written here once.
 */
export const API_PATHS = {
  signUp: '/api/auth/signup',
  signIn: '/api/auth/signin',
  forgotPassword: '/api/auth/forgot-password',
  changePassword: '/api/auth/change-password',
  verifyEmail: '/api/auth/verify-email',
  resendVerification: '/api/auth/resend-verification',
  currentUser: '/api/auth/user',
  logout: '/api/logout',
  login: '/api/login',
  analyze: '/api/analyze',
  analyzeSketch: '/api/analyze-sketch',
  emailClipboard: '/api/email-clipboard',
  previousAnalyses: '/api/analyses',
  /** `analysisPdfPath(id)` fills in the id. */
  analysisPdf: '/api/analyses/:id/pdf',
  /** `libraryItemPath('analysis', id)` fills in the id. */
  analysis: '/api/analyses/:id',
  deleteAnalysis: '/api/analyses/:id',
  /** `itemImagePath('analysis', id, index)` fills them in. */
  analysisImage: '/api/analyses/:id/images/:index',
  sketchReading: '/api/sketch-readings/:id',
  deleteSketchReading: '/api/sketch-readings/:id',
  sketchReadingImage: '/api/sketch-readings/:id/images/:index',
  emailAnalysis: '/api/email-analysis',
  vipLogin: '/api/vip-login',
  adminLogin: '/api/admin/login',
  adminVerify: '/api/admin/verify',
  adminLogout: '/api/admin/logout',
  adminLeads: '/api/admin/leads',
  adminLeadStats: '/api/admin/leads/stats',
  adminLeadsExport: '/api/admin/leads/export',
  /**
   * Admin token → the queue dashboard's short-lived session cookie. The dashboard itself (Bull Board:
   * its page, static files and JSON API) is mounted under `QUEUE_DASHBOARD_PATH` and accepts that
   * cookie only; it is an operator's tool, not part of the API contract.
   */
  adminQueuesSession: '/api/admin/queues/session',
  health: '/api/health',
  capabilities: '/api/capabilities',
  styleProfile: '/api/style-profile',
  /** The same path as `styleProfile`: the table keys routes by name, one name per method. */
  saveStyleProfile: '/api/style-profile',
  createCheckoutSession: '/api/create-checkout-session',
  createPortalSession: '/api/create-portal-session',
  stripeWebhook: '/api/webhooks/stripe',
  generate: '/api/generate',
  /** `generationEventsPath(id)` fills in the id. */
  generationEvents: '/api/generations/:jobId/events',
  /** `generationImagePath(id, index)` fills it in. */
  downloadGeneratedImage: '/api/download/:jobId/:index',
  /** `fidelityOverlayPath(id, index)` fills it in. */
  generationFidelityOverlay: '/api/generations/:jobId/:index/fidelity-overlay',
  generations: '/api/generations',
  generation: '/api/generations/:jobId',
  deleteGeneration: '/api/generations/:jobId',
  reproduceGeneration: '/api/generations/:jobId/reproduce',
  varyGeneration: '/api/generations/:jobId/vary',
  /** `analyseRenderPath(jobId, index)` fills them in. */
  analyseRender: '/api/generations/:jobId/:index/analyse',
  retryGenerationFree: '/api/generations/:jobId/retry-free',
  projects: '/api/projects',
  createProject: '/api/projects',
  /** `projectPath(id)` fills in the id. */
  project: '/api/projects/:id',
  renameProject: '/api/projects/:id',
  deleteProject: '/api/projects/:id',
  fileProjectItem: '/api/projects/:id/items',
  unfileProjectItem: '/api/projects/:id/items/:type/:itemId',
  library: '/api/library',
  shares: '/api/shares',
  createShare: '/api/shares',
  /** A link by its token (or its id, as `GET /api/shares` names it). */
  revokeShare: '/api/shares/:token',
  /** The public read of a share: `sharedItemPath(token)`. */
  sharedItem: '/api/s/:token',
  sharedImage: '/api/s/:token/images/:index',
  accountExport: '/api/account/export',
  deleteAccount: '/api/account',
  apiDocs: '/api/docs',
  apiDocsJson: '/api/docs/openapi.json',
  apiDocsAsset: '/api/docs/assets/:file',
} as const;
export type ApiRouteName = keyof typeof API_PATHS;

/** Where the queue dashboard (Bull Board) is mounted, and its session cookie's `Path`. */
export const QUEUE_DASHBOARD_PATH = '/api/admin/queues';

/** `GET /api/analyses/{id}/pdf` for one analysis (the id is a UUID, so it needs no escaping beyond this). */
export function analysisPdfPath(analysisId: string): string {
  return API_PATHS.analysisPdf.replace(':id', encodeURIComponent(analysisId));
}

/** The collection path of each kind of library item, under which `/{id}` names one. */
const ITEM_COLLECTIONS = { analysis: '/api/analyses', 'sketch-reading': '/api/sketch-readings', generation: '/api/generations' } as const;

/** `GET`/`DELETE` path of one library item (`GET /api/analyses/{id}`, `…/sketch-readings/{id}`, `…/generations/{id}`). */
export function libraryItemPath(type: keyof typeof ITEM_COLLECTIONS, id: string): string {
  return `${ITEM_COLLECTIONS[type]}/${encodeURIComponent(id)}`;
}

/** The owner's thumbnail of one photo or sketch of an analysis or a sketch reading (0-based index). */
export function itemImagePath(type: 'analysis' | 'sketch-reading', id: string, index: number): string {
  return `${libraryItemPath(type, id)}/images/${index}`;
}

/** `GET`/`PATCH`/`DELETE` path of one project. */
export function projectPath(projectId: string): string {
  return API_PATHS.project.replace(':id', encodeURIComponent(projectId));
}

/** `POST /api/generations/{jobId}/{index}/analyse`: one render of a generation analysed as a photo (0-based index). */
export function analyseRenderPath(jobId: string, index: number): string {
  return API_PATHS.analyseRender.replace(':jobId', encodeURIComponent(jobId)).replace(':index', String(index));
}
