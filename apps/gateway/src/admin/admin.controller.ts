import { Body, Controller, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  adminLoginRequestSchema,
  leadFiltersSchema,
  leadsListQuerySchema,
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
import { QUEUE_DASHBOARD_PATH } from '@archlens/contracts/paths';
import { CommandClient } from '@archlens/platform/messaging';
import { Route } from '../access/route.decorator.js';
import { clientAddress } from '../http/client-address.js';
import { ZodBodyPipe } from '../http/zod-body.pipe.js';
import { ZodQueryPipe } from '../http/zod-query.pipe.js';
import { ApiException } from '../http/api-error.js';
import { RateLimitsService } from '../security/rate-limits.service.js';
import { accountOfUsername, SignInDelays } from '../security/sign-in-delays.service.js';
import { AdminAuthService, type AdminSession } from './admin-auth.service.js';
import { CurrentAdmin } from './admin-token.guard.js';
import { LeadExportDownloadService } from './lead-export-download.service.js';
import { QUEUE_DASHBOARD_COOKIE } from './queue-dashboard.service.js';

/** `POST /api/admin/login` (spec §7): the only admin route without a token. */
@Controller()
export class AdminLoginController {
  constructor(
    private readonly auth: AdminAuthService,
    private readonly limits: RateLimitsService,
    private readonly delays: SignInDelays,
  ) {}

  /**
   * `{username, password}` → 200 `{token, expiresAt}`; 400 `Username and password are required`;
   * 401 `Invalid credentials` for a wrong username or password alike; 429 with `Retry-After` once an
   * address has `RATE_LIMIT_ADMIN_LOGIN_PER_IP` failed attempts in 15 minutes (each attempt is
   * counted as it starts, a success gives its point back), or `auth.sign-in-delayed` while the
   * username's failures from every address delay it (`SignInDelays`, never from an address the admin
   * signed in from lately); 503 when the limits' Redis is unreachable, or `auth.sign-in-busy` when the
   * gateway checks as many passwords at once as `ARGON2_MAX_CONCURRENT` and `ARGON2_MAX_WAITING` allow.
   */
  @Route('adminLogin')
  async login(
    @Body(new ZodBodyPipe(adminLoginRequestSchema)) body: AdminLoginRequest,
    @Req() request: Request,
  ): Promise<AdminLoginResponse> {
    const address = clientAddress(request);
    await this.limits.consume('adminLoginPerIp', address);
    const account = accountOfUsername('admin', body.username);
    await this.delays.check(account, address);
    const answer = await this.auth.signIn(body).catch(async (error: unknown) => {
      if (error instanceof ApiException && error.reference.code === 'admin.invalid-credentials') await this.delays.failed(account);
      throw error;
    });
    await Promise.all([this.limits.reward('adminLoginPerIp', address), this.delays.succeeded(account, address)]);
    return answer;
  }
}

/**
 * The admin API behind a bearer token (spec §6, §7): every route here is `admin` in the route
 * table, so it answers 401 `Unauthorized` without a valid admin token (`AdminTokenGuard`), before
 * anything else runs.
 */
@Controller()
export class AdminController {
  constructor(
    private readonly commands: CommandClient,
    private readonly downloads: LeadExportDownloadService,
    private readonly auth: AdminAuthService,
  ) {}

  /**
   * `POST /api/admin/queues/session` → 200 `{dashboardPath, expiresAt}` and the
   * queue dashboard's session cookie: HttpOnly, SameSite=Strict, `Path=/api/admin/queues`, Secure
   * over https, 15 minutes (never past the admin token). The admin console calls it, then opens
   * `dashboardPath` in a new tab.
   */
  @Route('adminQueuesSession')
  async queuesSession(
    @CurrentAdmin() admin: AdminSession,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminQueuesSessionResponse> {
    const session = await this.auth.issueQueueDashboardToken(admin);
    response.cookie(QUEUE_DASHBOARD_COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: request.secure,
      path: QUEUE_DASHBOARD_PATH,
      expires: new Date(session.expiresAt),
    });
    response.setHeader('Cache-Control', 'no-store');
    return { dashboardPath: QUEUE_DASHBOARD_PATH, expiresAt: session.expiresAt };
  }

  /**
   * `POST /api/admin/logout` → 200 `{loggedOut: true}`: the admin token is revoked on the server
   * (its id kept in Redis until it would have expired), so it and every queue dashboard session
   * bought with it answer 401 from then on; the dashboard cookie is cleared too. 503 when Redis
   * cannot be written (the token then stays valid: the console signs out locally all the same).
   */
  @Route('adminLogout')
  async logout(
    @CurrentAdmin() admin: AdminSession,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminLogoutResponse> {
    await this.auth.revoke(admin);
    response.clearCookie(QUEUE_DASHBOARD_COOKIE, {
      httpOnly: true,
      sameSite: 'strict',
      secure: request.secure,
      path: QUEUE_DASHBOARD_PATH,
    });
    return { loggedOut: true };
  }

  /** `GET /api/admin/verify` → `{valid: true, username, expiresAt}` for a valid token. */
  @Route('adminVerify')
  verify(@CurrentAdmin() admin: AdminSession): AdminVerifyResponse {
    return { valid: true, username: admin.username, expiresAt: admin.expiresAt };
  }

  /**
   * `GET /api/admin/leads?search&source&sortBy&sortOrder&page&pageSize` → one page of leads and
   * the total (`leads.list`); 400 naming the parameter for a bad query.
   */
  @Route('adminLeads')
  async leads(@Query(new ZodQueryPipe(leadsListQuerySchema)) query: LeadsListQuery): Promise<LeadsListResponse> {
    return this.commands.request('leads.list', query);
  }

  /** `GET /api/admin/leads/stats` → the lead statistics (`leads.stats`). */
  @Route('adminLeadStats')
  async stats(): Promise<LeadStats> {
    return this.commands.request('leads.stats', {});
  }

  /**
   * `GET /api/admin/leads/export?search&source&sortBy&sortOrder` → the matching leads as a CSV
   * download (`leads.export` stores it; it is streamed here and then removed); 400 for a bad query.
   */
  @Route('adminLeadsExport')
  async export(@Query(new ZodQueryPipe(leadFiltersSchema)) filters: LeadFilters, @Res() response: Response): Promise<void> {
    const exported = await this.commands.request('leads.export', filters);
    await this.downloads.send(exported, response);
  }
}
