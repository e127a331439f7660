import type { PodStreak } from '@vere/domain';
import type { Queryable } from '@vere/service-kit';

/** The pod row as the streak rules read it, locked. */
export interface PodStreakRow extends PodStreak {
  id: string;
  createdBy: string;
  /** The creator's zone as pods knows it (null until identity's profile event arrives). */
  creatorZone: string | null;
}

export interface MemberSince {
  userId: string;
  joinedAt: Date;
}

export interface Completion {
  userId: string;
  weeklyChallengeId: string;
  completedAt: Date;
}

/**
 * Data access for the pod streak and its input, quests' weekly completions: no rules here (they are
 * `@vere/domain`'s pod-streak; the use cases are use-cases/pod-streak.ts). Every method takes the
 * unit of work's `tx`.
 */
export interface PodStreakRepository {
  /** Keeps a weekly completion (the streak's input); a repeated one is ignored. */
  recordCompletion(tx: Queryable, c: Completion): Promise<void>;
  /** The pod's streak under its row lock (until the transaction ends), with its creator's zone. */
  lockPod(tx: Queryable, podId: string): Promise<PodStreakRow | undefined>;
  /** The pod's members and when each joined. */
  membersOf(tx: Queryable, podId: string): Promise<MemberSince[]>;
  /** Which of `userIds` completed the weekly challenge. */
  completersOf(tx: Queryable, weeklyChallengeId: string, userIds: string[]): Promise<string[]>;
  /** Completions of `userIds` around `week` (from 2 days before its Sunday to 9 after: wider than any zone's week). */
  completionsAround(tx: Queryable, userIds: string[], week: string): Promise<Completion[]>;
  /** Stores the streak (streak, last week and challenge, saves). */
  store(tx: Queryable, podId: string, streak: PodStreak): Promise<void>;
  /** Pods with a streak running whose last counted week is before `week`. */
  runningSince(db: Queryable, week: string): Promise<string[]>;
}

export function createPodStreakRepository(): PodStreakRepository {
  return {
    async recordCompletion(tx, c) {
      await tx.query(
        'INSERT INTO pods.weekly_completion (user_id, weekly_challenge_id, completed_at) VALUES ($1::uuid, $2::uuid, $3) ON CONFLICT DO NOTHING',
        [c.userId, c.weeklyChallengeId, c.completedAt],
      );
    },

    async lockPod(tx, podId) {
      const { rows } = await tx.query<PodStreakRow>(
        `SELECT p.id::text, p.created_by::text AS "createdBy", p.current_streak AS "currentStreak",
                p.last_streak_challenge_id::text AS "lastChallengeId", p.last_streak_week::text AS "lastWeek",
                p.streak_saves AS saves, pr.time_zone AS "creatorZone"
           FROM pods.pod p LEFT JOIN pods.profile pr ON pr.user_id = p.created_by
          WHERE p.id = $1::uuid FOR UPDATE OF p`,
        [podId],
      );
      return rows[0];
    },

    async membersOf(tx, podId) {
      const { rows } = await tx.query<MemberSince>(
        'SELECT user_id::text AS "userId", joined_at AS "joinedAt" FROM pods.pod_member WHERE pod_id = $1::uuid',
        [podId],
      );
      return rows;
    },

    async completersOf(tx, weeklyChallengeId, userIds) {
      const { rows } = await tx.query<{ userId: string }>(
        'SELECT user_id::text AS "userId" FROM pods.weekly_completion WHERE weekly_challenge_id = $1::uuid AND user_id = ANY($2::uuid[])',
        [weeklyChallengeId, userIds],
      );
      return rows.map((r) => r.userId);
    },

    async completionsAround(tx, userIds, week) {
      const { rows } = await tx.query<Completion>(
        `SELECT user_id::text AS "userId", weekly_challenge_id::text AS "weeklyChallengeId", completed_at AS "completedAt"
           FROM pods.weekly_completion
          WHERE user_id = ANY($1::uuid[]) AND completed_at >= $2::date - interval '2 days' AND completed_at < $2::date + interval '9 days'`,
        [userIds, week],
      );
      return rows;
    },

    async store(tx, podId, streak) {
      await tx.query(
        `UPDATE pods.pod SET current_streak = $2, last_streak_week = $3::date, last_streak_challenge_id = $4::uuid, streak_saves = $5,
                updated_at = now()
          WHERE id = $1::uuid`,
        [podId, streak.currentStreak, streak.lastWeek, streak.lastChallengeId, streak.saves],
      );
    },

    async runningSince(db, week) {
      const { rows } = await db.query<{ id: string }>(
        'SELECT id::text FROM pods.pod WHERE current_streak > 0 AND last_streak_week < $1::date ORDER BY id',
        [week],
      );
      return rows.map((r) => r.id);
    },
  };
}
