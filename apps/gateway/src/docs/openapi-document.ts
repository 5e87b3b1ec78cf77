import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { errorResponseSchema } from '@archlens/contracts/errors';
import type { ApiRouteName } from '@archlens/contracts/paths';
import {
  API_ROUTES,
  isEventStreamResponse,
  isFileResponse,
  isMultipartRequest,
  successStatus,
  type ApiRoute,
  type RouteAccess,
} from '@archlens/contracts/routes';
import { SESSION_COOKIE } from '../sessions/session.service.js';
import { toOpenApiPath } from './openapi-path.js';

/** The OpenAPI document as JSON (what `OpenApiGeneratorV31.generateDocument` returns). */
export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

/** Names of the security schemes in `components.securitySchemes`. */
export const SECURITY_SCHEMES = { session: 'sessionCookie', admin: 'adminBearer' } as const;

/** The error body of every 4XX and 5XX, as one component (zod's `.meta` id names it; made once, as zod's registry keeps ids unique). */
const errorComponent = errorResponseSchema.meta({ id: 'ErrorResponse' });

/** The security requirement of an operation for its access (none for public routes; a Pro route needs a session). */
function securityOf(access: RouteAccess): Array<Record<string, string[]>> | undefined {
  if (access === 'public') return undefined;
  return [{ [SECURITY_SCHEMES[access === 'admin' ? 'admin' : 'session']]: [] }];
}

/** What the document says of each access rule's refusals. */
const ACCESS_NOTES: Record<RouteAccess, string | undefined> = {
  public: undefined,
  session: '401 when signed out.',
  verified:
    '401 when signed out. 403 `auth.email-unverified` until the account has confirmed its e-mail address (the VIP account counts as confirmed).',
  pro: '401 when signed out. Pro only: 403 for a user without an active subscription (the unlimited VIP plan included as Pro).',
  admin: '401 without a valid admin token.',
};

/** The request part of an operation: path parameters, query, and the body by the route's `request` kind. */
function requestOf(route: ApiRoute, params: string[]): RouteConfig['request'] {
  const request: NonNullable<RouteConfig['request']> = {};
  if (params.length > 0) request.params = z.object(Object.fromEntries(params.map((param) => [param, z.string()])));
  if (route.query) request.query = route.query;
  if (isMultipartRequest(route.request)) {
    request.body = { required: true, content: { 'multipart/form-data': { schema: route.request.multipart } } };
  } else if (route.request === 'raw') {
    request.body = {
      required: true,
      description: 'The exact bytes the sender signed (read raw, never re-serialised).',
      content: { 'application/json': { schema: z.string().meta({ format: 'binary' }) } },
    };
  } else if (route.request !== null) {
    request.body = { required: true, content: { 'application/json': { schema: route.request } } };
  }
  return Object.keys(request).length > 0 ? request : undefined;
}

/** The component name an event schema carries (its `.meta({ id })`). @throws Error when it has none */
function eventName(schema: z.ZodType): string {
  const id = z.globalRegistry.get(schema)?.id;
  if (!id) throw new Error('An event schema of API_ROUTES has no .meta({ id })');
  return id;
}

/** The success response of an operation by the route's `response` kind. */
function successOf(route: ApiRoute): [string, ResponseConfig] {
  const status = String(successStatus(route));
  const { response } = route;
  if (response === 'redirect') {
    return [
      '302',
      {
        description: 'A browser navigation: redirects to the SPA.',
        headers: z.object({ Location: z.string() }),
      },
    ];
  }
  if (isFileResponse(response)) {
    const types = response.file;
    return [
      status,
      {
        description: 'A file.',
        content: Object.fromEntries(types.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }])),
      },
    ];
  }
  if (isEventStreamResponse(response)) {
    const event = response.events;
    // OpenAPI 3.1 has no schema for the items of a stream (3.2's itemSchema): an extension names it.
    const stream = { schema: z.string(), 'x-event-schema': { $ref: `#/components/schemas/${eventName(event)}` } };
    return [
      status,
      {
        description: `A server-sent event stream; each \`data:\` line is one JSON ${eventName(event)} (\`x-event-schema\`).`,
        content: { 'text/event-stream': stream },
      },
    ];
  }
  return [
    status,
    {
      description: 'Success.',
      ...(route.responseHeaders ? { headers: route.responseHeaders } : {}),
      content: { 'application/json': { schema: response } },
    },
  ];
}

/**
 * Builds the OpenAPI 3.1 document of every route of `API_ROUTES`, looping over the table so that a
 * new route appears without more work: its summary, path parameters from `:param` segments, query,
 * JSON, multipart and raw request bodies, JSON, redirect, file and event-stream responses, the
 * `ErrorResponse` body for 4XX and 5XX, and the security of its access rule (the session cookie, or
 * the admin bearer token).
 * @returns the document, a plain JSON value
 * @throws Error when a route's path is not a plain Express path, or UnknownZodTypeError when a
 *   contract schema has no OpenAPI form: the gateway then fails at start, not at the first request
 */
export function buildOpenApiDocument(): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', SECURITY_SCHEMES.session, {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The session cookie set by sign-up, sign-in or VIP login.',
  });
  registry.registerComponent('securitySchemes', SECURITY_SCHEMES.admin, {
    type: 'http',
    scheme: 'bearer',
    description: 'The token `POST /api/admin/login` answers.',
  });
  const errors: Record<string, ResponseConfig> = {
    '4XX': { description: 'Refused; the message says why.', content: { 'application/json': { schema: errorComponent } } },
    '5XX': { description: 'Failed or unavailable.', content: { 'application/json': { schema: errorComponent } } },
  };

  const routes = Object.entries(API_ROUTES) as Array<[ApiRouteName, ApiRoute]>;
  for (const [name, route] of routes) {
    const { path, params } = toOpenApiPath(route.path);
    const [status, success] = successOf(route);
    const notes = [ACCESS_NOTES[route.access], route.notes].filter(Boolean);
    const security = securityOf(route.access);
    registry.registerPath({
      method: route.method.toLowerCase() as Lowercase<ApiRoute['method']>,
      path,
      operationId: name,
      summary: route.summary,
      tags: [path.split('/')[2]],
      ...(notes.length > 0 ? { description: notes.join(' ') } : {}),
      ...(security ? { security } : {}),
      request: requestOf(route, params),
      responses: { [status]: success, ...errors },
    });
  }

  // Event schemas are referenced from an extension only, so they are listed as components here.
  const eventSchemas = routes.flatMap(([, route]) => (isEventStreamResponse(route.response) ? [route.response.events] : []));
  return new OpenApiGeneratorV31([
    ...registry.definitions,
    ...eventSchemas.map((schema) => ({ type: 'schema' as const, schema })),
  ]).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'ArchLens API',
      version: '0.1.0',
      description: 'Every `/api` route of the gateway, generated from the zod contracts (`API_ROUTES`).',
    },
  });
}
