import { randomUUID } from 'node:crypto';
import type { Chat, ChatMessage, ChatPage, ChatUnread } from '@vere/contracts';
import { normalizeChatMessage, validateChatMessage } from '@vere/domain';
import { AppError, pgTransaction } from '@vere/service-kit';
import type pg from 'pg';
import { blocksBetween } from '../repositories/friends-repository';
import {
  cardOf, chatStanding, insertMessage, lockSender, markRead, messageFor, messagePage, messagesOf, recentSends, unreadBySender,
} from '../repositories/chat-repository';
import { notifyChat, notifyChatRead } from '../repositories/live-messages';
import { lockPair, type Queryable } from '../repositories/sql';
import type { ReportTargetResolver } from './safety';

/** At most `max` messages per sender in any `windowMs`, across every pods instance. */
export interface ChatRateLimit {
  max: number;
  windowMs: number;
}

/** 20 messages in 10 s: far above a person typing, low enough that a script floods nobody. */
export const DEFAULT_CHAT_RATE_LIMIT: ChatRateLimit = { max: 20, windowMs: 10_000 };

export interface ChatDeps {
  pool: pg.Pool;
  rateLimit: ChatRateLimit;
}

const notFriends = () => new AppError('CHAT_NOT_FRIENDS', 'You can only chat with your friends.', 'friendId');

/**
 * Chat is between friends only. A block the viewer placed says so (they can lift it); everything
 * else — a stranger, an unknown id, a block the other placed, a user the viewer reported — is the
 * same "not friends", so nobody learns they were blocked.
 */
async function requireChat(db: Queryable, viewer: string, other: string): Promise<void> {
  if (viewer === other) throw new AppError('CANNOT_TARGET_SELF', 'You cannot chat with yourself.', 'friendId');
  const standing = await chatStanding(db, viewer, other);
  if (standing.friends && !standing.hidden) return;
  const blocks = await blocksBetween(db, viewer, other);
  if (blocks.viewerBlocked) throw new AppError('USER_BLOCKED', 'You blocked this user. Unblock them to chat again.', 'friendId');
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

async function pageOf(db: Queryable, viewer: string, other: string, before: { createdAt: Date; id: string } | undefined, limit: number): Promise<ChatPage> {
  const { rows, more } = await messagePage(db, viewer, other, before, limit);
  const last = rows[rows.length - 1];
  return { messages: rows.map(({ at: _at, ...m }) => m), nextCursor: more && last ? encodeCursor(last.at, last.id) : null };
}

/** Opening a chat: the friend's card, the newest page and how many of their messages are unread. */
export async function openChat(db: Queryable, viewer: string, friendId: string, limit = 30): Promise<Chat> {
  await requireChat(db, viewer, friendId);
  const [friend, page, unread] = await Promise.all([
    cardOf(db, friendId),
    pageOf(db, viewer, friendId, undefined, limit),
    unreadBySender(db, viewer, friendId),
  ]);
  if (!friend) throw notFriends();
  return { friend, ...page, unread: unread[0]?.count ?? 0 };
}

export async function readHistory(db: Queryable, viewer: string, friendId: string, query: { cursor?: string; limit?: number }): Promise<ChatPage> {
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  await requireChat(db, viewer, friendId);
  return pageOf(db, viewer, friendId, before, query.limit ?? 30);
}

/**
 * Sends a message: checked (friends, text rule), rate-limited per sender and stored in one
 * transaction under the sender's advisory lock; the NOTIFY in it reaches both participants' open
 * chat streams right after the commit.
 */
export async function sendMessage(deps: ChatDeps, viewer: string, friendId: string, raw: string): Promise<ChatMessage> {
  const verdict = validateChatMessage(raw);
  if (!verdict.ok) throw new AppError('VALIDATION_FAILED', verdict.reason, 'body');
  const body = normalizeChatMessage(raw);
  return pgTransaction(deps.pool)(async (tx) => {
    // The pair's lock (a block or unfriending takes it too) keeps "friends" true until the commit.
    await lockPair(tx, viewer, friendId);
    await requireChat(tx, viewer, friendId);
    await lockSender(tx, viewer);
    const recent = await recentSends(tx, viewer, deps.rateLimit.windowMs);
    if (recent.count >= deps.rateLimit.max) {
      const waitMs = recent.oldest ? recent.oldest.getTime() + deps.rateLimit.windowMs - recent.now.getTime() : deps.rateLimit.windowMs;
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw new AppError('RATE_LIMITED', `You're sending messages too fast. Wait ${seconds} s and try again.`, 'body', seconds);
    }
    const message = await insertMessage(tx, { id: randomUUID(), sender: viewer, recipient: friendId, body });
    await notifyChat(tx, message);
    return message;
  });
}

/** Marks the friend's messages to the viewer as read; the friend's open chat hears it ("Seen"). */
export async function markChatRead(db: Queryable, viewer: string, friendId: string): Promise<void> {
  await requireChat(db, viewer, friendId);
  const readAt = await markRead(db, viewer, friendId);
  if (readAt) await notifyChatRead(db, viewer, friendId, readAt);
}

export async function unreadCounts(db: Queryable, viewer: string): Promise<ChatUnread> {
  const friends = await unreadBySender(db, viewer);
  return { total: friends.reduce((n, f) => n + f.count, 0), friends };
}

/** "Your data": every message the user sent or received. */
export async function exportMessages(db: Queryable, userId: string) {
  return (await messagesOf(db, userId)).map((m) => ({
    id: m.id, withUserId: m.withUserId, direction: m.senderId === userId ? ('sent' as const) : ('received' as const),
    body: m.body, createdAt: m.createdAt.toISOString(), readAt: m.readAt?.toISOString() ?? null,
  }));
}

/** A chat message report: a message the reporter received (their own cannot be reported). */
export const resolveChatMessageTarget: ReportTargetResolver = async (db, reporter, body) => {
  if (body.kind !== 'chat_message') return undefined;
  const message = await messageFor(db, body.targetId, reporter);
  if (!message) return undefined;
  if (message.senderId === reporter) throw new AppError('CANNOT_TARGET_SELF', 'You cannot report your own message.', 'targetId');
  return { reportedUserId: message.senderId, podId: null };
};
