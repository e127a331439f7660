import { useQuery } from '@vere/web-query';
import type { PlaybookList } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';

export const playbooksQueryKey = ['quests', 'playbooks'] as const;

/** Every playbook with the caller's state; quests decides locked/available (level, Pro). */
export const playbooksQueryOptions = () => getQueryOptions<PlaybookList>(playbooksQueryKey, '/api/quests/playbooks');

export const usePlaybooks = () => useQuery(playbooksQueryOptions());
