import { Module } from '@nestjs/common';
import { AccountDeletionService } from './account-deletion.service.js';
import { AccountExportService } from './account-export.service.js';
import { AccountController } from './account.controller.js';

/** The user's own data in the gateway: the export of everything theirs, and the account's deletion. */
@Module({
  controllers: [AccountController],
  providers: [AccountExportService, AccountDeletionService],
})
export class AccountModule {}
