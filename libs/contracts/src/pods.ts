import { Type, type Static } from 'typebox';

/** One pod the signed-in user created or belongs to. */
export const PodSummarySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** Consecutive weeks the pod kept its streak. */
  currentStreak: Type.Integer({ minimum: 0 }),
  memberCount: Type.Integer({ minimum: 0 }),
});
export type PodSummary = Static<typeof PodSummarySchema>;

/** GET /api/pods/me/pods */
export const MyPodsSchema = Type.Object({ pods: Type.Array(PodSummarySchema) });
export type MyPods = Static<typeof MyPodsSchema>;

/**
 * GET /api/pods/me/allowance: the numbers behind "create a pod" (the server enforces them).
 * A free user may have created 1 active pod, 3 from level 10; Pro is unlimited (null). Joining
 * other people's pods is never capped.
 */
export const PodAllowanceSchema = Type.Object({
  isPro: Type.Boolean(),
  level: Type.Integer({ minimum: 1 }),
  podsCreated: Type.Integer({ minimum: 0 }),
  /** Active pods the user may have created at once; null = unlimited (Pro). */
  podCreationCap: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  /** Members (the creator included) a pod the user creates may hold: 8, or 99 for Pro. */
  memberCap: Type.Integer({ minimum: 1 }),
});
export type PodAllowance = Static<typeof PodAllowanceSchema>;
