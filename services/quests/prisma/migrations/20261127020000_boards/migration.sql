-- Leaderboards that mean something (issue 22 point 4) and blocks on them (issue 21, decision 0037).

-- XP earned per calendar week (weeks as the weekly challenge numbers them: Sunday to Saturday in the
-- earner's zone at the award). Kept by the XP award in the same transaction as the total.
CREATE TABLE "weekly_xp" (
    "week_number" INTEGER NOT NULL,
    "user_id" UUID NOT NULL,
    "xp" INTEGER NOT NULL,
    CONSTRAINT "weekly_xp_pkey" PRIMARY KEY ("week_number", "user_id")
);
-- This week's top N straight off the index.
CREATE INDEX "weekly_xp_week_number_xp_user_id_idx" ON "weekly_xp"("week_number", "xp" DESC, "user_id");
CREATE INDEX "weekly_xp_user_id_idx" ON "weekly_xp"("user_id");

-- Players per weekly XP value: a weekly rank is 1 + the players above, summed over the distinct XP
-- values of the week (a few hundred) instead of counting players. Kept by a trigger, like xp_rank_count.
CREATE TABLE "weekly_xp_rank_count" (
    "week_number" INTEGER NOT NULL,
    "xp" INTEGER NOT NULL,
    "players" INTEGER NOT NULL,
    CONSTRAINT "weekly_xp_rank_count_pkey" PRIMARY KEY ("week_number", "xp")
);

CREATE FUNCTION "quests_weekly_xp_rank_count"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "weekly_xp_rank_count" SET "players" = "players" - 1
     WHERE "week_number" = OLD."week_number" AND "xp" = OLD."xp";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "weekly_xp_rank_count" ("week_number", "xp", "players") VALUES (NEW."week_number", NEW."xp", 1)
    ON CONFLICT ("week_number", "xp") DO UPDATE SET "players" = "weekly_xp_rank_count"."players" + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "weekly_xp_rank_count_insert_delete" AFTER INSERT OR DELETE ON "weekly_xp"
FOR EACH ROW EXECUTE FUNCTION "quests_weekly_xp_rank_count"();
CREATE TRIGGER "weekly_xp_rank_count_update" AFTER UPDATE OF "xp" ON "weekly_xp"
FOR EACH ROW WHEN (OLD."xp" IS DISTINCT FROM NEW."xp") EXECUTE FUNCTION "quests_weekly_xp_rank_count"();

-- Read model of pods.block.changed.v1: one row per blocker and blocked user; the newest version wins
-- (a lifted block keeps its row with blocked = false, so a late older event cannot bring it back).
CREATE TABLE "user_block" (
    "blocker_id" UUID NOT NULL,
    "blocked_id" UUID NOT NULL,
    "blocked" BOOLEAN NOT NULL,
    "version" INTEGER NOT NULL,
    CONSTRAINT "user_block_pkey" PRIMARY KEY ("blocker_id", "blocked_id")
);
CREATE INDEX "user_block_blocked_id_idx" ON "user_block"("blocked_id", "blocker_id") WHERE "blocked";

-- Read model of pods.member.joined.v1 / pods.member.left.v1: who is in which pod (the Pods board and
-- the weekly pod league). The newest event of a pair wins (changed_at = its occurredAt).
CREATE TABLE "pod_member" (
    "pod_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "member" BOOLEAN NOT NULL,
    "changed_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "pod_member_pkey" PRIMARY KEY ("pod_id", "user_id")
);
CREATE INDEX "pod_member_user_id_idx" ON "pod_member"("user_id") WHERE "member";
