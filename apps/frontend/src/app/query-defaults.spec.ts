import { jest } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';
import { QUERY_DEFAULTS } from './query-defaults';

type FetchArgs = [string, RequestInit];

function mockFetch(response: () => Response) {
  const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>().mockImplementation(async () => response());
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

describe('react-query defaults (spec §7 default fetch, spec §9 behaviour)', () => {
  let client: QueryClient;
  beforeEach(() => {
    client = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
  });
  afterEach(() => client.clear());

  it('a query without its own fetch GETs the path in its key, with cookies', async () => {
    const fetchMock = mockFetch(() => new Response(JSON.stringify([{ id: 'a1' }]), { status: 200 }));
    await expect(client.fetchQuery({ queryKey: queryKeys.previousAnalyses })).resolves.toEqual([{ id: 'a1' }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0];
    expect(path).toBe('/api/analyses');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
  });

  it('treats a 401 as an error, once: no retry', async () => {
    const fetchMock = mockFetch(() => new Response('{"message":"Unauthorized"}', { status: 401, statusText: 'Unauthorized' }));
    await expect(client.fetchQuery({ queryKey: queryKeys.authUser })).rejects.toThrow('401: {"message":"Unauthorized"}');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/user');
  });

  it('keeps a fetched answer: never stale, so a second read does not call the server', async () => {
    const fetchMock = mockFetch(() => new Response('[]', { status: 200 }));
    await client.fetchQuery({ queryKey: queryKeys.previousAnalyses });
    await client.fetchQuery({ queryKey: queryKeys.previousAnalyses });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refuses a key that is not an /api/ path instead of fetching something else', async () => {
    const fetchMock = mockFetch(() => new Response('[]', { status: 200 }));
    await expect(client.fetchQuery({ queryKey: ['analyses', 'recent'] })).rejects.toThrow('needs an /api/ path');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
