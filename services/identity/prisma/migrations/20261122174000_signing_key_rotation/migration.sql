-- AlterTable: existing rows hold plain PEM (or the empty private part of a configured key).
ALTER TABLE "signing_key" ADD COLUMN "encryption" TEXT NOT NULL DEFAULT 'none',
ADD COLUMN "retired_at" TIMESTAMPTZ(3);

ALTER TABLE "signing_key" ADD CONSTRAINT "signing_key_encryption_check"
    CHECK ("encryption" IN ('none', 'aes-256-gcm'));

-- Before this migration every generated key but the newest was already unused for signing: they
-- retire now (published for the overlap), and their private parts go, as on every retirement.
UPDATE "signing_key" SET "retired_at" = CURRENT_TIMESTAMP, "private_pem" = ''
WHERE "private_pem" <> ''
  AND "created_at" < (SELECT max("created_at") FROM "signing_key" WHERE "private_pem" <> '');

-- One current key: at most one active row with a private part, whatever the callers do.
CREATE UNIQUE INDEX "signing_key_one_current" ON "signing_key" (("retired_at" IS NULL))
WHERE "retired_at" IS NULL AND "private_pem" <> '';
