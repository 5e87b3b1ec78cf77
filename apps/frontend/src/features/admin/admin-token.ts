/**
 * The admin bearer token: kept in the browser's local storage after admin login, removed
 * on logout and whenever the server refuses it.
 */
export const ADMIN_TOKEN_STORAGE_KEY = 'archlens_admin_token';

/** The stored token, or null (also when storage is unavailable). */
export function readAdminToken(): string | null {
  try {
    return window.localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Stores the token after a successful admin login. */
export function storeAdminToken(token: string): void {
  window.localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, token);
}

/** Removes the token (logout, or refused by the server). */
export function removeAdminToken(): void {
  try {
    window.localStorage.removeItem(ADMIN_TOKEN_STORAGE_KEY);
  } catch {
    // nothing stored that could be removed
  }
}
