import '@vere/web-ui/styles.css';
import { useState } from 'react';
import { QueryClientProvider } from '@vere/web-query';
import { Route, Routes } from '@vere/web-router';
import { PlaybooksPage } from './pages/playbooks-page';
import { GuidePage } from './pages/guide-page';
import { StepPage } from './pages/step-page';
import { AssessmentsPage } from './pages/assessments-page';
import { AreaNotFound, createAppQueryClient } from '@vere/web-kit';
import './playbooks.css';

/** Exposed as `playbooks/App`. Paths are relative to the shell's catch-all route, i.e. to `/`. */
export default function PlaybooksApp() {
  const [queryClient] = useState(createAppQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <div data-remote="playbooks" className="pb-root">
        <Routes>
          <Route path="guides" element={<PlaybooksPage />} />
          <Route path="guides/:id" element={<GuidePage />} />
          <Route path="guides/:id/complete" element={<GuidePage complete />} />
          <Route path="guides/:id/steps/:stepId" element={<StepPage />} />
          <Route path="assessments" element={<AssessmentsPage />} />
          <Route path="assessments/*" element={<AssessmentsPage />} />
          <Route
            path="*"
            element={
              <AreaNotFound
                description="We couldn't find that page in Playbooks."
                backTo="/guides"
                backLabel="Back to Playbooks"
              />
            }
          />
        </Routes>
      </div>
    </QueryClientProvider>
  );
}
