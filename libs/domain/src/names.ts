/** Spec §3: the name shown for a user falls back to the display name, then to "User". */
export function shownName(user: { name?: string | null; displayName?: string | null }): string {
  return user.name?.trim() || user.displayName?.trim() || 'User';
}
