import { useEffect, useState } from 'react';
import { afterFirstScreen, isFirstScreenDone } from './first-screen';

/**
 * False until the shell's first screen is done (first-screen.ts), then true: for a read the user
 * does not need to see the page (a badge's count), as `useQuery`'s `enabled`.
 */
export function useAfterFirstScreen(): boolean {
  const [after, setAfter] = useState(isFirstScreenDone);
  useEffect(() => {
    if (after) return;
    let live = true;
    void afterFirstScreen().then(() => {
      if (live) setAfter(true);
    });
    return () => {
      live = false;
    };
  }, [after]);
  return after;
}
