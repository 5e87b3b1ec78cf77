import 'reflect-metadata';
import { Logger, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { GatewayConfig } from './config.js';
import { GatewayModule } from './gateway.module.js';
import { requestIdMiddleware } from './http/request-id.middleware.js';
import { originCheck } from './security/origin-check.middleware.js';
import { securityHeaders } from './security/security-headers.js';
import { serveSpa } from './spa/spa.js';

/** Largest JSON body the API reads; every JSON route takes a small form. */
const JSON_LIMIT = '100kb';

/**
 * Builds the gateway application (not yet listening), so `main.ts`, the integration tests and the
 * benchmark start exactly the same thing.
 */
export async function createGatewayApp(
  config: GatewayConfig,
  options: { logger?: LogLevel[] } = {},
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(config), {
    bodyParser: false,
    logger: options.logger ?? ['error', 'warn', 'log'],
  });
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  app.use(requestIdMiddleware);
  // Security headers on every answer (API, SPA, errors), then refuse cross-site writes before any body is read.
  app.use(securityHeaders({ behindTlsProxy: config.TRUST_PROXY }));
  app.use(originCheck(config.ALLOWED_ORIGINS));
  app.use(cookieParser());
  app.use(express.json({ limit: JSON_LIMIT }));
  // A malformed or oversized JSON body is the client's mistake: answer in the contract's shape.
  app.use((error: Error & { status?: number; type?: string }, _req: Request, res: Response, next: NextFunction) => {
    if (!error) return next();
    const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 400;
    res.status(status).json({ message: error.type === 'entity.too.large' ? 'Request body too large.' : 'Malformed JSON body.' });
  });
  if (!serveSpa(app.getHttpAdapter().getInstance(), config.FRONTEND_DIST)) {
    Logger.warn(`No built SPA at ${config.FRONTEND_DIST}: only /api is served. Run "npm run build".`, 'Gateway');
  }
  app.enableShutdownHooks();
  return app;
}
