import { AppError } from '@vere/service-kit';
import type { FriendshipChangedPayload, WeeklyFriends } from '@vere/contracts';
import type pg from 'pg';
import type { Prisma } from '../generated/prisma/client';

/** "Friends doing this" shows at most this many. */
export const FRIENDS_SHOWN = 12;

/**
 * Effect of pods.friendship.changed.v1 (durable `quests-friends`): both directions of the pair take
 * the change unless they hold a newer version (redelivered or reordered events change nothing). A
 * block ends the friendship in pods, which publishes `friends: false`.
 */
export async function applyFriendship(tx: Prisma.TransactionClient, e: FriendshipChangedPayload): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO quests.friend_link (user_id, friend_id, friends, version)
    VALUES (${e.userId}::uuid, ${e.otherUserId}::uuid, ${e.friends}, ${e.version}),
           (${e.otherUserId}::uuid, ${e.userId}::uuid, ${e.friends}, ${e.version})
    ON CONFLICT (user_id, friend_id) DO UPDATE SET friends = EXCLUDED.friends, version = EXCLUDED.version
    WHERE quests.friend_link.version < EXCLUDED.version`;
}

/** The user's friends who accepted the weekly challenge: up to 12 (most recent accept first) and how many. */
export async function friendsDoingThis(pool: pg.Pool, userId: string, weeklyChallengeId: string): Promise<WeeklyFriends> {
  const known = await pool.query('SELECT 1 FROM quests.weekly_challenge WHERE id = $1', [weeklyChallengeId]);
  if (known.rowCount === 0) throw new AppError('WEEKLY_CHALLENGE_NOT_FOUND', 'That weekly challenge was not found.');
  const { rows } = await pool.query<WeeklyFriends['friends'][number] & { total: number }>(
    `SELECT p.user_id AS id, p.name, p.username, p.photo_url AS "photoUrl", p.avatar_config AS "avatarConfig",
            count(*) OVER ()::int AS total
       FROM quests.friend_link f
       JOIN quests.user_challenge_progress ucp ON ucp.user_id = f.friend_id AND ucp.weekly_challenge_id = $2 AND ucp.accepted_at IS NOT NULL
       JOIN quests.player p ON p.user_id = f.friend_id
      WHERE f.user_id = $1 AND f.friends
      ORDER BY ucp.accepted_at DESC, p.user_id
      LIMIT ${FRIENDS_SHOWN}`,
    [userId, weeklyChallengeId],
  );
  return { friends: rows.map(({ total: _total, ...friend }) => friend), total: rows[0]?.total ?? 0 };
}

/** Effect on the friend ids when an account is deleted: both directions go. */
export async function forgetFriends(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  await tx.$executeRaw`DELETE FROM quests.friend_link WHERE user_id = ${userId}::uuid OR friend_id = ${userId}::uuid`;
}
