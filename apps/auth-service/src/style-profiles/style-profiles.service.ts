import { Injectable } from '@nestjs/common';
import type { SaveStyleProfileCommand, StyleProfileResponse } from '@archlens/contracts/style-profile';
import { StyleProfilesRepository } from './style-profiles.repository.js';

/** The user's style description (spec §3 style profile, §5 style description editor). */
@Injectable()
export class StyleProfilesService {
  constructor(private readonly profiles: StyleProfilesRepository) {}

  /** @returns the user's description, or an empty string when none was saved */
  async get(userId: string): Promise<StyleProfileResponse> {
    const profile = await this.profiles.findByUserId(userId);
    return { description: profile?.description ?? '' };
  }

  /**
   * Saves the description (already trimmed and checked by `saveStyleProfileCommandSchema`),
   * replacing any earlier one.
   * @returns the description as stored
   */
  async save(command: SaveStyleProfileCommand): Promise<StyleProfileResponse> {
    await this.profiles.save(command.userId, command.description);
    return { description: command.description };
  }
}
