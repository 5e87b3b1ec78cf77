import { Module } from '@nestjs/common';
import { AdminAuthService } from './admin-auth.service.js';
import { AdminController, AdminLoginController } from './admin.controller.js';
import { AdminTokenGuard } from './admin-token.guard.js';
import { LeadExportDownloadService } from './lead-export-download.service.js';

/** The admin console's API (issue 13): admin sign-in and tokens, the leads list, statistics and CSV export. */
@Module({
  controllers: [AdminLoginController, AdminController],
  providers: [AdminAuthService, AdminTokenGuard, LeadExportDownloadService],
})
export class AdminModule {}
