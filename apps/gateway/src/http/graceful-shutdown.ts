import type { Server } from 'node:http';
import { Logger } from '@nestjs/common';

/**
 * The gateway's side of graceful shutdown (docs/operations.md). Nest's shutdown
 * hooks (enabled in `createGatewayApp`) already close the HTTP server first (`server.close()`: no new
 * connections, idle keep-alive connections closed, requests in flight answered) and only then the
 * queues and Redis. This adds the bound: connections still open `graceMs` after SIGTERM or SIGINT
 * (a slow upload, a generation's event stream) are closed, so the close completes and the process exits.
 * @param server the gateway's listening HTTP server
 * @param graceMs the grace period (`SHUTDOWN_GRACE_MS`)
 */
export function boundDrainOnSignal(server: Server, graceMs: number): void {
  const arm = (signal: NodeJS.Signals) => {
    Logger.log(`${signal}: no new connections; draining requests in flight for up to ${graceMs} ms`, 'Shutdown');
    setTimeout(() => {
      Logger.warn(`grace period over: closing the connections still open`, 'Shutdown');
      server.closeAllConnections();
    }, graceMs).unref();
  };
  process.once('SIGTERM', arm);
  process.once('SIGINT', arm);
}
