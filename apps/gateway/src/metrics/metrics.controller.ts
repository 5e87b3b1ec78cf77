import { Controller, Get, Header, Inject, Req, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { METRICS_CONTENT_TYPE, METRICS_TOKEN_REQUIRED, mayReadMetrics, metricsRegistry } from '@archlens/platform/metrics';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

/**
 * `GET /metrics` (outside `/api`, not in `API_ROUTES`): the gateway process's Prometheus series in
 * text format. With `METRICS_TOKEN` set it answers 401 unless the scrape sends
 * `Authorization: Bearer <METRICS_TOKEN>`; without it, it answers only scrapes that reach the
 * gateway on a loopback address with no proxy in front (`TRUST_PROXY` 0), and 401 to any other:
 * the gateway listens on every interface, so a scraper elsewhere needs the token (`mayReadMetrics`).
 */
@Controller('metrics')
export class MetricsController {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: Pick<GatewayConfig, 'METRICS_TOKEN' | 'TRUST_PROXY'>) {}

  /**
   * `GET /metrics` → 200 the registry's series in Prometheus text format, never cached.
   * @throws UnauthorizedException 401 'A metrics token is required.' when the request may not read
   *   them (`mayReadMetrics`)
   */
  @Get()
  @Header('Content-Type', METRICS_CONTENT_TYPE)
  @Header('Cache-Control', 'no-store')
  async metrics(@Req() request: Request): Promise<string> {
    const allowed = mayReadMetrics(
      { authorization: request.headers.authorization, localAddress: request.socket.localAddress },
      this.config.METRICS_TOKEN,
      this.config.TRUST_PROXY > 0,
    );
    if (!allowed) throw new UnauthorizedException(METRICS_TOKEN_REQUIRED);
    return metricsRegistry.metrics();
  }
}
