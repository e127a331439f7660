import { useEffect, useState } from 'react';
import { BrowserRouter, useLocation, useNavigate, useRoutes } from '@vere/web-router';
import { QueryClient, QueryClientProvider } from '@vere/web-query';
import { CelebrationHost, ToastHost } from '@vere/web-ui';
import { AppErrorBoundary, RouteErrorBoundary } from './errors/app-crash';
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
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}

export function App() {
  // The frame's own server state (the plan in the user block). Remotes keep their own clients.
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } }));
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <ToastHost />
        <CelebrationHost />
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
