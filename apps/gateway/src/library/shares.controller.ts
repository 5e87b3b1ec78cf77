import { Body, Controller, Header, Logger, Param, Req, StreamableFile } from '@nestjs/common';
import type { Request } from 'express';
import {
  createShareRequestSchema,
  type CreateShareRequest,
  type DeletedResponse,
  type SharedItem,
  type ShareSummary,
} from '@archlens/contracts/library';
import { Route } from '../access/route.decorator.js';
import { clientAddress } from '../http/client-address.js';
import { ZodBodyPipe } from '../http/zod-body.pipe.js';
import { RateLimitsService } from '../security/rate-limits.service.js';
import { CurrentUserId } from '../sessions/session.guard.js';
import { SharesService } from './shares.service.js';

/**
 * Share links: made, listed and revoked by the signed-in owner; read by anyone with a live token,
 * within `RATE_LIMIT_SHARE_VIEWS_PER_IP` a minute per address, never indexed by search engines.
 */
@Controller()
export class SharesController {
  private readonly logger = new Logger('SharesController');

  constructor(
    private readonly shares: SharesService,
    private readonly limits: RateLimitsService,
  ) {}

  /** `POST /api/shares` `{type, id, expiresInDays?}` → 201 `{url: "/s/<token>", expiresAt}`; 404 for another user's item. */
  @Route('createShare')
  create(
    @CurrentUserId() userId: string,
    @Body(new ZodBodyPipe(createShareRequestSchema)) body: CreateShareRequest,
  ): Promise<{ url: string; expiresAt: string }> {
    return this.shares.create(userId, body);
  }

  /** `GET /api/shares` → 200 the user's live links (id, item, title, expiry), newest first. */
  @Route('shares')
  list(@CurrentUserId() userId: string): Promise<ShareSummary[]> {
    return this.shares.list(userId);
  }

  /** `DELETE /api/shares/{token}` (or the link's id) → 200 `{deleted: true}`; 404 for another user's or a dead link. */
  @Route('revokeShare')
  revoke(@CurrentUserId() userId: string, @Param('token') token: string): Promise<DeletedResponse> {
    return this.shares.revoke(userId, token);
  }

  /** `GET /api/s/{token}` → 200 the shared item's text and image URLs through the share; 404 once revoked or expired; 429 past the limit. */
  @Route('sharedItem')
  @Header('X-Robots-Tag', 'noindex')
  @Header('Cache-Control', 'private, no-store')
  async open(@Param('token') token: string, @Req() request: Request): Promise<SharedItem> {
    await this.limits.consume('shareViewsPerIp', clientAddress(request));
    return this.shares.open(token);
  }

  /** `GET /api/s/{token}/images/{n}` → 200 `image/jpeg`; 404 once revoked or expired, or past the item's images. */
  @Route('sharedImage')
  @Header('X-Robots-Tag', 'noindex')
  @Header('Cache-Control', 'private, no-store')
  async image(@Param('token') token: string, @Param('index') index: string, @Req() request: Request): Promise<StreamableFile> {
    await this.limits.consume('shareViewsPerIp', clientAddress(request));
    const image = await this.shares.image(token, index);
    const file = new StreamableFile(image.stream, { type: 'image/jpeg', length: image.bytes });
    file.setErrorLogger((error: Error) => this.logger.error(`a shared image failed while streaming: ${error.message}`));
    return file;
  }
}
