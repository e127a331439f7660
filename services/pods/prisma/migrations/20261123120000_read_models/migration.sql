-- Read models pods keeps from other services' events (pods never reads their tables).

-- identity.user.registered.v1 / identity.profile.updated.v1: what others see of a user.
CREATE TABLE "profile" (
    "user_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "username" TEXT,
    "display_name" TEXT,
    "photo_url" TEXT,
    "avatar_config" JSONB,
    "profile_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "profile_pkey" PRIMARY KEY ("user_id")
);
-- Prefix search by username (LIKE 'abc%') uses this index whatever the database collation.
CREATE INDEX "profile_username_prefix_idx" ON "profile" ("username" text_pattern_ops);

-- billing.entitlement.changed.v1: newest version per user.
CREATE TABLE "entitlement" (
    "user_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "is_active" BOOLEAN NOT NULL,
    "expiration_date" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "entitlement_pkey" PRIMARY KEY ("user_id")
);

-- quests.level.reached.v1: the highest level seen (levels only rise).
CREATE TABLE "user_level" (
    "user_id" UUID NOT NULL,
    "level" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_level_pkey" PRIMARY KEY ("user_id")
);

-- identity.user.deleted.v1 tombstones: later events about the user change nothing.
CREATE TABLE "erased_user" (
    "user_id" UUID NOT NULL,
    "erased_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "erased_user_pkey" PRIMARY KEY ("user_id")
);
