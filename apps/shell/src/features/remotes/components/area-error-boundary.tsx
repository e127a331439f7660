import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { reportClientError } from '@vere/web-session';
import { ErrorCard } from '@vere/web-ui';

interface Props {
  area: string;
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Contains a failing remote to its own area: the frame and the other areas keep working. */
export class AreaErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
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
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    if (this.state.error) {
      return (
        <ErrorCard
          area={this.props.area}
          message="This part of Vere didn't load. It may be a connection issue — the rest of the app still works."
          onRetry={this.retry}
        />
      );
    }
    return this.props.children;
  }
}
