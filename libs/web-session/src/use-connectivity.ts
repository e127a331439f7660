import { useSyncExternalStore } from 'react';
import { connectivity } from './connectivity';
import type { Connectivity } from './connectivity';

/** Whether Vere can be reached now (see connectivity.ts); re-renders when that changes. */
export function useConnectivity(): Connectivity {
  return useSyncExternalStore(connectivity.subscribe, connectivity.get, () => 'online');
}
