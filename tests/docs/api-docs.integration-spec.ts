import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { GENERATION_TOTAL_HEADER } from '@archlens/contracts/generation';
import { API_PATHS } from '@archlens/contracts/paths';
import { API_ROUTES, type ApiRoute } from '@archlens/contracts/routes';
import { startStack, type Stack } from '../support/stack.js';

/** An OpenAPI operation, as far as this test reads it. */
interface Operation {
  operationId?: string;
  summary?: string;
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  responses: Record<string, unknown>;
  security?: Array<Record<string, string[]>>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
}

/** Every value under `node` with its JSON pointer, depth first. */
function* walk(node: unknown, pointer = '#'): Generator<[string, unknown]> {
  yield [pointer, node];
  if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) yield* walk(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  }
}

/** The value a local `$ref` (`#/a/b`) points at in `document`, or undefined. */
function resolve(document: unknown, ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), document);
}

/**
 * The OpenAPI 3.1 document at /api/docs/openapi.json lists every route of `API_ROUTES` and holds
 * together (checked offline: no OpenAPI validator is installed), and the page at /api/docs loads
 * only scripts of this origin.
 */
describe('GET /api/docs and /api/docs/openapi.json', () => {
  let stack: Stack;
  let document: Document;

  beforeAll(async () => {
    stack = await startStack();
    const res = await request(stack.http).get(API_PATHS.apiDocsJson).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    document = res.body as Document;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('lists every route of API_ROUTES with its method, summary, path parameters and security', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'ArchLens API', version: expect.any(String) });
    for (const [name, route] of Object.entries(API_ROUTES) as Array<[string, ApiRoute]>) {
      const path = route.path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      expect([name, operation?.operationId, operation?.summary]).toEqual([name, name, route.summary]);
      const declared = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => [p.name, p.required]);
      expect(declared).toEqual([...route.path.matchAll(/:(\w+)/g)].map((m) => [m[1], true]));
      expect(Object.keys(operation.responses).some((status) => /^[23]\d\d$/.test(status))).toBe(true);
      expect(operation.responses).toHaveProperty('4XX');
      const admin = route.path.startsWith('/api/admin/') && name !== 'adminLogin';
      if (admin) expect(operation.security).toEqual([{ adminBearer: [] }]);
      for (const requirement of operation.security ?? []) {
        for (const scheme of Object.keys(requirement)) expect(document.components.securitySchemes).toHaveProperty(scheme);
      }
    }
    const operations = Object.values(document.paths).flatMap((methods) => Object.keys(methods));
    expect(operations).toHaveLength(Object.keys(API_ROUTES).length);
  });

  it('documents the response headers a client reads: the total of GET /api/generations', () => {
    const ok = document.paths[API_PATHS.generations].get.responses['200'] as { headers?: Record<string, { schema?: { type?: string } }> };
    expect(ok.headers?.[GENERATION_TOTAL_HEADER]?.schema).toMatchObject({ type: 'string', pattern: '^\\d+$' });
  });

  it('is a well-formed 3.1 document: every $ref resolves, no 3.0-only keyword, unique operation ids', () => {
    const refs = [...walk(document)].filter(([pointer, value]) => pointer.endsWith('/$ref') && typeof value === 'string');
    expect(refs.length).toBeGreaterThan(0);
    for (const [pointer, ref] of refs) {
      expect([pointer, (ref as string).startsWith('#/')]).toEqual([pointer, true]);
      expect([pointer, resolve(document, ref as string) !== undefined]).toEqual([pointer, true]);
    }
    // `nullable` is OpenAPI 3.0; 3.1 writes `type: [T, 'null']`.
    const nullable = [...walk(document)].filter(([pointer]) => pointer.endsWith('/nullable') && !pointer.includes('/properties/nullable'));
    expect(nullable).toEqual([]);
    const ids = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.components.schemas).toHaveProperty('ErrorResponse');
  });

  it('serves a page whose scripts and style sheet all come from this origin, and nothing else from disk', async () => {
    const page = await request(stack.http).get(API_PATHS.apiDocs).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    const html = page.text;
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(body.trim()).toBe(''); // no inline script
      const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1];
      expect(src).toMatch(/^\/api\/docs\/assets\/[\w.-]+\.js$/); // same origin: a path, not a URL
      const script = await request(stack.http).get(src!).expect(200);
      expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    }
    const styles = [...html.matchAll(/<link\b[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    for (const href of styles) {
      expect(href).toMatch(/^\/api\/docs\/assets\//);
      await request(stack.http).get(href).expect(200);
    }
    expect(html).not.toMatch(/https?:\/\//);
    const initializer = await request(stack.http).get('/api/docs/assets/swagger-initializer.js').expect(200);
    expect(initializer.text).toContain(API_PATHS.apiDocsJson);
    for (const other of ['package.json', 'index.html', '..%2F..%2Fpackage.json', 'swagger-ui.js.map']) {
      await request(stack.http).get(`/api/docs/assets/${other}`).expect(404);
    }
  });
});
