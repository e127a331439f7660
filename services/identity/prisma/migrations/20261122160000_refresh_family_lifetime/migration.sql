-- A session family ends at a fixed time after sign-in, however often it rotates.
ALTER TABLE "refresh_token" ADD COLUMN "family_expires_at" TIMESTAMPTZ(3);
UPDATE "refresh_token" SET "family_expires_at" = "created_at" + interval '90 days';
ALTER TABLE "refresh_token" ALTER COLUMN "family_expires_at" SET NOT NULL;
