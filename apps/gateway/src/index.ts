// The gateway's package entry point: what `main.ts` starts, for the integration tests and the benchmark.
export { createGatewayApp } from './app.factory.js';
export { GATEWAY_CONFIG, loadGatewayConfig, type GatewayConfig } from './config.js';
