import { randomUUID } from 'node:crypto';
import type { BlockList, ReportBody } from '@vere/contracts';
import { AppError, pgTransaction } from '@vere/service-kit';
import { blocksBetween, deletePair, pairOf, profileExists } from '../repositories/friends-repository';
import { deleteBlock, insertBlock, insertReport, listBlocked, type ReportTarget } from '../repositories/safety-repository';
import { notifyChatClosed } from '../repositories/live-messages';
import { lockPair, type Queryable } from '../repositories/sql';
import { recordFriendshipChange, type FriendsDeps } from './friends';

function refuseSelf(viewer: string, other: string, field: string): void {
  if (viewer === other) throw new AppError('CANNOT_TARGET_SELF', 'You cannot do that to yourself.', field);
}

/**
 * Blocks `other`: their friendship or pending request ends (published as a change), each is hidden
 * from the other, and no request passes either way until the block is lifted.
 */
export async function blockUser(deps: FriendsDeps, viewer: string, other: string): Promise<void> {
  refuseSelf(viewer, other, 'userId');
  await pgTransaction(deps.pool)(async (tx) => {
    await lockPair(tx, viewer, other);
    const blocks = await blocksBetween(tx, viewer, other);
    if (!blocks.otherBlocked && !(await profileExists(tx, other))) throw new AppError('USER_NOT_FOUND', 'No such user.', 'userId');
    await insertBlock(tx, viewer, other);
    const pair = await pairOf(tx, viewer, other);
    if (pair) {
      await deletePair(tx, viewer, other);
      await recordFriendshipChange(tx, viewer, other, 'blocked', false);
      if (pair.status === 'accepted') await notifyChatClosed(tx, viewer, other);
    }
  });
  deps.onEvents();
}

/** Lifts the caller's block (idempotent); a block the other user placed stays. Nothing is restored. */
export async function unblockUser(deps: FriendsDeps, viewer: string, other: string): Promise<void> {
  refuseSelf(viewer, other, 'userId');
  await deleteBlock(deps.pool, viewer, other);
}

export async function blockedBy(db: Queryable, viewer: string): Promise<BlockList> {
  return { users: (await listBlocked(db, viewer)).map((u) => ({ ...u, blockedAt: u.blockedAt.toISOString() })) };
}

/** Where a reportable item is, as the reporter may see it; undefined when they may not. */
export type ReportTargetResolver = (db: Queryable, reporter: string, body: ReportBody) => Promise<ReportTarget | undefined>;

/** A user report: any user pods knows other than the reporter, unless they are hidden by a block. */
export const resolveUserTarget: ReportTargetResolver = async (db, reporter, body) => {
  if (body.kind !== 'user') return undefined;
  refuseSelf(reporter, body.targetId, 'targetId');
  const blocks = await blocksBetween(db, reporter, body.targetId);
  if (blocks.otherBlocked || !(await profileExists(db, body.targetId))) return undefined;
  return { reportedUserId: body.targetId, podId: null };
};

/** Stores a report for review (once per reporter and item); the item is then hidden from the reporter. */
export async function report(
  db: Queryable, resolvers: ReportTargetResolver[], reporter: string, body: ReportBody,
): Promise<{ id: string; created: boolean }> {
  let target: ReportTarget | undefined;
  for (const resolve of resolvers) target ??= await resolve(db, reporter, body);
  if (!target) throw new AppError('REPORT_TARGET_NOT_FOUND', 'Nothing to report there.', 'targetId');
  return insertReport(db, randomUUID(), reporter, { ...body, details: body.details?.trim() || undefined }, target);
}
