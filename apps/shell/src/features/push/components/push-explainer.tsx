import { Suspense, lazy, useEffect, useState } from 'react';
import { useAppEvent } from '@vere/web-kit';
import { OptionalPart } from '../../../shared/components/optional-part';

const PushExplainerCard = lazy(() =>
  import(/* webpackChunkName: "push-explainer" */ './push-explainer-card').then((m) => ({
    default: m.PushExplainerCard,
  })),
);

/**
 * The push explainer's place in the frame (issue 25, decision 0054). Its card and the push module
 * (subscription, identity's key) are not on the first paint's path (issue 28): they load once
 * `afterFirstScreen` resolves (the shell passes the one the warm-up waits for); a completion heard
 * before that is passed on. A card that fails to load is left out (OptionalPart).
 */
export function PushExplainer({ afterFirstScreen }: { afterFirstScreen: () => Promise<void> }) {
  const [ready, setReady] = useState(false);
  const [completions, setCompletions] = useState(0);
  useEffect(() => {
    let live = true;
    void afterFirstScreen().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [afterFirstScreen]);
  useAppEvent('challenge-completed', () => setCompletions((n) => n + 1));
  if (!ready && completions === 0) return null;
  return (
    <OptionalPart name="push explainer">
      <Suspense fallback={null}>
        <PushExplainerCard completions={completions} />
      </Suspense>
    </OptionalPart>
  );
}
