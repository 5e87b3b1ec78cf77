import { describe, expect, it } from '@jest/globals';
import { GENERIC_FAILURE_TEXT, userFacingText } from './user-text';

describe('userFacingText: what a toast shows of a failure text', () => {
  it('drops the status code and keeps the server message of a JSON body', () => {
    expect(userFacingText('415: {"code":"unsupported-media-type","message":"\\"notimage.jpg\\" is not an image file."}')).toBe(
      '"notimage.jpg" is not an image file.',
    );
  });

  it('drops the status code in front of a plain text', () => {
    expect(userFacingText('415: "notimage.jpg" is not an image file.')).toBe('"notimage.jpg" is not an image file.');
    expect(userFacingText('503: Service Unavailable')).toBe('Service Unavailable');
  });

  it('says something went wrong when nothing readable follows the code', () => {
    expect(userFacingText('502: ')).toBe(GENERIC_FAILURE_TEXT);
    expect(userFacingText('500: {"code":"x"}')).toBe(GENERIC_FAILURE_TEXT);
    expect(userFacingText('502: <html><body>Bad Gateway</body></html>')).toBe(GENERIC_FAILURE_TEXT);
  });

  it('leaves every other text as it is', () => {
    for (const text of ['Please select up to 10 images only.', 'Generated 4850 character prompt', '2400 credits: yours', '']) {
      expect(userFacingText(text)).toBe(text);
    }
  });
});
