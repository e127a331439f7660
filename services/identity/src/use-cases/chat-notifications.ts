import { randomUUID } from 'node:crypto';
import type { ChatMessageSentPayload, ChatReadPayload } from '@vere/contracts';
import { notificationRoute } from '@vere/domain';
import type { Db } from '../repositories/db';

/*
 * A friend's chat message (issue 25 point 5; decision 0056). pods publishes
 * `pods.chat.message.sent.v1` (no text) from its outbox with every message stored. pods cannot tell
 * honestly whether the recipient has the chat open — its streams live on whichever replica holds the
 * connection — so identity decides by one rule: a sender's messages arriving within
 * CHAT_BATCH_MINUTES of the first one of an unread item join it ("3 new messages from Ana"); only a
 * new item is inserted, and only an insert queues a push, so a conversation pushes at most once per
 * sender per 10 minutes while unread. Never for a pair with a block either way; never while pod
 * activity (the spec's social type) or the in-app channel is off.
 */

/** Messages of one sender arriving within this many minutes of an unread item's first one join it. */
export const CHAT_BATCH_MINUTES = 10;

const nameOf = async (tx: Db, userId: string): Promise<string> => {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { name: true, displayName: true } });
  return user?.displayName?.trim() || user?.name || 'A friend';
};

/** pods.chat.message.sent.v1: the recipient hears who wrote (never what), batched per sender. */
export async function onChatMessageSent(tx: Db, e: ChatMessageSentPayload): Promise<void> {
  const recipient = e.recipientId;
  const sender = e.userId;
  const prefs = await tx.notificationPreferences.findUnique({
    where: { userId: recipient },
    select: { podActivities: true, channelInApp: true },
  });
  if (prefs && (!prefs.podActivities || !prefs.channelInApp)) return;
  const blocked = await tx.$queryRaw<{ one: number }[]>`
    SELECT 1 AS one FROM "identity"."notify_block"
     WHERE blocked AND ((blocker_id = ${recipient}::uuid AND blocked_id = ${sender}::uuid)
                     OR (blocker_id = ${sender}::uuid AND blocked_id = ${recipient}::uuid))`;
  if (blocked.length > 0) return;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`chat-notify:${recipient}:${sender}`}, 0))`;
  const at = new Date(e.occurredAt);
  // Already read (the read event came first: the two subjects have their own consumers).
  const read = await tx.$queryRaw<{ one: number }[]>`
    SELECT 1 AS one FROM "identity"."notify_chat_read"
     WHERE user_id = ${recipient}::uuid AND friend_id = ${sender}::uuid AND read_at >= ${at}`;
  if (read.length > 0) return;
  const name = await nameOf(tx, sender);
  const open = await tx.$queryRaw<{ notification_id: string; count: number }[]>`
    SELECT b.notification_id, b.count
      FROM "identity"."chat_notification_batch" b
      JOIN "identity"."notification" n ON n.id = b.notification_id
     WHERE b.user_id = ${recipient}::uuid AND b.sender_id = ${sender}::uuid AND n.read_at IS NULL
       AND b.first_at > ${at}::timestamptz - make_interval(mins => ${CHAT_BATCH_MINUTES})
       AND b.first_at <= ${at}
     ORDER BY b.first_at DESC LIMIT 1`;
  const batch = open[0];
  if (batch) {
    const count = batch.count + 1;
    await tx.$executeRaw`
      UPDATE "identity"."notification"
         SET title = ${`${count} new messages from ${name}`}, body = ${`Open your chat with ${name} to read them.`}
       WHERE id = ${batch.notification_id}::uuid`;
    await tx.$executeRaw`
      UPDATE "identity"."chat_notification_batch" SET count = ${count}, last_at = GREATEST(last_at, ${at})
       WHERE notification_id = ${batch.notification_id}::uuid`;
    return;
  }
  const id = randomUUID();
  const added = await tx.$executeRaw`
    INSERT INTO "identity"."notification" (id, user_id, kind, title, body, route, dedupe_key, created_at)
    SELECT ${id}::uuid, ${recipient}::uuid, 'chat_message', ${`New message from ${name}`},
           ${`Open your chat with ${name} to read it.`}, ${notificationRoute('chat_message', sender)},
           ${`chat:${e.eventId}`}, ${at}
     WHERE EXISTS (SELECT 1 FROM "identity"."user" WHERE id = ${recipient}::uuid)
    ON CONFLICT (user_id, kind, dedupe_key) DO NOTHING`;
  if (added !== 1) return;
  await tx.$executeRaw`
    INSERT INTO "identity"."chat_notification_batch" (notification_id, user_id, sender_id, count, first_at, last_at)
    VALUES (${id}::uuid, ${recipient}::uuid, ${sender}::uuid, 1, ${at}, ${at})`;
}

/**
 * pods.chat.read.v1: the reader read the friend's messages up to `readAt`, so the friend's chat items
 * covering messages until then are read too (the bell and the centre follow the chat).
 */
export async function onChatRead(tx: Db, e: ChatReadPayload): Promise<void> {
  const readAt = new Date(e.readAt);
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`chat-notify:${e.userId}:${e.friendId}`}, 0))`;
  await tx.$executeRaw`
    INSERT INTO "identity"."notify_chat_read" (user_id, friend_id, read_at)
    SELECT ${e.userId}::uuid, ${e.friendId}::uuid, ${readAt}
     WHERE EXISTS (SELECT 1 FROM "identity"."user" WHERE id = ${e.userId}::uuid)
    ON CONFLICT (user_id, friend_id) DO UPDATE SET read_at = GREATEST(notify_chat_read.read_at, EXCLUDED.read_at)`;
  await tx.$executeRaw`
    UPDATE "identity"."notification" n SET read_at = ${readAt}
      FROM "identity"."chat_notification_batch" b
     WHERE b.notification_id = n.id AND b.user_id = ${e.userId}::uuid AND b.sender_id = ${e.friendId}::uuid
       AND n.read_at IS NULL AND b.last_at <= ${readAt}`;
}
