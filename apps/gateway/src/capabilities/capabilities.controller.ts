import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { CapabilitiesResponse } from '@archlens/contracts/capabilities';
import { Route } from '../access/route.decorator.js';
import { CapabilitiesService } from './capabilities.service.js';

/** `GET /api/capabilities`: public, no session; what the screens may claim about this server. */
@Controller()
export class CapabilitiesController {
  constructor(private readonly capabilities: CapabilitiesService) {}

  /**
   * `GET /api/capabilities` → 200 `capabilitiesResponseSchema`: who writes analyses and sketch
   * readings (`openai`, `offline`, or `unknown` when analysis-worker did not answer) and which image
   * providers /create can use. Always 200, also while a worker is down (see `CapabilitiesService`).
   * The same for everyone, so a complete answer is `public, max-age` for the rest of the gateway's
   * own minute; an incomplete one `no-cache`, so a worker that comes back is seen at the next load.
   */
  @Route('capabilities')
  async get(@Res({ passthrough: true }) response: Response): Promise<CapabilitiesResponse> {
    const { capabilities, maxAgeSeconds } = await this.capabilities.current();
    response.setHeader('Cache-Control', maxAgeSeconds > 0 ? `public, max-age=${maxAgeSeconds}` : 'no-cache');
    return capabilities;
  }
}
