-- The two-way pod feed (issue 22 point 5, decision 0038): reactions and comments on log entries, nudges.

-- One row per (entry, member, kind): the primary key makes a reaction given twice, or by 50 racing
-- requests, one row. An entry's reactions go with it (and with its pod).
CREATE TABLE "pods"."pod_log_reaction" (
    "entry_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    CONSTRAINT "pod_log_reaction_pkey" PRIMARY KEY ("entry_id", "user_id", "kind"),
    CONSTRAINT "pod_log_reaction_entry_fkey" FOREIGN KEY ("entry_id") REFERENCES "pods"."pod_log"("id") ON DELETE CASCADE,
    CONSTRAINT "pod_log_reaction_kind_known" CHECK ("kind" IN ('fire', 'clap', 'muscle'))
);
CREATE INDEX "pod_log_reaction_user_idx" ON "pods"."pod_log_reaction" ("user_id");

-- Comments: one line of 1–280 characters; created_at from clock_timestamp() so the per-author rate
-- limit (counted under an advisory lock) sees real times.
CREATE TABLE "pods"."pod_log_comment" (
    "id" UUID NOT NULL,
    "entry_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT clock_timestamp(),
    CONSTRAINT "pod_log_comment_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "pod_log_comment_entry_fkey" FOREIGN KEY ("entry_id") REFERENCES "pods"."pod_log"("id") ON DELETE CASCADE,
    CONSTRAINT "pod_log_comment_body_length" CHECK (char_length("body") BETWEEN 1 AND 280)
);
CREATE INDEX "pod_log_comment_entry_created_at_idx" ON "pods"."pod_log_comment" ("entry_id", "created_at", "id");
CREATE INDEX "pod_log_comment_user_created_at_idx" ON "pods"."pod_log_comment" ("user_id", "created_at");

-- Nudges: at most one per nudger and recipient per day (the recipient's calendar day), enforced by
-- the unique index whatever the number of racing requests.
CREATE TABLE "pods"."pod_nudge" (
    "id" UUID NOT NULL,
    "pod_id" UUID NOT NULL,
    "nudger_id" UUID NOT NULL,
    "recipient_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    CONSTRAINT "pod_nudge_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "pod_nudge_pod_fkey" FOREIGN KEY ("pod_id") REFERENCES "pods"."pod"("id") ON DELETE CASCADE,
    CONSTRAINT "pod_nudge_not_self" CHECK ("nudger_id" <> "recipient_id")
);
CREATE UNIQUE INDEX "pod_nudge_once_a_day" ON "pods"."pod_nudge" ("nudger_id", "recipient_id", "day");
CREATE INDEX "pod_nudge_recipient_day_idx" ON "pods"."pod_nudge" ("recipient_id", "day");
