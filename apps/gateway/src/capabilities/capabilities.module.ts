import { Module } from '@nestjs/common';
import { CapabilitiesController } from './capabilities.controller.js';
import { CapabilitiesService } from './capabilities.service.js';

/** `GET /api/capabilities`: the engines and image providers the workers report, asked once a minute at most. */
@Module({ controllers: [CapabilitiesController], providers: [CapabilitiesService] })
export class CapabilitiesModule {}
