import '@vere/web-ui/styles.css';
import { Suspense, lazy, useState } from 'react';
import type { ReactNode } from 'react';
import { Route, Routes } from '@vere/web-router';
import { QueryClient, QueryClientProvider } from '@vere/web-query';
import { LoadingScreen } from '@vere/web-ui';
import { HubPage } from './features/hub/hub-page';
import { AreaNotFound } from '@vere/web-kit';
import { useQuestsSync } from './features/sync/use-quests-sync';
import './challenges.css';

// The hub (`/`, the first screen after sign-in) is in the App chunk; the weekly pages, with their
// swipe gestures and dialogs, load when opened (decision 0020).
const WeeklyPage = lazy(() => import('./features/weekly/weekly-page').then((m) => ({ default: m.WeeklyPage })));
const PacksPage = lazy(() => import('./features/weekly/packs-page').then((m) => ({ default: m.PacksPage })));

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingScreen fullScreen={false} message="Loading..." />}>{children}</Suspense>;
}

/** Exposed as `challenges/App`. Paths are relative to the shell's catch-all route, i.e. to `/`. */
export default function ChallengesApp() {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <QuestsSync />
      <div data-remote="challenges" className="ch-root">
        <Routes>
          <Route index element={<HubPage />} />
          <Route path="challenges" element={<Page><WeeklyPage /></Page>} />
          <Route path="challenges/:challengeId" element={<Page><WeeklyPage /></Page>} />
          <Route path="weekly" element={<Page><WeeklyPage /></Page>} />
          <Route path="packs" element={<Page><PacksPage /></Page>} />
          <Route path="*" element={<AreaNotFound description="This challenge wandered off. Head back to the hub." backTo="/" backLabel="Back to Challenges" />} />
        </Routes>
      </div>
    </QueryClientProvider>
  );
}

function QuestsSync() {
  useQuestsSync();
  return null;
}
