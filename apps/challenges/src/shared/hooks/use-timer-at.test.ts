import { describe, expect, it } from 'vitest';
import { MIN_TIMER_MS, timerStep } from './use-timer-at';

describe('timerStep', () => {
  const now = Date.parse('2026-11-23T13:00:00.000Z');

  it("waits until the instant, e.g. the user's next local midnight", () => {
    expect(timerStep('2026-11-24T05:00:00.000Z', now)).toEqual({ wait: 16 * 3_600_000, final: true });
  });

  it('waits at least one second, also for an instant already passed', () => {
    expect(timerStep('2026-11-23T13:00:00.200Z', now)).toEqual({ wait: MIN_TIMER_MS, final: true });
    expect(timerStep('2026-11-23T12:00:00.000Z', now)).toEqual({ wait: MIN_TIMER_MS, final: true });
  });

  it("splits a wait longer than setTimeout's limit", () => {
    expect(timerStep('2027-01-23T13:00:00.000Z', now)).toEqual({ wait: 2_147_483_647, final: false });
  });
});
