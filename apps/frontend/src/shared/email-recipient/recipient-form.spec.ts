import { CLIPBOARD_MESSAGES, emailClipboardRequestSchema } from '@archlens/contracts/clipboard';
import { emailAnalysisRequestSchema, REPORT_MESSAGES } from '@archlens/contracts/reports';
import { checkRecipient, EMPTY_RECIPIENT, isRecipientEmpty, recipientFromUser } from './recipient-form';

const ANALYSIS_ID = '0b0f7a4e-5d43-4c47-9f3e-6f0d0e3c2a11';
const ada = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };

describe('e-mail dialog recipients (spec §5: email, firstName and lastName all required)', () => {
  describe("'Email Your Clipboard' (emailClipboardRequestSchema)", () => {
    const check = (recipient: typeof ada, clipboardText = 'Warm brick, deep reveals.') =>
      checkRecipient(emailClipboardRequestSchema, { ...recipient, clipboardText }, CLIPBOARD_MESSAGES.missing);

    it('sends a complete request, trimmed as the server reads it', () => {
      expect(check({ email: ' ada@example.com ', firstName: ' Ada', lastName: 'Lovelace ' })).toEqual({
        ok: true,
        body: { ...ada, clipboardText: 'Warm brick, deep reveals.' },
      });
    });

    it("says a field is missing with the spec's text, under every empty field, and focuses the first", () => {
      expect(check({ email: '', firstName: 'Ada', lastName: '  ' })).toEqual({
        ok: false,
        errors: { email: 'Please fill in all fields.', lastName: 'Please fill in all fields.' },
        missing: true,
        other: null,
      });
    });

    it("refuses an e-mail address the server would refuse ('a@b') without calling it missing", () => {
      expect(check({ ...ada, email: 'a@b' })).toEqual({
        ok: false,
        errors: { email: 'Please enter a valid email address' },
        missing: false,
        other: null,
      });
    });

    it('refuses a name over 100 characters with its limit', () => {
      expect(check({ ...ada, firstName: 'A'.repeat(101) })).toMatchObject({
        ok: false,
        errors: { firstName: 'First name must be at most 100 characters' },
        missing: false,
      });
    });

    it('reports a problem of the clipboard text apart from the fields', () => {
      expect(check(ada, '\u200b')).toEqual({
        ok: false,
        errors: {},
        missing: false,
        other: CLIPBOARD_MESSAGES.noContent,
      });
    });
  });

  describe("'Email Analysis Report' (emailAnalysisRequestSchema)", () => {
    const check = (recipient: typeof ada) =>
      checkRecipient(emailAnalysisRequestSchema, { ...recipient, analysisId: ANALYSIS_ID }, REPORT_MESSAGES.missingFields);

    it('sends a complete request', () => {
      expect(check(ada)).toEqual({ ok: true, body: { ...ada, analysisId: ANALYSIS_ID } });
    });

    it('shows the same texts as the clipboard dialog', () => {
      expect(check({ email: 'a@b', firstName: '', lastName: 'L'.repeat(101) })).toEqual({
        ok: false,
        errors: {
          email: 'Please enter a valid email address',
          firstName: 'Please fill in all fields.',
          lastName: 'Last name must be at most 100 characters',
        },
        missing: true,
        other: null,
      });
    });
  });

  it('prefills the signed-in user (Email Myself), or nothing when signed out', () => {
    expect(recipientFromUser({ email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' })).toEqual(ada);
    expect(recipientFromUser(null)).toEqual(EMPTY_RECIPIENT);
    expect(isRecipientEmpty(EMPTY_RECIPIENT)).toBe(true);
    expect(isRecipientEmpty({ ...EMPTY_RECIPIENT, lastName: 'L' })).toBe(false);
  });
});
