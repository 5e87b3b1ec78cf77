import { describe, expect, it } from '@jest/globals';
import type { Type } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { API_ROUTES } from '@archlens/contracts/routes';
import type { GatewayConfig } from '../config.js';
import { GatewayModule } from '../gateway.module.js';
import { ACCESS_GUARDS, API_ROUTE_NAME } from './route.decorator.js';

/** One request handler of a controller, as its decorators describe it. */
interface Handler {
  controller: string;
  method: string;
  /** The full path: the controller's, then the handler's. */
  path: string;
  verb: string;
  routeName?: string;
  guards: unknown[];
}

/** Every handler of every controller the gateway's modules declare. */
function gatewayHandlers(): Handler[] {
  const modules = (GatewayModule.forRoot({} as GatewayConfig).imports ?? []) as Array<Type | { module: Type }>;
  const controllers = modules.flatMap(
    (module) => (Reflect.getMetadata('controllers', 'module' in module ? module.module : module) ?? []) as Type[],
  );
  return controllers.flatMap((controller) => {
    const prefix = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    const prototype = controller.prototype as Record<string, unknown>;
    return Object.getOwnPropertyNames(prototype)
      .filter((method) => method !== 'constructor' && Reflect.hasMetadata(PATH_METADATA, prototype[method] as object))
      .map((method) => {
        const handler = prototype[method] as object;
        const path = `/${[prefix, String(Reflect.getMetadata(PATH_METADATA, handler))].join('/')}`
          .replace(/\/+/g, '/')
          .replace(/(.)\/$/, '$1');
        return {
          controller: controller.name,
          method,
          path,
          verb: RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number],
          routeName: Reflect.getMetadata(API_ROUTE_NAME, handler) as string | undefined,
          guards: [
            ...((Reflect.getMetadata(GUARDS_METADATA, controller) as unknown[]) ?? []),
            ...((Reflect.getMetadata(GUARDS_METADATA, handler) as unknown[]) ?? []),
          ],
        };
      });
  });
}

describe('the gateway mounts every /api route from API_ROUTES', () => {
  const handlers = gatewayHandlers();
  const api = handlers.filter((handler) => handler.path.startsWith('/api'));

  it('finds the controllers', () => {
    expect(api.length).toBeGreaterThan(20);
  });

  it('mounts each /api handler through @Route, and nothing else outside /api', () => {
    expect(api.filter((handler) => handler.routeName === undefined).map((handler) => `${handler.controller}.${handler.method}`)).toEqual(
      [],
    );
    expect(handlers.filter((handler) => !handler.path.startsWith('/api') && handler.routeName !== undefined)).toEqual([]);
  });

  it('has one handler for every route of the table, and none for a route it does not list', () => {
    const named = api.map((handler) => handler.routeName).sort();
    expect(named).toEqual(Object.keys(API_ROUTES).sort());
  });

  it("gives each handler its route's method and path, and the guards of its access rule only", () => {
    for (const handler of api) {
      const route = API_ROUTES[handler.routeName as keyof typeof API_ROUTES];
      expect([handler.routeName, handler.verb, handler.path]).toEqual([handler.routeName, route.method, route.path]);
      expect([handler.routeName, handler.guards]).toEqual([handler.routeName, ACCESS_GUARDS[route.access]]);
    }
  });
});
