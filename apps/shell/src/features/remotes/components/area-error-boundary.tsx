import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { connectivity, reportClientError } from '@vere/web-session';
import type { Connectivity } from '@vere/web-session';
import { ErrorCard } from '@vere/web-ui';

interface Props {
  area: string;
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
  connection: Connectivity;
}

/** What a failed area says: offline, that it loads by itself once back (it does: see componentDidMount). */
export function areaErrorMessage(connection: Connectivity): string {
  return connection === 'online'
    ? "This part of Vere didn't load. It may be a connection issue — try again, or refresh the page."
    : "You're offline, so this part of Vere couldn't load. It will load by itself when you're back online.";
}

/** Contains a failing remote to its own area: the frame and the other areas keep working. */
export class AreaErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, connection: connectivity.get() };
  private unsubscribe: (() => void) | null = null;

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error, connection: connectivity.get() };
  }

  override componentDidMount() {
    // An area that failed for want of a connection loads again by itself when the connection returns.
    this.unsubscribe = connectivity.subscribe((connection) => {
      if (connection === 'online' && this.state.error && this.state.connection !== 'online') this.retry();
      else this.setState({ connection });
    });
  }

  override componentWillUnmount() {
    this.unsubscribe?.();
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[shell] area "${this.props.area}" failed`, error, info.componentStack);
    reportClientError({
      kind: 'render',
      source: this.props.area,
      message: error.message || error.name,
      stack: `${error.stack ?? ''}${info.componentStack ?? ''}`,
    });
  }

  private retry = () => {
    this.setState({ error: null, connection: connectivity.get() });
    this.props.onRetry();
  };

  override render() {
    if (this.state.error) {
      return (
        <ErrorCard area={this.props.area} message={areaErrorMessage(this.state.connection)} onRetry={this.retry} />
      );
    }
    return this.props.children;
  }
}
