import { jest } from '@jest/globals';
import { generationHistoryApi } from './generation-history-api';

const item = (id: string) => ({
  id,
  status: 'succeeded',
  creditsSpent: 10,
  createdAt: '2026-11-24T08:00:00.000Z',
  provider: 'openai',
  imageCount: 1,
});

function answer(body: unknown, headers: Record<string, string> = {}) {
  globalThis.fetch = jest
    .fn<() => Promise<Response>>()
    .mockResolvedValue(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } }));
}

describe("GET /api/generations: the home's Total Generations", () => {
  const items = [item('7c9e6679-7425-40de-944b-e07fc1f90ae7'), item('9b2f3c4d-1a2b-4c3d-8e9f-0a1b2c3d4e5f')];

  it('is the X-Total-Count the gateway sends, not the length of the capped list', async () => {
    answer(items, { 'X-Total-Count': '57' });
    await expect(generationHistoryApi.list()).resolves.toEqual({ items, total: 57 });
  });

  it("falls back to the list's length when the header is missing or does not make sense", async () => {
    answer(items);
    await expect(generationHistoryApi.list()).resolves.toMatchObject({ total: 2 });
    answer(items, { 'X-Total-Count': 'many' });
    await expect(generationHistoryApi.list()).resolves.toMatchObject({ total: 2 });
    answer(items, { 'X-Total-Count': '1' });
    await expect(generationHistoryApi.list()).resolves.toMatchObject({ total: 2 });
  });
});
