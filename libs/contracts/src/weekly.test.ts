import { randomUUID } from 'node:crypto';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { StreakUpdated, WeeklyCompleted } from './events';
import {
  CompleteWeeklyBodySchema,
  CreateChallengeBodySchema,
  PlayerProgressSchema,
  UpdateChallengeBodySchema,
} from './weekly';

describe('weekly completion body', () => {
  it('needs no field, and takes a note, a photo and up to 20 pods', () => {
    expect(Value.Check(CompleteWeeklyBodySchema, {})).toBe(true);
    expect(
      Value.Check(CompleteWeeklyBodySchema, {
        note: 'Did it',
        photoId: randomUUID(),
        podIds: Array.from({ length: 20 }, () => randomUUID()),
      }),
    ).toBe(true);
  });
  it('refuses more than 20 pods, repeated pods, non-UUIDs, long notes and extra fields', () => {
    expect(Value.Check(CompleteWeeklyBodySchema, { podIds: Array.from({ length: 21 }, () => randomUUID()) })).toBe(
      false,
    );
    const pod = randomUUID();
    expect(Value.Check(CompleteWeeklyBodySchema, { podIds: [pod, pod] })).toBe(false);
    expect(Value.Check(CompleteWeeklyBodySchema, { photoId: 'photo.jpg' })).toBe(false);
    expect(Value.Check(CompleteWeeklyBodySchema, { note: 'x'.repeat(2001) })).toBe(false);
    expect(Value.Check(CompleteWeeklyBodySchema, { xp: 1000 })).toBe(false);
  });
});

describe('challenge management bodies', () => {
  const valid = {
    title: 'T',
    category: 'Exploration',
    preview: 'p',
    why: 'w',
    insight: 'i',
    challenge: 'c - Instead of d',
    reflection: 'r',
  };
  it('take the five pages and one of the three categories', () => {
    expect(Value.Check(CreateChallengeBodySchema, valid)).toBe(true);
    expect(Value.Check(CreateChallengeBodySchema, { ...valid, category: 'Fitness' })).toBe(false);
    expect(Value.Check(CreateChallengeBodySchema, { ...valid, title: ' ' })).toBe(false);
  });
  it('need at least one change', () => {
    expect(Value.Check(UpdateChallengeBodySchema, {})).toBe(false);
    expect(Value.Check(UpdateChallengeBodySchema, { isActive: false })).toBe(true);
  });
});

describe('weekly events and progress', () => {
  const meta = { eventId: randomUUID(), occurredAt: new Date().toISOString(), userId: randomUUID() };
  it('describe a completion and a streak change', () => {
    expect(
      Value.Check(WeeklyCompleted.schema, {
        ...meta,
        weeklyChallengeId: randomUUID(),
        challengeId: randomUUID(),
        weekNumber: 2968,
        title: 'T',
        xpAwarded: 120,
        completedAt: meta.occurredAt,
        hasPhoto: false,
        podIds: [],
      }),
    ).toBe(true);
    expect(
      Value.Check(StreakUpdated.schema, {
        ...meta,
        currentStreak: 2,
        previousStreak: 1,
        lastCompletedWeek: '2026-11-22',
      }),
    ).toBe(true);
  });
  it('adds weeklyStreak to the level progress', () => {
    const level = { currentLevel: 1, currentLevelXP: 0, nextLevelXP: 100, xpProgress: 0, xpToNext: 100, totalXP: 0 };
    expect(Value.Check(PlayerProgressSchema, { ...level, weeklyStreak: 3 })).toBe(true);
    expect(Value.Check(PlayerProgressSchema, level)).toBe(false);
  });
});
