import type { Limits } from '@vere/contracts';
import {
  isProAt,
  isWeekendWindow,
  levelForXP,
  levelProgress,
  limitMaxima,
  localDate,
  nextLocalMidnight,
  nextWeekendStart,
  weekendEnd,
  type LimitMaxima,
} from '@vere/domain';
import { AppError } from '@vere/service-kit';
import { lru } from 'tiny-lru';
import type { ContextGuard, UsageRow } from '../repositories/deck-repository';
import type { PlayerContextRow } from '../repositories/players-repository';
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
  /** What the zone's clock says at `now` (the date, the weekend window, the resets): see zoneDayAt. */
  zoneDay: ZoneDay;
}

/**
 * What the day's rules read from a zone's clock at an instant: the local date, whether the weekend
 * window is open, when the day resets and when the weekend opens and ends (libs/domain's rules).
 * Each of them is constant from `from` until `until` (the next local midnight, or the weekend's
 * opening if it comes first), so one computation serves every player of the zone in between.
 */
export interface ZoneDay {
  from: number;
  until: number;
  date: string;
  weekendOpen: boolean;
  resetsAt: string;
  weekendOpensAt: string;
  weekendEndsAt: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function computeZoneDay(now: Date, timeZone: string): ZoneDay {
  const weekendOpen = isWeekendWindow(now, timeZone);
  const endsAt = weekendEnd(now, timeZone);
  const opensAt = weekendOpen
    ? nextWeekendStart(new Date(endsAt.getTime() - 8 * DAY_MS), timeZone)
    : nextWeekendStart(now, timeZone);
  const resetsAt = nextLocalMidnight(now, timeZone);
  return {
    from: now.getTime(),
    // Within one local date every value above is fixed, except that a closed window opens (Friday 17:00).
    until: weekendOpen ? resetsAt.getTime() : Math.min(resetsAt.getTime(), opensAt.getTime()),
    date: localDate(now, timeZone),
    weekendOpen,
    resetsAt: resetsAt.toISOString(),
    weekendOpensAt: opensAt.toISOString(),
    weekendEndsAt: endsAt.toISOString(),
  };
}

/** The last ZoneDay of each zone seen (a few hundred zones at most). */
const zoneDays = new Map<string, ZoneDay>();

/**
 * The zone's day at `now`, remembered per zone until it changes: building zoned dates (Intl) was the
 * largest cost of an accept after the HTTP and SQL work (issue 28, decision 0065).
 */
export function zoneDayAt(now: Date, timeZone: string): ZoneDay {
  const at = now.getTime();
  const known = zoneDays.get(timeZone);
  if (known && known.from <= at && at < known.until) return known;
  const day = computeZoneDay(now, timeZone);
  if (zoneDays.size >= 1_000) zoneDays.clear();
  zoneDays.set(timeZone, day);
  return day;
}

/**
 * The day's context, read fresh from the player row. With `contexts` the row is also remembered for
 * the next accept or skip (the deck and the limits are read before the first swipe).
 */
export async function dayContext(
  deps: Pick<QuestsDeps, 'db' | 'players'> & Partial<Pick<QuestsDeps, 'contexts'>>,
  userId: string,
  now: Date,
): Promise<DayContext> {
  const row = await readContext(deps, userId);
  deps.contexts?.set(userId, row);
  return dayContextOf(userId, now, row);
}

async function readContext(deps: Pick<QuestsDeps, 'db' | 'players'>, userId: string): Promise<PlayerContextRow> {
  const row = await deps.players.contextOf(deps.db, userId);
  if (!row) throw new AppError('PLAYER_NOT_FOUND', 'Your player profile is being set up. Try again in a moment.');
  return row;
}

/** The day's context from the player's row (zone, XP, entitlement) at `now`: no database work. */
export function dayContextOf(userId: string, now: Date, row: PlayerContextRow): DayContext {
  const level = levelForXP(row.totalXp);
  const isPro = isProAt(now, row.proActive, row.proExpiresAt);
  const zoneDay = zoneDayAt(now, row.timeZone);
  return {
    userId,
    now,
    timeZone: row.timeZone,
    totalXp: row.totalXp,
    level,
    isPro,
    date: zoneDay.date,
    weekendOpen: zoneDay.weekendOpen,
    maxima: limitMaxima({ isPro, level }),
    zoneDay,
  };
}

/**
 * The players' context rows the accept and the skip last read, per user, bounded (least recently
 * used out). Nothing trusts an entry unchecked: the counting statement re-reads the player row and
 * does nothing when the zone, the entitlement or the level no longer match (decision 0061).
 */
export interface PlayerContextCache {
  get(userId: string): PlayerContextRow | undefined;
  set(userId: string, row: PlayerContextRow): void;
  delete(userId: string): void;
}

/** 10,000 players' rows take about 2 MB. */
export function createPlayerContextCache(max = 10_000): PlayerContextCache {
  const cache = lru<PlayerContextRow>(max);
  return {
    get: (userId) => cache.get(userId),
    set: (userId, row) => void cache.set(userId, row),
    delete: (userId) => void cache.delete(userId),
  };
}

/** What the counting statement checks the player row against: the zone, the entitlement, and XP within the level. */
export function contextGuard(row: PlayerContextRow): ContextGuard {
  const p = levelProgress(row.totalXp);
  return {
    timeZone: row.timeZone,
    // Level 1 holds any XP below the first threshold.
    minXp: p.currentLevel === 1 ? null : p.currentLevelXP,
    // At the top level any XP keeps it.
    maxXpExclusive: p.nextLevelXP > p.currentLevelXP ? p.nextLevelXP : null,
    proActive: row.proActive,
    proExpiresAt: row.proExpiresAt,
  };
}

/**
 * Runs one counting statement with the user's day context, in one round trip when the context is
 * cached: `run` gets the context and its guard and answers `'stale'` when the statement found the
 * player row changed (and did nothing); the row is then read again and the statement rerun.
 */
export async function withCachedDayContext<T>(
  deps: Pick<QuestsDeps, 'db' | 'players' | 'contexts' | 'clock'>,
  userId: string,
  run: (ctx: DayContext, guard: ContextGuard) => Promise<T | 'stale'>,
): Promise<T> {
  const now = deps.clock();
  let row = deps.contexts.get(userId);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (!row) {
      row = await readContext(deps, userId);
      deps.contexts.set(userId, row);
    }
    const out = await run(dayContextOf(userId, now, row), contextGuard(row));
    if (out !== 'stale') return out;
    deps.contexts.delete(userId);
    row = undefined;
  }
  // The profile or the entitlement changed between each read and each statement: nothing was counted.
  throw new AppError('CONFLICT', 'Your profile changed just now. Try again.');
}

/** Spec §3 "User limits" for the day, plus when they reset and when the weekend opens and ends. */
export function limitsBody(ctx: DayContext, usage: UsageRow): Limits {
  const day = ctx.zoneDay;
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
    resetsAt: day.resetsAt,
    weekendOpen: ctx.weekendOpen,
    weekendOpensAt: day.weekendOpensAt,
    weekendEndsAt: day.weekendEndsAt,
  };
}
