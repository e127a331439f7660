import { Component, useEffect } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useRouteError } from 'react-router-dom';
import { reportClientError } from '@vere/web-session';
import { ErrorCard } from '@vere/web-ui';

const goToSimpleMode = () => window.location.assign('/fallback');

function report(error: unknown, componentStack = '') {
  const err = error instanceof Error ? error : new Error(String(error));
  console.error('[shell] the app failed to render', err);
  reportClientError({ kind: 'render', source: 'shell', message: err.message || err.name, stack: `${err.stack ?? ''}${componentStack}` });
}

/** Spec §2's second error card: the whole app failed, maybe a connection issue. */
export function AppCrashCard() {
  return (
    <main className="shell-standalone">
      <ErrorCard
        title="Vere hit an error"
        message="Something stopped the app from loading. It may be a connection issue — refresh to try again, or use simple mode."
        secondary={{ label: 'Simple Mode', onClick: goToSimpleMode }}
      />
    </main>
  );
}

/** The router's error element: a page that threw while rendering or loading. */
export function RouteCrash() {
  const error = useRouteError();
  useEffect(() => report(error), [error]);
  return <AppCrashCard />;
}

/** Last line of defence around everything (the router included). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    report(error, info.componentStack ?? '');
  }

  override render() {
    return this.state.failed ? <AppCrashCard /> : this.props.children;
  }
}
