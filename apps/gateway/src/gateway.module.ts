import { Module, type DynamicModule } from '@nestjs/common';
import { AccountModule } from './account/account.module.js';
import { AdminModule } from './admin/admin.module.js';
import { AnalysisModule } from './analysis/analysis.module.js';
import { AuthModule } from './auth/auth.module.js';
import { BillingModule } from './billing/billing.module.js';
import { CapabilitiesModule } from './capabilities/capabilities.module.js';
import { ClipboardModule } from './clipboard/clipboard.module.js';
import type { GatewayConfig } from './config.js';
import { CoreModule } from './core/core.module.js';
import { DocsModule } from './docs/docs.module.js';
import { GenerationModule } from './generation/generation.module.js';
import { HealthModule } from './health/health.module.js';
import { LibraryModule } from './library/library.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { ProfileModule } from './profile/profile.module.js';
import { ReportsModule } from './reports/reports.module.js';

/** The gateway: the `/api` contract over the services' queues, one module per feature. */
@Module({})
export class GatewayModule {
  /** Every feature module, on the shared core for one configuration. */
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        CoreModule.forRoot(config),
        AuthModule,
        AnalysisModule,
        ReportsModule,
        ClipboardModule,
        ProfileModule,
        HealthModule,
        CapabilitiesModule,
        MetricsModule,
        AdminModule,
        BillingModule,
        GenerationModule,
        LibraryModule,
        AccountModule,
        DocsModule,
      ],
    };
  }
}
