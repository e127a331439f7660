import type { DeckShaping } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';

/** Whether the player's assessment results shape their deck and recommendations. */
export function setDeckShaping(enabled: boolean): Promise<DeckShaping> {
  return apiFetch<DeckShaping>('/api/quests/me/settings/deck-shaping', { method: 'PUT', json: { enabled } });
}

/** The reads the setting changes: the decks and the recommendations. */
export const shapedQueryKeys = [
  ['quests', 'me', 'deck'],
  ['quests', 'me', 'recommendations'],
] as const;
