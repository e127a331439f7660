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

/** Everything on the live channel: pod updates and chat messages. */
export type AnyLiveMessage = LiveMessage | ChatLiveMessage | ChatClosedLiveMessage;

export const isChatMessage = (m: AnyLiveMessage): m is ChatLiveMessage | ChatClosedLiveMessage =>
  m.kind === 'chat-message' || m.kind === 'chat-closed';

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
