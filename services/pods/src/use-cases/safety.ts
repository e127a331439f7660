import { randomUUID } from 'node:crypto';
import { BlockChanged, type BlockList, type ReportBody } from '@vere/contracts';
import { AppError, newEvent, writeOutbox, type PgTx, type Queryable } from '@vere/service-kit';
import type { PodsDeps } from '../deps';
import { notifyChatClosed } from '../live/messages';
import type { ReportTarget } from '../repositories/safety-repository';
import { lockPair } from '../repositories/sql';
import { recordFriendshipChange } from './friends';

function refuseSelf(viewer: string, other: string, field: string): void {
  if (viewer === other) throw new AppError('CANNOT_TARGET_SELF', 'You cannot do that to yourself.', field);
}

/** pods.block.changed.v1 into the outbox, inside the pair's unit of work (quests hides blocked users on its boards). */
async function recordBlockChange(deps: PodsDeps, tx: PgTx, blocker: string, other: string, blocked: boolean) {
  const version = await deps.friends.nextFriendshipVersion(tx);
  await writeOutbox(tx, newEvent(BlockChanged.subject, blocker, { otherUserId: other, blocked, version }));
}

/**
 * Blocks `other`: their friendship or pending request ends (published as a change), each is hidden
 * from the other, and no request passes either way until the block is lifted.
 */
export async function blockUser(deps: PodsDeps, viewer: string, other: string): Promise<void> {
  refuseSelf(viewer, other, 'userId');
  await deps.transaction(async (tx) => {
    await lockPair(tx, viewer, other);
    const blocks = await deps.friends.blocksBetween(tx, viewer, other);
    if (!blocks.otherBlocked && !(await deps.friends.profileExists(tx, other)))
      throw new AppError('USER_NOT_FOUND', 'No such user.', 'userId');
    if (await deps.safety.insertBlock(tx, viewer, other)) await recordBlockChange(deps, tx, viewer, other, true);
    const pair = await deps.friends.pairOf(tx, viewer, other);
    if (pair) {
      await deps.friends.deletePair(tx, viewer, other);
      await recordFriendshipChange(deps, tx, viewer, other, 'blocked', false);
      if (pair.status === 'accepted') await notifyChatClosed(tx, viewer, other);
    }
  });
}

/** Lifts the caller's block (idempotent); a block the other user placed stays. Nothing is restored. */
export async function unblockUser(deps: PodsDeps, viewer: string, other: string): Promise<void> {
  refuseSelf(viewer, other, 'userId');
  await deps.transaction(async (tx) => {
    await lockPair(tx, viewer, other);
    if (await deps.safety.deleteBlock(tx, viewer, other)) await recordBlockChange(deps, tx, viewer, other, false);
  });
}

export async function blockedBy(deps: PodsDeps, viewer: string): Promise<BlockList> {
  return {
    users: (await deps.safety.listBlocked(deps.db, viewer)).map((u) => ({
      ...u,
      blockedAt: u.blockedAt.toISOString(),
    })),
  };
}

/** Where a reportable item is, as the reporter may see it; undefined when they may not. */
export type ReportTargetResolver = (
  deps: PodsDeps,
  db: Queryable,
  reporter: string,
  body: ReportBody,
) => Promise<ReportTarget | undefined>;

/** A user report: any user pods knows other than the reporter, unless they are hidden by a block. */
export const resolveUserTarget: ReportTargetResolver = async (deps, db, reporter, body) => {
  if (body.kind !== 'user') return undefined;
  refuseSelf(reporter, body.targetId, 'targetId');
  const blocks = await deps.friends.blocksBetween(db, reporter, body.targetId);
  if (blocks.otherBlocked || !(await deps.friends.profileExists(db, body.targetId))) return undefined;
  return { reportedUserId: body.targetId, podId: null };
};

/** Stores a report for review (once per reporter and item); the item is then hidden from the reporter. */
export async function report(
  deps: PodsDeps,
  reporter: string,
  body: ReportBody,
): Promise<{ id: string; created: boolean }> {
  return deps.transaction(async (tx) => {
    let target: ReportTarget | undefined;
    for (const resolve of deps.reportTargets) target ??= await resolve(deps, tx, reporter, body);
    if (!target) throw new AppError('REPORT_TARGET_NOT_FOUND', 'Nothing to report there.', 'targetId');
    return deps.safety.insertReport(
      tx,
      randomUUID(),
      reporter,
      { ...body, details: body.details?.trim() || undefined },
      target,
    );
  });
}
