-- Issue 25: notification preferences (spec §3, one row per user once saved) and the in-app centre.
CREATE TABLE "notification_preferences" (
    "user_id" UUID NOT NULL,
    "challenge_reminders" BOOLEAN NOT NULL,
    "weekly_announcements" BOOLEAN NOT NULL,
    "streak_reminders" BOOLEAN NOT NULL,
    "pod_activities" BOOLEAN NOT NULL,
    "preferred_time" TEXT NOT NULL,
    "time_zone" TEXT NOT NULL,
    "quiet_hours_enabled" BOOLEAN NOT NULL,
    "quiet_hours_start" TEXT NOT NULL,
    "quiet_hours_end" TEXT NOT NULL,
    "channel_in_app" BOOLEAN NOT NULL,
    "channel_push" BOOLEAN NOT NULL,
    "channel_email" BOOLEAN NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "notification_preferences_pkey" PRIMARY KEY ("user_id"),
    CONSTRAINT "notification_preferences_times_check" CHECK (
        "preferred_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
        AND "quiet_hours_start" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
        AND "quiet_hours_end" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
    )
);

ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "notification" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "route" TEXT NOT NULL,
    -- (user, kind, dedupe_key) at most once: a redelivered event or a second replica adds nothing.
    "dedupe_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "read_at" TIMESTAMPTZ(3),

    CONSTRAINT "notification_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "notification_kind_check" CHECK ("kind" IN ('challenge_reminder', 'streak_at_risk', 'weekly_announcement', 'pod_activity', 'friend_request', 'friend_accepted'))
);

ALTER TABLE "notification" ADD CONSTRAINT "notification_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "notification_user_id_created_at_id_idx" ON "notification"("user_id", "created_at" DESC, "id" DESC);
CREATE INDEX "notification_unread_idx" ON "notification"("user_id") WHERE "read_at" IS NULL;
CREATE UNIQUE INDEX "notification_user_id_kind_dedupe_key_key" ON "notification"("user_id", "kind", "dedupe_key");

-- What quests told identity the user did (decision 0042): the reminders are checked against it at send time.
CREATE TABLE "notify_progress" (
    "user_id" UUID NOT NULL,
    "weekly_completed_week" INTEGER,
    "current_streak" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notify_progress_pkey" PRIMARY KEY ("user_id")
);

ALTER TABLE "notify_progress" ADD CONSTRAINT "notify_progress_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The tick reads what it sent lately (skip and cap) by time.
CREATE INDEX "notification_scheduled_created_at_idx" ON "notification"("created_at") WHERE "kind" IN ('challenge_reminder', 'streak_at_risk', 'weekly_announcement');
