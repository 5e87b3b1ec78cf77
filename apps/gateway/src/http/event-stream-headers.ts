import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** The headers of the gateway's server-sent event streams. */
export const EVENT_STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no', // nginx: pass each event on at once
} as const;

/** Headers Nest's `@Sse()` writes that `EVENT_STREAM_HEADERS` replace or leave out, in lower case. */
const REPLACED = new Set([...Object.keys(EVENT_STREAM_HEADERS).map((name) => name.toLowerCase()), 'pragma', 'expires']);

/** True when `headers` are those of an event stream (a `Content-Type` of `text/event-stream`). */
function isEventStream(headers: unknown): headers is OutgoingHttpHeaders {
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) return false;
  return Object.entries(headers).some(
    ([name, value]) => name.toLowerCase() === 'content-type' && /^text\/event-stream/.test(String(value)),
  );
}

/**
 * Makes an `@Sse()` response start with `EVENT_STREAM_HEADERS`. Nest writes a header set of its own
 * when the stream starts (`Cache-Control: private, no-cache, no-store, must-revalidate, max-age=0,
 * no-transform`, `Pragma`, `Expires`, a `Content-Type` without charset) and lets no route change it;
 * the gateway's streams keep the headers their clients and proxies were given. Only the head of the
 * stream is rewritten: an error answered before it starts (the exception filter's JSON) goes out as
 * it is.
 * @param response the raw response of an `@Sse()` route, before its handler returns
 */
export function useEventStreamHeaders(response: ServerResponse): void {
  const writeHead = response.writeHead.bind(response) as (statusCode: number, ...rest: unknown[]) => ServerResponse;
  response.writeHead = (statusCode: number, ...rest: unknown[]) => {
    const headers = rest.at(-1);
    if (isEventStream(headers)) {
      const kept = Object.entries(headers).filter(([name]) => !REPLACED.has(name.toLowerCase()));
      rest[rest.length - 1] = { ...Object.fromEntries(kept), ...EVENT_STREAM_HEADERS };
    }
    return writeHead(statusCode, ...rest);
  };
}
