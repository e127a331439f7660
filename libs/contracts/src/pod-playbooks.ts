// Pod playbooks (issue 23 point 5, decision 0041): a pod runs a playbook together. quests owns the
// run and the week gate; pods shows every member's progress and writes the pod log.
import { Type, type Static } from 'typebox';
import { UserCardSchema } from './pods';

const Uuid = Type.String({ format: 'uuid' });
/** A playbook id as content files spell it. */
const Slug = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}$', maxLength: 64 });

/** Who the pod waits for before its next week opens: every member, or a majority (the creator's choice). */
export const PodPlaybookModeSchema = Type.Union([Type.Literal('all'), Type.Literal('majority')]);

export const PodPlaybookParamsSchema = Type.Object({ podId: Uuid, id: Slug }, { additionalProperties: false });
export type PodPlaybookParams = Static<typeof PodPlaybookParamsSchema>;
export const MyPodPlaybookParamsSchema = Type.Object({ id: Slug }, { additionalProperties: false });
export type MyPodPlaybookParams = Static<typeof MyPodPlaybookParamsSchema>;

/** POST /api/quests/pods/{podId}/playbooks: start a playbook for the pod (`mode` other than `all`: the creator only). */
export const StartPodPlaybookBodySchema = Type.Object(
  { playbookId: Slug, mode: Type.Optional(PodPlaybookModeSchema) },
  { additionalProperties: false },
);
export type StartPodPlaybookBody = Static<typeof StartPodPlaybookBodySchema>;

/** PATCH /api/quests/pods/{podId}/playbooks/{id}: the pod's creator changes who the pod waits for. */
export const UpdatePodPlaybookBodySchema = Type.Object(
  { mode: PodPlaybookModeSchema },
  { additionalProperties: false },
);
export type UpdatePodPlaybookBody = Static<typeof UpdatePodPlaybookBodySchema>;

/** quests' answer about a run: what gates the members' weeks. */
export const PodPlaybookRunSchema = Type.Object({
  podId: Uuid,
  playbookId: Type.String(),
  version: Type.Integer({ minimum: 1 }),
  title: Type.String(),
  weeks: Type.Integer({ minimum: 1 }),
  mode: PodPlaybookModeSchema,
  /** The highest week the pod has opened; its members' steps in later weeks answer POD_WEEK_LOCKED. */
  openWeek: Type.Integer({ minimum: 1 }),
  startedAt: Type.String({ description: 'ISO 8601' }),
});
export type PodPlaybookRun = Static<typeof PodPlaybookRunSchema>;

/** One member's progress on a pod's playbook, as the pod page and the playbook screen show it. */
export const PodPlaybookMemberSchema = Type.Object({
  user: UserCardSchema,
  /** Weeks finished (weeks are finished in order). */
  weeksFinished: Type.Integer({ minimum: 0 }),
  /** Has not finished the pod's open week yet: may be nudged. */
  behind: Type.Boolean(),
});
export type PodPlaybookMember = Static<typeof PodPlaybookMemberSchema>;

/** pods' view of a run: the run and every current member's progress (hidden members carry no name). */
export const PodPlaybookViewSchema = Type.Object({
  ...PodPlaybookRunSchema.properties,
  podName: Type.String(),
  startedBy: Type.Union([Uuid, Type.Null()]),
  members: Type.Array(PodPlaybookMemberSchema),
});
export type PodPlaybookView = Static<typeof PodPlaybookViewSchema>;

/** GET /api/pods/pods/{podId}/playbooks and GET /api/pods/me/playbooks/{id}. */
export const PodPlaybookListSchema = Type.Object({ runs: Type.Array(PodPlaybookViewSchema) });
export type PodPlaybookList = Static<typeof PodPlaybookListSchema>;

/** POST /api/quests/playbooks/{id}/share: the pods (the caller's own) to tell about a finished playbook. */
export const SharePlaybookBodySchema = Type.Object(
  { podIds: Type.Array(Uuid, { minItems: 1, maxItems: 20, uniqueItems: true }) },
  { additionalProperties: false },
);
export type SharePlaybookBody = Static<typeof SharePlaybookBodySchema>;

export const SharePlaybookResultSchema = Type.Object({ podIds: Type.Array(Uuid) });
export type SharePlaybookResult = Static<typeof SharePlaybookResultSchema>;

/** POST …/nudge?playbookId=…: the nudge is about the pod playbook the member is behind on (not this week's challenge). */
export const NudgeQuerySchema = Type.Object({ playbookId: Type.Optional(Slug) }, { additionalProperties: false });
export type NudgeQuery = Static<typeof NudgeQuerySchema>;
