import { describe, expect, it, jest } from '@jest/globals';
import type { NextFunction, Request, Response } from 'express';
import { gatewayConfigSchema } from '../config.js';
import { CROSS_SITE_MESSAGE, originCheck } from './origin-check.middleware.js';

/** `ALLOWED_ORIGINS` as the gateway's config schema parses it. */
function allowedOrigins(value: string | undefined): string[] {
  return gatewayConfigSchema.shape.ALLOWED_ORIGINS.parse(value);
}

interface MockRequest {
  method: string;
  protocol: string;
  host: string;
  headers: Record<string, string>;
}

/** A request as Express would present it: `protocol`, `host` (Host header) and `get()` over lower-case headers. */
function mockRequest(method: string, headers: Record<string, string> = {}, own = { protocol: 'http', host: 'localhost:3000' }): Request {
  const request: MockRequest = {
    method,
    ...own,
    headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
  };
  return { ...request, get: (name: string) => request.headers[name.toLowerCase()] } as unknown as Request;
}

/** Runs the middleware once. @returns whether it called next, and the status and body it answered with */
function run(request: Request, allowed: string[] = []): { passed: boolean; status?: number; body?: unknown } {
  const outcome: { passed: boolean; status?: number; body?: unknown } = { passed: false };
  const response = {
    status(code: number) {
      outcome.status = code;
      return this;
    },
    json(body: unknown) {
      outcome.body = body;
      return this;
    },
  } as unknown as Response;
  const next = jest.fn(() => {
    outcome.passed = true;
  }) as unknown as NextFunction;
  originCheck(allowed)(request, response, next);
  return outcome;
}

describe('originCheck (state-changing requests from another site are refused)', () => {
  it('lets a same-origin POST through, whatever the letter case or a default port', () => {
    expect(run(mockRequest('POST', { Origin: 'http://localhost:3000' })).passed).toBe(true);
    expect(run(mockRequest('POST', { Origin: 'HTTP://LocalHost:3000', 'Sec-Fetch-Site': 'same-origin' })).passed).toBe(true);
    expect(
      run(mockRequest('DELETE', { Origin: 'https://archlens.example' }, { protocol: 'https', host: 'archlens.example:443' })).passed,
    ).toBe(true);
  });

  it('refuses a POST, PUT, PATCH or DELETE from a foreign Origin with 403 and the message', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(run(mockRequest(method, { Origin: 'https://evil.example' }))).toEqual({
        passed: false,
        status: 403,
        body: { code: 'request.cross-site', message: CROSS_SITE_MESSAGE },
      });
    }
    // Same host, other scheme or port: another origin.
    expect(run(mockRequest('POST', { Origin: 'https://localhost:3000' })).status).toBe(403);
    expect(run(mockRequest('POST', { Origin: 'http://localhost:3001' })).status).toBe(403);
  });

  it('counts Origin: null and an unparsable Origin as foreign', () => {
    expect(run(mockRequest('POST', { Origin: 'null' })).status).toBe(403);
    expect(run(mockRequest('POST', { Origin: 'not a url' })).status).toBe(403);
  });

  it('refuses Sec-Fetch-Site: cross-site even without an Origin', () => {
    expect(run(mockRequest('POST', { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect(run(mockRequest('POST', { 'Sec-Fetch-Site': 'same-origin' })).passed).toBe(true);
  });

  it('lets a request without Origin through (server to server, curl, webhooks)', () => {
    expect(run(mockRequest('POST')).passed).toBe(true);
  });

  it('lets GET, HEAD and OPTIONS through from anywhere', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(run(mockRequest(method, { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' })).passed).toBe(true);
    }
  });

  it('honours ALLOWED_ORIGINS as the gateway config parses it, and only those', () => {
    const ALLOWED_ORIGINS = allowedOrigins(' https://Admin.ArchLens.example:443 , http://localhost:5173');
    expect(ALLOWED_ORIGINS).toEqual(['https://admin.archlens.example', 'http://localhost:5173']);
    expect(
      run(mockRequest('POST', { Origin: 'https://admin.archlens.example', 'Sec-Fetch-Site': 'cross-site' }), ALLOWED_ORIGINS).passed,
    ).toBe(true);
    expect(run(mockRequest('PATCH', { Origin: 'http://localhost:5173' }), ALLOWED_ORIGINS).passed).toBe(true);
    expect(run(mockRequest('POST', { Origin: 'https://archlens.example' }), ALLOWED_ORIGINS).status).toBe(403);
    expect(run(mockRequest('POST', { Origin: 'https://localhost:5173' }), ALLOWED_ORIGINS).status).toBe(403);
  });

  it('defaults ALLOWED_ORIGINS to none and refuses an entry that is not an origin', () => {
    expect(allowedOrigins(undefined)).toEqual([]);
    expect(() => allowedOrigins('https://archlens.example/app')).toThrow(/each entry must be an origin/);
  });
});
