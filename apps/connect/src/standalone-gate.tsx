import type { ReactNode } from 'react';
import { useSession } from '@vere/web-session';
import { Banner, LoadingScreen } from '@vere/web-ui';

/** Standalone dev only: waits for the session and explains how to get one (sign in through the shell). */
export function StandaloneGate({ name, children }: { name: string; children: ReactNode }) {
  const status = useSession((s) => s.status);
  if (status === 'loading') return <LoadingScreen />;
  return (
    <main style={{ padding: '24px 16px' }}>
      <div style={{ maxWidth: 1040, margin: '0 auto 16px' }}>
        <Banner tone="info">
          Standalone <strong>{name}</strong> remote.{' '}
          {status === 'signed-out' ? 'Signed out: sign in through the shell (http://localhost:4200/auth) and reload.' : null}
        </Banner>
      </div>
      {children}
    </main>
  );
}
