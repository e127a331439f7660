/** Spec (challenges §2.2): a celebration shows for 3000 ms, with 20 sparkles and 200 confetti pieces. */
export const CELEBRATION_MS = 3000;
export const CELEBRATION_SPARKLES = 20;
export const CELEBRATION_CONFETTI = 200;

export type CelebrationType = 'challenge' | 'streak' | 'level' | 'achievement' | 'social' | 'default';

export interface CelebrationRequest {
  type?: CelebrationType;
  /** Default "Amazing!". */
  message?: string;
  /** The line under the message; default "You're on fire!". */
  line?: string;
  /** Called once, after the overlay has closed (by itself after 3 s, or dismissed). */
  onDone?: () => void;
}

export interface Celebration {
  id: number;
  type: CelebrationType;
  message: string;
  line: string;
  onDone?: () => void;
}

interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * One celebration on screen at a time, in the order they were raised: each closes after
 * `durationMs` (or when dismissed), then calls its `onDone` exactly once, then the next shows.
 */
export class CelebrationQueue {
  private waiting: Celebration[] = [];
  private showing: Celebration | null = null;
  private timer: unknown;
  private nextId = 1;

  constructor(
    private readonly onChange: (current: Celebration | null) => void,
    private readonly durationMs = CELEBRATION_MS,
    private readonly timers: Timers = realTimers,
  ) {}

  get current(): Celebration | null {
    return this.showing;
  }

  push(request: CelebrationRequest): void {
    this.waiting.push({
      id: this.nextId++,
      type: request.type ?? 'default',
      message: request.message?.trim() || 'Amazing!',
      line: request.line?.trim() || "You're on fire!",
      onDone: request.onDone,
    });
    if (!this.showing) this.advance();
  }

  /** Closes the one on screen now (a tap or Escape). */
  dismiss(): void {
    if (!this.showing) return;
    this.timers.clear(this.timer);
    const done = this.showing;
    this.showing = null;
    this.onChange(null);
    try {
      done.onDone?.();
    } finally {
      this.advance();
    }
  }

  stop(): void {
    this.timers.clear(this.timer);
    this.waiting = [];
  }

  private advance(): void {
    const next = this.waiting.shift();
    if (!next) return;
    this.showing = next;
    this.onChange(next);
    this.timer = this.timers.set(() => this.dismiss(), this.durationMs);
  }
}
