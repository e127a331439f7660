/** The part of `document` the hidden-tab rule reads (tests pass a stand-in). */
export interface VisibilitySource {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/**
 * Calls `onLongHidden` once the page has been hidden for `hiddenMs` without being shown again
 * (also when it starts hidden), and `onShown` each time it is shown. Answers the unsubscribe.
 */
export function watchVisibility(
  source: VisibilitySource,
  opts: { hiddenMs: number; onLongHidden: () => void; onShown: () => void },
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onChange = () => {
    clearTimeout(timer);
    timer = undefined;
    if (source.visibilityState === 'hidden') timer = setTimeout(opts.onLongHidden, opts.hiddenMs);
    else opts.onShown();
  };
  if (source.visibilityState === 'hidden') timer = setTimeout(opts.onLongHidden, opts.hiddenMs);
  source.addEventListener('visibilitychange', onChange);
  return () => {
    clearTimeout(timer);
    source.removeEventListener('visibilitychange', onChange);
  };
}
