import type { PackSummary } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';

/** Puts the pack's dares first in the deck; the server refuses a Pro-only or locked pack (403). */
export function addPack(packId: string): Promise<PackSummary> {
  return apiFetch<PackSummary>(`/api/quests/me/packs/${encodeURIComponent(packId)}`, { method: 'PUT' });
}
