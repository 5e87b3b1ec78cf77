import { jest } from '@jest/globals';
import { apiRequest, hasErrorCode, HttpError, isRefusal, isUnauthorisedError } from './client';
import { describeError, errorParamsOf, serverMessageOf } from './error-message';
import { GENERIC_FAILURE_TEXT } from './user-text';

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

  it('turns a non-OK response into "{status}: {body}" and reads its code', async () => {
    const body = '{"code":"auth.unauthorized","message":"Unauthorized"}';
    mockFetch(new Response(body, { status: 401, statusText: 'Unauthorized' }));
    const error = await apiRequest('/api/analyses').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    // Spec §8: the text shown starts with "401: " and contains "Unauthorized".
    expect((error as Error).message).toBe(`401: ${body}`);
    expect((error as HttpError).code).toBe('auth.unauthorized');
    expect(isUnauthorisedError(error)).toBe(true);
    expect(serverMessageOf(error)).toBe('Unauthorized');
  });

  it('uses the status text when the body is empty', async () => {
    mockFetch(new Response('', { status: 502, statusText: 'Bad Gateway' }));
    const error = await apiRequest('/api/analyze', { method: 'POST' }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('502: Bad Gateway');
    expect(serverMessageOf(error)).toBeNull();
    // Shown to a user, no status code: the generic text, as the body says nothing.
    expect(describeError(error)).toBe(GENERIC_FAILURE_TEXT);
  });
});

describe('describeError', () => {
  it('reads the JSON {message} of the gateway, without the status code in front', () => {
    expect(describeError(new HttpError(503, '{"message":"Engine busy"}', 'Service Unavailable'))).toBe('Engine busy');
  });

  it('does not mistake a sign-in refusal for a lost session', () => {
    const refusal = new HttpError(401, '{"code":"auth.invalid-credentials","message":"Invalid email or password"}', 'Unauthorized');
    expect(isUnauthorisedError(refusal)).toBe(false);
    expect(describeError(refusal)).toBe('Invalid email or password');
  });
});

describe('error codes (the SPA branches on code, never on text)', () => {
  it('branches on the code, whatever the message says', () => {
    const lost = new HttpError(401, '{"code":"auth.unauthorized","message":"Session ended"}', 'Unauthorized');
    expect(isUnauthorisedError(lost)).toBe(true);
    expect(hasErrorCode(lost, 'auth.unauthorized')).toBe(true);
    expect(hasErrorCode(lost, 'admin.unauthorized')).toBe(false);
    const admin = new HttpError(401, '{"code":"admin.unauthorized","message":"Unauthorized"}', 'Unauthorized');
    expect(isUnauthorisedError(admin)).toBe(false);
    expect(isRefusal(admin, 'admin.unauthorized', 401)).toBe(true);
  });

  it('falls back on the HTTP status only when the body carries no code', () => {
    expect(isUnauthorisedError(new HttpError(401, '', 'Unauthorized'))).toBe(true);
    expect(isUnauthorisedError(new HttpError(401, '{"message":"Unauthorized"}', 'Unauthorized'))).toBe(true);
    expect(isUnauthorisedError(new HttpError(401, '<html>401</html>', 'Unauthorized'))).toBe(true);
    expect(isUnauthorisedError(new HttpError(403, '{"message":"Unauthorized"}', 'Forbidden'))).toBe(false);
    expect(isUnauthorisedError(new Error('401: Unauthorized'))).toBe(false);
    expect(new HttpError(502, 'Bad Gateway', 'Bad Gateway').code).toBeNull();
  });

  it("reads a code's parameters, checked against the catalogue", () => {
    const credits = new HttpError(
      409,
      '{"code":"credits.insufficient","message":"Insufficient credits for this generation (30 over limit)","params":{"overBy":30}}',
      'Conflict',
    );
    expect(errorParamsOf(credits, 'credits.insufficient')).toEqual({ overBy: 30 });
    expect(errorParamsOf(credits, 'generation.job-id-taken')).toBeNull();
    const wrong = new HttpError(409, '{"code":"credits.insufficient","message":"x","params":{"overBy":"30"}}', 'Conflict');
    expect(errorParamsOf(wrong, 'credits.insufficient')).toBeNull();
  });
});
