import { HttpError } from './client';
import { MAX_PLAIN_TEXT_MESSAGE_CHARS, responseTextMessageOf, serverMessageOf } from './error-message';

const failure = (body: string, status = 502) => new HttpError(status, body, 'Bad Gateway');

describe('responseTextMessageOf (spec §7 POST /api/email-clipboard: the response text is the message)', () => {
  it("reads the gateway's JSON {message}", () => {
    expect(responseTextMessageOf(failure('{"message":"Mailbox unavailable","requestId":"r1"}', 503))).toBe('Mailbox unavailable');
  });

  it('takes a plain-text body (a proxy answered) as the message, where serverMessageOf has none', () => {
    const error = failure('Upstream mail relay timed out\n');
    expect(serverMessageOf(error)).toBeNull();
    expect(responseTextMessageOf(error)).toBe('Upstream mail relay timed out');
  });

  it('collapses its whitespace and cuts a long body to 300 characters with an ellipsis', () => {
    expect(responseTextMessageOf(failure('Relay  refused:\n\n  try later'))).toBe('Relay refused: try later');
    const long = responseTextMessageOf(failure('word '.repeat(200)));
    expect(long).toHaveLength(MAX_PLAIN_TEXT_MESSAGE_CHARS);
    expect(MAX_PLAIN_TEXT_MESSAGE_CHARS).toBe(300);
    expect(long?.endsWith('…')).toBe(true);
  });

  it('leaves the fallback to the caller for an HTML page, JSON without a message, an empty body or no HTTP error', () => {
    expect(responseTextMessageOf(failure('<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>'))).toBeNull();
    expect(responseTextMessageOf(failure('<html><head><title>Error</title></head></html>'))).toBeNull();
    expect(responseTextMessageOf(failure('Error: <b>relay</b> down'))).toBeNull();
    expect(responseTextMessageOf(failure('{"error":"x"}'))).toBeNull();
    expect(responseTextMessageOf(failure('"just a JSON string"'))).toBeNull();
    expect(responseTextMessageOf(failure('   '))).toBeNull();
    expect(responseTextMessageOf(new Error('network down'))).toBeNull();
  });

  it('keeps a plain text that merely mentions a comparison', () => {
    expect(responseTextMessageOf(failure('Quota: 3 < 5 messages left'))).toBe('Quota: 3 < 5 messages left');
  });
});
