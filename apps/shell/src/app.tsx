import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { BrowserRouter, MemoryRouter, useLocation, useNavigate, useRoutes } from '@vere/web-router';
import { QueryClientProvider } from '@vere/web-query';
import { createAppQueryClient } from '@vere/web-kit';
import { CelebrationHost, ToastHost } from '@vere/web-ui';
import { AppErrorBoundary, RouteErrorBoundary } from './features/errors/components/app-crash';
import { startNativeApp } from './features/native';
import { listenForNotificationTaps } from './notifications';
import { routes } from './routes';

/**
 * The routes, inside a boundary: a page that throws shows the app-wide error card, and leaving it
 * (Back, a link) renders the next page normally.
 */
function AppRoutes() {
  const element = useRoutes(routes);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => listenForNotificationTaps((path) => void navigate(path)), [navigate]);
  useEffect(() => startNativeApp((path) => void navigate(path)), [navigate]);
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}

/**
 * `location` renders that one path outside a browser: the build prerenders `/auth` with it
 * (prerender/auth.tsx). The tree is otherwise the browser's, so the page hydrates onto the HTML.
 */
export function App({ location }: { location?: string } = {}) {
  // The frame's own server state (the plan in the user block). Remotes keep their own clients.
  const [queryClient] = useState(createAppQueryClient);
  const router = (children: ReactNode) =>
    location === undefined ? (
      <BrowserRouter>{children}</BrowserRouter>
    ) : (
      <MemoryRouter initialEntries={[location]}>{children}</MemoryRouter>
    );
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        {router(<AppRoutes />)}
        <ToastHost />
        <CelebrationHost />
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
