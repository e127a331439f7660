-- Pod playbooks (issue 23 points 2 and 5, decision 0041).

-- The pod log was keyed by weekly challenge alone; an entry now has a kind: a weekly challenge
-- completed (as before), a playbook started for the pod, a playbook week finished, or a finished
-- playbook shared from its finish screen. Playbook entries name their playbook (and week), and are
-- written once per pod, member, kind, playbook and week whatever the redeliveries.
ALTER TABLE "pods"."pod_log"
    ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'weekly',
    ADD COLUMN "playbook_id" TEXT,
    ADD COLUMN "playbook_week" INTEGER,
    ADD CONSTRAINT "pod_log_kind_known" CHECK ("kind" IN ('weekly', 'playbook_started', 'playbook_week', 'playbook_share')),
    ADD CONSTRAINT "pod_log_playbook_with_kind" CHECK (("kind" = 'weekly') = ("playbook_id" IS NULL)),
    ADD CONSTRAINT "pod_log_week_with_kind" CHECK (("kind" = 'playbook_week') = ("playbook_week" IS NOT NULL));
CREATE UNIQUE INDEX "pod_log_playbook_once" ON "pods"."pod_log" ("pod_id", "user_id", "kind", "playbook_id", (COALESCE("playbook_week", 0)))
    WHERE "playbook_id" IS NOT NULL;

-- Read model of quests.pod-playbook.changed.v1: the pod's runs (quests owns them and their week
-- gate); the highest revision wins. Goes with its pod.
CREATE TABLE "pods"."pod_playbook" (
    "pod_id" UUID NOT NULL,
    "playbook_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "weeks" INTEGER NOT NULL,
    "mode" TEXT NOT NULL,
    "open_week" INTEGER NOT NULL,
    "started_by" UUID,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "revision" INTEGER NOT NULL,

    CONSTRAINT "pod_playbook_pkey" PRIMARY KEY ("pod_id", "playbook_id"),
    CONSTRAINT "pod_playbook_pod_fkey" FOREIGN KEY ("pod_id") REFERENCES "pods"."pod"("id") ON DELETE CASCADE
);
CREATE INDEX "pod_playbook_playbook_id_idx" ON "pods"."pod_playbook" ("playbook_id");

-- Read model of quests.playbook-week.completed.v1: every week a user finished, whatever their pods
-- (someone who joins a pod later shows their progress at once). Leaving a pod keeps it.
CREATE TABLE "pods"."playbook_week" (
    "user_id" UUID NOT NULL,
    "playbook_id" TEXT NOT NULL,
    "week" INTEGER NOT NULL,
    "completed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "playbook_week_pkey" PRIMARY KEY ("user_id", "playbook_id", "week")
);
