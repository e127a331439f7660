import {
  FriendshipChanged,
  type FriendList,
  type FriendRequestList,
  type FriendshipChangedPayload,
  type FriendshipState,
  type UserSearchResult,
} from '@vere/contracts';
import { AppError, newEvent, writeOutbox, type PgTx } from '@vere/service-kit';
import type { PodsDeps } from '../deps';
import { notifyChatClosed } from '../live/messages';
import { lockPair } from '../repositories/sql';

type Change = FriendshipChangedPayload['change'];

/** pods.friendship.changed.v1 into the outbox, inside the pair's unit of work. */
export async function recordFriendshipChange(
  deps: PodsDeps,
  tx: PgTx,
  actor: string,
  other: string,
  change: Change,
  friends: boolean,
): Promise<void> {
  const version = await deps.friends.nextFriendshipVersion(tx);
  await writeOutbox(tx, newEvent(FriendshipChanged.subject, actor, { otherUserId: other, change, friends, version }));
}

const iso = (d: Date) => d.toISOString();

export async function searchUsers(
  deps: PodsDeps,
  viewer: string,
  query: { q: string; cursor?: string; limit?: number },
): Promise<UserSearchResult> {
  const prefix = query.q.replace(/^@/, '').toLowerCase();
  const limit = query.limit ?? 20;
  const after = query.cursor
    ? {
        username: query.cursor.slice(0, query.cursor.indexOf(':')),
        id: query.cursor.slice(query.cursor.indexOf(':') + 1),
      }
    : undefined;
  const rows = await deps.friends.searchByUsername(deps.db, viewer, prefix, after, limit);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { users: page, nextCursor: rows.length > limit && last ? `${last.username}:${last.id}` : null };
}

export async function friendsOf(deps: PodsDeps, viewer: string): Promise<FriendList> {
  return { friends: (await deps.friends.listFriends(deps.db, viewer)).map((f) => ({ ...f, since: iso(f.since) })) };
}

export async function requestsOf(deps: PodsDeps, viewer: string): Promise<FriendRequestList> {
  const rows = await deps.friends.listRequests(deps.db, viewer);
  const entry = ({ incoming: _incoming, sentAt, ...card }: (typeof rows)[number]) => ({ ...card, sentAt: iso(sentAt) });
  return { incoming: rows.filter((r) => r.incoming).map(entry), outgoing: rows.filter((r) => !r.incoming).map(entry) };
}

function refuseSelf(viewer: string, other: string): void {
  if (viewer === other) throw new AppError('CANNOT_TARGET_SELF', 'You cannot do that to yourself.', 'userId');
}

/**
 * Sends a request; when the other user had already asked, the two requests meet and they become
 * friends. Refused both ways across a block (the blocked side learns nothing: "not found").
 */
export async function sendRequest(
  deps: PodsDeps,
  viewer: string,
  other: string,
): Promise<{ created: boolean; state: FriendshipState }> {
  refuseSelf(viewer, other);
  const result = await deps.transaction(async (tx) => {
    await lockPair(tx, viewer, other);
    const blocks = await deps.friends.blocksBetween(tx, viewer, other);
    if (blocks.otherBlocked || !(await deps.friends.profileExists(tx, other)))
      throw new AppError('USER_NOT_FOUND', 'No such user.', 'userId');
    if (blocks.viewerBlocked)
      throw new AppError('USER_BLOCKED', 'You blocked this user. Unblock them first.', 'userId');
    const pair = await deps.friends.pairOf(tx, viewer, other);
    if (pair?.status === 'accepted') throw new AppError('ALREADY_FRIENDS', 'You are already friends.', 'userId');
    if (pair?.requestedBy === viewer) return { created: false, status: 'pending' as const };
    if (pair) {
      await deps.friends.acceptPair(tx, viewer, other);
      await recordFriendshipChange(deps, tx, viewer, other, 'accepted', true);
      return { created: false, status: 'friends' as const };
    }
    await deps.friends.insertRequest(tx, viewer, other);
    await recordFriendshipChange(deps, tx, viewer, other, 'requested', false);
    return { created: true, status: 'pending' as const };
  });
  return { created: result.created, state: { userId: other, status: result.status } };
}

/** Runs `fn` on the pair, in one unit of work under the pair's lock, when its row matches; otherwise `code` (404). */
async function onPair(
  deps: PodsDeps,
  viewer: string,
  other: string,
  matches: (pair: { requestedBy: string; status: string }) => boolean,
  code: 'FRIEND_REQUEST_NOT_FOUND' | 'FRIEND_NOT_FOUND',
  fn: (tx: PgTx) => Promise<void>,
): Promise<void> {
  refuseSelf(viewer, other);
  await deps.transaction(async (tx) => {
    await lockPair(tx, viewer, other);
    const pair = await deps.friends.pairOf(tx, viewer, other);
    if (!pair || !matches(pair))
      throw new AppError(code, code === 'FRIEND_NOT_FOUND' ? 'Not your friend.' : 'No such friend request.', 'userId');
    await fn(tx);
  });
}

export function acceptRequest(deps: PodsDeps, viewer: string, other: string): Promise<void> {
  return onPair(
    deps,
    viewer,
    other,
    (p) => p.status === 'pending' && p.requestedBy === other,
    'FRIEND_REQUEST_NOT_FOUND',
    async (tx) => {
      await deps.friends.acceptPair(tx, viewer, other);
      await recordFriendshipChange(deps, tx, viewer, other, 'accepted', true);
    },
  );
}

export function declineRequest(deps: PodsDeps, viewer: string, other: string): Promise<void> {
  return onPair(
    deps,
    viewer,
    other,
    (p) => p.status === 'pending' && p.requestedBy === other,
    'FRIEND_REQUEST_NOT_FOUND',
    async (tx) => {
      await deps.friends.deletePair(tx, viewer, other);
      await recordFriendshipChange(deps, tx, viewer, other, 'declined', false);
    },
  );
}

export function cancelRequest(deps: PodsDeps, viewer: string, other: string): Promise<void> {
  return onPair(
    deps,
    viewer,
    other,
    (p) => p.status === 'pending' && p.requestedBy === viewer,
    'FRIEND_REQUEST_NOT_FOUND',
    async (tx) => {
      await deps.friends.deletePair(tx, viewer, other);
      await recordFriendshipChange(deps, tx, viewer, other, 'cancelled', false);
    },
  );
}

export function removeFriend(deps: PodsDeps, viewer: string, other: string): Promise<void> {
  return onPair(
    deps,
    viewer,
    other,
    (p) => p.status === 'accepted',
    'FRIEND_NOT_FOUND',
    async (tx) => {
      await deps.friends.deletePair(tx, viewer, other);
      await recordFriendshipChange(deps, tx, viewer, other, 'removed', false);
      await notifyChatClosed(tx, viewer, other);
    },
  );
}
