import {
  adminLoginResponseSchema,
  adminLogoutResponseSchema,
  adminQueuesSessionResponseSchema,
  adminVerifyResponseSchema,
  leadsExportFileName,
  leadsListResponseSchema,
  leadStatsSchema,
  type AdminLoginRequest,
  type AdminLoginResponse,
  type AdminLogoutResponse,
  type AdminQueuesSessionResponse,
  type AdminVerifyResponse,
  type LeadFilters,
  type LeadsListQuery,
  type LeadsListResponse,
  type LeadStats,
} from '@archlens/contracts/leads';
import { API_PATHS } from '@archlens/contracts/paths';
import { apiRequest } from '../../../api/client';
import { downloadFile, type DownloadedFile } from '../../../api/download';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The query string of the leads filters (and page), without empty values. */
export function leadsQueryString(query: Partial<LeadsListQuery> | LeadFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The admin routes of spec §7; each throws `HttpError` ("{status}: {body}"), a 401 for a refused token. */
export const adminApi = {
  /** `POST /api/admin/login` JSON {username, password} → {token, expiresAt}. */
  login: (body: AdminLoginRequest): Promise<AdminLoginResponse> =>
    apiRequest(API_PATHS.adminLogin, { method: 'POST', json: body, schema: adminLoginResponseSchema }),
  /** `POST /api/admin/logout`: the server revokes the token, which answers 401 from then on. */
  logout: (token: string): Promise<AdminLogoutResponse> =>
    apiRequest(API_PATHS.adminLogout, { method: 'POST', headers: bearer(token), schema: adminLogoutResponseSchema }),
  /** `GET /api/admin/verify`: the token's holder, or a 401. */
  verify: (token: string, signal?: AbortSignal): Promise<AdminVerifyResponse> =>
    apiRequest(API_PATHS.adminVerify, { headers: bearer(token), schema: adminVerifyResponseSchema, signal }),
  /** `GET /api/admin/leads`: one page of leads matching the filters. */
  leads: (token: string, query: LeadsListQuery, signal?: AbortSignal): Promise<LeadsListResponse> =>
    apiRequest(`${API_PATHS.adminLeads}${leadsQueryString(query)}`, { headers: bearer(token), schema: leadsListResponseSchema, signal }),
  /** `GET /api/admin/leads/stats`. */
  stats: (token: string, signal?: AbortSignal): Promise<LeadStats> =>
    apiRequest(API_PATHS.adminLeadStats, { headers: bearer(token), schema: leadStatsSchema, signal }),
  /**
   * `POST /api/admin/queues/session`: sets the queue dashboard's HttpOnly cookie
   * and answers where the dashboard is.
   */
  queuesSession: (token: string): Promise<AdminQueuesSessionResponse> =>
    apiRequest(API_PATHS.adminQueuesSession, { method: 'POST', headers: bearer(token), schema: adminQueuesSessionResponseSchema }),
  /** `GET /api/admin/leads/export`: every lead matching the filters as a dated CSV file. */
  exportCsv: (token: string, filters: LeadFilters): Promise<DownloadedFile> =>
    downloadFile(`${API_PATHS.adminLeadsExport}${leadsQueryString(filters)}`, leadsExportFileName(new Date()), bearer(token)),
};
