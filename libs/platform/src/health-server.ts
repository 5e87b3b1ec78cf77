import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { METRICS_CONTENT_TYPE, METRICS_TOKEN_REQUIRED, mayReadMetrics, metricsRegistry } from './metrics.js';

/** One dependency a readiness probe checks (PostgreSQL, Redis, object storage). */
export interface ReadinessCheck {
  /** Its name in the answer, e.g. "database". */
  name: string;
  /** Resolves when the dependency answers; any error or a timeout marks it down. */
  check(): Promise<void>;
}

/** How long each readiness check may take before it counts as down, in ms. */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;

/** The body of `/health/ready`: each check `up`, or `down` with a short reason (an error code, never a message). */
export interface ReadinessReport {
  status: 'ok' | 'error';
  checks: Record<string, { status: 'up' } | { status: 'down'; reason: string }>;
}

/**
 * Runs every check in parallel, each within `timeoutMs`. The reason of a failed check is the
 * error's `code` (e.g. `ECONNREFUSED`), `timeout`, or `error`: error messages can carry hosts or
 * credentials and stay in the service's log.
 */
export async function runReadinessChecks(checks: ReadinessCheck[], timeoutMs = READINESS_CHECK_TIMEOUT_MS): Promise<ReadinessReport> {
  const results = await Promise.all(
    checks.map(async (entry) => {
      const { name } = entry;
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          entry.check(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'timeout' })), timeoutMs);
          }),
        ]);
        return [name, { status: 'up' }] as const;
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        return [name, { status: 'down', reason: typeof code === 'string' && /^[\w.-]{1,40}$/.test(code) ? code : 'error' }] as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const report = Object.fromEntries(results) as ReadinessReport['checks'];
  return { status: Object.values(report).every((c) => c.status === 'up') ? 'ok' : 'error', checks: report };
}

/** A running health server: the port it listens on (useful with port 0) and how to stop it. */
export interface HealthServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The worker host's tiny HTTP server (workers have no other HTTP): `GET
 * /health/live` → 200 while the process runs; `GET /health/ready` → 200 or 503 with
 * `ReadinessReport`; `GET /metrics` → the process's `metricsRegistry` in Prometheus text format, to
 * whoever `mayReadMetrics` lets through (401 otherwise). Anything else → 404. Listens on every
 * interface (probes and scrapers come from the pod network): the probes stay open, while `/metrics`
 * answers a scraper elsewhere only with `METRICS_TOKEN`.
 * @param port `HEALTH_PORT`; 0 lets the OS pick one (logged, and returned)
 * @param metricsToken `METRICS_TOKEN`: the bearer token `/metrics` requires; unset, only loopback scrapes
 * @throws the listen error (e.g. EADDRINUSE)
 */
export async function startHealthServer(options: {
  port: number;
  checks: ReadinessCheck[];
  logger: Logger;
  metricsToken?: string;
}): Promise<HealthServer> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const send = (status: number, body: string, type = 'application/json; charset=utf-8') => {
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      res.end(body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, JSON.stringify({ message: 'Method not allowed' }));
    if (path === '/health/live') return send(200, JSON.stringify({ status: 'ok' }));
    if (path === '/health/ready') {
      void runReadinessChecks(options.checks).then((report) => {
        if (report.status !== 'ok') options.logger.warn({ checks: report.checks }, 'not ready');
        send(report.status === 'ok' ? 200 : 503, JSON.stringify(report));
      });
      return;
    }
    if (path === '/metrics') {
      if (!mayReadMetrics({ authorization: req.headers.authorization, localAddress: req.socket.localAddress }, options.metricsToken)) {
        return send(401, JSON.stringify({ message: METRICS_TOKEN_REQUIRED }));
      }
      void metricsRegistry.metrics().then(
        (text) => send(200, text, METRICS_CONTENT_TYPE),
        () => send(500, JSON.stringify({ message: 'metrics unavailable' })),
      );
      return;
    }
    send(404, JSON.stringify({ message: 'Not found' }));
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  options.logger.info({ healthPort: port }, `health and metrics on http://127.0.0.1:${port} (/health/live, /health/ready, /metrics)`);
  if (options.metricsToken === undefined) {
    options.logger.warn('METRICS_TOKEN is not set: /metrics answers scrapes on a loopback address only (401 to any other).');
  }
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
