import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthProbesController } from './health-probes.controller.js';
import { HealthController } from './health.controller.js';

/** `GET /api/health` for start scripts; `GET /health/live` and `/health/ready` for probes. */
@Module({ imports: [TerminusModule.forRoot({ logger: false })], controllers: [HealthController, HealthProbesController] })
export class HealthModule {}
