import { emailClipboardResponseSchema, type EmailClipboardRequest, type EmailClipboardResponse } from '@archlens/contracts/clipboard';
import { API_PATHS } from '@archlens/contracts/paths';
import { apiRequest } from '../../../api/client';

/** The Working Clipboard's one call; throws `HttpError` ("{status}: {body}") on a non-OK answer. */
export const clipboardApi = {
  /** `POST /api/email-clipboard` JSON {email, firstName, lastName, clipboardText}. */
  email: (body: EmailClipboardRequest): Promise<EmailClipboardResponse> =>
    apiRequest(API_PATHS.emailClipboard, { method: 'POST', json: body, schema: emailClipboardResponseSchema }),
};
