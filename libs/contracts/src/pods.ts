import {
  CHAT_MESSAGE_MAX_LENGTH,
  POD_COMMENT_MAX_LENGTH,
  POD_DESCRIPTION_MAX,
  POD_NAME_MAX,
  POD_NAME_MIN,
  POD_REACTIONS,
} from '@vere/domain';
import { Type, type Static } from 'typebox';
import { MultiLine, SingleLine } from './text';
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
 * GET /api/pods/me/allowance: the numbers behind "create a pod" (the server enforces them; the
 * rule is `POD_RULES` in @vere/domain). Joining other people's pods is never capped.
 */
export const PodAllowanceSchema = Type.Object({
  isPro: Type.Boolean(),
  level: Type.Integer({ minimum: 1 }),
  podsCreated: Type.Integer({ minimum: 0 }),
  /** Active pods the user may have created at once; null = unlimited (Pro). */
  podCreationCap: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  /** Members (the creator included) a pod the user creates may hold (more for Pro). */
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
  Type.Literal('none'),
  Type.Literal('friends'),
  Type.Literal('outgoing'),
  Type.Literal('incoming'),
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
export const FriendshipStateSchema = Type.Object({
  userId: Uuid,
  status: Type.Union([Type.Literal('pending'), Type.Literal('friends')]),
});
export type FriendshipState = Static<typeof FriendshipStateSchema>;

/** GET /api/pods/friends, by name. */
export const FriendListSchema = Type.Object({
  friends: Type.Array(Type.Object({ ...UserCardSchema.properties, since: Type.String({ description: 'ISO 8601' }) })),
});
export type FriendList = Static<typeof FriendListSchema>;

const RequestEntrySchema = Type.Object({
  ...UserCardSchema.properties,
  sentAt: Type.String({ description: 'ISO 8601' }),
});

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
  Type.Literal('spam'),
  Type.Literal('harassment'),
  Type.Literal('hate'),
  Type.Literal('sexual_content'),
  Type.Literal('violence'),
  Type.Literal('self_harm'),
  Type.Literal('impersonation'),
  Type.Literal('other'),
]);
export type ReportReason = Static<typeof ReportReasonSchema>;

/** POST /api/pods/reports: a user, a pod log entry or a chat message. */
export const ReportBodySchema = Type.Object(
  {
    kind: Type.Union([Type.Literal('user'), Type.Literal('pod_log'), Type.Literal('chat_message')]),
    targetId: Uuid,
    reason: ReportReasonSchema,
    details: Type.Optional(MultiLine(500)),
  },
  { additionalProperties: false },
);
export type ReportBody = Static<typeof ReportBodySchema>;

/** 201 when stored; 200 with the same id when the caller had already reported the item. */
export const ReportCreatedSchema = Type.Object({ id: Uuid });
export type ReportCreated = Static<typeof ReportCreatedSchema>;

/* Pods, invites and the pod log (issue 10 points 3 and 4). */

/** A name and an optional description within the pod field limits of @vere/domain, both trimmed (a blank name is refused). */
export const CreatePodBodySchema = Type.Object(
  {
    name: SingleLine(POD_NAME_MAX, { minLength: POD_NAME_MIN }),
    description: Type.Optional(Type.Union([MultiLine(POD_DESCRIPTION_MAX), Type.Null()])),
  },
  { additionalProperties: false },
);
export type CreatePodBody = Static<typeof CreatePodBodySchema>;

/** PATCH /api/pods/pods/{podId} (creator): rename and/or change the description (null clears it). */
export const UpdatePodBodySchema = Type.Object(
  {
    name: Type.Optional(SingleLine(POD_NAME_MAX, { minLength: POD_NAME_MIN })),
    description: Type.Optional(Type.Union([MultiLine(POD_DESCRIPTION_MAX), Type.Null()])),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdatePodBody = Static<typeof UpdatePodBodySchema>;

export const PodParamsSchema = Type.Object({ podId: Uuid }, { additionalProperties: false });
export type PodParams = Static<typeof PodParamsSchema>;
export const PodMemberParamsSchema = Type.Object({ podId: Uuid, userId: Uuid }, { additionalProperties: false });
export type PodMemberParams = Static<typeof PodMemberParamsSchema>;

const InviteCode = Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
export const InviteCodeParamsSchema = Type.Object({ code: InviteCode }, { additionalProperties: false });
export type InviteCodeParams = Static<typeof InviteCodeParamsSchema>;
export const PodInviteParamsSchema = Type.Object({ podId: Uuid, code: InviteCode }, { additionalProperties: false });
export type PodInviteParams = Static<typeof PodInviteParamsSchema>;

/** POST /api/pods/pods/{podId}/invites and …/invites/rotate (creator); no expiry when absent. */
export const CreateInviteBodySchema = Type.Object(
  { expiresInHours: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 * 90 })) },
  { additionalProperties: false },
);
export type CreateInviteBody = Static<typeof CreateInviteBodySchema>;

/** An invite code; the link is /join/{code}. */
export const PodInviteSchema = Type.Object({
  code: Type.String(),
  createdAt: Type.String({ description: 'ISO 8601' }),
  expiresAt: Type.Union([Type.String({ description: 'ISO 8601' }), Type.Null()]),
});
export type PodInvite = Static<typeof PodInviteSchema>;

export const PodMemberSchema = Type.Object({
  ...UserCardSchema.properties,
  isCreator: Type.Boolean(),
  joinedAt: Type.String({ description: 'ISO 8601' }),
  /**
   * Completed a weekly challenge in the pod's current week (its creator's week). Sent on the pod
   * page; optional in the type so other answers with members, and older clients, still fit.
   */
  completedThisWeek: Type.Optional(Type.Boolean()),
  /**
   * A block (either way) or the viewer's report hides this member from the viewer (decision 0035):
   * the card then carries no name, username, photo or avatar. Sent on the pod page.
   */
  hidden: Type.Optional(Type.Boolean()),
  /** The viewer already nudged this member today (the member's day; decision 0038). Sent on the pod page. */
  nudgedByYouToday: Type.Optional(Type.Boolean()),
});
export type PodMember = Static<typeof PodMemberSchema>;

/** One of the fixed reactions (`POD_REACTIONS` in @vere/domain: fire, clap, muscle). */
export const PodReactionKindSchema = Type.Enum(POD_REACTIONS);

/** A reaction kind on an entry: how many members gave it (users hidden from the viewer not counted) and whether the viewer did. */
export const PodReactionCountSchema = Type.Object({
  kind: PodReactionKindSchema,
  count: Type.Integer({ minimum: 0 }),
  mine: Type.Boolean(),
});
export type PodReactionCount = Static<typeof PodReactionCountSchema>;

/** A comment on a pod log entry (plain text, one line). */
export const PodCommentSchema = Type.Object({
  id: Uuid,
  entryId: Uuid,
  user: UserCardSchema,
  body: Type.String(),
  createdAt: Type.String({ description: 'ISO 8601' }),
});
export type PodComment = Static<typeof PodCommentSchema>;

/** One pod log entry (spec §3 "Pod challenge log"). The photo is read through the storage layer by id. */
export const PodLogEntrySchema = Type.Object({
  id: Uuid,
  user: UserCardSchema,
  weeklyChallengeId: Type.Union([Uuid, Type.Null()]),
  /**
   * What the entry is (decision 0041): a weekly challenge completed, or a playbook started for the
   * pod, a week of it finished, a finished playbook shared. Always sent by pods; optional for older clients.
   */
  kind: Type.Optional(
    Type.Union([
      Type.Literal('weekly'),
      Type.Literal('playbook_started'),
      Type.Literal('playbook_week'),
      Type.Literal('playbook_share'),
    ]),
  ),
  /** The playbook of a playbook entry; null for a weekly one. */
  playbookId: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  message: Type.String(),
  proofText: Type.Union([Type.String(), Type.Null()]),
  proofPhotoId: Type.Union([Uuid, Type.Null()]),
  /**
   * A short-lived signed link to the proof photo (members only; ask again when it expires); null
   * without a photo, absent where the service has no photo storage configured.
   */
  proofPhotoUrl: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  createdAt: Type.String({ description: 'ISO 8601' }),
  /** Every reaction kind, in `POD_REACTIONS` order (decision 0038). Always sent by pods; optional for older clients. */
  reactions: Type.Optional(Type.Array(PodReactionCountSchema)),
  /** Comments, oldest first (the newest `POD_COMMENTS_SHOWN`); users hidden from the viewer left out. */
  comments: Type.Optional(Type.Array(PodCommentSchema)),
});
export type PodLogEntry = Static<typeof PodLogEntrySchema>;

/** Newest first; `nextCursor` (null on the last page) fetches the older entries. */
export const PodLogPageSchema = Type.Object({
  entries: Type.Array(PodLogEntrySchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type PodLogPage = Static<typeof PodLogPageSchema>;

/** GET /api/pods/pods/{podId}/log */
export const PodLogQuerySchema = Type.Object(
  {
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 120, pattern: '^[A-Za-z0-9_-]+$' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
  },
  { additionalProperties: false },
);
export type PodLogQuery = Static<typeof PodLogQuerySchema>;

/** GET /api/pods/pods/{podId}: members only (anyone else gets 404 POD_NOT_FOUND). */
export const PodDetailSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  createdBy: Uuid,
  isCreator: Type.Boolean(),
  currentStreak: Type.Integer({ minimum: 0 }),
  /**
   * Saves banked: consecutive completed weeks earn one (the pod streak of @vere/domain), covering one
   * member's missed week. Always sent by pods; optional in the type so clients built before it still fit.
   */
  saves: Type.Optional(Type.Integer({ minimum: 0 })),
  memberCount: Type.Integer({ minimum: 0 }),
  /** Members the pod may hold, the creator included (more while its creator is Pro). */
  memberCap: Type.Integer({ minimum: 1 }),
  createdAt: Type.String({ description: 'ISO 8601' }),
  members: Type.Array(PodMemberSchema),
  log: PodLogPageSchema,
  /** Active invite codes: shown to the creator only (empty for other members). */
  invites: Type.Array(PodInviteSchema),
  /** Nudges the viewer received in this pod today (their day), newest first; users hidden from them left out. */
  nudges: Type.Optional(
    Type.Array(Type.Object({ from: UserCardSchema, createdAt: Type.String({ description: 'ISO 8601' }) })),
  ),
});
export type PodDetail = Static<typeof PodDetailSchema>;

/* The two-way pod feed (issue 22 point 5, decision 0038). */

/** …/pods/{podId}/log/{entryId}… */
export const PodLogEntryParamsSchema = Type.Object({ podId: Uuid, entryId: Uuid }, { additionalProperties: false });
export type PodLogEntryParams = Static<typeof PodLogEntryParamsSchema>;

/** PUT and DELETE /api/pods/pods/{podId}/log/{entryId}/reactions/{kind} */
export const PodReactionParamsSchema = Type.Object(
  { podId: Uuid, entryId: Uuid, kind: PodReactionKindSchema },
  { additionalProperties: false },
);
export type PodReactionParams = Static<typeof PodReactionParamsSchema>;

/** The entry's reactions after a change. */
export const PodReactionsSchema = Type.Object({ entryId: Uuid, reactions: Type.Array(PodReactionCountSchema) });
export type PodReactions = Static<typeof PodReactionsSchema>;

/**
 * POST /api/pods/pods/{podId}/log/{entryId}/comments. The service trims the text and checks it
 * with `validatePodComment` (@vere/domain); the schema bounds the raw size.
 */
export const AddPodCommentBodySchema = Type.Object(
  { body: SingleLine(4 * POD_COMMENT_MAX_LENGTH, { minLength: 1 }) },
  { additionalProperties: false },
);
export type AddPodCommentBody = Static<typeof AddPodCommentBodySchema>;

/** DELETE /api/pods/pods/{podId}/log/{entryId}/comments/{commentId} */
export const PodCommentParamsSchema = Type.Object(
  { podId: Uuid, entryId: Uuid, commentId: Uuid },
  { additionalProperties: false },
);
export type PodCommentParams = Static<typeof PodCommentParamsSchema>;

/** POST /api/pods/pods/{podId}/members/{userId}/nudge: the nudge as stored. */
export const PodNudgeSchema = Type.Object({
  podId: Uuid,
  recipientId: Uuid,
  /** The recipient's calendar day it counts against (YYYY-MM-DD). */
  day: Type.String(),
  createdAt: Type.String({ description: 'ISO 8601' }),
});
export type PodNudge = Static<typeof PodNudgeSchema>;

/** GET /api/pods/me/nudges: nudges the caller received today (their day), in pods where they are not done this week. */
export const MyNudgesSchema = Type.Object({
  nudges: Type.Array(
    Type.Object({
      podId: Uuid,
      podName: Type.String(),
      from: UserCardSchema,
      createdAt: Type.String({ description: 'ISO 8601' }),
    }),
  ),
});
export type MyNudges = Static<typeof MyNudgesSchema>;

/** GET /api/pods/invites/{code}: what the join screen shows before joining. */
export const InvitePreviewSchema = Type.Object({
  podId: Uuid,
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  creator: UserCardSchema,
  memberCount: Type.Integer({ minimum: 0 }),
  memberCap: Type.Integer({ minimum: 1 }),
  isMember: Type.Boolean(),
  expiresAt: Type.Union([Type.String({ description: 'ISO 8601' }), Type.Null()]),
});
export type InvitePreview = Static<typeof InvitePreviewSchema>;

/** POST /api/pods/invites/{code}/join: `joined` false when the caller was already a member. */
export const JoinResultSchema = Type.Object({ podId: Uuid, joined: Type.Boolean() });
export type JoinResult = Static<typeof JoinResultSchema>;

/** POST /api/pods/pods/{podId}/stream-ticket and POST /api/pods/me/stream-ticket: a ticket for EventSource, valid 60 s. */
export const StreamTicketSchema = Type.Object({
  ticket: Type.String(),
  expiresAt: Type.String({ description: 'ISO 8601' }),
});
export type StreamTicket = Static<typeof StreamTicketSchema>;

/** GET /api/pods/pods/{podId}/events and /api/pods/me/events: the ticket (EventSource cannot send a bearer header). */
export const StreamQuerySchema = Type.Object(
  { ticket: Type.Optional(Type.String({ minLength: 20, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })) },
  { additionalProperties: false },
);
export type StreamQuery = Static<typeof StreamQuerySchema>;

/* Chat between friends (issue 10 point 9). */

/** /api/pods/chats/{friendId}… */
export const ChatParamsSchema = Type.Object({ friendId: Uuid }, { additionalProperties: false });
export type ChatParams = Static<typeof ChatParamsSchema>;

/**
 * POST /api/pods/chats/{friendId}/messages. The service trims the text and checks it with
 * `validateChatMessage` (@vere/domain); the schema only bounds the raw size (room for surrogate
 * pairs and surrounding whitespace).
 */
export const SendChatMessageBodySchema = Type.Object(
  { body: MultiLine(4 * CHAT_MESSAGE_MAX_LENGTH, { minLength: 1 }) },
  { additionalProperties: false },
);
export type SendChatMessageBody = Static<typeof SendChatMessageBodySchema>;

export const ChatMessageSchema = Type.Object({
  id: Uuid,
  senderId: Uuid,
  recipientId: Uuid,
  /** Plain text; links in it are never fetched or previewed. */
  body: Type.String(),
  createdAt: Type.String({ description: 'ISO 8601' }),
  /** When the recipient read it; null while unread. */
  readAt: Type.Union([Type.String({ description: 'ISO 8601' }), Type.Null()]),
});
export type ChatMessage = Static<typeof ChatMessageSchema>;

/** Newest first; `nextCursor` (null on the last page) fetches older messages. */
export const ChatPageSchema = Type.Object({
  messages: Type.Array(ChatMessageSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type ChatPage = Static<typeof ChatPageSchema>;

/** GET /api/pods/chats/{friendId}: who the chat is with, and the newest page. */
export const ChatSchema = Type.Object({
  friend: UserCardSchema,
  messages: Type.Array(ChatMessageSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
  /** Messages from the friend the caller has not read. */
  unread: Type.Integer({ minimum: 0 }),
});
export type Chat = Static<typeof ChatSchema>;

/** GET /api/pods/chats/{friendId}/messages */
export const ChatPageQuerySchema = Type.Object(
  {
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 120, pattern: '^[A-Za-z0-9_-]+$' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 30 })),
  },
  { additionalProperties: false },
);
export type ChatPageQuery = Static<typeof ChatPageQuerySchema>;

/** GET /api/pods/chats/unread: unread messages per friend (only friends with some) and in total. */
export const ChatUnreadSchema = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  friends: Type.Array(Type.Object({ userId: Uuid, count: Type.Integer({ minimum: 1 }) })),
});
export type ChatUnread = Static<typeof ChatUnreadSchema>;

/** The `chat-message` event on GET /api/pods/chats/events: a message to or from the viewer, just committed. */
export type ChatMessageEvent = ChatMessage;
