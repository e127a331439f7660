-- Pods: description, the spec's last_streak_challenge_id (pod streaks come later), and the
-- creator index the creation cap counts with.
ALTER TABLE "pod" ADD COLUMN "description" TEXT,
ADD COLUMN "last_streak_challenge_id" UUID,
ADD COLUMN "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
CREATE INDEX "pod_created_by_idx" ON "pod" ("created_by");

-- Invite codes: 144 random bits, base64url; revocable, optionally expiring.
CREATE TABLE "pod_invite" (
    "code" TEXT NOT NULL,
    "pod_id" UUID NOT NULL,
    "created_by" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "pod_invite_pkey" PRIMARY KEY ("code")
);
CREATE INDEX "pod_invite_pod_id_idx" ON "pod_invite" ("pod_id");
ALTER TABLE "pod_invite" ADD CONSTRAINT "pod_invite_pod_id_fkey" FOREIGN KEY ("pod_id") REFERENCES "pod"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The pod challenge log (spec §3): written from shared weekly completions (a later step); read now.
CREATE TABLE "pod_log" (
    "id" UUID NOT NULL,
    "pod_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "weekly_challenge_id" UUID,
    "message" TEXT NOT NULL,
    "proof_text" TEXT,
    "proof_photo_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pod_log_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "pod_log_pod_id_created_at_id_idx" ON "pod_log" ("pod_id", "created_at" DESC, "id" DESC);
CREATE INDEX "pod_log_user_id_idx" ON "pod_log" ("user_id");
ALTER TABLE "pod_log" ADD CONSTRAINT "pod_log_pod_id_fkey" FOREIGN KEY ("pod_id") REFERENCES "pod"("id") ON DELETE CASCADE ON UPDATE CASCADE;
