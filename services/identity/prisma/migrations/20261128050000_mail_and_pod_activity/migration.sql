-- Issue 25 part B (decisions 0043, 0055, 0056): e-mail per kind, one-click unsubscribe, pod activity, back-off.

-- The e-mail of each mailed kind can be turned off on its own (the one-click unsubscribe does it).
ALTER TABLE "notification_preferences"
    ADD COLUMN "email_weekly_announcements" BOOLEAN NOT NULL DEFAULT true,
    ADD COLUMN "email_pod_digest" BOOLEAN NOT NULL DEFAULT true;

-- The key unsubscribe links are signed with when UNSUBSCRIBE_SECRET is not set: made once, shared by
-- every replica (the first insert wins).
CREATE TABLE "mail_secret" (
    "id" SMALLINT NOT NULL DEFAULT 1,
    "secret" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mail_secret_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "mail_secret_one_row" CHECK ("id" = 1)
);

-- Each (user, mail kind, period) at most once: the row is claimed before the mail is sent.
CREATE TABLE "mail_delivery" (
    "user_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "mail_delivery_pkey" PRIMARY KEY ("user_id", "kind", "period"),
    CONSTRAINT "mail_delivery_kind_check" CHECK ("kind" IN ('weekly_announcement', 'pod_digest'))
);
ALTER TABLE "mail_delivery" ADD CONSTRAINT "mail_delivery_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Read model of pods.member.joined.v1 / pods.member.left.v1: the newest event of a pair wins.
CREATE TABLE "pod_membership" (
    "pod_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "member" BOOLEAN NOT NULL,
    "pod_name" TEXT,
    "changed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "pod_membership_pkey" PRIMARY KEY ("pod_id", "user_id")
);
CREATE INDEX "pod_membership_user_id_idx" ON "pod_membership"("user_id");

-- Pod activity batched into one centre item (decision 0056): the item, its pod and how many it holds.
CREATE TABLE "pod_activity_batch" (
    "notification_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "pod_id" UUID NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 1,
    "first_at" TIMESTAMPTZ(3) NOT NULL,
    "last_at" TIMESTAMPTZ(3) NOT NULL,
    "summary" TEXT NOT NULL,

    CONSTRAINT "pod_activity_batch_pkey" PRIMARY KEY ("notification_id")
);
ALTER TABLE "pod_activity_batch" ADD CONSTRAINT "pod_activity_batch_notification_id_fkey" FOREIGN KEY ("notification_id") REFERENCES "notification"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "pod_activity_batch_user_id_last_at_idx" ON "pod_activity_batch"("user_id", "last_at" DESC);
ALTER TABLE "pod_membership" ADD CONSTRAINT "pod_membership_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Read model of quests.todo.changed.v1 (issue 25 point 3): the challenge reminder also fires while a
-- to-do is open and not yet due; checked by the tick at send time. The newest change of a to-do wins.
CREATE TABLE "notify_todo" (
    "todo_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "open" BOOLEAN NOT NULL,
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "changed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "notify_todo_pkey" PRIMARY KEY ("todo_id")
);
ALTER TABLE "notify_todo" ADD CONSTRAINT "notify_todo_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "notify_todo_open_idx" ON "notify_todo"("user_id", "due_at") WHERE "open";

-- Read model of pods.block.changed.v1 (decision 0035): pod activity never tells someone about a
-- user hidden from them. The newest version of a pair wins.
CREATE TABLE "notify_block" (
    "blocker_id" UUID NOT NULL,
    "blocked_id" UUID NOT NULL,
    "blocked" BOOLEAN NOT NULL,
    "version" INTEGER NOT NULL,

    CONSTRAINT "notify_block_pkey" PRIMARY KEY ("blocker_id", "blocked_id")
);
CREATE INDEX "notify_block_blocked_id_idx" ON "notify_block"("blocked_id");
ALTER TABLE "notify_block" ADD CONSTRAINT "notify_block_blocker_id_fkey" FOREIGN KEY ("blocker_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "notify_block" ADD CONSTRAINT "notify_block_blocked_id_fkey" FOREIGN KEY ("blocked_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
