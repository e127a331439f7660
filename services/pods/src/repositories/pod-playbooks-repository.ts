import type { PodPlaybookChangedPayload, UserCard } from '@vere/contracts';
import type { PgTx, Queryable } from '@vere/service-kit';
import { cardColumns, cardJoins } from './sql';

export interface PodPlaybookRow {
  podId: string;
  podName: string;
  playbookId: string;
  version: number;
  title: string;
  weeks: number;
  mode: 'all' | 'majority';
  openWeek: number;
  startedBy: string | null;
  startedAt: Date;
}

export interface PodPlaybookMemberRow {
  podId: string;
  playbookId: string;
  user: UserCard & { hidden: boolean };
  weeksFinished: number;
}

export interface PodPlaybookLogEntry {
  id: string;
  podId: string;
  userId: string;
  message: string;
  createdAt: Date;
}

/** Pod playbook read models (quests' runs and finished weeks) and their log entries: data access only. */
export interface PodPlaybooksRepository {
  /** Applies a run's change unless a newer revision is held; true when applied. */
  applyRun(tx: PgTx, e: PodPlaybookChangedPayload): Promise<boolean>;
  /** Records a finished week; false when it was recorded already. */
  addWeek(tx: PgTx, w: { userId: string; playbookId: string; week: number; completedAt: Date }): Promise<boolean>;
  /** The pods the user is a member of that run the playbook. */
  podsRunning(db: Queryable, userId: string, playbookId: string): Promise<string[]>;
  /** Writes one log entry per pod (of `podIds` the user is a member of), once per pod, user, kind, playbook and week. */
  addLogEntries(
    tx: PgTx,
    e: {
      userId: string;
      podIds: string[];
      kind: 'playbook_started' | 'playbook_week' | 'playbook_share';
      playbookId: string;
      week: number | null;
      message: string;
      at: Date;
    },
  ): Promise<PodPlaybookLogEntry[]>;
  /** Runs of a pod (or, with `playbookId`, of that playbook in the viewer's pods). */
  runs(db: Queryable, q: { podId: string } | { viewer: string; playbookId: string }): Promise<PodPlaybookRow[]>;
  /** Every current member of the given pods with their finished weeks of each run's playbook, as `viewer` may see them. */
  members(db: Queryable, viewer: string, runs: PodPlaybookRow[]): Promise<PodPlaybookMemberRow[]>;
  /** Weeks the user finished of a playbook. */
  weeksOf(db: Queryable, userId: string, playbookId: string): Promise<number>;
  /** "Your data": the weeks the user finished. */
  exportOf(db: Queryable, userId: string): Promise<{ playbookId: string; week: number; completedAt: Date }[]>;
  /** Account deletion. */
  erase(tx: PgTx, userId: string): Promise<void>;
}

const RUN = `r.pod_id::text AS "podId", pd.name AS "podName", r.playbook_id AS "playbookId", r.version, r.title, r.weeks,
  r.mode, r.open_week AS "openWeek", r.started_by::text AS "startedBy", r.started_at AS "startedAt"`;

export function createPodPlaybooksRepository(): PodPlaybooksRepository {
  return {
    async applyRun(tx, e) {
      const { rowCount } = await tx.query(
        `INSERT INTO pods.pod_playbook (pod_id, playbook_id, version, title, weeks, mode, open_week, started_by, started_at, revision)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10 WHERE EXISTS (SELECT 1 FROM pods.pod WHERE id = $1)
         ON CONFLICT (pod_id, playbook_id) DO UPDATE SET version = EXCLUDED.version, title = EXCLUDED.title,
           weeks = EXCLUDED.weeks, mode = EXCLUDED.mode, open_week = EXCLUDED.open_week,
           started_by = EXCLUDED.started_by, started_at = EXCLUDED.started_at, revision = EXCLUDED.revision
         WHERE pods.pod_playbook.revision < EXCLUDED.revision`,
        [e.podId, e.playbookId, e.version, e.title, e.weeks, e.mode, e.openWeek, e.startedBy, e.startedAt, e.revision],
      );
      return (rowCount ?? 0) > 0;
    },
    async addWeek(tx, w) {
      const { rowCount } = await tx.query(
        `INSERT INTO pods.playbook_week (user_id, playbook_id, week, completed_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [w.userId, w.playbookId, w.week, w.completedAt],
      );
      return (rowCount ?? 0) > 0;
    },
    async podsRunning(db, userId, playbookId) {
      const { rows } = await db.query<{ podId: string }>(
        `SELECT r.pod_id::text AS "podId" FROM pods.pod_playbook r
         JOIN pods.pod_member m ON m.pod_id = r.pod_id AND m.user_id = $1 WHERE r.playbook_id = $2`,
        [userId, playbookId],
      );
      return rows.map((r) => r.podId);
    },
    async addLogEntries(tx, e) {
      if (e.podIds.length === 0) return [];
      const { rows } = await tx.query<PodPlaybookLogEntry>(
        `INSERT INTO pods.pod_log (id, pod_id, user_id, kind, playbook_id, playbook_week, message, created_at)
         SELECT gen_random_uuid(), m.pod_id, m.user_id, $2, $3, $4, $5, $6
           FROM pods.pod_member m WHERE m.user_id = $1::uuid AND m.pod_id = ANY($7::uuid[])
         ON CONFLICT (pod_id, user_id, kind, playbook_id, (COALESCE(playbook_week, 0))) WHERE playbook_id IS NOT NULL DO NOTHING
         RETURNING id::text, pod_id::text AS "podId", user_id::text AS "userId", message, created_at AS "createdAt"`,
        [e.userId, e.kind, e.playbookId, e.week, e.message, e.at, [...new Set(e.podIds)]],
      );
      return rows;
    },
    async runs(db, q) {
      const { rows } =
        'podId' in q
          ? await db.query<PodPlaybookRow>(
              `SELECT ${RUN} FROM pods.pod_playbook r JOIN pods.pod pd ON pd.id = r.pod_id
               WHERE r.pod_id = $1 ORDER BY r.started_at, r.playbook_id`,
              [q.podId],
            )
          : await db.query<PodPlaybookRow>(
              `SELECT ${RUN} FROM pods.pod_playbook r JOIN pods.pod pd ON pd.id = r.pod_id
               JOIN pods.pod_member m ON m.pod_id = r.pod_id AND m.user_id = $1
               WHERE r.playbook_id = $2 ORDER BY pd.name, r.pod_id`,
              [q.viewer, q.playbookId],
            );
      return rows;
    },
    async members(db, viewer, runs) {
      if (runs.length === 0) return [];
      const { rows } = await db.query<{
        podId: string;
        playbookId: string;
        weeksFinished: number;
        hidden: boolean;
        id: string;
        name: string;
        username: string | null;
        photoUrl: string | null;
        avatarConfig: UserCard['avatarConfig'];
        level: number;
      }>(
        `SELECT r.pod_id::text AS "podId", r.playbook_id AS "playbookId",
                (SELECT count(*)::int FROM pods.playbook_week w WHERE w.user_id = m.user_id AND w.playbook_id = r.playbook_id) AS "weeksFinished",
                pods.is_hidden($1, m.user_id) AS hidden, ${cardColumns('m.user_id::text')}
         FROM unnest($2::uuid[], $3::text[]) AS r(pod_id, playbook_id)
         JOIN pods.pod_member m ON m.pod_id = r.pod_id
         ${cardJoins('m.user_id')}
         ORDER BY m.joined_at, m.user_id`,
        [viewer, runs.map((r) => r.podId), runs.map((r) => r.playbookId)],
      );
      return rows.map((r) => ({
        podId: r.podId,
        playbookId: r.playbookId,
        weeksFinished: r.weeksFinished,
        user: {
          id: r.id,
          name: r.name,
          username: r.username,
          photoUrl: r.photoUrl,
          avatarConfig: r.avatarConfig,
          level: r.level,
          hidden: r.hidden,
        },
      }));
    },
    async weeksOf(db, userId, playbookId) {
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pods.playbook_week WHERE user_id = $1 AND playbook_id = $2',
        [userId, playbookId],
      );
      return rows[0]?.n ?? 0;
    },
    async exportOf(db, userId) {
      const { rows } = await db.query<{ playbookId: string; week: number; completedAt: Date }>(
        `SELECT playbook_id AS "playbookId", week, completed_at AS "completedAt" FROM pods.playbook_week
         WHERE user_id = $1 ORDER BY completed_at, playbook_id, week`,
        [userId],
      );
      return rows;
    },
    async erase(tx, userId) {
      await tx.query('DELETE FROM pods.playbook_week WHERE user_id = $1', [userId]);
      await tx.query('UPDATE pods.pod_playbook SET started_by = NULL WHERE started_by = $1', [userId]);
    },
  };
}
