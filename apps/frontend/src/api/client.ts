import type { ErrorCode } from '@archlens/contracts/errors';
import { formatHttpError } from '@archlens/contracts/http';
import type { ZodType } from 'zod';

/**
 * A non-OK response (spec §7): the message is `{status}: {body text, or the status text}`, for
 * display. Code that decides what to do reads `code` (the gateway's error code), else `status`.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  /** The `code` of the gateway's JSON body `{code, message}`; null when the body has none (a proxy answered, or nothing). */
  readonly code: string | null;

  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(formatHttpError(status, bodyText, statusText));
    this.code = errorCodeOfBody(bodyText);
  }
}

/** The string `code` of a JSON object body, read without a schema (the signed-out landing loads none); else null. */
function errorCodeOfBody(bodyText: string): string | null {
  try {
    const body: unknown = JSON.parse(bodyText);
    const code: unknown = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

/** True when `error` is a non-OK response whose body carries the error code `code` (`@archlens/contracts/errors`). */
export function hasErrorCode(error: unknown, code: ErrorCode): error is HttpError {
  return error instanceof HttpError && error.code === code;
}

/**
 * True when `error` is a non-OK response with the error code `code`, or, when its body carries no
 * code at all (it is not the gateway's), with the HTTP status `status`.
 */
export function isRefusal(error: unknown, code: ErrorCode, status: number): error is HttpError {
  return error instanceof HttpError && (error.code === null ? error.status === status : error.code === code);
}

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON with a JSON content type (spec §7: only when a body exists). */
  json?: unknown;
  /** Sent as multipart; the browser sets the boundary. */
  formData?: FormData;
  /** Contract schema the response is parsed with. */
  schema?: ZodType<T>;
  /** Extra request headers, e.g. the admin console's `Authorization: Bearer …` (spec §6). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Called with the headers of a successful response, before its body is read (e.g. `X-Total-Count`). */
  onHeaders?: (headers: Headers) => void;
}

/**
 * The one HTTP client of the SPA. Same-origin `/api` paths, cookies always included (spec §7).
 * @throws HttpError for any non-OK response
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
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
  options.onHeaders?.(response.headers);
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json();
  return options.schema ? options.schema.parse(data) : (data as T);
}

/**
 * Spec §8's unauthorised error: the session is gone. The gateway answers it with the code
 * `auth.unauthorized` (a 401 whose text, "401: …Unauthorized…", is the spec's); a 401 with no code
 * counts too. A 401 with another code (a refused sign-in) does not.
 */
export function isUnauthorisedError(error: unknown): boolean {
  return isRefusal(error, 'auth.unauthorized', 401);
}
