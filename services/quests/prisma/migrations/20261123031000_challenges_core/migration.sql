-- Challenges core (issue 8): profile read model, Pro read model, sidequests, daily usage, to-dos,
-- the XP ledger and the leaderboard's rank counts.

-- Profile read model (identity's events): what the leaderboard shows, and the zone the user's day runs in.
ALTER TABLE "player" ADD COLUMN "time_zone" TEXT NOT NULL DEFAULT 'UTC',
ADD COLUMN "photo_url" TEXT,
ADD COLUMN "avatar_config" JSONB,
ADD COLUMN "profile_at" TIMESTAMPTZ(3);

-- Top N in XP order with a stable tie-break, read straight off the index.
DROP INDEX IF EXISTS "player_total_xp_idx";
CREATE INDEX "player_total_xp_user_id_idx" ON "player"("total_xp" DESC, "user_id");

-- Players per total XP: a rank is 1 + the players above, summed over a few thousand rows instead of
-- counting up to a million. Kept by a trigger, so no write path can forget it.
CREATE TABLE "xp_rank_count" (
    "total_xp" INTEGER NOT NULL,
    "players" INTEGER NOT NULL,
    CONSTRAINT "xp_rank_count_pkey" PRIMARY KEY ("total_xp")
);

-- SET search_path FROM CURRENT: the function finds xp_rank_count in this schema whoever calls it.
CREATE FUNCTION "quests_player_rank_count"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "xp_rank_count" SET "players" = "players" - 1 WHERE "total_xp" = OLD."total_xp";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "xp_rank_count" ("total_xp", "players") VALUES (NEW."total_xp", 1)
    ON CONFLICT ("total_xp") DO UPDATE SET "players" = "xp_rank_count"."players" + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "player_rank_count_insert_delete" AFTER INSERT OR DELETE ON "player"
FOR EACH ROW EXECUTE FUNCTION "quests_player_rank_count"();
CREATE TRIGGER "player_rank_count_update" AFTER UPDATE OF "total_xp" ON "player"
FOR EACH ROW WHEN (OLD."total_xp" IS DISTINCT FROM NEW."total_xp") EXECUTE FUNCTION "quests_player_rank_count"();

INSERT INTO "xp_rank_count" ("total_xp", "players") SELECT "total_xp", count(*) FROM "player" GROUP BY "total_xp";

-- Pro read model (billing.entitlement.changed.v1): the newest version seen per user.
CREATE TABLE "entitlement" (
    "user_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "is_active" BOOLEAN NOT NULL,
    "expiration_date" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "entitlement_pkey" PRIMARY KEY ("user_id")
);

-- The swipe deck's cards.
CREATE TABLE "sidequest" (
    "id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "duration" TEXT NOT NULL,
    "xp" INTEGER NOT NULL,
    "bg_color" TEXT NOT NULL,
    "bg_color2" TEXT NOT NULL,
    "bg_color3" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "sidequest_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "sidequest_type" CHECK ("type" IN ('daily', 'weekend')),
    CONSTRAINT "sidequest_xp_positive" CHECK ("xp" > 0)
);
CREATE INDEX "sidequest_type_created_at_idx" ON "sidequest"("type", "created_at" DESC);

-- One row per user per local calendar date (spec §3 "Daily usage record").
CREATE TABLE "daily_usage" (
    "user_id" UUID NOT NULL,
    "date" DATE NOT NULL,
    "swipes_used" INTEGER NOT NULL DEFAULT 0,
    "skips_used" INTEGER NOT NULL DEFAULT 0,
    "weekend_swipes_used" INTEGER NOT NULL DEFAULT 0,
    "weekend_skips_used" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "daily_usage_pkey" PRIMARY KEY ("user_id", "date")
);

-- Accepted sidequests. created_date / completed_date are the user's local dates at the time.
CREATE TABLE "todo" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "sidequest_id" UUID,
    "type" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "xp_reward" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "created_date" DATE NOT NULL,
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "due_date" DATE NOT NULL,
    "completed_at" TIMESTAMPTZ(3),
    "completed_date" DATE,
    "proof_text" TEXT,
    "proof_photo_id" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "todo_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "todo_type" CHECK ("type" IN ('daily_sidequest', 'weekend_sidequest')),
    CONSTRAINT "todo_status" CHECK ("status" IN ('pending', 'in_progress', 'completed'))
);
CREATE INDEX "todo_user_id_created_date_idx" ON "todo"("user_id", "created_date");
CREATE INDEX "todo_user_id_completed_date_idx" ON "todo"("user_id", "completed_date") WHERE "completed_date" IS NOT NULL;
CREATE INDEX "todo_pending_due_date_idx" ON "todo"("due_date") WHERE "status" = 'pending';

-- Every XP award, once per source (todo:<id>, weekly:<id>, ...): the key makes a repeat a no-op.
CREATE TABLE "xp_ledger" (
    "source_key" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "amount" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "xp_ledger_pkey" PRIMARY KEY ("source_key"),
    CONSTRAINT "xp_ledger_amount_positive" CHECK ("amount" > 0)
);
CREATE INDEX "xp_ledger_user_id_idx" ON "xp_ledger"("user_id");

-- The daily to-do reset, once per time zone per local date.
CREATE TABLE "daily_reset" (
    "time_zone" TEXT NOT NULL,
    "local_date" DATE NOT NULL,
    "removed" INTEGER NOT NULL,
    "ran_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "daily_reset_pkey" PRIMARY KEY ("time_zone", "local_date")
);
CREATE INDEX "player_time_zone_idx" ON "player"("time_zone");
