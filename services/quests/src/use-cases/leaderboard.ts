import type {
  BlockChangedPayload,
  Leaderboard,
  LeaderboardEntry,
  LeaderboardQuery,
  MemberJoinedPayload,
  MemberLeftPayload,
  PodLeague,
  PodLeagueEntry,
} from '@vere/contracts';
import {
  isAvatarConfig,
  LEADERBOARD_DEFAULT_LIMIT,
  levelForXP,
  podLeagueShare,
  POD_LEAGUE_MIN_MEMBERS,
  POD_LEAGUE_SHOWN,
  shownPhotoUrl,
  weekDates,
  xpWeekAt,
} from '@vere/domain';
import type { PgTx } from '@vere/service-kit';
import type { LeagueRow, RankedPlayerRow } from '../repositories/leaderboard-repository';
import type { QuestsDeps } from './deps';

const toEntry = (r: RankedPlayerRow): LeaderboardEntry => ({
  id: r.id,
  name: r.name,
  username: r.username,
  photoUrl: shownPhotoUrl(r.photoUrl), // a row kept before decision 0035 may still hold another site's link
  avatarConfig: isAvatarConfig(r.avatarConfig) ? r.avatarConfig : null,
  level: levelForXP(r.totalXp),
  totalXP: r.totalXp,
  xp: r.xp,
  rank: r.rank,
});

/** The caller's current week, in their zone (UTC while their player is being set up). */
async function currentWeek(deps: QuestsDeps, userId: string) {
  const zone = (await deps.players.timeZoneOf(deps.db, userId)) ?? 'UTC';
  const weekNumber = xpWeekAt(deps.clock(), zone);
  return { weekNumber, ...weekDates(weekNumber) };
}

/**
 * A board (decision 0037): this week's XP or all time, among the caller's friends, pods or everyone,
 * ranked by standard competition ranking, without users hidden from the caller by a block either
 * way, and the caller's own place (null while their player is being set up).
 */
export async function getLeaderboard(deps: QuestsDeps, userId: string, query: LeaderboardQuery): Promise<Leaderboard> {
  const period = query.period ?? 'all';
  const scope = query.scope ?? 'everyone';
  const week = period === 'week' ? await currentWeek(deps, userId) : null;
  const rows = await deps.leaderboard.board(deps.db, {
    userId,
    week: week?.weekNumber ?? null,
    scope,
    limit: query.limit ?? LEADERBOARD_DEFAULT_LIMIT,
  });
  const entries = rows
    .filter((r) => !r.me)
    .sort((a, b) => a.rank - b.rank || (a.id < b.id ? -1 : 1))
    .map(toEntry);
  const me = rows.find((r) => r.me);
  return { period, scope, week, entries, me: me ? toEntry(me) : null };
}

const toLeagueEntry = (r: LeagueRow): PodLeagueEntry => ({
  podId: r.podId,
  rank: r.rank,
  members: r.members,
  completed: r.completed,
  share: podLeagueShare(r.completed, r.members),
  mine: r.mine,
});

/** The weekly pod league of the caller's week: pods ranked by the share of members who completed its challenge. */
export async function getPodLeague(deps: QuestsDeps, userId: string): Promise<PodLeague> {
  const week = await currentWeek(deps, userId);
  const rows = await deps.leaderboard.league(
    deps.db,
    week.weekNumber,
    userId,
    POD_LEAGUE_MIN_MEMBERS,
    POD_LEAGUE_SHOWN,
  );
  return {
    week,
    entries: rows.filter((_, i) => i < POD_LEAGUE_SHOWN).map(toLeagueEntry),
    mine: rows.filter((r) => r.mine).map(toLeagueEntry),
    pods: rows[0]?.pods ?? 0,
  };
}

/** Effect of pods.block.changed.v1 (durable `quests-blocks`): the newest version of the pair wins. */
export async function applyBlock(deps: Pick<QuestsDeps, 'leaderboard'>, tx: PgTx, e: BlockChangedPayload) {
  await deps.leaderboard.applyBlock(tx, {
    blockerId: e.userId,
    blockedId: e.otherUserId,
    blocked: e.blocked,
    version: e.version,
  });
}

/** Effect of pods.member.joined.v1 / pods.member.left.v1 (durable `quests-pod-members`): the newest event of a pair wins. */
export async function applyMembership(
  deps: Pick<QuestsDeps, 'leaderboard'>,
  tx: PgTx,
  e: MemberJoinedPayload | MemberLeftPayload,
  member: boolean,
) {
  await deps.leaderboard.applyMembership(tx, {
    podId: e.podId,
    userId: e.userId,
    member,
    at: new Date(e.occurredAt),
  });
}

/** Effect on the boards' read models when an account is deleted. */
export async function forgetBoards(deps: Pick<QuestsDeps, 'leaderboard'>, tx: PgTx, userId: string) {
  await deps.leaderboard.forget(tx, userId);
}
