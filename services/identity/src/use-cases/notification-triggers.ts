import type {
  FriendshipChangedPayload,
  MemberNudgedPayload,
  StreakUpdatedPayload,
  TodoChangedPayload,
  WeeklyCompletedPayload,
} from '@vere/contracts';
import { notificationRoute } from '@vere/domain';
import type { Db } from '../repositories/db';
import type { IdentityDeps } from './deps';
import { deliverInApp } from './notifications';

/*
 * Consumers that turn other services' events into notifications (issue 25; decision 0042). Each
 * runs in the consumer's unit of work (inbox mark + the notification commit together) and keys the
 * notification by the event id, so a redelivery adds nothing.
 */

const displayName = async (tx: Db, userId: string): Promise<string> => {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { name: true, displayName: true } });
  return user?.displayName?.trim() || user?.name || 'Someone';
};

/** pods.friendship.changed.v1: a request reaches the person asked; an acceptance reaches the one who asked. */
export async function onFriendshipChanged(
  deps: Pick<IdentityDeps, 'notifications'>,
  tx: Db,
  e: FriendshipChangedPayload,
): Promise<void> {
  if (e.change !== 'requested' && e.change !== 'accepted') return;
  const name = await displayName(tx, e.userId);
  const requested = e.change === 'requested';
  const kind = requested ? 'friend_request' : 'friend_accepted';
  await deliverInApp(deps, tx, {
    userId: e.otherUserId,
    kind,
    title: requested ? `${name} wants to be friends` : `${name} accepted your friend request`,
    body: requested
      ? 'Say yes to see each other’s challenges and cheer each other on.'
      : 'You can now chat and see each other’s weekly challenges.',
    route: notificationRoute(kind),
    dedupeKey: e.eventId,
    at: new Date(e.occurredAt),
  });
}

/**
 * pods.member.nudged.v1: the member a pod-mate nudged hears it, routed to the pod — a pod activity,
 * so only while that type is on (pods already allows one nudge per nudger, member and day).
 */
export async function onMemberNudged(
  deps: Pick<IdentityDeps, 'notifications'>,
  tx: Db,
  e: MemberNudgedPayload,
): Promise<void> {
  const prefs = await deps.notifications.preferences(tx, e.recipientId);
  if (prefs && !prefs.podActivities) return;
  const name = await displayName(tx, e.userId);
  await deliverInApp(deps, tx, {
    userId: e.recipientId,
    kind: 'pod_activity',
    title: `${name} nudged you`,
    body: 'This week’s challenge is still open, and your pod is cheering you on.',
    route: notificationRoute('pod_activity', e.podId),
    dedupeKey: e.eventId,
    at: new Date(e.occurredAt),
  });
}

/** quests.weekly.completed.v1: the newest week the user completed (a reminder for it is no longer sent). */
export async function onWeeklyCompleted(tx: Db, e: WeeklyCompletedPayload): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "identity"."notify_progress" (user_id, weekly_completed_week, updated_at)
    SELECT ${e.userId}::uuid, ${e.weekNumber}, now() WHERE EXISTS (SELECT 1 FROM "identity"."user" WHERE id = ${e.userId}::uuid)
    ON CONFLICT (user_id) DO UPDATE
      SET weekly_completed_week = GREATEST(COALESCE(notify_progress.weekly_completed_week, EXCLUDED.weekly_completed_week), EXCLUDED.weekly_completed_week),
          updated_at = now()`;
}

/** quests.streak.updated.v1: the weekly streak a "streak at risk" warning is about. */
export async function onStreakUpdated(tx: Db, e: StreakUpdatedPayload): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "identity"."notify_progress" (user_id, current_streak, updated_at)
    SELECT ${e.userId}::uuid, ${e.currentStreak}, now() WHERE EXISTS (SELECT 1 FROM "identity"."user" WHERE id = ${e.userId}::uuid)
    ON CONFLICT (user_id) DO UPDATE SET current_streak = EXCLUDED.current_streak, updated_at = now()`;
}

/**
 * quests.todo.changed.v1: which to-dos are open (the challenge reminder also fires for them, checked
 * at send time). The newest change of a to-do wins, so a late `added` cannot reopen a completed one.
 */
export async function onTodoChanged(tx: Db, e: TodoChangedPayload): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "identity"."notify_todo" (todo_id, user_id, open, due_at, changed_at)
    SELECT ${e.todoId}::uuid, ${e.userId}::uuid, ${e.change === 'added'}, ${new Date(e.dueAt)}, ${new Date(e.occurredAt)}
     WHERE EXISTS (SELECT 1 FROM "identity"."user" WHERE id = ${e.userId}::uuid)
    ON CONFLICT (todo_id) DO UPDATE SET open = EXCLUDED.open, changed_at = EXCLUDED.changed_at
    WHERE notify_todo.changed_at <= EXCLUDED.changed_at`;
  // Expired ones are of no use to anyone: the user's rows due over a day ago go.
  await tx.$executeRaw`
    DELETE FROM "identity"."notify_todo" WHERE user_id = ${e.userId}::uuid AND due_at < ${new Date(e.occurredAt)}::timestamptz - interval '1 day'`;
}
