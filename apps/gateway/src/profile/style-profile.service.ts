import { Injectable } from '@nestjs/common';
import type { StyleProfileResponse } from '@archlens/contracts/style-profile';
import { CommandClient } from '@archlens/platform/messaging';

/** The gateway's side of the style profile: auth-service owns it. */
@Injectable()
export class StyleProfileService {
  constructor(private readonly commands: CommandClient) {}

  /** @returns the user's description, an empty string when none was saved */
  get(userId: string): Promise<StyleProfileResponse> {
    return this.commands.request('auth.get-style-profile', { userId });
  }

  /**
   * @param description the validated text (`saveStyleProfileRequestSchema`: trimmed, 1 to 500 characters)
   * @returns the description as stored
   */
  save(userId: string, description: string): Promise<StyleProfileResponse> {
    return this.commands.request('auth.save-style-profile', { userId, description });
  }
}
