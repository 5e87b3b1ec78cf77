// Test-only: a loopback HTTP server that speaks the OpenAI Chat Completions protocol, checks what
// it receives, and answers with scripted JSON contents in order.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: Array<{ role: string; content: unknown }>;
    response_format?: { type?: string; json_schema?: { name?: string; strict?: boolean; schema?: { required?: string[] } } };
  };
  /** Why the server refused the request with HTTP 400, or null when it was well formed. */
  refusal: string | null;
}

/** One scripted answer: the assistant message content, sent after `delayMs` (default 0). */
export interface ScriptedAnswer {
  content: string;
  delayMs?: number;
}

export interface FakeChatCompletions {
  baseURL: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * What a vision analysis request must carry, as the analysis engine sends it: a model, a user
 * message with at least one image part given as a base64 data URL, and a strict JSON-schema
 * response format.
 * @returns the first thing missing, or null when the request is well formed
 */
export function checkVisionRequest(body: RecordedRequest['body'], authorization: string | undefined): string | null {
  if (!authorization?.startsWith('Bearer ')) return 'missing bearer API key';
  if (typeof body.model !== 'string' || body.model === '') return 'missing model';
  const user = body.messages?.find((m) => m.role === 'user');
  const parts = Array.isArray(user?.content) ? (user.content as Array<{ type?: string; image_url?: { url?: string } }>) : [];
  const images = parts.filter((p) => p.type === 'image_url');
  if (images.length === 0) return 'no image_url part in the user message';
  if (!images.every((p) => /^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/]+=*$/.test(p.image_url?.url ?? ''))) {
    return 'an image part is not a base64 data URL';
  }
  const format = body.response_format;
  if (format?.type !== 'json_schema' || format.json_schema?.strict !== true || typeof format.json_schema.schema !== 'object') {
    return 'response_format is not a strict json_schema';
  }
  return null;
}

/**
 * Starts the server on a free loopback port. A request that is not a well-formed vision request
 * (`checkVisionRequest`) gets HTTP 400 with an OpenAI-style error, as the real API would refuse it.
 * @param answers the answers to return, one per well-formed request, in order; a request beyond
 *   the script gets HTTP 500
 */
export async function startFakeChatCompletions(answers: Array<string | ScriptedAnswer>): Promise<FakeChatCompletions> {
  const requests: RecordedRequest[] = [];
  const sendError = (res: http.ServerResponse, status: number, message: string, type: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message, type } }));
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: RecordedRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as RecordedRequest['body'];
        if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new TypeError('not a JSON object');
      } catch {
        // As OpenAI answers a body that is not JSON: recorded, refused, never a crash of the server.
        const refusal = 'We could not parse the JSON body of your request.';
        requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body: {}, refusal });
        return sendError(res, 400, refusal, 'invalid_request_error');
      }
      const refusal = checkVisionRequest(body, req.headers.authorization);
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body, refusal });
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return sendError(res, 404, 'unknown route', 'invalid_request_error');
      if (refusal) return sendError(res, 400, refusal, 'invalid_request_error');
      const scripted = answers[requests.filter((r) => r.refusal === null).length - 1];
      if (scripted === undefined) return sendError(res, 500, 'unexpected request', 'server_error');
      const { content, delayMs = 0 } = typeof scripted === 'string' ? { content: scripted } : scripted;
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: `chatcmpl-${requests.length}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: body.model,
            choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
            usage: { prompt_tokens: 1000, completion_tokens: 300, total_tokens: 1300 },
          }),
        );
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
