import type { PgTx, Queryable } from '@vere/service-kit';

export type Answers = Record<string, number>;

export interface AssessmentDraftRow {
  assessmentId: string;
  version: number;
  answers: Answers;
  updatedAt: Date;
}

export interface AssessmentResultRow {
  id: string;
  assessmentId: string;
  assessmentVersion: number;
  scoringVersion: number;
  answers: Answers;
  scores: Record<string, number>;
  completedAt: Date;
}

export interface RatingRow {
  id: string;
  assessmentId: string;
  assessmentVersion: number;
  invitedAt: Date;
  ratedAt: Date | null;
  /** The player who asked. */
  rateeId: string;
  rateeName: string;
  rateeUsername: string | null;
}

export interface FriendRow {
  id: string;
  name: string;
  username: string | null;
}

/** Assessment drafts, results and friends' ratings (issue 24): data access only. */
export interface AssessmentsRepository {
  drafts(db: Queryable, userId: string): Promise<AssessmentDraftRow[]>;
  /** The draft, locked until the transaction ends. */
  lockDraft(tx: PgTx, userId: string, assessmentId: string): Promise<AssessmentDraftRow | undefined>;
  /** Adds `answers` to the draft (a later answer to an item replaces the earlier); creates it on `version`. */
  mergeDraft(
    tx: PgTx,
    userId: string,
    assessmentId: string,
    version: number,
    answers: Answers,
    at: Date,
  ): Promise<Answers>;
  deleteDraft(tx: PgTx, userId: string, assessmentId: string): Promise<void>;
  /** Every take of the user, oldest first. */
  results(db: Queryable, userId: string): Promise<AssessmentResultRow[]>;
  addResult(tx: PgTx, userId: string, row: AssessmentResultRow): Promise<void>;
  /** The caller's friends (accepted, both ways) with whether they were already asked to rate `assessmentId`. */
  friendsToAsk(db: Queryable, userId: string, assessmentId: string): Promise<(FriendRow & { invited: boolean })[]>;
  /** Which of `ids` are the user's friends now. */
  friendsAmong(db: Queryable, userId: string, ids: string[]): Promise<Set<string>>;
  /** Asks each rater once; an existing request stays as it is. Resolves how many were new. */
  invite(
    tx: PgTx,
    rows: { id: string; rateeId: string; raterId: string; assessmentId: string; version: number; at: Date }[],
  ): Promise<number>;
  /** Requests addressed to the rater, newest first. */
  requestsFor(db: Queryable, raterId: string): Promise<RatingRow[]>;
  /** One request, only if it is addressed to `raterId`. */
  requestOf(db: Queryable, raterId: string, requestId: string): Promise<RatingRow | undefined>;
  /** Records the rating unless it was given already; true when recorded. */
  rate(
    tx: PgTx,
    raterId: string,
    requestId: string,
    answers: Answers,
    scores: Record<string, number>,
    at: Date,
  ): Promise<boolean>;
  /** Scores of every answered rating of the ratee on one assessment; no rater id comes out. */
  receivedScores(db: Queryable, rateeId: string, assessmentId: string): Promise<Record<string, number>[]>;
  /** The ratings the user gave (for "Your data"). */
  given(
    db: Queryable,
    raterId: string,
  ): Promise<
    { assessmentId: string; friendId: string; invitedAt: Date; ratedAt: Date | null; answers: Answers | null }[]
  >;
  /** Everything of the user: drafts, takes, and ratings they asked for or gave. */
  erase(tx: PgTx, userId: string): Promise<void>;
}

export function createAssessmentsRepository(): AssessmentsRepository {
  const draftCols = `assessment_id AS "assessmentId", assessment_version AS version, answers, updated_at AS "updatedAt"`;
  const ratingCols = `r.id, r.assessment_id AS "assessmentId", r.assessment_version AS "assessmentVersion",
    r.invited_at AS "invitedAt", r.rated_at AS "ratedAt", r.ratee_id AS "rateeId",
    coalesce(p.name, 'A friend') AS "rateeName", p.username AS "rateeUsername"`;
  return {
    async drafts(db, userId) {
      const { rows } = await db.query<AssessmentDraftRow>(
        `SELECT ${draftCols} FROM quests.assessment_draft WHERE user_id = $1`,
        [userId],
      );
      return rows;
    },
    async lockDraft(tx, userId, assessmentId) {
      const { rows } = await tx.query<AssessmentDraftRow>(
        `SELECT ${draftCols} FROM quests.assessment_draft WHERE user_id = $1 AND assessment_id = $2 FOR UPDATE`,
        [userId, assessmentId],
      );
      return rows[0];
    },
    async mergeDraft(tx, userId, assessmentId, version, answers, at) {
      const { rows } = await tx.query<{ answers: Answers }>(
        `INSERT INTO quests.assessment_draft (user_id, assessment_id, assessment_version, answers, updated_at)
         VALUES ($1, $2, $3, $4::jsonb, $5)
         ON CONFLICT (user_id, assessment_id) DO UPDATE
           SET answers = quests.assessment_draft.answers || EXCLUDED.answers, updated_at = EXCLUDED.updated_at
         RETURNING answers`,
        [userId, assessmentId, version, JSON.stringify(answers), at],
      );
      return rows[0]!.answers;
    },
    async deleteDraft(tx, userId, assessmentId) {
      await tx.query('DELETE FROM quests.assessment_draft WHERE user_id = $1 AND assessment_id = $2', [
        userId,
        assessmentId,
      ]);
    },
    async results(db, userId) {
      const { rows } = await db.query<AssessmentResultRow>(
        `SELECT id, assessment_id AS "assessmentId", assessment_version AS "assessmentVersion",
                scoring_version AS "scoringVersion", answers, scores, completed_at AS "completedAt"
           FROM quests.assessment_result WHERE user_id = $1 ORDER BY completed_at, id`,
        [userId],
      );
      return rows;
    },
    async addResult(tx, userId, r) {
      await tx.query(
        `INSERT INTO quests.assessment_result
           (id, user_id, assessment_id, assessment_version, scoring_version, answers, scores, completed_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`,
        [
          r.id,
          userId,
          r.assessmentId,
          r.assessmentVersion,
          r.scoringVersion,
          JSON.stringify(r.answers),
          JSON.stringify(r.scores),
          r.completedAt,
        ],
      );
    },
    async friendsToAsk(db, userId, assessmentId) {
      const { rows } = await db.query<FriendRow & { invited: boolean }>(
        `SELECT p.user_id AS id, p.name, p.username,
                EXISTS (SELECT 1 FROM quests.assessment_rating r
                         WHERE r.ratee_id = $1 AND r.rater_id = p.user_id AND r.assessment_id = $2) AS invited
           FROM quests.friend_link f JOIN quests.player p ON p.user_id = f.friend_id
          WHERE f.user_id = $1 AND f.friends
          ORDER BY lower(p.name), p.user_id`,
        [userId, assessmentId],
      );
      return rows;
    },
    async friendsAmong(db, userId, ids) {
      const { rows } = await db.query<{ id: string }>(
        `SELECT friend_id AS id FROM quests.friend_link WHERE user_id = $1 AND friends AND friend_id = ANY($2::uuid[])`,
        [userId, ids],
      );
      return new Set(rows.map((r) => r.id));
    },
    async invite(tx, rows) {
      let added = 0;
      for (const r of rows) {
        const { rowCount } = await tx.query(
          `INSERT INTO quests.assessment_rating (id, ratee_id, rater_id, assessment_id, assessment_version, invited_at)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (ratee_id, rater_id, assessment_id) DO NOTHING`,
          [r.id, r.rateeId, r.raterId, r.assessmentId, r.version, r.at],
        );
        added += rowCount ?? 0;
      }
      return added;
    },
    async requestsFor(db, raterId) {
      const { rows } = await db.query<RatingRow>(
        `SELECT ${ratingCols} FROM quests.assessment_rating r LEFT JOIN quests.player p ON p.user_id = r.ratee_id
          WHERE r.rater_id = $1 ORDER BY r.invited_at DESC, r.id`,
        [raterId],
      );
      return rows;
    },
    async requestOf(db, raterId, requestId) {
      const { rows } = await db.query<RatingRow>(
        `SELECT ${ratingCols} FROM quests.assessment_rating r LEFT JOIN quests.player p ON p.user_id = r.ratee_id
          WHERE r.id = $1 AND r.rater_id = $2`,
        [requestId, raterId],
      );
      return rows[0];
    },
    async rate(tx, raterId, requestId, answers, scores, at) {
      const { rowCount } = await tx.query(
        `UPDATE quests.assessment_rating SET answers = $3::jsonb, scores = $4::jsonb, rated_at = $5
          WHERE id = $1 AND rater_id = $2 AND rated_at IS NULL`,
        [requestId, raterId, JSON.stringify(answers), JSON.stringify(scores), at],
      );
      return rowCount === 1;
    },
    async receivedScores(db, rateeId, assessmentId) {
      const { rows } = await db.query<{ scores: Record<string, number> }>(
        `SELECT scores FROM quests.assessment_rating
          WHERE ratee_id = $1 AND assessment_id = $2 AND rated_at IS NOT NULL ORDER BY rated_at, id`,
        [rateeId, assessmentId],
      );
      return rows.map((r) => r.scores);
    },
    async given(db, raterId) {
      const { rows } = await db.query<{
        assessmentId: string;
        friendId: string;
        invitedAt: Date;
        ratedAt: Date | null;
        answers: Answers | null;
      }>(
        `SELECT assessment_id AS "assessmentId", ratee_id AS "friendId", invited_at AS "invitedAt",
                rated_at AS "ratedAt", answers
           FROM quests.assessment_rating WHERE rater_id = $1 ORDER BY invited_at, id`,
        [raterId],
      );
      return rows;
    },
    async erase(tx, userId) {
      await tx.query('DELETE FROM quests.assessment_draft WHERE user_id = $1', [userId]);
      await tx.query('DELETE FROM quests.assessment_result WHERE user_id = $1', [userId]);
      await tx.query('DELETE FROM quests.assessment_rating WHERE ratee_id = $1 OR rater_id = $1', [userId]);
    },
  };
}
