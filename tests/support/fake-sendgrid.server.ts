// Test-only: a loopback HTTP server that speaks SendGrid's v3 `POST /v3/mail/send`, checks what it
// receives as SendGrid would, and answers with scripted statuses in order.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The body of a v3 mail/send request, as `@sendgrid/mail` writes it (the fields checked here). */
export interface MailSendBody {
  personalizations?: Array<{ to?: Array<{ email?: string; name?: string }> }>;
  from?: { email?: string; name?: string };
  subject?: string;
  content?: Array<{ type?: string; value?: string }>;
  custom_args?: Record<string, string>;
  attachments?: Array<{ filename?: string; type?: string; content?: string; disposition?: string }>;
}

export interface RecordedMailSend {
  method: string;
  path: string;
  authorization: string | undefined;
  body: MailSendBody;
  /** Why the server refused the request with HTTP 400, or null when it was well formed. */
  refusal: string | null;
  /** The status answered. */
  status: number;
}

export interface FakeSendGrid {
  /** For `SENDGRID_BASE_URL`: `http://127.0.0.1:<port>`. */
  baseUrl: string;
  requests: RecordedMailSend[];
  /**
   * The statuses to answer the next well-formed requests with, in order (202 accepts the message
   * with an `X-Message-Id`; anything else answers SendGrid's error body); once used up, 202.
   */
  script(statuses: number[]): void;
  close(): Promise<void>;
}

/**
 * What SendGrid would refuse with 400 (or 401 for the key): the bearer key, a `from` address
 * (`expectedFrom` when given), `personalizations[0].to[0].email`, a subject, and `content` with
 * both `text/plain` and `text/html`.
 * @returns the status and the first thing wrong, or null when the request is well formed
 */
export function checkMailSend(
  body: MailSendBody,
  authorization: string | undefined,
  expected: { apiKey: string; from?: string },
): { status: number; field: string | null; message: string } | null {
  if (authorization !== `Bearer ${expected.apiKey}`)
    return { status: 401, field: null, message: 'The provided authorization grant is invalid, expired, or revoked' };
  if (!body.from?.email) return { status: 400, field: 'from.email', message: 'The from object must be provided for every email send.' };
  if (expected.from && body.from.email !== expected.from)
    return { status: 400, field: 'from.email', message: `The from address is not ${expected.from}.` };
  if (!body.personalizations?.[0]?.to?.[0]?.email)
    return { status: 400, field: 'personalizations.0.to', message: 'The to array is required for all personalization objects.' };
  if (!body.subject) return { status: 400, field: 'subject', message: 'The subject is required.' };
  const types = (body.content ?? []).filter((c) => typeof c.value === 'string' && c.value !== '').map((c) => c.type);
  if (!types.includes('text/plain') || !types.includes('text/html'))
    return { status: 400, field: 'content', message: 'Both text/plain and text/html content are expected.' };
  return null;
}

/**
 * Starts the server on a free loopback port.
 * @param expected the API key the `Authorization` header must carry, and the sender's address when checked
 */
export async function startFakeSendGrid(expected: { apiKey: string; from?: string }): Promise<FakeSendGrid> {
  const requests: RecordedMailSend[] = [];
  let statuses: number[] = [];
  const answerError = (res: http.ServerResponse, status: number, message: string, field: string | null) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ errors: [{ message, field, help: null }] }));
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: MailSendBody = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as MailSendBody;
      } catch {
        body = {};
      }
      const record: RecordedMailSend = {
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body,
        refusal: null,
        status: 0,
      };
      requests.push(record);
      if (req.method !== 'POST' || req.url !== '/v3/mail/send') {
        record.status = 404;
        return answerError(res, 404, 'unknown route', null);
      }
      const wrong = checkMailSend(body, req.headers.authorization, expected);
      if (wrong) {
        record.refusal = wrong.message;
        record.status = wrong.status;
        return answerError(res, wrong.status, wrong.message, wrong.field);
      }
      const status = statuses.shift() ?? 202;
      record.status = status;
      if (status === 202) {
        res.writeHead(202, { 'x-message-id': `fake-${randomUUID()}` });
        return res.end();
      }
      answerError(res, status, status === 429 ? 'Too many requests' : `Scripted failure ${status}`, status === 400 ? 'subject' : null);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    script(next) {
      statuses = [...next];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
