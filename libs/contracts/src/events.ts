import { Type, type Static, type TSchema } from 'typebox';
import { AvatarConfigSchema } from './identity';

/** Fields every event payload carries. */
const Meta = {
  eventId: Type.String({ format: 'uuid' }),
  occurredAt: Type.String({ description: 'ISO 8601' }),
  userId: Type.String({ format: 'uuid' }),
};

export interface EventContract<S extends TSchema = TSchema> {
  subject: string;
  schema: S;
  /**
   * The payload field naming the aggregate whose events must stay in order (decision 0045): the bus
   * delivers events with the same key in publish order, and events with different keys in parallel.
   * `userId` unless the contract names another field (a pod's streak is ordered per pod).
   */
  key: string;
}

const contract = <S extends TSchema>(subject: string, schema: S, key = 'userId'): EventContract<S> => ({
  subject,
  schema,
  key,
});

/**
 * The user's IANA time zone (e.g. `Europe/Lisbon`): where their day starts, for daily limits and the
 * weekend window. Absent or null in events from before zones were kept: the consumer keeps what it
 * holds, or UTC.
 */
const TimeZoneField = Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()]));

/** identity: an account was created. Carries no e-mail address: consumers need only what they display. */
export const UserRegistered = contract(
  'identity.user.registered.v1',
  Type.Object({
    ...Meta,
    name: Type.String(),
    username: Type.Union([Type.String(), Type.Null()]),
    timeZone: TimeZoneField,
  }),
);
export type UserRegisteredPayload = Static<typeof UserRegistered.schema>;

/**
 * identity: the user changed what others see of them. Carries the whole public profile after the
 * change (never the e-mail address), so a consumer keeps the newest copy without asking identity.
 */
export const ProfileUpdated = contract(
  'identity.profile.updated.v1',
  Type.Object({
    ...Meta,
    name: Type.String(),
    username: Type.String(),
    displayName: Type.Union([Type.String(), Type.Null()]),
    photoUrl: Type.Union([Type.String(), Type.Null()]),
    avatarConfig: Type.Union([AvatarConfigSchema, Type.Null()]),
    timeZone: TimeZoneField,
  }),
);
export type ProfileUpdatedPayload = Static<typeof ProfileUpdated.schema>;

/**
 * identity: the account was deleted. Every service erases or anonymises what it holds about the
 * user when it sees this (and ignores later events about them).
 */
export const UserDeleted = contract('identity.user.deleted.v1', Type.Object({ ...Meta }));
export type UserDeletedPayload = Static<typeof UserDeleted.schema>;

/**
 * identity: a session (one refresh-token family, the `sid` claim of its access tokens) ended —
 * sign-out, a stolen refresh token replayed, a password reset or a sign-in taking the account over.
 * Every service refuses the session's access tokens from then on, not only once they expire.
 */
export const SessionRevoked = contract(
  'identity.session.revoked.v1',
  Type.Object({
    ...Meta,
    sessionId: Type.String({ format: 'uuid' }),
    revokedAt: Type.String({ description: 'ISO 8601' }),
  }),
);
export type SessionRevokedPayload = Static<typeof SessionRevoked.schema>;

/**
 * billing: the user's Pro entitlement changed (bought, renewed, cancelled, lapsed, granted). Carries the
 * whole entitlement after the change, in the spec's shape. `version` grows with every change for the
 * user, so a consumer that sees an older version than the one it holds ignores it (redelivery, reorder).
 * A consumer treats the user as Pro while `isActive` and `expirationDate` is null or in the future, so
 * an expiry takes effect on time even before billing publishes the lapse.
 */
export const EntitlementChanged = contract(
  'billing.entitlement.changed.v1',
  Type.Object({
    ...Meta,
    version: Type.Integer({ minimum: 1 }),
    isActive: Type.Boolean(),
    productId: Type.Union([Type.String(), Type.Null()]),
    expirationDate: Type.Union([Type.String({ description: 'ISO 8601' }), Type.Null()]),
    willRenew: Type.Boolean(),
    source: Type.Union([
      Type.Literal('stripe'),
      Type.Literal('revenuecat'),
      Type.Literal('database'),
      Type.Literal('unknown'),
    ]),
  }),
);
export type EntitlementChangedPayload = Static<typeof EntitlementChanged.schema>;

const LevelRewardSchema = Type.Object({
  kind: Type.Union([
    Type.Literal('bonus_swipe'),
    Type.Literal('playbook'),
    Type.Literal('pod_creation'),
    Type.Literal('advanced_challenges'),
  ]),
  text: Type.String(),
});

/**
 * quests: XP was added to the user's total, once per source (`sourceKey`, e.g. `todo:<id>`): a
 * repeated or raced completion publishes nothing more.
 */
export const XpAwarded = contract(
  'quests.xp.awarded.v1',
  Type.Object({
    ...Meta,
    sourceKey: Type.String(),
    reason: Type.Union([
      Type.Literal('todo_completed'),
      Type.Literal('weekly_completed'),
      Type.Literal('playbook_step'),
      Type.Literal('playbook_completed'),
      Type.Literal('pack_completed'),
      Type.Literal('other'),
    ]),
    amount: Type.Integer({ minimum: 1 }),
    totalXP: Type.Integer({ minimum: 0 }),
    level: Type.Integer({ minimum: 1 }),
  }),
);
export type XpAwardedPayload = Static<typeof XpAwarded.schema>;

/**
 * quests: a player completed a step of a playbook (issue 23), once per user, playbook version and
 * step. `weekCompleted` is true when it finished its week (what a pod log and notifications read).
 */
export const PlaybookStepCompleted = contract(
  'quests.playbook-step.completed.v1',
  Type.Object({
    ...Meta,
    playbookId: Type.String(),
    version: Type.Integer({ minimum: 1 }),
    stepId: Type.String(),
    kind: Type.Union([
      Type.Literal('insight'),
      Type.Literal('quiz'),
      Type.Literal('challenge'),
      Type.Literal('reflection'),
    ]),
    week: Type.Integer({ minimum: 1 }),
    xp: Type.Integer({ minimum: 0 }),
    weekCompleted: Type.Boolean(),
  }),
);
export type PlaybookStepCompletedPayload = Static<typeof PlaybookStepCompleted.schema>;

/** quests: a player finished every step of a playbook (the completion bonus is in `completionXp`). */
export const PlaybookCompleted = contract(
  'quests.playbook.completed.v1',
  Type.Object({
    ...Meta,
    playbookId: Type.String(),
    version: Type.Integer({ minimum: 1 }),
    title: Type.String(),
    xpEarned: Type.Integer({ minimum: 0 }),
    completionXp: Type.Integer({ minimum: 0 }),
  }),
);
export type PlaybookCompletedPayload = Static<typeof PlaybookCompleted.schema>;

/** quests: a player finished every dare of a challenge pack they added (once; issue 24, decision 0051). */
export const PackCompleted = contract(
  'quests.pack.completed.v1',
  Type.Object({
    ...Meta,
    packId: Type.String(),
    title: Type.String(),
    badgeId: Type.String(),
    bonusXp: Type.Integer({ minimum: 0 }),
  }),
);
export type PackCompletedPayload = Static<typeof PackCompleted.schema>;

/**
 * quests: a player finished a week of a playbook (once per user, playbook and week). pods keeps it
 * for each pod's playbook progress and writes the log entry in the player's pods that run the
 * playbook (decision 0041).
 */
export const PlaybookWeekCompleted = contract(
  'quests.playbook-week.completed.v1',
  Type.Object({
    ...Meta,
    playbookId: Type.String(),
    version: Type.Integer({ minimum: 1 }),
    title: Type.String(),
    week: Type.Integer({ minimum: 1 }),
    weeks: Type.Integer({ minimum: 1 }),
    completedAt: Type.String({ description: 'ISO 8601' }),
  }),
);
export type PlaybookWeekCompletedPayload = Static<typeof PlaybookWeekCompleted.schema>;

/**
 * quests: a pod's run of a playbook changed (decision 0041): a member started it for the pod
 * (`started`, `userId` is them), the pod's next week opened (`week_opened`), or the creator changed
 * who the pod waits for (`mode_changed`). The whole run each time, with a `revision` that only
 * grows: a consumer keeps the highest, so redelivery and reordering change nothing.
 */
export const PodPlaybookChanged = contract(
  'quests.pod-playbook.changed.v1',
  Type.Object({
    ...Meta,
    podId: Type.String({ format: 'uuid' }),
    playbookId: Type.String(),
    version: Type.Integer({ minimum: 1 }),
    title: Type.String(),
    weeks: Type.Integer({ minimum: 1 }),
    mode: Type.Union([Type.Literal('all'), Type.Literal('majority')]),
    openWeek: Type.Integer({ minimum: 1 }),
    startedBy: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
    startedAt: Type.String({ description: 'ISO 8601' }),
    revision: Type.Integer({ minimum: 1 }),
    reason: Type.Union([Type.Literal('started'), Type.Literal('week_opened'), Type.Literal('mode_changed')]),
  }),
  'podId',
);
export type PodPlaybookChangedPayload = Static<typeof PodPlaybookChanged.schema>;

/** quests: a player shared a playbook they finished to some of their pods (from the finish screen). */
export const PlaybookShared = contract(
  'quests.playbook.shared.v1',
  Type.Object({
    ...Meta,
    playbookId: Type.String(),
    version: Type.Integer({ minimum: 1 }),
    title: Type.String(),
    xpEarned: Type.Integer({ minimum: 0 }),
    podIds: Type.Array(Type.String({ format: 'uuid' }), { minItems: 1 }),
  }),
);
export type PlaybookSharedPayload = Static<typeof PlaybookShared.schema>;

/** quests: an award took the user to a higher level; `rewards` are those of every level passed. */
export const LevelReached = contract(
  'quests.level.reached.v1',
  Type.Object({
    ...Meta,
    level: Type.Integer({ minimum: 2 }),
    previousLevel: Type.Integer({ minimum: 1 }),
    totalXP: Type.Integer({ minimum: 0 }),
    rewards: Type.Array(LevelRewardSchema),
  }),
);
export type LevelReachedPayload = Static<typeof LevelReached.schema>;

/**
 * quests: the user completed a weekly challenge (once per user and weekly challenge; the 120 XP
 * come with quests.xp.awarded.v1 in the same transaction). `podIds` are the pods the user ticked.
 */
export const WeeklyCompleted = contract(
  'quests.weekly.completed.v1',
  Type.Object({
    ...Meta,
    weeklyChallengeId: Type.String({ format: 'uuid' }),
    challengeId: Type.String({ format: 'uuid' }),
    weekNumber: Type.Integer(),
    title: Type.String(),
    xpAwarded: Type.Integer({ minimum: 0 }),
    completedAt: Type.String({ description: 'ISO 8601' }),
    hasPhoto: Type.Boolean(),
    podIds: Type.Array(Type.String({ format: 'uuid' })),
    /** The note (proof text), trimmed; null or absent when none (absent in events from before it was added). */
    note: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    /** The proof photo's id in quests' photo storage; null or absent when none. */
    proofPhotoId: Type.Optional(Type.Union([Type.String({ format: 'uuid' }), Type.Null()])),
  }),
);
export type WeeklyCompletedPayload = Static<typeof WeeklyCompleted.schema>;

/** quests: the user's weekly streak changed (a completion in a new week, or the recomputation job). */
export const StreakUpdated = contract(
  'quests.streak.updated.v1',
  Type.Object({
    ...Meta,
    currentStreak: Type.Integer({ minimum: 0 }),
    previousStreak: Type.Integer({ minimum: 0 }),
    /** The Sunday (YYYY-MM-DD, user's zone) of the newest week with a completion, or null. */
    lastCompletedWeek: Type.Union([Type.String(), Type.Null()]),
  }),
);
export type StreakUpdatedPayload = Static<typeof StreakUpdated.schema>;

/**
 * quests: one of the user's to-dos was `added` (a sidequest accepted), `completed`, or `removed`
 * (deleted by the user). `dueAt` is when it expires (the daily reset removes it then without an
 * event). identity keeps open to-dos for the challenge reminder (decision 0042, issue 25).
 */
export const TodoChanged = contract(
  'quests.todo.changed.v1',
  Type.Object({
    ...Meta,
    todoId: Type.String({ format: 'uuid' }),
    change: Type.Union([Type.Literal('added'), Type.Literal('completed'), Type.Literal('removed')]),
    dueAt: Type.String({ description: 'ISO 8601' }),
  }),
);
export type TodoChangedPayload = Static<typeof TodoChanged.schema>;

/**
 * pods: the friendship between `userId` (who acted) and `otherUserId` changed. `friends` is the
 * state after the change; `version` grows with every change of any pair (changes of one pair are
 * serialised), so a consumer keeping friend ids ignores a version older than the one it holds.
 */
export const FriendshipChanged = contract(
  'pods.friendship.changed.v1',
  Type.Object({
    ...Meta,
    otherUserId: Type.String({ format: 'uuid' }),
    change: Type.Union([
      Type.Literal('requested'),
      Type.Literal('accepted'),
      Type.Literal('declined'),
      Type.Literal('cancelled'),
      Type.Literal('removed'),
      Type.Literal('blocked'),
    ]),
    friends: Type.Boolean(),
    version: Type.Integer({ minimum: 1 }),
  }),
);
export type FriendshipChangedPayload = Static<typeof FriendshipChanged.schema>;

/** pods: `userId` became a member of the pod (`via` created it, or joined with an invite code). */
export const MemberJoined = contract(
  'pods.member.joined.v1',
  Type.Object({
    ...Meta,
    podId: Type.String({ format: 'uuid' }),
    via: Type.Union([Type.Literal('created'), Type.Literal('invite')]),
    memberCount: Type.Integer({ minimum: 1 }),
    /** The pod's name when the member joined (absent in events from before it was added). */
    podName: Type.Optional(Type.String({ maxLength: 200 })),
  }),
);
export type MemberJoinedPayload = Static<typeof MemberJoined.schema>;

/**
 * pods: `userId` nudged `recipientId`, a member of `podId` who has not completed this week's
 * challenge yet (decision 0038). At most one per nudger and recipient per `day` (the recipient's
 * calendar day, YYYY-MM-DD in their zone). Notifications will deliver it.
 */
export const MemberNudged = contract(
  'pods.member.nudged.v1',
  Type.Object({
    ...Meta,
    podId: Type.String({ format: 'uuid' }),
    recipientId: Type.String({ format: 'uuid' }),
    day: Type.String({ description: 'YYYY-MM-DD' }),
  }),
);
export type MemberNudgedPayload = Static<typeof MemberNudged.schema>;

/**
 * pods: `userId` sent `recipientId` (a friend) chat message `messageId`, written through the outbox in
 * the same transaction as the message (decision 0026; notifications: decision 0056). No text and no
 * name: the body stays in pods (a notification, and its push through Apple's or a browser's push
 * service, says only who wrote); identity knows the sender's name itself.
 */
export const ChatMessageSent = contract(
  'pods.chat.message.sent.v1',
  Type.Object({
    ...Meta,
    messageId: Type.String({ format: 'uuid' }),
    recipientId: Type.String({ format: 'uuid' }),
  }),
);
export type ChatMessageSentPayload = Static<typeof ChatMessageSent.schema>;

/**
 * pods: `userId` read `friendId`'s messages to them up to `readAt` (`POST /chats/{friendId}/read`
 * when anything changed; same transaction). identity marks its chat notifications read (decision 0056).
 */
export const ChatRead = contract(
  'pods.chat.read.v1',
  Type.Object({
    ...Meta,
    friendId: Type.String({ format: 'uuid' }),
    readAt: Type.String({ description: 'ISO 8601' }),
  }),
);
export type ChatReadPayload = Static<typeof ChatRead.schema>;

/**
 * pods: `userId` commented on or reacted to `authorId`'s post (a pod log entry) in `podId`. Only
 * for a new comment or a reaction newly given, never on one's own post; notifications tell the author.
 */
export const PostInteraction = contract(
  'pods.post.interaction.v1',
  Type.Object({
    ...Meta,
    podId: Type.String({ format: 'uuid' }),
    entryId: Type.String({ format: 'uuid' }),
    authorId: Type.String({ format: 'uuid' }),
    kind: Type.Union([Type.Literal('comment'), Type.Literal('reaction')]),
  }),
);
export type PostInteractionPayload = Static<typeof PostInteraction.schema>;

/**
 * pods: the pod streak changed. `reason`: `completed` (every member counted that week completed
 * `weeklyChallengeId`; once per weekly challenge), `reset` (a week ended without it), `save_used`
 * (a banked save covered one member's missed week; the streak stays). `userId` is the member whose
 * completion raised it, or the pod's creator for a reset or a save. `week` is the Sunday (creator's zone).
 */
export const PodStreakUpdated = contract(
  'pods.pod.streak.updated.v1',
  Type.Object({
    ...Meta,
    podId: Type.String({ format: 'uuid' }),
    currentStreak: Type.Integer({ minimum: 0 }),
    previousStreak: Type.Integer({ minimum: 0 }),
    saves: Type.Integer({ minimum: 0 }),
    reason: Type.Union([Type.Literal('completed'), Type.Literal('reset'), Type.Literal('save_used')]),
    weeklyChallengeId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
    week: Type.String({ description: 'YYYY-MM-DD' }),
  }),
  'podId',
);
export type PodStreakUpdatedPayload = Static<typeof PodStreakUpdated.schema>;

/**
 * pods: `userId` stopped being a member of the pod: they left, the creator removed them, or the
 * creator deleted the pod (one event per member). A consumer keeping memberships lets the newest
 * `occurredAt` of a pair win over pods.member.joined.v1.
 */
export const MemberLeft = contract(
  'pods.member.left.v1',
  Type.Object({
    ...Meta,
    podId: Type.String({ format: 'uuid' }),
    reason: Type.Union([Type.Literal('left'), Type.Literal('removed'), Type.Literal('pod_deleted')]),
  }),
);
export type MemberLeftPayload = Static<typeof MemberLeft.schema>;

/**
 * pods: `userId` (the blocker) blocked `otherUserId` (`blocked: true`) or lifted that block
 * (`blocked: false`). A block by the other user is an event of its own. `version` comes from the
 * sequence of pods.friendship.changed.v1 (a pair's changes are serialised), so a consumer ignores a
 * version older than the one it holds for the pair (decisions 0035, 0037).
 */
export const BlockChanged = contract(
  'pods.block.changed.v1',
  Type.Object({
    ...Meta,
    otherUserId: Type.String({ format: 'uuid' }),
    blocked: Type.Boolean(),
    version: Type.Integer({ minimum: 1 }),
  }),
);
export type BlockChangedPayload = Static<typeof BlockChanged.schema>;

export const Events = {
  UserRegistered,
  ProfileUpdated,
  UserDeleted,
  SessionRevoked,
  EntitlementChanged,
  XpAwarded,
  LevelReached,
  WeeklyCompleted,
  StreakUpdated,
  TodoChanged,
  FriendshipChanged,
  MemberJoined,
  MemberNudged,
  PostInteraction,
  ChatMessageSent,
  ChatRead,
  MemberLeft,
  BlockChanged,
  PodStreakUpdated,
  PodPlaybookChanged,
} as const;

const keyFields = new Map<string, string>(Object.values(Events).map((c) => [c.subject, c.key]));

/** The payload field that orders events of `subject` (its contract's `key`; `userId` for a subject without one). */
export function eventKeyField(subject: string): string {
  return keyFields.get(subject) ?? 'userId';
}
