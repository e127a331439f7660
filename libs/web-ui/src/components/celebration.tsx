import { useCallback, useEffect, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import type { Celebration, CelebrationQueue, CelebrationRequest } from './celebration-queue';

const CELEBRATE_EVENT = 'vere:celebrate';

type Overlay = ComponentType<{ celebration: Celebration; onDismiss(): void }>;

// The overlay (its looks, icons and confetti) and the queue that paces it are fetched on the first
// celebration, in one chunk: neither is on the first paint's path (decision 0020).
const loadOverlay = () =>
  import('./celebration-overlay').then((m) => ({
    Component: m.CelebrationOverlay,
    Queue: m.CelebrationQueue,
  }));

/** Raises the celebration overlay from any bundle (the shell's CelebrationHost shows it). */
export function celebrate(request: CelebrationRequest = {}): void {
  window.dispatchEvent(new CustomEvent<CelebrationRequest>(CELEBRATE_EVENT, { detail: request }));
}

/**
 * Mount once per page (the shell). One celebration at a time; Escape or a tap closes it early.
 * Celebrations raised while the overlay is still loading wait for it (their 3 s start when they
 * can be seen); if the load fails they are closed at once (each `onDone` runs) and the next
 * celebration tries again.
 */
export function CelebrationHost() {
  const [current, setCurrent] = useState<Celebration | null>(null);
  const [overlay, setOverlay] = useState<{ Component: Overlay } | null>(null);
  const queue = useRef<CelebrationQueue | null>(null);

  useEffect(() => {
    let alive = true;
    let loading = false;
    const waiting: CelebrationRequest[] = [];
    const load = () => {
      if (loading) return;
      loading = true;
      loadOverlay().then(
        ({ Component, Queue }) => {
          if (!alive) return;
          const q = new Queue(setCurrent);
          queue.current = q;
          setOverlay({ Component });
          for (const request of waiting.splice(0)) q.push(request);
        },
        (error: unknown) => {
          loading = false;
          console.warn('[web-ui] celebration overlay unavailable', error);
          for (const request of waiting.splice(0)) request.onDone?.();
        },
      );
    };
    const onCelebrate = (event: Event) => {
      const request = (event as CustomEvent<CelebrationRequest>).detail ?? {};
      if (queue.current) return queue.current.push(request);
      waiting.push(request);
      load();
    };
    window.addEventListener(CELEBRATE_EVENT, onCelebrate);
    return () => {
      alive = false;
      window.removeEventListener(CELEBRATE_EVENT, onCelebrate);
      queue.current?.stop();
      queue.current = null;
    };
  }, []);

  const dismiss = useCallback(() => queue.current?.dismiss(), []);
  if (!current || !overlay) return null;
  return <overlay.Component key={current.id} celebration={current} onDismiss={dismiss} />;
}
