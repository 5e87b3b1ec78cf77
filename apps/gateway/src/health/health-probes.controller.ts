import { Controller, Get, Inject, Res, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckService, HealthIndicatorService, type HealthCheckResult, type HealthIndicatorResult } from '@nestjs/terminus';
import type { Response } from 'express';
import { Redis } from 'ioredis';
import { runReadinessChecks, type ReadinessCheck } from '@archlens/platform/health-server';
import { ObjectStorage } from '@archlens/platform/storage';
import { GATEWAY_REDIS } from '../core/redis.js';

/**
 * `GET /health/live` and `GET /health/ready` (`@nestjs/terminus`), outside `/api`
 * for probes. Live: the process answers. Ready: Redis answers `PING` (sessions, limits, queues) and
 * the bucket is reachable, each within `READINESS_CHECK_TIMEOUT_MS`; else 503 with terminus's report
 * naming the failed check and a short reason (an error code, no message). The gateway has no
 * database of its own. Workers are not part of readiness: one stopped service would otherwise take
 * every gateway copy out of the load balancer; `GET /api/health` reports them.
 */
@Controller('health')
export class HealthProbesController {
  private readonly checks: ReadinessCheck[];

  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(GATEWAY_REDIS) redis: Redis,
    storage: ObjectStorage,
  ) {
    this.checks = [
      { name: 'redis', check: async () => void (await redis.ping()) },
      { name: 'storage', check: () => storage.checkBucket() },
    ];
  }

  /** `GET /health/live` → 200 terminus's `{status: 'ok', …}` while the process runs; no checks. */
  @Get('live')
  live(): Promise<HealthCheckResult> {
    return this.health.check([]);
  }

  /**
   * `GET /health/ready` → 200 when Redis and the bucket each answer within
   * `READINESS_CHECK_TIMEOUT_MS` (2000 ms), else 503 with terminus's report naming the check that
   * is down and its reason (an error code, never a message).
   */
  @Get('ready')
  async ready(@Res({ passthrough: true }) response: Response): Promise<HealthCheckResult> {
    const report = await runReadinessChecks(this.checks);
    const indicators = Object.entries(report.checks).map(
      ([name, result]) =>
        (): HealthIndicatorResult =>
          result.status === 'up' ? this.indicators.check(name).up() : this.indicators.check(name).down({ reason: result.reason }),
    );
    try {
      return await this.health.check(indicators);
    } catch (error) {
      // Terminus's 503 carries the report; answered here, not by the API's `{message}` filter.
      if (!(error instanceof ServiceUnavailableException)) throw error;
      response.status(503);
      return error.getResponse() as HealthCheckResult;
    }
  }
}
