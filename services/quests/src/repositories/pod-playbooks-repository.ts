import type { PodPlaybookMode } from '@vere/domain';
import type { PgTx, Queryable } from '@vere/service-kit';

export interface PodPlaybookRow {
  podId: string;
  playbookId: string;
  version: number;
  mode: PodPlaybookMode;
  openWeek: number;
  startedBy: string | null;
  startedAt: Date;
  revision: number;
}

/** Pod playbook runs and the membership facts the week gate reads: data access only (rules in use-cases/pod-playbooks.ts). */
export interface PodPlaybooksRepository {
  /** Whether the user is a current member of the pod (quests' read model of pods' memberships). */
  isMember(db: Queryable, podId: string, userId: string): Promise<boolean>;
  /** The pods, of those given, the user is a current member of. */
  podsOf(db: Queryable, userId: string, podIds: string[]): Promise<string[]>;
  /** Current members of a pod. */
  membersOf(db: Queryable, podId: string): Promise<string[]>;
  /** The pod's creator, when known. */
  creatorOf(db: Queryable, podId: string): Promise<string | undefined>;
  /** Records a pod's creator (pods.member.joined.v1 via created). */
  setCreator(tx: PgTx, podId: string, userId: string): Promise<void>;
  /** Creates a run; undefined when the pod runs that playbook already. */
  create(tx: PgTx, run: Omit<PodPlaybookRow, 'openWeek' | 'revision'>): Promise<PodPlaybookRow | undefined>;
  get(db: Queryable, podId: string, playbookId: string): Promise<PodPlaybookRow | undefined>;
  /** Locks the run for the rest of the transaction (week openings queue behind it). */
  lock(tx: PgTx, podId: string, playbookId: string): Promise<PodPlaybookRow | undefined>;
  /** Runs of a playbook in the pods the user is a current member of. */
  runsFor(db: Queryable, userId: string, playbookId: string): Promise<PodPlaybookRow[]>;
  /** Every run of a pod. */
  runsOfPod(db: Queryable, podId: string): Promise<PodPlaybookRow[]>;
  /** Sets the run's open week and mode, one revision up. */
  update(
    tx: PgTx,
    podId: string,
    playbookId: string,
    change: { openWeek: number; mode: PodPlaybookMode },
  ): Promise<PodPlaybookRow>;
  /** Step ids each of `userIds` completed in the playbook, with the version their progress is pinned to. */
  progressOf(
    db: Queryable,
    playbookId: string,
    userIds: string[],
  ): Promise<{ userId: string; version: number; stepIds: string[] }[]>;
  /** Runs the user started, for "Your data". */
  startedBy(db: Queryable, userId: string): Promise<PodPlaybookRow[]>;
  /** Account deletion: the runs they started keep going without their name; they stop being a creator. */
  forget(tx: PgTx, userId: string): Promise<void>;
}

const RUN = `pod_id::text AS "podId", playbook_id AS "playbookId", version, mode, open_week AS "openWeek",
  started_by::text AS "startedBy", started_at AS "startedAt", revision`;

export function createPodPlaybooksRepository(): PodPlaybooksRepository {
  return {
    async isMember(db, podId, userId) {
      const { rowCount } = await db.query(
        'SELECT 1 FROM quests.pod_member WHERE pod_id = $1 AND user_id = $2 AND member',
        [podId, userId],
      );
      return (rowCount ?? 0) > 0;
    },
    async podsOf(db, userId, podIds) {
      const { rows } = await db.query<{ podId: string }>(
        'SELECT pod_id::text AS "podId" FROM quests.pod_member WHERE user_id = $1 AND member AND pod_id = ANY($2::uuid[])',
        [userId, podIds],
      );
      return rows.map((r) => r.podId);
    },
    async membersOf(db, podId) {
      const { rows } = await db.query<{ userId: string }>(
        'SELECT user_id::text AS "userId" FROM quests.pod_member WHERE pod_id = $1 AND member',
        [podId],
      );
      return rows.map((r) => r.userId);
    },
    async creatorOf(db, podId) {
      const { rows } = await db.query<{ userId: string }>(
        'SELECT user_id::text AS "userId" FROM quests.pod_creator WHERE pod_id = $1',
        [podId],
      );
      return rows[0]?.userId;
    },
    async setCreator(tx, podId, userId) {
      await tx.query(
        'INSERT INTO quests.pod_creator (pod_id, user_id) VALUES ($1, $2) ON CONFLICT (pod_id) DO UPDATE SET user_id = EXCLUDED.user_id',
        [podId, userId],
      );
    },
    async create(tx, run) {
      const { rows } = await tx.query<PodPlaybookRow>(
        `INSERT INTO quests.pod_playbook (pod_id, playbook_id, version, mode, started_by, started_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING ${RUN}`,
        [run.podId, run.playbookId, run.version, run.mode, run.startedBy, run.startedAt],
      );
      return rows[0];
    },
    async get(db, podId, playbookId) {
      const { rows } = await db.query<PodPlaybookRow>(
        `SELECT ${RUN} FROM quests.pod_playbook WHERE pod_id = $1 AND playbook_id = $2`,
        [podId, playbookId],
      );
      return rows[0];
    },
    async lock(tx, podId, playbookId) {
      const { rows } = await tx.query<PodPlaybookRow>(
        `SELECT ${RUN} FROM quests.pod_playbook WHERE pod_id = $1 AND playbook_id = $2 FOR UPDATE`,
        [podId, playbookId],
      );
      return rows[0];
    },
    async runsFor(db, userId, playbookId) {
      const { rows } = await db.query<PodPlaybookRow>(
        `SELECT ${RUN} FROM quests.pod_playbook r
         WHERE r.playbook_id = $2
           AND EXISTS (SELECT 1 FROM quests.pod_member m WHERE m.pod_id = r.pod_id AND m.user_id = $1 AND m.member)
         ORDER BY r.pod_id`,
        [userId, playbookId],
      );
      return rows;
    },
    async runsOfPod(db, podId) {
      const { rows } = await db.query<PodPlaybookRow>(
        `SELECT ${RUN} FROM quests.pod_playbook WHERE pod_id = $1 ORDER BY playbook_id`,
        [podId],
      );
      return rows;
    },
    async update(tx, podId, playbookId, change) {
      const { rows } = await tx.query<PodPlaybookRow>(
        `UPDATE quests.pod_playbook SET open_week = $3, mode = $4, revision = revision + 1
         WHERE pod_id = $1 AND playbook_id = $2 RETURNING ${RUN}`,
        [podId, playbookId, change.openWeek, change.mode],
      );
      return rows[0]!;
    },
    async progressOf(db, playbookId, userIds) {
      const { rows } = await db.query<{ userId: string; version: number; stepIds: string[] | null }>(
        `SELECT p.user_id::text AS "userId", p.version,
                array_agg(s.step_id) FILTER (WHERE s.step_id IS NOT NULL) AS "stepIds"
         FROM quests.playbook_progress p
         LEFT JOIN quests.playbook_step s ON s.user_id = p.user_id AND s.playbook_id = p.playbook_id
         WHERE p.playbook_id = $1 AND p.user_id = ANY($2::uuid[])
         GROUP BY p.user_id, p.version`,
        [playbookId, userIds],
      );
      return rows.map((r) => ({ userId: r.userId, version: r.version, stepIds: r.stepIds ?? [] }));
    },
    async startedBy(db, userId) {
      const { rows } = await db.query<PodPlaybookRow>(
        `SELECT ${RUN} FROM quests.pod_playbook WHERE started_by = $1 ORDER BY started_at`,
        [userId],
      );
      return rows;
    },
    async forget(tx, userId) {
      await tx.query('UPDATE quests.pod_playbook SET started_by = NULL WHERE started_by = $1', [userId]);
      await tx.query('DELETE FROM quests.pod_creator WHERE user_id = $1', [userId]);
    },
  };
}
