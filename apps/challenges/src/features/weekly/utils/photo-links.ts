import type { WeeklyVictory } from '@vere/contracts';

/**
 * Signed links of photos this page uploaded (`POST /api/quests/me/photos` answers one), kept in
 * memory until they expire, so a victory's proof photo shows before the API hands out a link of
 * its own (`proofPhotoUrl`, when it gives one).
 */
const uploaded = new Map<string, { url: string; expiresAt: number }>();

export function rememberPhotoLink(photo: { id: string; url: string; expiresAt: string }): void {
  uploaded.set(photo.id, { url: photo.url, expiresAt: Date.parse(photo.expiresAt) });
}

/** The victory's proof photo link, or null when there is none (or none that still works). */
export function victoryPhotoUrl(
  victory: WeeklyVictory & { proofPhotoUrl?: string | null },
  now = Date.now(),
): string | null {
  if (victory.proofPhotoUrl) return victory.proofPhotoUrl;
  if (!victory.proofPhotoId) return null;
  const known = uploaded.get(victory.proofPhotoId);
  return known && known.expiresAt > now ? known.url : null;
}
