/**
 * The server-state API every Vere app uses (TanStack Query), and the one module the apps share for it
 * (a Module Federation singleton: one copy on the page; every area still creates its own QueryClient,
 * so caches stay separate).
 *
 * Why not share `@tanstack/react-query` itself: a shared module is bundled whole, because the build
 * cannot know what a remote deployed later will import, so the whole of TanStack Query (suspense and
 * parallel queries, hydration, prefetch helpers) was on every first paint. Sharing this list instead
 * lets the bundler drop what no name here reaches (decision 0020, like `@vere/web-router`). A remote
 * that needs another export adds it here, and the shell ships it with its next build.
 *
 * Lint forbids importing `@tanstack/react-query` anywhere else: a second copy would have its own
 * QueryClient context.
 */
export {
  QueryClient,
  QueryClientProvider,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
export type { InfiniteData, UseQueryResult } from '@tanstack/react-query';
