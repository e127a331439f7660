-- Read model of pods.friendship.changed.v1: one row per direction of a pair ("Friends doing this").
CREATE TABLE "quests"."friend_link" (
    "user_id" UUID NOT NULL,
    "friend_id" UUID NOT NULL,
    "friends" BOOLEAN NOT NULL,
    "version" INTEGER NOT NULL,
    CONSTRAINT "friend_link_pkey" PRIMARY KEY ("user_id", "friend_id")
);
CREATE INDEX "friend_link_friends_idx" ON "quests"."friend_link" ("user_id") WHERE "friends";
