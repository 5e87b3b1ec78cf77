import {
  applyDecorators,
  Delete,
  Get,
  HttpCode,
  Patch,
  Post,
  Put,
  SetMetadata,
  Sse,
  UseGuards,
  type CanActivate,
  type Type,
} from '@nestjs/common';
import type { ApiRouteName } from '@archlens/contracts/paths';
import { API_ROUTES, isEventStreamResponse, successStatus, type ApiRoute, type RouteAccess } from '@archlens/contracts/routes';
import { AdminTokenGuard } from '../admin/admin-token.guard.js';
import { SessionGuard } from '../sessions/session.guard.js';
import { ProSubscriptionGuard } from './pro-subscription.guard.js';
import { VerifiedEmailGuard } from './verified-email.guard.js';

/** Metadata key under which `Route` records a handler's route name. */
export const API_ROUTE_NAME = 'archlens:api-route-name';

/** The guards that apply each access rule of the route table, in the order they run. */
export const ACCESS_GUARDS: Record<RouteAccess, ReadonlyArray<Type<CanActivate>>> = {
  public: [],
  session: [SessionGuard],
  verified: [SessionGuard, VerifiedEmailGuard],
  pro: [SessionGuard, ProSubscriptionGuard],
  admin: [AdminTokenGuard],
};

/**
 * Mounts a handler as one route of `API_ROUTES`, from its entry: its method and path (`@Sse` for an
 * event stream; `PUT`, `PATCH`, `DELETE`), the success status of a `POST` (`@HttpCode`: 200 unless the entry says 201), and
 * the guards of its access rule (`ACCESS_GUARDS`), which run before any interceptor, so nothing of a
 * refused request is read. The handler's controller takes no path of its own (`@Controller()`).
 * @param name the route's name in `API_ROUTES`
 */
export function Route(name: ApiRouteName): MethodDecorator {
  const route: ApiRoute = API_ROUTES[name];
  const guards = ACCESS_GUARDS[route.access];
  return applyDecorators(SetMetadata(API_ROUTE_NAME, name), ...mountOf(route), ...(guards.length > 0 ? [UseGuards(...guards)] : []));
}

/** The Nest decorators that mount a route: its method and path, and the status of a `POST`. */
function mountOf(route: ApiRoute): MethodDecorator[] {
  if (isEventStreamResponse(route.response)) return [Sse(route.path)];
  if (route.method === 'GET') return [Get(route.path)];
  if (route.method === 'DELETE') return [Delete(route.path)];
  if (route.method === 'PUT') return [Put(route.path)];
  if (route.method === 'PATCH') return [Patch(route.path)];
  return [Post(route.path), HttpCode(successStatus(route))];
}
