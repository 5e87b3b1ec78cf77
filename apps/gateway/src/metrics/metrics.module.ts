import { Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller.js';
import { QueueDepthCollector } from './queue-depth.collector.js';

/**
 * The gateway's Prometheus endpoint: `GET /metrics` over the process's one
 * registry, with queue depths read at scrape time. The HTTP latency histogram is observed by the
 * `httpMetrics` middleware that `createGatewayApp` mounts.
 */
@Module({ controllers: [MetricsController], providers: [QueueDepthCollector] })
export class MetricsModule {}
