import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@vere/web-router';
import { sessionStore, useSession } from '@vere/web-session';
import { Banner, LoadingScreen, ToastHost, applyStoredTheme } from '@vere/web-ui';

/** Standalone dev only: waits for the session and explains how to get one (sign in through the shell). */
function StandaloneGate({ name, children }: { name: string; children: ReactNode }) {
  const status = useSession((s) => s.status);
  if (status === 'loading') return <LoadingScreen />;
  return (
    <main style={{ padding: '24px 16px' }}>
      <div style={{ maxWidth: 1040, margin: '0 auto 16px' }}>
        <Banner tone="info">
          Standalone <strong>{name}</strong> remote.{' '}
          {status === 'signed-out'
            ? 'Signed out: sign in through the shell (http://localhost:4200/auth) and reload.'
            : null}
        </Banner>
      </div>
      {children}
    </main>
  );
}

/**
 * Mounts a remote's App on its own dev page. Inside the shell none of this runs: the shell owns
 * the theme, the session bootstrap, the router and the toasts.
 */
export function mountStandalone(name: string, App: ComponentType): void {
  applyStoredTheme();
  void sessionStore.getState().bootstrap();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <StandaloneGate name={name}>
          <App />
        </StandaloneGate>
      </BrowserRouter>
      <ToastHost />
    </StrictMode>,
  );
}
