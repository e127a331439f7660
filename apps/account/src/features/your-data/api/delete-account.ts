import { apiFetch, deleteMyAccount, sessionStore } from '@vere/web-session';

/** Erases the account (the password typed again confirms it); the session ends here too. */
export function deleteAccount(password: string): Promise<void> {
  return deleteMyAccount(apiFetch, sessionStore, password);
}
