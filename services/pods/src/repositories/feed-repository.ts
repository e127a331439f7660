import type { PodComment, PodsExport, UserCard } from '@vere/contracts';
import type { PodReaction } from '@vere/domain';
import type { Queryable } from '@vere/service-kit';
import { cardColumns, cardJoins } from './sql';

/** A reaction kind's count on an entry, and whether the viewer gave it. */
export interface ReactionCountRow {
  entryId: string;
  kind: string;
  count: number;
  mine: boolean;
}

/** A nudge as stored. */
export interface NudgeRow {
  id: string;
  podId: string;
  nudgerId: string;
  recipientId: string;
  day: string;
  createdAt: Date;
}

type CardRow = UserCard & { userId: string };
const card = (r: CardRow): UserCard => ({
  id: r.userId,
  name: r.name,
  username: r.username,
  photoUrl: r.photoUrl,
  avatarConfig: r.avatarConfig,
  level: r.level,
});

const NUDGE_COLUMNS = `id::text, pod_id::text AS "podId", nudger_id::text AS "nudgerId", recipient_id::text AS "recipientId",
  day::text AS day, created_at AS "createdAt"`;

/**
 * Data access for the two-way pod feed (decision 0038): reactions and comments on log entries, and
 * nudges. No rules here (see use-cases/feed.ts). Reads leave out users hidden from the viewer
 * (`pods.is_hidden`: a block either way, or a user the viewer reported).
 */
export interface FeedRepository {
  /**
   * The entry of that pod, when the viewer may see it: a member of the pod, the author not hidden
   * from them and the entry not reported by them. Undefined otherwise.
   */
  visibleEntry(db: Queryable, podId: string, entryId: string, viewer: string): Promise<{ userId: string } | undefined>;
  /** True when the row is new (false: the member had already given that reaction). */
  addReaction(tx: Queryable, entryId: string, userId: string, kind: PodReaction): Promise<boolean>;
  /** True when there was one to take back. */
  removeReaction(tx: Queryable, entryId: string, userId: string, kind: PodReaction): Promise<boolean>;
  /** Counts per entry and kind (only kinds someone gave), users hidden from the viewer not counted. */
  reactionsOf(db: Queryable, entryIds: string[], viewer: string): Promise<ReactionCountRow[]>;
  /** The newest `perEntry` comments of each entry (oldest first), users hidden from the viewer left out. */
  commentsOf(db: Queryable, entryIds: string[], viewer: string, perEntry: number): Promise<PodComment[]>;
  /** Serialises one author's comments until the transaction ends (the rate limit's count-and-insert). */
  lockCommenter(tx: Queryable, userId: string): Promise<void>;
  /** The author's comments in the last `windowMs` (on the database's clock). */
  recentComments(
    tx: Queryable,
    userId: string,
    windowMs: number,
  ): Promise<{ count: number; oldest: Date | null; now: Date }>;
  insertComment(tx: Queryable, c: { id: string; entryId: string; userId: string; body: string }): Promise<PodComment>;
  /** Deletes the author's own comment on that entry; false when there is none. */
  deleteComment(tx: Queryable, commentId: string, entryId: string, userId: string): Promise<boolean>;
  /** The recipient's profile zone (null until identity's events name one). */
  timeZoneOf(db: Queryable, userId: string): Promise<string | null>;
  /** The profile zones of several users (absent or null until identity's events name one). */
  timeZonesOf(db: Queryable, userIds: string[]): Promise<Map<string, string | null>>;
  /** The new nudge, or undefined when the nudger already nudged the recipient that day (the unique index). */
  insertNudge(
    tx: Queryable,
    n: { id: string; podId: string; nudgerId: string; recipientId: string; day: string },
  ): Promise<NudgeRow | undefined>;
  /** Nudges to the recipient in the pod on that day, newest first, with the nudger's card; hidden nudgers left out. */
  nudgesTo(
    db: Queryable,
    podId: string,
    recipientId: string,
    day: string,
  ): Promise<{ from: UserCard; createdAt: Date }[]>;
  /** Every nudge to the recipient on that day in a pod they are still in, newest first; hidden nudgers left out. */
  nudgesToday(
    db: Queryable,
    recipientId: string,
    day: string,
  ): Promise<{ podId: string; podName: string; from: UserCard; createdAt: Date }[]>;
  /** Which of the recipients the nudger already nudged on the given day (each recipient's own day). */
  nudgedBy(db: Queryable, nudgerId: string, targets: { recipientId: string; day: string }[]): Promise<Set<string>>;
  /** "Your data": the user's reactions, comments and nudges (sent and received), oldest first. */
  exportOf(
    db: Queryable,
    userId: string,
  ): Promise<Required<Pick<PodsExport, 'podReactions' | 'podComments' | 'nudges'>>>;
  /** Account deletion: the user's reactions and comments, and every nudge they sent or received. */
  eraseUser(tx: Queryable, userId: string): Promise<void>;
}

export function createFeedRepository(): FeedRepository {
  return {
    async visibleEntry(db, podId, entryId, viewer) {
      const { rows } = await db.query<{ userId: string }>(
        `SELECT l.user_id::text AS "userId" FROM pods.pod_log l
         WHERE l.id = $2 AND l.pod_id = $1
           AND EXISTS (SELECT 1 FROM pods.pod_member m WHERE m.pod_id = l.pod_id AND m.user_id = $3)
           AND NOT pods.is_hidden($3, l.user_id)
           AND NOT EXISTS (SELECT 1 FROM pods.report r WHERE r.reporter_id = $3 AND r.kind = 'pod_log' AND r.target_id = l.id)`,
        [podId, entryId, viewer],
      );
      return rows[0];
    },

    async addReaction(tx, entryId, userId, kind) {
      const { rowCount } = await tx.query(
        `INSERT INTO pods.pod_log_reaction (entry_id, user_id, kind) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
        [entryId, userId, kind],
      );
      return (rowCount ?? 0) > 0;
    },

    async removeReaction(tx, entryId, userId, kind) {
      const { rowCount } = await tx.query(
        'DELETE FROM pods.pod_log_reaction WHERE entry_id = $1 AND user_id = $2 AND kind = $3',
        [entryId, userId, kind],
      );
      return (rowCount ?? 0) > 0;
    },

    async reactionsOf(db, entryIds, viewer) {
      if (entryIds.length === 0) return [];
      const { rows } = await db.query<ReactionCountRow>({
        name: 'pods-feed-reactions',
        text: `SELECT r.entry_id::text AS "entryId", r.kind, count(*)::int AS count, bool_or(r.user_id = $2) AS mine
               FROM pods.pod_log_reaction r
               WHERE r.entry_id = ANY($1::uuid[]) AND (r.user_id = $2 OR NOT pods.is_hidden($2, r.user_id))
               GROUP BY r.entry_id, r.kind`,
        values: [entryIds, viewer],
      });
      return rows;
    },

    async commentsOf(db, entryIds, viewer, perEntry) {
      if (entryIds.length === 0) return [];
      const { rows } = await db.query<CardRow & { commentId: string; entryId: string; body: string; createdAt: Date }>({
        name: 'pods-feed-comments',
        text: `SELECT * FROM (
                 SELECT c.id::text AS "commentId", c.entry_id::text AS "entryId", c.body, c.created_at AS "createdAt",
                        ${cardColumns('c.user_id')}, c.user_id::text AS "userId",
                        row_number() OVER (PARTITION BY c.entry_id ORDER BY c.created_at DESC, c.id DESC) AS nth
                 FROM pods.pod_log_comment c ${cardJoins('c.user_id')}
                 WHERE c.entry_id = ANY($1::uuid[]) AND (c.user_id = $2 OR NOT pods.is_hidden($2, c.user_id))
               ) shown WHERE nth <= $3
               ORDER BY "createdAt", "commentId"`,
        values: [entryIds, viewer, perEntry],
      });
      return rows.map((r) => ({
        id: r.commentId,
        entryId: r.entryId,
        user: card(r),
        body: r.body,
        createdAt: r.createdAt.toISOString(),
      }));
    },

    async lockCommenter(tx, userId) {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('pods:comment-author:' || $1, 0))`, [userId]);
    },

    async recentComments(tx, userId, windowMs) {
      const { rows } = await tx.query<{ count: number; oldest: Date | null; now: Date }>(
        `SELECT count(*)::int AS count, min(created_at) AS oldest, clock_timestamp() AS now FROM pods.pod_log_comment
         WHERE user_id = $1 AND created_at > clock_timestamp() - make_interval(secs => $2::double precision / 1000)`,
        [userId, windowMs],
      );
      return rows[0]!;
    },

    async insertComment(tx, c) {
      const { rows } = await tx.query<CardRow & { body: string; createdAt: Date }>(
        `WITH added AS (
           INSERT INTO pods.pod_log_comment (id, entry_id, user_id, body, created_at)
           VALUES ($1, $2, $3, $4, clock_timestamp()) RETURNING user_id, body, created_at)
         SELECT a.body, a.created_at AS "createdAt", ${cardColumns('a.user_id')}, a.user_id::text AS "userId"
         FROM added a ${cardJoins('a.user_id')}`,
        [c.id, c.entryId, c.userId, c.body],
      );
      const r = rows[0]!;
      return { id: c.id, entryId: c.entryId, user: card(r), body: r.body, createdAt: r.createdAt.toISOString() };
    },

    async deleteComment(tx, commentId, entryId, userId) {
      const { rowCount } = await tx.query(
        'DELETE FROM pods.pod_log_comment WHERE id = $1 AND entry_id = $2 AND user_id = $3',
        [commentId, entryId, userId],
      );
      return (rowCount ?? 0) > 0;
    },

    async timeZoneOf(db, userId) {
      const { rows } = await db.query<{ timeZone: string | null }>(
        'SELECT time_zone AS "timeZone" FROM pods.profile WHERE user_id = $1',
        [userId],
      );
      return rows[0]?.timeZone ?? null;
    },

    async timeZonesOf(db, userIds) {
      if (userIds.length === 0) return new Map();
      const { rows } = await db.query<{ userId: string; timeZone: string | null }>(
        'SELECT user_id::text AS "userId", time_zone AS "timeZone" FROM pods.profile WHERE user_id = ANY($1::uuid[])',
        [userIds],
      );
      return new Map(rows.map((r) => [r.userId, r.timeZone]));
    },

    async insertNudge(tx, n) {
      const { rows } = await tx.query<NudgeRow>(
        `INSERT INTO pods.pod_nudge (id, pod_id, nudger_id, recipient_id, day) VALUES ($1, $2, $3, $4, $5::date)
         ON CONFLICT (nudger_id, recipient_id, day) DO NOTHING RETURNING ${NUDGE_COLUMNS}`,
        [n.id, n.podId, n.nudgerId, n.recipientId, n.day],
      );
      return rows[0];
    },

    async nudgesTo(db, podId, recipientId, day) {
      const { rows } = await db.query<CardRow & { createdAt: Date }>(
        `SELECT n.created_at AS "createdAt", ${cardColumns('n.nudger_id')}, n.nudger_id::text AS "userId"
         FROM pods.pod_nudge n ${cardJoins('n.nudger_id')}
         WHERE n.pod_id = $1 AND n.recipient_id = $2 AND n.day = $3::date AND NOT pods.is_hidden($2, n.nudger_id)
         ORDER BY n.created_at DESC`,
        [podId, recipientId, day],
      );
      return rows.map((r) => ({ from: card(r), createdAt: r.createdAt }));
    },

    async nudgesToday(db, recipientId, day) {
      const { rows } = await db.query<CardRow & { podId: string; podName: string; createdAt: Date }>(
        `SELECT n.pod_id::text AS "podId", pd.name AS "podName", n.created_at AS "createdAt",
                ${cardColumns('n.nudger_id')}, n.nudger_id::text AS "userId"
         FROM pods.pod_nudge n JOIN pods.pod pd ON pd.id = n.pod_id ${cardJoins('n.nudger_id')}
         WHERE n.recipient_id = $1 AND n.day = $2::date AND NOT pods.is_hidden($1, n.nudger_id)
           AND EXISTS (SELECT 1 FROM pods.pod_member m WHERE m.pod_id = n.pod_id AND m.user_id = $1)
         ORDER BY n.created_at DESC`,
        [recipientId, day],
      );
      return rows.map((r) => ({ podId: r.podId, podName: r.podName, from: card(r), createdAt: r.createdAt }));
    },

    async nudgedBy(db, nudgerId, targets) {
      if (targets.length === 0) return new Set();
      const { rows } = await db.query<{ recipientId: string }>(
        `SELECT n.recipient_id::text AS "recipientId" FROM pods.pod_nudge n
         JOIN unnest($2::uuid[], $3::date[]) AS t(recipient_id, day) ON t.recipient_id = n.recipient_id AND t.day = n.day
         WHERE n.nudger_id = $1`,
        [nudgerId, targets.map((t) => t.recipientId), targets.map((t) => t.day)],
      );
      return new Set(rows.map((r) => r.recipientId));
    },

    async exportOf(db, userId) {
      const [reactions, comments, nudges] = await Promise.all([
        db.query<{ podId: string; entryId: string; kind: string; createdAt: Date }>(
          `SELECT l.pod_id::text AS "podId", r.entry_id::text AS "entryId", r.kind, r.created_at AS "createdAt"
           FROM pods.pod_log_reaction r JOIN pods.pod_log l ON l.id = r.entry_id
           WHERE r.user_id = $1 ORDER BY r.created_at`,
          [userId],
        ),
        db.query<{ id: string; podId: string; entryId: string; body: string; createdAt: Date }>(
          `SELECT c.id::text, l.pod_id::text AS "podId", c.entry_id::text AS "entryId", c.body, c.created_at AS "createdAt"
           FROM pods.pod_log_comment c JOIN pods.pod_log l ON l.id = c.entry_id
           WHERE c.user_id = $1 ORDER BY c.created_at`,
          [userId],
        ),
        db.query<NudgeRow>(
          `SELECT ${NUDGE_COLUMNS} FROM pods.pod_nudge WHERE $1 IN (nudger_id, recipient_id) ORDER BY created_at`,
          [userId],
        ),
      ]);
      return {
        podReactions: reactions.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        podComments: comments.rows.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
        nudges: nudges.rows.map((n) => ({
          podId: n.podId,
          withUserId: n.nudgerId === userId ? n.recipientId : n.nudgerId,
          direction: n.nudgerId === userId ? ('sent' as const) : ('received' as const),
          day: n.day,
          createdAt: n.createdAt.toISOString(),
        })),
      };
    },

    async eraseUser(tx, userId) {
      await tx.query('DELETE FROM pods.pod_log_reaction WHERE user_id = $1', [userId]);
      await tx.query('DELETE FROM pods.pod_log_comment WHERE user_id = $1', [userId]);
      await tx.query('DELETE FROM pods.pod_nudge WHERE nudger_id = $1 OR recipient_id = $1', [userId]);
    },
  };
}
