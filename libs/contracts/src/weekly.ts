import { Type, type Static } from 'typebox';
import { MultiLine, Text } from './text';
import { LevelProgressSchema } from './quests';
import { AvatarConfigSchema } from './identity';

/** Spec §2.1: the three categories of weekly challenges. */
export const ChallengeCategorySchema = Type.Union([
  Type.Literal('Exploration'),
  Type.Literal('Connection'),
  Type.Literal('Mindfulness'),
]);
export type ChallengeCategory = Static<typeof ChallengeCategorySchema>;

const Uuid = Type.String({ format: 'uuid' });
const Day = Type.String({ description: 'YYYY-MM-DD' });

/** The user's state on one weekly challenge (spec §3 "User challenge progress"). */
export const WeeklyProgressSchema = Type.Object({
  accepted: Type.Boolean(),
  acceptedAt: Type.Union([Type.String({ description: 'ISO 8601' }), Type.Null()]),
  completed: Type.Boolean(),
  completedAt: Type.Union([Type.String({ description: 'ISO 8601' }), Type.Null()]),
});
export type WeeklyProgress = Static<typeof WeeklyProgressSchema>;

/**
 * Spec §3 "Weekly challenge view": a week's assignment with its challenge's five pages. `challenge`
 * is the whole text; `challengePart1`/`challengePart2` are it split at "- Instead of" (pages 2 and 3).
 */
export const WeeklyChallengeSchema = Type.Object({
  id: Uuid,
  weekNumber: Type.Integer(),
  startDate: Day,
  endDate: Day,
  challengeId: Uuid,
  title: Type.String(),
  category: ChallengeCategorySchema,
  preview: Type.String(),
  why: Type.String(),
  insight: Type.String(),
  challenge: Type.String(),
  challengePart1: Type.String(),
  challengePart2: Type.String(),
  reflection: Type.String(),
  xp: Type.Integer({ minimum: 1 }),
  progress: WeeklyProgressSchema,
});
export type WeeklyChallenge = Static<typeof WeeklyChallengeSchema>;

/** The weekly streak as the player sees it now (spec §4.4). */
export const WeeklyStreakSchema = Type.Object({
  /** Consecutive weeks with a completion, not broken until the current week has ended. */
  currentStreak: Type.Integer({ minimum: 0, maximum: 100 }),
  /** The Sunday of the newest week with a completion, or null. */
  lastCompletedWeek: Type.Union([Day, Type.Null()]),
});
export type WeeklyStreak = Static<typeof WeeklyStreakSchema>;

/**
 * GET /api/quests/me/weekly: this week's challenges (those whose dates contain the user's local
 * today, newest week first, else the latest 3), with the user's progress, the streak and when the
 * user's week ends (Weekly Stats "Time Remaining").
 */
export const CurrentWeeklySchema = Type.Object({
  challenges: Type.Array(WeeklyChallengeSchema),
  /** The Sunday the user's current week started (their zone). */
  weekStart: Day,
  /** Next Sunday 00:00 in the user's zone (ISO 8601). */
  weekEndsAt: Type.String(),
  timeZone: Type.String(),
  streak: WeeklyStreakSchema,
});
export type CurrentWeekly = Static<typeof CurrentWeeklySchema>;

export const WeeklyParamsSchema = Type.Object({ id: Uuid });
export type WeeklyParams = Static<typeof WeeklyParamsSchema>;

/** Spec §5: no field is required; pods ticked for sharing are accepted (and unused until pods exist). */
export const CompleteWeeklyBodySchema = Type.Object(
  {
    /** The "What did you do?" note: stored as the reflection and the proof text. */
    note: Type.Optional(MultiLine(2000)),
    /** An uploaded photo the user owns (photo storage). */
    photoId: Type.Optional(Uuid),
    podIds: Type.Optional(Type.Array(Uuid, { maxItems: 20, uniqueItems: true })),
  },
  { additionalProperties: false },
);
export type CompleteWeeklyBody = Static<typeof CompleteWeeklyBodySchema>;

/** A completed weekly challenge with its proof (Recent Victories, the "Challenge Complete" modal). */
export const WeeklyVictorySchema = Type.Object({
  weeklyChallengeId: Uuid,
  weekNumber: Type.Integer(),
  startDate: Day,
  endDate: Day,
  challengeId: Uuid,
  title: Type.String(),
  category: ChallengeCategorySchema,
  xp: Type.Integer({ minimum: 1 }),
  completedAt: Type.String({ description: 'ISO 8601' }),
  reflection: Type.Union([Type.String(), Type.Null()]),
  proofText: Type.Union([Type.String(), Type.Null()]),
  proofPhotoId: Type.Union([Uuid, Type.Null()]),
  /** For the owner: a short-lived link to the proof photo (as a to-do's `proofPhotoUrl`). */
  proofPhotoUrl: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type WeeklyVictory = Static<typeof WeeklyVictorySchema>;

export const CompleteWeeklyResultSchema = Type.Object({
  /** False when it was completed before: nothing changed and no XP was added. */
  completedNow: Type.Boolean(),
  xpAwarded: Type.Integer({ minimum: 0 }),
  victory: WeeklyVictorySchema,
  progress: LevelProgressSchema,
  streak: WeeklyStreakSchema,
  /** True when this completion made the streak count this week (the week's first): the streak-extended moment. */
  streakExtended: Type.Boolean(),
  levelUp: Type.Union([Type.Object({ level: Type.Integer(), previousLevel: Type.Integer() }), Type.Null()]),
  /** Spec §8: "Challenge completed! +120 XP". */
  message: Type.String(),
});
export type CompleteWeeklyResult = Static<typeof CompleteWeeklyResultSchema>;

/** GET /api/quests/me/weekly/{id}: one weekly challenge (any week) and, once completed, its victory with proof. */
export const WeeklyDetailSchema = Type.Object({
  weekly: WeeklyChallengeSchema,
  victory: Type.Union([WeeklyVictorySchema, Type.Null()]),
});
export type WeeklyDetail = Static<typeof WeeklyDetailSchema>;

export const AcceptWeeklyResultSchema = Type.Object({ weeklyChallengeId: Uuid, progress: WeeklyProgressSchema });
export type AcceptWeeklyResult = Static<typeof AcceptWeeklyResultSchema>;

export const VictoriesQuerySchema = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 8 })) },
  { additionalProperties: false },
);
export type VictoriesQuery = Static<typeof VictoriesQuerySchema>;

/** Newest first. */
export const VictoriesSchema = Type.Object({ victories: Type.Array(WeeklyVictorySchema) });
export type Victories = Static<typeof VictoriesSchema>;

/** GET /api/quests/me/progress: the level progress plus the weekly streak (added in issue 9). */
export const PlayerProgressSchema = Type.Object({
  ...LevelProgressSchema.properties,
  weeklyStreak: Type.Integer({ minimum: 0, maximum: 100 }),
});
export type PlayerProgress = Static<typeof PlayerProgressSchema>;

// --- Management (admin role) ---

/** Not blank; the title is one line, the pages may span lines. */
const Line = (maxLength: number) => Text({ maxLength, minLength: 1, notBlank: true });
const Page = (maxLength: number) => Text({ maxLength, minLength: 1, notBlank: true, multiline: true });

const challengeFields = {
  title: Line(120),
  category: ChallengeCategorySchema,
  preview: Page(1000),
  why: Page(2000),
  insight: Page(2000),
  challenge: Page(4000),
  reflection: Page(2000),
};

export const CreateChallengeBodySchema = Type.Object(challengeFields, { additionalProperties: false });
export type CreateChallengeBody = Static<typeof CreateChallengeBodySchema>;

export const UpdateChallengeBodySchema = Type.Object(
  {
    title: Type.Optional(challengeFields.title),
    category: Type.Optional(challengeFields.category),
    preview: Type.Optional(challengeFields.preview),
    why: Type.Optional(challengeFields.why),
    insight: Type.Optional(challengeFields.insight),
    challenge: Type.Optional(challengeFields.challenge),
    reflection: Type.Optional(challengeFields.reflection),
    isActive: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateChallengeBody = Static<typeof UpdateChallengeBodySchema>;

export const ChallengeSchema = Type.Object({
  id: Uuid,
  sequence: Type.Integer(),
  title: Type.String(),
  category: ChallengeCategorySchema,
  preview: Type.String(),
  why: Type.String(),
  insight: Type.String(),
  challenge: Type.String(),
  reflection: Type.String(),
  isActive: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Challenge = Static<typeof ChallengeSchema>;

export const ChallengeListQuerySchema = Type.Object(
  { includeInactive: Type.Optional(Type.Boolean({ default: false })) },
  { additionalProperties: false },
);
export type ChallengeListQuery = Static<typeof ChallengeListQuerySchema>;

export const ChallengeListSchema = Type.Object({ challenges: Type.Array(ChallengeSchema) });
export type ChallengeList = Static<typeof ChallengeListSchema>;

export const ChallengeParamsSchema = Type.Object({ id: Uuid });
export type ChallengeParams = Static<typeof ChallengeParamsSchema>;

/** Week numbers count Sundays from 1970-01-04 (week 0); 1 to 9999 covers 1970 to 2161. */
const WeekNumber = Type.Integer({ minimum: 1, maximum: 9999 });

export const WeekParamsSchema = Type.Object({ weekNumber: WeekNumber });
export type WeekParams = Static<typeof WeekParamsSchema>;

export const AssignWeekBodySchema = Type.Object({ challengeId: Uuid }, { additionalProperties: false });
export type AssignWeekBody = Static<typeof AssignWeekBodySchema>;

export const RotateBodySchema = Type.Object({ targetWeekNumber: WeekNumber }, { additionalProperties: false });
export type RotateBody = Static<typeof RotateBodySchema>;

/** A week's assignment as management sees it. */
export const WeekAssignmentSchema = Type.Object({
  id: Uuid,
  weekNumber: Type.Integer(),
  startDate: Day,
  endDate: Day,
  challengeId: Uuid,
  title: Type.String(),
});
export type WeekAssignment = Static<typeof WeekAssignmentSchema>;

/** One friend on "Friends doing this" (names and avatars from quests' profile read model). */
export const WeeklyFriendSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  username: Type.Union([Type.String(), Type.Null()]),
  photoUrl: Type.Union([Type.String(), Type.Null()]),
  avatarConfig: Type.Union([AvatarConfigSchema, Type.Null()]),
});
export type WeeklyFriend = Static<typeof WeeklyFriendSchema>;

/** GET /api/quests/me/weekly/{id}/friends: up to 12 friends who accepted it, and how many did. */
export const WeeklyFriendsSchema = Type.Object({
  friends: Type.Array(WeeklyFriendSchema),
  total: Type.Integer({ minimum: 0 }),
});
export type WeeklyFriends = Static<typeof WeeklyFriendsSchema>;
