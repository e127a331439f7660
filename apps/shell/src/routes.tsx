import { Suspense, lazy } from 'react';
import type { RouteObject } from '@vere/web-router';
import { Navigate, useLocation } from '@vere/web-router';
import { LoadingScreen } from '@vere/web-ui';
import { areaForPath } from './shared/utils/areas';
import { RemoteArea } from './features/remotes/components/remote-area';
import { afterFirstScreen } from './features/remotes/utils/first-screen';
import { RequireAuth } from './features/guards/components/require-auth';
import { isProPath } from './features/guards/utils/pro-paths';
import { AppFrame } from './features/frame/components/app-frame';
import { DeferredGuidedStart } from './features/guided/components/deferred-guided-start';
import { PushExplainer } from './features/push/components/push-explainer';
import { FallbackPage } from './pages/fallback-page';

const AuthPage = lazy(() =>
  import(/* webpackChunkName: "auth-page" */ './pages/auth-page').then((m) => ({ default: m.AuthPage })),
);
const utility = () => import('./pages/utility-pages');
const TestPage = lazy(() => utility().then((m) => ({ default: m.TestPage })));
const MobileTestPage = lazy(() => utility().then((m) => ({ default: m.MobileTestPage })));
const SimplePage = lazy(() => utility().then((m) => ({ default: m.SimplePage })));
const DebugPage = lazy(() => utility().then((m) => ({ default: m.DebugPage })));
const TestPreAuthPage = lazy(() => utility().then((m) => ({ default: m.TestPreAuthPage })));
const PreAuthOnboardingPage = lazy(() =>
  import('./pages/pre-auth-onboarding-page').then((m) => ({ default: m.PreAuthOnboardingPage })),
);
const PersonalityTestPage = lazy(() =>
  import('./pages/personality-test-page').then((m) => ({ default: m.PersonalityTestPage })),
);
const AuthCallbackPage = lazy(() =>
  import('./pages/auth-callback-page').then((m) => ({ default: m.AuthCallbackPage })),
);
// Rarely needed, so not on the first paint's path (decisions 0020, 0063).
const RequirePro = lazy(() =>
  import('./features/guards/components/require-pro').then((m) => ({ default: m.RequirePro })),
);
const NotFoundPage = lazy(() => import('./pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const ResetPasswordPage = lazy(() =>
  import('./pages/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);

/** Every path that is not a shell page belongs to one remote area, or is not found. */
function AreaOrNotFound() {
  const { pathname } = useLocation();
  const area = areaForPath(pathname);
  if (!area) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <NotFoundPage />
      </Suspense>
    );
  }
  const remote = <RemoteArea key={area.name} area={area} />;
  return (
    <RequireAuth>
      <AppFrame
        overlay={
          <>
            <DeferredGuidedStart />
            <PushExplainer afterFirstScreen={afterFirstScreen} />
          </>
        }
      >
        {isProPath(pathname) ? (
          <Suspense fallback={<LoadingScreen message="Checking access..." />}>
            <RequirePro>{remote}</RequirePro>
          </Suspense>
        ) : (
          remote
        )}
      </AppFrame>
    </RequireAuth>
  );
}

export const routes: RouteObject[] = [
  {
    path: '/auth',
    element: (
      <Suspense fallback={<LoadingScreen />}>
        <AuthPage />
      </Suspense>
    ),
  },
  {
    path: '/auth/callback',
    element: (
      <Suspense fallback={<LoadingScreen />}>
        <AuthCallbackPage />
      </Suspense>
    ),
  },
  {
    path: '/reset-password',
    element: (
      <Suspense fallback={<LoadingScreen />}>
        <ResetPasswordPage />
      </Suspense>
    ),
  },
  { path: '/fallback', element: <FallbackPage /> },
  ...(
    [
      ['/test', <TestPage />],
      ['/mobile-test', <MobileTestPage />],
      ['/simple', <SimplePage />],
      ['/debug', <DebugPage />],
      ['/test-pre-auth', <TestPreAuthPage />],
      ['/onboarding', <PreAuthOnboardingPage />],
    ] as const
  ).map(([path, page]) => ({ path, element: <Suspense fallback={<LoadingScreen />}>{page}</Suspense> })),
  {
    path: '/personality-test',
    element: (
      <Suspense fallback={<LoadingScreen />}>
        <PersonalityTestPage />
      </Suspense>
    ),
  },
  { path: '/pods', element: <Navigate to="/connect" replace /> },
  // Remotes render their own relative <Routes> under this splat.
  { path: '*', element: <AreaOrNotFound /> },
];
