import { Type, type Static } from 'typebox';

export const EntitlementSourceSchema = Type.Union([Type.Literal('stripe'), Type.Literal('revenuecat'), Type.Literal('none')]);
export type EntitlementSource = Static<typeof EntitlementSourceSchema>;

/** GET /api/billing/me/entitlement: whether the signed-in user is Pro right now (expired reads as not Pro). */
export const EntitlementSchema = Type.Object({
  isPro: Type.Boolean(),
  source: EntitlementSourceSchema,
  expiresAt: Type.Union([Type.String({ description: 'ISO 8601' }), Type.Null()]),
});
export type Entitlement = Static<typeof EntitlementSchema>;
