import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, Repository } from 'typeorm';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { StyleProfileEntity } from './style-profile.entity.js';

/** All data access to `auth.style_profiles`: one row per user. */
@Injectable()
export class StyleProfilesRepository {
  private readonly profiles: Repository<StyleProfileEntity>;

  constructor(@Inject(SERVICE_DATA_SOURCE) dataSource: DataSource) {
    this.profiles = dataSource.getRepository(StyleProfileEntity);
  }

  /** @returns the user's profile, or null when none was saved */
  findByUserId(userId: string): Promise<StyleProfileEntity | null> {
    return this.profiles.findOneBy({ userId });
  }

  /** Stores the user's description, replacing any earlier one, in one upsert. */
  async save(userId: string, description: string): Promise<void> {
    await this.profiles.upsert({ userId, description }, ['userId']);
  }
}
