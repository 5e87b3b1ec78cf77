import { attachmentFileName } from '../shared/attachment-file-name';
import { HttpError } from './client';

/*
 * File downloads (a PDF report, a CSV export, a render), apart from the API client so that the
 * header parser loads only on the screens that download.
 */

/** A file the server sent as an attachment (a PDF report, a CSV export). */
export interface DownloadedFile {
  blob: Blob;
  /** The name from `Content-Disposition`, or `fallbackName`. */
  fileName: string;
}

/**
 * GETs a file attachment with the session cookie (and `headers`), as `apiRequest` does.
 * @throws HttpError for any non-OK response (spec §7 message form)
 */
export async function downloadFile(path: string, fallbackName: string, headers: Record<string, string> = {}): Promise<DownloadedFile> {
  const response = await fetch(path, { credentials: 'include', headers });
  if (!response.ok) {
    const bodyText = await response.text().catch(() => '');
    throw new HttpError(response.status, bodyText, response.statusText);
  }
  return { blob: await response.blob(), fileName: attachmentFileName(response.headers.get('Content-Disposition')) ?? fallbackName };
}

/** Hands a downloaded file to the browser's save flow. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
