-- Issue 22 / decision 0036: the cards each user accepted or skipped, per local day. The accept and
-- skip statements insert here in the same statement that counts the swipe; the primary key refuses
-- a second swipe of one card on one day (the whole statement, count included, is undone).
CREATE TABLE "sidequest_seen" (
    "user_id" UUID NOT NULL,
    "date" DATE NOT NULL,
    "sidequest_id" UUID NOT NULL,
    "verdict" TEXT NOT NULL,
    "seen_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "sidequest_seen_pkey" PRIMARY KEY ("user_id", "date", "sidequest_id"),
    CONSTRAINT "sidequest_seen_verdict" CHECK ("verdict" IN ('accepted', 'skipped'))
);

-- The kind of card (libs/domain SIDEQUEST_CATEGORIES); filled for the seeded cards by the next
-- migration, then required.
ALTER TABLE "sidequest" ADD COLUMN "category" TEXT;
