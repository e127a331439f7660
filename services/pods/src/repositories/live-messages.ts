import type { ChatMessage } from '@vere/contracts';
import type { Queryable } from './sql';
import { LIVE_CHANNEL, type LiveMessage } from './streak-store';

/** A chat message just stored, for the chat streams of its two participants. */
export interface ChatLiveMessage {
  kind: 'chat-message';
  participants: [string, string];
  data: ChatMessage;
}

/** Everything on the live channel: pod updates and chat messages. */
export type AnyLiveMessage = LiveMessage | ChatLiveMessage;

export const isChatMessage = (m: AnyLiveMessage): m is ChatLiveMessage => m.kind === 'chat-message';

/**
 * NOTIFY in the sending transaction: the message reaches listeners after the commit, and only then.
 * A message is at most 1000 characters, well inside NOTIFY's 8000-byte payload.
 */
export async function notifyChat(tx: Queryable, message: ChatMessage): Promise<void> {
  const payload: ChatLiveMessage = { kind: 'chat-message', participants: [message.senderId, message.recipientId], data: message };
  await tx.query(`SELECT pg_notify('${LIVE_CHANNEL}', $1)`, [JSON.stringify(payload)]);
}
