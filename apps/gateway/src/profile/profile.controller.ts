import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { saveStyleProfileRequestSchema, type SaveStyleProfileRequest, type StyleProfileResponse } from '@archlens/contracts/style-profile';
import { ZodBodyPipe } from '../http/zod-body.pipe.js';
import { CurrentUserId, SessionGuard } from '../sessions/session.guard.js';
import { StyleProfileService } from './style-profile.service.js';

/** Issue 15 point 5: the style description of /account (spec §3, §5, §7), signed-in only. */
@Controller('api')
@UseGuards(SessionGuard)
export class ProfileController {
  constructor(private readonly styleProfiles: StyleProfileService) {}

  /** `GET /api/style-profile` → `{description}` (an empty string when none was saved); 401 signed out. */
  @Get('style-profile')
  get(@CurrentUserId() userId: string): Promise<StyleProfileResponse> {
    return this.styleProfiles.get(userId);
  }

  /**
   * `POST /api/style-profile` `{text}` → 200 `{description}` (trimmed). 400 with the spec §5 text:
   * `Please enter a style description.` for a missing or blank text, `Please keep your description
   * under 500 characters.` past 500 characters; 401 signed out.
   */
  @Post('style-profile')
  @HttpCode(200)
  save(
    @CurrentUserId() userId: string,
    @Body(new ZodBodyPipe(saveStyleProfileRequestSchema)) body: SaveStyleProfileRequest,
  ): Promise<StyleProfileResponse> {
    return this.styleProfiles.save(userId, body.text);
  }
}
