import { errorResponseSchema } from '@archlens/contracts/errors';
import { HttpError } from './client';

/** The server's `{message}` (issue #2: every non-OK `/api` body is JSON `{message}`), else null. */
export function serverMessageOf(error: unknown): string | null {
  if (!(error instanceof HttpError)) return null;
  try {
    const parsed = errorResponseSchema.safeParse(JSON.parse(error.bodyText));
    return parsed.success ? parsed.data.message : null;
  } catch {
    return null;
  }
}

/**
 * Readable error text for a toast: `{status}: {server message}` when the body is the JSON
 * `{message}` of the gateway, otherwise the error's own message (spec §7 form).
 */
export function describeError(error: unknown): string {
  if (error instanceof HttpError) {
    const message = serverMessageOf(error);
    return message ? `${error.status}: ${message}` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
