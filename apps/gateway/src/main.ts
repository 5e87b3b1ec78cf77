import { Logger } from '@nestjs/common';
import { shutdownGraceMs } from '@archlens/platform/graceful-shutdown';
import { createGatewayApp } from './app.factory.js';
import { loadGatewayConfig } from './config.js';
import { boundDrainOnSignal } from './http/graceful-shutdown.js';

async function main(): Promise<void> {
  const config = loadGatewayConfig();
  const app = await createGatewayApp(config);
  await app.listen(config.PORT, '0.0.0.0');
  boundDrainOnSignal(app.getHttpServer(), shutdownGraceMs());
  Logger.log(`gateway listening on http://localhost:${config.PORT}`, 'Bootstrap');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
