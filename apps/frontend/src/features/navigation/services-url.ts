/**
 * The external services page ('Our Services', spec §2), or null when the deployment names none.
 * Only an absolute http(s) address counts: anything else (empty, a typo, a relative path) would
 * open a broken page, so the link is left out instead.
 * @param raw the build's `VITE_SERVICES_URL`
 */
export function servicesUrlFrom(raw: string | undefined | null): string | null {
  const value = raw?.trim();
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The services page of this build (`VITE_SERVICES_URL`, fixed at build time), or null: then the
 * footer and the menus offer no 'Our Services' link at all.
 */
export const SERVICES_URL: string | null = servicesUrlFrom(
  // Optional chaining: outside Vite (the unit tests) `import.meta.env` does not exist.
  (import.meta as { env?: Record<string, string | undefined> }).env?.VITE_SERVICES_URL,
);
