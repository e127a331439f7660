import type { PodInvite, PodLogEntry, PodMember, PodsExport, PodSummary, UserCard } from '@vere/contracts';
import type { Queryable } from '@vere/service-kit';
import { cardColumns, cardJoins } from './sql';

/** Stands in for the creator of a pod whose creator deleted their account. */
export const ERASED_USER_ID = '00000000-0000-0000-0000-000000000000';

export interface PodRow {
  id: string;
  name: string;
  description: string | null;
  createdBy: string;
  currentStreak: number;
  saves: number;
  createdAt: Date;
}

export interface InviteLookup extends PodRow {
  expiresAt: Date | null;
  expired: boolean;
  revoked: boolean;
}

/** A log entry as written from a shared weekly completion. */
export interface SharedEntry {
  id: string;
  podId: string;
  userId: string;
  weeklyChallengeId: string;
  message: string;
  proofText: string | null;
  proofPhotoId: string | null;
  createdAt: Date;
}

/**
 * Data access for pods, their members, invite codes and log: no rules here (see use-cases/pods.ts).
 * Every method takes the unit of work's `tx`, or the pool for a read outside one.
 */
export interface PodsRepository {
  /** Pods the user created or is a member of, newest first. */
  listForMember(db: Queryable, userId: string): Promise<PodSummary[]>;
  /** The user's pods as "Your data" shows them, oldest first. */
  exportFor(db: Queryable, userId: string): Promise<PodsExport['pods']>;
  /** Ids of the pods the user is a member of. */
  podIdsOf(db: Queryable, userId: string): Promise<string[]>;
  /** Serialises pod creation by one user until the transaction ends (the creation cap's check-and-insert). */
  lockCreator(tx: Queryable, userId: string): Promise<void>;
  /** The pod and its creator as its first member. */
  insertPod(
    tx: Queryable,
    pod: { id: string; name: string; description: string | null; createdBy: string },
  ): Promise<void>;
  /** The pod, when `userId` is one of its members (the creator is one); otherwise undefined. */
  podForMember(db: Queryable, podId: string, userId: string): Promise<PodRow | undefined>;
  /**
   * Members as cards, the creator first, then by join time, each with whether it is hidden from
   * `viewer` (a block either way, or a user they reported).
   */
  membersOf(
    db: Queryable,
    podId: string,
    creator: string,
    viewer: string,
  ): Promise<(PodMember & { hidden: boolean })[]>;
  /**
   * Weekly completions of the pod's members in the 8 days before `now` (wider than any zone's week),
   * each with the creator's zone (the pod's week).
   */
  recentMemberCompletions(
    db: Queryable,
    podId: string,
    now: Date,
  ): Promise<{ userId: string; completedAt: Date; timeZone: string | null }[]>;
  memberCount(db: Queryable, podId: string): Promise<number>;
  /** Ids of the pod's members. */
  memberIds(db: Queryable, podId: string): Promise<string[]>;
  isMember(db: Queryable, podId: string, userId: string): Promise<boolean>;
  insertMember(tx: Queryable, podId: string, userId: string): Promise<void>;
  /** False when they were not a member. */
  deleteMember(tx: Queryable, podId: string, userId: string): Promise<boolean>;
  /** Changes the given fields (description null clears it). */
  updatePod(tx: Queryable, podId: string, fields: { name?: string; description?: string | null }): Promise<void>;
  /** The pod with its members, invites and log. */
  deletePod(tx: Queryable, podId: string): Promise<void>;
  /**
   * The pod's log, newest first, older than the keyset cursor; never an entry the viewer reported,
   * nor one by a user hidden from them (a block either way, or a user they reported). One more row
   * than `limit` tells whether there is more.
   */
  logPage(
    db: Queryable,
    podId: string,
    viewer: string,
    before: { createdAt: Date; id: string } | undefined,
    limit: number,
  ): Promise<{ rows: (PodLogEntry & { at: Date })[]; more: boolean }>;
  /** A log entry's pod and author, when `viewer` is a member of its pod. */
  logEntryForMember(
    db: Queryable,
    entryId: string,
    viewer: string,
  ): Promise<{ podId: string; userId: string } | undefined>;
  /**
   * One log entry per given pod the user is a member of now; pods they are not in are skipped, and
   * an entry already written for (pod, user, weekly challenge) is not written again.
   */
  shareToLog(
    tx: Queryable,
    e: {
      userId: string;
      weeklyChallengeId: string;
      podIds: string[];
      message: string;
      proofText: string | null;
      proofPhotoId: string | null;
      at: Date;
    },
  ): Promise<SharedEntry[]>;
  insertInvite(
    tx: Queryable,
    podId: string,
    code: string,
    createdBy: string,
    expiresAt: Date | null,
  ): Promise<PodInvite>;
  /** Invites still usable: not revoked, not expired. */
  activeInvites(db: Queryable, podId: string): Promise<PodInvite[]>;
  /** Revokes one code of the pod (or all with code null); answers how many were revoked. */
  revokeInvites(tx: Queryable, podId: string, code: string | null): Promise<number>;
  /** The invite's pod; `forUpdate` locks the pod row, so joins into one pod run one at a time. */
  podByInvite(db: Queryable, code: string, forUpdate: boolean): Promise<InviteLookup | undefined>;
  /**
   * The user's log entries go, they leave every pod; a pod they created is deleted when nobody else
   * is in it, and otherwise names ERASED_USER_ID as its creator.
   */
  eraseMember(tx: Queryable, userId: string): Promise<void>;
}

const POD_COLUMNS = `p.id, p.name, p.description, p.created_by AS "createdBy", p.current_streak AS "currentStreak", p.streak_saves AS saves, p.created_at AS "createdAt"`;
const INVITE_COLUMNS = `code, created_at AS "createdAt", expires_at AS "expiresAt"`;
type InviteRow = { code: string; createdAt: Date; expiresAt: Date | null };
const inviteOut = (r: InviteRow): PodInvite => ({
  code: r.code,
  createdAt: r.createdAt.toISOString(),
  expiresAt: r.expiresAt?.toISOString() ?? null,
});
type LogRow = Omit<PodLogEntry, 'id' | 'user' | 'createdAt'> &
  UserCard & { entryId: string; userId: string; createdAt: Date };
/** Pods the user created or is a member of (alias `p`, the user `$1`). */
const CREATED_OR_MEMBER =
  'p.created_by = $1 OR EXISTS (SELECT 1 FROM pods.pod_member m WHERE m.pod_id = p.id AND m.user_id = $1)';

export function createPodsRepository(): PodsRepository {
  return {
    async listForMember(db, userId) {
      const { rows } = await db.query<PodSummary>({
        name: 'pods-list-for-member',
        text: `SELECT p.id, p.name, p.current_streak AS "currentStreak",
                 (SELECT count(*)::int FROM pods.pod_member m WHERE m.pod_id = p.id) AS "memberCount"
               FROM pods.pod p WHERE ${CREATED_OR_MEMBER}
               ORDER BY p.created_at DESC`,
        values: [userId],
      });
      return rows;
    },

    async exportFor(db, userId) {
      const { rows } = await db.query<Omit<PodsExport['pods'][number], 'joinedAt'> & { joinedAt: Date | null }>(
        `SELECT p.id, p.name, p.current_streak AS "currentStreak",
           (SELECT count(*)::int FROM pods.pod_member m WHERE m.pod_id = p.id) AS "memberCount",
           p.created_by = $1 AS "createdByYou",
           (SELECT m.joined_at FROM pods.pod_member m WHERE m.pod_id = p.id AND m.user_id = $1) AS "joinedAt"
         FROM pods.pod p WHERE ${CREATED_OR_MEMBER}
         ORDER BY p.created_at`,
        [userId],
      );
      return rows.map((r) => ({ ...r, joinedAt: r.joinedAt?.toISOString() ?? null }));
    },

    async podIdsOf(db, userId) {
      const { rows } = await db.query<{ podId: string }>(
        'SELECT pod_id AS "podId" FROM pods.pod_member WHERE user_id = $1 ORDER BY pod_id',
        [userId],
      );
      return rows.map((r) => r.podId);
    },

    async lockCreator(tx, userId) {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('pods:create:' || $1, 0))`, [userId]);
    },

    async insertPod(tx, pod) {
      await tx.query('INSERT INTO pods.pod (id, name, description, created_by) VALUES ($1, $2, $3, $4)', [
        pod.id,
        pod.name,
        pod.description,
        pod.createdBy,
      ]);
      await tx.query('INSERT INTO pods.pod_member (pod_id, user_id) VALUES ($1, $2)', [pod.id, pod.createdBy]);
    },

    async podForMember(db, podId, userId) {
      const { rows } = await db.query<PodRow>({
        name: 'pods-pod-for-member',
        text: `SELECT ${POD_COLUMNS} FROM pods.pod p
               WHERE p.id = $1 AND EXISTS (SELECT 1 FROM pods.pod_member m WHERE m.pod_id = p.id AND m.user_id = $2)`,
        values: [podId, userId],
      });
      return rows[0];
    },

    async membersOf(db, podId, creator, viewer) {
      const { rows } = await db.query<PodMember & { joinedAt: Date; hidden: boolean }>({
        name: 'pods-members',
        text: `SELECT ${cardColumns('m.user_id')}, m.user_id = $2 AS "isCreator", m.joined_at AS "joinedAt",
                 (m.user_id <> $3 AND pods.is_hidden($3, m.user_id)) AS hidden
               FROM pods.pod_member m ${cardJoins('m.user_id')}
               WHERE m.pod_id = $1 ORDER BY m.user_id = $2 DESC, m.joined_at, m.user_id`,
        values: [podId, creator, viewer],
      });
      return rows.map((r) => ({ ...r, joinedAt: r.joinedAt.toISOString() }));
    },

    async recentMemberCompletions(db, podId, now) {
      const { rows } = await db.query<{ userId: string; completedAt: Date; timeZone: string | null }>({
        name: 'pods-completed-this-week',
        text: `SELECT c.user_id::text AS "userId", c.completed_at AS "completedAt", pr.time_zone AS "timeZone"
               FROM pods.pod p
               JOIN pods.pod_member m ON m.pod_id = p.id
               JOIN pods.weekly_completion c ON c.user_id = m.user_id AND c.completed_at > $2::timestamptz - interval '8 days'
               LEFT JOIN pods.profile pr ON pr.user_id = p.created_by
               WHERE p.id = $1`,
        values: [podId, now],
      });
      return rows;
    },

    async memberCount(db, podId) {
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pods.pod_member WHERE pod_id = $1',
        [podId],
      );
      return rows[0]!.n;
    },

    async isMember(db, podId, userId) {
      return (
        ((await db.query('SELECT 1 FROM pods.pod_member WHERE pod_id = $1 AND user_id = $2', [podId, userId]))
          .rowCount ?? 0) > 0
      );
    },

    async insertMember(tx, podId, userId) {
      await tx.query('INSERT INTO pods.pod_member (pod_id, user_id) VALUES ($1, $2)', [podId, userId]);
    },

    async deleteMember(tx, podId, userId) {
      return (
        ((await tx.query('DELETE FROM pods.pod_member WHERE pod_id = $1 AND user_id = $2', [podId, userId])).rowCount ??
          0) > 0
      );
    },

    async updatePod(tx, podId, fields) {
      await tx.query(
        `UPDATE pods.pod SET name = COALESCE($2, name),
           description = CASE WHEN $3::boolean THEN $4 ELSE description END, updated_at = now() WHERE id = $1`,
        [podId, fields.name ?? null, fields.description !== undefined, fields.description ?? null],
      );
    },

    async memberIds(db, podId) {
      const { rows } = await db.query<{ userId: string }>(
        'SELECT user_id AS "userId" FROM pods.pod_member WHERE pod_id = $1',
        [podId],
      );
      return rows.map((r) => r.userId);
    },

    async deletePod(tx, podId) {
      await tx.query('DELETE FROM pods.pod WHERE id = $1', [podId]);
    },

    async logPage(db, podId, viewer, before, limit) {
      const { rows } = await db.query<LogRow>({
        name: 'pods-log-page',
        text: `SELECT l.id AS "entryId", l.weekly_challenge_id AS "weeklyChallengeId", l.kind, l.playbook_id AS "playbookId", l.message, l.proof_text AS "proofText",
                 l.proof_photo_id AS "proofPhotoId", l.created_at AS "createdAt", ${cardColumns('l.user_id')}, l.user_id AS "userId"
               FROM pods.pod_log l ${cardJoins('l.user_id')}
               WHERE l.pod_id = $1
                 AND ($3::timestamptz IS NULL OR (l.created_at, l.id) < ($3::timestamptz, $4::uuid))
                 AND NOT pods.is_hidden($2, l.user_id)
                 AND NOT EXISTS (SELECT 1 FROM pods.report r WHERE r.reporter_id = $2 AND r.kind = 'pod_log' AND r.target_id = l.id)
               ORDER BY l.created_at DESC, l.id DESC
               LIMIT $5`,
        values: [podId, viewer, before?.createdAt ?? null, before?.id ?? null, limit + 1],
      });
      const entries = rows.slice(0, limit).map((r) => ({
        id: r.entryId,
        weeklyChallengeId: r.weeklyChallengeId,
        kind: r.kind,
        playbookId: r.playbookId,
        message: r.message,
        proofText: r.proofText,
        proofPhotoId: r.proofPhotoId,
        createdAt: r.createdAt.toISOString(),
        at: r.createdAt,
        user: {
          id: r.userId,
          name: r.name,
          username: r.username,
          photoUrl: r.photoUrl,
          avatarConfig: r.avatarConfig,
          level: r.level,
        },
      }));
      return { rows: entries, more: rows.length > limit };
    },

    async logEntryForMember(db, entryId, viewer) {
      const { rows } = await db.query<{ podId: string; userId: string }>(
        `SELECT l.pod_id AS "podId", l.user_id AS "userId" FROM pods.pod_log l
         WHERE l.id = $1 AND EXISTS (SELECT 1 FROM pods.pod_member m WHERE m.pod_id = l.pod_id AND m.user_id = $2)`,
        [entryId, viewer],
      );
      return rows[0];
    },

    async shareToLog(tx, e) {
      if (e.podIds.length === 0) return [];
      const { rows } = await tx.query<SharedEntry>(
        `INSERT INTO pods.pod_log (id, pod_id, user_id, weekly_challenge_id, message, proof_text, proof_photo_id, created_at)
         SELECT gen_random_uuid(), m.pod_id, m.user_id, $2::uuid, $3, $4, $5::uuid, $6
           FROM pods.pod_member m WHERE m.user_id = $1::uuid AND m.pod_id = ANY($7::uuid[])
         ON CONFLICT (pod_id, user_id, weekly_challenge_id) WHERE weekly_challenge_id IS NOT NULL DO NOTHING
         RETURNING id::text, pod_id::text AS "podId", user_id::text AS "userId", weekly_challenge_id::text AS "weeklyChallengeId",
                   message, proof_text AS "proofText", proof_photo_id::text AS "proofPhotoId", created_at AS "createdAt"`,
        [e.userId, e.weeklyChallengeId, e.message, e.proofText, e.proofPhotoId, e.at, [...new Set(e.podIds)]],
      );
      return rows;
    },

    async insertInvite(tx, podId, code, createdBy, expiresAt) {
      const { rows } = await tx.query<InviteRow>(
        `INSERT INTO pods.pod_invite (code, pod_id, created_by, expires_at) VALUES ($1, $2, $3, $4) RETURNING ${INVITE_COLUMNS}`,
        [code, podId, createdBy, expiresAt],
      );
      return inviteOut(rows[0]!);
    },

    async activeInvites(db, podId) {
      const { rows } = await db.query<InviteRow>(
        `SELECT ${INVITE_COLUMNS} FROM pods.pod_invite
         WHERE pod_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now()) ORDER BY created_at DESC, code`,
        [podId],
      );
      return rows.map(inviteOut);
    },

    async revokeInvites(tx, podId, code) {
      const res = await tx.query(
        'UPDATE pods.pod_invite SET revoked_at = now() WHERE pod_id = $1 AND revoked_at IS NULL AND ($2::text IS NULL OR code = $2)',
        [podId, code],
      );
      return res.rowCount ?? 0;
    },

    async podByInvite(db, code, forUpdate) {
      const { rows } = await db.query<InviteLookup>(
        `SELECT ${POD_COLUMNS}, i.expires_at AS "expiresAt", (i.expires_at IS NOT NULL AND i.expires_at <= now()) AS expired,
                i.revoked_at IS NOT NULL AS revoked
         FROM pods.pod_invite i JOIN pods.pod p ON p.id = i.pod_id WHERE i.code = $1${forUpdate ? ' FOR UPDATE OF p' : ''}`,
        [code],
      );
      return rows[0];
    },

    async eraseMember(tx, userId) {
      await tx.query('DELETE FROM pods.pod_log WHERE user_id = $1', [userId]);
      await tx.query('DELETE FROM pods.pod_member WHERE user_id = $1', [userId]);
      await tx.query(
        'DELETE FROM pods.pod p WHERE p.created_by = $1 AND NOT EXISTS (SELECT 1 FROM pods.pod_member m WHERE m.pod_id = p.id)',
        [userId],
      );
      await tx.query('UPDATE pods.pod SET created_by = $2 WHERE created_by = $1', [userId, ERASED_USER_ID]);
    },
  };
}
