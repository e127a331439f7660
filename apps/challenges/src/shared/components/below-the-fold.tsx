import { Component, Suspense, startTransition, useEffect, useRef, useState } from 'react';
import type { ComponentType, ErrorInfo, ReactNode } from 'react';
import { useRetryableLazy } from '@vere/web-kit';
import { afterFirstScreen, reportClientError } from '@vere/web-session';
import { ErrorCard } from '@vere/web-ui';

/** How far below the screen the user may scroll before the part is asked for at once. */
const NEAR_PX = 100;

interface BelowTheFoldProps {
  /** The part's code, split off (a module-level function: a new one would load it again). */
  load: () => Promise<ComponentType>;
  /** Holds the part's place, about as tall, until it has arrived. */
  placeholder: ReactNode;
  /** Names the part in the error report. */
  name: string;
  /** The card's title when its code does not arrive ("Couldn't load the leaderboard"). */
  failedTitle: string;
}

/**
 * A part of a page under its first screen (the hub's "For you" and leaderboards): its code and
 * data wait for the shell's first screen (web-session's afterFirstScreen) or for the user to
 * scroll near it, whichever comes first, so it never competes with what the user sees first
 * (issue 28). If its code does not arrive, a card says so and asks for it again; the page stays.
 */
export function BelowTheFold({ load, placeholder, name, failedTitle }: BelowTheFoldProps) {
  const place = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);
  // A part whose code failed is asked for anew on Try Again (web-kit, decision 0067).
  const { Component: Part, failures, failed } = useRetryableLazy(load);

  useEffect(() => {
    if (wanted) return;
    let live = true;
    // A transition: React renders the part in slices between the browser's own work, not in one
    // long task while the user may already be using the screen above (Lighthouse's blocking time).
    void afterFirstScreen().then(() => {
      if (live) startTransition(() => setWanted(true));
    });
    const target = place.current;
    const observer =
      target && typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setWanted(true), {
            rootMargin: `0px 0px ${NEAR_PX}px 0px`,
          })
        : null;
    if (observer && target) observer.observe(target);
    return () => {
      live = false;
      observer?.disconnect();
    };
  }, [wanted]);

  return (
    <div ref={place}>
      {wanted ? (
        <PartBoundary key={failures} name={name} failedTitle={failedTitle} onRetry={failed}>
          <Suspense fallback={placeholder}>
            <Part />
          </Suspense>
        </PartBoundary>
      ) : (
        placeholder
      )}
    </div>
  );
}

interface BoundaryProps {
  name: string;
  failedTitle: string;
  onRetry: () => void;
  children: ReactNode;
}

/** The part's code did not arrive (or it threw): the page above stays, this card offers a retry. */
class PartBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    reportClientError({
      kind: 'render',
      source: `challenges:${this.props.name}`,
      message: error.message || error.name,
      stack: `${error.stack ?? ''}${info.componentStack ?? ''}`,
    });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorCard
        title={this.props.failedTitle}
        message="The rest of the page works. Check your connection and try again."
        onRetry={this.props.onRetry}
      />
    );
  }
}
