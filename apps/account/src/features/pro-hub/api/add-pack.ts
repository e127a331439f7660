import type { PackSummary } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';

/** Puts a pack's dares first in the player's deck (quests refuses a pack the player may not add). */
export function addPack(packId: string): Promise<PackSummary> {
  return apiFetch<PackSummary>(`/api/quests/me/packs/${encodeURIComponent(packId)}`, { method: 'PUT' });
}
