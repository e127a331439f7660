import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { reportClientError } from '@vere/web-session';
import { ErrorCard } from '@vere/web-ui';

const goToSimpleMode = () => window.location.assign('/fallback');

function report(error: unknown, componentStack = '') {
  const err = error instanceof Error ? error : new Error(String(error));
  console.error('[shell] the app failed to render', err);
  reportClientError({
    kind: 'render',
    source: 'shell',
    message: err.message || err.name,
    stack: `${err.stack ?? ''}${componentStack}`,
  });
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

interface BoundaryProps {
  children: ReactNode;
  /** When this changes (the shell passes the path), a failed boundary tries its children again. */
  resetKey?: string;
}

/** Around the routes (reset by a change of path) and, as `AppErrorBoundary`, around everything. */
export class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    report(error, info.componentStack ?? '');
  }

  override render() {
    return this.state.failed ? <AppCrashCard /> : this.props.children;
  }
}

/** Last line of defence around everything (the router included). */
export class AppErrorBoundary extends RouteErrorBoundary {}
