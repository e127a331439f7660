import '@vere/web-ui/styles.css';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@vere/web-query';
import { Route, Routes } from '@vere/web-router';
import { PlaybooksPage } from './pages/playbooks-page';
import { AreaNotFound, createAppQueryClient } from '@vere/web-kit';
import { LoadingScreen } from '@vere/web-ui';

// /guides is what the Playbooks tab opens: the rest loads when the player goes further.
const GuidePage = lazy(() => import('./pages/guide-page').then((m) => ({ default: m.GuidePage })));
const StepPage = lazy(() => import('./pages/step-page').then((m) => ({ default: m.StepPage })));
const AssessmentsPage = lazy(() => import('./pages/assessments-page').then((m) => ({ default: m.AssessmentsPage })));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingScreen fullScreen={false} message="Loading..." />}>{children}</Suspense>;
}
import './playbooks.css';

/** Exposed as `playbooks/App`. Paths are relative to the shell's catch-all route, i.e. to `/`. */
export default function PlaybooksApp() {
  const [queryClient] = useState(createAppQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <div data-remote="playbooks" className="pb-root">
        <Routes>
          <Route path="guides" element={<PlaybooksPage />} />
          <Route
            path="guides/:id"
            element={
              <Lazy>
                <GuidePage />
              </Lazy>
            }
          />
          <Route
            path="guides/:id/complete"
            element={
              <Lazy>
                <GuidePage complete />
              </Lazy>
            }
          />
          <Route
            path="guides/:id/steps/:stepId"
            element={
              <Lazy>
                <StepPage />
              </Lazy>
            }
          />
          <Route
            path="assessments"
            element={
              <Lazy>
                <AssessmentsPage />
              </Lazy>
            }
          />
          <Route
            path="assessments/*"
            element={
              <Lazy>
                <AssessmentsPage />
              </Lazy>
            }
          />
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
