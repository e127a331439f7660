import { DEFAULT_TIME_ZONE, isTimeZone, weekStartAt } from '@vere/domain';
import type { PodInvite, PodLogEntry, PodMember, UserCard } from '@vere/contracts';
import { cardColumns, cardJoins, type Queryable } from './sql';

export interface PodRow {
  id: string;
  name: string;
  description: string | null;
  createdBy: string;
  currentStreak: number;
  saves: number;
  createdAt: Date;
}

const POD_COLUMNS = `p.id, p.name, p.description, p.created_by AS "createdBy", p.current_streak AS "currentStreak", p.streak_saves AS saves, p.created_at AS "createdAt"`;

/** Serialises pod creation by one user until the transaction ends (the creation cap's check-and-insert). */
export async function lockCreator(tx: Queryable, userId: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('pods:create:' || $1, 0))`, [userId]);
}

export async function insertPod(tx: Queryable, pod: { id: string; name: string; description: string | null; createdBy: string }): Promise<void> {
  await tx.query('INSERT INTO pods.pod (id, name, description, created_by) VALUES ($1, $2, $3, $4)', [pod.id, pod.name, pod.description, pod.createdBy]);
  await tx.query('INSERT INTO pods.pod_member (pod_id, user_id) VALUES ($1, $2)', [pod.id, pod.createdBy]);
}

/** The pod, when `userId` is one of its members (the creator is one); otherwise undefined. */
export async function podForMember(db: Queryable, podId: string, userId: string): Promise<PodRow | undefined> {
  const { rows } = await db.query<PodRow>({
    name: 'pods-pod-for-member',
    text: `SELECT ${POD_COLUMNS} FROM pods.pod p
           WHERE p.id = $1 AND EXISTS (SELECT 1 FROM pods.pod_member m WHERE m.pod_id = p.id AND m.user_id = $2)`,
    values: [podId, userId],
  });
  return rows[0];
}

export async function membersOf(db: Queryable, podId: string, creator: string): Promise<PodMember[]> {
  const { rows } = await db.query<PodMember & { joinedAt: Date }>({
    name: 'pods-members',
    text: `SELECT ${cardColumns('m.user_id')}, m.user_id = $2 AS "isCreator", m.joined_at AS "joinedAt"
           FROM pods.pod_member m ${cardJoins('m.user_id')}
           WHERE m.pod_id = $1 ORDER BY m.user_id = $2 DESC, m.joined_at, m.user_id`,
    values: [podId, creator],
  });
  return rows.map((r) => ({ ...r, joinedAt: r.joinedAt.toISOString() }));
}

/**
 * Members who completed a weekly challenge in the pod's current week — the week of its creator's
 * zone (the streak's week; UTC until the creator's zone is known).
 */
export async function completedThisWeek(db: Queryable, podId: string, now: Date): Promise<Set<string>> {
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
  const zone = rows[0]?.timeZone && isTimeZone(rows[0].timeZone) ? rows[0].timeZone : DEFAULT_TIME_ZONE;
  const week = weekStartAt(now, zone);
  return new Set(rows.filter((r) => r.completedAt <= now && weekStartAt(r.completedAt, zone) === week).map((r) => r.userId));
}

export async function memberCount(db: Queryable, podId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pods.pod_member WHERE pod_id = $1', [podId]);
  return rows[0]!.n;
}

type LogRow = Omit<PodLogEntry, 'id' | 'user' | 'createdAt'> & UserCard & { entryId: string; userId: string; createdAt: Date };

/**
 * The pod's log, newest first, older than the keyset cursor; never an entry the viewer reported,
 * nor one by a user hidden from them (a block either way, or a user they reported).
 */
export async function logPage(
  db: Queryable, podId: string, viewer: string, before: { createdAt: Date; id: string } | undefined, limit: number,
): Promise<{ rows: (PodLogEntry & { at: Date })[]; more: boolean }> {
  const { rows } = await db.query<LogRow>({
    name: 'pods-log-page',
    text: `SELECT l.id AS "entryId", l.weekly_challenge_id AS "weeklyChallengeId", l.message, l.proof_text AS "proofText",
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
    id: r.entryId, weeklyChallengeId: r.weeklyChallengeId, message: r.message, proofText: r.proofText, proofPhotoId: r.proofPhotoId,
    createdAt: r.createdAt.toISOString(), at: r.createdAt,
    user: { id: r.userId, name: r.name, username: r.username, photoUrl: r.photoUrl, avatarConfig: r.avatarConfig, level: r.level },
  }));
  return { rows: entries, more: rows.length > limit };
}

/** A log entry's pod and author, when `viewer` is a member of its pod. */
export async function logEntryForMember(db: Queryable, entryId: string, viewer: string): Promise<{ podId: string; userId: string } | undefined> {
  const { rows } = await db.query<{ podId: string; userId: string }>(
    `SELECT l.pod_id AS "podId", l.user_id AS "userId" FROM pods.pod_log l
     WHERE l.id = $1 AND EXISTS (SELECT 1 FROM pods.pod_member m WHERE m.pod_id = l.pod_id AND m.user_id = $2)`,
    [entryId, viewer],
  );
  return rows[0];
}

const INVITE_COLUMNS = `code, created_at AS "createdAt", expires_at AS "expiresAt"`;
type InviteRow = { code: string; createdAt: Date; expiresAt: Date | null };
const inviteOut = (r: InviteRow): PodInvite => ({ code: r.code, createdAt: r.createdAt.toISOString(), expiresAt: r.expiresAt?.toISOString() ?? null });

export async function insertInvite(tx: Queryable, podId: string, code: string, createdBy: string, expiresAt: Date | null): Promise<PodInvite> {
  const { rows } = await tx.query<InviteRow>(
    `INSERT INTO pods.pod_invite (code, pod_id, created_by, expires_at) VALUES ($1, $2, $3, $4) RETURNING ${INVITE_COLUMNS}`,
    [code, podId, createdBy, expiresAt],
  );
  return inviteOut(rows[0]!);
}

/** Invites still usable: not revoked, not expired. */
export async function activeInvites(db: Queryable, podId: string): Promise<PodInvite[]> {
  const { rows } = await db.query<InviteRow>(
    `SELECT ${INVITE_COLUMNS} FROM pods.pod_invite
     WHERE pod_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now()) ORDER BY created_at DESC, code`,
    [podId],
  );
  return rows.map(inviteOut);
}

/** Revokes one code of the pod (or all with code null); answers how many were revoked. */
export async function revokeInvites(tx: Queryable, podId: string, code: string | null): Promise<number> {
  const res = await tx.query(
    'UPDATE pods.pod_invite SET revoked_at = now() WHERE pod_id = $1 AND revoked_at IS NULL AND ($2::text IS NULL OR code = $2)',
    [podId, code],
  );
  return res.rowCount ?? 0;
}

export interface InviteLookup extends PodRow {
  expiresAt: Date | null;
  expired: boolean;
  revoked: boolean;
}

/** The invite's pod; `forUpdate` locks the pod row, so joins into one pod run one at a time. */
export async function podByInvite(db: Queryable, code: string, forUpdate: boolean): Promise<InviteLookup | undefined> {
  const { rows } = await db.query<InviteLookup>(
    `SELECT ${POD_COLUMNS}, i.expires_at AS "expiresAt", (i.expires_at IS NOT NULL AND i.expires_at <= now()) AS expired,
            i.revoked_at IS NOT NULL AS revoked
     FROM pods.pod_invite i JOIN pods.pod p ON p.id = i.pod_id WHERE i.code = $1${forUpdate ? ' FOR UPDATE OF p' : ''}`,
    [code],
  );
  return rows[0];
}

export async function isMember(db: Queryable, podId: string, userId: string): Promise<boolean> {
  return ((await db.query('SELECT 1 FROM pods.pod_member WHERE pod_id = $1 AND user_id = $2', [podId, userId])).rowCount ?? 0) > 0;
}

export async function insertMember(tx: Queryable, podId: string, userId: string): Promise<void> {
  await tx.query('INSERT INTO pods.pod_member (pod_id, user_id) VALUES ($1, $2)', [podId, userId]);
}

export async function deleteMember(tx: Queryable, podId: string, userId: string): Promise<boolean> {
  return ((await tx.query('DELETE FROM pods.pod_member WHERE pod_id = $1 AND user_id = $2', [podId, userId])).rowCount ?? 0) > 0;
}

export async function updatePod(tx: Queryable, podId: string, fields: { name?: string; description?: string | null }): Promise<void> {
  await tx.query(
    `UPDATE pods.pod SET name = COALESCE($2, name),
       description = CASE WHEN $3::boolean THEN $4 ELSE description END, updated_at = now() WHERE id = $1`,
    [podId, fields.name ?? null, fields.description !== undefined, fields.description ?? null],
  );
}

export async function deletePod(tx: Queryable, podId: string): Promise<void> {
  await tx.query('DELETE FROM pods.pod WHERE id = $1', [podId]);
}
