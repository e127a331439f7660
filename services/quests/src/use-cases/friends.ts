import type { FriendshipChangedPayload, WeeklyFriends } from '@vere/contracts';
import { WEEKLY_FRIENDS_SHOWN } from '@vere/domain';
import { AppError, type PgTx } from '@vere/service-kit';
import type { QuestsDeps } from './deps';

/**
 * Effect of pods.friendship.changed.v1 (durable `quests-friends`): both directions of the pair take
 * the change unless they hold a newer version (redelivered or reordered events change nothing). A
 * block ends the friendship in pods, which publishes `friends: false`.
 */
export async function applyFriendship(
  deps: Pick<QuestsDeps, 'friends'>,
  tx: PgTx,
  e: FriendshipChangedPayload,
): Promise<void> {
  await deps.friends.apply(tx, {
    userId: e.userId,
    otherUserId: e.otherUserId,
    friends: e.friends,
    version: e.version,
  });
}

/** "Friends doing this": the user's friends who accepted the weekly challenge, up to 12 (most recent accept first), and how many. */
export async function friendsDoingThis(
  deps: QuestsDeps,
  userId: string,
  weeklyChallengeId: string,
): Promise<WeeklyFriends> {
  if (!(await deps.weekly.exists(deps.db, weeklyChallengeId)))
    throw new AppError('WEEKLY_CHALLENGE_NOT_FOUND', 'That weekly challenge was not found.');
  return deps.friends.acceptedBy(deps.db, userId, weeklyChallengeId, WEEKLY_FRIENDS_SHOWN);
}

/** Effect on the friend ids when an account is deleted: both directions go. */
export async function forgetFriends(deps: Pick<QuestsDeps, 'friends'>, tx: PgTx, userId: string): Promise<void> {
  await deps.friends.forget(tx, userId);
}
