import { useStore } from 'zustand';
import { sessionStore } from './session';
import type { SessionState } from './session-store';

/**
 * Reads the shared session through a selector. Return primitives or stable references;
 * wrap derived objects in `useShallow` so components do not re-render on every change.
 */
export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}
