import { FriendshipChanged, type FriendList, type FriendRequestList, type FriendshipChangedPayload, type FriendshipState, type UserSearchResult } from '@vere/contracts';
import { AppError, newEvent, pgTransaction } from '@vere/service-kit';
import type pg from 'pg';
import {
  acceptPair, blocksBetween, deletePair, insertRequest, listFriends, listRequests, nextFriendshipVersion, pairOf, profileExists,
  searchByUsername,
} from '../repositories/friends-repository';
import { notifyChatClosed } from '../repositories/live-messages';
import { lockPair, writeEvent, type Queryable } from '../repositories/sql';

export interface FriendsDeps {
  pool: pg.Pool;
  /** After a commit that wrote events (the relay publishes them now rather than at its next poll). */
  onEvents: () => void;
}

type Change = FriendshipChangedPayload['change'];

/** pods.friendship.changed.v1 into the outbox, inside the pair's transaction. */
export async function recordFriendshipChange(tx: Queryable, actor: string, other: string, change: Change, friends: boolean): Promise<void> {
  const version = await nextFriendshipVersion(tx);
  await writeEvent(tx, newEvent(FriendshipChanged.subject, actor, { otherUserId: other, change, friends, version }));
}

const iso = (d: Date) => d.toISOString();

export async function searchUsers(
  db: Queryable, viewer: string, query: { q: string; cursor?: string; limit?: number },
): Promise<UserSearchResult> {
  const prefix = query.q.replace(/^@/, '').toLowerCase();
  const limit = query.limit ?? 20;
  const after = query.cursor ? { username: query.cursor.slice(0, query.cursor.indexOf(':')), id: query.cursor.slice(query.cursor.indexOf(':') + 1) } : undefined;
  const rows = await searchByUsername(db, viewer, prefix, after, limit);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { users: page, nextCursor: rows.length > limit && last ? `${last.username}:${last.id}` : null };
}

export async function friendsOf(db: Queryable, viewer: string): Promise<FriendList> {
  return { friends: (await listFriends(db, viewer)).map((f) => ({ ...f, since: iso(f.since) })) };
}

export async function requestsOf(db: Queryable, viewer: string): Promise<FriendRequestList> {
  const rows = await listRequests(db, viewer);
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
export async function sendRequest(deps: FriendsDeps, viewer: string, other: string): Promise<{ created: boolean; state: FriendshipState }> {
  refuseSelf(viewer, other);
  const result = await pgTransaction(deps.pool)(async (tx) => {
    await lockPair(tx, viewer, other);
    const blocks = await blocksBetween(tx, viewer, other);
    if (blocks.otherBlocked || !(await profileExists(tx, other))) throw new AppError('USER_NOT_FOUND', 'No such user.', 'userId');
    if (blocks.viewerBlocked) throw new AppError('USER_BLOCKED', 'You blocked this user. Unblock them first.', 'userId');
    const pair = await pairOf(tx, viewer, other);
    if (pair?.status === 'accepted') throw new AppError('ALREADY_FRIENDS', 'You are already friends.', 'userId');
    if (pair?.requestedBy === viewer) return { created: false, status: 'pending' as const };
    if (pair) {
      await acceptPair(tx, viewer, other);
      await recordFriendshipChange(tx, viewer, other, 'accepted', true);
      return { created: false, status: 'friends' as const };
    }
    await insertRequest(tx, viewer, other);
    await recordFriendshipChange(tx, viewer, other, 'requested', false);
    return { created: true, status: 'pending' as const };
  });
  deps.onEvents();
  return { created: result.created, state: { userId: other, status: result.status } };
}

/** Runs `fn` on the pair when its row matches; otherwise `code` (404). */
async function onPair(
  deps: FriendsDeps, viewer: string, other: string,
  matches: (pair: { requestedBy: string; status: string }) => boolean,
  code: 'FRIEND_REQUEST_NOT_FOUND' | 'FRIEND_NOT_FOUND',
  fn: (tx: pg.PoolClient) => Promise<void>,
): Promise<void> {
  refuseSelf(viewer, other);
  await pgTransaction(deps.pool)(async (tx) => {
    await lockPair(tx, viewer, other);
    const pair = await pairOf(tx, viewer, other);
    if (!pair || !matches(pair)) throw new AppError(code, code === 'FRIEND_NOT_FOUND' ? 'Not your friend.' : 'No such friend request.', 'userId');
    await fn(tx);
  });
  deps.onEvents();
}

export function acceptRequest(deps: FriendsDeps, viewer: string, other: string): Promise<void> {
  return onPair(deps, viewer, other, (p) => p.status === 'pending' && p.requestedBy === other, 'FRIEND_REQUEST_NOT_FOUND', async (tx) => {
    await acceptPair(tx, viewer, other);
    await recordFriendshipChange(tx, viewer, other, 'accepted', true);
  });
}

export function declineRequest(deps: FriendsDeps, viewer: string, other: string): Promise<void> {
  return onPair(deps, viewer, other, (p) => p.status === 'pending' && p.requestedBy === other, 'FRIEND_REQUEST_NOT_FOUND', async (tx) => {
    await deletePair(tx, viewer, other);
    await recordFriendshipChange(tx, viewer, other, 'declined', false);
  });
}

export function cancelRequest(deps: FriendsDeps, viewer: string, other: string): Promise<void> {
  return onPair(deps, viewer, other, (p) => p.status === 'pending' && p.requestedBy === viewer, 'FRIEND_REQUEST_NOT_FOUND', async (tx) => {
    await deletePair(tx, viewer, other);
    await recordFriendshipChange(tx, viewer, other, 'cancelled', false);
  });
}

export function removeFriend(deps: FriendsDeps, viewer: string, other: string): Promise<void> {
  return onPair(deps, viewer, other, (p) => p.status === 'accepted', 'FRIEND_NOT_FOUND', async (tx) => {
    await deletePair(tx, viewer, other);
    await recordFriendshipChange(tx, viewer, other, 'removed', false);
    await notifyChatClosed(tx, viewer, other);
  });
}
