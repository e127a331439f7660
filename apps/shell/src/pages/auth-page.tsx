import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { Navigate, useLocation, useSearchParams } from '@vere/web-router';
import { useSession } from '@vere/web-session';
import { IconFlame, IconTrophy, IconUsers, LoadingScreen, Logo } from '@vere/web-ui';
import type { AuthRedirectState } from '../features/guards/components/require-auth';
import { useDocumentTitle } from '../shared/hooks/use-document-title';
import { hasKnownUser } from '../shared/utils/known-user';
import { takeOverPrerenderedPage } from '../features/auth/utils/prerender-handoff';
import { safeRedirect } from '../features/auth/utils/safe-redirect';
import { SignInForm } from '../features/auth/components/sign-in-form';
import { SignUpForm } from '../features/auth/components/sign-up-form';
import { GoogleButton } from '../features/auth/components/google-button';
import { isNativePlatform } from '../features/native';
import '../features/auth/components/auth.css';

type Mode = 'sign-in' | 'sign-up';

const BULLETS = [
  {
    icon: IconFlame,
    title: 'Daily sidequests',
    text: 'Quick dares that fit in 5 to 15 minutes. Swipe, accept, crush it.',
  },
  {
    icon: IconUsers,
    title: 'Friends in pods',
    text: 'Do it solo, or with your crew. Share wins and keep each other going.',
  },
  { icon: IconTrophy, title: 'Level up', text: 'Earn XP, keep your weekly streak alive and unlock new rewards.' },
];

const noSubscription = () => () => {};

/**
 * Whether this browser has had a user. False while hydrating the prerendered page (as in the
 * build, which has no storage), the stored answer afterwards.
 */
function useKnownUser(): boolean {
  return useSyncExternalStore(noSubscription, hasKnownUser, () => false);
}

export function AuthPage() {
  const status = useSession((s) => s.status);
  const knownUser = useKnownUser();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'sign-up' ? 'sign-up' : 'sign-in';
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const switched = useRef(false);
  useDocumentTitle(mode === 'sign-up' ? 'Create account' : 'Sign in');

  useEffect(() => {
    // Hydrated: the page is React's now, and so are its form submits (index.html held them back).
    takeOverPrerenderedPage();
  }, []);

  useEffect(() => {
    // Move focus to the new form's heading after a switch, so screen readers hear the change.
    if (switched.current) headingRef.current?.focus();
  }, [mode]);

  // A visitor gets the form at once (it is in the HTML the build prerendered); a browser that has
  // had a user is probably signed in, and waits for the session rather than flash the form.
  if (status === 'loading' && knownUser) return <LoadingScreen />;
  if (status === 'signed-in') {
    return <Navigate to={safeRedirect((location.state as AuthRedirectState | null)?.from)} replace />;
  }

  const switchTo = (next: Mode) => {
    switched.current = true;
    setParams(next === 'sign-up' ? { mode: 'sign-up' } : {}, { replace: true, state: location.state });
  };

  return (
    <div className="auth">
      <section className="auth__brand" aria-label="About Vere">
        <div className="auth__brand-inner">
          <Logo size={64} withWordmark={false} tone="inverse" />
          <p className="auth__brand-name">Vere</p>
          <p className="auth__tagline">Challenge Your Normal</p>
          <ul className="auth__bullets">
            {BULLETS.map(({ icon: Icon, title, text }) => (
              <li key={title}>
                <span className="auth__bullet-icon" aria-hidden="true">
                  <Icon size={24} />
                </span>
                <span>
                  <strong>{title}</strong>
                  <span className="auth__bullet-text">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div className="auth__chips" aria-hidden="true">
          <span className="auth__chip auth__chip--xp">+20 XP</span>
          <span className="auth__chip auth__chip--streak">3-week streak</span>
          <span className="auth__chip auth__chip--level">Level 5</span>
        </div>
      </section>

      <main className="auth__panel">
        <div className="auth__mobile-brand">
          <Logo size={44} />
          <p className="auth__mobile-tagline">Challenge Your Normal</p>
        </div>
        <div className="auth__card">
          <header className="auth__header">
            <h1 id={headingId} ref={headingRef} tabIndex={-1}>
              {mode === 'sign-up' ? 'Create your account' : 'Welcome back'}
            </h1>
            <p className="auth__subtitle">
              {mode === 'sign-up'
                ? 'Start your first challenge in under a minute.'
                : 'Sign in to keep your streak going.'}
            </p>
          </header>
          {mode === 'sign-up' ? <SignUpForm headingId={headingId} /> : <SignInForm headingId={headingId} />}
          {/* Not in the iOS app: Google refuses sign-in inside a web view, and the system sign-in sheet
              with a code bound to the app (decision 0015) is not built yet. */}
          {isNativePlatform() ? null : (
            <GoogleButton redirect={safeRedirect((location.state as AuthRedirectState | null)?.from)} />
          )}
          <p className="auth__switch">
            {mode === 'sign-up' ? 'Already have an account?' : 'New to Vere?'}{' '}
            <button
              type="button"
              className="auth__switch-link"
              onClick={() => switchTo(mode === 'sign-up' ? 'sign-in' : 'sign-up')}
            >
              {mode === 'sign-up' ? 'Sign in' : 'Sign up'}
            </button>
          </p>
        </div>
      </main>
    </div>
  );
}
