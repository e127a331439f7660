import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { reportClientError } from '@vere/web-session';

interface Props {
  /** Names the part in the console and in the error report. */
  name: string;
  /** Told once the part has failed (to close what opened it, say so to the user…). */
  onError?: (error: Error) => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * A part of the frame the page can do without (the push explainer, a tour, the notification
 * centre), whose code loads on demand. If that code does not arrive (a dropped connection, a
 * chunk past its load timeout) or the part throws, the part is left out and the error reported;
 * the page around it keeps working. Without it, the error reached the app's own boundary and
 * replaced every page with "Vere hit an error" (decision 0067).
 */
export class OptionalPart extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn(`[shell] ${this.props.name} left out`, error);
    reportClientError({
      kind: 'render',
      source: `shell:${this.props.name}`,
      message: error.message || error.name,
      stack: `${error.stack ?? ''}${info.componentStack ?? ''}`,
    });
    this.props.onError?.(error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
