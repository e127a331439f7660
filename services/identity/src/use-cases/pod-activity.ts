import { randomUUID } from 'node:crypto';
import type {
  BlockChangedPayload,
  MemberJoinedPayload,
  MemberLeftPayload,
  PodStreakUpdatedPayload,
  PostInteractionPayload,
  WeeklyCompletedPayload,
} from '@vere/contracts';
import { notificationRoute } from '@vere/domain';
import type { Db } from '../repositories/db';

/*
 * Pod activity in identity (issue 25 point 5; decision 0056). identity keeps who is in which pod
 * from pods' events (the newest event of a pair wins, as quests' leaderboard read model does), and
 * turns a member's shared completion and a rising pod streak into centre items for the other
 * members. Several within POD_ACTIVITY_BATCH_MINUTES of the first become one item ("3 new in Morning
 * Crew") while it is unread. Each runs in the consumer's unit of work (its inbox makes a redelivery a
 * no-op); a per-(user, pod) advisory lock keeps two events arriving together from opening two items.
 */

/** Items for one pod arriving within this many minutes of the first unread one join it. */
export const POD_ACTIVITY_BATCH_MINUTES = 10;

/** pods.member.joined.v1 / pods.member.left.v1: the read model of memberships (and pod names). */
export async function onPodMembership(
  tx: Db,
  e: MemberJoinedPayload | MemberLeftPayload,
  member: boolean,
): Promise<void> {
  const podName = 'podName' in e ? (e.podName ?? null) : null;
  await tx.$executeRaw`
    INSERT INTO "identity"."pod_membership" (pod_id, user_id, member, pod_name, changed_at)
    SELECT ${e.podId}::uuid, ${e.userId}::uuid, ${member}, ${podName}, ${new Date(e.occurredAt)}
     WHERE EXISTS (SELECT 1 FROM "identity"."user" WHERE id = ${e.userId}::uuid)
    ON CONFLICT (pod_id, user_id) DO UPDATE
      SET member = EXCLUDED.member, changed_at = EXCLUDED.changed_at,
          pod_name = COALESCE(EXCLUDED.pod_name, pod_membership.pod_name)
    WHERE pod_membership.changed_at <= EXCLUDED.changed_at`;
  if (podName !== null)
    await tx.$executeRaw`
      UPDATE "identity"."pod_membership" SET pod_name = ${podName}
       WHERE pod_id = ${e.podId}::uuid AND pod_name IS DISTINCT FROM ${podName}`;
}

/**
 * The pod's current members; with `actor`, those who hid the actor or are hidden from them (a block
 * either way, decision 0035) are left out, as the pod log leaves the actor's posts out for them.
 */
const membersOf = async (
  tx: Db,
  podId: string,
  actor?: string,
): Promise<{ userId: string; podName: string | null }[]> =>
  (
    await tx.$queryRaw<{ user_id: string; pod_name: string | null }[]>`
      SELECT m.user_id, m.pod_name FROM "identity"."pod_membership" m
       WHERE m.pod_id = ${podId}::uuid AND m.member
         AND (${actor ?? null}::uuid IS NULL OR NOT EXISTS (
               SELECT 1 FROM "identity"."notify_block" b
                WHERE b.blocked AND ((b.blocker_id = m.user_id AND b.blocked_id = ${actor ?? null}::uuid)
                                  OR (b.blocked_id = m.user_id AND b.blocker_id = ${actor ?? null}::uuid))))`
  ).map((r) => ({ userId: r.user_id, podName: r.pod_name }));

/** pods.block.changed.v1: the newest version of a pair wins (decision 0035). */
export async function onBlockChanged(tx: Db, e: BlockChangedPayload): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "identity"."notify_block" (blocker_id, blocked_id, blocked, version)
    SELECT ${e.userId}::uuid, ${e.otherUserId}::uuid, ${e.blocked}, ${e.version}
     WHERE (SELECT count(*) FROM "identity"."user" WHERE id IN (${e.userId}::uuid, ${e.otherUserId}::uuid)) = 2
    ON CONFLICT (blocker_id, blocked_id) DO UPDATE SET blocked = EXCLUDED.blocked, version = EXCLUDED.version
    WHERE notify_block.version < EXCLUDED.version`;
}

const displayName = async (tx: Db, userId: string): Promise<string> => {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { name: true, displayName: true } });
  return user?.displayName?.trim() || user?.name || 'A pod-mate';
};

interface Activity {
  userId: string;
  podId: string;
  podName: string;
  /** One line about what happened, e.g. "Mia completed “Walk somewhere new”". */
  line: string;
  /** Keys the first item of a batch (a redelivered event adds nothing). */
  key: string;
  at: Date;
}

/** Adds one moment to the user's open batch for the pod, or opens one. */
export async function addPodActivity(tx: Db, a: Activity): Promise<void> {
  const prefs = await tx.notificationPreferences.findUnique({
    where: { userId: a.userId },
    select: { podActivities: true, channelInApp: true },
  });
  if (prefs && (!prefs.podActivities || !prefs.channelInApp)) return;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`pod-activity:${a.userId}:${a.podId}`}, 0))`;
  const open = await tx.$queryRaw<{ notification_id: string; count: number }[]>`
    SELECT b.notification_id, b.count
      FROM "identity"."pod_activity_batch" b
      JOIN "identity"."notification" n ON n.id = b.notification_id
     WHERE b.user_id = ${a.userId}::uuid AND b.pod_id = ${a.podId}::uuid AND n.read_at IS NULL
       AND b.first_at > ${a.at}::timestamptz - make_interval(mins => ${POD_ACTIVITY_BATCH_MINUTES})
       AND b.first_at <= ${a.at}
     ORDER BY b.first_at DESC LIMIT 1`;
  const batch = open[0];
  if (batch) {
    const count = batch.count + 1;
    await tx.$executeRaw`
      UPDATE "identity"."notification"
         SET title = ${`${count} new in ${a.podName}`}, body = ${`Latest: ${a.line}.`},
             created_at = GREATEST(created_at, ${a.at})
       WHERE id = ${batch.notification_id}::uuid`;
    await tx.$executeRaw`
      UPDATE "identity"."pod_activity_batch"
         SET count = ${count}, last_at = GREATEST(last_at, ${a.at}), summary = ${a.line}
       WHERE notification_id = ${batch.notification_id}::uuid`;
    return;
  }
  const id = randomUUID();
  const added = await tx.$executeRaw`
    INSERT INTO "identity"."notification" (id, user_id, kind, title, body, route, dedupe_key, created_at)
    SELECT ${id}::uuid, ${a.userId}::uuid, 'pod_activity', ${`New in ${a.podName}`}, ${`${a.line}.`},
           ${notificationRoute('pod_activity', a.podId)}, ${a.key}, ${a.at}
     WHERE EXISTS (SELECT 1 FROM "identity"."user" WHERE id = ${a.userId}::uuid)
    ON CONFLICT (user_id, kind, dedupe_key) DO NOTHING`;
  if (added !== 1) return;
  await tx.$executeRaw`
    INSERT INTO "identity"."pod_activity_batch" (notification_id, user_id, pod_id, count, first_at, last_at, summary)
    VALUES (${id}::uuid, ${a.userId}::uuid, ${a.podId}::uuid, 1, ${a.at}, ${a.at}, ${a.line})`;
}

/** quests.weekly.completed.v1 with pods ticked: the other members of each pod hear it. */
export async function onCompletionShared(tx: Db, e: WeeklyCompletedPayload): Promise<void> {
  if (e.podIds.length === 0) return;
  const name = await displayName(tx, e.userId);
  const at = new Date(e.occurredAt);
  for (const podId of new Set(e.podIds)) {
    const members = await membersOf(tx, podId, e.userId);
    // Only a member's completion is news in the pod.
    if (!members.some((m) => m.userId === e.userId)) continue;
    const podName = members.find((m) => m.podName)?.podName ?? 'your pod';
    const line = `${name} completed “${e.title}”${e.hasPhoto ? ' and shared a photo' : ''}`;
    for (const m of members) {
      if (m.userId === e.userId) continue;
      await addPodActivity(tx, { userId: m.userId, podId, podName, line, key: `pod:${e.eventId}:${podId}`, at });
    }
  }
}

/** pods.pod.streak.updated.v1: a streak that rose (a completed week) reaches every member. */
export async function onPodStreakRose(tx: Db, e: PodStreakUpdatedPayload): Promise<void> {
  if (e.reason !== 'completed' || e.currentStreak <= e.previousStreak) return;
  const members = await membersOf(tx, e.podId);
  const podName = members.find((m) => m.podName)?.podName ?? 'your pod';
  const weeks = e.currentStreak === 1 ? '1 week' : `${e.currentStreak} weeks`;
  const line = `The pod streak rose to ${weeks}: everyone finished this week's challenge`;
  const at = new Date(e.occurredAt);
  for (const m of members)
    await addPodActivity(tx, { userId: m.userId, podId: e.podId, podName, line, key: `pod:${e.eventId}`, at });
}

/** pods.post.interaction.v1: the post's author hears of a comment or a reaction, while still a member. */
export async function onPostInteraction(tx: Db, e: PostInteractionPayload): Promise<void> {
  const members = await membersOf(tx, e.podId, e.userId);
  if (!members.some((m) => m.userId === e.authorId)) return;
  const name = await displayName(tx, e.userId);
  await addPodActivity(tx, {
    userId: e.authorId,
    podId: e.podId,
    podName: members.find((m) => m.podName)?.podName ?? 'your pod',
    line: e.kind === 'comment' ? `${name} commented on your post` : `${name} reacted to your post`,
    key: `pod:${e.eventId}`,
    at: new Date(e.occurredAt),
  });
}
