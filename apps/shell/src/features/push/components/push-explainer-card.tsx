import { useEffect, useId, useRef, useState } from 'react';
import { enablePush, mayAskForPush, pushSupported, rememberPushAnswer, syncPush } from '@vere/web-kit';
import { Button, notify } from '@vere/web-ui';
import './push-explainer-card.css';

export const PUSH_ON_MESSAGE = 'Notifications are on for this browser';
export const PUSH_BLOCKED_MESSAGE =
  'Your browser is blocking notifications from Vere. You can allow them in its site settings.';
export const PUSH_FAILED_MESSAGE = 'Notifications could not be turned on. Try again from Settings.';

/**
 * Issue 25 (decision 0054): Vere asks for push at a moment that explains itself, right after the
 * player's first completion, never on first load. This card comes first; only its "Turn on" asks
 * the browser, whose prompt cannot be asked again once refused. "Not now" keeps it away for 30
 * days. It also re-sends this browser's subscription after a sign-in (the server may have moved it).
 * Loaded after the first screen by PushExplainer (push-explainer.tsx), which hears the completions
 * (`completions` counts them, from before this loaded too).
 */
export function PushExplainerCard({ completions }: { completions: number }) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const card = useRef<HTMLElement>(null);

  useEffect(() => {
    void syncPush().catch((error: unknown) => console.warn('[shell] push subscription not re-sent', error));
  }, []);

  useEffect(() => {
    if (completions > 0 && pushSupported() && mayAskForPush(Notification.permission)) setOpen(true);
  }, [completions]);

  // While the card floats over the page, the page keeps room for it at its end: the last things on
  // it (a victory, a button) can still be scrolled above the card and reached.
  useEffect(() => {
    const el = card.current;
    if (!open || !el) return;
    const root = document.documentElement;
    const reserve = () => root.style.setProperty('--shell-push-space', `${Math.ceil(el.offsetHeight) + 16}px`);
    reserve();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(reserve) : undefined;
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--shell-push-space');
    };
  }, [open]);

  if (!open) return null;

  const close = (answer: 'yes' | 'not-now') => {
    rememberPushAnswer(answer);
    setOpen(false);
  };

  const turnOn = async () => {
    setBusy(true);
    try {
      const state = await enablePush();
      if (state === 'on') notify.success(PUSH_ON_MESSAGE);
      else if (state === 'denied') notify.info(PUSH_BLOCKED_MESSAGE);
      // Dismissing the browser's prompt ('off') is an answer too: the card does not come back at once.
      close(state === 'off' ? 'not-now' : 'yes');
    } catch (error) {
      console.warn('[shell] push not turned on', error);
      notify.error(PUSH_FAILED_MESSAGE);
      close('not-now');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section ref={card} className="shell-push" aria-labelledby={`${ids}-title`} data-testid="push-explainer">
      <div className="shell-push__text" aria-live="polite">
        <h2 id={`${ids}-title`} className="shell-push__title">
          Nice one. Want a heads-up next time?
        </h2>
        <p className="shell-push__body">
          Vere can tap you on the shoulder when a friend wants to team up, when your pod cheers you on, and before a
          streak slips away. Never during your quiet hours, and you choose what counts in Settings.
        </p>
      </div>
      <div className="shell-push__actions">
        <Button size="sm" loading={busy} onClick={() => void turnOn()}>
          Turn on notifications
        </Button>
        <Button size="sm" variant="ghost" disabled={busy} onClick={() => close('not-now')}>
          Not now
        </Button>
      </div>
    </section>
  );
}
