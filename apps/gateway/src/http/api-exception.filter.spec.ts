import { describe, expect, it, jest } from '@jest/globals';
import { BadRequestException, HttpException, NotFoundException, type ArgumentsHost } from '@nestjs/common';
import type { Request, Response } from 'express';
import { errorResponseSchema } from '@archlens/contracts/errors';
import { CommandTimeoutError, DomainError, NoWorkerError, ServiceUnavailableError } from '@archlens/platform/messaging';
import { apiError } from './api-error.js';
import { ApiExceptionFilter, GENERIC_ERROR_MESSAGE } from './api-exception.filter.js';
import { requestIdOf } from './request-id.middleware.js';
import { TooManyRequestsException } from './too-many-requests.exception.js';

/** What the filter answered: status, body and headers. */
interface Answer {
  status?: number;
  body?: unknown;
  headers: Record<string, string>;
}

/** Runs the filter on `exception` for a request with a fixed id. */
function answer(exception: unknown): Answer & { requestId: string } {
  const outcome: Answer = { headers: {} };
  const request = {} as Request;
  const requestId = requestIdOf(request);
  const response = {
    headersSent: false,
    status(code: number) {
      outcome.status = code;
      return this;
    },
    json(body: unknown) {
      outcome.body = body;
      return this;
    },
    setHeader(name: string, value: string) {
      outcome.headers[name] = value;
    },
  } as unknown as Response;
  const host = { switchToHttp: () => ({ getResponse: () => response, getRequest: () => request }) } as unknown as ArgumentsHost;
  const filter = new ApiExceptionFilter();
  // The filter logs the product's 5xx and every unknown error; the test reads the answer only.
  jest
    .spyOn((filter as unknown as { logger: { error: () => void; warn: () => void } }).logger, 'error')
    .mockImplementation(() => undefined);
  jest.spyOn((filter as unknown as { logger: { error: () => void; warn: () => void } }).logger, 'warn').mockImplementation(() => undefined);
  filter.catch(exception, host);
  expect(errorResponseSchema.safeParse(outcome.body).success).toBe(true);
  return { ...outcome, requestId };
}

describe('ApiExceptionFilter: a code becomes HTTP here, and only here', () => {
  it("answers a service's DomainError with its code's status and text, and the code's parameters", () => {
    expect(answer(new DomainError('credits.insufficient', { overBy: 30 }))).toMatchObject({
      status: 409,
      body: { code: 'credits.insufficient', message: 'Insufficient credits for this generation (30 over limit)', params: { overBy: 30 } },
    });
    expect(answer(new DomainError('report.analysis-not-found'))).toMatchObject({
      status: 404,
      body: { code: 'report.analysis-not-found', message: 'Analysis not found.' },
    });
    expect(answer(new DomainError('billing.not-configured', { cause: new Error('no key') })).body).toEqual({
      code: 'billing.not-configured',
      message: 'Payments are not configured',
    });
  });

  it("answers the gateway's own coded refusals the same way", () => {
    expect(answer(apiError('auth.unauthorized'))).toMatchObject({
      status: 401,
      body: { code: 'auth.unauthorized', message: 'Unauthorized' },
    });
    expect(answer(apiError('request.invalid', { reason: 'Please enter a valid email address' }))).toMatchObject({
      status: 400,
      body: { code: 'request.invalid', message: 'Please enter a valid email address' },
    });
  });

  it('gives any other HTTP exception the generic code of its status, its own text, and Retry-After when it has one', () => {
    expect(answer(new BadRequestException('Send "aspectRatio" once.'))).toMatchObject({
      status: 400,
      body: { code: 'bad-request', message: 'Send "aspectRatio" once.' },
    });
    expect(answer(new NotFoundException('Cannot GET /api/nowhere'))).toMatchObject({
      status: 404,
      body: { code: 'not-found', message: 'Cannot GET /api/nowhere' },
    });
    const limited = answer(new TooManyRequestsException('Too many sign-in attempts. Please try again in 1 minute.', 42.5));
    expect(limited).toMatchObject({ status: 429, body: { code: 'too-many-requests' }, headers: { 'Retry-After': '43' } });
    expect(answer(new HttpException('I am a teapot.', 418))).toMatchObject({
      status: 418,
      body: { code: 'bad-request', message: 'I am a teapot.' },
    });
  });

  it('answers the queue plumbing with its codes: no worker and Redis down 503, no answer in time 504', () => {
    expect(answer(new NoWorkerError('billing'))).toMatchObject({
      status: 503,
      body: {
        code: 'service.not-running',
        message: 'The billing service is not running. Please try again in a moment.',
        params: { queue: 'billing' },
      },
    });
    expect(answer(new ServiceUnavailableError())).toMatchObject({
      status: 503,
      body: { code: 'service.unavailable', message: 'ArchLens is temporarily unavailable. Please try again in a moment.' },
    });
    expect(answer(new CommandTimeoutError('analysis.analyse-images', 3000, true))).toMatchObject({
      status: 504,
      body: { code: 'service.timeout', message: 'The analysis service did not answer within 3.0 s. Please try again.' },
    });
  });

  it('answers anything else with 500, the generic message and the request id, never its own text', () => {
    const { status, body, requestId } = answer(new Error('relation "billing.x" does not exist'));
    expect(status).toBe(500);
    expect(body).toEqual({ code: 'internal', message: `${GENERIC_ERROR_MESSAGE} (request id ${requestId})`, requestId });
    expect(GENERIC_ERROR_MESSAGE).toBe('Something went wrong on our side. Please try again.');
    expect(answer('a thrown string')).toMatchObject({ status: 500, body: { code: 'internal' } });
  });
});
