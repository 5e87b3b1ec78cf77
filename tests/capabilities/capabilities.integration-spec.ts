import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { capabilitiesResponseSchema, type CapabilitiesResponse } from '@archlens/contracts/capabilities';
import { API_PATHS } from '@archlens/contracts/paths';
import { startFakeChatCompletions, type FakeChatCompletions } from '../support/fake-chat-completions.server.js';
import { startFakeImageProviders, type FakeImageProviders } from '../support/fake-image-providers.server.js';
import { startStack, type Stack, type StackOptions } from '../support/stack.js';

/**
 * `GET /api/capabilities` on whole stacks started with and without the third-party keys: the
 * engines and image providers it reports are the ones the workers built from their own
 * configuration (the gateway reads no key), and a worker that is not there makes the answer claim
 * less, never fail. One stack at a time: the workers of two stacks on one Redis database would
 * answer each other's look-ups.
 */

/** The answer of a stack, checked against the contract, with its `Cache-Control`. */
async function capabilitiesOf(stack: Stack): Promise<{ body: CapabilitiesResponse; cacheControl: string; ms: number }> {
  const started = Date.now();
  const res = await request(stack.http).get(API_PATHS.capabilities).expect(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return { body: capabilitiesResponseSchema.parse(res.body), cacheControl: String(res.headers['cache-control']), ms: Date.now() - started };
}

let stack: Stack | undefined;
let chat: FakeChatCompletions;
let images: FakeImageProviders;

/** Starts the stack of one test (closed after it); signed out, no cookie is ever sent. */
async function start(options: StackOptions): Promise<Stack> {
  stack = await startStack(options);
  return stack;
}

beforeAll(async () => {
  // Loopback stand-ins, so that a configured key can never reach a real provider; nothing calls them here.
  chat = await startFakeChatCompletions([]);
  images = await startFakeImageProviders();
});
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});
afterAll(async () => {
  await chat?.close();
  await images?.close();
});

describe('GET /api/capabilities', () => {
  it('without any key: the measuring engine writes, only the prompt workflows can be used, and anyone may ask', async () => {
    const started = await start({});
    const { body, cacheControl } = await capabilitiesOf(started);
    expect(body).toEqual({
      analysisEngine: 'offline',
      sketchReadingEngine: 'offline',
      imageProviders: { sora: true, openai: false, 'stability-ai': false, midjourney: true },
      imageProvidersChecked: true,
    });
    // The same for everyone: a shared cache may keep it for the rest of the gateway's minute.
    expect(cacheControl).toMatch(/^public, max-age=(5\d|60)$/);

    // Listed, as public, in the API document.
    const doc = (await request(started.http).get(API_PATHS.apiDocsJson).expect(200)).body as {
      paths: Record<string, { get?: { operationId: string; security?: unknown } }>;
    };
    expect(doc.paths[API_PATHS.capabilities]?.get).toMatchObject({ operationId: 'capabilities' });
    expect(doc.paths[API_PATHS.capabilities]?.get?.security).toBeUndefined();
  });

  it('with OPENAI_API_KEY (a loopback base URL) and STABILITY_API_KEY: a vision model writes, and both paid providers render', async () => {
    const started = await start({
      env: {
        OPENAI_API_KEY: 'sk-capabilities-loopback',
        OPENAI_BASE_URL: chat.baseURL,
        STABILITY_API_KEY: 'sk-stability-capabilities',
        STABILITY_API_BASE: images.stabilityBaseUrl,
      },
    });
    const { body } = await capabilitiesOf(started);
    // OpenAI images fall back to OPENAI_API_KEY when GENERATION_OPENAI_API_KEY is unset.
    expect(body).toEqual({
      analysisEngine: 'openai',
      sketchReadingEngine: 'openai',
      imageProviders: { sora: true, openai: true, 'stability-ai': true, midjourney: true },
      imageProvidersChecked: true,
    });
    expect(chat.requests).toHaveLength(0);
  });

  it('with an image key only (GENERATION_OPENAI_API_KEY): the measuring engine still writes; openai renders, stability-ai does not', async () => {
    const started = await start({
      env: { GENERATION_OPENAI_API_KEY: 'sk-images-capabilities', GENERATION_OPENAI_BASE_URL: images.openaiBaseUrl },
    });
    const { body } = await capabilitiesOf(started);
    expect(body).toEqual({
      analysisEngine: 'offline',
      sketchReadingEngine: 'offline',
      imageProviders: { sora: true, openai: true, 'stability-ai': false, midjourney: true },
      imageProvidersChecked: true,
    });
  });

  it('with no analysis or generation worker running: 200 within seconds, claiming no model and no paid provider, not kept', async () => {
    const started = await start({
      env: { OPENAI_API_KEY: 'sk-capabilities-loopback', OPENAI_BASE_URL: chat.baseURL, LOG_LEVEL: 'fatal' },
      inProcess: { analysisWorker: false },
      generationWorker: false,
    });
    const { body, cacheControl, ms } = await capabilitiesOf(started);
    expect(body).toEqual({
      analysisEngine: 'unknown',
      sketchReadingEngine: 'unknown',
      imageProviders: { sora: true, openai: false, 'stability-ai': false, midjourney: true },
      imageProvidersChecked: false,
    });
    expect(cacheControl).toBe('no-cache');
    expect(ms).toBeLessThan(5_000);
  });
});
