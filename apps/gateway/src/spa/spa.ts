import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Express, NextFunction, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';

/** Hashed build outputs (`assets/name-hash.ext`) never change under one name: cached for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The share links' public pages (`/s/{token}`): whoever holds one may open it, but no search engine should list it. */
const SHARE_PAGE_PREFIX = '/s/';

/**
 * Serves the built SPA: hashed assets cached for a year, `index.html` never cached, and every
 * GET outside `/api` that is not a file falling back to `index.html` (client-side routes). A
 * missing `/assets/…` file is a 404, not `index.html`: a tab opened before a deploy that asks for a
 * chunk of the previous build then gets an error it can handle instead of HTML parsed as a script.
 * Files are sent as the build compressed them (`.br`, else `.gz`, beside each file; see
 * apps/frontend/vite.config.ts) when the browser accepts it, with `Content-Encoding` and
 * `Vary: Accept-Encoding`; nothing is compressed per request. A share link's page (`/s/…`) is sent
 * with `X-Robots-Tag: noindex`, as its data under `/api/s/` is. The compressed copies are listed once,
 * when this is called: a rebuild of the SPA needs a restart of the gateway.
 * @returns false when the SPA has not been built, so the caller can say so
 */
export function serveSpa(app: Express, distDir: string): boolean {
  const root = path.resolve(distDir);
  const indexHtml = path.join(root, 'index.html');
  if (!existsSync(indexHtml)) return false;
  const files = expressStaticGzip(root, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      setHeaders: (response, filePath) => {
        response.setHeader('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache');
      },
    },
  });
  // Only GET and HEAD reach the files: for other methods the middleware would set Content-Encoding
  // before passing the request on, and the 404 after it would carry that header.
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method === 'GET' || request.method === 'HEAD') files(request, response, next);
    else next();
  });
  app.use((request: Request, response: Response, next: NextFunction) => {
    // `/health/…` and `/metrics` are the operators' endpoints, never the SPA.
    const notARoute =
      request.path === '/api' ||
      request.path.startsWith('/api/') ||
      request.path.startsWith('/assets/') ||
      request.path.startsWith('/health/') ||
      request.path === '/metrics';
    if ((request.method !== 'GET' && request.method !== 'HEAD') || notARoute) {
      next();
      return;
    }
    response.setHeader('Cache-Control', 'no-cache');
    if (request.path.startsWith(SHARE_PAGE_PREFIX)) response.setHeader('X-Robots-Tag', 'noindex');
    response.sendFile(indexHtml);
  });
  return true;
}
