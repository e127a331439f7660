-- The guided start a user has been through, kept on the server so it stays done on every device:
-- the post-sign-up intro (the spec's has_completed_onboarding) and the tutorials seen.
ALTER TABLE "user" ADD COLUMN "onboarding_completed_at" TIMESTAMPTZ(3),
ADD COLUMN "tutorials_seen" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];
ALTER TABLE "user" ADD CONSTRAINT "user_tutorials_seen_known"
  CHECK ("tutorials_seen" <@ ARRAY['home', 'challenges']::TEXT[]);
