import type { ChatMessage, UserCard } from '@vere/contracts';
import type { Queryable } from '@vere/service-kit';
import { cardColumns, orderedPair } from './sql';

export interface MessageRow {
  id: string;
  senderId: string;
  recipientId: string;
  body: string;
  createdAt: Date;
  readAt: Date | null;
}

const COLUMNS = `m.id, m.sender_id AS "senderId", m.recipient_id AS "recipientId", m.body, m.created_at AS "createdAt", m.read_at AS "readAt"`;

const messageOut = (r: MessageRow): ChatMessage => ({
  id: r.id,
  senderId: r.senderId,
  recipientId: r.recipientId,
  body: r.body,
  createdAt: r.createdAt.toISOString(),
  readAt: r.readAt?.toISOString() ?? null,
});

/**
 * Data access for chat messages between two friends: no rules here (the access rules, friends and
 * blocks, are use-cases/chat.ts'). A message the viewer reported is left out of what they read
 * (history, unread counts). Every method takes the unit of work's `tx`, or the pool for a read.
 */
export interface ChatRepository {
  /** The other user's card as the viewer sees it, or undefined when pods does not know them. */
  cardOf(db: Queryable, userId: string): Promise<UserCard | undefined>;
  /** Whether the two are friends (an accepted pair) and neither hides the other (a block either way, a user report). */
  chatStanding(db: Queryable, viewer: string, other: string): Promise<{ friends: boolean; hidden: boolean }>;
  /**
   * Serialises one sender's sends until the transaction ends, so the count of their recent messages
   * and the insert that follows are one atomic step across every pods instance.
   */
  lockSender(tx: Queryable, sender: string): Promise<void>;
  /** The sender's messages in the last `windowMs`, when the oldest of them was sent, and the database's clock. */
  recentSends(
    tx: Queryable,
    sender: string,
    windowMs: number,
  ): Promise<{ count: number; oldest: Date | null; now: Date }>;
  insertMessage(
    tx: Queryable,
    m: { id: string; sender: string; recipient: string; body: string },
  ): Promise<ChatMessage>;
  /** A page of the conversation, newest first, before the keyset cursor; one more row tells whether there is more. */
  messagePage(
    db: Queryable,
    viewer: string,
    other: string,
    before: { createdAt: Date; id: string } | undefined,
    limit: number,
  ): Promise<{ rows: (ChatMessage & { at: Date })[]; more: boolean }>;
  /** Marks what `sender` sent to `reader` as read; answers when, or null when nothing was unread. */
  markRead(tx: Queryable, reader: string, sender: string): Promise<Date | null>;
  /**
   * Unread messages to the viewer per sender, counting only current friends the viewer does not hide
   * and messages the viewer did not report.
   */
  unreadBySender(db: Queryable, viewer: string, only?: string): Promise<{ userId: string; count: number }[]>;
  /** A message the viewer sent or received; undefined for anyone else. */
  messageFor(
    db: Queryable,
    messageId: string,
    viewer: string,
  ): Promise<{ senderId: string; recipientId: string } | undefined>;
  /** Every message the user sent or received, oldest first ("Your data"). */
  messagesOf(db: Queryable, userId: string): Promise<(MessageRow & { withUserId: string })[]>;
}

export function createChatRepository(): ChatRepository {
  return {
    async cardOf(db, userId) {
      const { rows } = await db.query<UserCard>(
        `SELECT ${cardColumns('p.user_id')} FROM pods.profile p LEFT JOIN pods.user_level lv ON lv.user_id = p.user_id WHERE p.user_id = $1`,
        [userId],
      );
      return rows[0];
    },

    async chatStanding(db, viewer, other) {
      const [low, high] = orderedPair(viewer, other);
      const { rows } = await db.query<{ friends: boolean; hidden: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM pods.friendship f WHERE f.user_low = $1 AND f.user_high = $2 AND f.status = 'accepted') AS friends,
                pods.is_hidden($3, $4) AS hidden`,
        [low, high, viewer, other],
      );
      return rows[0]!;
    },

    async lockSender(tx, sender) {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('pods:chat-sender:' || $1, 0))`, [sender]);
    },

    async recentSends(tx, sender, windowMs) {
      const { rows } = await tx.query<{ count: number; oldest: Date | null; now: Date }>(
        `SELECT count(*)::int AS count, min(created_at) AS oldest, clock_timestamp() AS now FROM pods.chat_message
         WHERE sender_id = $1 AND created_at > clock_timestamp() - make_interval(secs => $2::double precision / 1000)`,
        [sender, windowMs],
      );
      return rows[0]!;
    },

    async insertMessage(tx, m) {
      const [low, high] = orderedPair(m.sender, m.recipient);
      const { rows } = await tx.query<MessageRow>(
        `INSERT INTO pods.chat_message AS m (id, sender_id, recipient_id, user_low, user_high, body, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, clock_timestamp()) RETURNING ${COLUMNS}`,
        [m.id, m.sender, m.recipient, low, high, m.body],
      );
      return messageOut(rows[0]!);
    },

    async messagePage(db, viewer, other, before, limit) {
      const [low, high] = orderedPair(viewer, other);
      const { rows } = await db.query<MessageRow>({
        name: 'pods-chat-page',
        text: `SELECT ${COLUMNS} FROM pods.chat_message m
               WHERE m.user_low = $1 AND m.user_high = $2
                 AND ($3::timestamptz IS NULL OR (m.created_at, m.id) < ($3::timestamptz, $4::uuid))
                 AND NOT EXISTS (SELECT 1 FROM pods.report r WHERE r.reporter_id = $5 AND r.kind = 'chat_message' AND r.target_id = m.id)
               ORDER BY m.created_at DESC, m.id DESC
               LIMIT $6`,
        values: [low, high, before?.createdAt ?? null, before?.id ?? null, viewer, limit + 1],
      });
      return {
        rows: rows.slice(0, limit).map((r) => ({ ...messageOut(r), at: r.createdAt })),
        more: rows.length > limit,
      };
    },

    async markRead(tx, reader, sender) {
      const { rows } = await tx.query<{ readAt: Date }>(
        `UPDATE pods.chat_message SET read_at = clock_timestamp() WHERE recipient_id = $1 AND sender_id = $2 AND read_at IS NULL
         RETURNING read_at AS "readAt"`,
        [reader, sender],
      );
      return rows.reduce<Date | null>((latest, r) => (latest && latest > r.readAt ? latest : r.readAt), null);
    },

    async unreadBySender(db, viewer, only) {
      const { rows } = await db.query<{ userId: string; count: number }>({
        name: 'pods-chat-unread',
        text: `SELECT m.sender_id AS "userId", count(*)::int AS count
               FROM pods.chat_message m
               JOIN pods.friendship f ON f.user_low = m.user_low AND f.user_high = m.user_high AND f.status = 'accepted'
               WHERE m.recipient_id = $1 AND m.read_at IS NULL AND ($2::uuid IS NULL OR m.sender_id = $2::uuid)
                 AND NOT EXISTS (SELECT 1 FROM pods.report r WHERE r.reporter_id = $1 AND r.kind = 'chat_message' AND r.target_id = m.id)
                 AND NOT pods.is_hidden($1, m.sender_id)
               GROUP BY m.sender_id
               ORDER BY m.sender_id`,
        values: [viewer, only ?? null],
      });
      return rows;
    },

    async messageFor(db, messageId, viewer) {
      const { rows } = await db.query<{ senderId: string; recipientId: string }>(
        'SELECT sender_id AS "senderId", recipient_id AS "recipientId" FROM pods.chat_message WHERE id = $1 AND (sender_id = $2 OR recipient_id = $2)',
        [messageId, viewer],
      );
      return rows[0];
    },

    async messagesOf(db, userId) {
      const { rows } = await db.query<MessageRow & { withUserId: string }>(
        `SELECT ${COLUMNS}, CASE WHEN m.sender_id = $1 THEN m.recipient_id ELSE m.sender_id END AS "withUserId"
         FROM pods.chat_message m WHERE m.sender_id = $1 OR m.recipient_id = $1 ORDER BY m.created_at, m.id`,
        [userId],
      );
      return rows;
    },
  };
}
