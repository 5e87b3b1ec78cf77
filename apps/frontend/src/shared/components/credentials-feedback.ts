import { isBlankText } from '@archlens/contracts/plain-text';

/** The two fields of the admin and VIP sign-in forms, in the order they are shown. */
export type CredentialsField = 'username' | 'password';

/** What one field shows: its error state and the text under it (' ' keeps the line's height). */
export interface FieldFeedback {
  error: boolean;
  helperText: string;
}

/**
 * Spec §5 admin and VIP login: username and password are both required. Once the form has been
 * submitted, every empty field is marked as an error, but the required text ('Username and
 * password are required') is shown once, under the first empty field, rather than repeated under
 * both. A username of only spaces or invisible characters is empty, as the server reads it
 * (`usernameField`); a password is taken as typed (`signInPasswordField`: spaces are characters).
 * @param submitted false until the first submit: nothing is marked before it
 * @returns what each field shows, the first empty field (to focus), and whether both are filled
 */
export function credentialsFeedback(
  values: { username: string; password: string },
  requiredText: string,
  submitted: boolean,
): { username: FieldFeedback; password: FieldFeedback; firstMissing: CredentialsField | null; complete: boolean } {
  const missing: CredentialsField[] = [];
  if (isBlankText(values.username)) missing.push('username');
  if (values.password === '') missing.push('password');
  const firstMissing = missing[0] ?? null;
  const feedback = (field: CredentialsField): FieldFeedback => {
    const shown = submitted && missing.includes(field);
    return { error: shown, helperText: shown && field === firstMissing ? requiredText : ' ' };
  };
  return { username: feedback('username'), password: feedback('password'), firstMissing, complete: firstMissing === null };
}
