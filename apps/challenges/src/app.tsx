import { useState } from 'react';
import { Route, Routes } from '@vere/web-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { HubPage } from './features/hub/hub-page';
import { WeeklyPage } from './features/weekly/weekly-page';
import { PacksPage } from './features/weekly/packs-page';
import { AreaNotFound } from '@vere/web-kit';
import { useQuestsSync } from './features/sync/use-quests-sync';
import './challenges.css';

/** Exposed as `challenges/App`. Paths are relative to the shell's catch-all route, i.e. to `/`. */
export default function ChallengesApp() {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <QuestsSync />
      <div data-remote="challenges" className="ch-root">
        <Routes>
          <Route index element={<HubPage />} />
          <Route path="challenges" element={<WeeklyPage />} />
          <Route path="challenges/:challengeId" element={<WeeklyPage />} />
          <Route path="weekly" element={<WeeklyPage />} />
          <Route path="packs" element={<PacksPage />} />
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
