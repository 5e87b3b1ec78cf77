import { Module } from '@nestjs/common';
import { AdminAuthService } from './admin-auth.service.js';
import { AdminController, AdminLoginController } from './admin.controller.js';
import { AdminTokenGuard } from './admin-token.guard.js';
import { LeadExportDownloadService } from './lead-export-download.service.js';
import { QueueDashboardService } from './queue-dashboard.service.js';

/** The admin console's API (issue 13): admin sign-in and tokens, the leads list, statistics and CSV export; the queue dashboard (issue 17 point 4). */
@Module({
  controllers: [AdminLoginController, AdminController],
  providers: [AdminAuthService, AdminTokenGuard, LeadExportDownloadService, QueueDashboardService],
})
export class AdminModule {}
