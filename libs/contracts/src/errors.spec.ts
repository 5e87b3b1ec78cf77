import { describe, expect, it } from '@jest/globals';
import {
  ERROR_CATALOGUE,
  ERROR_CODES,
  errorReferenceSchema,
  errorResponseSchema,
  errorStatus,
  errorText,
  genericErrorCode,
  hasErrorParams,
  isErrorCode,
} from './errors.js';

describe('the error catalogue', () => {
  it('gives every code an HTTP error status and a text', () => {
    expect(ERROR_CODES.length).toBeGreaterThan(40);
    for (const code of ERROR_CODES) {
      const { status } = ERROR_CATALOGUE[code];
      expect([code, status >= 400 && status < 600]).toEqual([code, true]);
      expect(code).toMatch(/^[a-z]+(-[a-z]+)*(\.[a-z]+(-[a-z]+)*)?$/);
    }
  });

  it('writes a text for every code, from sample parameters where the text needs them', () => {
    const samples: Record<string, Record<string, unknown>> = {
      'request.unsupported-charset': { charset: 'LATIN1' },
      'request.unsupported-encoding': { encoding: 'x-unknown' },
      'request.invalid': { reason: 'Please enter a valid email address' },
      'service.not-running': { queue: 'billing' },
      'service.timeout': { queue: 'analysis', timeoutMs: 12_000 },
      'analysis.image-undecodable': { fileName: 'havana-cut.jpg' },
      'analysis.engine-failed': { reason: 'The vision model returned an empty answer.' },
      'credits.insufficient': { overBy: 3 },
      'email.daily-limit': { limit: 20, retryAfterSeconds: 5 * 3600 },
      'auth.sign-in-delayed': { retryAfterSeconds: 16 },
      'email.global-limit': { retryAfterSeconds: 754 },
      'project.name-taken': { name: 'Riverside Library' },
      'project.limit-reached': { limit: 200 },
      'generation.provider-not-configured': { provider: 'openai' },
      'generation.provider-failed': { reason: 'Your request was rejected by the safety system.' },
    };
    for (const code of ERROR_CODES) {
      expect([code, hasErrorParams(code)]).toEqual([code, code in samples]);
      const reference = errorReferenceSchema.parse({ code, params: samples[code] ?? {} });
      const definition = ERROR_CATALOGUE[code] as { text(params: unknown): string };
      expect([code, definition.text(reference.params).length > 0]).toEqual([code, true]);
    }
  });

  it('quotes the spec word for word where it gives the text', () => {
    // Spec §8: "Insufficient credits for this generation" with "(n over limit)".
    expect(errorText('credits.insufficient', { overBy: 30 })).toBe('Insufficient credits for this generation (30 over limit)');
    // Spec §8: an unauthorised error's text contains "Unauthorized".
    expect(errorText('auth.unauthorized')).toBe('Unauthorized');
    // Spec §8: admin login 'Login Failed' with 'Invalid credentials'; VIP login 'Access Denied' with 'Invalid VIP credentials'.
    expect(errorText('admin.invalid-credentials')).toBe('Invalid credentials');
    expect(errorText('vip.invalid-credentials')).toBe('Invalid VIP credentials');
    expect([errorStatus('credits.insufficient'), errorStatus('auth.unauthorized')]).toEqual([409, 401]);
  });

  it('keeps the texts the services answered with before they spoke in codes', () => {
    expect(errorText('analysis.image-undecodable', { fileName: 'havana-cut.jpg' })).toBe(
      '"havana-cut.jpg" could not be read as an image: it may be truncated or corrupt.',
    );
    expect(errorText('generation.provider-not-configured', { provider: 'stability-ai' })).toBe(
      'Stability AI image generation is not configured on this server. Choose the Sora or Midjourney workflow, or ask the administrator to set STABILITY_API_KEY.',
    );
    expect(errorText('service.timeout', { queue: 'analysis', timeoutMs: 3_000 })).toBe(
      'The analysis service did not answer within 3.0 s. Please try again.',
    );
    expect(errorText('service.timeout', { queue: 'generation', timeoutMs: 120_000 })).toBe(
      'The generation service did not answer within 120 s. Please try again.',
    );
    expect(errorText('billing.not-configured')).toBe('Payments are not configured');
    expect(errorText('request.unsupported-charset', { charset: 'LATIN1' })).toBe(
      'Unsupported charset "LATIN1": send the JSON body as UTF-8.',
    );
  });

  it('maps a status with no code of its own to its generic code', () => {
    expect([400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 502, 503, 504].map(genericErrorCode)).toEqual([
      'bad-request',
      'unauthorized',
      'forbidden',
      'not-found',
      'conflict',
      'payload-too-large',
      'unsupported-media-type',
      'unprocessable-entity',
      'too-many-requests',
      'internal',
      'bad-gateway',
      'service-unavailable',
      'gateway-timeout',
    ]);
    expect([genericErrorCode(418), genericErrorCode(507)]).toEqual(['bad-request', 'internal']);
    for (const code of ERROR_CODES.filter((c) => !c.includes('.'))) expect(genericErrorCode(errorStatus(code))).toBe(code);
  });
});

describe('errorReferenceSchema (a code as it travels)', () => {
  it('takes a code of the catalogue with the parameters its text needs', () => {
    expect(errorReferenceSchema.parse({ code: 'credits.insufficient', params: { overBy: 2 } })).toEqual({
      code: 'credits.insufficient',
      params: { overBy: 2 },
    });
    expect(errorReferenceSchema.parse({ code: 'report.unavailable' })).toEqual({ code: 'report.unavailable', params: {} });
    expect(isErrorCode('generation.not-found')).toBe(true);
  });

  it('refuses an unknown code, and parameters that do not fit the code', () => {
    expect(errorReferenceSchema.safeParse({ code: 'credits.unknown' }).success).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(errorReferenceSchema.safeParse({ code: 'credits.insufficient', params: {} }).success).toBe(false);
    expect(errorReferenceSchema.safeParse({ code: 'credits.insufficient', params: { overBy: '2' } }).success).toBe(false);
    expect(errorReferenceSchema.safeParse({ code: 'report.unavailable', params: { extra: 1 } }).success).toBe(false);
    expect(errorReferenceSchema.safeParse({ code: 'generation.provider-not-configured', params: { provider: 'sora' } }).success).toBe(
      false,
    );
  });
});

describe('errorResponseSchema (every non-OK /api body)', () => {
  it('carries a code of the catalogue beside the message', () => {
    expect(errorResponseSchema.safeParse({ code: 'auth.unauthorized', message: 'Unauthorized' }).success).toBe(true);
    expect(errorResponseSchema.safeParse({ code: 'internal', message: 'x', requestId: 'r1' }).success).toBe(true);
    expect(errorResponseSchema.safeParse({ message: 'Unauthorized' }).success).toBe(false);
    expect(errorResponseSchema.safeParse({ code: 'nope', message: 'x' }).success).toBe(false);
  });
});
