import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Content-Security-Policy directives of the gateway, for the API and the built SPA alike. What the
 * SPA needs, from apps/frontend:
 * - scripts: Vite emits one external module script and no inline script → `script-src 'self'`;
 * - styles: MUI's emotion injects `<style>` tags at run time and components set `style=""` →
 *   `style-src 'self' 'unsafe-inline'` (a nonce would need the gateway to rewrite index.html);
 * - images: upload previews are `blob:` URLs from `URL.createObjectURL`, the optimiser draws
 *   through them, MUI may use `data:` SVGs → `img-src 'self' data: blob:`;
 * - fonts: system font stacks only, nothing fetched from another host → `font-src 'self' data:`;
 * - calls: `fetch` to `/api` on the same origin → `connect-src 'self'`;
 * - the landing video (spec §1) is a file of the SPA the gateway serves → `media-src 'self' blob:`.
 * `upgrade-insecure-requests` only behind a TLS-terminating proxy (`TRUST_PROXY`): the local app
 * is plain http on localhost, where the browser would otherwise try https for every asset.
 */
export function contentSecurityPolicy(options: { behindTlsProxy: boolean }): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    ...(options.behindTlsProxy ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * helmet options: the CSP above (helmet's own defaults off, so the policy is exactly that list),
 * `X-Frame-Options: DENY` to match `frame-ancestors 'none'`, and HSTS (helmet's default: one year,
 * includeSubDomains) only behind a TLS proxy: over plain http it would pin localhost to https.
 * Everything else is helmet 8's default (nosniff, Referrer-Policy no-referrer, COOP/CORP same-origin…).
 */
export function securityHeaderOptions(options: { behindTlsProxy: boolean }): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
    frameguard: { action: 'deny' },
    strictTransportSecurity: options.behindTlsProxy,
  };
}

/**
 * The gateway's security headers as Express middleware (helmet 8).
 * @param options.behindTlsProxy `TRUST_PROXY`: TLS ends at a proxy in front of the gateway
 */
export function securityHeaders(options: { behindTlsProxy: boolean }): RequestHandler {
  return helmet(securityHeaderOptions(options)) as RequestHandler;
}
