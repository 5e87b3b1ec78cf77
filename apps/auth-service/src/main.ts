import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AuthModule } from './auth.module.js';
import { loadAuthConfig } from './config.js';

/** auth-service process: no HTTP, only the `auth` queue (ARCHITECTURE.md "Workers run without HTTP"). */
async function main(): Promise<void> {
  const config = loadAuthConfig();
  const app = await NestFactory.createApplicationContext(AuthModule.forRoot(config), { bufferLogs: false });
  app.enableShutdownHooks();
  Logger.log('auth-service ready', 'Bootstrap');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
