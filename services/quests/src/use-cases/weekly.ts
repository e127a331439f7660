import {
  WeeklyCompleted,
  type AcceptWeeklyResult,
  type CompleteWeeklyBody,
  type CompleteWeeklyResult,
  type CurrentWeekly,
  type WeeklyChallenge,
  type WeeklyDetail,
  type WeeklyStreak,
  type WeeklyVictory,
} from '@vere/contracts';
import {
  levelProgress,
  localDate,
  splitChallengeText,
  streakShownIn,
  WEEKLY_CHALLENGE_XP,
  weekEndsAt,
  weekStartAt,
  type StreakState,
} from '@vere/domain';
import { AppError, newEvent, writeOutbox } from '@vere/service-kit';
import type { StreakRow } from '../repositories/streak-repository';
import type { VictoryRow, WeeklyRow } from '../repositories/weekly-repository';
import type { QuestsDeps } from './deps';
import { advanceStreak, streakStateOf } from './streaks';
import { awardXp } from './xp';

const iso = (v: Date | string) => new Date(v).toISOString();

const PLAYER_NOT_FOUND = () =>
  new AppError('PLAYER_NOT_FOUND', 'Your player profile is being set up. Try again in a moment.');
const NOT_FOUND = () => new AppError('WEEKLY_CHALLENGE_NOT_FOUND', 'This weekly challenge does not exist.');

function toWeekly(r: WeeklyRow): WeeklyChallenge {
  const { part1, part2 } = splitChallengeText(r.challenge);
  return {
    id: r.id,
    weekNumber: r.weekNumber,
    startDate: r.startDate,
    endDate: r.endDate,
    challengeId: r.challengeId,
    title: r.title,
    category: r.category,
    preview: r.preview,
    why: r.why,
    insight: r.insight,
    challenge: r.challenge,
    challengePart1: part1,
    challengePart2: part2,
    reflection: r.reflection,
    xp: WEEKLY_CHALLENGE_XP,
    progress: {
      accepted: r.acceptedAt !== null,
      acceptedAt: r.acceptedAt && iso(r.acceptedAt),
      completed: r.completed,
      completedAt: r.completedAt && iso(r.completedAt),
    },
  };
}

export function toVictory(v: VictoryRow): WeeklyVictory {
  return {
    weeklyChallengeId: v.weeklyChallengeId,
    weekNumber: v.weekNumber,
    startDate: v.startDate,
    endDate: v.endDate,
    challengeId: v.challengeId,
    title: v.title,
    category: v.category,
    xp: WEEKLY_CHALLENGE_XP,
    completedAt: iso(v.completedAt),
    reflection: v.reflection,
    proofText: v.proofText,
    proofPhotoId: v.proofPhotoId,
  };
}

/** The victory as its owner sees it: with a fresh short-lived link to its proof photo, when it has one. */
async function ownerVictory(deps: QuestsDeps, v: VictoryRow): Promise<WeeklyVictory> {
  const body = toVictory(v);
  if (v.proofPhotoId && deps.proofs.linkFor) body.proofPhotoUrl = await deps.proofs.linkFor(v.proofPhotoId);
  return body;
}

const streakBody = (state: StreakState, currentWeek: string): WeeklyStreak => ({
  currentStreak: streakShownIn(state, currentWeek),
  lastCompletedWeek: state.lastCompletedWeek,
});

async function playerOf(deps: QuestsDeps, userId: string): Promise<StreakRow> {
  const row = await deps.streaks.streakOf(deps.db, userId);
  if (!row) throw PLAYER_NOT_FOUND();
  return row;
}

/** The weekly streak shown now (GET /me/progress, the weekly view). */
export async function weeklyStreakOf(deps: QuestsDeps, userId: string): Promise<WeeklyStreak | undefined> {
  const row = await deps.streaks.streakOf(deps.db, userId);
  return row && streakBody(streakStateOf(row), weekStartAt(deps.clock(), row.timeZone));
}

/** Spec §7.2: this week's challenges in the user's zone (or the latest 3), with the user's progress and streak. */
export async function currentWeekly(deps: QuestsDeps, userId: string): Promise<CurrentWeekly> {
  const player = await playerOf(deps, userId);
  const now = deps.clock();
  const weekStart = weekStartAt(now, player.timeZone);
  const rows = await deps.weekly.currentFor(deps.db, userId, localDate(now, player.timeZone));
  return {
    challenges: rows.map(toWeekly),
    weekStart,
    weekEndsAt: weekEndsAt(now, player.timeZone).toISOString(),
    timeZone: player.timeZone,
    streak: streakBody(streakStateOf(player), weekStart),
  };
}

/** Only this week's challenges (as GET /me/weekly lists them) can be accepted or completed. */
async function requireCurrent(
  deps: QuestsDeps,
  userId: string,
  weeklyChallengeId: string,
  timeZone: string,
  now: Date,
): Promise<void> {
  const current = await deps.weekly.currentFor(deps.db, userId, localDate(now, timeZone));
  if (current.some((w) => w.id === weeklyChallengeId)) return;
  if (!(await deps.weekly.exists(deps.db, weeklyChallengeId))) throw NOT_FOUND();
  throw new AppError('WEEKLY_CHALLENGE_CLOSED', "This is not this week's challenge.");
}

export async function acceptWeekly(
  deps: QuestsDeps,
  userId: string,
  weeklyChallengeId: string,
): Promise<AcceptWeeklyResult> {
  const player = await playerOf(deps, userId);
  const now = deps.clock();
  await requireCurrent(deps, userId, weeklyChallengeId, player.timeZone, now);
  const accepted = await deps.weekly.accept(deps.db, userId, weeklyChallengeId, now);
  if (!accepted) throw NOT_FOUND();
  return {
    weeklyChallengeId,
    progress: {
      accepted: true,
      acceptedAt: iso(accepted.acceptedAt),
      completed: accepted.completed,
      completedAt: accepted.completedAt && iso(accepted.completedAt),
    },
  };
}

/**
 * Completes this week's challenge with the note and photo: +120 XP once per user and weekly
 * challenge (ledger key `weekly:<weekly challenge id>:<user id>`), the streak, and
 * quests.weekly.completed.v1, all in one transaction. The progress row is locked first, so of
 * concurrent completions one completes; repeated or raced, it changes nothing.
 */
export async function completeWeekly(
  deps: QuestsDeps,
  userId: string,
  weeklyChallengeId: string,
  body: CompleteWeeklyBody,
): Promise<CompleteWeeklyResult> {
  const player = await playerOf(deps, userId);
  const now = deps.clock();
  if (body.photoId && !(await deps.proofs.ownedBy(userId, body.photoId))) {
    throw new AppError('VALIDATION_FAILED', 'That photo was not found. Please upload it again.', 'photoId');
  }
  await requireCurrent(deps, userId, weeklyChallengeId, player.timeZone, now);
  const week = weekStartAt(now, player.timeZone);
  const note = body.note?.trim() ? body.note.trim() : null;
  const outcome = await deps.transaction(async (tx) => {
    const progress = await deps.weekly.lockProgress(tx, userId, weeklyChallengeId, now);
    if (!progress) throw NOT_FOUND();
    if (progress.completed)
      return { completedNow: false as const, victory: (await deps.weekly.victoryOf(tx, userId, weeklyChallengeId))! };
    await deps.weekly.markCompleted(tx, { userId, weeklyChallengeId, now, week, note, photoId: body.photoId ?? null });
    const victory = (await deps.weekly.victoryOf(tx, userId, weeklyChallengeId))!;
    const award = await awardXp(deps, tx, {
      userId,
      sourceKey: `weekly:${weeklyChallengeId}:${userId}`,
      reason: 'weekly_completed',
      amount: WEEKLY_CHALLENGE_XP,
    });
    const streak = await advanceStreak(deps, tx, userId, week, now);
    await writeOutbox(
      tx,
      newEvent(WeeklyCompleted.subject, userId, {
        weeklyChallengeId,
        challengeId: victory.challengeId,
        weekNumber: victory.weekNumber,
        title: victory.title,
        xpAwarded: award.awarded ? WEEKLY_CHALLENGE_XP : 0,
        completedAt: iso(victory.completedAt),
        hasPhoto: victory.proofPhotoId !== null,
        podIds: body.podIds ?? [],
        note: victory.proofText,
        proofPhotoId: victory.proofPhotoId,
      }),
    );
    return { completedNow: true as const, victory, award, streak };
  });
  if (!outcome.completedNow) {
    const latest = (await deps.streaks.streakOf(deps.db, userId)) ?? player;
    return {
      completedNow: false,
      xpAwarded: 0,
      victory: await ownerVictory(deps, outcome.victory),
      progress: levelProgress((await deps.players.totalXpOf(deps.db, userId)) ?? 0),
      streak: streakBody(streakStateOf(latest), week),
      streakExtended: false,
      levelUp: null,
      message: 'Challenge already completed.',
    };
  }
  const { award, streak } = outcome;
  const xpAwarded = award.awarded ? WEEKLY_CHALLENGE_XP : 0;
  return {
    completedNow: true,
    xpAwarded,
    victory: await ownerVictory(deps, outcome.victory),
    progress: levelProgress(award.totalXp),
    streak: streakBody(streak.state, week),
    streakExtended: streak.extended,
    levelUp:
      award.awarded && award.level > award.previousLevel
        ? { level: award.level, previousLevel: award.previousLevel }
        : null,
    message: `Challenge completed! +${xpAwarded} XP`,
  };
}

/** One weekly challenge (any week: the "Challenge Complete" modal opens past ones) with the victory's proof. */
export async function weeklyDetail(deps: QuestsDeps, userId: string, weeklyChallengeId: string): Promise<WeeklyDetail> {
  await playerOf(deps, userId);
  const weekly = await deps.weekly.find(deps.db, userId, weeklyChallengeId);
  if (!weekly) throw NOT_FOUND();
  const victory = weekly.completed ? await deps.weekly.victoryOf(deps.db, userId, weeklyChallengeId) : undefined;
  return { weekly: toWeekly(weekly), victory: victory ? await ownerVictory(deps, victory) : null };
}

/** Recent Victories: the user's completed weekly challenges with proof, newest first. */
export async function recentVictories(
  deps: QuestsDeps,
  userId: string,
  limit: number,
): Promise<{ victories: WeeklyVictory[] }> {
  const rows = await deps.weekly.victories(deps.db, userId, limit);
  return { victories: await Promise.all(rows.map((v) => ownerVictory(deps, v))) };
}
