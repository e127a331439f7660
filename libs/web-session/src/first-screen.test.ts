import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: its moment is page-wide state. */
async function fresh() {
  vi.resetModules();
  return import('./first-screen');
}

describe('afterFirstScreen', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for the shell to say the first screen is done, and then answers at once', async () => {
    vi.useFakeTimers();
    const { afterFirstScreen, firstScreenDone } = await fresh();
    let resolved = false;
    void afterFirstScreen().then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(resolved).toBe(false);

    firstScreenDone();
    await vi.advanceTimersByTimeAsync(0);
    expect(resolved).toBe(true);

    let later = false; // a section mounted after the moment does not wait again
    void afterFirstScreen().then(() => (later = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(later).toBe(true);
  });

  it('gives up waiting after atMostMs when no shell says so (a remote on its own)', async () => {
    vi.useFakeTimers();
    const { afterFirstScreen } = await fresh();
    let resolved = false;
    void afterFirstScreen(3_000).then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(2_900);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(resolved).toBe(true);
  });
});
