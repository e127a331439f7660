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
const AssessmentIntroPage = lazy(() =>
  import('./pages/assessment-intro-page').then((m) => ({ default: m.AssessmentIntroPage })),
);
const AssessmentQuestionsPage = lazy(() =>
  import('./pages/assessment-questions-page').then((m) => ({ default: m.AssessmentQuestionsPage })),
);
const AssessmentResultPage = lazy(() =>
  import('./pages/assessment-result-page').then((m) => ({ default: m.AssessmentResultPage })),
);
const AssessmentDashboardPage = lazy(() =>
  import('./pages/assessment-dashboard-page').then((m) => ({ default: m.AssessmentDashboardPage })),
);
const RateFriendPage = lazy(() => import('./pages/rate-friend-page').then((m) => ({ default: m.RateFriendPage })));

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
            path="assessments/dashboard"
            element={
              <Lazy>
                <AssessmentDashboardPage />
              </Lazy>
            }
          />
          <Route
            path="assessments/results/:resultId"
            element={
              <Lazy>
                <AssessmentResultPage />
              </Lazy>
            }
          />
          <Route
            path="assessments/rate/:requestId"
            element={
              <Lazy>
                <RateFriendPage />
              </Lazy>
            }
          />
          <Route
            path="assessments/:id"
            element={
              <Lazy>
                <AssessmentIntroPage />
              </Lazy>
            }
          />
          <Route
            path="assessments/:id/questions"
            element={
              <Lazy>
                <AssessmentQuestionsPage />
              </Lazy>
            }
          />
          <Route
            path="pro/assessments"
            element={
              <Lazy>
                <AssessmentsPage pro />
              </Lazy>
            }
          />
          <Route
            path="pro/assessments/:id"
            element={
              <Lazy>
                <AssessmentIntroPage pro />
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
