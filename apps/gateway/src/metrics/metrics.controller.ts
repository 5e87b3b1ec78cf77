import { timingSafeEqual } from 'node:crypto';
import { Controller, Get, Header, Headers, Inject, UnauthorizedException } from '@nestjs/common';
import { METRICS_CONTENT_TYPE, metricsRegistry } from '@archlens/platform/metrics';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

/**
 * `GET /metrics` (outside `/api`, not in `API_ROUTES`): the gateway process's
 * Prometheus series in text format. With `METRICS_TOKEN` set it answers 401 unless the scrape
 * sends `Authorization: Bearer <METRICS_TOKEN>`; without it, it is open and must stay off the
 * public route (README "Operations").
 */
@Controller('metrics')
export class MetricsController {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  /**
   * `GET /metrics` → 200 the registry's series in Prometheus text format, never cached.
   * @throws UnauthorizedException 401 'A metrics token is required.' when `METRICS_TOKEN` is set
   *   and the request's `Authorization: Bearer` token is not it (compared in constant time)
   */
  @Get()
  @Header('Content-Type', METRICS_CONTENT_TYPE)
  @Header('Cache-Control', 'no-store')
  async metrics(@Headers('authorization') authorization: string | undefined): Promise<string> {
    const token = this.config.METRICS_TOKEN;
    if (token !== undefined && !bearerMatches(authorization, token)) throw new UnauthorizedException('A metrics token is required.');
    return metricsRegistry.metrics();
  }
}

/** Whether `header` is `Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
