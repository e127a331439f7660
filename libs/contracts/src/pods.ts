import { Type, type Static } from 'typebox';
import { AvatarConfigSchema } from './identity';

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

/* Friends (issue 10 point 1). Names, usernames and avatars come from identity's profile events. */

const Uuid = Type.String({ format: 'uuid' });

/** Another user as friends, requests, search and pod members show them. */
export const UserCardSchema = Type.Object({
  id: Uuid,
  /** The display name when set, otherwise the name. */
  name: Type.String(),
  username: Type.Union([Type.String(), Type.Null()]),
  photoUrl: Type.Union([Type.String(), Type.Null()]),
  avatarConfig: Type.Union([AvatarConfigSchema, Type.Null()]),
  level: Type.Integer({ minimum: 1 }),
});
export type UserCard = Static<typeof UserCardSchema>;

export const FriendRelationSchema = Type.Union([
  Type.Literal('none'), Type.Literal('friends'), Type.Literal('outgoing'), Type.Literal('incoming'),
]);
export type FriendRelation = Static<typeof FriendRelationSchema>;

/** GET /api/pods/users/search?q=&cursor=&limit= : username prefix (an optional leading @), never e-mail. */
export const UserSearchQuerySchema = Type.Object(
  {
    q: Type.String({ minLength: 1, maxLength: 21, pattern: '^@?[A-Za-z0-9_]+$' }),
    cursor: Type.Optional(Type.String({ maxLength: 80, pattern: '^[a-z0-9_]{1,40}:[0-9a-f-]{36}$' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
  },
  { additionalProperties: false },
);
export type UserSearchQuery = Static<typeof UserSearchQuerySchema>;

export const UserSearchResultSchema = Type.Object({
  users: Type.Array(Type.Object({ ...UserCardSchema.properties, relation: FriendRelationSchema })),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type UserSearchResult = Static<typeof UserSearchResultSchema>;

export const UserIdParamsSchema = Type.Object({ userId: Uuid }, { additionalProperties: false });
export type UserIdParams = Static<typeof UserIdParamsSchema>;

/** POST /api/pods/friends/requests */
export const FriendRequestBodySchema = Type.Object({ userId: Uuid }, { additionalProperties: false });
export type FriendRequestBody = Static<typeof FriendRequestBodySchema>;

/** After a request or an accept: `friends` when the other user had already asked (the two requests meet). */
export const FriendshipStateSchema = Type.Object({ userId: Uuid, status: Type.Union([Type.Literal('pending'), Type.Literal('friends')]) });
export type FriendshipState = Static<typeof FriendshipStateSchema>;

/** GET /api/pods/friends, by name. */
export const FriendListSchema = Type.Object({
  friends: Type.Array(Type.Object({ ...UserCardSchema.properties, since: Type.String({ description: 'ISO 8601' }) })),
});
export type FriendList = Static<typeof FriendListSchema>;

const RequestEntrySchema = Type.Object({ ...UserCardSchema.properties, sentAt: Type.String({ description: 'ISO 8601' }) });

/** GET /api/pods/friends/requests, newest first. */
export const FriendRequestListSchema = Type.Object({
  /** Sent to the caller: accept or decline. */
  incoming: Type.Array(RequestEntrySchema),
  /** Sent by the caller: cancel. */
  outgoing: Type.Array(RequestEntrySchema),
});
export type FriendRequestList = Static<typeof FriendRequestListSchema>;

/* Block and report (issue 10 point 2). */

/** GET /api/pods/blocks: users the caller blocked, newest first (to unblock). */
export const BlockListSchema = Type.Object({
  users: Type.Array(Type.Object({ ...UserCardSchema.properties, blockedAt: Type.String({ description: 'ISO 8601' }) })),
});
export type BlockList = Static<typeof BlockListSchema>;

export const ReportReasonSchema = Type.Union([
  Type.Literal('spam'), Type.Literal('harassment'), Type.Literal('hate'), Type.Literal('sexual_content'),
  Type.Literal('violence'), Type.Literal('self_harm'), Type.Literal('impersonation'), Type.Literal('other'),
]);
export type ReportReason = Static<typeof ReportReasonSchema>;

/** POST /api/pods/reports. Chat messages join `kind` when chat ships. */
export const ReportBodySchema = Type.Object(
  {
    kind: Type.Union([Type.Literal('user'), Type.Literal('pod_log')]),
    targetId: Uuid,
    reason: ReportReasonSchema,
    details: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type ReportBody = Static<typeof ReportBodySchema>;

/** 201 when stored; 200 with the same id when the caller had already reported the item. */
export const ReportCreatedSchema = Type.Object({ id: Uuid });
export type ReportCreated = Static<typeof ReportCreatedSchema>;
