import { LIVE_BACKOFF, reconnectDelay, type BackoffPolicy } from './backoff';

/** The part of the browser's EventSource a live stream uses (tests pass a stand-in). */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface LiveStreamOptions {
  /**
   * The URL to open, with a fresh ticket: called before every (re)connect, since a ticket is
   * short-lived and EventSource's own retry would reuse a stale one.
   */
  connectUrl: (signal: AbortSignal) => Promise<string>;
  /** The `event:` names to listen for. */
  events: readonly string[];
  /** One message: its event name and its JSON data (unparseable data is skipped). */
  onMessage: (event: string, data: unknown) => void;
  /** The stream is (again) open. Messages sent while it was away are not replayed: re-read here. */
  onOpen?: () => void;
  /** Asking for the URL failed in a way retrying cannot fix (not a member, signed out): the stream stops. */
  isFatal?: (error: unknown) => boolean;
  /** The stream stopped for good after a fatal error. */
  onStop?: (error: unknown) => void;
  backoff?: BackoffPolicy;
  /** Stand-ins for tests. */
  createEventSource?: (url: string) => EventSourceLike;
  random?: () => number;
}

export interface LiveStream {
  /** Ends the stream and any pending reconnect; nothing is called after this. */
  close(): void;
  /** Reconnects now instead of after the current wait (the browser came back online). */
  reconnectNow(): void;
}

/**
 * A server-sent-events stream that survives drops: on an error the EventSource is closed and,
 * after an exponential, jittered, capped wait, a new one is opened with a new ticket. The wait
 * starts over once a stream opens.
 */
export function openLiveStream(options: LiveStreamOptions): LiveStream {
  const create = options.createEventSource ?? ((url: string) => new EventSource(url));
  let attempt = 0;
  let closed = false;
  let source: EventSourceLike | null = null;
  let abort: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const scheduleRetry = () => {
    if (closed) return;
    timer = setTimeout(connect, reconnectDelay(attempt, options.backoff ?? LIVE_BACKOFF, options.random));
    attempt += 1;
  };

  const listen = (es: EventSourceLike) => {
    es.addEventListener('open', () => {
      if (source !== es) return;
      attempt = 0;
      options.onOpen?.();
    });
    for (const name of options.events) {
      es.addEventListener(name, (event) => {
        if (source !== es) return;
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          return;
        }
        options.onMessage(name, data);
      });
    }
    es.addEventListener('error', () => {
      if (source !== es) return;
      es.close();
      source = null;
      scheduleRetry();
    });
  };

  async function connect(): Promise<void> {
    timer = undefined;
    const controller = new AbortController();
    abort = controller;
    let url: string;
    try {
      url = await options.connectUrl(controller.signal);
    } catch (error) {
      if (closed || abort !== controller) return;
      if (options.isFatal?.(error)) {
        closed = true;
        options.onStop?.(error);
        return;
      }
      scheduleRetry();
      return;
    }
    if (closed || abort !== controller) return;
    const es = create(url);
    source = es;
    listen(es);
  }

  void connect();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      abort?.abort();
      source?.close();
      source = null;
    },
    reconnectNow() {
      if (closed || timer === undefined) return;
      clearTimeout(timer);
      attempt = 0;
      void connect();
    },
  };
}
