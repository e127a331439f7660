import type { Queryable } from '@vere/service-kit';

/** What a ticket opens: the pods streams (one pod, or all when podId is null) or the user's chats. */
export type TicketScope = 'pods' | 'chats';

/**
 * Data access for the live streams: stream tickets (only their hash is stored) and what a viewer
 * may see of a live message. No rules here (they are streams.ts').
 */
export interface LiveRepository {
  /** Stores a ticket's hash (and forgets expired tickets, so the table stays small). */
  insertTicket(
    tx: Queryable,
    t: { hash: string; userId: string; podId: string | null; scope: TicketScope; expiresAt: Date },
  ): Promise<void>;
  /**
   * Uses up the unexpired ticket with this hash and answers what it was for; undefined when there is
   * none (expired, unknown, or already used). One DELETE … RETURNING, so of racing uses exactly one
   * gets the ticket.
   */
  consumeTicket(
    db: Queryable,
    hash: string,
  ): Promise<{ userId: string; podId: string | null; scope: TicketScope } | undefined>;
  /** Whether `viewer` is a member of the pod, and whether they hide `authorId` (a block either way, a user report). */
  podVisibility(
    db: Queryable,
    viewer: string,
    podId: string,
    authorId: string | null,
  ): Promise<{ member: boolean; hidden: boolean }>;
  /** Whether `viewer` hides `other` (a block either way, a user report); true when unknown. */
  isHidden(db: Queryable, viewer: string, other: string): Promise<boolean>;
}

export function createLiveRepository(): LiveRepository {
  return {
    async insertTicket(tx, t) {
      await tx.query('DELETE FROM pods.stream_ticket WHERE expires_at < now()');
      await tx.query(
        'INSERT INTO pods.stream_ticket (ticket_hash, user_id, pod_id, scope, expires_at) VALUES ($1, $2, $3, $4, $5)',
        [t.hash, t.userId, t.podId, t.scope, t.expiresAt],
      );
    },

    async consumeTicket(db, hash) {
      const { rows } = await db.query<{ userId: string; podId: string | null; scope: TicketScope }>(
        'DELETE FROM pods.stream_ticket WHERE ticket_hash = $1 AND expires_at > now() RETURNING user_id AS "userId", pod_id AS "podId", scope',
        [hash],
      );
      return rows[0];
    },

    async podVisibility(db, viewer, podId, authorId) {
      const { rows } = await db.query<{ member: boolean; hidden: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM pods.pod_member WHERE pod_id = $1 AND user_id = $2) AS member,
                ($3::uuid IS NOT NULL AND pods.is_hidden($2, $3::uuid)) AS hidden`,
        [podId, viewer, authorId],
      );
      return rows[0] ?? { member: false, hidden: true };
    },

    async isHidden(db, viewer, other) {
      const { rows } = await db.query<{ hidden: boolean }>('SELECT pods.is_hidden($1, $2) AS hidden', [viewer, other]);
      return rows[0]?.hidden !== false;
    },
  };
}
