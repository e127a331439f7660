import type { FriendRelation, UserCard } from '@vere/contracts';
import type { Queryable } from '@vere/service-kit';
import { cardColumns, cardJoins, orderedPair } from './sql';

export interface PairRow {
  requestedBy: string;
  status: 'pending' | 'accepted';
}

export interface SearchRow extends UserCard {
  relation: FriendRelation;
}

/**
 * Data access for friendships and requests (one row per pair) and the lookups around them: no rules
 * here (see use-cases/friends.ts). Every method takes the unit of work's `tx`, or the pool for a read.
 */
export interface FriendsRepository {
  /** The pair's row (a pending request or a friendship), if any. */
  pairOf(db: Queryable, a: string, b: string): Promise<PairRow | undefined>;
  insertRequest(tx: Queryable, from: string, to: string): Promise<void>;
  acceptPair(tx: Queryable, a: string, b: string): Promise<void>;
  deletePair(tx: Queryable, a: string, b: string): Promise<void>;
  /** The next version of pods.friendship.changed.v1 (one sequence for every pair). */
  nextFriendshipVersion(tx: Queryable): Promise<number>;
  /** Blocks between the two users, each way. */
  blocksBetween(
    db: Queryable,
    viewer: string,
    other: string,
  ): Promise<{ viewerBlocked: boolean; otherBlocked: boolean }>;
  profileExists(db: Queryable, userId: string): Promise<boolean>;
  /**
   * Users whose username starts with `prefix` (lower-case, only [a-z0-9_]), by username, after the
   * keyset cursor; never the viewer, never anyone hidden from them. One more row than `limit` tells
   * whether a next page exists.
   */
  searchByUsername(
    db: Queryable,
    viewer: string,
    prefix: string,
    after: { username: string; id: string } | undefined,
    limit: number,
  ): Promise<SearchRow[]>;
  /** The viewer's friends, by name. */
  listFriends(db: Queryable, viewer: string): Promise<(UserCard & { since: Date })[]>;
  /** Pending requests to and from the viewer, newest first. */
  listRequests(db: Queryable, viewer: string): Promise<(UserCard & { sentAt: Date; incoming: boolean })[]>;
}

export function createFriendsRepository(): FriendsRepository {
  return {
    async pairOf(db, a, b) {
      const { rows } = await db.query<PairRow>(
        'SELECT requested_by AS "requestedBy", status FROM pods.friendship WHERE user_low = $1 AND user_high = $2',
        orderedPair(a, b),
      );
      return rows[0];
    },

    async insertRequest(db, from, to) {
      const [low, high] = orderedPair(from, to);
      await db.query(
        `INSERT INTO pods.friendship (user_low, user_high, requested_by, status) VALUES ($1, $2, $3, 'pending')`,
        [low, high, from],
      );
    },

    async acceptPair(db, a, b) {
      await db.query(
        `UPDATE pods.friendship SET status = 'accepted', accepted_at = now() WHERE user_low = $1 AND user_high = $2`,
        orderedPair(a, b),
      );
    },

    async deletePair(db, a, b) {
      await db.query('DELETE FROM pods.friendship WHERE user_low = $1 AND user_high = $2', orderedPair(a, b));
    },

    async nextFriendshipVersion(db) {
      const { rows } = await db.query<{ v: string }>(`SELECT nextval('pods.friendship_event_version') AS v`);
      return Number(rows[0]!.v);
    },

    async blocksBetween(db, viewer, other) {
      const { rows } = await db.query<{ viewerBlocked: boolean; otherBlocked: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM pods.user_block WHERE blocker_id = $1 AND blocked_id = $2) AS "viewerBlocked",
                EXISTS (SELECT 1 FROM pods.user_block WHERE blocker_id = $2 AND blocked_id = $1) AS "otherBlocked"`,
        [viewer, other],
      );
      return rows[0]!;
    },

    async profileExists(db, userId) {
      return ((await db.query('SELECT 1 FROM pods.profile WHERE user_id = $1', [userId])).rowCount ?? 0) > 0;
    },

    async searchByUsername(db, viewer, prefix, after, limit) {
      const pattern = `${prefix.replace(/_/g, '\\_')}%`;
      // The same prefix as a byte-wise range (usernames are ASCII below DEL), so the text_pattern_ops
      // index serves the search even when PostgreSQL picks a generic plan for the prepared statement.
      const upper = `${prefix}\x7f`;
      const { rows } = await db.query<SearchRow>({
        name: 'pods-user-search',
        text: `SELECT ${cardColumns('p.user_id')},
                 CASE WHEN f.status = 'accepted' THEN 'friends'
                      WHEN f.status = 'pending' AND f.requested_by = $1 THEN 'outgoing'
                      WHEN f.status = 'pending' THEN 'incoming' ELSE 'none' END AS relation
               FROM pods.profile p
               LEFT JOIN pods.user_level lv ON lv.user_id = p.user_id
               LEFT JOIN pods.friendship f ON f.user_low = LEAST($1::uuid, p.user_id) AND f.user_high = GREATEST($1::uuid, p.user_id)
               WHERE p.username ~>=~ $6 AND p.username ~<~ $7 AND p.username LIKE $2 AND p.user_id <> $1
                 AND ($3::text IS NULL OR (p.username, p.user_id) > ($3::text, $4::uuid))
                 AND NOT pods.is_hidden($1, p.user_id)
               ORDER BY p.username, p.user_id
               LIMIT $5`,
        values: [viewer, pattern, after?.username ?? null, after?.id ?? null, limit + 1, prefix, upper],
      });
      return rows;
    },

    async listFriends(db, viewer) {
      const { rows } = await db.query<UserCard & { since: Date }>({
        name: 'pods-friends',
        text: `SELECT ${cardColumns('o.id')}, f.accepted_at AS since
               FROM pods.friendship f
               CROSS JOIN LATERAL (SELECT CASE WHEN f.user_low = $1 THEN f.user_high ELSE f.user_low END AS id) o
               ${cardJoins('o.id')}
               WHERE (f.user_low = $1 OR f.user_high = $1) AND f.status = 'accepted' AND NOT pods.is_hidden($1, o.id)
               ORDER BY lower(COALESCE(NULLIF(p.display_name, ''), p.name, '')), o.id`,
        values: [viewer],
      });
      return rows;
    },

    async listRequests(db, viewer) {
      const { rows } = await db.query<UserCard & { sentAt: Date; incoming: boolean }>({
        name: 'pods-friend-requests',
        text: `SELECT ${cardColumns('o.id')}, f.created_at AS "sentAt", f.requested_by <> $1 AS incoming
               FROM pods.friendship f
               CROSS JOIN LATERAL (SELECT CASE WHEN f.user_low = $1 THEN f.user_high ELSE f.user_low END AS id) o
               ${cardJoins('o.id')}
               WHERE (f.user_low = $1 OR f.user_high = $1) AND f.status = 'pending' AND NOT pods.is_hidden($1, o.id)
               ORDER BY f.created_at DESC, o.id`,
        values: [viewer],
      });
      return rows;
    },
  };
}
