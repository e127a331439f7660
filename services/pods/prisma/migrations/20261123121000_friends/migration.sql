-- Friendships and requests: one row per pair (user_low < user_high), so two requests can never
-- cross; status pending (requested_by asked) or accepted.
CREATE TABLE "friendship" (
    "user_low" UUID NOT NULL,
    "user_high" UUID NOT NULL,
    "requested_by" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "accepted_at" TIMESTAMPTZ(3),

    CONSTRAINT "friendship_pkey" PRIMARY KEY ("user_low", "user_high"),
    CONSTRAINT "friendship_pair_ordered" CHECK ("user_low" < "user_high"),
    CONSTRAINT "friendship_status_known" CHECK ("status" IN ('pending', 'accepted')),
    CONSTRAINT "friendship_requester_in_pair" CHECK ("requested_by" IN ("user_low", "user_high"))
);
CREATE INDEX "friendship_user_high_idx" ON "friendship" ("user_high");

-- blocker_id blocked blocked_id: each is hidden from the other and no request passes either way.
CREATE TABLE "user_block" (
    "blocker_id" UUID NOT NULL,
    "blocked_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_block_pkey" PRIMARY KEY ("blocker_id", "blocked_id")
);
CREATE INDEX "user_block_blocked_id_idx" ON "user_block" ("blocked_id");

-- The version of pods.friendship.changed.v1 (grows across all pairs).
CREATE SEQUENCE "friendship_event_version";

-- Whether `other` is hidden from `viewer`: a block either way. (Reports extend this later.)
CREATE FUNCTION "is_hidden"(viewer UUID, other UUID) RETURNS BOOLEAN LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM "pods"."user_block" b
    WHERE (b.blocker_id = viewer AND b.blocked_id = other) OR (b.blocker_id = other AND b.blocked_id = viewer)
  )
$$;
