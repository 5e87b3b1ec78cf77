import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { JobName } from '@archlens/contracts/queues';
import { NoWorkerError, type CommandClient } from '@archlens/platform/messaging';
import {
  CAPABILITIES_REPLY_TIMEOUT_MS,
  CAPABILITIES_TTL_MS,
  CapabilitiesService,
  INCOMPLETE_CAPABILITIES_TTL_MS,
} from './capabilities.service.js';

/** A command client whose two look-ups answer what the test sets (an `Error` is thrown), counting the calls and their options. */
function fakeWorkers(answers: { analysis: unknown; generation: unknown }) {
  const calls: Array<{ name: JobName; timeoutMs?: number }> = [];
  const client = {
    request: (name: JobName, _data: unknown, options: { timeoutMs?: number } = {}) => {
      calls.push({ name, timeoutMs: options.timeoutMs });
      const answer = name === 'analysis.capabilities' ? answers.analysis : answers.generation;
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  };
  return { client: client as unknown as CommandClient, calls, answers };
}

const OPENAI_ENGINES = { analysisEngine: 'openai', sketchReadingEngine: 'openai' };
const KEYS = { openai: true, 'stability-ai': false };

describe('CapabilitiesService', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-30T10:00:00Z') });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('asks both workers at once, with the short timeout, and passes their answers on', async () => {
    const workers = fakeWorkers({ analysis: OPENAI_ENGINES, generation: KEYS });
    const { capabilities, maxAgeSeconds } = await new CapabilitiesService(workers.client).current();
    expect(workers.calls).toEqual([
      { name: 'analysis.capabilities', timeoutMs: CAPABILITIES_REPLY_TIMEOUT_MS },
      { name: 'generation.capabilities', timeoutMs: CAPABILITIES_REPLY_TIMEOUT_MS },
    ]);
    expect(capabilities).toEqual({
      analysisEngine: 'openai',
      sketchReadingEngine: 'openai',
      imageProviders: { sora: true, openai: true, 'stability-ai': false, midjourney: true },
      imageProvidersChecked: true,
    });
    expect(maxAgeSeconds).toBe(CAPABILITIES_TTL_MS / 1000);
  });

  it('keeps a complete answer for a minute, and shares one look-up between requests that arrive together', async () => {
    const workers = fakeWorkers({ analysis: OPENAI_ENGINES, generation: KEYS });
    const service = new CapabilitiesService(workers.client);
    await Promise.all([service.current(), service.current(), service.current()]);
    expect(workers.calls).toHaveLength(2);

    jest.setSystemTime(Date.now() + CAPABILITIES_TTL_MS - 1_500);
    expect((await service.current()).maxAgeSeconds).toBe(1);
    expect(workers.calls).toHaveLength(2);

    workers.answers.analysis = { analysisEngine: 'offline', sketchReadingEngine: 'offline' };
    jest.setSystemTime(Date.now() + 1_500);
    expect((await service.current()).capabilities.analysisEngine).toBe('offline');
    expect(workers.calls).toHaveLength(4);
  });

  it('claims no model and no paid provider when the workers do not answer, and asks again after a few seconds', async () => {
    const workers = fakeWorkers({ analysis: new NoWorkerError('analysis-lookup'), generation: new Error('Job wait timed out') });
    const service = new CapabilitiesService(workers.client);
    // The failures are the expected path here, and are logged as warnings.
    const warn = jest.spyOn(service['logger'], 'warn').mockImplementation(() => undefined);
    const { capabilities, maxAgeSeconds } = await service.current();
    expect(capabilities).toEqual({
      analysisEngine: 'unknown',
      sketchReadingEngine: 'unknown',
      imageProviders: { sora: true, openai: false, 'stability-ai': false, midjourney: true },
      imageProvidersChecked: false,
    });
    expect(maxAgeSeconds).toBe(0);
    expect(warn).toHaveBeenCalledTimes(2);

    workers.answers.analysis = OPENAI_ENGINES;
    workers.answers.generation = KEYS;
    jest.setSystemTime(Date.now() + INCOMPLETE_CAPABILITIES_TTL_MS - 1);
    expect((await service.current()).capabilities.analysisEngine).toBe('unknown');
    jest.setSystemTime(Date.now() + 1);
    expect((await service.current()).capabilities).toMatchObject({ analysisEngine: 'openai', imageProvidersChecked: true });
  });

  it('never passes on an answer outside the contract: a malformed reply counts as no answer', async () => {
    const workers = fakeWorkers({ analysis: { analysisEngine: 'gpt-4o', sketchReadingEngine: 'openai' }, generation: { openai: 'yes' } });
    const service = new CapabilitiesService(workers.client);
    jest.spyOn(service['logger'], 'warn').mockImplementation(() => undefined);
    const { capabilities } = await service.current();
    expect(capabilities).toMatchObject({ analysisEngine: 'unknown', sketchReadingEngine: 'unknown', imageProvidersChecked: false });
    expect(capabilities.imageProviders.openai).toBe(false);
  });
});
