import { Module } from '@nestjs/common';
import { ProfileController } from './profile.controller.js';
import { StyleProfileService } from './style-profile.service.js';

/** The user's profile in the gateway: the style description, kept by auth-service. */
@Module({ controllers: [ProfileController], providers: [StyleProfileService] })
export class ProfileModule {}
