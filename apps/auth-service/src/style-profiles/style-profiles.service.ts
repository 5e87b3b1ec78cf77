import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import type { SaveStyleProfileCommand, StyleProfileResponse } from '@archlens/contracts/style-profile';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { StyleProfileEntity } from './style-profile.entity.js';

/** The user's style description (issue 15; spec §3 style profile, §5 style description editor). */
@Injectable()
export class StyleProfilesService {
  private readonly profiles: Repository<StyleProfileEntity>;

  constructor(@Inject(SERVICE_DATA_SOURCE) dataSource: DataSource) {
    this.profiles = dataSource.getRepository(StyleProfileEntity);
  }

  /** @returns the user's description, or an empty string when none was saved */
  async get(userId: string): Promise<StyleProfileResponse> {
    const profile = await this.profiles.findOneBy({ userId });
    return { description: profile?.description ?? '' };
  }

  /**
   * Saves the description (already trimmed and checked by `saveStyleProfileCommandSchema`),
   * replacing any earlier one in one upsert.
   * @returns the description as stored
   */
  async save(command: SaveStyleProfileCommand): Promise<StyleProfileResponse> {
    await this.profiles.upsert({ userId: command.userId, description: command.description }, ['userId']);
    return { description: command.description };
  }
}
