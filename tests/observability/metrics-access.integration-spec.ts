import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { startHealthServer, type HealthServer } from '@archlens/platform/health-server';
import { createGatewayApp, loadGatewayConfig } from '@archlens/gateway';
import { startStack, type Stack } from '../support/stack.js';

/**
 * `/metrics` needs `METRICS_TOKEN` whenever it is reached on anything but a loopback address: the
 * gateway and every worker's health server listen on every interface, so without the token only a
 * scrape from the same host (or pod) reads them; with it, every scrape must carry it. The probes stay
 * open. Checked by calling each listener on 127.0.0.1 and on this machine's own non-loopback address.
 */
const TOKEN = 'metrics-access-token-0123456789';

/** This machine's first non-loopback IPv4 address: a connection to it arrives on a non-loopback address. */
function outsideAddress(): string {
  const address = Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
  if (!address) throw new Error('this machine has no non-loopback IPv4 address to call the listeners on');
  return address;
}

async function statusOf(url: string, token?: string): Promise<number> {
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  await response.arrayBuffer();
  return response.status;
}

/** The status of `/metrics` (and of `/health/live`) on `port`, on loopback and outside, with and without the token. */
async function answers(port: number, livePath: string) {
  const at = (host: string, path: string) => `http://${host}:${port}${path}`;
  return {
    loopback: await statusOf(at('127.0.0.1', '/metrics')),
    loopbackWithToken: await statusOf(at('127.0.0.1', '/metrics'), TOKEN),
    outside: await statusOf(at(outsideAddress(), '/metrics')),
    outsideWithToken: await statusOf(at(outsideAddress(), '/metrics'), TOKEN),
    outsideWrongToken: await statusOf(at(outsideAddress(), '/metrics'), `${TOKEN}x`),
    outsideProbe: await statusOf(at(outsideAddress(), livePath)),
  };
}

describe('the gateway’s /metrics', () => {
  let stack: Stack;
  const apps: NestExpressApplication[] = [];

  /** A gateway of the stack's configuration and `env`, listening on every interface. @returns its port */
  async function gateway(env: NodeJS.ProcessEnv): Promise<number> {
    const app = await createGatewayApp(loadGatewayConfig({ ...stack.env, FRONTEND_DIST: '/nonexistent-spa', ...env }), {
      logger: ['error'],
    });
    apps.push(app);
    await app.listen(0, '0.0.0.0');
    return (app.getHttpServer().address() as AddressInfo).port;
  }

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await stack?.close();
  });

  it('without METRICS_TOKEN answers scrapes on loopback only, 401 elsewhere', async () => {
    expect(await answers(await gateway({ METRICS_TOKEN: '' }), '/health/live')).toEqual({
      loopback: 200,
      loopbackWithToken: 200,
      outside: 401,
      outsideWithToken: 401,
      outsideWrongToken: 401,
      outsideProbe: 200,
    });
  });

  it('without METRICS_TOKEN behind a proxy answers no scrape at all: the proxy may forward the internet over loopback', async () => {
    expect((await answers(await gateway({ METRICS_TOKEN: '', TRUST_PROXY: '1' }), '/health/live')).loopback).toBe(401);
  });

  it('with METRICS_TOKEN wants the bearer token everywhere, loopback included', async () => {
    expect(await answers(await gateway({ METRICS_TOKEN: TOKEN }), '/health/live')).toEqual({
      loopback: 401,
      loopbackWithToken: 200,
      outside: 401,
      outsideWithToken: 200,
      outsideWrongToken: 401,
      outsideProbe: 200,
    });
  });
});

describe('a worker’s /metrics on HEALTH_PORT', () => {
  const servers: HealthServer[] = [];
  const logger = pino({ level: 'silent' });

  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  beforeAll(async () => {
    servers.push(await startHealthServer({ port: 0, checks: [], logger }));
    servers.push(await startHealthServer({ port: 0, checks: [], logger, metricsToken: TOKEN }));
  });

  it('without METRICS_TOKEN answers scrapes on loopback only, 401 elsewhere; the probes stay open', async () => {
    expect(await answers(servers[0].port, '/health/live')).toEqual({
      loopback: 200,
      loopbackWithToken: 200,
      outside: 401,
      outsideWithToken: 401,
      outsideWrongToken: 401,
      outsideProbe: 200,
    });
  });

  it('with METRICS_TOKEN wants the bearer token everywhere', async () => {
    expect(await answers(servers[1].port, '/health/live')).toEqual({
      loopback: 401,
      loopbackWithToken: 200,
      outside: 401,
      outsideWithToken: 200,
      outsideWrongToken: 401,
      outsideProbe: 200,
    });
  });
});
