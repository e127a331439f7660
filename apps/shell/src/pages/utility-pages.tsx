import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from '@vere/web-router';
import { resetPreAuthOnboarding, shouldShowPreAuthOnboarding } from '@vere/web-session';
import { Button, IconCheck, buttonClassName } from '@vere/web-ui';
import { useDocumentTitle } from '../shared/hooks/use-document-title';

/** The spec's utility pages (§2 route map): small checks an operator or a tester opens by hand. */

function Utility({ title, eyebrow = 'Utility', children }: { title: string; eyebrow?: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <main className="shell-standalone">
      <div className="shell-standalone__card">
        <p className="vui-eyebrow">{eyebrow}</p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** /test: the app is up and rendering. */
export function TestPage() {
  return (
    <Utility title="Vere is working">
      <p className="shell-standalone__text" data-testid="working-check">
        <IconCheck size={18} /> The shell loaded and is rendering.
      </p>
      <Link to="/" className={buttonClassName({ size: 'lg' })}>
        Go to the app
      </Link>
    </Utility>
  );
}

const MOBILE_BREAKPOINT = 768;

function useViewport() {
  const read = () => ({ width: window.innerWidth, height: window.innerHeight });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

/** /mobile-test: viewport size and whether the phone layout applies. */
export function MobileTestPage() {
  const { width, height } = useViewport();
  const mobile = width < MOBILE_BREAKPOINT;
  const touch = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  return (
    <Utility title="Mobile check">
      <dl className="shell-utility__facts">
        <dt>Viewport</dt>
        <dd data-testid="viewport">
          {width} × {height}
        </dd>
        <dt>Layout</dt>
        <dd data-testid="layout">{mobile ? 'Mobile' : 'Desktop'}</dd>
        <dt>Touch screen</dt>
        <dd>{touch ? 'Yes' : 'No'}</dd>
      </dl>
      <Link to="/" className={buttonClassName({ size: 'lg' })}>
        Home
      </Link>
    </Utility>
  );
}

/** /simple: routing works; shows the time it rendered. */
export function SimplePage() {
  const [now] = useState(() => new Date());
  return (
    <Utility title="Routing works">
      <p className="shell-standalone__text">
        Rendered at{' '}
        <time dateTime={now.toISOString()} data-testid="simple-time">
          {now.toLocaleTimeString()}
        </time>
      </p>
      <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
        Home
      </Link>
    </Utility>
  );
}

/** /debug: a marker that the build and the router are this one. */
export function DebugPage() {
  const [crash, setCrash] = useState(false);
  if (crash) throw new Error('Simulated render error from /debug');
  return (
    <Utility title="Debug" eyebrow="Marker">
      <p className="shell-standalone__text" data-testid="debug-marker">
        vere-shell debug marker
      </p>
      {/* Exercises the app-wide error card and error reporting on a real build. */}
      <Button variant="secondary" onClick={() => setCrash(true)}>
        Simulate a crash
      </Button>
    </Utility>
  );
}

/** /test-pre-auth: would the pre-auth onboarding show to this browser? And a reset to see it again. */
export function TestPreAuthPage() {
  const [shows, setShows] = useState(() => shouldShowPreAuthOnboarding());
  return (
    <Utility title="Pre-auth onboarding check">
      <dl className="shell-utility__facts">
        <dt>Onboarding would show</dt>
        <dd data-testid="pre-auth-would-show">{shows ? 'Yes' : 'No'}</dd>
      </dl>
      <p className="shell-standalone__text">
        It shows to visitors who have not completed it and have never signed in on this browser.
      </p>
      <div className="shell-standalone__actions">
        <Button
          variant="secondary"
          onClick={() => {
            resetPreAuthOnboarding();
            setShows(shouldShowPreAuthOnboarding());
          }}
        >
          Reset onboarding
        </Button>
        <Link to="/onboarding" className={buttonClassName()}>
          Open onboarding
        </Link>
      </div>
    </Utility>
  );
}
