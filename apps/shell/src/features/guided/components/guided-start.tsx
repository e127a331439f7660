import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from '@vere/web-router';
import { START_TOUR_EVENT, useRetryableLazy } from '@vere/web-kit';
import type { TourName } from '@vere/web-kit';
import { reportClientError, shouldShowIntro, useSession } from '@vere/web-session';
import { notify } from '@vere/web-ui';
import type { Milestone } from '@vere/contracts';
import { recordMilestone } from '../api/record-milestone';
import { TOUR_PATHS, isChallengesPath } from '../utils/tours';
import { OptionalPart } from '../../../shared/components/optional-part';

// Only a new user sees it: it stays off the first paint's path (decision 0020).
const IntroDialog = lazy(() => import('./intro-dialog').then((m) => ({ default: m.IntroDialog })));
// A tour shows once per user (or on request): its steps and card load when it starts.
const loadTour = () => import('./guided-tour').then((m) => m.GuidedTour);

/** The challenge page's tour waits this long for the page's elements to render. */
const CHALLENGES_TOUR_DELAY_MS = 800;

async function record(milestone: Milestone): Promise<void> {
  try {
    await recordMilestone(milestone);
  } catch (error) {
    // Shown again on the next visit at worst; tell the user and keep the reason.
    notify.error("We couldn't save that you finished the tour. You may see it again.");
    reportClientError({ kind: 'error', source: 'shell', message: `milestone ${milestone}: ${String(error)}` });
  }
}

/**
 * The guided start of the signed-in area: the post-sign-up intro (spec §4), then the home tour;
 * the challenge page's tour on a first visit after that; any tour on request (START_TOUR_EVENT).
 * What is done is kept on the server, so it stays done after a reload and on other devices.
 */
export function GuidedStart({ requestedTour = null }: { requestedTour?: TourName | null } = {}) {
  const user = useSession((s) => s.user);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [introOpen, setIntroOpen] = useState(() => shouldShowIntro(user));
  const [tour, setTour] = useState<TourName | null>(null);
  // After a failed load no tour starts by itself on this page load; one asked for again loads anew.
  const { Component: GuidedTour, failures: tourFailures, failed: tourFailed } = useRetryableLazy(loadTour);
  const requested = useRef(false);

  useEffect(() => {
    const start = (name: TourName) => {
      if (!(name in TOUR_PATHS)) return;
      navigate(TOUR_PATHS[name]);
      requested.current = true;
      setTour(name);
    };
    const onStart = (event: Event) => start((event as CustomEvent<TourName>).detail);
    window.addEventListener(START_TOUR_EVENT, onStart);
    return () => window.removeEventListener(START_TOUR_EVENT, onStart);
  }, [navigate]);
  // A tour asked for before this component's code had loaded (DeferredGuidedStart heard it).
  useEffect(() => {
    if (requestedTour) window.dispatchEvent(new CustomEvent(START_TOUR_EVENT, { detail: requestedTour }));
  }, [requestedTour]);

  const seen = user?.tutorialsSeen ?? [];
  const challengesTourDue =
    !introOpen &&
    tour === null &&
    tourFailures === 0 &&
    isChallengesPath(pathname) &&
    seen.includes('home') &&
    !seen.includes('challenges');
  useEffect(() => {
    if (!challengesTourDue) return undefined;
    const timer = setTimeout(() => setTour('challenges'), CHALLENGES_TOUR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [challengesTourDue]);

  if (introOpen) {
    return (
      // Its code not arriving leaves the intro out this time (not recorded: it shows on the next visit).
      <OptionalPart name="intro" onError={() => setIntroOpen(false)}>
        <Suspense fallback={null}>
          <IntroDialog
            onDone={(outcome) => {
              setIntroOpen(false);
              void record('onboarding');
              if (outcome === 'finished') {
                navigate('/');
                setTour('home');
              }
            }}
          />
        </Suspense>
      </OptionalPart>
    );
  }
  if (tour) {
    return (
      <OptionalPart
        key={tour}
        name="tour"
        onError={() => {
          setTour(null);
          tourFailed();
          if (requested.current) notify.error("The tour didn't load. Check your connection and try again.");
          requested.current = false;
        }}
      >
        <Suspense fallback={null}>
          <GuidedTour
            key={tour}
            name={tour}
            onDone={() => {
              requested.current = false;
              setTour(null);
              void record(tour === 'home' ? 'tutorial-home' : 'tutorial-challenges');
            }}
          />
        </Suspense>
      </OptionalPart>
    );
  }
  return null;
}
