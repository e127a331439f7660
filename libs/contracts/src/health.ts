import { Type, type Static } from 'typebox';

export const HealthSchema = Type.Object({ status: Type.Literal('ok'), service: Type.String() });
export type Health = Static<typeof HealthSchema>;

export const ReadySchema = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not-ready')]),
  checks: Type.Object({ database: Type.Boolean(), bus: Type.Boolean() }),
});
export type Ready = Static<typeof ReadySchema>;
