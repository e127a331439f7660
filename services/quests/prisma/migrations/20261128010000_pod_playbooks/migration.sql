-- Pod playbooks (issue 23 point 5, decision 0041): a pod runs a playbook together. quests owns the
-- run because the week gate is checked where the steps are completed, in the same transaction.

-- One run per pod and playbook. open_week only grows (under the row's lock); revision numbers the
-- run's changes for quests.pod-playbook.changed.v1 (consumers keep the highest).
CREATE TABLE "quests"."pod_playbook" (
    "pod_id" UUID NOT NULL,
    "playbook_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "mode" TEXT NOT NULL DEFAULT 'all',
    "open_week" INTEGER NOT NULL DEFAULT 1,
    "started_by" UUID,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "pod_playbook_pkey" PRIMARY KEY ("pod_id", "playbook_id"),
    CONSTRAINT "pod_playbook_mode_known" CHECK ("mode" IN ('all', 'majority')),
    CONSTRAINT "pod_playbook_open_week_positive" CHECK ("open_week" >= 1)
);
CREATE INDEX "pod_playbook_playbook_id_idx" ON "quests"."pod_playbook" ("playbook_id");

-- Read model of pods.member.joined.v1 with via = created: who created each pod (only they choose
-- "majority").
CREATE TABLE "quests"."pod_creator" (
    "pod_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,

    CONSTRAINT "pod_creator_pkey" PRIMARY KEY ("pod_id")
);
CREATE INDEX "pod_creator_user_id_idx" ON "quests"."pod_creator" ("user_id");
