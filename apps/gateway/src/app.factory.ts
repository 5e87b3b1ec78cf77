import 'reflect-metadata';
import { Logger, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import { API_ROUTES, type ApiRoute } from '@archlens/contracts/routes';
import type { GatewayConfig } from './config.js';
import { GatewayModule } from './gateway.module.js';
import { bodyParsers } from './http/body-parsers.js';
import { requestIdMiddleware } from './http/request-id.middleware.js';
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
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(config), {
    bodyParser: false,
    logger: options.logger ?? ['error', 'warn', 'log'],
  });
  app.set('trust proxy', config.TRUST_PROXY > 0 ? config.TRUST_PROXY : false);
  app.disable('x-powered-by');
  app.use(requestIdMiddleware);
  // Security headers on every answer (API, SPA, errors), then refuse cross-site writes before any body is read.
  app.use(securityHeaders({ behindTlsProxy: config.TRUST_PROXY > 0 }));
  app.use(originCheck(config.ALLOWED_ORIGINS));
  app.use(cookieParser());
  app.use(...bodyParsers(RAW_BODY_PATHS));
  if (!serveSpa(app.getHttpAdapter().getInstance(), config.FRONTEND_DIST)) {
    Logger.warn(`No built SPA at ${config.FRONTEND_DIST}: only /api is served. Run "npm run build".`, 'Gateway');
  }
  app.enableShutdownHooks();
  return app;
}
