import '@vere/web-ui/styles.css';
import { Suspense, lazy, useState } from 'react';
import type { ReactNode } from 'react';
import { Route, Routes } from '@vere/web-router';
import { QueryClientProvider, useQueryClient } from '@vere/web-query';
import { LoadingScreen } from '@vere/web-ui';
import { AreaNotFound, createAppQueryClient, useAppEvent } from '@vere/web-kit';
import { limitsQueryKey } from './features/deck/api/get-limits';
import { leaderboardQueryKey } from './features/leaderboard/api/get-leaderboard';
import { todosQueryKey } from './features/todos/api/get-todos';
import { HubPage } from './pages/hub-page';
import { progressQueryKey } from './shared/api/get-progress';
import './challenges.css';

// The hub (`/`, the first screen after sign-in) is in the App chunk, but for its sections under the
// first screen (pages/hub-sections.tsx, after it); the weekly pages, with their swipe gestures and
// dialogs, load when opened (decision 0020).
const WeeklyPage = lazy(() => import('./pages/weekly-page').then((m) => ({ default: m.WeeklyPage })));
const PacksPage = lazy(() => import('./pages/packs-page').then((m) => ({ default: m.PacksPage })));

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingScreen fullScreen={false} message="Loading..." />}>{children}</Suspense>;
}

/** Exposed as `challenges/App`. Paths are relative to the shell's catch-all route, i.e. to `/`. */
export default function ChallengesApp() {
  const [queryClient] = useState(createAppQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <QuestsSync />
      <div data-remote="challenges" className="ch-root">
        <Routes>
          <Route index element={<HubPage />} />
          <Route
            path="challenges"
            element={
              <Page>
                <WeeklyPage />
              </Page>
            }
          />
          <Route
            path="challenges/:challengeId"
            element={
              <Page>
                <WeeklyPage />
              </Page>
            }
          />
          <Route
            path="weekly"
            element={
              <Page>
                <WeeklyPage />
              </Page>
            }
          />
          <Route
            path="packs"
            element={
              <Page>
                <PacksPage />
              </Page>
            }
          />
          <Route
            path="*"
            element={
              <AreaNotFound
                description="This challenge wandered off. Head back to the hub."
                backTo="/"
                backLabel="Back to Challenges"
              />
            }
          />
        </Routes>
      </div>
    </QueryClientProvider>
  );
}

/**
 * Spec §7.3: whoever changes XP, to-dos or swipes (this remote, the weekly page, another remote)
 * says so with a browser event; this remote's cached reads follow.
 */
function QuestsSync() {
  const client = useQueryClient();
  useAppEvent('xp-updated', () => {
    void client.invalidateQueries({ queryKey: progressQueryKey });
    void client.invalidateQueries({ queryKey: leaderboardQueryKey });
    void client.invalidateQueries({ queryKey: limitsQueryKey }); // a level can add bonus swipes
  });
  useAppEvent('todo-updated', () => void client.invalidateQueries({ queryKey: todosQueryKey }));
  useAppEvent('swipe-updated', () => void client.invalidateQueries({ queryKey: limitsQueryKey }));
  useAppEvent('weekly-completed', () => void client.invalidateQueries({ queryKey: progressQueryKey }));
  return null;
}
