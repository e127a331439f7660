import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '@vere/web-router';
import { sessionStore } from '@vere/web-session';
import { callbackErrorMessage, googleSignInUrl } from '@vere/web-session/accounts';
import { Button, Spinner, notify } from '@vere/web-ui';
import { useDocumentTitle } from '../shared/hooks/use-document-title';
import { safeRedirect } from '../features/auth/utils/safe-redirect';
import { AuthSingleCard } from '../features/auth/components/auth-single-card';

/** Spec §2: the success screen redirects after 2 s. */
export const CALLBACK_REDIRECT_MS = 2_000;
export const LOGGED_IN = 'Logged in successfully!';
export const GOOGLE_FAILED = 'Google login failed. Please try again.';

type Phase = { kind: 'working' } | { kind: 'done' } | { kind: 'failed'; message: string };

/**
 * /auth/callback (spec §2): where Google sign-in lands. On the web identity has already set the
 * session cookie (or put `?error=<code>` in the address); this screen trades the cookie for a
 * session. In the iOS app (opened by vere://auth/callback?code=…) it trades the one-time code
 * instead (decision 0015): the system browser's cookie never reaches the app.
 */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const error = params.get('error');
  const code = params.get('code');
  const next = safeRedirect(params.get('redirect'));
  const [phase, setPhase] = useState<Phase>(() =>
    error ? { kind: 'failed', message: callbackErrorMessage(error) } : { kind: 'working' },
  );
  const started = useRef(false);
  useDocumentTitle(phase.kind === 'failed' ? 'Authentication Failed' : 'Signing in');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (error) {
      notify.error(GOOGLE_FAILED);
      return;
    }
    // The start-up bootstrap may have signed in already, or be refreshing: refresh() shares that call.
    const { status, refresh, exchangeGoogleCode } = sessionStore.getState();
    // The code works once: out of the address (a reload must not try it again), the return path stays.
    if (code)
      navigate(next === '/' ? '/auth/callback' : `/auth/callback?redirect=${encodeURIComponent(next)}`, {
        replace: true,
      });
    const signedIn = code
      ? exchangeGoogleCode(code).then(
          () => true,
          () => false,
        )
      : status === 'signed-in'
        ? Promise.resolve(true)
        : refresh();
    void signedIn.then((ok) => {
      if (!ok) {
        notify.error(GOOGLE_FAILED);
        setPhase({ kind: 'failed', message: callbackErrorMessage('STATE_INVALID') });
        return;
      }
      notify.success(LOGGED_IN);
      setPhase({ kind: 'done' });
    });
  }, [error, code, navigate, next]);

  useEffect(() => {
    if (phase.kind !== 'done') return;
    const timer = setTimeout(() => navigate(next, { replace: true }), CALLBACK_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [phase, navigate, next]);

  return (
    <AuthSingleCard className="auth__callback" live>
      {phase.kind === 'working' ? (
        <>
          <Spinner size="lg" label={null} />
          <h1>Authenticating...</h1>
          <p className="auth__subtitle">Finishing your Google sign-in.</p>
        </>
      ) : phase.kind === 'done' ? (
        <>
          <h1>You're in!</h1>
          <p className="auth__subtitle">Taking you to Vere...</p>
          <Button size="lg" block onClick={() => navigate(next, { replace: true })}>
            Continue
          </Button>
        </>
      ) : (
        <>
          <h1>Authentication Failed</h1>
          <p className="auth__subtitle" role="alert">
            {phase.message}
          </p>
          <div className="auth__callback-actions">
            <Link className="vui-btn vui-btn--secondary vui-btn--lg vui-btn--block" to="/auth" replace>
              Go Back
            </Link>
            {/* A new round trip through Google: reloading this page would only show the same error. */}
            <a className="vui-btn vui-btn--primary vui-btn--lg vui-btn--block" href={googleSignInUrl(next)}>
              Try Again
            </a>
          </div>
        </>
      )}
    </AuthSingleCard>
  );
}
