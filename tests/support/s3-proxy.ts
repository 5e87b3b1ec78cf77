// Test-only: a loopback HTTP proxy in front of the S3 server of the test run, which passes every
// request through except the uploads (PUT) of large objects, which it can hold back or refuse the
// way S3 does under load. It records what it did, so a test can check the store really misbehaved.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy does with a PUT whose body is at least `largeBytes` long. */
export type LargeUploadMode = { kind: 'refuse' } | { kind: 'delay'; ms: number };

export interface S3Proxy {
  /** The proxy's endpoint, for `S3_ENDPOINT`. */
  endpoint: string;
  /**
   * Every request it answered, in the order answered: method, object path, its query (e.g.
   * `uploadId` of a multipart upload), body size, status, and when it arrived and when it was
   * answered (`performance.now()` ms).
   */
  requests: Array<{
    method: string;
    path: string;
    query: URLSearchParams;
    bytes: number;
    status: number;
    receivedAt: number;
    answeredAt: number;
  }>;
  close(): Promise<void>;
}

/**
 * Starts the proxy on a free port, forwarding to `upstream` (an `http://host:port` S3 endpoint).
 * A refused upload gets 503 with S3's `SlowDown` error document after its body has been read;
 * a delayed one is forwarded `ms` milliseconds after its body has been read.
 */
export async function startS3Proxy(upstream: string, mode: LargeUploadMode, largeBytes = 1_000_000): Promise<S3Proxy> {
  const target = new URL(upstream);
  const requests: S3Proxy['requests'] = [];
  const server = http.createServer((req, res) => {
    const receivedAt = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const [rawPath, rawQuery = ''] = (req.url ?? '').split('?', 2);
      const path = decodeURIComponent(rawPath);
      const query = new URLSearchParams(rawQuery);
      const large = req.method === 'PUT' && body.length >= largeBytes;
      const answered = (status: number) =>
        requests.push({ method: req.method ?? '', path, query, bytes: body.length, status, receivedAt, answeredAt: performance.now() });
      const forward = () => {
        const upstreamRequest = http.request(
          { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
          (upstreamResponse) => {
            res.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.headers);
            upstreamResponse.pipe(res);
            upstreamResponse.on('end', () => answered(upstreamResponse.statusCode ?? 0));
          },
        );
        upstreamRequest.on('error', () => res.destroy());
        upstreamRequest.end(body);
      };
      if (large && mode.kind === 'refuse') {
        res.writeHead(503, { 'Content-Type': 'application/xml' });
        res.end(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>',
        );
        answered(503);
      } else if (large && mode.kind === 'delay') {
        setTimeout(forward, mode.ms);
      } else {
        forward();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
