import type { ReactNode } from 'react';
import { Logo } from '@vere/web-ui';
import './auth.css';

/** The auth card alone, with the logo above it: the reset-password and sign-in return screens. */
export function AuthSingleCard({
  children,
  className,
  live = false,
}: {
  children: ReactNode;
  className?: string;
  live?: boolean;
}) {
  return (
    <div className="auth auth--single">
      <main className="auth__panel">
        <div className="auth__mobile-brand auth__mobile-brand--always">
          <Logo size={44} />
        </div>
        <div className={className ? `auth__card ${className}` : 'auth__card'} aria-live={live ? 'polite' : undefined}>
          {children}
        </div>
      </main>
    </div>
  );
}
