import type { ChatMessage } from '@vere/contracts';
import type { Queryable } from '@vere/service-kit';

/*
 * What goes out on the live channel. Writers NOTIFY inside the unit of work that commits the change
 * (NOTIFY is transactional: listeners hear it after the commit, and only then); the hub (hub.ts)
 * fans it out to this instance's open streams (streams.ts).
 */

/** The channel live updates go out on. */
export const LIVE_CHANNEL = 'pods_live';

/**
 * A new log entry, a streak change, an entry's reactions or comments changed (`pod-feed-updated`), or
 * a nudge (`pod-nudged`, for its two members only), a pod playbook's progress (`pod-playbook-updated`).
 */
export type PodLiveKind =
  | 'pod-log-added'
  | 'pod-streak-updated'
  | 'pod-feed-updated'
  | 'pod-nudged'
  /** A pod playbook's run or a member's finished weeks changed (decision 0041): refetch its progress. */
  | 'pod-playbook-updated';

/** A pod's log entry or streak change, for the streams of its members. */
export interface PodLiveMessage {
  kind: PodLiveKind;
  podId: string;
  /** The user whose entry it is (pod-log-added): viewers hiding them do not get it. */
  authorId: string | null;
  /** When set, only these members' streams get it (a nudge: its nudger and recipient). */
  onlyFor?: string[];
  data: Record<string, unknown>;
}

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
export type AnyLiveMessage = PodLiveMessage | ChatLive;

export const isChatMessage = (m: AnyLiveMessage): m is ChatLive =>
  m.kind === 'chat-message' || m.kind === 'chat-closed' || m.kind === 'chat-read';

async function notify(tx: Queryable, message: AnyLiveMessage): Promise<void> {
  await tx.query(`SELECT pg_notify('${LIVE_CHANNEL}', $1)`, [JSON.stringify(message)]);
}

/** NOTIFY a pod's members' streams, in the unit of work that wrote the entry or changed the streak. */
export const notifyPod = (tx: Queryable, message: PodLiveMessage): Promise<void> => notify(tx, message);

/**
 * NOTIFY in the sending unit of work: the message reaches listeners after the commit, and only then.
 * A message is at most 1000 characters, well inside NOTIFY's 8000-byte payload.
 */
export const notifyChat = (tx: Queryable, message: ChatMessage): Promise<void> =>
  notify(tx, { kind: 'chat-message', participants: [message.senderId, message.recipientId], data: message });

/** NOTIFY that `reader` read `sender`'s messages (the sender's open chat shows "Seen"). */
export const notifyChatRead = (tx: Queryable, reader: string, sender: string, readAt: Date): Promise<void> =>
  notify(tx, {
    kind: 'chat-read',
    participants: [reader, sender],
    data: { readerId: reader, readAt: readAt.toISOString() },
  });

/** NOTIFY, in the unit of work that ends a friendship, that the pair's chat is closed. */
export const notifyChatClosed = (tx: Queryable, a: string, b: string): Promise<void> =>
  notify(tx, { kind: 'chat-closed', participants: [a, b] });
