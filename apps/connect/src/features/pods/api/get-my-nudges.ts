import type { MyNudges } from '@vere/contracts';
import { useQuery } from '@vere/web-query';
import { getQueryOptions } from '@vere/web-session';
import { keys } from '../../../shared/utils/query-keys';

/** Nudges the user received today, in pods where they have not completed this week's challenge. */
export const myNudgesQueryOptions = () => getQueryOptions<MyNudges>(keys.myNudges, '/api/pods/me/nudges');

export const useMyNudges = () => useQuery(myNudgesQueryOptions());
