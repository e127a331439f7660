import { describe, expect, it } from 'vitest';
import {
  allCompleted,
  challengeCompletedByAll,
  completedThisWeek,
  countedMembers,
  membersWhoMissed,
  missedWeek,
  podZone,
  riseFor,
  saveMayCover,
  settleCandidatesBefore,
  settleMissedWeek,
  weekCounted,
  type PodStreak,
} from './pod-streak';

// 2026-03-01 is a Sunday.
const WEEK = '2026-03-01';
const at = (date: string, time = '12:00:00Z') => new Date(`${date}T${time}`);
const pod = (over: Partial<PodStreak> = {}): PodStreak => ({
  currentStreak: 0,
  lastWeek: null,
  lastChallengeId: null,
  saves: 0,
  ...over,
});

describe('the pod’s week', () => {
  it('is its creator’s zone, UTC until one is known (or when it is not a zone)', () => {
    expect(podZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(podZone(null)).toBe('UTC');
    expect(podZone('Mars/Olympus')).toBe('UTC');
  });

  it('counts the members who joined before it began; in the pod’s first week, everyone', () => {
    const ana = { userId: 'ana', joinedAt: at('2026-02-20') };
    const bo = { userId: 'bo', joinedAt: at('2026-03-03') };
    expect(countedMembers([ana, bo], WEEK, 'UTC')).toEqual([ana]);
    expect(countedMembers([ana, bo], '2026-03-08', 'UTC')).toEqual([ana, bo]);
    expect(countedMembers([bo], WEEK, 'UTC')).toEqual([bo]);
    // Saturday 23:30 in UTC is already Sunday in Berlin: the join falls in the Berlin week.
    const late = { userId: 'cy', joinedAt: at('2026-02-28', '23:30:00Z') };
    expect(countedMembers([ana, late], WEEK, 'UTC')).toEqual([ana, late]);
    expect(countedMembers([ana, late], WEEK, 'Europe/Berlin')).toEqual([ana]);
  });
});

describe('a rise', () => {
  it('adds a week after the last one, starts from 1 after a gap, and banks a save every 4th week (at most 1)', () => {
    expect(riseFor(pod(), WEEK, 'w1')).toEqual({
      next: { currentStreak: 1, lastWeek: WEEK, lastChallengeId: 'w1', saves: 0 },
      previousStreak: 0,
      reason: 'completed',
      week: WEEK,
      weeklyChallengeId: 'w1',
    });
    expect(riseFor(pod({ currentStreak: 2, lastWeek: '2026-02-22' }), WEEK, 'w').next.currentStreak).toBe(3);
    expect(riseFor(pod({ currentStreak: 5, lastWeek: '2026-02-08' }), WEEK, 'w')).toMatchObject({
      next: { currentStreak: 1 },
      previousStreak: 5,
    });
    expect(riseFor(pod({ currentStreak: 3, lastWeek: '2026-02-22' }), WEEK, 'w').next).toMatchObject({
      currentStreak: 4,
      saves: 1,
    });
    expect(riseFor(pod({ currentStreak: 7, lastWeek: '2026-02-22', saves: 1 }), WEEK, 'w').next).toMatchObject({
      currentStreak: 8,
      saves: 1,
    });
    expect(riseFor(pod({ currentStreak: 4, lastWeek: '2026-02-22', saves: 1 }), WEEK, 'w').next).toMatchObject({
      currentStreak: 5,
      saves: 1,
    });
  });

  it('needs every counted member', () => {
    const counted = [{ userId: 'ana' }, { userId: 'bo' }];
    expect(allCompleted(counted, ['ana'])).toBe(false);
    expect(allCompleted(counted, ['bo', 'ana', 'cy'])).toBe(true);
  });

  it('happens once a week: a counted week, or an older one, does not rise again', () => {
    expect(weekCounted(pod(), WEEK)).toBe(false);
    expect(weekCounted(pod({ lastWeek: WEEK }), WEEK)).toBe(true);
    expect(weekCounted(pod({ lastWeek: '2026-03-08' }), WEEK)).toBe(true);
    expect(weekCounted(pod({ lastWeek: '2026-02-22' }), WEEK)).toBe(false);
  });

  it('after a member left, finds a challenge of this week every remaining member completed', () => {
    const counted = [{ userId: 'ana' }, { userId: 'bo' }];
    const c = (userId: string, weeklyChallengeId: string, date = '2026-03-03') => ({
      userId,
      weeklyChallengeId,
      completedAt: at(date),
    });
    expect(challengeCompletedByAll(counted, [c('ana', 'w'), c('bo', 'w')], WEEK, 'UTC', null)).toBe('w');
    expect(challengeCompletedByAll(counted, [c('ana', 'w'), c('bo', 'v')], WEEK, 'UTC', null)).toBeUndefined();
    expect(
      challengeCompletedByAll(counted, [c('ana', 'w'), c('bo', 'w', '2026-02-27')], WEEK, 'UTC', null),
    ).toBeUndefined();
    expect(challengeCompletedByAll(counted, [c('ana', 'w'), c('bo', 'w')], WEEK, 'UTC', 'w')).toBeUndefined();
    expect(challengeCompletedByAll([], [], WEEK, 'UTC', null)).toBeUndefined();
  });
});

describe('settling a missed week', () => {
  it('finds the ended week after the last counted one, once the week after it has begun', () => {
    const running = pod({ currentStreak: 3, lastWeek: WEEK });
    expect(missedWeek(running, at('2026-03-14', '23:00:00Z'), 'UTC')).toBeNull(); // the next week has not ended
    expect(missedWeek(running, at('2026-03-15', '00:30:00Z'), 'UTC')).toBe('2026-03-08');
    expect(missedWeek(running, at('2026-03-15', '00:30:00Z'), 'America/Los_Angeles')).toBeNull(); // still Saturday there
    expect(missedWeek(pod({ lastWeek: WEEK }), at('2026-04-01'), 'UTC')).toBeNull(); // no streak running
  });

  it('lets a save cover only the week that just ended', () => {
    const banked = pod({ currentStreak: 4, lastWeek: WEEK, saves: 1 });
    expect(saveMayCover(banked, '2026-03-08', at('2026-03-15'), 'UTC')).toBe(true);
    expect(saveMayCover(banked, '2026-03-08', at('2026-03-22'), 'UTC')).toBe(false);
    expect(saveMayCover({ ...banked, saves: 0 }, '2026-03-08', at('2026-03-15'), 'UTC')).toBe(false);
  });

  it('spends the save when exactly one of two or more counted members missed it; otherwise resets, keeping saves', () => {
    const banked = pod({ currentStreak: 4, lastWeek: WEEK, lastChallengeId: 'w', saves: 1 });
    expect(settleMissedWeek(banked, '2026-03-08', { counted: 2, missed: 1 })).toEqual({
      next: { ...banked, saves: 0, lastWeek: '2026-03-08' },
      previousStreak: 4,
      reason: 'save_used',
      week: '2026-03-08',
      weeklyChallengeId: null,
    });
    for (const coverage of [
      { counted: 2, missed: 2 },
      { counted: 1, missed: 1 },
      { counted: 3, missed: 0 },
      undefined,
    ]) {
      expect(settleMissedWeek(banked, '2026-03-08', coverage)).toEqual({
        next: { ...banked, currentStreak: 0 },
        previousStreak: 4,
        reason: 'reset',
        week: '2026-03-08',
        weeklyChallengeId: null,
      });
    }
  });

  it('counts who missed the week in the pod’s zone', () => {
    const counted = [{ userId: 'ana' }, { userId: 'bo' }];
    expect(membersWhoMissed(counted, [{ userId: 'ana', completedAt: at('2026-03-10') }], '2026-03-08', 'UTC')).toBe(1);
    expect(membersWhoMissed(counted, [{ userId: 'ana', completedAt: at('2026-03-07') }], '2026-03-08', 'UTC')).toBe(2);
  });

  it('sweeps the pods whose last counted week is 8 days or more before now’s UTC Sunday', () => {
    expect(settleCandidatesBefore(at('2026-03-15', '00:30:00Z'))).toBe('2026-03-09');
    expect(settleCandidatesBefore(at('2026-03-21'))).toBe('2026-03-09');
  });
});

describe('the pod page', () => {
  it('marks the members who completed in the pod’s current week, not before it nor after now', () => {
    const now = at('2026-03-04');
    const done = completedThisWeek(
      [
        { userId: 'ana', completedAt: at('2026-03-02') },
        { userId: 'bo', completedAt: at('2026-02-28', '23:00:00Z') },
        { userId: 'cy', completedAt: at('2026-03-05') },
      ],
      now,
      'UTC',
    );
    expect([...done]).toEqual(['ana']);
  });
});
