import { describe, expect, it } from '@jest/globals';
import {
  BadRequestException,
  ForbiddenException,
  PayloadTooLargeException,
  UnprocessableEntityException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { lastValueFrom, throwError } from 'rxjs';
import { DomainError } from '@archlens/platform/messaging';
import { apiError } from './api-error.js';
import { TooManyRequestsException } from './too-many-requests.exception.js';
import { giveBackOnInputRefusal, isInputRefusal } from './input-refusal.js';

describe('isInputRefusal', () => {
  it('is true for 400, 415 and 422, from the gateway or a service', () => {
    for (const error of [
      new BadRequestException('x'),
      new UnsupportedMediaTypeException('x'),
      new UnprocessableEntityException('x'),
      new DomainError('analysis.image-undecodable', { fileName: 'x.jpg' }),
      apiError('request.invalid', { reason: 'x' }),
    ]) {
      expect([error.constructor.name, isInputRefusal(error)]).toEqual([error.constructor.name, true]);
    }
  });

  it('is false for a body too large (413), a limit reached (429), a refusal of who asks (403), a conflict (409) and any other error', () => {
    expect(isInputRefusal(new PayloadTooLargeException('"scan.png" is too large (over 50.0 MB). Maximum size is 50MB.'))).toBe(false);
    expect(isInputRefusal(apiError('request.too-large'))).toBe(false);
    expect(isInputRefusal(new TooManyRequestsException('x', 10))).toBe(false);
    expect(isInputRefusal(new ForbiddenException('x'))).toBe(false);
    expect(isInputRefusal(apiError('generation.pro-required'))).toBe(false);
    expect(isInputRefusal(new DomainError('credits.insufficient', { overBy: 10 }))).toBe(false);
    expect(isInputRefusal(new Error('x'))).toBe(false);
  });
});

describe('giveBackOnInputRefusal', () => {
  /** Runs a failing request through the operator: the error it ends with and how often `giveBack` ran. */
  async function run(error: unknown, giveBack: () => Promise<void> = async () => undefined) {
    let given = 0;
    const ended = await lastValueFrom(
      throwError(() => error).pipe(
        giveBackOnInputRefusal(async () => {
          given++;
          await giveBack();
        }),
      ),
    ).catch((e: unknown) => e);
    return { ended, given };
  }

  it('gives back for an input refusal and passes the refusal on unchanged, even when giving back fails', async () => {
    const refusal = new BadRequestException('Send "aspectRatio" once.');
    expect(await run(refusal)).toEqual({ ended: refusal, given: 1 });
    expect(
      await run(refusal, async () => {
        throw new Error('Redis down');
      }),
    ).toEqual({ ended: refusal, given: 1 });
  });

  it('gives nothing back for a 429', async () => {
    const limited = new TooManyRequestsException('You have reached the hourly limit of generations.', 60);
    expect(await run(limited)).toEqual({ ended: limited, given: 0 });
  });
});
