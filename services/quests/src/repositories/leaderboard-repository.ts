import type { LeaderboardScope } from '@vere/domain';
import type { PgTx, Queryable } from '@vere/service-kit';

export interface RankedPlayerRow {
  me: boolean;
  id: string;
  name: string;
  username: string | null;
  photoUrl: string | null;
  avatarConfig: Record<string, unknown> | null;
  totalXp: number;
  /** The XP the board counts (this week's or the total). */
  xp: number;
  rank: number;
}

/** Which board: the week number for weekly XP (null: all time), whom it ranks, for whom. */
export interface BoardQuery {
  userId: string;
  week: number | null;
  scope: LeaderboardScope;
  limit: number;
}

const PLAYER_COLUMNS = `p.user_id AS id, p.name, p.username, p.photo_url AS "photoUrl", p.avatar_config AS "avatarConfig",
  p.total_xp AS "totalXp"`;

/** True when a user block hides `col` from the viewer ($1), either way (decision 0035). */
const HIDDEN = (col: string) => `EXISTS (SELECT 1 FROM quests.user_block b WHERE b.blocked AND (
    (b.blocker_id = $1 AND b.blocked_id = ${col}) OR (b.blocker_id = ${col} AND b.blocked_id = $1)))`;

/**
 * Everyone, all time. The top N straight off the (total_xp DESC, user_id) index, skipping players
 * hidden from the caller; every rank (the caller's too) is 1 + the players above, summed from the
 * per-XP counts (xp_rank_count) rather than counted one by one, so it stays the global rank (a gap
 * where a hidden player was) and its cost does not grow with the number of players.
 * $1 caller, $2 limit.
 */
export const EVERYONE_ALL_SQL = `
SELECT false AS me, ${PLAYER_COLUMNS}, p.total_xp AS xp,
  (1 + COALESCE((SELECT sum(c.players) FROM quests.xp_rank_count c WHERE c.total_xp > p.total_xp), 0))::int AS rank
FROM (SELECT * FROM quests.player p WHERE NOT ${HIDDEN('p.user_id')} ORDER BY p.total_xp DESC, p.user_id LIMIT $2) p
UNION ALL
SELECT true, ${PLAYER_COLUMNS}, p.total_xp,
  (1 + COALESCE((SELECT sum(c.players) FROM quests.xp_rank_count c WHERE c.total_xp > p.total_xp), 0))::int
FROM quests.player p WHERE p.user_id = $1`;

/**
 * Everyone, this week: the same over weekly_xp (players who earned XP in week $3) and its per-XP
 * counts; the caller without XP this week ranks after all who have some. $1 caller, $2 limit, $3 week.
 */
export const EVERYONE_WEEK_SQL = `
SELECT false AS me, ${PLAYER_COLUMNS}, w.xp,
  (1 + COALESCE((SELECT sum(c.players) FROM quests.weekly_xp_rank_count c WHERE c.week_number = $3 AND c.xp > w.xp), 0))::int AS rank
FROM (SELECT * FROM quests.weekly_xp w WHERE w.week_number = $3 AND w.xp > 0 AND NOT ${HIDDEN('w.user_id')}
      ORDER BY w.xp DESC, w.user_id LIMIT $2) w
JOIN quests.player p ON p.user_id = w.user_id
UNION ALL
SELECT true, ${PLAYER_COLUMNS}, COALESCE(w.xp, 0),
  (1 + COALESCE((SELECT sum(c.players) FROM quests.weekly_xp_rank_count c
                 WHERE c.week_number = $3 AND c.xp > COALESCE(w.xp, 0)), 0))::int
FROM quests.player p LEFT JOIN quests.weekly_xp w ON w.week_number = $3 AND w.user_id = p.user_id
WHERE p.user_id = $1`;

/** The members of a small board: the caller and their friends, or the caller and everyone in their pods. */
const CIRCLE = {
  friends: `SELECT $1::uuid AS user_id UNION SELECT f.friend_id FROM quests.friend_link f WHERE f.user_id = $1 AND f.friends`,
  pods: `SELECT $1::uuid AS user_id UNION SELECT o.user_id FROM quests.pod_member m
           JOIN quests.pod_member o ON o.pod_id = m.pod_id AND o.member
          WHERE m.user_id = $1 AND m.member`,
} as const;

/**
 * Friends or pods: a circle of at most a few hundred, ranked among itself (rank() is competition
 * ranking), without users hidden from the caller. Answers the top $2 and the caller's row.
 * $1 caller, $2 limit, $3 week (null: all time).
 */
const circleSql = (scope: 'friends' | 'pods') => `
WITH board AS (
  SELECT ${PLAYER_COLUMNS},
    CASE WHEN $3::int IS NULL THEN p.total_xp ELSE COALESCE(w.xp, 0) END AS xp
  FROM (${CIRCLE[scope]}) c
  JOIN quests.player p ON p.user_id = c.user_id
  LEFT JOIN quests.weekly_xp w ON w.week_number = $3::int AND w.user_id = p.user_id
  WHERE NOT ${HIDDEN('p.user_id')}
), ranked AS (
  SELECT board.*, (rank() OVER (ORDER BY xp DESC))::int AS rank,
    row_number() OVER (ORDER BY xp DESC, id) AS n FROM board
)
SELECT false AS me, id, name, username, "photoUrl", "avatarConfig", "totalXp", xp, rank FROM ranked WHERE n <= $2
UNION ALL
SELECT true, id, name, username, "photoUrl", "avatarConfig", "totalXp", xp, rank FROM ranked WHERE id = $1`;

export interface BlockRow {
  blockerId: string;
  blockedId: string;
  blocked: boolean;
  version: number;
}

export interface LeagueRow {
  podId: string;
  members: number;
  completed: number;
  rank: number;
  mine: boolean;
  pods: number;
}

/** Leaderboard reads and the read models they rest on (weekly XP, blocks, pod memberships): data access only. */
export interface LeaderboardRepository {
  /** The board's top `limit` rows ranked, and the caller's own row (`me`) when they are a player. */
  board(db: Queryable, query: BoardQuery): Promise<RankedPlayerRow[]>;
  /** Adds `amount` to the user's XP of week `week`. */
  addWeeklyXp(tx: PgTx, userId: string, week: number, amount: number): Promise<void>;
  /** The pair takes the block change unless it holds a newer version. */
  applyBlock(tx: PgTx, block: BlockRow): Promise<void>;
  /** The pair takes the membership change unless it holds a newer one. */
  applyMembership(tx: PgTx, m: { podId: string; userId: string; member: boolean; at: Date }): Promise<void>;
  /** Forgets the user's weekly XP, blocks (both ways) and memberships. */
  forget(tx: PgTx, userId: string): Promise<void>;
  /**
   * The pod league of week `week`: pods with at least `minMembers` members ranked by the share who
   * completed that week's weekly challenge (ties share a rank), the best `limit` and every pod of
   * `userId` in the league, each with the league's size (`pods`).
   */
  league(db: Queryable, week: number, userId: string, minMembers: number, limit: number): Promise<LeagueRow[]>;
}

export function createLeaderboardRepository(): LeaderboardRepository {
  return {
    async board(db, q) {
      if (q.scope === 'everyone') {
        const { rows } =
          q.week === null
            ? await db.query<RankedPlayerRow>({
                name: 'quests-board-everyone-all',
                text: EVERYONE_ALL_SQL,
                values: [q.userId, q.limit],
              })
            : await db.query<RankedPlayerRow>({
                name: 'quests-board-everyone-week',
                text: EVERYONE_WEEK_SQL,
                values: [q.userId, q.limit, q.week],
              });
        return rows;
      }
      const { rows } = await db.query<RankedPlayerRow>({
        name: `quests-board-${q.scope}`,
        text: circleSql(q.scope),
        values: [q.userId, q.limit, q.week],
      });
      return rows;
    },
    async addWeeklyXp(tx, userId, week, amount) {
      await tx.query(
        `INSERT INTO quests.weekly_xp (week_number, user_id, xp) VALUES ($1, $2, $3)
         ON CONFLICT (week_number, user_id) DO UPDATE SET xp = quests.weekly_xp.xp + EXCLUDED.xp`,
        [week, userId, amount],
      );
    },
    async applyBlock(tx, b) {
      await tx.query(
        `INSERT INTO quests.user_block (blocker_id, blocked_id, blocked, version) VALUES ($1, $2, $3, $4)
         ON CONFLICT (blocker_id, blocked_id) DO UPDATE SET blocked = EXCLUDED.blocked, version = EXCLUDED.version
         WHERE quests.user_block.version < EXCLUDED.version`,
        [b.blockerId, b.blockedId, b.blocked, b.version],
      );
    },
    async applyMembership(tx, m) {
      await tx.query(
        `INSERT INTO quests.pod_member (pod_id, user_id, member, changed_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (pod_id, user_id) DO UPDATE SET member = EXCLUDED.member, changed_at = EXCLUDED.changed_at
         WHERE quests.pod_member.changed_at <= EXCLUDED.changed_at`,
        [m.podId, m.userId, m.member, m.at],
      );
    },
    async forget(tx, userId) {
      await tx.query('DELETE FROM quests.weekly_xp WHERE user_id = $1', [userId]);
      await tx.query('DELETE FROM quests.user_block WHERE blocker_id = $1 OR blocked_id = $1', [userId]);
      await tx.query('DELETE FROM quests.pod_member WHERE user_id = $1', [userId]);
    },
    async league(db, week, userId, minMembers, limit) {
      const { rows } = await db.query<LeagueRow>({
        name: 'quests-pod-league',
        text: `
WITH pods AS (
  SELECT m.pod_id AS "podId", count(*)::int AS members,
    (count(*) FILTER (WHERE ucp.completed))::int AS completed,
    bool_or(m.user_id = $2) AS mine
  FROM quests.pod_member m
  LEFT JOIN quests.weekly_challenge wc ON wc.week_number = $1
  LEFT JOIN quests.user_challenge_progress ucp ON ucp.user_id = m.user_id AND ucp.weekly_challenge_id = wc.id
  WHERE m.member
  GROUP BY m.pod_id HAVING count(*) >= $3
), ranked AS (
  SELECT pods.*, (rank() OVER (ORDER BY completed::numeric / members DESC))::int AS rank,
    row_number() OVER (ORDER BY completed::numeric / members DESC, members DESC, "podId") AS n,
    (count(*) OVER ())::int AS pods
  FROM pods
)
SELECT "podId", members, completed, rank, mine, pods FROM ranked WHERE n <= $4 OR mine ORDER BY n`,
        values: [week, userId, minMembers, limit],
      });
      return rows;
    },
  };
}
