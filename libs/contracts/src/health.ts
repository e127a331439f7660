import { Type, type Static } from 'typebox';

export const HealthSchema = Type.Object({ status: Type.Literal('ok'), service: Type.String() });
export type Health = Static<typeof HealthSchema>;

/** The outbox as GET /ready reports it: rows waiting to be published, and rows given up on. */
export const OutboxStatsSchema = Type.Object({
  pending: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
  oldestPendingSeconds: Type.Integer({ minimum: 0 }),
});

export const ReadySchema = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not-ready')]),
  checks: Type.Object({ database: Type.Boolean(), bus: Type.Boolean() }),
  /** Informational (does not decide readiness); absent when the database cannot be read. */
  outbox: Type.Optional(OutboxStatsSchema),
});
export type Ready = Static<typeof ReadySchema>;
