import { apiFetch, sessionStore } from '@vere/web-session';
import { deleteMyAccount } from '@vere/web-session/accounts';

/** Erases the account (the password typed again confirms it); the session ends here too. */
export function deleteAccount(password: string): Promise<void> {
  return deleteMyAccount(apiFetch, sessionStore, password);
}
