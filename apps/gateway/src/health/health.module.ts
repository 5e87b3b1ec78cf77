import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';

/** `GET /api/health` for start scripts and probes. */
@Module({ controllers: [HealthController] })
export class HealthModule {}
