import { z } from 'zod';
import { AUTH_MESSAGES, signInPasswordField, usernameField } from './auth.js';
import { errorText } from './errors.js';
import { plainText, unusableCharactersMessage } from './plain-text.js';
import { fromTextField, wholeNumber } from './whole-number.js';

/**
 * Leads and the admin console (spec §2 /admin and /admin-login, §3 lead and lead stats,
 * §6 admin, §7, §8). A lead is a person an analysis was e-mailed to.
 */

/** Spec §3: where a lead came from; `analysis_email` is the e-mailed analysis report. */
export const LEAD_SOURCES = ['analysis_email'] as const;
export const leadSourceSchema = z.enum(LEAD_SOURCES);
export type LeadSource = z.infer<typeof leadSourceSchema>;

/** Spec §3 lead, as the admin API answers it (snake_case, as the spec writes it). */
export const leadSchema = z.object({
  id: z.string().uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  source: leadSourceSchema,
  created_at: z.string(),
  analysis_text: z.string().nullable(),
});
export type Lead = z.infer<typeof leadSchema>;

/** Columns the leads table sorts by (any column, both ways). */
export const LEAD_SORT_COLUMNS = ['first_name', 'last_name', 'email', 'source', 'created_at'] as const;
export const leadSortColumnSchema = z.enum(LEAD_SORT_COLUMNS);
export type LeadSortColumn = z.infer<typeof leadSortColumnSchema>;

/** Rows per page of the leads table: 25 unless asked, at most 100. */
export const LEADS_PAGE_SIZE = { default: 25, max: 100 } as const;
/** Highest page number asked for (beyond any real table: 100 million leads at 100 a page). */
export const MAX_LEADS_PAGE = 1_000_000;
/** Longest search text accepted. */
export const MAX_LEAD_SEARCH_CHARS = 200;

/** The refusal of a search holding a control character or a lone surrogate (`TextShape` 'line'). */
export const LEAD_SEARCH_UNUSABLE = unusableCharactersMessage('The search');

/**
 * The filters of the leads list and of the CSV export (spec §7 query: search, source, sortBy,
 * sortOrder): search is a case-insensitive substring of first name, last name or e-mail, one line
 * of at most `MAX_LEAD_SEARCH_CHARS` characters (`LEAD_SEARCH_UNUSABLE` for a control character).
 */
export const leadFiltersSchema = z.object({
  search: plainText(z.string().trim().max(MAX_LEAD_SEARCH_CHARS), { shape: 'line', unusable: LEAD_SEARCH_UNUSABLE }).optional(),
  source: leadSourceSchema.optional(),
  sortBy: leadSortColumnSchema.default('created_at'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});
export type LeadFilters = z.infer<typeof leadFiltersSchema>;

/**
 * `GET /api/admin/leads` query: the filters plus the page (from 1). Query strings arrive as text:
 * decimal digits only, an empty value is the default (`fromTextField`); otherwise e.g. 'Expected a
 * whole number from 1 to 100.'
 */
export const leadsListQuerySchema = leadFiltersSchema.extend({
  page: fromTextField(wholeNumber(1, MAX_LEADS_PAGE).default(1)),
  pageSize: fromTextField(wholeNumber(1, LEADS_PAGE_SIZE.max).default(LEADS_PAGE_SIZE.default)),
});
export type LeadsListQuery = z.infer<typeof leadsListQuerySchema>;

/** `GET /api/admin/leads` answer: one page of leads and how many match in all. */
export const leadsListResponseSchema = z.object({
  leads: z.array(leadSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type LeadsListResponse = z.infer<typeof leadsListResponseSchema>;

/** Weeks shown in the leads-per-week chart of /admin. */
export const LEADS_CHART_WEEKS = 12;

/**
 * `GET /api/admin/leads/stats` (spec §3 lead stats): totals, leads of the last 7 days, leads per
 * source (always with an `analysis_email` entry), the conversion rate (the share of leads whose
 * sending account is Pro now, by the `subscription.changed` events leads-service has applied; 0 to
 * 1, and 0 with no leads), and leads per ISO week (Monday, UTC) for the chart, oldest first,
 * `LEADS_CHART_WEEKS` entries.
 */
export const leadStatsSchema = z.object({
  totalLeads: z.number().int().min(0),
  weeklyLeads: z.number().int().min(0),
  sourceBreakdown: z.object({ analysis_email: z.number().int().min(0) }).catchall(z.number().int().min(0)),
  conversionRate: z.number().min(0).max(1),
  leadsPerWeek: z.array(z.object({ weekStart: z.string(), count: z.number().int().min(0) })),
});
export type LeadStats = z.infer<typeof leadStatsSchema>;

/** Spec §5, §8 admin texts, word for word. */
export const ADMIN_MESSAGES = {
  /** Spec §5: username and password required (missing or blank). */
  credentialsRequired: 'Username and password are required',
  usernameTooLong: AUTH_MESSAGES.usernameTooLong,
  passwordTooLong: AUTH_MESSAGES.passwordTooLong,
  /** Spec §8: the admin login fallback, also the server's refusal. */
  invalidCredentials: errorText('admin.invalid-credentials'),
  /** Any admin route with no, expired or forged token. */
  unauthorised: errorText('admin.unauthorized'),
  loadFailed: 'Failed to load leads. Please try again.',
  empty: 'No leads found matching your criteria.',
  exportFailedTitle: 'Export Failed',
  exportFailed: 'Failed to export lead data.',
  loginFailedTitle: 'Login Failed',
} as const;

/**
 * `POST /api/admin/login` body (spec §5: username and password required; a control character in the
 * username or NUL in the password is refused, see `usernameField` and `signInPasswordField`).
 */
export const adminLoginRequestSchema = z.object({
  username: usernameField(ADMIN_MESSAGES.credentialsRequired),
  password: signInPasswordField(ADMIN_MESSAGES.credentialsRequired),
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequestSchema>;

/** `POST /api/admin/login` answer: a signed bearer token and when it expires (ISO 8601). */
export const adminLoginResponseSchema = z.object({ token: z.string().min(1), expiresAt: z.string() });
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;

/** `POST /api/admin/logout` answer: the token is revoked on the server and answers 401 from now on. */
export const adminLogoutResponseSchema = z.object({ loggedOut: z.literal(true) });
export type AdminLogoutResponse = z.infer<typeof adminLogoutResponseSchema>;

/** `GET /api/admin/verify` answer for a valid token (an invalid one is a 401). */
export const adminVerifyResponseSchema = z.object({ valid: z.literal(true), username: z.string(), expiresAt: z.string() });
export type AdminVerifyResponse = z.infer<typeof adminVerifyResponseSchema>;

/**
 * `POST /api/admin/queues/session` answer: the queue dashboard's session cookie
 * is set (HttpOnly, `Path=/api/admin/queues`); open `dashboardPath` before `expiresAt` (ISO 8601).
 */
export const adminQueuesSessionResponseSchema = z.object({ dashboardPath: z.string().startsWith('/'), expiresAt: z.string() });
export type AdminQueuesSessionResponse = z.infer<typeof adminQueuesSessionResponseSchema>;

/** The CSV export's file name (dated), e.g. `archlens-leads-2026-11-24.csv`. */
export function leadsExportFileName(at: Date): string {
  return `archlens-leads-${at.toISOString().slice(0, 10)}.csv`;
}

/** Job `leads.list`. */
export const listLeadsJobSchema = leadsListQuerySchema;
export const listLeadsResultSchema = leadsListResponseSchema;
/** Job `leads.stats`. */
export const leadStatsJobSchema = z.object({});
export const leadStatsResultSchema = leadStatsSchema;
/**
 * Job `leads.export`: the leads matching the filters, streamed as CSV (RFC 4180, UTF-8 with BOM,
 * formula-like cells neutralised) into object storage under `exports/leads/`; the gateway streams
 * the object to the admin and then removes it.
 */
export const exportLeadsJobSchema = leadFiltersSchema;
export const exportLeadsResultSchema = z.object({ key: z.string().min(1), fileName: z.string().min(1), rows: z.number().int().min(0) });
export type ExportLeadsResult = z.infer<typeof exportLeadsResultSchema>;
