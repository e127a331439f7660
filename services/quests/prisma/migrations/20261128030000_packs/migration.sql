-- Challenge packs and a deck shaped by assessment results (issue 24, decisions 0051 and 0052).
-- A pack's dares are ordinary daily sidequest rows (with pack_id and their place in the pack), so
-- accepting one goes through the same counting statement and daily limits as any card. quests fills
-- them from content/packs at start, and the catalogue's tags from its categories (libs/domain).
ALTER TABLE "quests"."sidequest" ADD COLUMN "tags" TEXT[] NOT NULL DEFAULT '{}';
ALTER TABLE "quests"."sidequest" ADD COLUMN "pack_id" TEXT;
ALTER TABLE "quests"."sidequest" ADD COLUMN "pack_position" INTEGER;
CREATE INDEX "sidequest_pack_idx" ON "quests"."sidequest" ("pack_id", "pack_position");

-- A pack a player added to their deck; completed_at once every dare is done (set once, under this row's lock).
CREATE TABLE "quests"."player_pack" (
    "user_id" UUID NOT NULL,
    "pack_id" TEXT NOT NULL,
    "added_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "player_pack_pkey" PRIMARY KEY ("user_id", "pack_id")
);

-- A dare of an added pack the player completed (through its to-do).
CREATE TABLE "quests"."pack_dare_done" (
    "user_id" UUID NOT NULL,
    "sidequest_id" UUID NOT NULL,
    "pack_id" TEXT NOT NULL,
    "done_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "pack_dare_done_pkey" PRIMARY KEY ("user_id", "sidequest_id")
);
CREATE INDEX "pack_dare_done_pack_idx" ON "quests"."pack_dare_done" ("user_id", "pack_id");

-- Badges a player earned, once each (e.g. pack:morning-reset).
CREATE TABLE "quests"."player_badge" (
    "user_id" UUID NOT NULL,
    "badge_id" TEXT NOT NULL,
    "awarded_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "player_badge_pkey" PRIMARY KEY ("user_id", "badge_id")
);

-- The player's choice whether assessment results shape their deck (no row: on).
CREATE TABLE "quests"."deck_setting" (
    "user_id" UUID NOT NULL,
    "results_shape_deck" BOOLEAN NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "deck_setting_pkey" PRIMARY KEY ("user_id")
);

-- The Pro hub's "Pro since": when the current stretch of Pro began, from billing's events.
ALTER TABLE "quests"."entitlement" ADD COLUMN "pro_since" TIMESTAMPTZ(3);
UPDATE "quests"."entitlement" SET "pro_since" = "updated_at" WHERE "is_active";
