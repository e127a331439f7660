/**
 * The keys of this remote's cached reads from the pods service, in one place because a change made
 * in one feature refreshes what another shows (a report hides a pod's post; a chat closed by a
 * block changes the friend lists). The user's own pods are `myPodsQueryKey` in `@vere/web-kit`
 * (the challenges remote reads them too).
 */
export const keys = {
  friends: ['pods', 'friends'] as const,
  requests: ['pods', 'friends', 'requests'] as const,
  blocks: ['pods', 'blocks'] as const,
  allowance: ['pods', 'me', 'allowance'] as const,
  /** Nudges received today (the Connect hub). */
  myNudges: ['pods', 'me', 'nudges'] as const,
  /** Every username search. */
  searches: ['pods', 'search'] as const,
  search: (q: string) => ['pods', 'search', q] as const,
  /** Every pod page. */
  pods: ['pods', 'pod'] as const,
  pod: (podId: string) => ['pods', 'pod', podId] as const,
  podLog: (podId: string) => ['pods', 'pod', podId, 'log'] as const,
  /** A pod's playbooks with every member's progress (decision 0041). */
  podPlaybooks: (podId: string) => ['pods', 'pod', podId, 'playbooks'] as const,
  invite: (code: string) => ['pods', 'invite', code] as const,
};

/** What a change of friendship (a request, an answer, a removal, a block, a report) can change. */
export const FRIENDSHIP_KEYS = [keys.friends, keys.requests, keys.searches] as const;

export const chatKeys = {
  all: ['pods', 'chat'] as const,
  chat: (friendId: string) => ['pods', 'chat', friendId] as const,
  unread: ['pods', 'chat', 'unread'] as const,
};
