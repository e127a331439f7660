/** How long to wait before reconnecting a dropped live stream. */
export interface BackoffPolicy {
  /** The first wait's ceiling; each further attempt doubles it. */
  baseMs: number;
  /** No wait is longer than this. */
  maxMs: number;
}

/** 0.5–1 s after the first drop, then 1–2 s, 2–4 s … up to 15–30 s. */
export const LIVE_BACKOFF: BackoffPolicy = { baseMs: 1_000, maxMs: 30_000 };

/**
 * The wait before reconnect attempt `attempt` (0 for the first): exponential, capped, with "equal
 * jitter" — half the ceiling fixed, half random. The fixed half keeps a down server from being
 * hammered; the random half spreads the tabs that all lost their stream at the same moment (a
 * deploy) so they do not come back in one wave.
 */
export function reconnectDelay(
  attempt: number,
  policy: BackoffPolicy = LIVE_BACKOFF,
  random: () => number = Math.random,
): number {
  const exponent = Math.min(Math.max(0, Math.floor(attempt)), 30); // 2 ** 30 already passes any cap
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** exponent);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
