import { Module } from '@nestjs/common';
import { AdminAuthService } from './admin-auth.service.js';
import { AdminController, AdminLoginController } from './admin.controller.js';
import { AdminTokenGuard } from './admin-token.guard.js';
import { LeadExportDownloadService } from './lead-export-download.service.js';
import { QueueDashboardService } from './queue-dashboard.service.js';

/** The admin console's API: admin sign-in and tokens, the leads list, statistics and CSV export; the queue dashboard. */
@Module({
  controllers: [AdminLoginController, AdminController],
  providers: [AdminAuthService, AdminTokenGuard, LeadExportDownloadService, QueueDashboardService],
})
export class AdminModule {}
