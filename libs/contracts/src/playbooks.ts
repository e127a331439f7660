// Playbooks (issue 23, decision 0040): multi-week guides of insights, quizzes, mini-challenges and
// reflections. The content lives in quests (services/quests/content/playbooks); these are the shapes
// the API answers with and the bodies it accepts.
import { Type, type Static } from 'typebox';
import { LevelProgressSchema } from './quests';
import { MultiLine } from './text';

/** A playbook or step id as content files spell it: lower-case words joined by hyphens. */
const Slug = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}$', maxLength: 64 });

export const PlaybookParamsSchema = Type.Object({ id: Slug }, { additionalProperties: false });
export type PlaybookParams = Static<typeof PlaybookParamsSchema>;
export const PlaybookStepParamsSchema = Type.Object({ id: Slug, stepId: Slug }, { additionalProperties: false });
export type PlaybookStepParams = Static<typeof PlaybookStepParamsSchema>;

export const PlaybookStepKindSchema = Type.Union([
  Type.Literal('insight'),
  Type.Literal('quiz'),
  Type.Literal('challenge'),
  Type.Literal('reflection'),
]);

/** The cover's picture: one of the app's icons (the remote maps the name to it). */
export const PlaybookIconSchema = Type.Union([
  Type.Literal('compass'),
  Type.Literal('sparkles'),
  Type.Literal('sun'),
  Type.Literal('zap'),
  Type.Literal('eye-off'),
  Type.Literal('message'),
  Type.Literal('star'),
  Type.Literal('calendar'),
  Type.Literal('book'),
  Type.Literal('flame'),
  Type.Literal('users'),
  Type.Literal('trophy'),
]);
export type PlaybookIcon = Static<typeof PlaybookIconSchema>;

export const PlaybookCoverSchema = Type.Object({
  icon: PlaybookIconSchema,
  /** A CSS colour for the cover's background. */
  color: Type.String(),
});

/**
 * A playbook's state for the caller: `locked` (below its level, not Pro, not started), `available`,
 * `in_progress`, `completed`. `access` says whether the caller may go on now: a playbook started with
 * Pro stays `in_progress` after Pro ends, with `access: 'locked'` (its finished steps stay readable).
 */
export const PlaybookSummarySchema = Type.Object({
  id: Type.String(),
  /** The version the caller's progress is pinned to, or the published one when not started. */
  version: Type.Integer({ minimum: 1 }),
  title: Type.String(),
  promise: Type.String(),
  cover: PlaybookCoverSchema,
  unlockLevel: Type.Integer({ minimum: 1 }),
  weeks: Type.Integer({ minimum: 1 }),
  totalSteps: Type.Integer({ minimum: 1 }),
  doneSteps: Type.Integer({ minimum: 0 }),
  /** 1-based week the caller is on (equals `weeks` once completed). */
  currentWeek: Type.Integer({ minimum: 1 }),
  state: Type.Union([
    Type.Literal('locked'),
    Type.Literal('available'),
    Type.Literal('in_progress'),
    Type.Literal('completed'),
  ]),
  access: Type.Union([Type.Literal('open'), Type.Literal('locked')]),
  xpEarned: Type.Integer({ minimum: 0 }),
});
export type PlaybookSummary = Static<typeof PlaybookSummarySchema>;

/** GET /api/quests/playbooks: every published playbook with the caller's state. */
export const PlaybookListSchema = Type.Object({
  level: Type.Integer({ minimum: 1 }),
  isPro: Type.Boolean(),
  playbooks: Type.Array(PlaybookSummarySchema),
});
export type PlaybookList = Static<typeof PlaybookListSchema>;

export const PlaybookStepSummarySchema = Type.Object({
  id: Type.String(),
  kind: PlaybookStepKindSchema,
  title: Type.String(),
  done: Type.Boolean(),
  /** XP the step gives at most. */
  xp: Type.Integer({ minimum: 0 }),
  /** XP it gave the caller (0 until done). */
  xpEarned: Type.Integer({ minimum: 0 }),
});

export const PlaybookWeekSchema = Type.Object({
  number: Type.Integer({ minimum: 1 }),
  title: Type.String(),
  /** Open when every step of the previous week is done (no calendar lock). */
  open: Type.Boolean(),
  done: Type.Boolean(),
  steps: Type.Array(PlaybookStepSummarySchema),
});

/** GET /api/quests/playbooks/{id}: the overview, its weeks and steps, and the caller's progress. */
export const PlaybookDetailSchema = Type.Object({
  ...PlaybookSummarySchema.properties,
  description: Type.String(),
  started: Type.Boolean(),
  completedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** The bonus for finishing every step. */
  completionXp: Type.Integer({ minimum: 0 }),
  /**
   * When a pod of the caller's runs this playbook (decision 0041): the highest week such a pod has
   * opened; later weeks stay closed (`open: false`) until the pod opens them.
   */
  podOpenWeek: Type.Optional(Type.Integer({ minimum: 1 })),
  weekList: Type.Array(PlaybookWeekSchema),
});
export type PlaybookDetail = Static<typeof PlaybookDetailSchema>;

export const QuizQuestionSchema = Type.Object({
  prompt: Type.String(),
  choices: Type.Array(Type.String()),
});

/** One answered question, after the server scored it: the answer and why. */
export const QuizResultSchema = Type.Object({
  chosen: Type.Integer({ minimum: 0 }),
  answer: Type.Integer({ minimum: 0 }),
  correct: Type.Boolean(),
  explanation: Type.String(),
});

/**
 * GET /api/quests/playbooks/{id}/steps/{stepId}: one step's screen. Quiz answers and explanations
 * come only once the caller has answered; a reflection's text and a challenge's proof only to their
 * author.
 */
export const PlaybookStepSchema = Type.Object({
  playbookId: Type.String(),
  version: Type.Integer({ minimum: 1 }),
  id: Type.String(),
  kind: PlaybookStepKindSchema,
  week: Type.Integer({ minimum: 1 }),
  title: Type.String(),
  xp: Type.Integer({ minimum: 0 }),
  done: Type.Boolean(),
  xpEarned: Type.Integer({ minimum: 0 }),
  /** insight: the read; challenge: what to do; reflection: the question to think about. */
  body: Type.String(),
  takeaway: Type.Optional(Type.String()),
  proofType: Type.Optional(Type.Union([Type.Literal('text'), Type.Literal('photo'), Type.Literal('both')])),
  questions: Type.Optional(Type.Array(QuizQuestionSchema)),
  results: Type.Optional(Type.Array(QuizResultSchema)),
  reflection: Type.Optional(Type.String()),
  proofText: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  proofPhotoUrl: Type.Optional(Type.String()),
  /** The step after this one in the playbook, when there is one. */
  nextStepId: Type.Union([Type.String(), Type.Null()]),
});
export type PlaybookStep = Static<typeof PlaybookStepSchema>;

/** POST …/steps/{stepId}/complete: what the step asks for (answers for a quiz, text for a reflection, proof for a challenge). */
export const CompletePlaybookStepBodySchema = Type.Object(
  {
    /** Quiz: the index of the chosen answer, one per question, in order. */
    answers: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 9 }), { maxItems: 10 })),
    /** Reflection: the private text. */
    reflection: Type.Optional(MultiLine(4000)),
    /** Challenge: the proof, by the to-dos' rules (spec §5). */
    proofType: Type.Optional(Type.Union([Type.Literal('text'), Type.Literal('photo'), Type.Literal('both')])),
    proofText: Type.Optional(MultiLine(2000)),
    photoId: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
);
export type CompletePlaybookStepBody = Static<typeof CompletePlaybookStepBodySchema>;

export const CompletePlaybookStepResultSchema = Type.Object({
  step: PlaybookStepSchema,
  xpAwarded: Type.Integer({ minimum: 0 }),
  /** The completion bonus, when this step finished the playbook. */
  completionXp: Type.Integer({ minimum: 0 }),
  progress: LevelProgressSchema,
  levelUp: Type.Union([Type.Object({ level: Type.Integer(), previousLevel: Type.Integer() }), Type.Null()]),
  weekCompleted: Type.Boolean(),
  playbookCompleted: Type.Boolean(),
});
export type CompletePlaybookStepResult = Static<typeof CompletePlaybookStepResultSchema>;
