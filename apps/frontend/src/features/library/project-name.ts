import { PROJECT_NAME_MAX_CHARS } from '@archlens/contracts/library';
import { serverMessageOf } from '../../api/error-message';
import { LIBRARY_TEXTS } from './texts';

/**
 * What is wrong with a project name before it is sent, by the contract's rule (1 to 80 characters
 * once trimmed); null when it may be sent. Whether it is taken is the server's to say.
 */
export function projectNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return LIBRARY_TEXTS.nameDialog.required;
  if (trimmed.length > PROJECT_NAME_MAX_CHARS) return LIBRARY_TEXTS.nameDialog.tooLong;
  return null;
}

/** The words to show beside the name when the server refused it (a taken name, past 200 projects): its own message, else a plain retry. */
export function projectRefusalText(error: unknown): string {
  return serverMessageOf(error) ?? LIBRARY_TEXTS.toasts.failed;
}
