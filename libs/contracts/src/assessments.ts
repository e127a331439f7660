// Assessments (issue 24, decision 0049): the list, one assessment, answers saved as the player goes,
// server-side scoring, results, the dashboard over time and the friends' view. The content lives in
// quests (services/quests/content/assessments); the ids, dimension keys and bands in @vere/domain.
import { LIKERT, MAX_RATING_INVITES, type AssessmentId } from '@vere/domain';
import { Type, type Static } from 'typebox';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const Iso = Type.String({ format: 'date-time' });
const Uuid = Type.String({ format: 'uuid' });
const ItemId = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,31}$', maxLength: 32 });

/** The shared assessment ids (@vere/domain's ASSESSMENT_DIMENSIONS; the check below keeps them equal). */
export const AssessmentIdSchema = Type.Union([
  Type.Literal('big-five'),
  Type.Literal('comfort-zone'),
  Type.Literal('social-energy'),
  Type.Literal('routine-and-habits'),
  Type.Literal('resilience'),
]);
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const idsMatch: Same<Static<typeof AssessmentIdSchema>, AssessmentId> = true;
void idsMatch;

export const AssessmentParamsSchema = Type.Object(
  { id: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}$', maxLength: 64 }) },
  { additionalProperties: false },
);
export type AssessmentParams = Static<typeof AssessmentParamsSchema>;
export const AssessmentResultParamsSchema = Type.Object({ resultId: Uuid }, { additionalProperties: false });
export type AssessmentResultParams = Static<typeof AssessmentResultParamsSchema>;
export const RatingRequestParamsSchema = Type.Object({ requestId: Uuid }, { additionalProperties: false });
export type RatingRequestParams = Static<typeof RatingRequestParamsSchema>;

/** Item id → answer on the 5-point scale (1 very inaccurate … 5 very accurate). */
const Answers = Type.Record(ItemId, Type.Integer({ minimum: LIKERT.min, maximum: LIKERT.max }), {
  additionalProperties: false,
  maxProperties: 100,
});

/** PUT …/answers: the answers given so far (merged into the saved ones; the player can resume). */
export const SaveAssessmentAnswersBodySchema = Type.Object({ answers: Answers }, { additionalProperties: false });
export type SaveAssessmentAnswersBody = Static<typeof SaveAssessmentAnswersBodySchema>;

/** POST …/submit: optionally the last answers; every item must then have one. */
export const SubmitAssessmentBodySchema = Type.Object(
  { answers: Type.Optional(Answers) },
  { additionalProperties: false },
);
export type SubmitAssessmentBody = Static<typeof SubmitAssessmentBodySchema>;

/** POST /api/quests/rating-requests/:requestId: a friend's answers about the player (every item). */
export const SubmitRatingBodySchema = Type.Object({ answers: Answers }, { additionalProperties: false });
export type SubmitRatingBody = Static<typeof SubmitRatingBodySchema>;

/** POST …/rating-invites: friends asked to rate the caller. */
export const InviteRatersBodySchema = Type.Object(
  { friendIds: Type.Array(Uuid, { minItems: 1, maxItems: MAX_RATING_INVITES, uniqueItems: true }) },
  { additionalProperties: false },
);
export type InviteRatersBody = Static<typeof InviteRatersBodySchema>;

export const AssessmentStateSchema = Type.Union([
  Type.Literal('new'),
  Type.Literal('in_progress'),
  Type.Literal('completed'),
]);

/** One row of the list: what it is, how long, whether the caller may open it, where they are. */
const summaryProperties = {
  id: AssessmentIdSchema,
  version: Type.Integer(),
  title: Type.String(),
  summary: Type.String(),
  minutes: Type.Integer(),
  itemCount: Type.Integer(),
  /** Pro-only (lives under /pro/assessments). */
  pro: Type.Boolean(),
  /** `pro`: the caller needs Pro to open it. */
  access: Type.Union([Type.Literal('open'), Type.Literal('pro')]),
  /** `in_progress`: answers saved, not submitted; `completed`: at least one finished take (and no open one). */
  state: AssessmentStateSchema,
  answered: Type.Integer(),
  lastCompletedAt: Nullable(Iso),
  /** Friends can rate the caller on this one. */
  rateable: Type.Boolean(),
};
export const AssessmentSummarySchema = Type.Object(summaryProperties);
export type AssessmentSummary = Static<typeof AssessmentSummarySchema>;

export const AssessmentListSchema = Type.Object({
  isPro: Type.Boolean(),
  assessments: Type.Array(AssessmentSummarySchema),
});
export type AssessmentList = Static<typeof AssessmentListSchema>;

export const AssessmentDimensionInfoSchema = Type.Object({
  key: Type.String(),
  name: Type.String(),
  description: Type.String(),
});

/** GET /api/quests/assessments/:id: the intro, the items in order and the caller's saved answers. */
export const AssessmentDetailSchema = Type.Object({
  ...summaryProperties,
  description: Type.String(),
  source: Type.String(),
  dimensions: Type.Array(AssessmentDimensionInfoSchema),
  items: Type.Array(Type.Object({ id: Type.String(), text: Type.String() })),
  /** The caller's saved answers (their own only). */
  answers: Type.Record(Type.String(), Type.Integer()),
  latestResultId: Nullable(Uuid),
});
export type AssessmentDetail = Static<typeof AssessmentDetailSchema>;

export const SavedAnswersSchema = Type.Object({ answered: Type.Integer(), total: Type.Integer() });
export type SavedAnswers = Static<typeof SavedAnswersSchema>;

export const ScoreBandSchema = Type.Union([Type.Literal('low'), Type.Literal('middle'), Type.Literal('high')]);

export const DimensionResultSchema = Type.Object({
  key: Type.String(),
  name: Type.String(),
  description: Type.String(),
  /** 0–100. */
  score: Type.Integer(),
  band: ScoreBandSchema,
  /** The plain-language reading of the band. */
  reading: Type.String(),
  /** The score minus the previous take's, or null on a first take. */
  change: Nullable(Type.Integer()),
});
export type DimensionResult = Static<typeof DimensionResultSchema>;

/** One finished take, scored on the server. */
export const AssessmentResultSchema = Type.Object({
  id: Uuid,
  assessmentId: AssessmentIdSchema,
  title: Type.String(),
  assessmentVersion: Type.Integer(),
  scoringVersion: Type.Integer(),
  completedAt: Iso,
  dimensions: Type.Array(DimensionResultSchema),
});
export type AssessmentResult = Static<typeof AssessmentResultSchema>;

/**
 * How friends see the caller: averages over every friend's rating, only from FRIEND_RATINGS_FLOOR
 * ratings up; below that `ready: false` and nothing else (not even how many rated). No rater is named.
 */
export const FriendsViewSchema = Type.Union([
  Type.Object({ ready: Type.Literal(false) }),
  Type.Object({
    ready: Type.Literal(true),
    ratings: Type.Integer(),
    dimensions: Type.Array(
      Type.Object({ key: Type.String(), name: Type.String(), self: Nullable(Type.Integer()), friends: Type.Integer() }),
    ),
  }),
]);
export type FriendsView = Static<typeof FriendsViewSchema>;

/** GET /api/quests/assessments/dashboard: every assessment taken, its takes over time, latest with change. */
export const AssessmentDashboardSchema = Type.Object({
  assessments: Type.Array(
    Type.Object({
      id: AssessmentIdSchema,
      title: Type.String(),
      pro: Type.Boolean(),
      rateable: Type.Boolean(),
      takes: Type.Array(
        Type.Object({ resultId: Uuid, completedAt: Iso, scores: Type.Record(Type.String(), Type.Integer()) }),
      ),
      latest: AssessmentResultSchema,
      /** Present for a rateable assessment. */
      friends: Type.Optional(FriendsViewSchema),
    }),
  ),
});
export type AssessmentDashboard = Static<typeof AssessmentDashboardSchema>;

/** GET …/raters: the caller's friends, and whether each was already asked. */
export const RaterCandidatesSchema = Type.Object({
  friends: Type.Array(
    Type.Object({ id: Uuid, name: Type.String(), username: Nullable(Type.String()), invited: Type.Boolean() }),
  ),
});
export type RaterCandidates = Static<typeof RaterCandidatesSchema>;

export const InvitedRatersSchema = Type.Object({ invited: Type.Integer() });
export type InvitedRaters = Static<typeof InvitedRatersSchema>;

/** A request to rate a friend, as the rater sees it. */
const ratingRequestProperties = {
  id: Uuid,
  assessmentId: AssessmentIdSchema,
  title: Type.String(),
  /** Who asked (the rater knows; the player never learns who answered). */
  friend: Type.Object({ name: Type.String(), username: Nullable(Type.String()) }),
  invitedAt: Iso,
  ratedAt: Nullable(Iso),
};
export const RatingRequestSchema = Type.Object(ratingRequestProperties);
export type RatingRequest = Static<typeof RatingRequestSchema>;

export const RatingRequestListSchema = Type.Object({ requests: Type.Array(RatingRequestSchema) });
export type RatingRequestList = Static<typeof RatingRequestListSchema>;

/** One request with the items, phrased about the friend. */
export const RatingRequestDetailSchema = Type.Object({
  ...ratingRequestProperties,
  items: Type.Array(Type.Object({ id: Type.String(), text: Type.String() })),
});
export type RatingRequestDetail = Static<typeof RatingRequestDetailSchema>;
