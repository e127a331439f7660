import { Type, type Static } from 'typebox';
import { MultiLine, SingleLine } from './text';
import {
  LEADERBOARD_DEFAULT_LIMIT,
  LEADERBOARD_MAX_LIMIT,
  type LeaderboardPeriod,
  type LeaderboardScope,
} from '@vere/domain';
import { AvatarConfigSchema } from './identity';

export const LevelProgressSchema = Type.Object({
  currentLevel: Type.Integer({ minimum: 1 }),
  currentLevelXP: Type.Integer({ minimum: 0, description: 'Total XP at which the current level started' }),
  nextLevelXP: Type.Integer({ minimum: 0, description: 'Total XP at which the next level starts' }),
  xpProgress: Type.Integer({ minimum: 0, maximum: 100, description: 'Percent of the current level done' }),
  xpToNext: Type.Integer({ minimum: 0 }),
  totalXP: Type.Integer({ minimum: 0 }),
});
export type LevelProgressBody = Static<typeof LevelProgressSchema>;

export const SidequestTypeSchema = Type.Union([Type.Literal('daily'), Type.Literal('weekend')]);
export type SidequestType = Static<typeof SidequestTypeSchema>;

/** The kind of a sidequest: libs/domain SIDEQUEST_CATEGORIES (contracts.test.ts keeps the two equal). */
export const SidequestCategorySchema = Type.Union([
  Type.Literal('social'),
  Type.Literal('body'),
  Type.Literal('mind'),
  Type.Literal('creativity'),
  Type.Literal('home'),
  Type.Literal('nature'),
  Type.Literal('courage'),
]);
export type SidequestCategory = Static<typeof SidequestCategorySchema>;

/** A card of the swipe deck (spec §3 "Sidequest" with the colours the cards carry). */
export const SidequestSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  type: SidequestTypeSchema,
  category: SidequestCategorySchema,
  title: Type.String(),
  description: Type.String(),
  /** As shown on the card, e.g. "5-15 min". */
  duration: Type.String(),
  xp: Type.Integer({ minimum: 1 }),
  bgColor: Type.String(),
  bgColor2: Type.String(),
  bgColor3: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ description: 'ISO 8601' }),
  /** What the card is about (libs/domain TAGS); the deck favours some after an assessment. */
  tags: Type.Optional(Type.Array(Type.String())),
  /** The pack the card belongs to, when it is a pack's dare. */
  pack: Type.Optional(Type.Object({ id: Type.String(), title: Type.String() })),
});
export type Sidequest = Static<typeof SidequestSchema>;

export const SidequestListQuerySchema = Type.Object(
  { type: Type.Optional(SidequestTypeSchema) },
  { additionalProperties: false },
);
export type SidequestListQuery = Static<typeof SidequestListQuerySchema>;

/** Newest first. */
export const SidequestListSchema = Type.Object({ sidequests: Type.Array(SidequestSchema) });
export type SidequestList = Static<typeof SidequestListSchema>;

/** GET /api/quests/me/deck: which deck to deal. */
export const DeckQuerySchema = Type.Object({ type: SidequestTypeSchema }, { additionalProperties: false });
export type DeckQuery = Static<typeof DeckQuerySchema>;

/**
 * The user's deck (decision 0036): cards not accepted or skipped on their local today, those unseen
 * for 30 days first (in an order of the user's own for the day), then the least recently seen.
 */
export const DeckSchema = Type.Object({
  date: Type.String({ description: "The user's local date the deck was dealt for (YYYY-MM-DD)" }),
  sidequests: Type.Array(SidequestSchema),
  /**
   * Why the order favours some cards: the player's strongest assessment result ("because you
   * scored low on social energy"); null when nothing shapes it (no result, or turned off).
   */
  shapedBy: Type.Optional(
    Type.Union([
      Type.Object({
        dimension: Type.String(),
        band: Type.Union([Type.Literal('low'), Type.Literal('high')]),
        text: Type.String(),
      }),
      Type.Null(),
    ]),
  ),
});
export type Deck = Static<typeof DeckSchema>;

/** Spec §3 "User limits", plus what the deck needs to refresh at local midnight. */
export const LimitsSchema = Type.Object({
  dailySwipes: Type.Integer({ minimum: 0 }),
  maxSwipes: Type.Integer({ minimum: 0 }),
  dailySkips: Type.Integer({ minimum: 0 }),
  maxSkips: Type.Integer({ minimum: 0 }),
  weekendSwipes: Type.Integer({ minimum: 0 }),
  maxWeekendSwipes: Type.Integer({ minimum: 0 }),
  weekendSkips: Type.Integer({ minimum: 0 }),
  maxWeekendSkips: Type.Integer({ minimum: 0 }),
  bonusSwipes: Type.Integer({ minimum: 0 }),
  isPro: Type.Boolean(),
  level: Type.Integer({ minimum: 1 }),
  timeZone: Type.String(),
  /** The user's local calendar date the counts are for (YYYY-MM-DD). */
  date: Type.String(),
  /** When the counters reset: the next local midnight (ISO 8601). */
  resetsAt: Type.String(),
  weekendOpen: Type.Boolean(),
  /** The next Friday 17:00 local, or the current window's start while it is open (ISO 8601). */
  weekendOpensAt: Type.String(),
  /** The end of the current or next weekend window: Monday 00:00 local (ISO 8601). */
  weekendEndsAt: Type.String(),
});
export type Limits = Static<typeof LimitsSchema>;

export const SwipeBodySchema = Type.Object(
  { sidequestId: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);
export type SwipeBody = Static<typeof SwipeBodySchema>;

export const TodoStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('in_progress'),
  Type.Literal('completed'),
]);

export const TodoSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  sidequestId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  type: Type.Union([Type.Literal('daily_sidequest'), Type.Literal('weekend_sidequest')]),
  title: Type.String(),
  description: Type.String(),
  status: TodoStatusSchema,
  xpReward: Type.Integer({ minimum: 0 }),
  /** Local calendar date (YYYY-MM-DD): the day after it was accepted. */
  dueDate: Type.String(),
  /** 24 hours after it was accepted (ISO 8601). */
  dueAt: Type.String(),
  createdAt: Type.String(),
  completedAt: Type.Union([Type.String(), Type.Null()]),
  proofText: Type.Union([Type.String(), Type.Null()]),
  /** The proof photo's id (POST /api/quests/me/photos), or null. */
  proofPhotoId: Type.Union([Type.String(), Type.Null()]),
  /** A short-lived signed link to the proof photo, given to its owner only (absent or null without one). */
  proofPhotoUrl: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type Todo = Static<typeof TodoSchema>;

/** A link to an uploaded photo that works until `expiresAt`, for whoever holds it. */
export const PhotoLinkSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  url: Type.String(),
  /** ISO 8601 */
  expiresAt: Type.String(),
});
export type PhotoLink = Static<typeof PhotoLinkSchema>;

/** POST /api/quests/me/photos (multipart, one file in the field `file`, at most 10 MiB) → 201. */
export const PhotoUploadResultSchema = Type.Object({ photo: PhotoLinkSchema });
export type PhotoUploadResult = Static<typeof PhotoUploadResultSchema>;

export const PhotoParamsSchema = Type.Object({ id: Type.String({ format: 'uuid' }) });
export type PhotoParams = Static<typeof PhotoParamsSchema>;

/** The signature of a local-storage photo link: `?exp=<unix seconds>&sig=<base64url HMAC>`. */
export const PhotoLinkQuerySchema = Type.Object({
  exp: Type.Optional(SingleLine(20)),
  sig: Type.Optional(SingleLine(100)),
});
export type PhotoLinkQuery = Static<typeof PhotoLinkQuerySchema>;

export const AcceptResultSchema = Type.Object({ todo: TodoSchema, limits: LimitsSchema });
export type AcceptResult = Static<typeof AcceptResultSchema>;

export const SkipResultSchema = Type.Object({ limits: LimitsSchema });
export type SkipResult = Static<typeof SkipResultSchema>;

/** Spec §4.1: today's pending and in-progress to-dos, and those completed today (local dates). */
export const TodoListSchema = Type.Object({
  pending: Type.Array(TodoSchema),
  completed: Type.Array(TodoSchema),
  /** XP of the to-dos completed today (the Daily XP card, goal 100). */
  xpToday: Type.Integer({ minimum: 0 }),
});
export type TodoList = Static<typeof TodoListSchema>;

export const TodoParamsSchema = Type.Object({ id: Type.String({ format: 'uuid' }) });
export type TodoParams = Static<typeof TodoParamsSchema>;

/** Spec §5: proof is Text, Photo or Both. */
export const CompleteTodoBodySchema = Type.Object(
  {
    proofType: Type.Union([Type.Literal('text'), Type.Literal('photo'), Type.Literal('both')]),
    proofText: Type.Optional(MultiLine(2000)),
    /** An uploaded photo's id (POST /api/quests/me/photos); must be the caller's own. */
    photoId: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
);
export type CompleteTodoBody = Static<typeof CompleteTodoBodySchema>;

export const CompleteTodoResultSchema = Type.Object({
  todo: TodoSchema,
  xpAwarded: Type.Integer({ minimum: 0 }),
  progress: LevelProgressSchema,
  /** Set when this completion raised the level (the Level Up overlay). */
  levelUp: Type.Union([Type.Object({ level: Type.Integer(), previousLevel: Type.Integer() }), Type.Null()]),
  /** Spec §8: "Challenge completed! +{n} XP earned! 🎉" */
  message: Type.String(),
  /** Set when this completion finished a pack the player added: its badge and bonus XP (once). */
  packCompleted: Type.Optional(
    Type.Object({ packId: Type.String(), title: Type.String(), bonusXp: Type.Integer({ minimum: 0 }) }),
  ),
});
export type CompleteTodoResult = Static<typeof CompleteTodoResultSchema>;

const LeaderboardPeriodSchema = Type.Union([Type.Literal('week'), Type.Literal('all')]);
const LeaderboardScopeSchema = Type.Union([Type.Literal('friends'), Type.Literal('pods'), Type.Literal('everyone')]);
// The contract's literals are the domain's lists, no more and no fewer.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _periods: Same<Static<typeof LeaderboardPeriodSchema>, LeaderboardPeriod> = true;
const _scopes: Same<Static<typeof LeaderboardScopeSchema>, LeaderboardScope> = true;
void _periods;
void _scopes;

/** GET /api/quests/leaderboard: which board (decision 0037); all time among everyone by default. */
export const LeaderboardQuerySchema = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: LEADERBOARD_MAX_LIMIT, default: LEADERBOARD_DEFAULT_LIMIT }),
    ),
    /** `week`: XP earned this week (Sunday to Saturday, the weekly challenge's week); `all`: total XP. */
    period: Type.Optional(LeaderboardPeriodSchema),
    /** `friends`: the caller and their friends; `pods`: the caller and everyone in their pods; `everyone`. */
    scope: Type.Optional(LeaderboardScopeSchema),
  },
  { additionalProperties: false },
);
export type LeaderboardQuery = Static<typeof LeaderboardQuerySchema>;

export const LeaderboardEntrySchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  username: Type.Union([Type.String(), Type.Null()]),
  photoUrl: Type.Union([Type.String(), Type.Null()]),
  avatarConfig: Type.Union([AvatarConfigSchema, Type.Null()]),
  level: Type.Integer({ minimum: 1 }),
  totalXP: Type.Integer({ minimum: 0 }),
  /** The XP this board counts: earned this week (`period=week`) or the total (`period=all`). */
  xp: Type.Integer({ minimum: 0 }),
  /**
   * Standard competition ranking: 1 + the number of players on the board with more `xp` (ties share
   * a rank, the next rank skips: 1, 2, 2, 4). On `everyone` it is the global rank, so a gap shows
   * where a user hidden from the caller was left out.
   */
  rank: Type.Integer({ minimum: 1 }),
});
export type LeaderboardEntry = Static<typeof LeaderboardEntrySchema>;

export const LeaderboardSchema = Type.Object({
  period: LeaderboardPeriodSchema,
  scope: LeaderboardScopeSchema,
  /** The caller's current week (`period=week`), Sunday to Saturday in their zone; null for all time. */
  week: Type.Union([
    Type.Object({ weekNumber: Type.Integer(), startDate: Type.String(), endDate: Type.String() }),
    Type.Null(),
  ]),
  entries: Type.Array(LeaderboardEntrySchema),
  /** The caller's own place, shown even outside the top; null while their player is being set up. */
  me: Type.Union([LeaderboardEntrySchema, Type.Null()]),
});
export type Leaderboard = Static<typeof LeaderboardSchema>;

export const PodLeagueEntrySchema = Type.Object({
  podId: Type.String({ format: 'uuid' }),
  /** Standard competition ranking by `share` (ties share a rank). */
  rank: Type.Integer({ minimum: 1 }),
  members: Type.Integer({ minimum: 0 }),
  /** Members who completed this week's weekly challenge. */
  completed: Type.Integer({ minimum: 0 }),
  /** completed / members, 0 to 1. */
  share: Type.Number({ minimum: 0, maximum: 1 }),
  /** Whether the caller is a member (the web shows the pod's name only then). */
  mine: Type.Boolean(),
});
export type PodLeagueEntry = Static<typeof PodLeagueEntrySchema>;

/** GET /api/quests/leaderboard/pods: the weekly pod league of the caller's week (decision 0037). */
export const PodLeagueSchema = Type.Object({
  week: Type.Object({ weekNumber: Type.Integer(), startDate: Type.String(), endDate: Type.String() }),
  /** Pods with at least POD_LEAGUE_MIN_MEMBERS members, best first (at most POD_LEAGUE_SHOWN). */
  entries: Type.Array(PodLeagueEntrySchema),
  /** The caller's league pods wherever they rank (also those in `entries`). */
  mine: Type.Array(PodLeagueEntrySchema),
  /** How many pods are in the league this week. */
  pods: Type.Integer({ minimum: 0 }),
});
export type PodLeague = Static<typeof PodLeagueSchema>;

/** One playbook slot (spec §6: levels 3, 7, 12, 18, 25, 35, 50), as quests decides it for the user. */
export const PlaybookSlotSchema = Type.Object({
  slot: Type.Integer({ minimum: 1, maximum: 7 }),
  unlockLevel: Type.Integer({ minimum: 1 }),
  unlocked: Type.Boolean(),
});
export type PlaybookSlotBody = Static<typeof PlaybookSlotSchema>;

/** GET /api/quests/me/playbooks: every slot open at the user's level, or all of them for Pro. */
export const PlaybookUnlocksSchema = Type.Object({
  level: Type.Integer({ minimum: 1 }),
  isPro: Type.Boolean(),
  unlockedCount: Type.Integer({ minimum: 0, maximum: 7 }),
  playbooks: Type.Array(PlaybookSlotSchema),
});
export type PlaybookUnlocks = Static<typeof PlaybookUnlocksSchema>;
