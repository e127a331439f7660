-- Assessments (issue 24, decision 0049). A take in progress: the answers given so far, pinned to the
-- version started, so the player resumes where they left; submitting scores it into
-- assessment_result and removes the draft.
CREATE TABLE "quests"."assessment_draft" (
    "user_id" UUID NOT NULL,
    "assessment_id" TEXT NOT NULL,
    "assessment_version" INTEGER NOT NULL,
    "answers" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "assessment_draft_pkey" PRIMARY KEY ("user_id", "assessment_id")
);

-- The friends' view: a friend (rater) asked by a player (ratee) to rate them on an assessment's items,
-- once per pair and assessment. The rater id stays on the server: the ratee only ever reads averages
-- over at least three answered rows. Erased with either account.
CREATE TABLE "quests"."assessment_rating" (
    "id" UUID NOT NULL,
    "ratee_id" UUID NOT NULL,
    "rater_id" UUID NOT NULL,
    "assessment_id" TEXT NOT NULL,
    "assessment_version" INTEGER NOT NULL,
    "invited_at" TIMESTAMPTZ(3) NOT NULL,
    "rated_at" TIMESTAMPTZ(3),
    "answers" JSONB,
    "scores" JSONB,

    CONSTRAINT "assessment_rating_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "assessment_rating_pair_key" ON "quests"."assessment_rating" ("ratee_id", "rater_id", "assessment_id");
CREATE INDEX "assessment_rating_rater_idx" ON "quests"."assessment_rating" ("rater_id", "invited_at" DESC);
