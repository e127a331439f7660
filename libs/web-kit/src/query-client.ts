import { QueryClient } from '@vere/web-query';

/**
 * Every area's QueryClient. Reads follow the browser's connection (TanStack Query's `online` mode):
 * offline, a read pauses instead of failing, so what was loaded stays on screen, and it runs again
 * when the connection returns (`refetchOnReconnect`). Actions (mutations) are sent at once whatever
 * the browser says, so an action offline fails and says so (`actionErrorMessage`) instead of
 * spinning until the connection returns.
 */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, networkMode: 'online', refetchOnReconnect: true },
      mutations: { networkMode: 'always' },
    },
  });
}
