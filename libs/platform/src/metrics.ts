import { createHash, timingSafeEqual } from 'node:crypto';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client';

/**
 * The one Prometheus registry of this process: the gateway's `/metrics` and a
 * worker's `HEALTH_PORT/metrics` both serve it. Series are named `archlens_…` with their unit in the
 * name (`_seconds`, `_bytes`, `_total`); Node's default process metrics are registered once, with the
 * `archlens_` prefix.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'archlens_' });

/**
 * A counter registered once in `metricsRegistry`: a second call with the same name (several
 * services in one process, as in the integration tests) returns the first one.
 */
export function counter<L extends string>(config: Omit<CounterConfiguration<L>, 'registers'>): Counter<L> {
  return (
    (metricsRegistry.getSingleMetric(config.name) as Counter<L> | undefined) ?? new Counter({ ...config, registers: [metricsRegistry] })
  );
}

/** A gauge registered once in `metricsRegistry` (see `counter`). */
export function gauge<L extends string>(config: Omit<GaugeConfiguration<L>, 'registers'>): Gauge<L> {
  return (metricsRegistry.getSingleMetric(config.name) as Gauge<L> | undefined) ?? new Gauge({ ...config, registers: [metricsRegistry] });
}

/** A histogram registered once in `metricsRegistry` (see `counter`). */
export function histogram<L extends string>(config: Omit<HistogramConfiguration<L>, 'registers'>): Histogram<L> {
  return (
    (metricsRegistry.getSingleMetric(config.name) as Histogram<L> | undefined) ?? new Histogram({ ...config, registers: [metricsRegistry] })
  );
}

/**
 * How long each job took in a worker host, in seconds, by queue, job name and outcome (`ok`, `refused`
 * for a domain refusal, `failed` for a thrown error): from BullMQ's `processedOn` to `finishedOn`.
 */
export const jobDurationSeconds = histogram({
  name: 'archlens_job_duration_seconds',
  help: 'Time a worker spent on a job, from start to finish, in seconds.',
  labelNames: ['queue', 'job', 'outcome'] as const,
  // Up to 300 s: analyses run up to 170 s and generations up to 180 s per provider call.
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 180, 300],
});

/** Jobs that threw (BullMQ `failed`, each attempt), by queue and job name. */
export const jobFailuresTotal = counter({
  name: 'archlens_job_failures_total',
  help: 'Job attempts that failed with an error (not domain refusals).',
  labelNames: ['queue', 'job'] as const,
});

/** The Content-Type of the text `metricsRegistry.metrics()` returns. */
export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;

/** Whether `address` (a socket's local address) is a loopback one: 127.0.0.0/8, `::1`, or either written as IPv4-mapped IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4.startsWith('127.') || address === '::1';
}

/** What `mayReadMetrics` reads of one request. */
export interface MetricsRequest {
  /** The `Authorization` header, if any. */
  authorization?: string;
  /** The local address the connection arrived on (`socket.localAddress`). */
  localAddress?: string;
}

/**
 * Who may read `/metrics` (the gateway's and each worker's): with `METRICS_TOKEN` set, only a request
 * carrying `Authorization: Bearer <token>` (compared in constant time); without it, only one that
 * reached the process on a loopback address with no proxy in front, i.e. a listener bound to
 * loopback, or a scrape from the same host or pod. A listener bound to any other address therefore
 * answers other scrapers only with the token, and a proxy that forwards over loopback does not
 * open it either.
 * @param token `METRICS_TOKEN`, undefined when unset
 * @param behindProxy true when a proxy stands in front of the listener (the gateway's `TRUST_PROXY` above 0)
 */
export function mayReadMetrics(request: MetricsRequest, token: string | undefined, behindProxy = false): boolean {
  if (token === undefined) return !behindProxy && isLoopbackAddress(request.localAddress);
  const match = /^Bearer (.+)$/i.exec(request.authorization ?? '');
  if (!match) return false;
  const given = createHash('sha256').update(match[1]).digest();
  return timingSafeEqual(given, createHash('sha256').update(token).digest());
}

/** What a refused `/metrics` scrape is told. */
export const METRICS_TOKEN_REQUIRED = 'A metrics token is required.';
