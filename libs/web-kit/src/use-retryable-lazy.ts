import { lazy, useCallback, useMemo, useState } from 'react';
import type { ComponentType } from 'react';

/**
 * A code-split part that can be asked for again after its code failed to arrive (decision 0067).
 * React.lazy keeps its first failure for good, so each reported failure makes a new lazy component.
 * `load` must be a module-level function (it is a dependency of the memo). Call `failed()` from the
 * part's error boundary (the shell's OptionalPart onError, BelowTheFold's Try Again in challenges);
 * `failures` counts those calls.
 */
export function useRetryableLazy<P extends object>(load: () => Promise<ComponentType<P>>) {
  const [failures, setFailures] = useState(0);
  // `failures` is what makes a new component: a dependency on purpose, unused in the body.
  const Component = useMemo(() => lazy(() => load().then((part) => ({ default: part }))), [load, failures]);
  const failed = useCallback(() => setFailures((n) => n + 1), []);
  return { Component, failures, failed };
}
