import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_BACKOFF, reconnectDelay } from './backoff';
import { openLiveStream, type EventSourceLike } from './live-stream';

describe('reconnectDelay', () => {
  it('doubles from the base with equal jitter (half fixed, half random) and stops at the cap', () => {
    const policy = { baseMs: 1_000, maxMs: 30_000 };
    const low = (attempt: number) => reconnectDelay(attempt, policy, () => 0);
    const high = (attempt: number) => reconnectDelay(attempt, policy, () => 1);
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(low)).toEqual([500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000]);
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(high)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(reconnectDelay(2, policy, () => 0.5)).toBe(3_000);
  });

  it('never waits 0 ms nor past the cap, whatever the attempt or the random number', () => {
    for (let attempt = -2; attempt < 80; attempt += 1) {
      const d = reconnectDelay(attempt, LIVE_BACKOFF);
      expect(d).toBeGreaterThanOrEqual(LIVE_BACKOFF.baseMs / 2);
      expect(d).toBeLessThanOrEqual(LIVE_BACKOFF.maxMs);
    }
  });
});

class FakeSource implements EventSourceLike {
  closed = false;
  private listeners = new Map<string, Array<(e: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data = '') {
    for (const l of this.listeners.get(type) ?? []) l({ data } as MessageEvent<string>);
  }
}

describe('openLiveStream', () => {
  let sources: FakeSource[];
  let tickets: number;
  let failTickets: unknown[];
  const opened = () => sources.at(-1)!;

  beforeEach(() => {
    vi.useFakeTimers();
    sources = [];
    tickets = 0;
    failTickets = [];
  });
  afterEach(() => vi.useRealTimers());

  function open(extra: Partial<Parameters<typeof openLiveStream>[0]> = {}) {
    const messages: Array<[string, unknown]> = [];
    const opens = vi.fn();
    const stream = openLiveStream({
      events: ['pod-streak-updated'],
      connectUrl: async () => {
        const failure = failTickets.shift();
        if (failure) throw failure;
        tickets += 1;
        return `/events?ticket=t${tickets}`;
      },
      onMessage: (event, data) => messages.push([event, data]),
      onOpen: opens,
      createEventSource: (url) => {
        const s = new FakeSource(url);
        sources.push(s);
        return s;
      },
      random: () => 0, // the low end of each wait: 500, 1000, 2000 … ms
      ...extra,
    });
    return { stream, messages, opens };
  }

  it('opens with a ticket, passes parsed messages on, and skips ones that are not JSON', async () => {
    const { messages, opens } = open();
    await vi.advanceTimersByTimeAsync(0);
    expect(opened().url).toBe('/events?ticket=t1');
    opened().emit('open');
    opened().emit('pod-streak-updated', '{"podId":"p","currentStreak":1}');
    opened().emit('pod-streak-updated', 'not json');
    expect(opens).toHaveBeenCalledTimes(1);
    expect(messages).toEqual([['pod-streak-updated', { podId: 'p', currentStreak: 1 }]]);
  });

  it('reconnects after a drop with a fresh ticket, waiting longer each time, and starts over once open', async () => {
    const { opens } = open();
    await vi.advanceTimersByTimeAsync(0);
    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const before = sources.length;
      opened().emit('error');
      expect(sources[before - 1]!.closed).toBe(true);
      let waited = 0;
      while (sources.length === before) {
        await vi.advanceTimersByTimeAsync(100);
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([500, 1_000, 2_000, 4_000]);
    expect(sources.map((s) => s.url)).toEqual([
      '/events?ticket=t1',
      '/events?ticket=t2',
      '/events?ticket=t3',
      '/events?ticket=t4',
      '/events?ticket=t5',
    ]);
    opened().emit('open'); // a stream that opens resets the back-off
    expect(opens).toHaveBeenCalledTimes(1);
    opened().emit('error');
    await vi.advanceTimersByTimeAsync(499);
    expect(sources).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(6);
  });

  it('retries a failed ticket request with back-off, and stops for good on a fatal one', async () => {
    failTickets = [new Error('offline'), new Error('offline')];
    const onStop = vi.fn();
    const fatal = { status: 404 };
    open({ isFatal: (e) => e === fatal, onStop });
    await vi.advanceTimersByTimeAsync(0);
    expect(sources).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(500 + 1_000);
    expect(sources).toHaveLength(1);
    failTickets = [fatal];
    opened().emit('error');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onStop).toHaveBeenCalledWith(fatal);
    expect(sources).toHaveLength(1);
  });

  it('close ends the stream and a pending reconnect; reconnectNow skips the wait', async () => {
    const { stream } = open();
    await vi.advanceTimersByTimeAsync(0);
    opened().emit('error');
    stream.reconnectNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(sources).toHaveLength(2);
    opened().emit('error');
    stream.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sources).toHaveLength(2);
    // A stream closed while its ticket is on the way never opens.
    const late = open();
    late.stream.close();
    await vi.advanceTimersByTimeAsync(0);
    expect(sources).toHaveLength(2);
  });
});
