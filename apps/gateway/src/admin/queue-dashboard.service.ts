import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Queue } from 'bullmq';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { API_PATHS, QUEUE_DASHBOARD_PATH } from '@archlens/contracts/paths';
import { QUEUES } from '@archlens/contracts/queues';
import { failFastRedisOptions } from '@archlens/platform/messaging';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { sendApiError } from '../http/api-error.js';
import { AdminAuthService, QUEUE_DASHBOARD_AUDIENCE } from './admin-auth.service.js';

/** Name of the queue dashboard's session cookie, sent only under `QUEUE_DASHBOARD_PATH`. */
export const QUEUE_DASHBOARD_COOKIE = 'archlens_queues';

/** Where a browser without a dashboard session is sent: the admin console's sign-in page (spec §2). */
const ADMIN_LOGIN_PAGE = '/admin-login';

/**
 * The methods that reach Bull Board: reads only. Every write of its API (add, retry, promote, clean,
 * pause, resume, empty, obliterate, update-data, …) is a PUT, POST or PATCH, and is refused here
 * whatever its path's case, before the library's own read-only refusal.
 */
const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/**
 * The queue dashboard: Bull Board over every queue of `QUEUES`, mounted at
 * `QUEUE_DASHBOARD_PATH` by `createGatewayApp`. A browser navigation cannot carry the admin
 * console's bearer token, so the dashboard accepts only the session cookie that
 * `POST /api/admin/queues/session` sets from a valid admin token (`QUEUE_DASHBOARD_AUDIENCE`, 15
 * minutes). Without it a page navigation is redirected to /admin-login and anything else answers 401.
 * Its queue connections fail fast (`failFastRedisOptions`), so the dashboard answers errors instead
 * of hanging while Redis is down.
 *
 * Read-only by construction: every queue is given to Bull Board with `readOnlyMode: true`, so the
 * library refuses each write of its API (405) and its page shows no write buttons; the library turns
 * retries off in read-only mode (`allowRetries` is forced false), so none is offered. A job is a
 * command to a service (`billing.grant-unlimited`, `email.send`, …): a dashboard that could write
 * one would reach past every check of the API. On top of that, only GET and HEAD reach the board at
 * all; any other method answers 405 `admin.queue-dashboard-read-only` without touching a queue. An
 * admin token revoked by `POST /api/admin/logout` also ends the dashboard sessions bought with it.
 */
@Injectable()
export class QueueDashboardService implements OnApplicationShutdown {
  private readonly logger = new Logger('QueueDashboard');
  private readonly queues: Queue[];
  private readonly board: ExpressAdapter;

  constructor(
    private readonly auth: AdminAuthService,
    @Inject(GATEWAY_CONFIG) config: Pick<GatewayConfig, 'REDIS_URL'>,
  ) {
    this.queues = Object.values(QUEUES).map((name) => {
      const queue = new Queue(name, { connection: { ...failFastRedisOptions(config.REDIS_URL), lazyConnect: true } });
      queue.on('error', (error) => this.logger.warn(`queue "${name}": ${error.message}`));
      return queue;
    });
    this.board = new ExpressAdapter();
    this.board.setBasePath(QUEUE_DASHBOARD_PATH);
    createBullBoard({
      queues: this.queues.map((queue) => new BullMQAdapter(queue, { readOnlyMode: true })),
      // @bull-board/express carries its own copy of @bull-board/api's types: same shape, separate declarations.
      serverAdapter: this.board as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'],
      options: { uiConfig: { boardTitle: 'ArchLens queues' } },
    });
  }

  /**
   * Express middleware to mount at `QUEUE_DASHBOARD_PATH`: lets `POST …/session` through to its Nest
   * controller (Express matches paths in any case, and so does this), refuses any method but GET
   * and HEAD with 405 `admin.queue-dashboard-read-only`, and lets the rest through to Bull Board only
   * with a valid dashboard session cookie.
   */
  handler(): RequestHandler {
    const board = this.board.getRouter() as RequestHandler;
    const sessionPath = API_PATHS.adminQueuesSession.slice(QUEUE_DASHBOARD_PATH.length);
    return (request: Request, response: Response, next: NextFunction) => {
      if (request.path.toLowerCase() === sessionPath) return next();
      if (!READ_METHODS.has(request.method)) {
        response.setHeader('Allow', 'GET, HEAD');
        return sendApiError(response, { code: 'admin.queue-dashboard-read-only', params: {} });
      }
      const token = (request.cookies as Record<string, string> | undefined)?.[QUEUE_DASHBOARD_COOKIE];
      this.auth.verify(token, QUEUE_DASHBOARD_AUDIENCE).then(
        () => {
          response.setHeader('Cache-Control', 'no-store');
          board(request, response, next);
        },
        () => {
          if (request.method === 'GET' && request.accepts(['json', 'html']) === 'html') return response.redirect(302, ADMIN_LOGIN_PAGE);
          sendApiError(response, { code: 'admin.unauthorized', params: {} });
        },
      );
    };
  }

  /** Closes the dashboard's queue connections. */
  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.map((q) => q.close().catch(() => undefined)));
  }
}
