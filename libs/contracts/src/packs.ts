// Challenge packs and the deck shaped by assessment results (issue 24, decisions 0051 and 0052).
import { Type, type Static } from 'typebox';
import { PlaybookCoverSchema } from './playbooks';

const Slug = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}$', maxLength: 64 });

export const PackParamsSchema = Type.Object({ packId: Slug }, { additionalProperties: false });
export type PackParams = Static<typeof PackParamsSchema>;

/**
 * A pack as the caller sees it. `access`: `open` (may add it), `pro` (Pro-only, the caller is not
 * Pro), `level` (advanced, below `unlockLevel` without Pro). `added`: its dares are in the caller's
 * deck; `done` of `dareCount` dares completed; `completedAt` once every dare is done.
 */
export const PackSummarySchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  tagline: Type.String(),
  cover: PlaybookCoverSchema,
  tags: Type.Array(Type.String()),
  proOnly: Type.Boolean(),
  unlockLevel: Type.Integer({ minimum: 1 }),
  advanced: Type.Boolean(),
  dareCount: Type.Integer({ minimum: 1 }),
  done: Type.Integer({ minimum: 0 }),
  added: Type.Boolean(),
  completedAt: Type.Union([Type.String({ description: 'ISO 8601' }), Type.Null()]),
  access: Type.Union([Type.Literal('open'), Type.Literal('pro'), Type.Literal('level')]),
  completionXp: Type.Integer({ minimum: 0 }),
});
export type PackSummary = Static<typeof PackSummarySchema>;

export const PackListSchema = Type.Object({ packs: Type.Array(PackSummarySchema) });
export type PackList = Static<typeof PackListSchema>;

export const PackDareSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  description: Type.String(),
  duration: Type.String(),
  xp: Type.Integer({ minimum: 1 }),
  done: Type.Boolean(),
});
export type PackDare = Static<typeof PackDareSchema>;

export const PackDetailSchema = Type.Object({ pack: PackSummarySchema, dares: Type.Array(PackDareSchema) });
export type PackDetail = Static<typeof PackDetailSchema>;

/** One badge a player earned, e.g. `pack:morning-reset` for finishing that pack. */
export const BadgeSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  awardedAt: Type.String({ description: 'ISO 8601' }),
});
export type Badge = Static<typeof BadgeSchema>;

export const BadgeListSchema = Type.Object({ badges: Type.Array(BadgeSchema) });
export type BadgeList = Static<typeof BadgeListSchema>;

/** Why the deck and the recommendations look as they do: "because you scored low on social energy". */
export const DeckReasonSchema = Type.Object({
  dimension: Type.String(),
  band: Type.Union([Type.Literal('low'), Type.Literal('high')]),
  text: Type.String(),
});
export type DeckReason = Static<typeof DeckReasonSchema>;

/**
 * What the player's newest assessment results recommend. `enabled: false` (the player turned it
 * off) or no banded result: `reason`, `pack` and `playbook` are null.
 */
export const RecommendationsSchema = Type.Object({
  enabled: Type.Boolean(),
  reason: Type.Union([DeckReasonSchema, Type.Null()]),
  pack: Type.Union([PackSummarySchema, Type.Null()]),
  playbook: Type.Union([
    Type.Object({ id: Type.String(), title: Type.String(), promise: Type.String(), cover: PlaybookCoverSchema }),
    Type.Null(),
  ]),
});
export type Recommendations = Static<typeof RecommendationsSchema>;

export const DeckShapingBodySchema = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });
export type DeckShapingBody = Static<typeof DeckShapingBodySchema>;

export const DeckShapingSchema = Type.Object({ enabled: Type.Boolean() });
export type DeckShaping = Static<typeof DeckShapingSchema>;

/**
 * The Pro hub's numbers from quests: today's swipes against the day's maximum, every swipe so far,
 * packs added and finished, badges, and when the current stretch of Pro began (null: not Pro).
 */
export const ProStatsSchema = Type.Object({
  proSince: Type.Union([Type.String({ description: 'ISO 8601' }), Type.Null()]),
  swipesToday: Type.Integer({ minimum: 0 }),
  maxSwipes: Type.Integer({ minimum: 0 }),
  swipesAllTime: Type.Integer({ minimum: 0 }),
  packsAdded: Type.Integer({ minimum: 0 }),
  packsCompleted: Type.Integer({ minimum: 0 }),
  badges: Type.Integer({ minimum: 0 }),
});
export type ProStats = Static<typeof ProStatsSchema>;
