-- Every account has a username from now on: accounts made before get a generated one.
UPDATE "user" SET "username" = 'vere_' || substr(replace("id"::text, '-', ''), 1, 12) WHERE "username" IS NULL;
ALTER TABLE "user" ALTER COLUMN "username" SET NOT NULL;

-- Usernames and e-mails are unique case-insensitively: the unique indexes hold only lower-case values.
ALTER TABLE "user" ADD CONSTRAINT "user_username_lower_case" CHECK ("username" = lower(btrim("username")));
ALTER TABLE "user" ADD CONSTRAINT "user_email_lower_case" CHECK ("email" = lower(btrim("email")));

-- Profile fields identity owns.
ALTER TABLE "user" ADD COLUMN "display_name" TEXT,
ADD COLUMN "bio" TEXT,
ADD COLUMN "photo_url" TEXT,
ADD COLUMN "avatar_config" JSONB;
