import { deleteAccountResponseSchema, type DeleteAccountResponse } from '@archlens/contracts/auth';
import { API_PATHS } from '@archlens/contracts/paths';
import { apiRequest } from '../../../api/client';
import { downloadFile, saveFile } from '../../../api/download';

/** The name the export is saved under when the server names none (it does: `archlens-export-YYYY-MM-DD.zip`). */
const EXPORT_FALLBACK_NAME = 'archlens-export.zip';

/** The user's own data: the ZIP export and the account's deletion. */
export const accountApi = {
  /**
   * `GET /api/account/export`, handed to the browser's download as a ZIP.
   * @throws HttpError for a refusal (401 signed out, 503/504 when a service cannot answer)
   */
  downloadExport: async (): Promise<void> => saveFile(await downloadFile(API_PATHS.accountExport, EXPORT_FALLBACK_NAME)),
  /**
   * `DELETE /api/account` JSON `{password}`: the account and everything in it are deleted and the
   * session cookie is cleared.
   * @throws HttpError 403 `account.password-incorrect` (nothing deleted), 429, 503/504
   */
  deleteAccount: (password: string): Promise<DeleteAccountResponse> =>
    apiRequest(API_PATHS.deleteAccount, { method: 'DELETE', json: { password }, schema: deleteAccountResponseSchema }),
};
