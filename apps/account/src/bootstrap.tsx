import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { sessionStore } from '@vere/web-session';
import { ToastHost, applyStoredTheme } from '@vere/web-ui';
import App from './app';
import { StandaloneGate } from './standalone-gate';

// Standalone only: in the shell, the shell owns the theme, the session bootstrap and the router.
applyStoredTheme();
void sessionStore.getState().bootstrap();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <StandaloneGate name="account">
        <App />
      </StandaloneGate>
    </BrowserRouter>
    <ToastHost />
  </StrictMode>,
);
