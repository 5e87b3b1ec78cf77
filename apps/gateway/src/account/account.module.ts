import { Module } from '@nestjs/common';
import { AccountExportService } from './account-export.service.js';
import { AccountController } from './account.controller.js';

/** The user's own data in the gateway: the export of everything theirs. */
@Module({
  controllers: [AccountController],
  providers: [AccountExportService],
})
export class AccountModule {}
