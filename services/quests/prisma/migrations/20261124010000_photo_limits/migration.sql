-- Photo uploads per user per clock hour (POST /api/quests/me/photos): checked and counted in one
-- statement, so parallel uploads never pass the limit.
CREATE TABLE "quests"."photo_upload_window" (
    "user_id" UUID NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "uploads" INTEGER NOT NULL,
    CONSTRAINT "photo_upload_window_pkey" PRIMARY KEY ("user_id", "window_start")
);

-- The hourly sweep of photos never attached as proof looks at a bounded age range of uploads and
-- asks whether a to-do or a weekly completion refers to each.
CREATE INDEX "photo_created_at_idx" ON "quests"."photo" ("created_at");
CREATE INDEX "todo_proof_photo_id_idx" ON "quests"."todo" ("proof_photo_id") WHERE "proof_photo_id" IS NOT NULL;
CREATE INDEX "user_challenge_progress_proof_photo_id_idx" ON "quests"."user_challenge_progress" ("proof_photo_id") WHERE "proof_photo_id" IS NOT NULL;
