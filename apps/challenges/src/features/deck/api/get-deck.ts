import { useQuery } from '@vere/web-query';
import type { Deck, SidequestType } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';

export const deckQueryKey = (type: SidequestType) => ['quests', 'me', 'deck', type] as const;

/**
 * The user's deck for their local today (decision 0036): the server leaves out every card accepted
 * or skipped today, on any device, and puts cards unseen for 30 days first.
 */
export const deckQueryOptions = (type: SidequestType) => ({
  ...getQueryOptions<Deck>(deckQueryKey(type), `/api/quests/me/deck?type=${type}`),
  staleTime: 5 * 60_000,
});

export const useDeck = (type: SidequestType) => useQuery(deckQueryOptions(type));
