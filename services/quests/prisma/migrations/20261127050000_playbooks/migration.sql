-- Playbooks (issue 23, decision 0040): a player's progress through a playbook, pinned to the version
-- they started, and every step they completed (once: the primary key), with its answers, reflection
-- or proof. The content itself lives in files (services/quests/content/playbooks), not here.
CREATE TABLE "quests"."playbook_progress" (
    "user_id" UUID NOT NULL,
    "playbook_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),
    "xp_earned" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "playbook_progress_pkey" PRIMARY KEY ("user_id", "playbook_id")
);

CREATE TABLE "quests"."playbook_step" (
    "user_id" UUID NOT NULL,
    "playbook_id" TEXT NOT NULL,
    "step_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "xp" INTEGER NOT NULL,
    "answers" INTEGER[],
    "correct" INTEGER,
    "reflection" TEXT,
    "proof_text" TEXT,
    "proof_photo_id" UUID,
    "completed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "playbook_step_pkey" PRIMARY KEY ("user_id", "playbook_id", "step_id"),
    CONSTRAINT "playbook_step_progress_fkey" FOREIGN KEY ("user_id", "playbook_id")
        REFERENCES "quests"."playbook_progress" ("user_id", "playbook_id") ON DELETE CASCADE
);

CREATE INDEX "playbook_step_proof_photo_id_idx" ON "quests"."playbook_step" ("proof_photo_id");
