import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { ToastHost } from '@vere/web-ui';
import { routes } from './routes';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <ToastHost />
    </>
  );
}
