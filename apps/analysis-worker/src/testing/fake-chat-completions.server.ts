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
}

export interface FakeChatCompletions {
  baseURL: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * @param answers the assistant message contents to return, one per request, in order; a request
 *   beyond the script gets HTTP 500
 */
export async function startFakeChatCompletions(answers: string[]): Promise<FakeChatCompletions> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as RecordedRequest['body'];
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      const answer = answers[requests.length - 1];
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions' || answer === undefined) {
        res.writeHead(answer === undefined ? 500 : 404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'unexpected request', type: 'server_error' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: answer, refusal: null }, logprobs: null, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1000, completion_tokens: 300, total_tokens: 1300 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
