import { useEffect, useState } from 'react';
import { disablePush, enablePush, pushState, type PushState } from '@vere/web-kit';
import { Button, notify } from '@vere/web-ui';

const SAY: Record<PushState, string> = {
  on: 'This browser gets push notifications.',
  off: 'This browser does not get push notifications yet.',
  denied: 'Your browser is blocking notifications from Vere. Allow them in its site settings, then come back.',
  unsupported: 'This browser cannot show push notifications; the bell in the app still keeps you posted.',
};

/** Reads and changes this browser's push state; `ask` runs enablePush from the caller's click. */
export function useBrowserPush() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void pushState()
      .then((s) => live && setState(s))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, []);
  const run = async (action: () => Promise<PushState | void>) => {
    setBusy(true);
    try {
      const next = await action();
      setState(next ?? (await pushState()));
      return next;
    } catch (error) {
      console.warn('[account] push not changed', error);
      notify.error('Push notifications could not be changed on this browser. Please try again.');
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return {
    state,
    busy,
    turnOn: () => run(enablePush),
    turnOff: () => run(disablePush),
  };
}

/** Under the Push switch: what this browser does, and the one button that changes it. */
export function BrowserPushLine(props: { id: string; push: ReturnType<typeof useBrowserPush> }) {
  const { state, busy, turnOn, turnOff } = props.push;
  if (!state) return null;
  return (
    <div className="ac-notify__device" data-testid="browser-push" data-state={state}>
      <p className="ac-muted ac-notify__hint" id={props.id} role="status">
        {SAY[state]}
      </p>
      {state === 'off' ? (
        <Button size="sm" variant="secondary" loading={busy} onClick={() => void turnOn()}>
          Turn on for this browser
        </Button>
      ) : null}
      {state === 'on' ? (
        <Button size="sm" variant="ghost" loading={busy} onClick={() => void turnOff()}>
          Turn off for this browser
        </Button>
      ) : null}
    </div>
  );
}
