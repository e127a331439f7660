-- Pod streak, shared weekly completions and live updates (decision 0024).

-- The creator's time zone decides the pod's week (identity's profile events carry it).
ALTER TABLE "pods"."profile" ADD COLUMN "time_zone" TEXT;

-- Read model of quests.weekly.completed.v1: who completed which weekly challenge, and when.
CREATE TABLE "pods"."weekly_completion" (
    "user_id" UUID NOT NULL,
    "weekly_challenge_id" UUID NOT NULL,
    "completed_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "weekly_completion_pkey" PRIMARY KEY ("user_id", "weekly_challenge_id")
);
CREATE INDEX "weekly_completion_completed_at_idx" ON "pods"."weekly_completion" ("user_id", "completed_at");

-- The Sunday (creator's zone) of the newest week the pod completed or a save covered, and the banked saves.
ALTER TABLE "pods"."pod" ADD COLUMN "last_streak_week" DATE;
ALTER TABLE "pods"."pod" ADD COLUMN "streak_saves" INTEGER NOT NULL DEFAULT 0;

-- One shared entry per pod, user and weekly challenge, whatever the redelivery.
CREATE UNIQUE INDEX "pod_log_weekly_once" ON "pods"."pod_log" ("pod_id", "user_id", "weekly_challenge_id")
  WHERE "weekly_challenge_id" IS NOT NULL;

-- Short-lived tickets for EventSource (which cannot send an Authorization header). Only a hash is kept.
CREATE TABLE "pods"."stream_ticket" (
    "ticket_hash" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "pod_id" UUID,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "stream_ticket_pkey" PRIMARY KEY ("ticket_hash")
);
CREATE INDEX "stream_ticket_expires_at_idx" ON "pods"."stream_ticket" ("expires_at");
