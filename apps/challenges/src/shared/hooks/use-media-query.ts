import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following changes (e.g. the desktop layout's width). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** The desktop layout (side panels) starts at this width, as in challenges.css. */
export const DESKTOP_QUERY = '(min-width: 1024px)';
