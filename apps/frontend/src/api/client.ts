import { formatHttpError, UNAUTHORIZED_MESSAGE } from '@archlens/contracts/http';
import type { ZodType } from 'zod';

/** A non-OK response (spec §7): the message is `{status}: {body text, or the status text}`. */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(formatHttpError(status, bodyText, statusText));
  }
}

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON with a JSON content type (spec §7: only when a body exists). */
  json?: unknown;
  /** Sent as multipart; the browser sets the boundary. */
  formData?: FormData;
  /** Contract schema the response is parsed with. */
  schema?: ZodType<T>;
  signal?: AbortSignal;
}

/**
 * The one HTTP client of the SPA. Same-origin `/api` paths, cookies always included (spec §7).
 * @throws HttpError for any non-OK response
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.formData) {
    body = options.formData;
  }

  const response = await fetch(path, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  });

  if (!response.ok) {
    const bodyText = await response.text().catch(() => '');
    throw new HttpError(response.status, bodyText, response.statusText);
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json();
  return options.schema ? options.schema.parse(data) : (data as T);
}

/** Spec §8: an unauthorised error's message starts with "401: " and contains "Unauthorized". */
export function isUnauthorisedError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('401: ') && error.message.includes(UNAUTHORIZED_MESSAGE);
}
