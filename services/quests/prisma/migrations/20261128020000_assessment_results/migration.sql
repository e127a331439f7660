-- Assessments (issue 24): one row per finished take, kept for the dashboard's history. The raw answers
-- and the scoring version are kept so a take can be rescored; `scores` maps each dimension key of the
-- assessment (libs/domain) to a score from 0 to 100. The deck and the recommendations read a
-- player's newest take per assessment. The content itself lives in files (services/quests/content).
CREATE TABLE "quests"."assessment_result" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "assessment_id" TEXT NOT NULL,
    "assessment_version" INTEGER NOT NULL,
    "scoring_version" INTEGER NOT NULL,
    "answers" JSONB NOT NULL,
    "scores" JSONB NOT NULL,
    "completed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "assessment_result_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "assessment_result_user_idx" ON "quests"."assessment_result" ("user_id", "assessment_id", "completed_at" DESC);
