import { describe, expect, it } from 'vitest';
import type { CompleteWeeklyResult, CurrentWeekly, WeeklyChallenge } from '@vere/contracts';
import {
  challengePages,
  completionCelebration,
  mergePolledWeekly,
  pageAfterDrag,
  timeRemaining,
  victoriesShown,
} from './weekly-logic';

const end = Date.parse('2026-11-29T08:00:00.000Z');
const HOUR = 3_600_000;

describe('timeRemaining', () => {
  it('is plain with more than 24 hours left, in days, hours and minutes', () => {
    expect(timeRemaining(new Date(end).toISOString(), end - (2 * 24 * HOUR + 5 * HOUR + 12 * 60_000))).toEqual({
      text: '2d 5h 12m',
      tone: 'normal',
    });
    expect(timeRemaining(new Date(end).toISOString(), end - 24 * HOUR - 60_000).tone).toBe('normal');
  });

  it('turns yellow at 24 hours exactly and below', () => {
    expect(timeRemaining(new Date(end).toISOString(), end - 24 * HOUR)).toEqual({ text: '1d 0h 0m', tone: 'warning' });
    expect(timeRemaining(new Date(end).toISOString(), end - 6 * HOUR - 60_000)).toEqual({
      text: '6h 1m',
      tone: 'warning',
    });
  });

  it("turns red at 6 hours exactly and below (reachable, unlike the spec's phone layout)", () => {
    expect(timeRemaining(new Date(end).toISOString(), end - 6 * HOUR)).toEqual({ text: '6h 0m', tone: 'danger' });
    expect(timeRemaining(new Date(end).toISOString(), end - 12 * 60_000)).toEqual({ text: '12m', tone: 'danger' });
  });

  it('shows 0m, red, once the week is over', () => {
    expect(timeRemaining(new Date(end).toISOString(), end + HOUR)).toEqual({ text: '0m', tone: 'danger' });
  });
});

const weekly = (id: string): WeeklyChallenge => ({
  id,
  weekNumber: 2987,
  startDate: '2026-11-22',
  endDate: '2026-11-28',
  challengeId: id,
  title: 'T',
  category: 'Exploration',
  preview: 'p',
  why: 'w',
  insight: 'i',
  challenge: 'a - Instead of b',
  challengePart1: 'a',
  challengePart2: '- Instead of b',
  reflection: 'r',
  xp: 120,
  progress: { accepted: false, acceptedAt: null, completed: false, completedAt: null },
});

describe('challengePages', () => {
  it('gives the five pages in the spec order, the challenge split in two', () => {
    expect(challengePages(weekly('a')).map((p) => [p.key, p.text])).toEqual([
      ['preview', 'p'],
      ['why', 'w'],
      ['part1', 'a'],
      ['part2', 'Instead of b'],
      ['reflection', 'r'],
    ]);
  });

  it('shows part 2 as a sentence, without the list marker the catalogue splits at', () => {
    const pages = (part2: string) => challengePages({ ...weekly('a'), challengePart2: part2 });
    expect(pages('- Instead of the map, follow your eyes.')[3]!.text).toBe('Instead of the map, follow your eyes.');
    expect(pages('  -   Instead of b')[3]!.text).toBe('Instead of b');
    expect(pages('Instead of b')[3]!.text).toBe('Instead of b');
    expect(pages('-1 degree outside')[3]!.text).toBe('-1 degree outside');
    expect(pages('')[3]!.text).toBe('');
  });
});

describe('completionCelebration', () => {
  const result = (over: Partial<CompleteWeeklyResult>): CompleteWeeklyResult =>
    ({
      completedNow: true,
      xpAwarded: 120,
      streak: { currentStreak: 3, lastCompletedWeek: '2026-01-11' },
      streakExtended: true,
      levelUp: null,
      message: 'Challenge completed! +120 XP',
      ...over,
    }) as CompleteWeeklyResult;

  it("is the streak moment on the week's first completion", () => {
    expect(completionCelebration(result({}))).toEqual({
      type: 'streak',
      message: '+1 week — a 3-week streak!',
      line: 'Streak extended — see you next week!',
    });
  });

  it('is the challenge moment when the week had already counted, and nothing for a repeat', () => {
    expect(completionCelebration(result({ streakExtended: false }))).toEqual({
      type: 'challenge',
      message: 'Challenge complete!',
      line: '+120 XP',
    });
    expect(completionCelebration(result({ completedNow: false, streakExtended: false, xpAwarded: 0 }))).toBeNull();
  });
});

describe('pageAfterDrag', () => {
  it('turns a page only after 50 px, and stops at both ends', () => {
    expect(pageAfterDrag(1, -49, 5)).toBe(1);
    expect(pageAfterDrag(1, -50, 5)).toBe(2);
    expect(pageAfterDrag(1, 50, 5)).toBe(0);
    expect(pageAfterDrag(0, 80, 5)).toBe(0);
    expect(pageAfterDrag(4, -80, 5)).toBe(4);
  });
});

describe('mergePolledWeekly', () => {
  const base = (first: string, streak: number): CurrentWeekly => ({
    challenges: [weekly(first)],
    weekStart: '2026-11-22',
    weekEndsAt: '2026-11-29T08:00:00.000Z',
    timeZone: 'UTC',
    streak: { currentStreak: streak, lastCompletedWeek: null },
  });

  it('keeps the list when the first id is the same, taking the clock and streak', () => {
    const current = base('a', 1);
    const merged = mergePolledWeekly(current, base('a', 2));
    expect(merged.challenges).toBe(current.challenges);
    expect(merged.streak.currentStreak).toBe(2);
  });

  it('replaces the list when the first id changed', () => {
    const polled = base('b', 0);
    expect(mergePolledWeekly(base('a', 1), polled)).toBe(polled);
  });
});

describe('victoriesShown', () => {
  it('is 5 on a phone and 8 on a desktop', () => {
    expect(victoriesShown(false)).toBe(5);
    expect(victoriesShown(true)).toBe(8);
  });
});
