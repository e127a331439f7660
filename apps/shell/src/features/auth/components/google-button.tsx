import { useEffect, useState } from 'react';
import { getAuthProviders, googleSignInUrl } from '@vere/web-session/accounts';
import { buttonClassName } from '@vere/web-ui';

/** Google's "G" mark (brand colours, as Google's sign-in guidelines ask). */
function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.6c0-1.6-.1-3.1-.4-4.6H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.8c4.3-4 6.9-9.9 6.9-17.1z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.6c-.5-1.4-.8-2.9-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.8c-2.1 1.4-4.8 2.3-8.5 2.3-6.2 0-11.5-4.1-13.4-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

/**
 * "Continue with Google": a plain link, because the sign-in is a full-page round trip through
 * identity and Google. Shown only when identity has a Google client configured.
 */
export function GoogleButton({ redirect }: { redirect?: string }) {
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    void getAuthProviders(controller.signal).then((p) => {
      if (!controller.signal.aborted) setOffered(p.google);
    });
    return () => controller.abort();
  }, []);
  if (!offered) return null;
  return (
    <div className="auth__providers">
      <p className="auth__divider">
        <span>or</span>
      </p>
      <a
        className={buttonClassName({ variant: 'secondary', size: 'lg', block: true, className: 'auth__google' })}
        href={googleSignInUrl(redirect)}
      >
        <GoogleMark />
        Continue with Google
      </a>
    </div>
  );
}
