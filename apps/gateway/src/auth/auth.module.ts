import { Module } from '@nestjs/common';
import { AccountsService } from './accounts.service.js';
import { AuthController } from './auth.controller.js';

/** Accounts in the gateway: sign-up, sign-in, the current user, /api/login and /api/logout. */
@Module({ controllers: [AuthController], providers: [AccountsService] })
export class AuthModule {}
