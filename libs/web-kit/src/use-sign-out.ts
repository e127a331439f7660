import { useState } from 'react';
import { useNavigate } from '@vere/web-router';
import { useSession } from '@vere/web-session';
import { notify } from '@vere/web-ui';

/**
 * Signs out through the shared session, with the spec's toasts, then goes to /auth. This browser's
 * push subscription is forgotten first (issue 25), so it gets nothing meant for this account.
 */
export function useSignOut(area: string) {
  const signOut = useSession((s) => s.signOut);
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      // Loaded when needed: the push module is not on the first paint's path (issue 28). Never
      // throws, as disablePush itself: signing out must not depend on it.
      await import('./push')
        .then((push) => push.disablePush())
        .catch((error: unknown) => console.warn(`[${area}] push module not loaded`, error));
      await signOut();
      notify.success('Logged out successfully');
      navigate('/auth', { replace: true });
    } catch (error) {
      console.error(`[${area}] sign-out failed`, error);
      notify.error('Failed to log out. Please try again.');
    } finally {
      setPending(false);
    }
  };
  return { signOut: run, pending };
}
