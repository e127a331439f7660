import { Suspense, lazy, useEffect, useState } from 'react';
import { START_TOUR_EVENT } from '@vere/web-kit';
import { useAfterFirstScreen } from '@vere/web-session';
import type { TourName } from '@vere/web-kit';
import { OptionalPart } from '../../../shared/components/optional-part';

const GuidedStart = lazy(() =>
  import(/* webpackChunkName: "guided-start" */ './guided-start').then((m) => ({ default: m.GuidedStart })),
);

/**
 * The guided start's place in the frame. Most visits show none of it (the intro once after sign-up,
 * each tour once), so its code is not on the first screen's path (issue 28): it loads once the
 * first screen is done (web-session's `useAfterFirstScreen`), or at once when a tour is asked for
 * before that (the request is passed on). If its code does not arrive it is left out
 * (OptionalPart): the intro shows on the next visit, as it does when the intro's own code fails.
 */
export function DeferredGuidedStart() {
  const afterFirstScreen = useAfterFirstScreen();
  const [requestedTour, setRequestedTour] = useState<TourName | null>(null);
  const ready = afterFirstScreen || requestedTour !== null;
  useEffect(() => {
    if (ready) return undefined;
    const onStart = (event: Event) => setRequestedTour((event as CustomEvent<TourName>).detail);
    window.addEventListener(START_TOUR_EVENT, onStart);
    return () => window.removeEventListener(START_TOUR_EVENT, onStart);
  }, [ready]);
  if (!ready) return null;
  return (
    <OptionalPart name="guided start">
      <Suspense fallback={null}>
        <GuidedStart requestedTour={requestedTour} />
      </Suspense>
    </OptionalPart>
  );
}
