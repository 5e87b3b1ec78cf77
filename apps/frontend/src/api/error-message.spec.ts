import { HttpError } from './client';
import { describeError, MAX_PLAIN_TEXT_MESSAGE_CHARS, responseTextMessageOf, serverMessageOf } from './error-message';
import { GENERIC_FAILURE_TEXT } from './user-text';

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

describe('describeError: the text of an error toast never starts with a status code', () => {
  it("shows the server's user text of a refused upload, not '415: …'", () => {
    const refused = new HttpError(
      415,
      JSON.stringify({ code: 'unsupported-media-type', message: '"notimage.jpg" is not an image file.' }),
      'Unsupported Media Type',
    );
    expect(refused.message.startsWith('415: ')).toBe(true); // the spec §7 form, kept for logs
    expect(describeError(refused)).toBe('"notimage.jpg" is not an image file.');
  });

  it("takes a proxy's plain text, and says something went wrong for a page or nothing", () => {
    expect(describeError(failure('Upstream timed out'))).toBe('Upstream timed out');
    expect(describeError(failure('<html><body>502 Bad Gateway</body></html>'))).toBe(GENERIC_FAILURE_TEXT);
    expect(describeError(failure(''))).toBe(GENERIC_FAILURE_TEXT);
  });

  it('for every status, no description starts with digits and a colon', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 502, 503, 504]) {
      for (const body of ['', 'Busy', '{"message":"Try later"}', '{"code":"x"}', '<h1>Error</h1>']) {
        expect(describeError(new HttpError(status, body, 'Status Text'))).not.toMatch(/^\s*\d{3}\s*:/);
      }
    }
  });

  it('drops a status prefix from any other error too', () => {
    expect(describeError(new Error('415: "a.jpg" is not an image file.'))).toBe('"a.jpg" is not an image file.');
    expect(describeError(new Error('Failed to load image: a.jpg'))).toBe('Failed to load image: a.jpg');
  });
});
