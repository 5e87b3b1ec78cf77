import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { API_ROUTES } from '@archlens/contracts/routes';
import { startStack, type Stack } from '../support/stack.js';

/** One Express router layer, as far as this test reads it. */
interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}

/**
 * The gateway's routes and `API_ROUTES` (the contract the SPA reads) cannot drift apart: every
 * route the gateway mounts under /api is in the table with the same method, and every table route is
 * mounted (which handler serves which route: `apps/gateway/src/access/route.decorator.spec.ts`).
 */
describe('the gateway serves exactly the routes of API_ROUTES', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('mounts every contract route and nothing else under /api', () => {
    const express = stack.gateway.getHttpAdapter().getInstance() as { router: { stack: Layer[] } };
    const mounted = express.router.stack
      .filter((layer) => layer.route?.path.startsWith('/api'))
      .flatMap((layer) => Object.keys(layer.route!.methods).map((method) => `${method.toUpperCase()} ${layer.route!.path}`))
      .filter((route) => !route.startsWith('HEAD '))
      .sort();
    const contract = Object.values(API_ROUTES)
      .map((route) => `${route.method} ${route.path}`)
      .sort();
    expect(mounted).toEqual(contract);
  });
});
