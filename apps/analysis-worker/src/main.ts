import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AnalysisWorkerModule } from './analysis-worker.module.js';
import { loadAnalysisConfig } from './config.js';

/** analysis-worker process: no HTTP, only the `analysis` queue. */
async function main(): Promise<void> {
  const config = loadAnalysisConfig();
  const app = await NestFactory.createApplicationContext(AnalysisWorkerModule.forRoot(config));
  app.enableShutdownHooks();
  Logger.log('analysis-worker ready', 'Bootstrap');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
