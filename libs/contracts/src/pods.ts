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
