import type { Limits } from '@vere/contracts';
import {
  isProAt,
  isWeekendWindow,
  levelForXP,
  limitMaxima,
  localDate,
  nextLocalMidnight,
  nextWeekendStart,
  weekendEnd,
  type LimitMaxima,
} from '@vere/domain';
import { AppError } from '@vere/service-kit';
import type { UsageRow } from '../repositories/deck-repository';
import type { QuestsDeps } from './deps';

/** Everything the day's rules need, read once per request: the user's zone, level, Pro and local date. */
export interface DayContext {
  userId: string;
  now: Date;
  timeZone: string;
  totalXp: number;
  level: number;
  isPro: boolean;
  /** The user's local date (YYYY-MM-DD). */
  date: string;
  weekendOpen: boolean;
  maxima: LimitMaxima;
}

export async function dayContext(
  deps: Pick<QuestsDeps, 'db' | 'players'>,
  userId: string,
  now: Date,
): Promise<DayContext> {
  const row = await deps.players.contextOf(deps.db, userId);
  if (!row) throw new AppError('PLAYER_NOT_FOUND', 'Your player profile is being set up. Try again in a moment.');
  const level = levelForXP(row.totalXp);
  const isPro = isProAt(now, row.proActive, row.proExpiresAt);
  return {
    userId,
    now,
    timeZone: row.timeZone,
    totalXp: row.totalXp,
    level,
    isPro,
    date: localDate(now, row.timeZone),
    weekendOpen: isWeekendWindow(now, row.timeZone),
    maxima: limitMaxima({ isPro, level }),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Spec §3 "User limits" for the day, plus when they reset and when the weekend opens and ends. */
export function limitsBody(ctx: DayContext, usage: UsageRow): Limits {
  const endsAt = weekendEnd(ctx.now, ctx.timeZone);
  const opensAt = ctx.weekendOpen
    ? nextWeekendStart(new Date(endsAt.getTime() - 8 * DAY_MS), ctx.timeZone)
    : nextWeekendStart(ctx.now, ctx.timeZone);
  return {
    dailySwipes: usage.swipes_used,
    maxSwipes: ctx.maxima.maxSwipes,
    dailySkips: usage.skips_used,
    maxSkips: ctx.maxima.maxSkips,
    weekendSwipes: usage.weekend_swipes_used,
    maxWeekendSwipes: ctx.maxima.maxWeekendSwipes,
    weekendSkips: usage.weekend_skips_used,
    maxWeekendSkips: ctx.maxima.maxWeekendSkips,
    bonusSwipes: ctx.maxima.bonusSwipes,
    isPro: ctx.isPro,
    level: ctx.level,
    timeZone: ctx.timeZone,
    date: ctx.date,
    resetsAt: nextLocalMidnight(ctx.now, ctx.timeZone).toISOString(),
    weekendOpen: ctx.weekendOpen,
    weekendOpensAt: opensAt.toISOString(),
    weekendEndsAt: endsAt.toISOString(),
  };
}
