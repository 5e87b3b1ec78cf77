import { jest } from '@jest/globals';
import { apiRequest, HttpError, isUnauthorisedError } from './client';
import { describeError, serverMessageOf } from './error-message';

type FetchArgs = [string, RequestInit];

function mockFetch(response: Response) {
  const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>().mockResolvedValue(response);
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

describe('apiRequest (spec §7)', () => {
  it('includes credentials and sends no content type without a body', async () => {
    const fetchMock = mockFetch(new Response(JSON.stringify([{ a: 1 }]), { status: 200 }));
    await expect(apiRequest('/api/analyses')).resolves.toEqual([{ a: 1 }]);
    const [path, init] = fetchMock.mock.calls[0];
    expect(path).toBe('/api/analyses');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('sends JSON with a JSON content type', async () => {
    const fetchMock = mockFetch(new Response('{}', { status: 200 }));
    await apiRequest('/api/auth/signin', { method: 'POST', json: { email: 'a@b.c', password: 'secret1' } });
    const [, init] = fetchMock.mock.calls[0];
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"email":"a@b.c","password":"secret1"}');
  });

  it('turns a non-OK response into "{status}: {body}"', async () => {
    mockFetch(new Response('{"message":"Unauthorized"}', { status: 401, statusText: 'Unauthorized' }));
    const error = await apiRequest('/api/analyses').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as Error).message).toBe('401: {"message":"Unauthorized"}');
    expect(isUnauthorisedError(error)).toBe(true);
    expect(serverMessageOf(error)).toBe('Unauthorized');
  });

  it('uses the status text when the body is empty', async () => {
    mockFetch(new Response('', { status: 502, statusText: 'Bad Gateway' }));
    const error = await apiRequest('/api/analyze', { method: 'POST' }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('502: Bad Gateway');
    expect(serverMessageOf(error)).toBeNull();
    expect(describeError(error)).toBe('502: Bad Gateway');
  });
});

describe('describeError', () => {
  it('reads the JSON {message} of the gateway', () => {
    expect(describeError(new HttpError(503, '{"message":"Engine busy"}', 'Service Unavailable'))).toBe('503: Engine busy');
  });

  it('does not mistake a sign-in refusal for a lost session', () => {
    expect(isUnauthorisedError(new HttpError(401, '{"message":"Invalid email or password"}', 'Unauthorized'))).toBe(false);
  });
});
