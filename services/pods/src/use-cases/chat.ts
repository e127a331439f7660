import { randomUUID } from 'node:crypto';
import {
  ChatMessageSent,
  ChatRead,
  type Chat,
  type ChatMessage,
  type ChatPage,
  type ChatUnread,
} from '@vere/contracts';
import { chatRetryAfterSeconds, normalizeChatMessage, validateChatMessage } from '@vere/domain';
import { AppError, newEvent, writeOutbox, type Queryable } from '@vere/service-kit';
import type { PodsDeps } from '../deps';
import { notifyChat, notifyChatRead } from '../live/messages';
import { lockPair } from '../repositories/sql';
import type { ReportTargetResolver } from './safety';

const notFriends = () => new AppError('CHAT_NOT_FRIENDS', 'You can only chat with your friends.', 'friendId');

/**
 * Chat is between friends only. A block the viewer placed says so (they can lift it); everything
 * else — a stranger, an unknown id, a block the other placed, a user the viewer reported — is the
 * same "not friends", so nobody learns they were blocked.
 */
async function requireChat(deps: PodsDeps, db: Queryable, viewer: string, other: string): Promise<void> {
  if (viewer === other) throw new AppError('CANNOT_TARGET_SELF', 'You cannot chat with yourself.', 'friendId');
  const standing = await deps.chat.chatStanding(db, viewer, other);
  if (standing.friends && !standing.hidden) return;
  const blocks = await deps.friends.blocksBetween(db, viewer, other);
  if (blocks.viewerBlocked)
    throw new AppError('USER_BLOCKED', 'You blocked this user. Unblock them to chat again.', 'friendId');
  throw notFriends();
}

/** Cursor of the history: the last message's time and id, base64url. */
const encodeCursor = (at: Date, id: string) => Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(createdAt.getTime())) {
    throw new AppError('VALIDATION_FAILED', 'The cursor is not one this chat gave out.', 'cursor');
  }
  return { createdAt, id };
}

async function pageOf(
  deps: PodsDeps,
  viewer: string,
  other: string,
  before: { createdAt: Date; id: string } | undefined,
  limit: number,
): Promise<ChatPage> {
  const { rows, more } = await deps.chat.messagePage(deps.db, viewer, other, before, limit);
  const last = rows[rows.length - 1];
  return {
    messages: rows.map(({ at: _at, ...m }) => m),
    nextCursor: more && last ? encodeCursor(last.at, last.id) : null,
  };
}

/** Opening a chat: the friend's card, the newest page and how many of their messages are unread. */
export async function openChat(deps: PodsDeps, viewer: string, friendId: string, limit = 30): Promise<Chat> {
  await requireChat(deps, deps.db, viewer, friendId);
  const [friend, page, unread] = await Promise.all([
    deps.chat.cardOf(deps.db, friendId),
    pageOf(deps, viewer, friendId, undefined, limit),
    deps.chat.unreadBySender(deps.db, viewer, friendId),
  ]);
  if (!friend) throw notFriends();
  return { friend, ...page, unread: unread[0]?.count ?? 0 };
}

export async function readHistory(
  deps: PodsDeps,
  viewer: string,
  friendId: string,
  query: { cursor?: string; limit?: number },
): Promise<ChatPage> {
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  await requireChat(deps, deps.db, viewer, friendId);
  return pageOf(deps, viewer, friendId, before, query.limit ?? 30);
}

/**
 * Sends a message: checked (friends, text rule), rate-limited per sender and stored in one unit of
 * work under the sender's advisory lock; the NOTIFY in it reaches both participants' open chat
 * streams right after the commit, and `pods.chat.message.sent.v1` (no text) lets identity notify the
 * recipient (decision 0056).
 */
export async function sendMessage(deps: PodsDeps, viewer: string, friendId: string, raw: string): Promise<ChatMessage> {
  const verdict = validateChatMessage(raw);
  if (!verdict.ok) throw new AppError('VALIDATION_FAILED', verdict.reason, 'body');
  const body = normalizeChatMessage(raw);
  return deps.transaction(async (tx) => {
    // The pair's lock (a block or unfriending takes it too) keeps "friends" true until the commit.
    await lockPair(tx, viewer, friendId);
    await requireChat(deps, tx, viewer, friendId);
    await deps.chat.lockSender(tx, viewer);
    const wait = chatRetryAfterSeconds(
      deps.chatRateLimit,
      await deps.chat.recentSends(tx, viewer, deps.chatRateLimit.windowMs),
    );
    if (wait !== null)
      throw new AppError(
        'RATE_LIMITED',
        `You're sending messages too fast. Wait ${wait} s and try again.`,
        'body',
        wait,
      );
    const message = await deps.chat.insertMessage(tx, { id: randomUUID(), sender: viewer, recipient: friendId, body });
    await writeOutbox(tx, newEvent(ChatMessageSent.subject, viewer, { messageId: message.id, recipientId: friendId }));
    await notifyChat(tx, message);
    return message;
  });
}

/** Marks the friend's messages to the viewer as read; the friend's open chat hears it ("Seen"). */
export async function markChatRead(deps: PodsDeps, viewer: string, friendId: string): Promise<void> {
  await deps.transaction(async (tx) => {
    await requireChat(deps, tx, viewer, friendId);
    const readAt = await deps.chat.markRead(tx, viewer, friendId);
    if (!readAt) return;
    await writeOutbox(tx, newEvent(ChatRead.subject, viewer, { friendId, readAt: readAt.toISOString() }));
    await notifyChatRead(tx, viewer, friendId, readAt);
  });
}

export async function unreadCounts(deps: PodsDeps, viewer: string): Promise<ChatUnread> {
  const friends = await deps.chat.unreadBySender(deps.db, viewer);
  return { total: friends.reduce((n, f) => n + f.count, 0), friends };
}

/** "Your data": every message the user sent or received. */
export async function exportMessages(deps: PodsDeps, userId: string) {
  return (await deps.chat.messagesOf(deps.db, userId)).map((m) => ({
    id: m.id,
    withUserId: m.withUserId,
    direction: m.senderId === userId ? ('sent' as const) : ('received' as const),
    body: m.body,
    createdAt: m.createdAt.toISOString(),
    readAt: m.readAt?.toISOString() ?? null,
  }));
}

/** A chat message report: a message the reporter received (their own cannot be reported). */
export const resolveChatMessageTarget: ReportTargetResolver = async (deps, db, reporter, body) => {
  if (body.kind !== 'chat_message') return undefined;
  const message = await deps.chat.messageFor(db, body.targetId, reporter);
  if (!message) return undefined;
  if (message.senderId === reporter)
    throw new AppError('CANNOT_TARGET_SELF', 'You cannot report your own message.', 'targetId');
  return { reportedUserId: message.senderId, podId: null };
};
