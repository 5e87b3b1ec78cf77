import 'reflect-metadata';
import { Logger, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import { pinoHttp } from 'pino-http';
import { QUEUE_DASHBOARD_PATH } from '@archlens/contracts/paths';
import { API_ROUTES, type ApiRoute } from '@archlens/contracts/routes';
import { createAppLogger, PinoNestLogger, resolveLogLevel } from '@archlens/platform/logging';
import { QueueDashboardService } from './admin/queue-dashboard.service.js';
import type { GatewayConfig } from './config.js';
import { GatewayModule } from './gateway.module.js';
import { bodyParsers } from './http/body-parsers.js';
import { apiCacheControl } from './http/cache-control.middleware.js';
import { requestIdMiddleware, requestIdOf } from './http/request-id.middleware.js';
import { httpMetrics } from './metrics/http-metrics.middleware.js';
import { originCheck } from './security/origin-check.middleware.js';
import { securityHeaders } from './security/security-headers.js';
import { serveSpa } from './spa/spa.js';

/** Paths of the routes whose body is read raw (`request: 'raw'` in `API_ROUTES`). */
const RAW_BODY_PATHS = Object.values(API_ROUTES as Record<string, ApiRoute>)
  .filter((route) => route.request === 'raw')
  .map((route) => route.path);

/**
 * Builds the gateway application (not yet listening), so `main.ts`, the integration tests and the
 * benchmark start exactly the same thing.
 */
export async function createGatewayApp(config: GatewayConfig, options: { logger?: LogLevel[] } = {}): Promise<NestExpressApplication> {
  // JSON logs: LOG_LEVEL, else the levels asked for (info by default); every
  // line written during a request carries its request id.
  const logger = createAppLogger('gateway', resolveLogLevel(config.LOG_LEVEL, options.logger ?? ['error', 'warn', 'log']));
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(config), {
    bodyParser: false,
    logger: new PinoNestLogger(logger),
    // A module that fails to start (Redis not answering in time) is thrown to the caller rather
    // than ending the process: `main.ts` still exits on it, and a test that starts a gateway fails
    // alone instead of taking its whole run down.
    abortOnError: false,
  });
  app.set('trust proxy', config.TRUST_PROXY > 0 ? config.TRUST_PROXY : false);
  app.disable('x-powered-by');
  app.use(requestIdMiddleware);
  app.use(httpMetrics);
  // One access line per request (not probes): method, path without the query, status, time; no headers.
  app.use(
    pinoHttp({
      logger,
      genReqId: (request) => requestIdOf(request as Parameters<typeof requestIdOf>[0]),
      customAttributeKeys: { reqId: 'requestId', responseTime: 'durationMs' },
      quietReqLogger: true,
      // Probes and scrapes come every few seconds: not worth a line each.
      autoLogging: { ignore: (request) => /^\/(health\/|metrics(\?|$))/.test(request.url ?? '') },
      serializers: {
        req: (request: { method?: string; url?: string }) => ({ method: request.method, path: (request.url ?? '').split('?')[0] }),
        res: (response: { statusCode?: number }) => ({ statusCode: response.statusCode }),
        // The cause of a 5xx is logged once, by the exception filter; here only its one-line summary.
        err: (error: Error) => ({ type: error.name, message: error.message }),
      },
      customLogLevel: (_request, response, error) =>
        error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info',
    }),
  );
  // Security headers on every answer (API, SPA, errors), then refuse cross-site writes before any body is read.
  app.use(securityHeaders({ behindTlsProxy: config.TRUST_PROXY > 0 }));
  // Per-user answers under /api: `private, no-cache` unless the route sets its own Cache-Control.
  app.use('/api', apiCacheControl);
  app.use(originCheck(config.ALLOWED_ORIGINS));
  app.use(cookieParser());
  app.use(...bodyParsers(RAW_BODY_PATHS));
  // The queue dashboard for admins, behind its session cookie.
  app.use(QUEUE_DASHBOARD_PATH, app.get(QueueDashboardService).handler());
  if (!serveSpa(app.getHttpAdapter().getInstance(), config.FRONTEND_DIST)) {
    Logger.warn(`No built SPA at ${config.FRONTEND_DIST}: only /api is served. Run "npm run build".`, 'Gateway');
  }
  if (!config.METRICS_TOKEN) {
    Logger.warn('METRICS_TOKEN is not set: GET /metrics answers scrapes on a loopback address only (401 to any other).', 'Gateway');
  }
  // SIGTERM/SIGINT: stop accepting, answer the requests in flight, close the queues, exit 0.
  app.enableShutdownHooks(undefined, { useProcessExit: true });
  return app;
}
