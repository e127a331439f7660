import { useEffect, useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CelebrationHost, ToastHost } from '@vere/web-ui';
import { AppErrorBoundary } from './errors/app-crash';
import { listenForNotificationTaps } from './notifications';
import { routes } from './routes';

const router = createBrowserRouter(routes);

export function App() {
  // The frame's own server state (the plan in the user block). Remotes keep their own clients.
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } }));
  useEffect(() => listenForNotificationTaps((path) => void router.navigate(path)), []);
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <ToastHost />
        <CelebrationHost />
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
