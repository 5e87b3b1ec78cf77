import { Body, Controller } from '@nestjs/common';
import { saveStyleProfileRequestSchema, type SaveStyleProfileRequest, type StyleProfileResponse } from '@archlens/contracts/style-profile';
import { Route } from '../access/route.decorator.js';
import { ZodBodyPipe } from '../http/zod-body.pipe.js';
import { CurrentUserId } from '../sessions/session.guard.js';
import { StyleProfileService } from './style-profile.service.js';

/** The style description of /account, signed-in only. */
@Controller()
export class ProfileController {
  constructor(private readonly styleProfiles: StyleProfileService) {}

  /** `GET /api/style-profile` → `{description}` (an empty string when none was saved); 401 signed out. */
  @Route('styleProfile')
  get(@CurrentUserId() userId: string): Promise<StyleProfileResponse> {
    return this.styleProfiles.get(userId);
  }

  /**
   * `POST /api/style-profile` `{text}` → 200 `{description}` (trimmed). 400 with the spec §5 text:
   * `Please enter a style description.` for a missing or blank text, `Please keep your description
   * under 500 characters.` past 500 characters; 401 signed out.
   */
  @Route('saveStyleProfile')
  save(
    @CurrentUserId() userId: string,
    @Body(new ZodBodyPipe(saveStyleProfileRequestSchema)) body: SaveStyleProfileRequest,
  ): Promise<StyleProfileResponse> {
    return this.styleProfiles.save(userId, body.text);
  }
}
