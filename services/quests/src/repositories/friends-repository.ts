import type { WeeklyFriends } from '@vere/contracts';
import type { PgTx, Queryable } from '@vere/service-kit';

/** One friendship as pods published it (pods.friendship.changed.v1, per-pair `version`). */
export interface FriendshipRow {
  userId: string;
  otherUserId: string;
  friends: boolean;
  version: number;
}

/** The friend-ids read model (friend_link, one row per direction): data access only. */
export interface FriendsRepository {
  /** Both directions of the pair take the change unless they hold a newer version. */
  apply(tx: PgTx, friendship: FriendshipRow): Promise<void>;
  /** Forgets every link of the user, both directions. */
  forget(tx: PgTx, userId: string): Promise<void>;
  /** The user's friends who accepted the weekly challenge, most recent accept first (at most `limit`), and how many did. */
  acceptedBy(db: Queryable, userId: string, weeklyChallengeId: string, limit: number): Promise<WeeklyFriends>;
}

export function createFriendsRepository(): FriendsRepository {
  return {
    async apply(tx, f) {
      await tx.query(
        `INSERT INTO quests.friend_link (user_id, friend_id, friends, version)
         VALUES ($1::uuid, $2::uuid, $3, $4), ($2::uuid, $1::uuid, $3, $4)
         ON CONFLICT (user_id, friend_id) DO UPDATE SET friends = EXCLUDED.friends, version = EXCLUDED.version
         WHERE quests.friend_link.version < EXCLUDED.version`,
        [f.userId, f.otherUserId, f.friends, f.version],
      );
    },
    async forget(tx, userId) {
      await tx.query('DELETE FROM quests.friend_link WHERE user_id = $1 OR friend_id = $1', [userId]);
    },
    async acceptedBy(db, userId, weeklyChallengeId, limit) {
      const { rows } = await db.query<WeeklyFriends['friends'][number] & { total: number }>(
        `SELECT p.user_id AS id, p.name, p.username, p.photo_url AS "photoUrl", p.avatar_config AS "avatarConfig",
                count(*) OVER ()::int AS total
           FROM quests.friend_link f
           JOIN quests.user_challenge_progress ucp ON ucp.user_id = f.friend_id AND ucp.weekly_challenge_id = $2 AND ucp.accepted_at IS NOT NULL
           JOIN quests.player p ON p.user_id = f.friend_id
          WHERE f.user_id = $1 AND f.friends
          ORDER BY ucp.accepted_at DESC, p.user_id
          LIMIT $3`,
        [userId, weeklyChallengeId, limit],
      );
      return { friends: rows.map(({ total: _total, ...friend }) => friend), total: rows[0]?.total ?? 0 };
    },
  };
}
