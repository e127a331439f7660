import type { ChatMessage } from '@vere/contracts';
import type { Queryable } from './sql';
import { LIVE_CHANNEL, type LiveMessage } from './streak-store';

/** A chat message just stored, for the chat streams of its two participants. */
export interface ChatLiveMessage {
  kind: 'chat-message';
  participants: [string, string];
  data: ChatMessage;
}

/** The two are no longer friends (a block or an unfriend): their open chats close. */
export interface ChatClosedLiveMessage {
  kind: 'chat-closed';
  participants: [string, string];
}

/** `readerId` read what the other participant sent them, up to `readAt`. */
export interface ChatReadLiveMessage {
  kind: 'chat-read';
  participants: [string, string];
  data: { readerId: string; readAt: string };
}

export type ChatLive = ChatLiveMessage | ChatClosedLiveMessage | ChatReadLiveMessage;

/** Everything on the live channel: pod updates and chat messages. */
export type AnyLiveMessage = LiveMessage | ChatLive;

export const isChatMessage = (m: AnyLiveMessage): m is ChatLive => m.kind === 'chat-message' || m.kind === 'chat-closed' || m.kind === 'chat-read';

/** NOTIFY that `reader` read `sender`'s messages (the sender's open chat shows "Seen"). */
export async function notifyChatRead(db: Queryable, reader: string, sender: string, readAt: Date): Promise<void> {
  const payload: ChatReadLiveMessage = { kind: 'chat-read', participants: [reader, sender], data: { readerId: reader, readAt: readAt.toISOString() } };
  await db.query(`SELECT pg_notify('${LIVE_CHANNEL}', $1)`, [JSON.stringify(payload)]);
}

/** NOTIFY, in the transaction that ends a friendship, that the pair's chat is closed. */
export async function notifyChatClosed(tx: Queryable, a: string, b: string): Promise<void> {
  const payload: ChatClosedLiveMessage = { kind: 'chat-closed', participants: [a, b] };
  await tx.query(`SELECT pg_notify('${LIVE_CHANNEL}', $1)`, [JSON.stringify(payload)]);
}

/**
 * NOTIFY in the sending transaction: the message reaches listeners after the commit, and only then.
 * A message is at most 1000 characters, well inside NOTIFY's 8000-byte payload.
 */
export async function notifyChat(tx: Queryable, message: ChatMessage): Promise<void> {
  const payload: ChatLiveMessage = { kind: 'chat-message', participants: [message.senderId, message.recipientId], data: message };
  await tx.query(`SELECT pg_notify('${LIVE_CHANNEL}', $1)`, [JSON.stringify(payload)]);
}
