import { Type, type Static } from 'typebox';
import { UserSchema } from './identity';
import { NotificationPreferencesSchema, NotificationSchema } from './notifications';
import { PodSummarySchema } from './pods';
import { PushDeviceSchema } from './push';
import { SingleLine } from './text';

/**
 * "Your data": each service answers `GET /api/<service>/me/export` with what it holds about the
 * signed-in user; the settings page gathers the four answers into one JSON file.
 */
const Iso = Type.String({ description: 'ISO 8601' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const IdentityExportSchema = Type.Object({
  service: Type.Literal('identity'),
  account: UserSchema,
  sessions: Type.Array(Type.Object({ startedAt: Iso, expiresAt: Iso, endedAt: Nullable(Iso) })),
  /** Issue 25: the saved notification preferences (null: never saved, the defaults apply) and the centre's items. */
  notificationPreferences: Nullable(NotificationPreferencesSchema),
  notifications: Type.Array(NotificationSchema),
  /** Issue 25: the devices that receive pushes (browsers, iPhones), without their keys. */
  pushDevices: Type.Array(PushDeviceSchema),
});
export type IdentityExport = Static<typeof IdentityExportSchema>;

export const QuestsExportPhotoSchema = Type.Object({
  id: Type.String(),
  contentType: Type.String(),
  bytes: Type.Integer(),
  width: Type.Integer(),
  height: Type.Integer(),
  uploadedAt: Iso,
  url: Type.String(),
  urlExpiresAt: Iso,
});
export type QuestsExportPhoto = Static<typeof QuestsExportPhotoSchema>;

export const QuestsExportSchema = Type.Object({
  service: Type.Literal('quests'),
  player: Nullable(
    Type.Object({
      name: Type.String(),
      username: Nullable(Type.String()),
      totalXp: Type.Integer(),
      createdAt: Iso,
      timeZone: Type.Optional(Type.String()),
    }),
  ),
  /** Every to-do still held, with its proof. */
  todos: Type.Optional(
    Type.Array(
      Type.Object({
        title: Type.String(),
        status: Type.String(),
        xpReward: Type.Integer(),
        createdAt: Iso,
        completedAt: Nullable(Iso),
        proofText: Nullable(Type.String()),
      }),
    ),
  ),
  /** Every XP award (the ledger). */
  xpAwards: Type.Optional(
    Type.Array(
      Type.Object({ sourceKey: Type.String(), reason: Type.String(), amount: Type.Integer(), awardedAt: Iso }),
    ),
  ),
  /** Every weekly challenge accepted or completed, with its proof. */
  weeklyChallenges: Type.Optional(
    Type.Array(
      Type.Object({
        title: Type.String(),
        weekNumber: Type.Integer(),
        acceptedAt: Nullable(Iso),
        completedAt: Nullable(Iso),
        reflection: Nullable(Type.String()),
        proofText: Nullable(Type.String()),
        proofPhotoId: Nullable(Type.String()),
      }),
    ),
  ),
  /** Every playbook started, on the version started, with every step done: answers, reflections, proof. */
  playbooks: Type.Optional(
    Type.Array(
      Type.Object({
        playbookId: Type.String(),
        version: Type.Integer(),
        startedAt: Iso,
        completedAt: Nullable(Iso),
        xpEarned: Type.Integer(),
        steps: Type.Array(
          Type.Object({
            stepId: Type.String(),
            kind: Type.String(),
            xp: Type.Integer(),
            completedAt: Iso,
            answers: Nullable(Type.Array(Type.Integer())),
            reflection: Nullable(Type.String()),
            proofText: Nullable(Type.String()),
            proofPhotoId: Nullable(Type.String()),
          }),
        ),
      }),
    ),
  ),
  /** Every challenge pack added, with the dares done (issue 24). */
  packs: Type.Optional(
    Type.Array(
      Type.Object({
        packId: Type.String(),
        addedAt: Iso,
        completedAt: Nullable(Iso),
        daresDone: Type.Array(Type.Object({ title: Type.String(), doneAt: Iso })),
      }),
    ),
  ),
  /** Every badge earned. */
  badges: Type.Optional(Type.Array(Type.Object({ badgeId: Type.String(), awardedAt: Iso }))),
  /** Whether assessment results shape the deck and its recommendations (on unless turned off). */
  deckShaping: Type.Optional(Type.Object({ enabled: Type.Boolean(), updatedAt: Nullable(Iso) })),
  /** The pod playbook runs this user started for a pod (decision 0041). */
  podPlaybooks: Type.Optional(
    Type.Array(
      Type.Object({
        podId: Type.String(),
        playbookId: Type.String(),
        version: Type.Integer(),
        mode: Type.String(),
        openWeek: Type.Integer(),
        startedAt: Iso,
      }),
    ),
  ),
  /**
   * Assessments (issue 24): every finished take with its raw answers and scores, answers saved but not
   * submitted, the ratings the user gave friends, and what friends' ratings of the user add up to
   * (averages only, from three ratings up; never who rated).
   */
  assessments: Type.Optional(
    Type.Object({
      results: Type.Array(
        Type.Object({
          assessmentId: Type.String(),
          assessmentVersion: Type.Integer(),
          scoringVersion: Type.Integer(),
          completedAt: Iso,
          answers: Type.Record(Type.String(), Type.Integer()),
          scores: Type.Record(Type.String(), Type.Integer()),
        }),
      ),
      inProgress: Type.Array(
        Type.Object({
          assessmentId: Type.String(),
          assessmentVersion: Type.Integer(),
          updatedAt: Iso,
          answers: Type.Record(Type.String(), Type.Integer()),
        }),
      ),
      ratingsGiven: Type.Array(
        Type.Object({
          assessmentId: Type.String(),
          friendId: Type.String(),
          invitedAt: Iso,
          ratedAt: Nullable(Iso),
          answers: Nullable(Type.Record(Type.String(), Type.Integer())),
        }),
      ),
      ratingsReceived: Type.Array(
        Type.Object({
          assessmentId: Type.String(),
          ratings: Type.Integer(),
          averages: Type.Record(Type.String(), Type.Integer()),
        }),
      ),
    }),
  ),
  /** Every photo kept (re-encoded, without metadata), with a short-lived link to download it. */
  photos: Type.Optional(Type.Array(QuestsExportPhotoSchema)),
  /** Every sidequest card accepted or skipped, per local date (what keeps the deck fresh). */
  swipes: Type.Optional(
    Type.Array(
      Type.Object({
        date: Type.String({ description: 'YYYY-MM-DD, the local date' }),
        title: Type.String(),
        verdict: Type.Union([Type.Literal('accepted'), Type.Literal('skipped')]),
        seenAt: Iso,
      }),
    ),
  ),
});
export type QuestsExport = Static<typeof QuestsExportSchema>;

export const PodsExportSchema = Type.Object({
  service: Type.Literal('pods'),
  pods: Type.Array(
    Type.Object({ ...PodSummarySchema.properties, createdByYou: Type.Boolean(), joinedAt: Nullable(Iso) }),
  ),
  /** Every chat message the user sent or received, oldest first (`withUserId`: the other participant). */
  chatMessages: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.String(),
        withUserId: Type.String(),
        direction: Type.Union([Type.Literal('sent'), Type.Literal('received')]),
        body: Type.String(),
        createdAt: Iso,
        readAt: Nullable(Iso),
      }),
    ),
  ),
  /** Friendships and requests either way (`requestedByYou`: who asked). */
  friendships: Type.Optional(
    Type.Array(
      Type.Object({
        withUserId: Type.String(),
        status: Type.String(),
        requestedByYou: Type.Boolean(),
        createdAt: Iso,
        acceptedAt: Nullable(Iso),
      }),
    ),
  ),
  /** The users this user blocked (who blocked them is theirs to know, not this user's). */
  blocks: Type.Optional(Type.Array(Type.Object({ blockedUserId: Type.String(), createdAt: Iso }))),
  /** The reports this user filed, with their review status. */
  reports: Type.Optional(
    Type.Array(
      Type.Object({
        kind: Type.String(),
        targetId: Type.String(),
        reason: Type.String(),
        details: Nullable(Type.String()),
        status: Type.String(),
        createdAt: Iso,
      }),
    ),
  ),
  /** Weeks of playbooks this user finished, as pods keeps them for their pods' playbook progress. */
  playbookWeeks: Type.Optional(
    Type.Array(Type.Object({ playbookId: Type.String(), week: Type.Integer(), completedAt: Iso })),
  ),
  /** What this user posted to pod logs. */
  podLogEntries: Type.Optional(
    Type.Array(
      Type.Object({
        podId: Type.String(),
        message: Type.String(),
        proofText: Nullable(Type.String()),
        hasPhoto: Type.Boolean(),
        createdAt: Iso,
      }),
    ),
  ),
  /** The reactions this user gave to pod log entries (decision 0038). */
  podReactions: Type.Optional(
    Type.Array(Type.Object({ podId: Type.String(), entryId: Type.String(), kind: Type.String(), createdAt: Iso })),
  ),
  /** The comments this user wrote on pod log entries. */
  podComments: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.String(),
        podId: Type.String(),
        entryId: Type.String(),
        body: Type.String(),
        createdAt: Iso,
      }),
    ),
  ),
  /** Nudges this user sent or received (`withUserId`: the other member; `day`: the recipient's day). */
  nudges: Type.Optional(
    Type.Array(
      Type.Object({
        podId: Type.String(),
        withUserId: Type.String(),
        direction: Type.Union([Type.Literal('sent'), Type.Literal('received')]),
        day: Type.String(),
        createdAt: Iso,
      }),
    ),
  ),
});
export type PodsExport = Static<typeof PodsExportSchema>;

export const BillingExportSchema = Type.Object({
  service: Type.Literal('billing'),
  entitlement: Nullable(
    Type.Object({
      isActive: Type.Boolean(),
      source: Type.String(),
      productId: Nullable(Type.String()),
      expirationDate: Nullable(Iso),
      willRenew: Type.Boolean(),
    }),
  ),
  subscriptions: Type.Array(
    Type.Object({
      source: Type.String(),
      productId: Nullable(Type.String()),
      status: Type.String(),
      accessUntil: Nullable(Iso),
      willRenew: Type.Boolean(),
      createdAt: Iso,
    }),
  ),
});
export type BillingExport = Static<typeof BillingExportSchema>;

/** Deleting the account: the password again, so a borrowed unlocked phone cannot do it. */
export const DeleteAccountBodySchema = Type.Object({ password: SingleLine(128) }, { additionalProperties: false });
export type DeleteAccountBody = Static<typeof DeleteAccountBodySchema>;
