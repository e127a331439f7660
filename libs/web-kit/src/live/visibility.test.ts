import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchVisibility, type VisibilitySource } from './visibility';

class FakeDocument extends EventTarget implements VisibilitySource {
  visibilityState: DocumentVisibilityState = 'visible';
  set(state: DocumentVisibilityState) {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

describe('watchVisibility', () => {
  let doc: FakeDocument;
  const onLongHidden = vi.fn();
  const onShown = vi.fn();
  beforeEach(() => {
    vi.useFakeTimers();
    doc = new FakeDocument();
    onLongHidden.mockReset();
    onShown.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('keeps the stream through a short look at another tab, closes it after a long one, reopens when shown', () => {
    watchVisibility(doc, { hiddenMs: 60_000, onLongHidden, onShown });
    doc.set('hidden');
    vi.advanceTimersByTime(59_000);
    doc.set('visible');
    vi.advanceTimersByTime(120_000);
    expect(onLongHidden).not.toHaveBeenCalled();
    expect(onShown).toHaveBeenCalledTimes(1);

    doc.set('hidden');
    vi.advanceTimersByTime(60_000);
    expect(onLongHidden).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(600_000);
    expect(onLongHidden).toHaveBeenCalledTimes(1);
    doc.set('visible');
    expect(onShown).toHaveBeenCalledTimes(2);
  });

  it('counts a page that starts hidden, and does nothing after unsubscribing', () => {
    doc.visibilityState = 'hidden';
    const stop = watchVisibility(doc, { hiddenMs: 60_000, onLongHidden, onShown });
    vi.advanceTimersByTime(60_000);
    expect(onLongHidden).toHaveBeenCalledTimes(1);

    onLongHidden.mockReset();
    doc.set('visible');
    doc.set('hidden');
    stop();
    vi.advanceTimersByTime(120_000);
    doc.set('visible');
    expect(onLongHidden).not.toHaveBeenCalled();
    expect(onShown).toHaveBeenCalledTimes(1);
  });
});
