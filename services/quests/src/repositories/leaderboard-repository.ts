import type { Queryable } from '@vere/service-kit';

export interface RankedPlayerRow {
  me: boolean;
  id: string;
  name: string;
  username: string | null;
  photoUrl: string | null;
  avatarConfig: Record<string, unknown> | null;
  totalXp: number;
  rank: number;
}

/**
 * Top N straight off the (total_xp DESC, user_id) index, ranked among themselves (every player
 * with more XP is in the top N, so rank() there is the global rank); the caller's rank is 1 + the
 * players above them, summed from the per-XP counts (xp_rank_count) rather than counted one by one.
 * One statement, one round trip.
 */
export const LEADERBOARD_SQL = `
SELECT false AS me, top.*, (rank() OVER (ORDER BY top."totalXp" DESC))::int AS rank FROM (
  SELECT user_id AS id, name, username, photo_url AS "photoUrl", avatar_config AS "avatarConfig", total_xp AS "totalXp"
  FROM quests.player ORDER BY total_xp DESC, user_id LIMIT $1
) top
UNION ALL
SELECT true, p.user_id, p.name, p.username, p.photo_url, p.avatar_config, p.total_xp,
  (1 + COALESCE((SELECT sum(c.players) FROM quests.xp_rank_count c WHERE c.total_xp > p.total_xp), 0))::int
FROM quests.player p WHERE p.user_id = $2`;

export interface LeaderboardRepository {
  /** The top `limit` players ranked, and the user's own row (`me`) when they are a player. */
  topAndMe(db: Queryable, limit: number, userId: string): Promise<RankedPlayerRow[]>;
}

export function createLeaderboardRepository(): LeaderboardRepository {
  return {
    async topAndMe(db, limit, userId) {
      const { rows } = await db.query<RankedPlayerRow>({
        name: 'quests-leaderboard',
        text: LEADERBOARD_SQL,
        values: [limit, userId],
      });
      return rows;
    },
  };
}
