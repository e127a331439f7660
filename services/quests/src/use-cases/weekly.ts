import {
  WeeklyCompleted, type AcceptWeeklyResult, type CompleteWeeklyBody, type CompleteWeeklyResult, type CurrentWeekly, type WeeklyChallenge,
  type WeeklyDetail, type WeeklyStreak, type WeeklyVictory,
} from '@vere/contracts';
import {
  levelProgress, localDate, splitChallengeText, streakShownIn, WEEKLY_CHALLENGE_XP, weekEndsAt, weekStartAt, type StreakState,
} from '@vere/domain';
import { AppError, newEvent } from '@vere/service-kit';
import type { Clock } from '../clock';
import { advanceStreak } from '../repositories/streak-repository';
import type { StreakRow, VictoryRow, WeeklyRepository, WeeklyRow } from '../repositories/weekly-repository';
import { awardXp, writeOutbox } from '../repositories/xp-repository';
import type { PhotoProofs } from './todos';

export interface WeeklyDeps {
  weekly: WeeklyRepository;
  photos: PhotoProofs;
  clock: Clock;
  /** After a commit that wrote events (the outbox relay publishes them now). */
  onEvents: () => void;
}

const iso = (v: Date | string) => new Date(v).toISOString();

const PLAYER_NOT_FOUND = () => new AppError('PLAYER_NOT_FOUND', 'Your player profile is being set up. Try again in a moment.');
const NOT_FOUND = () => new AppError('WEEKLY_CHALLENGE_NOT_FOUND', 'This weekly challenge does not exist.');

function toWeekly(r: WeeklyRow): WeeklyChallenge {
  const { part1, part2 } = splitChallengeText(r.challenge);
  return {
    id: r.id, weekNumber: r.weekNumber, startDate: r.startDate, endDate: r.endDate, challengeId: r.challengeId, title: r.title,
    category: r.category, preview: r.preview, why: r.why, insight: r.insight, challenge: r.challenge, challengePart1: part1,
    challengePart2: part2, reflection: r.reflection, xp: WEEKLY_CHALLENGE_XP,
    progress: {
      accepted: r.acceptedAt !== null, acceptedAt: r.acceptedAt && iso(r.acceptedAt),
      completed: r.completed, completedAt: r.completedAt && iso(r.completedAt),
    },
  };
}

export function toVictory(v: VictoryRow): WeeklyVictory {
  return {
    weeklyChallengeId: v.weeklyChallengeId, weekNumber: v.weekNumber, startDate: v.startDate, endDate: v.endDate,
    challengeId: v.challengeId, title: v.title, category: v.category, xp: WEEKLY_CHALLENGE_XP, completedAt: iso(v.completedAt),
    reflection: v.reflection, proofText: v.proofText, proofPhotoId: v.proofPhotoId,
  };
}

/** The victory as its owner sees it: with a fresh short-lived link to its proof photo, when it has one. */
async function ownerVictory(deps: WeeklyDeps, v: VictoryRow): Promise<WeeklyVictory> {
  const body = toVictory(v);
  if (v.proofPhotoId && deps.photos.linkFor) body.proofPhotoUrl = await deps.photos.linkFor(v.proofPhotoId);
  return body;
}

const streakBody = (state: StreakState, currentWeek: string): WeeklyStreak =>
  ({ currentStreak: streakShownIn(state, currentWeek), lastCompletedWeek: state.lastCompletedWeek });

const stateOf = (row: StreakRow): StreakState => ({ currentStreak: row.streakCount, lastCompletedWeek: row.lastCompletedWeek });

async function playerOf(deps: WeeklyDeps, userId: string): Promise<StreakRow> {
  const row = await deps.weekly.streakOf(userId);
  if (!row) throw PLAYER_NOT_FOUND();
  return row;
}

/** The weekly streak shown now (GET /me/progress, the weekly view). */
export async function weeklyStreakOf(deps: Pick<WeeklyDeps, 'weekly' | 'clock'>, userId: string): Promise<WeeklyStreak | undefined> {
  const row = await deps.weekly.streakOf(userId);
  return row && streakBody(stateOf(row), weekStartAt(deps.clock(), row.timeZone));
}

/** Spec §7.2: this week's challenges in the user's zone (or the latest 3), with the user's progress and streak. */
export async function currentWeekly(deps: WeeklyDeps, userId: string): Promise<CurrentWeekly> {
  const player = await playerOf(deps, userId);
  const now = deps.clock();
  const weekStart = weekStartAt(now, player.timeZone);
  const rows = await deps.weekly.currentFor(userId, localDate(now, player.timeZone));
  return {
    challenges: rows.map(toWeekly), weekStart, weekEndsAt: weekEndsAt(now, player.timeZone).toISOString(),
    timeZone: player.timeZone, streak: streakBody(stateOf(player), weekStart),
  };
}

/** Only this week's challenges (as GET /me/weekly lists them) can be accepted or completed. */
async function requireCurrent(deps: WeeklyDeps, userId: string, weeklyChallengeId: string, timeZone: string, now: Date): Promise<void> {
  const current = await deps.weekly.currentFor(userId, localDate(now, timeZone));
  if (current.some((w) => w.id === weeklyChallengeId)) return;
  if (!(await deps.weekly.exists(weeklyChallengeId))) throw NOT_FOUND();
  throw new AppError('WEEKLY_CHALLENGE_CLOSED', "This is not this week's challenge.");
}

export async function acceptWeekly(deps: WeeklyDeps, userId: string, weeklyChallengeId: string): Promise<AcceptWeeklyResult> {
  const player = await playerOf(deps, userId);
  const now = deps.clock();
  await requireCurrent(deps, userId, weeklyChallengeId, player.timeZone, now);
  const accepted = await deps.weekly.accept(userId, weeklyChallengeId, now);
  if (!accepted) throw NOT_FOUND();
  return {
    weeklyChallengeId,
    progress: { accepted: true, acceptedAt: iso(accepted.acceptedAt), completed: accepted.completed, completedAt: accepted.completedAt && iso(accepted.completedAt) },
  };
}

/**
 * Completes this week's challenge with the note and photo: +120 XP once per user and weekly
 * challenge (ledger key `weekly:<weekly challenge id>:<user id>`), the streak, and
 * quests.weekly.completed.v1, all in one transaction. Repeated or raced, it changes nothing.
 */
export async function completeWeekly(deps: WeeklyDeps, userId: string, weeklyChallengeId: string, body: CompleteWeeklyBody): Promise<CompleteWeeklyResult> {
  const player = await playerOf(deps, userId);
  const now = deps.clock();
  if (body.photoId && !(await deps.photos.ownedBy(userId, body.photoId))) {
    throw new AppError('VALIDATION_FAILED', 'That photo was not found. Please upload it again.', 'photoId');
  }
  await requireCurrent(deps, userId, weeklyChallengeId, player.timeZone, now);
  const week = weekStartAt(now, player.timeZone);
  const note = body.note?.trim() ? body.note.trim() : null;
  const outcome = await deps.weekly.complete(
    { userId, weeklyChallengeId, now, week, note, photoId: body.photoId ?? null },
    async (tx, victory) => {
      const award = await awardXp(tx, { userId, sourceKey: `weekly:${weeklyChallengeId}:${userId}`, reason: 'weekly_completed', amount: WEEKLY_CHALLENGE_XP });
      const streak = await advanceStreak(tx, userId, week, now);
      await writeOutbox(tx, newEvent(WeeklyCompleted.subject, userId, {
        weeklyChallengeId, challengeId: victory.challengeId, weekNumber: victory.weekNumber, title: victory.title,
        xpAwarded: award.awarded ? WEEKLY_CHALLENGE_XP : 0, completedAt: iso(victory.completedAt), hasPhoto: victory.proofPhotoId !== null,
        podIds: body.podIds ?? [], note: victory.proofText, proofPhotoId: victory.proofPhotoId,
      }));
      return { award, streak };
    },
  );
  if (outcome.kind === 'not_found') throw NOT_FOUND();
  if (outcome.kind === 'already_completed') {
    const latest = (await deps.weekly.streakOf(userId)) ?? player;
    return {
      completedNow: false, xpAwarded: 0, victory: await ownerVictory(deps, outcome.victory),
      progress: levelProgress((await deps.weekly.totalXpOf(userId)) ?? 0), streak: streakBody(stateOf(latest), week),
      levelUp: null, message: 'Challenge already completed.',
    };
  }
  deps.onEvents();
  const { award, streak } = outcome.after;
  const xpAwarded = award.awarded ? WEEKLY_CHALLENGE_XP : 0;
  return {
    completedNow: true, xpAwarded, victory: await ownerVictory(deps, outcome.victory), progress: levelProgress(award.totalXp),
    streak: streakBody(streak, week),
    levelUp: award.awarded && award.level > award.previousLevel ? { level: award.level, previousLevel: award.previousLevel } : null,
    message: `Challenge completed! +${xpAwarded} XP`,
  };
}

/** One weekly challenge (any week: the "Challenge Complete" modal opens past ones) with the victory's proof. */
export async function weeklyDetail(deps: WeeklyDeps, userId: string, weeklyChallengeId: string): Promise<WeeklyDetail> {
  await playerOf(deps, userId);
  const found = await deps.weekly.detail(userId, weeklyChallengeId);
  if (!found) throw NOT_FOUND();
  return { weekly: toWeekly(found.weekly), victory: found.victory && (await ownerVictory(deps, found.victory)) };
}

/** Recent Victories: the user's completed weekly challenges with proof, newest first. */
export async function recentVictories(deps: WeeklyDeps, userId: string, limit: number): Promise<{ victories: WeeklyVictory[] }> {
  const rows = await deps.weekly.victories(userId, limit);
  return { victories: await Promise.all(rows.map((v) => ownerVictory(deps, v))) };
}
